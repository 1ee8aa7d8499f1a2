# host-access-vars.gp - written by pinsweep for plots/host-access.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'host-access: CPU read and write bandwidth of host memory'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'CPU threads'
y_label = 'CPU bandwidth (GB/s = 10⁹ B/s)'
x_tics = '("1" 1, "2" 2, "4" 4, "8" 8)'
out_dir = 'results/reference/h200-pcie5/host-access/figures'
log_y = 0
npanels = 2
nblocks = 10
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'CPU reads, 1 GiB buffer'
panel_file[1] = 'results/reference/h200-pcie5/host-access/figures/data/host-access-host-read.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/host-access/figures/data/host-access-host-read-overlay.dat'
panel_title[2] = 'CPU writes, 1 GiB buffer'
panel_file[2] = 'results/reference/h200-pcie5/host-access/figures/data/host-access-host-write.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/host-access/figures/data/host-access-host-write-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 6]
array panel_nblocks[2] = [5, 5]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_npoints[10] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4]
array block_minrun[10] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4]
array band_npoints[2] = [0, 0]
array block_color[10] = ['pageable', 'pinned', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'write-combined', 'mapped', 'registered']
array block_line[10] = ['pageable', 'pinned', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'write-combined', 'mapped', 'registered']
array block_point[10] = ['pageable', 'pinned', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'write-combined', 'mapped', 'registered']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 5
key_cols = 5
key_rows = 1
key_max_chars = 14
array key_color[5] = ['pageable', 'pinned', 'write-combined', 'mapped', 'registered']
array key_line[5] = ['pageable', 'pinned', 'write-combined', 'mapped', 'registered']
array key_point[5] = ['pageable', 'pinned', 'write-combined', 'mapped', 'registered']
array key_title[5] = ['pageable', 'pinned', 'write-combined', 'mapped', 'registered']
nnotes = 2
note_cols = 1
note_rows = 2
note_max_chars = 59
array note_color[2] = ['-', '-']
array note_line[2] = ['', '']
array note_point[2] = ['', '']
array note_title[2] = ['bars: 95 % prediction interval of another sample (n = 5–30)', 'also measured, in summary.csv: 256 KiB, 4 MiB, 64 MiB']
x_min = 0.7142857142857143
x_max = 11.199999999999999
y_min = 0
y_max = 100
y_tics = 'autofreq'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0; panel_y_max[1] = 100
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 100
panel_y_tics[2] = 'autofreq'
size_tics = '("1B" 1, "2B" 2, "4B" 4, "8B" 8)'
size_tics_wide = '("1B" 1, "2B" 2, "4B" 4, "8B" 8)'
size_tics_tex = '("1B" 1, "2B" 2, "4B" 4, "8B" 8)'
