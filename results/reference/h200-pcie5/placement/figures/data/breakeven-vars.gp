# breakeven-vars.gp - written by pinsweep for plots/breakeven.gp (see src/plot_fig.c)
fig_title = 'placement: copies before pinning pays off'
fig_detail = 'sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copies of that size'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/placement/figures'
log_y = 1
npanels = 1
nblocks = 1
array panel_title[1]
array panel_file[1]
array panel_over_file[1]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/placement/figures/data/breakeven-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/placement/figures/data/breakeven-h2d-overlay.dat'
array panel_nband[1]
array panel_band_file[1]
array band_color[1]
array band_point[1]
array panel_link[1]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
y2 = 0
array panel_first[1] = [1]
array panel_nblocks[1] = [1]
array panel_over_first[1] = [1]
array panel_nover[1] = [0]
array block_color[1] = ['registered']
array block_line[1] = ['registered']
array block_point[1] = ['registered']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 1
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
hline_panel[1] = 1; hline_y[1] = 1; hline_color[1] = ''; hline_line[1] = 'guide'; hline_where[1] = 'left-above'; hline_label[1] = '1 copy'
nkeys = 1
key_cols = 1
key_rows = 1
key_max_chars = 10
array key_color[1] = ['registered']
array key_line[1] = ['registered']
array key_point[1] = ['registered']
array key_title[1] = ['registered']
nnotes = 1
note_cols = 1
note_rows = 1
note_max_chars = 106
array note_color[1] = ['-']
array note_line[1] = ['']
array note_point[1] = ['']
array note_title[1] = ['copies = (alloc + free) ÷ time saved per copy; bars: the saving at the ends of both copies'' 95 % intervals']
x_min = 11983725.714285715
x_max = 375809638.39999998
y_min = 0.5
y_max = 5
y_tics = '("0.5" 0.5, "1" 1, "2" 2, "5" 5)'
array panel_y_min[1]
array panel_y_max[1]
array panel_y_tics[1]
panel_y_min[1] = 0.5; panel_y_max[1] = 5
panel_y_tics[1] = '("0.5" 0.5, "1" 1, "2" 2, "5" 5)'
size_tics = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_wide = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
