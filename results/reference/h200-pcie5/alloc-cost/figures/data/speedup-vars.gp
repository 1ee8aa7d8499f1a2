# speedup-vars.gp - written by pinsweep for plots/speedup.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'alloc-cost: how many times faster than pageable'
fig_detail = 'sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'speedup over pageable (×)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/alloc-cost/figures'
log_y = 1
npanels = 2
nblocks = 2
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/alloc-cost/figures/data/speedup-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/alloc-cost/figures/data/speedup-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/alloc-cost/figures/data/speedup-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/alloc-cost/figures/data/speedup-d2h-overlay.dat'
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
array block_npoints[2] = [9, 9]
array block_minrun[2] = [9, 9]
array band_npoints[2] = [0, 0]
array block_color[2] = ['page-locked', 'page-locked']
array block_line[2] = ['band', 'band']
array block_point[2] = ['page-locked', 'page-locked']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 2
array hline_panel[2]
array hline_y[2]
array hline_color[2]
array hline_line[2]
array hline_where[2]
array hline_label[2]
hline_panel[1] = 1; hline_y[1] = 1; hline_color[1] = ''; hline_line[1] = 'guide'; hline_where[1] = 'right-below'; hline_label[1] = '1×: as fast as pageable'
hline_panel[2] = 2; hline_y[2] = 1; hline_color[2] = ''; hline_line[2] = 'guide'; hline_where[2] = 'right-below'; hline_label[2] = '1×: as fast as pageable'
nkeys = 1
key_cols = 1
key_rows = 1
key_max_chars = 98
array key_color[1] = ['page-locked']
array key_line[1] = ['band']
array key_point[1] = ['page-locked']
array key_title[1] = ['6 page-locked kinds within 13.1%: pinned, mallochost, portable, write-combined, mapped, registered']
nnotes = 1
note_cols = 1
note_rows = 1
note_max_chars = 96
array note_color[1] = ['-']
array note_line[1] = ['']
array note_point[1] = ['']
array note_title[1] = ['bars: 95 % prediction interval of the ratio (n = 5–15); of kinds drawn as one: lowest to highest']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0.10000000000000001
y_max = 10
y_tics = '("0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10)'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0.10000000000000001; panel_y_max[1] = 10
panel_y_tics[1] = '("0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10)'
panel_y_min[2] = 0.10000000000000001; panel_y_max[2] = 10
panel_y_tics[2] = '("0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
