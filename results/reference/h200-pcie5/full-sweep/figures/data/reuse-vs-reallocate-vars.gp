# reuse-vs-reallocate-vars.gp - written by pinsweep for plots/reuse-vs-reallocate.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'full-sweep: reuse vs reallocate'
fig_detail = 'a cycle: alloc + fill + copy + free'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
log_y = 1
npanels = 7
nblocks = 42
array panel_title[7]
array panel_file[7]
array panel_over_file[7]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-pageable-overlay.dat'
panel_title[2] = 'pinned'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-pinned.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-pinned-overlay.dat'
panel_title[3] = 'mallochost'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-mallochost.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-mallochost-overlay.dat'
panel_title[4] = 'portable'
panel_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-portable.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-portable-overlay.dat'
panel_title[5] = 'write-combined'
panel_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-write-combined.dat'
panel_over_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-write-combined-overlay.dat'
panel_title[6] = 'mapped'
panel_file[6] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-mapped.dat'
panel_over_file[6] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-mapped-overlay.dat'
panel_title[7] = 'registered'
panel_file[7] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-registered.dat'
panel_over_file[7] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-registered-overlay.dat'
array panel_nband[7]
array panel_band_file[7]
array band_color[7]
array band_point[7]
array panel_link[7]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
panel_nband[3] = 0; panel_band_file[3] = ''; band_color[3] = ''; band_point[3] = ''; panel_link[3] = 0
panel_nband[4] = 0; panel_band_file[4] = ''; band_color[4] = ''; band_point[4] = ''; panel_link[4] = 0
panel_nband[5] = 0; panel_band_file[5] = ''; band_color[5] = ''; band_point[5] = ''; panel_link[5] = 0
panel_nband[6] = 0; panel_band_file[6] = ''; band_color[6] = ''; band_point[6] = ''; panel_link[6] = 0
panel_nband[7] = 0; panel_band_file[7] = ''; band_color[7] = ''; band_point[7] = ''; panel_link[7] = 0
y2 = 0
array panel_first[7] = [1, 7, 13, 19, 25, 31, 37]
array panel_nblocks[7] = [6, 6, 6, 6, 6, 6, 6]
array panel_over_first[7] = [1, 1, 1, 1, 1, 1, 1]
array panel_nover[7] = [0, 0, 0, 0, 0, 0, 0]
array block_npoints[42] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array block_minrun[42] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array band_npoints[7] = [0, 0, 0, 0, 0, 0, 0]
array block_color[42] = ['pageable', 'pageable', 'pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned', 'pinned', 'pinned', 'mallochost', 'mallochost', 'mallochost', 'mallochost', 'mallochost', 'mallochost', 'portable', 'portable', 'portable', 'portable', 'portable', 'portable', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'mapped', 'mapped', 'mapped', 'mapped', 'mapped', 'mapped', 'registered', 'registered', 'registered', 'registered', 'registered', 'registered']
array block_line[42] = ['reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate']
array block_point[42] = ['h2d', 'h2d', 'd2h', 'd2h', 'bidir', 'bidir', 'h2d', 'h2d', 'd2h', 'd2h', 'bidir', 'bidir', 'h2d', 'h2d', 'd2h', 'd2h', 'bidir', 'bidir', 'h2d', 'h2d', 'd2h', 'd2h', 'bidir', 'bidir', 'h2d', 'h2d', 'd2h', 'd2h', 'bidir', 'bidir', 'h2d', 'h2d', 'd2h', 'd2h', 'bidir', 'bidir', 'h2d', 'h2d', 'd2h', 'd2h', 'bidir', 'bidir']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 3
key_cols = 3
key_rows = 1
key_max_chars = 26
array key_color[3] = ['', '', '']
array key_line[3] = ['reuse', 'reuse', 'reuse']
array key_point[3] = ['h2d', 'd2h', 'bidir']
array key_title[3] = ['host → device, async', 'device → host, async', 'bidirectional (sum), async']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 82
array note_color[4] = ['', '-', '', '-']
array note_line[4] = ['reuse', '', 'reallocate', '']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['reuse: copy bandwidth', 'bars: 95 % prediction interval of another sample (n = 7)', 'reallocate: bytes ÷ cycle time (alloc + fill + copy + free)', '4 KiB–1 MiB: the driver''s pool of small pinned allocations, not the kind (caption)']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0.0050000000000000001
y_max = 200
y_tics = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
array panel_y_min[7]
array panel_y_max[7]
array panel_y_tics[7]
panel_y_min[1] = 0.0050000000000000001; panel_y_max[1] = 200
panel_y_tics[1] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[2] = 0.0050000000000000001; panel_y_max[2] = 200
panel_y_tics[2] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[3] = 0.0050000000000000001; panel_y_max[3] = 200
panel_y_tics[3] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[4] = 0.0050000000000000001; panel_y_max[4] = 200
panel_y_tics[4] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[5] = 0.0050000000000000001; panel_y_max[5] = 200
panel_y_tics[5] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[6] = 0.0050000000000000001; panel_y_max[6] = 200
panel_y_tics[6] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[7] = 0.0050000000000000001; panel_y_max[7] = 200
panel_y_tics[7] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
