# alloc-cost-vars.gp - written by pinsweep for plots/alloc-cost.gp (see src/plot_fig.c)
fig_title = 'placement: alloc and free time'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time, median (ms)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report-beyond/figures'
log_y = 1
npanels = 1
nblocks = 5
out_prefix = 'F4-'
array panel_title[1]
array panel_file[1]
array panel_over_file[1]
panel_title[1] = 'reallocate cycles, host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/alloc-cost-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/alloc-cost-h2d-overlay.dat'
array panel_nband[1]
array panel_band_file[1]
array band_color[1]
array band_point[1]
array panel_link[1]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
y2 = 0
array panel_first[1] = [1]
array panel_nblocks[1] = [5]
array panel_over_first[1] = [1]
array panel_nover[1] = [0]
array block_color[5] = ['pageable', 'pageable', 'registered', 'registered', 'registered']
array block_line[5] = ['alloc', 'free', 'alloc', 'free', 'pin']
array block_point[5] = ['pageable', 'pageable', 'registered', 'registered', 'registered']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 2
key_cols = 2
key_rows = 1
key_max_chars = 10
array key_color[2] = ['pageable', 'registered']
array key_line[2] = ['alloc', 'alloc']
array key_point[2] = ['pageable', 'registered']
array key_title[2] = ['pageable', 'registered']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 37
array note_color[4] = ['', '', '', '-']
array note_line[4] = ['alloc', 'pin', 'free', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['alloc', 'pin: cudaHostRegister (part of alloc)', 'free', ' ']
x_min = 11983725.714285715
x_max = 375809638.39999998
y_min = 0.00050000000000000001
y_max = 100
y_tics = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
array panel_y_min[1]
array panel_y_max[1]
array panel_y_tics[1]
panel_y_min[1] = 0.00050000000000000001; panel_y_max[1] = 100
panel_y_tics[1] = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
size_tics = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_wide = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
