# bandwidth-vars.gp - written by pinsweep for plots/bandwidth.gp (see src/plot_fig.c)
fig_title = 'zerocopy: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copy bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/zerocopy/figures'
log_y = 0
npanels = 2
nblocks = 18
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-d2h-overlay.dat'
array panel_first[2] = [1, 11]
array panel_nblocks[2] = [10, 8]
array panel_over_first[2] = [1, 6]
array panel_nover[2] = [5, 4]
array block_color[18] = ['mapped', 'mapped', 'registered', 'registered', 'registered-readonly', 'registered-readonly', 'registered-portable', 'registered-portable', 'registered-mapped', 'registered-mapped', 'mapped', 'mapped', 'registered', 'registered', 'registered-portable', 'registered-portable', 'registered-mapped', 'registered-mapped']
array block_line[18] = ['reuse', 'zerocopy', 'reuse', 'zerocopy', 'reuse', 'zerocopy', 'reuse', 'zerocopy', 'reuse', 'zerocopy', 'reuse', 'zerocopy', 'reuse', 'zerocopy', 'reuse', 'zerocopy', 'reuse', 'zerocopy']
array block_point[18] = ['async', 'zerocopy', 'async', 'zerocopy', 'async', 'zerocopy', 'async', 'zerocopy', 'async', 'zerocopy', 'async', 'zerocopy', 'async', 'zerocopy', 'async', 'zerocopy', 'async', 'zerocopy']
array over_color[9] = ['mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped', 'mapped', 'registered', 'registered-portable', 'registered-mapped']
array over_line[9] = ['fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit']
nhlines = 2
array hline_panel[2]
array hline_y[2]
array hline_color[2]
array hline_line[2]
array hline_where[2]
array hline_label[2]
hline_panel[1] = 1; hline_y[1] = 63.0154; hline_color[1] = 'link'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[2] = 2; hline_y[2] = 63.0154; hline_color[2] = 'link'; hline_line[2] = 'link'; hline_where[2] = 'right-above'; hline_label[2] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
nkeys = 10
key_cols = 2
key_rows = 5
key_max_chars = 29
array key_color[10] = ['mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped', 'mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped']
array key_line[10] = ['reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy']
array key_point[10] = ['async', 'async', 'async', 'async', 'async', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy']
array key_title[10] = ['mapped, async', 'registered, async', 'registered-readonly, async', 'registered-portable, async', 'registered-mapped, async', 'mapped, zerocopy', 'registered, zerocopy', 'registered-readonly, zerocopy', 'registered-portable, zerocopy', 'registered-mapped, zerocopy']
nnotes = 2
note_cols = 2
note_rows = 1
note_max_chars = 43
array note_color[2] = ['', '']
array note_line[2] = ['zerocopy', 'fit']
array note_point[2] = ['zerocopy', '']
array note_title[2] = ['zerocopy: a kernel accesses the host buffer', 'dotted: fit t0 + n/B']
x_min = 2925.7142857142858
x_max = 375809638.39999998
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
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
