# latency-vars.gp - written by pinsweep for plots/latency.gp (see src/plot_fig.c)
fig_title = 'placement: time per copy'
fig_detail = 'reuse, sync'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time per copy (µs)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/placement/figures'
log_y = 1
npanels = 2
nblocks = 8
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/placement/figures/data/latency-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/placement/figures/data/latency-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/placement/figures/data/latency-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/placement/figures/data/latency-d2h-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 5]
array panel_nblocks[2] = [4, 4]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_color[8] = ['pageable', 'pageable', 'registered', 'registered', 'pageable', 'pageable', 'registered', 'registered']
array block_line[8] = ['pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip']
array block_point[8] = ['pageable', 'pageable', 'registered', 'registered', 'pageable', 'pageable', 'registered', 'registered']
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
array key_line[2] = ['pipelined', 'pipelined']
array key_point[2] = ['pageable', 'registered']
array key_title[2] = ['pageable', 'registered']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 75
array note_color[4] = ['', '', '-', '-']
array note_line[4] = ['pipelined', 'roundtrip', '', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['pipelined: event time ÷ copies', 'round trip: one copy, waited for (host clock)', 'bars: 95 % PI of another sample (n = 5–30), log scale; round trips: medians', ' ']
x_min = 748982.85714285716
x_max = 375809638.39999998
y_min = 20
y_max = 100000
y_tics = '("20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000, "10000" 10000, "20000" 20000, "50000" 50000, "100000" 100000)'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 20; panel_y_max[1] = 100000
panel_y_tics[1] = '("20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000, "10000" 10000, "20000" 20000, "50000" 50000, "100000" 100000)'
panel_y_min[2] = 20; panel_y_max[2] = 100000
panel_y_tics[2] = '("20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000, "10000" 10000, "20000" 20000, "50000" 50000, "100000" 100000)'
size_tics = '("1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608, "16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
