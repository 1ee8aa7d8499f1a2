# sentinel-vars.gp - written by pinsweep for plots/sentinel.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'default: drift sentinel'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'time since the run started (s)'
y_label = 'off the run''s median (%)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/default/figures'
log_y = 0
npanels = 1
nblocks = 1
x_linear = 1
array panel_title[1]
array panel_file[1]
array panel_over_file[1]
panel_title[1] = 'sentinel: pinned h2d reuse sync 64 MiB'
panel_file[1] = 'results/reference/h200-pcie5/default/figures/data/sentinel-time.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/default/figures/data/sentinel-time-overlay.dat'
array panel_nband[1]
array panel_band_file[1]
array band_color[1]
array band_point[1]
array panel_link[1]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
y2 = 0
array panel_first[1] = [1]
array panel_nblocks[1] = [1]
array panel_over_first[1] = [1]
array panel_nover[1] = [2]
array block_npoints[1] = [20]
array block_minrun[1] = [20]
array band_npoints[1] = [0]
array block_color[1] = ['pinned']
array block_line[1] = ['reuse']
array block_point[1] = ['sync']
array over_color[2] = ['reference', '']
array over_line[2] = ['reference', 'guide']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 3
key_cols = 1
key_rows = 3
key_max_chars = 88
array key_color[3] = ['pinned', '', 'reference']
array key_line[3] = ['reuse', 'guide', 'reference']
array key_point[3] = ['sync', '', '']
array key_title[3] = ['readings (median of 3 samples each)', 'the run''s median (0 % = 54.94 GB/s)', 'the drift check''s band (1.294 % either side: 5 x the reading noise, at least target_rsd)']
nnotes = 2
note_cols = 1
note_rows = 2
note_max_chars = 67
array note_color[2] = ['-', '-']
array note_line[2] = ['', '']
array note_point[2] = ['', '']
array note_title[2] = ['bars: 95 % prediction interval of another sample (n = 3) (from rsd)', 'bars cut at the axis''s ends']
x_min = -1.21711164837
x_max = 41.806913301370003
y_min = -5
y_max = 5
y_tics = 'autofreq'
array panel_y_min[1]
array panel_y_max[1]
array panel_y_tics[1]
panel_y_min[1] = -5; panel_y_max[1] = 5
panel_y_tics[1] = 'autofreq'
size_tics = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576)'
size_tics_wide = '("1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384, "32K" 32768, "64K" 65536, "128K" 131072, "256K" 262144, "512K" 524288, "1M" 1048576)'
size_tics_tex = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576)'
