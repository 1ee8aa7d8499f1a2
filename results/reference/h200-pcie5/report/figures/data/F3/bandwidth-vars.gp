# bandwidth-vars.gp - written by pinsweep for plots/bandwidth.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'small-transfers: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1 KB = 1000)'
y_label = 'bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report/figures'
log_y = 0
npanels = 4
nblocks = 8
out_prefix = 'F3-'
array panel_title[4]
array panel_file[4]
array panel_over_file[4]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-h2d-overlay.dat'
panel_title[2] = 'host → device, async'
panel_file[2] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-h2d-async.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-h2d-async-overlay.dat'
panel_title[3] = 'device → host, sync'
panel_file[3] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-d2h.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-d2h-overlay.dat'
panel_title[4] = 'device → host, async'
panel_file[4] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-d2h-async.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/report/figures/data/F3/bandwidth-d2h-async-overlay.dat'
array panel_nband[4]
array panel_band_file[4]
array band_color[4]
array band_point[4]
array panel_link[4]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 63.0154
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 63.0154
panel_nband[3] = 0; panel_band_file[3] = ''; band_color[3] = ''; band_point[3] = ''; panel_link[3] = 63.0154
panel_nband[4] = 0; panel_band_file[4] = ''; band_color[4] = ''; band_point[4] = ''; panel_link[4] = 63.0154
y2 = 1
array panel_first[4] = [1, 3, 5, 7]
array panel_nblocks[4] = [2, 2, 2, 2]
array panel_over_first[4] = [1, 4, 5, 6]
array panel_nover[4] = [3, 1, 1, 1]
array block_npoints[8] = [81, 81, 81, 81, 81, 81, 81, 81]
array block_minrun[8] = [81, 81, 81, 81, 81, 81, 81, 81]
array band_npoints[4] = [0, 0, 0, 0]
array block_color[8] = ['pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned']
array block_line[8] = ['pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned']
array block_point[8] = ['pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned']
array over_color[6] = ['pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned']
array over_line[6] = ['regime', 'regime', 'fit', 'fit', 'fit', 'fit']
nhlines = 8
array hline_panel[8]
array hline_y[8]
array hline_color[8]
array hline_line[8]
array hline_where[8]
array hline_label[8]
hline_panel[1] = 1; hline_y[1] = 63.0154; hline_color[1] = 'link'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[2] = 1; hline_y[2] = 58.449066666666667; hline_color[2] = 'link'; hline_line[2] = 'practical'; hline_where[2] = 'left-above'; hline_label[2] = 'practical ceiling (MPS 256 B, read): 58.45 GB/s'
hline_panel[3] = 2; hline_y[3] = 63.0154; hline_color[3] = 'link'; hline_line[3] = 'link'; hline_where[3] = 'right-above'; hline_label[3] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[4] = 2; hline_y[4] = 58.449066666666667; hline_color[4] = 'link'; hline_line[4] = 'practical'; hline_where[4] = 'left-above'; hline_label[4] = 'practical ceiling (MPS 256 B, read): 58.45 GB/s'
hline_panel[5] = 3; hline_y[5] = 63.0154; hline_color[5] = 'link'; hline_line[5] = 'link'; hline_where[5] = 'right-above'; hline_label[5] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[6] = 3; hline_y[6] = 57.614080000000001; hline_color[6] = 'link'; hline_line[6] = 'practical'; hline_where[6] = 'left-above'; hline_label[6] = 'practical ceiling (MPS 256 B, read): 57.61 GB/s'
hline_panel[7] = 4; hline_y[7] = 63.0154; hline_color[7] = 'link'; hline_line[7] = 'link'; hline_where[7] = 'right-above'; hline_label[7] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[8] = 4; hline_y[8] = 57.614080000000001; hline_color[8] = 'link'; hline_line[8] = 'practical'; hline_where[8] = 'left-above'; hline_label[8] = 'practical ceiling (MPS 256 B, read): 57.61 GB/s'
nkeys = 2
key_cols = 2
key_rows = 1
key_max_chars = 8
array key_color[2] = ['pageable', 'pinned']
array key_line[2] = ['pageable', 'pinned']
array key_point[2] = ['pageable', 'pinned']
array key_title[2] = ['pageable', 'pinned']
nnotes = 3
note_cols = 1
note_rows = 3
note_max_chars = 81
array note_color[3] = ['-', '', 'pageable']
array note_line[3] = ['', 'fit', 'regime']
array note_point[3] = ['', '', '']
array note_title[3] = ['bars: 95 % prediction interval of another sample (n = 5–20)', 'dotted, in a curve''s colour: its fit t0 + n/B (residual < 5%)', 'thick dots: a pageable copy''s two regimes, each t = n/B over its sizes (fits.csv)']
x_min = 714.28571428571433
x_max = 89600000
y_min = 0
y_max = 70
y_tics = 'autofreq'
array panel_y_min[4]
array panel_y_max[4]
array panel_y_tics[4]
panel_y_min[1] = 0; panel_y_max[1] = 70
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 70
panel_y_tics[2] = 'autofreq'
panel_y_min[3] = 0; panel_y_max[3] = 70
panel_y_tics[3] = 'autofreq'
panel_y_min[4] = 0; panel_y_max[4] = 70
panel_y_tics[4] = 'autofreq'
size_tics = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
size_tics_wide = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
size_tics_tex = '("" 800 1, "" 900 1, "1 KB" 1000, "" 2000 1, "" 3000 1, "" 4000 1, "" 5000 1, "" 6000 1, "" 7000 1, "" 8000 1, "" 9000 1, "10 KB" 10000, "" 20000 1, "" 30000 1, "" 40000 1, "" 50000 1, "" 60000 1, "" 70000 1, "" 80000 1, "" 90000 1, "100 KB" 100000, "" 200000 1, "" 300000 1, "" 400000 1, "" 500000 1, "" 600000 1, "" 700000 1, "" 800000 1, "" 900000 1, "1 MB" 1000000, "" 2000000 1, "" 3000000 1, "" 4000000 1, "" 5000000 1, "" 6000000 1, "" 7000000 1, "" 8000000 1, "" 9000000 1, "10 MB" 10000000, "" 20000000 1, "" 30000000 1, "" 40000000 1, "" 50000000 1, "" 60000000 1, "" 70000000 1, "" 80000000 1)'
