# bandwidth-vars.gp - written by pinsweep for plots/bandwidth.gp (see src/plot_fig.c)
fig_title = 'small-transfers: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copy bandwidth (GB/s = 10⁹ B/s)'
out_dir = 'results/reference/h200-pcie5/small-transfers/figures'
log_y = 0
npanels = 2
nblocks = 8
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-d2h-overlay.dat'
array panel_first[2] = [1, 5]
array panel_nblocks[2] = [4, 4]
array panel_over_first[2] = [1, 6]
array panel_nover[2] = [5, 5]
array block_color[8] = ['pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned']
array block_line[8] = ['reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse']
array block_point[8] = ['sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async']
array over_color[10] = ['pageable', 'pageable', 'pinned', 'pinned', 'host', 'pageable', 'pageable', 'pinned', 'pinned', 'host']
array over_line[10] = ['fit', 'fit', 'fit', 'fit', 'ceiling', 'fit', 'fit', 'fit', 'fit', 'ceiling']
nhlines = 2
array hline_panel[2]
array hline_y[2]
array hline_color[2]
array hline_line[2]
array hline_where[2]
array hline_label[2]
hline_panel[1] = 1; hline_y[1] = 63.015384615384619; hline_color[1] = 'link'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[2] = 2; hline_y[2] = 63.015384615384619; hline_color[2] = 'link'; hline_line[2] = 'link'; hline_where[2] = 'right-above'; hline_label[2] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
nkeys = 4
key_cols = 2
key_rows = 2
key_max_chars = 15
array key_color[4] = ['pageable', 'pinned', 'pageable', 'pinned']
array key_line[4] = ['reuse', 'reuse', 'reuse', 'reuse']
array key_point[4] = ['sync', 'sync', 'async', 'async']
array key_title[4] = ['pageable, sync', 'pinned, sync', 'pageable, async', 'pinned, async']
nnotes = 2
note_cols = 2
note_rows = 1
note_max_chars = 67
array note_color[2] = ['', 'host']
array note_line[2] = ['fit', 'ceiling']
array note_point[2] = ['', '']
array note_title[2] = ['dotted: fit t0 + n/B', 'host memcpy via a 2 MiB staging buffer, 1 thread (pageable ceiling)']
x_min = 714.28571428571433
x_max = 89600000
y_min = 0
y_max = 70
y_tics = 'autofreq'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0; panel_y_max[1] = 70
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 70
panel_y_tics[2] = 'autofreq'
size_tics = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1)'
size_tics_wide = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1)'
size_tics_tex = '("" 1024 1, "" 2048 1, "4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1)'
