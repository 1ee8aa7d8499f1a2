# reallocate-time-vars.gp - written by pinsweep for plots/reallocate-time.gp (see src/plot_fig.c)
fig_title = 'placement: time of a reallocate cycle'
fig_detail = 'host → device, sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time per cycle (ms)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report-beyond/figures'
log_y = 1
npanels = 2
nblocks = 2
out_prefix = 'F4-'
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reallocate-time-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reallocate-time-pageable-overlay.dat'
panel_title[2] = 'registered'
panel_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reallocate-time-registered.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/reallocate-time-registered-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 2]
array panel_nblocks[2] = [1, 1]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_color[2] = ['pageable', 'registered']
array block_line[2] = ['reallocate', 'reallocate']
array block_point[2] = ['pageable', 'registered']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 0
key_cols = 1
key_rows = 0
key_max_chars = 0
array key_color[1] = ['']
array key_line[1] = ['']
array key_point[1] = ['']
array key_title[1] = ['']
nnotes = 0
note_cols = 1
note_rows = 0
note_max_chars = 0
array note_color[1] = ['']
array note_line[1] = ['']
array note_point[1] = ['']
array note_title[1] = ['']
x_min = 11983725.714285715
x_max = 375809638.39999998
y_min = 0.00050000000000000001
y_max = 500
y_tics = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0.00050000000000000001; panel_y_max[1] = 500
panel_y_tics[1] = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[2] = 0.00050000000000000001; panel_y_max[2] = 500
panel_y_tics[2] = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
size_tics = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_wide = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
