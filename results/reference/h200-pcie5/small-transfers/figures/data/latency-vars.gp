# latency-vars.gp - written by pinsweep for plots/latency.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'small-transfers: time per copy'
fig_detail = 'reuse, sizes up to 16 MB'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1 KB = 1000)'
y_label = 'time per copy (µs)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/small-transfers/figures'
log_y = 1
npanels = 4
nblocks = 16
array panel_title[4]
array panel_file[4]
array panel_over_file[4]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-h2d-overlay.dat'
panel_title[2] = 'host → device, async'
panel_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-h2d-async.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-h2d-async-overlay.dat'
panel_title[3] = 'device → host, sync'
panel_file[3] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-d2h.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-d2h-overlay.dat'
panel_title[4] = 'device → host, async'
panel_file[4] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-d2h-async.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-d2h-async-overlay.dat'
array panel_nband[4]
array panel_band_file[4]
array band_color[4]
array band_point[4]
array panel_link[4]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
panel_nband[3] = 0; panel_band_file[3] = ''; band_color[3] = ''; band_point[3] = ''; panel_link[3] = 0
panel_nband[4] = 0; panel_band_file[4] = ''; band_color[4] = ''; band_point[4] = ''; panel_link[4] = 0
y2 = 0
array panel_first[4] = [1, 5, 9, 13]
array panel_nblocks[4] = [4, 4, 4, 4]
array panel_over_first[4] = [1, 1, 1, 1]
array panel_nover[4] = [0, 0, 0, 0]
array block_npoints[16] = [71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71]
array block_minrun[16] = [71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71, 71]
array band_npoints[4] = [0, 0, 0, 0]
array block_color[16] = ['pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned']
array block_line[16] = ['pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip']
array block_point[16] = ['pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned']
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
array note_title[3] = ['pipelined: event time ÷ copies; its kind''s own point (pageable''s open)', 'round trip: one copy, waited for (host clock); its point in the other fill (pageable''s filled)', 'bars: 95 % prediction interval of another sample (n = 5–20); round trips: medians']
x_min = 714.28571428571433
x_max = 22466504.199999999
y_min = 1
y_max = 5000
y_tics = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000)'
array panel_y_min[4]
array panel_y_max[4]
array panel_y_tics[4]
panel_y_min[1] = 1; panel_y_max[1] = 5000
panel_y_tics[1] = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000)'
panel_y_min[2] = 1; panel_y_max[2] = 5000
panel_y_tics[2] = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000)'
panel_y_min[3] = 1; panel_y_max[3] = 5000
panel_y_tics[3] = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000)'
panel_y_min[4] = 1; panel_y_max[4] = 5000
panel_y_tics[4] = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000, "5000" 5000)'
size_tics = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1)'
size_tics_wide = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1)'
size_tics_tex = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1)'
