# reuse-vs-reallocate-vars.gp - written by pinsweep for plots/reuse-vs-reallocate.gp (see src/plot_fig.c)
fig_title = 'placement: reuse vs reallocate'
fig_detail = 'a cycle: alloc + fill + copy + free'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report-beyond/figures'
log_y = 1
npanels = 2
nblocks = 4
out_prefix = 'F4-'
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reuse-vs-reallocate-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reuse-vs-reallocate-pageable-overlay.dat'
panel_title[2] = 'registered'
panel_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reuse-vs-reallocate-registered.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reuse-vs-reallocate-registered-overlay.dat'
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
array block_color[4] = ['pageable', 'pageable', 'registered', 'registered']
array block_line[4] = ['reuse', 'reallocate', 'reuse', 'reallocate']
array block_point[4] = ['h2d', 'h2d', 'h2d', 'h2d']
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
key_max_chars = 19
array key_color[1] = ['']
array key_line[1] = ['reuse']
array key_point[1] = ['h2d']
array key_title[1] = ['host → device, sync']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 59
array note_color[4] = ['', '-', '', '-']
array note_line[4] = ['reuse', '', 'reallocate', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['reuse: copy bandwidth', 'bars: 95 % PI of another sample (n = 5–30), log scale', 'reallocate: bytes ÷ cycle time (alloc + fill + copy + free)', ' ']
x_min = 748982.85714285716
x_max = 375809638.39999998
y_min = 1
y_max = 100
y_tics = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 1; panel_y_max[1] = 100
panel_y_tics[1] = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
panel_y_min[2] = 1; panel_y_max[2] = 100
panel_y_tics[2] = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
size_tics = '("1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608, "16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
