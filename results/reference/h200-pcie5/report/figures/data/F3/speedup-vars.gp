# speedup-vars.gp - written by pinsweep for plots/speedup.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'small-transfers: how many times faster than pageable'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1 KB = 1000)'
y_label = 'speedup over pageable (×)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report/figures'
log_y = 1
npanels = 4
nblocks = 4
out_prefix = 'F3-'
array panel_title[4]
array panel_file[4]
array panel_over_file[4]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-h2d-overlay.dat'
panel_title[2] = 'host → device, async'
panel_file[2] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-h2d-async.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-h2d-async-overlay.dat'
panel_title[3] = 'device → host, sync'
panel_file[3] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-d2h.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-d2h-overlay.dat'
panel_title[4] = 'device → host, async'
panel_file[4] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-d2h-async.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/report/figures/data/F3/speedup-d2h-async-overlay.dat'
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
array panel_first[4] = [1, 2, 3, 4]
array panel_nblocks[4] = [1, 1, 1, 1]
array panel_over_first[4] = [1, 1, 1, 1]
array panel_nover[4] = [0, 0, 0, 0]
array block_npoints[4] = [81, 81, 81, 81]
array block_minrun[4] = [81, 81, 81, 81]
array band_npoints[4] = [0, 0, 0, 0]
array block_color[4] = ['pinned', 'pinned', 'pinned', 'pinned']
array block_line[4] = ['pinned', 'pinned', 'pinned', 'pinned']
array block_point[4] = ['pinned', 'pinned', 'pinned', 'pinned']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 4
array hline_panel[4]
array hline_y[4]
array hline_color[4]
array hline_line[4]
array hline_where[4]
array hline_label[4]
hline_panel[1] = 1; hline_y[1] = 1; hline_color[1] = ''; hline_line[1] = 'guide'; hline_where[1] = 'right-below'; hline_label[1] = '1×: as fast as pageable'
hline_panel[2] = 2; hline_y[2] = 1; hline_color[2] = ''; hline_line[2] = 'guide'; hline_where[2] = 'right-below'; hline_label[2] = '1×: as fast as pageable'
hline_panel[3] = 3; hline_y[3] = 1; hline_color[3] = ''; hline_line[3] = 'guide'; hline_where[3] = 'right-below'; hline_label[3] = '1×: as fast as pageable'
hline_panel[4] = 4; hline_y[4] = 1; hline_color[4] = ''; hline_line[4] = 'guide'; hline_where[4] = 'right-below'; hline_label[4] = '1×: as fast as pageable'
nkeys = 1
key_cols = 1
key_rows = 1
key_max_chars = 6
array key_color[1] = ['pinned']
array key_line[1] = ['pinned']
array key_point[1] = ['pinned']
array key_title[1] = ['pinned']
nnotes = 1
note_cols = 1
note_rows = 1
note_max_chars = 54
array note_color[1] = ['-']
array note_line[1] = ['']
array note_point[1] = ['']
array note_title[1] = ['bars: 95 % prediction interval of the ratio (n = 5–20)']
x_min = 714.28571428571433
x_max = 89600000
y_min = 0.050000000000000003
y_max = 20
y_tics = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
array panel_y_min[4]
array panel_y_max[4]
array panel_y_tics[4]
panel_y_min[1] = 0.050000000000000003; panel_y_max[1] = 20
panel_y_tics[1] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
panel_y_min[2] = 0.050000000000000003; panel_y_max[2] = 20
panel_y_tics[2] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
panel_y_min[3] = 0.050000000000000003; panel_y_max[3] = 20
panel_y_tics[3] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
panel_y_min[4] = 0.050000000000000003; panel_y_max[4] = 20
panel_y_tics[4] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
size_tics = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
size_tics_wide = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
size_tics_tex = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
