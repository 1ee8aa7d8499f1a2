# bandwidth-vars.gp - written by pinsweep for plots/bandwidth.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'zerocopy: copy and zero-copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/zerocopy/figures'
log_y = 0
npanels = 2
nblocks = 9
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-d2h-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 1; panel_band_file[1] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-h2d-band.dat'; band_color[1] = 'page-locked'; band_point[1] = 'page-locked'; panel_link[1] = 63.0154
panel_nband[2] = 1; panel_band_file[2] = 'results/reference/h200-pcie5/zerocopy/figures/data/bandwidth-d2h-band.dat'; band_color[2] = 'page-locked'; band_point[2] = 'page-locked'; panel_link[2] = 63.0154
y2 = 1
array panel_first[2] = [1, 6]
array panel_nblocks[2] = [5, 4]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_npoints[9] = [9, 9, 9, 9, 9, 9, 9, 9, 9]
array block_minrun[9] = [9, 9, 9, 9, 9, 9, 9, 9, 9]
array band_npoints[2] = [9, 9]
array block_color[9] = ['mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped', 'mapped', 'registered', 'registered-portable', 'registered-mapped']
array block_line[9] = ['zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy']
array block_point[9] = ['mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped', 'mapped', 'registered', 'registered-portable', 'registered-mapped']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 4
array hline_panel[4]
array hline_y[4]
array hline_color[4]
array hline_line[4]
array hline_where[4]
array hline_label[4]
hline_panel[1] = 1; hline_y[1] = 63.0154; hline_color[1] = 'link'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[2] = 1; hline_y[2] = 58.449066666666667; hline_color[2] = 'link'; hline_line[2] = 'practical'; hline_where[2] = 'left-above'; hline_label[2] = 'practical ceiling (MPS 256 B, read): 58.45 GB/s'
hline_panel[3] = 2; hline_y[3] = 63.0154; hline_color[3] = 'link'; hline_line[3] = 'link'; hline_where[3] = 'right-above'; hline_label[3] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[4] = 2; hline_y[4] = 57.614080000000001; hline_color[4] = 'link'; hline_line[4] = 'practical'; hline_where[4] = 'left-above'; hline_label[4] = 'practical ceiling (MPS 256 B, read): 57.61 GB/s'
nkeys = 6
key_cols = 1
key_rows = 6
key_max_chars = 143
array key_color[6] = ['mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped', 'page-locked']
array key_line[6] = ['zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'zerocopy', 'band']
array key_point[6] = ['mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped', 'page-locked']
array key_title[6] = ['mapped', 'registered', 'registered-readonly', 'registered-portable', 'registered-mapped', '5 page-locked kinds within 4.5% (1.5% from 1M): mapped, registered, registered-readonly (host → device), registered-portable, registered-mapped']
nnotes = 4
note_cols = 1
note_rows = 4
note_max_chars = 59
array note_color[4] = ['', '', '-', '-']
array note_line[4] = ['band', 'zerocopy', '', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['copy: cudaMemcpyAsync, by the copy engine', 'zerocopy: a kernel accesses the host buffer', 'bars: 95 % prediction interval of another sample (n = 5–30)', 'band: its members'' lowest to highest median']
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
