# latency-vars.gp - written by pinsweep for plots/latency.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'host-effects: time per copy'
fig_detail = 'reuse, sync, sizes up to 16 MiB, cache warm, pages prefaulted'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time per copy (µs)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report-beyond/figures'
log_y = 1
npanels = 2
nblocks = 8
out_prefix = 'F5-'
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F5/latency-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F5/latency-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F5/latency-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F5/latency-d2h-overlay.dat'
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
array block_npoints[8] = [5, 5, 5, 5, 5, 5, 5, 5]
array block_minrun[8] = [5, 5, 5, 5, 5, 5, 5, 5]
array band_npoints[2] = [0, 0]
array block_color[8] = ['pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned']
array block_line[8] = ['pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip']
array block_point[8] = ['pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned']
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
key_max_chars = 8
array key_color[2] = ['pageable', 'pinned']
array key_line[2] = ['pipelined', 'pipelined']
array key_point[2] = ['pageable', 'pinned']
array key_title[2] = ['pageable', 'pinned']
nnotes = 3
note_cols = 1
note_rows = 3
note_max_chars = 94
array note_color[3] = ['', '', '-']
array note_line[3] = ['pipelined', 'roundtrip', '']
array note_point[3] = ['pinned', 'pinned', '']
array note_title[3] = ['pipelined: event time ÷ copies; its kind''s own point (pageable''s open)', 'round trip: one copy, waited for (host clock); its point in the other fill (pageable''s filled)', 'bars: 95 % prediction interval of another sample (n = 5–15); round trips: medians']
x_min = 46811.428571428572
x_max = 23488102.399999999
y_min = 5
y_max = 2000
y_tics = '("5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 5; panel_y_max[1] = 2000
panel_y_tics[1] = '("5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)'
panel_y_min[2] = 5; panel_y_max[2] = 2000
panel_y_tics[2] = '("5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)'
size_tics = '("64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216)'
size_tics_wide = '("64K" 65536, "128K" 131072, "256K" 262144, "512K" 524288, "1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608, "16M" 16777216)'
size_tics_tex = '("64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216)'
