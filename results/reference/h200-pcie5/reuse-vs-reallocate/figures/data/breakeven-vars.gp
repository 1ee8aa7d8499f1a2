# breakeven-vars.gp - written by pinsweep for plots/breakeven.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'reuse-vs-reallocate: copies before pinning pays off'
fig_detail = 'sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copies of that size'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures'
log_y = 1
npanels = 2
nblocks = 6
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/breakeven-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/breakeven-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/breakeven-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/breakeven-d2h-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 4]
array panel_nblocks[2] = [3, 3]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_npoints[6] = [7, 7, 7, 7, 7, 7]
array block_minrun[6] = [7, 7, 7, 7, 7, 7]
array band_npoints[2] = [0, 0]
array block_color[6] = ['pinned', 'write-combined', 'registered', 'pinned', 'write-combined', 'registered']
array block_line[6] = ['pinned', 'write-combined', 'registered', 'pinned', 'write-combined', 'registered']
array block_point[6] = ['pinned', 'write-combined', 'registered', 'pinned', 'write-combined', 'registered']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 2
array hline_panel[2]
array hline_y[2]
array hline_color[2]
array hline_line[2]
array hline_where[2]
array hline_label[2]
hline_panel[1] = 1; hline_y[1] = 1; hline_color[1] = ''; hline_line[1] = 'guide'; hline_where[1] = 'right-below'; hline_label[1] = '1 copy'
hline_panel[2] = 2; hline_y[2] = 1; hline_color[2] = ''; hline_line[2] = 'guide'; hline_where[2] = 'right-below'; hline_label[2] = '1 copy'
nkeys = 3
key_cols = 3
key_rows = 1
key_max_chars = 14
array key_color[3] = ['pinned', 'write-combined', 'registered']
array key_line[3] = ['pinned', 'write-combined', 'registered']
array key_point[3] = ['pinned', 'write-combined', 'registered']
array key_title[3] = ['pinned', 'write-combined', 'registered']
nnotes = 3
note_cols = 1
note_rows = 3
note_max_chars = 147
array note_color[3] = ['-', '-', '-']
array note_line[3] = ['', '', '']
array note_point[3] = ['', '', '']
array note_title[3] = ['copies = (alloc + free) ÷ time saved per copy, at their medians, against a pageable buffer already allocated and touched (a fresh one: the caption)', 'bars: the copies at the largest and the smallest saving within both copies'' 95 % intervals', '64 KiB–256 KiB: the driver''s pool of small pinned allocations, not the kind (caption)']
x_min = 46811.428571428572
x_max = 375809638.39999998
y_min = 0.050000000000000003
y_max = 50
y_tics = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50)'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0.050000000000000003; panel_y_max[1] = 50
panel_y_tics[1] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50)'
panel_y_min[2] = 0.050000000000000003; panel_y_max[2] = 50
panel_y_tics[2] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50)'
size_tics = '("64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
