# headline-vars.gp - written by pinsweep for plots/headline.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'small-transfers: headline, pinned against pageable'
fig_detail = 'cudaMemcpy, reused buffers, warm cache, prefaulted pages, default placement'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1 KB = 1000)'
y_label = 'GB/s (median)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/small-transfers/figures'
log_y = 0
npanels = 3
nblocks = 8
array panel_title[3]
array panel_file[3]
array panel_over_file[3]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/headline-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/headline-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/headline-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/headline-d2h-overlay.dat'
panel_title[3] = 'small copies: time per copy'
panel_file[3] = 'results/reference/h200-pcie5/small-transfers/figures/data/headline-small.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/small-transfers/figures/data/headline-small-overlay.dat'
array panel_nband[3]
array panel_band_file[3]
array band_color[3]
array band_point[3]
array panel_link[3]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
panel_nband[3] = 0; panel_band_file[3] = ''; band_color[3] = ''; band_point[3] = ''; panel_link[3] = 0
y2 = 0
array panel_first[3] = [1, 3, 5]
array panel_nblocks[3] = [2, 2, 4]
array panel_over_first[3] = [1, 1, 1]
array panel_nover[3] = [0, 0, 0]
array block_npoints[8] = [81, 81, 81, 81, 51, 51, 51, 51]
array block_minrun[8] = [81, 81, 81, 81, 51, 51, 51, 51]
array band_npoints[3] = [0, 0, 0]
array block_color[8] = ['pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable']
array block_line[8] = ['h2d', 'h2d', 'd2h', 'd2h', 'h2d', 'h2d', 'd2h', 'd2h']
array block_point[8] = ['pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 2
array hline_panel[2]
array hline_y[2]
array hline_color[2]
array hline_line[2]
array hline_where[2]
array hline_label[2]
hline_panel[1] = 1; hline_y[1] = 63.0154; hline_color[1] = ''; hline_line[1] = 'link'; hline_where[1] = 'left-below'; hline_label[1] = 'PCIe raw rate 63.02 GB/s'
hline_panel[2] = 2; hline_y[2] = 63.0154; hline_color[2] = ''; hline_line[2] = 'link'; hline_where[2] = 'left-below'; hline_label[2] = 'PCIe raw rate 63.02 GB/s'
panel_axes = 1
array panel_log_y[3]
array panel_y_label[3]
array panel_x_min[3]
array panel_x_max[3]
panel_log_y[1] = 0; panel_y_label[1] = 'GB/s (median)'
panel_x_min[1] = 714.28571428571433; panel_x_max[1] = 89600000
panel_log_y[2] = 0; panel_y_label[2] = 'GB/s (median)'
panel_x_min[2] = 714.28571428571433; panel_x_max[2] = 89600000
panel_log_y[3] = 1; panel_y_label[3] = 'µs per copy (pipelined)'
panel_x_min[3] = 714.28571428571433; panel_x_max[3] = 1412506.2
nkeys = 4
key_cols = 4
key_rows = 1
key_max_chars = 21
array key_color[4] = ['pageable', 'pinned', '', '']
array key_line[4] = ['h2d', 'h2d', 'h2d', 'd2h']
array key_point[4] = ['pageable', 'pinned', '', '']
array key_title[4] = ['pageable', 'pinned', 'solid: host → device', 'dashed: device → host']
nnotes = 1
note_cols = 1
note_rows = 1
note_max_chars = 59
array note_color[1] = ['-']
array note_line[1] = ['']
array note_point[1] = ['']
array note_title[1] = ['bars: 95 % prediction interval of another sample (n = 5–20)']
x_min = 714.28571428571433
x_max = 89600000
y_min = 0
y_max = 1
y_tics = 'autofreq'
array panel_y_min[3]
array panel_y_max[3]
array panel_y_tics[3]
panel_y_min[1] = 0; panel_y_max[1] = 70
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 70
panel_y_tics[2] = 'autofreq'
panel_y_min[3] = 2; panel_y_max[3] = 500
panel_y_tics[3] = '("2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500)'
size_tics = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
size_tics_wide = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
size_tics_tex = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
