# alloc-cost-vars.gp - written by pinsweep for plots/alloc-cost.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'full-sweep: alloc and free time'
fig_detail = 'reallocate cycles, host → device, async'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time, median (ms)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
log_y = 1
npanels = 7
nblocks = 15
array panel_title[7]
array panel_file[7]
array panel_over_file[7]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-pageable-overlay.dat'
panel_title[2] = 'pinned'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-pinned.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-pinned-overlay.dat'
panel_title[3] = 'mallochost'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-mallochost.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-mallochost-overlay.dat'
panel_title[4] = 'portable'
panel_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-portable.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-portable-overlay.dat'
panel_title[5] = 'write-combined'
panel_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-write-combined.dat'
panel_over_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-write-combined-overlay.dat'
panel_title[6] = 'mapped'
panel_file[6] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-mapped.dat'
panel_over_file[6] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-mapped-overlay.dat'
panel_title[7] = 'registered'
panel_file[7] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-registered.dat'
panel_over_file[7] = 'results/reference/h200-pcie5/full-sweep/figures/data/alloc-cost-registered-overlay.dat'
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
array panel_first[7] = [1, 3, 5, 7, 9, 11, 13]
array panel_nblocks[7] = [2, 2, 2, 2, 2, 2, 3]
array panel_over_first[7] = [1, 2, 3, 4, 5, 6, 7]
array panel_nover[7] = [1, 1, 1, 1, 1, 1, 1]
array block_npoints[15] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array block_minrun[15] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array band_npoints[7] = [0, 0, 0, 0, 0, 0, 0]
array block_color[15] = ['pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'registered']
array block_line[15] = ['alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'pin']
array block_point[15] = ['alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'pin']
array over_color[7] = ['reference', 'reference', 'reference', 'reference', 'reference', 'reference', 'reference']
array over_line[7] = ['reference', 'reference', 'reference', 'reference', 'reference', 'reference', 'reference']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 4
key_cols = 2
key_rows = 2
key_max_chars = 37
array key_color[4] = ['', '', '', 'reference']
array key_line[4] = ['alloc', 'pin', 'free', 'reference']
array key_point[4] = ['alloc', 'pin', 'free', '']
array key_title[4] = ['alloc', 'pin: cudaHostRegister (part of alloc)', 'free', 'one pinned copy, for scale']
nnotes = 2
note_cols = 1
note_rows = 2
note_max_chars = 82
array note_color[2] = ['-', '-']
array note_line[2] = ['', '']
array note_point[2] = ['', '']
array note_title[2] = ['4 KiB–1 MiB: the driver''s pool of small pinned allocations, not the kind (caption)', 'bars: 95 % prediction interval of another sample (n = 7)']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 5.0000000000000002e-05
y_max = 500
y_tics = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
array panel_y_min[7]
array panel_y_max[7]
array panel_y_tics[7]
panel_y_min[1] = 5.0000000000000002e-05; panel_y_max[1] = 500
panel_y_tics[1] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[2] = 5.0000000000000002e-05; panel_y_max[2] = 500
panel_y_tics[2] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[3] = 5.0000000000000002e-05; panel_y_max[3] = 500
panel_y_tics[3] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[4] = 5.0000000000000002e-05; panel_y_max[4] = 500
panel_y_tics[4] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[5] = 5.0000000000000002e-05; panel_y_max[5] = 500
panel_y_tics[5] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[6] = 5.0000000000000002e-05; panel_y_max[6] = 500
panel_y_tics[6] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[7] = 5.0000000000000002e-05; panel_y_max[7] = 500
panel_y_tics[7] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
