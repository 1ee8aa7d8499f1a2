# placement-pin-vars.gp - written by pinsweep for plots/placement-pin.gp (see src/plot_fig.c)
fig_title = 'placement: pinning time by page size'
fig_detail = 'reallocate, host → device, sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'cudaHostRegister time, median (ms)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report-beyond/figures'
log_y = 1
npanels = 1
nblocks = 2
out_prefix = 'F4-'
array panel_title[1]
array panel_file[1]
array panel_over_file[1]
panel_title[1] = 'cudaHostRegister of a malloc''d buffer'
panel_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/placement-pin-pin.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/placement-pin-pin-overlay.dat'
array panel_nband[1]
array panel_band_file[1]
array band_color[1]
array band_point[1]
array panel_link[1]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
y2 = 0
array panel_first[1] = [1]
array panel_nblocks[1] = [2]
array panel_over_first[1] = [1]
array panel_nover[1] = [0]
array block_color[2] = ['registered', 'registered']
array block_line[2] = ['default', 'thp']
array block_point[2] = ['numa:any', 'numa:any']
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
note_max_chars = 51
array note_color[4] = ['', '-', '', '-']
array note_line[4] = ['default', '', 'thp', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['default pages (4 KiB)', '2 configurations skipped or failed: see summary.csv', 'thp: transparent huge pages', ' ']
x_min = 11983725.714285715
x_max = 375809638.39999998
y_min = 0.5
y_max = 100
y_tics = '("0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
array panel_y_min[1]
array panel_y_max[1]
array panel_y_tics[1]
panel_y_min[1] = 0.5; panel_y_max[1] = 100
panel_y_tics[1] = '("0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
size_tics = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_wide = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
