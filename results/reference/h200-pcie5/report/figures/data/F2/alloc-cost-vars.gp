# alloc-cost-vars.gp - written by pinsweep for plots/alloc-cost.gp (see src/plot_fig.c)
fig_title = 'alloc-cost: alloc and free time'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'time, median (ms)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report/figures'
log_y = 1
npanels = 1
nblocks = 15
out_prefix = 'F2-'
array panel_title[1]
array panel_file[1]
array panel_over_file[1]
panel_title[1] = 'reallocate cycles, host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/report/figures/data/F2/alloc-cost-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report/figures/data/F2/alloc-cost-h2d-overlay.dat'
array panel_nband[1]
array panel_band_file[1]
array band_color[1]
array band_point[1]
array panel_link[1]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
y2 = 0
array panel_first[1] = [1]
array panel_nblocks[1] = [15]
array panel_over_first[1] = [1]
array panel_nover[1] = [1]
array block_color[15] = ['pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'registered']
array block_line[15] = ['alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'alloc', 'free', 'pin']
array block_point[15] = ['pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'registered']
array over_color[1] = ['reference']
array over_line[1] = ['reference']
nhlines = 0
array hline_panel[1]
array hline_y[1]
array hline_color[1]
array hline_line[1]
array hline_where[1]
array hline_label[1]
nkeys = 8
key_cols = 4
key_rows = 2
key_max_chars = 14
array key_color[8] = ['pageable', 'write-combined', 'pinned', 'mapped', 'mallochost', 'registered', 'portable', '-']
array key_line[8] = ['alloc', 'alloc', 'alloc', 'alloc', 'alloc', 'alloc', 'alloc', '']
array key_point[8] = ['pageable', 'write-combined', 'pinned', 'mapped', 'mallochost', 'registered', 'portable', '']
array key_title[8] = ['pageable', 'write-combined', 'pinned', 'mapped', 'mallochost', 'registered', 'portable', ' ']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 37
array note_color[4] = ['', '', '', 'reference']
array note_line[4] = ['alloc', 'pin', 'free', 'reference']
array note_point[4] = ['', '', '', '']
array note_title[4] = ['alloc', 'pin: cudaHostRegister (part of alloc)', 'free', 'one pinned copy, for scale']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0.0001
y_max = 200
y_tics = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
array panel_y_min[1]
array panel_y_max[1]
array panel_y_tics[1]
panel_y_min[1] = 0.0001; panel_y_max[1] = 200
panel_y_tics[1] = '("0.0001" 0.0001, "0.001" 0.001, "0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
