# speedup-vars.gp - written by pinsweep for plots/speedup.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'full-sweep: how many times faster than pageable'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'speedup over pageable (×)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
log_y = 1
npanels = 5
nblocks = 20
array panel_title[5]
array panel_file[5]
array panel_over_file[5]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-h2d-overlay.dat'
panel_title[2] = 'host → device, async'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-h2d-async.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-h2d-async-overlay.dat'
panel_title[3] = 'device → host, sync'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-d2h.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-d2h-overlay.dat'
panel_title[4] = 'device → host, async'
panel_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-d2h-async.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-d2h-async-overlay.dat'
panel_title[5] = 'bidirectional (sum), async'
panel_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-bidir-async.dat'
panel_over_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/speedup-bidir-async-overlay.dat'
array panel_nband[5]
array panel_band_file[5]
array band_color[5]
array band_point[5]
array panel_link[5]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
panel_nband[3] = 0; panel_band_file[3] = ''; band_color[3] = ''; band_point[3] = ''; panel_link[3] = 0
panel_nband[4] = 0; panel_band_file[4] = ''; band_color[4] = ''; band_point[4] = ''; panel_link[4] = 0
panel_nband[5] = 0; panel_band_file[5] = ''; band_color[5] = ''; band_point[5] = ''; panel_link[5] = 0
y2 = 0
array panel_first[5] = [1, 5, 9, 13, 17]
array panel_nblocks[5] = [4, 4, 4, 4, 4]
array panel_over_first[5] = [1, 1, 1, 1, 1]
array panel_nover[5] = [0, 0, 0, 0, 0]
array block_npoints[20] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array block_minrun[20] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array band_npoints[5] = [0, 0, 0, 0, 0]
array block_color[20] = ['write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked']
array block_line[20] = ['write-combined', 'mapped', 'registered', 'band', 'write-combined', 'mapped', 'registered', 'band', 'write-combined', 'mapped', 'registered', 'band', 'write-combined', 'mapped', 'registered', 'band', 'write-combined', 'mapped', 'registered', 'band']
array block_point[20] = ['write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked', 'write-combined', 'mapped', 'registered', 'page-locked']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 5
array hline_panel[5]
array hline_y[5]
array hline_color[5]
array hline_line[5]
array hline_where[5]
array hline_label[5]
hline_panel[1] = 1; hline_y[1] = 1; hline_color[1] = ''; hline_line[1] = 'guide'; hline_where[1] = 'right-below'; hline_label[1] = '1×: as fast as pageable'
hline_panel[2] = 2; hline_y[2] = 1; hline_color[2] = ''; hline_line[2] = 'guide'; hline_where[2] = 'right-below'; hline_label[2] = '1×: as fast as pageable'
hline_panel[3] = 3; hline_y[3] = 1; hline_color[3] = ''; hline_line[3] = 'guide'; hline_where[3] = 'right-below'; hline_label[3] = '1×: as fast as pageable'
hline_panel[4] = 4; hline_y[4] = 1; hline_color[4] = ''; hline_line[4] = 'guide'; hline_where[4] = 'right-below'; hline_label[4] = '1×: as fast as pageable'
hline_panel[5] = 5; hline_y[5] = 1; hline_color[5] = ''; hline_line[5] = 'guide'; hline_where[5] = 'right-below'; hline_label[5] = '1×: as fast as pageable'
nkeys = 4
key_cols = 1
key_rows = 4
key_max_chars = 62
array key_color[4] = ['write-combined', 'mapped', 'registered', 'page-locked']
array key_line[4] = ['write-combined', 'mapped', 'registered', 'band']
array key_point[4] = ['write-combined', 'mapped', 'registered', 'page-locked']
array key_title[4] = ['write-combined', 'mapped', 'registered', '3 page-locked kinds within 10.5%: pinned, mallochost, portable']
nnotes = 1
note_cols = 1
note_rows = 1
note_max_chars = 93
array note_color[1] = ['-']
array note_line[1] = ['']
array note_point[1] = ['']
array note_title[1] = ['bars: 95 % prediction interval of the ratio (n = 7); of kinds drawn as one: lowest to highest']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0.050000000000000003
y_max = 20
y_tics = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
array panel_y_min[5]
array panel_y_max[5]
array panel_y_tics[5]
panel_y_min[1] = 0.050000000000000003; panel_y_max[1] = 20
panel_y_tics[1] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
panel_y_min[2] = 0.050000000000000003; panel_y_max[2] = 20
panel_y_tics[2] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
panel_y_min[3] = 0.050000000000000003; panel_y_max[3] = 20
panel_y_tics[3] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
panel_y_min[4] = 0.050000000000000003; panel_y_max[4] = 20
panel_y_tics[4] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
panel_y_min[5] = 0.050000000000000003; panel_y_max[5] = 20
panel_y_tics[5] = '("0.05" 0.050000000000000003, "0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
