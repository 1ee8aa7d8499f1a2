# bandwidth-vars.gp - written by pinsweep for plots/bandwidth.gp (see src/plot_fig.c)
fig_title = 'full-sweep: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copy bandwidth (GB/s = 10⁹ B/s)'
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
log_y = 0
npanels = 3
nblocks = 70
array panel_title[3]
array panel_file[3]
array panel_over_file[3]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h-overlay.dat'
panel_title[3] = 'bidirectional (sum)'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-bidir.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-bidir-overlay.dat'
array panel_first[3] = [1, 29, 57]
array panel_nblocks[3] = [28, 28, 14]
array panel_over_first[3] = [1, 16, 31]
array panel_nover[3] = [15, 15, 0]
array block_color[70] = ['pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned', 'mallochost', 'mallochost', 'mallochost', 'mallochost', 'portable', 'portable', 'portable', 'portable', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'mapped', 'mapped', 'mapped', 'mapped', 'registered', 'registered', 'registered', 'registered', 'pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned', 'mallochost', 'mallochost', 'mallochost', 'mallochost', 'portable', 'portable', 'portable', 'portable', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'mapped', 'mapped', 'mapped', 'mapped', 'registered', 'registered', 'registered', 'registered', 'pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered']
array block_line[70] = ['reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate']
array block_point[70] = ['sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async']
array over_color[30] = ['pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'host', 'pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'host']
array over_line[30] = ['fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'ceiling', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'ceiling']
nhlines = 3
array hline_panel[3]
array hline_y[3]
array hline_color[3]
array hline_line[3]
array hline_where[3]
array hline_label[3]
hline_panel[1] = 1; hline_y[1] = 63.015384615384619; hline_color[1] = 'link'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[2] = 2; hline_y[2] = 63.015384615384619; hline_color[2] = 'link'; hline_line[2] = 'link'; hline_where[2] = 'right-above'; hline_label[2] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[3] = 3; hline_y[3] = 126.03076923076924; hline_color[3] = 'link'; hline_line[3] = 'link'; hline_where[3] = 'right-above'; hline_label[3] = 'PCIe Gen5 x16 raw, both directions: 126.03 GB/s'
nkeys = 28
key_cols = 4
key_rows = 7
key_max_chars = 33
array key_color[28] = ['pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array key_line[28] = ['reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate']
array key_point[28] = ['sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'async', 'async', 'async', 'async', 'async', 'async', 'async']
array key_title[28] = ['pageable, reuse, sync', 'pinned, reuse, sync', 'mallochost, reuse, sync', 'portable, reuse, sync', 'write-combined, reuse, sync', 'mapped, reuse, sync', 'registered, reuse, sync', 'pageable, reuse, async', 'pinned, reuse, async', 'mallochost, reuse, async', 'portable, reuse, async', 'write-combined, reuse, async', 'mapped, reuse, async', 'registered, reuse, async', 'pageable, reallocate, sync', 'pinned, reallocate, sync', 'mallochost, reallocate, sync', 'portable, reallocate, sync', 'write-combined, reallocate, sync', 'mapped, reallocate, sync', 'registered, reallocate, sync', 'pageable, reallocate, async', 'pinned, reallocate, async', 'mallochost, reallocate, async', 'portable, reallocate, async', 'write-combined, reallocate, async', 'mapped, reallocate, async', 'registered, reallocate, async']
nnotes = 2
note_cols = 2
note_rows = 1
note_max_chars = 67
array note_color[2] = ['', 'host']
array note_line[2] = ['fit', 'ceiling']
array note_point[2] = ['', '']
array note_title[2] = ['dotted: fit t0 + n/B', 'host memcpy via a 2 MiB staging buffer, 1 thread (pageable ceiling)']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0
y_max = 70
y_tics = 'autofreq'
array panel_y_min[3]
array panel_y_max[3]
array panel_y_tics[3]
panel_y_min[1] = 0; panel_y_max[1] = 70
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 70
panel_y_tics[2] = 'autofreq'
panel_y_min[3] = 0; panel_y_max[3] = 140
panel_y_tics[3] = 'autofreq'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
