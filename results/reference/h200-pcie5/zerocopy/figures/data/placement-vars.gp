# placement-vars.gp - written by pinsweep for plots/placement.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'zerocopy: zero-copy bandwidth by page size'
fig_detail = 'reuse, zerocopy'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'zero-copy kernel bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/zerocopy/figures'
log_y = 0
npanels = 2
nblocks = 4
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/zerocopy/figures/data/placement-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/zerocopy/figures/data/placement-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/zerocopy/figures/data/placement-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/zerocopy/figures/data/placement-d2h-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 3]
array panel_nblocks[2] = [2, 2]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_npoints[4] = [9, 9, 9, 9]
array block_minrun[4] = [9, 9, 9, 9]
array band_npoints[2] = [0, 0]
array block_color[4] = ['registered', 'registered', 'registered', 'registered']
array block_line[4] = ['default', 'thp', 'default', 'thp']
array block_point[4] = ['registered', 'registered', 'registered', 'registered']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 1
key_cols = 1
key_rows = 1
key_max_chars = 10
array key_color[1] = ['registered']
array key_line[1] = ['default']
array key_point[1] = ['registered']
array key_title[1] = ['registered']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 59
array note_color[4] = ['', '-', '', '-']
array note_line[4] = ['default', '', 'thp', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['default pages (4 KiB)', 'bars: 95 % prediction interval of another sample (n = 5–30)', 'thp: transparent huge pages', ' ']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0
y_max = 55
y_tics = 'autofreq'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0; panel_y_max[1] = 55
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 55
panel_y_tics[2] = 'autofreq'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
