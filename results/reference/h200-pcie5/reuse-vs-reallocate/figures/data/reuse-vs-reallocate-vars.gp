# reuse-vs-reallocate-vars.gp - written by pinsweep for plots/reuse-vs-reallocate.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'reuse-vs-reallocate: reuse vs reallocate'
fig_detail = 'a cycle: alloc + fill + copy + free'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures'
log_y = 1
npanels = 4
nblocks = 16
array panel_title[4]
array panel_file[4]
array panel_over_file[4]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-pageable-overlay.dat'
panel_title[2] = 'pinned'
panel_file[2] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-pinned.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-pinned-overlay.dat'
panel_title[3] = 'write-combined'
panel_file[3] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-write-combined.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-write-combined-overlay.dat'
panel_title[4] = 'registered'
panel_file[4] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-registered.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-registered-overlay.dat'
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
array block_npoints[16] = [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]
array block_minrun[16] = [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]
array band_npoints[4] = [0, 0, 0, 0]
array block_color[16] = ['pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'registered', 'registered', 'registered', 'registered']
array block_line[16] = ['reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate']
array block_point[16] = ['h2d', 'h2d', 'd2h', 'd2h', 'h2d', 'h2d', 'd2h', 'd2h', 'h2d', 'h2d', 'd2h', 'd2h', 'h2d', 'h2d', 'd2h', 'd2h']
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
key_max_chars = 19
array key_color[2] = ['', '']
array key_line[2] = ['reuse', 'reuse']
array key_point[2] = ['h2d', 'd2h']
array key_title[2] = ['host → device, sync', 'device → host, sync']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 85
array note_color[4] = ['', '-', '', '-']
array note_line[4] = ['reuse', '', 'reallocate', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['reuse: copy bandwidth', 'bars: 95 % prediction interval of another sample (n = 10)', 'reallocate: bytes ÷ cycle time (alloc + fill + copy + free)', '64 KiB–256 KiB: the driver''s pool of small pinned allocations, not the kind (caption)']
x_min = 46811.428571428572
x_max = 375809638.39999998
y_min = 0.20000000000000001
y_max = 100
y_tics = '("0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
array panel_y_min[4]
array panel_y_max[4]
array panel_y_tics[4]
panel_y_min[1] = 0.20000000000000001; panel_y_max[1] = 100
panel_y_tics[1] = '("0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
panel_y_min[2] = 0.20000000000000001; panel_y_max[2] = 100
panel_y_tics[2] = '("0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
panel_y_min[3] = 0.20000000000000001; panel_y_max[3] = 100
panel_y_tics[3] = '("0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
panel_y_min[4] = 0.20000000000000001; panel_y_max[4] = 100
panel_y_tics[4] = '("0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100)'
size_tics = '("64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
