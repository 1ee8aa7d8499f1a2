# alloc-cost-vars.gp - written by pinsweep for plots/alloc-cost.gp (see src/plot_fig.c)
fig_title = 'placement: alloc and free time'
fig_detail = 'reallocate cycles, host → device, sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time, median (ms)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/placement/figures'
log_y = 1
npanels = 2
nblocks = 5
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/placement/figures/data/alloc-cost-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/placement/figures/data/alloc-cost-pageable-overlay.dat'
panel_title[2] = 'registered'
panel_file[2] = 'results/reference/h200-pcie5/placement/figures/data/alloc-cost-registered.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/placement/figures/data/alloc-cost-registered-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 3]
array panel_nblocks[2] = [2, 3]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_color[5] = ['pageable', 'pageable', 'registered', 'registered', 'registered']
array block_line[5] = ['alloc', 'free', 'alloc', 'free', 'pin']
array block_point[5] = ['alloc', 'free', 'alloc', 'free', 'pin']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 4
key_cols = 2
key_rows = 2
key_max_chars = 37
array key_color[4] = ['', '', '', '-']
array key_line[4] = ['alloc', 'pin', 'free', '']
array key_point[4] = ['alloc', 'pin', 'free', '']
array key_title[4] = ['alloc', 'pin: cudaHostRegister (part of alloc)', 'free', ' ']
nnotes = 1
note_cols = 1
note_rows = 1
note_max_chars = 53
array note_color[1] = ['-']
array note_line[1] = ['']
array note_point[1] = ['']
array note_title[1] = ['bars: 95 % PI of another sample (n = 5–30), log scale']
x_min = 11983725.714285715
x_max = 375809638.39999998
y_min = 0.00020000000000000001
y_max = 100
y_tics = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0.00020000000000000001; panel_y_max[1] = 100
panel_y_tics[1] = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[2] = 0.00020000000000000001; panel_y_max[2] = 100
panel_y_tics[2] = '("0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
size_tics = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_wide = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
