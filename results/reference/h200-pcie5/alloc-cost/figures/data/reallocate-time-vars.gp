# reallocate-time-vars.gp - written by pinsweep for plots/reallocate-time.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'alloc-cost: time of a reallocate cycle'
fig_detail = 'host → device, sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time per cycle (ms)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/alloc-cost/figures'
log_y = 1
npanels = 3
nblocks = 3
array panel_title[3]
array panel_file[3]
array panel_over_file[3]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/alloc-cost/figures/data/reallocate-time-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/alloc-cost/figures/data/reallocate-time-pageable-overlay.dat'
panel_title[2] = 'pinned'
panel_file[2] = 'results/reference/h200-pcie5/alloc-cost/figures/data/reallocate-time-pinned.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/alloc-cost/figures/data/reallocate-time-pinned-overlay.dat'
panel_title[3] = 'registered'
panel_file[3] = 'results/reference/h200-pcie5/alloc-cost/figures/data/reallocate-time-registered.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/alloc-cost/figures/data/reallocate-time-registered-overlay.dat'
array panel_nband[3]
array panel_band_file[3]
array band_color[3]
array band_point[3]
array panel_link[3]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
panel_nband[3] = 0; panel_band_file[3] = ''; band_color[3] = ''; band_point[3] = ''; panel_link[3] = 0
y2 = 0
array panel_first[3] = [1, 2, 3]
array panel_nblocks[3] = [1, 1, 1]
array panel_over_first[3] = [1, 1, 1]
array panel_nover[3] = [0, 0, 0]
array block_npoints[3] = [9, 9, 9]
array block_minrun[3] = [9, 9, 9]
array band_npoints[3] = [0, 0, 0]
array block_color[3] = ['pageable', 'pinned', 'registered']
array block_line[3] = ['reallocate', 'reallocate', 'reallocate']
array block_point[3] = ['pageable', 'pinned', 'registered']
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
nnotes = 2
note_cols = 1
note_rows = 2
note_max_chars = 98
array note_color[2] = ['', '']
array note_line[2] = ['', '']
array note_point[2] = ['', '']
array note_title[2] = ['curves: each phase''s median, alloc, fill, copy and free, and their total (dashed)', 'bars: none, each phase is a median of its samples (alloc''s and free''s intervals are in alloc-cost)']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 5.0000000000000002e-05
y_max = 200
y_tics = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
array panel_y_min[3]
array panel_y_max[3]
array panel_y_tics[3]
panel_y_min[1] = 5.0000000000000002e-05; panel_y_max[1] = 200
panel_y_tics[1] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[2] = 5.0000000000000002e-05; panel_y_max[2] = 200
panel_y_tics[2] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[3] = 5.0000000000000002e-05; panel_y_max[3] = 200
panel_y_tics[3] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
