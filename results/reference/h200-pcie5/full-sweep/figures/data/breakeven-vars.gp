# breakeven-vars.gp - written by pinsweep for plots/breakeven.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'full-sweep: copies before pinning pays off'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copies of that size'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
log_y = 1
npanels = 4
nblocks = 24
array panel_title[4]
array panel_file[4]
array panel_over_file[4]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-h2d-overlay.dat'
panel_title[2] = 'host → device, async'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-h2d-async.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-h2d-async-overlay.dat'
panel_title[3] = 'device → host, sync'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-d2h.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-d2h-overlay.dat'
panel_title[4] = 'device → host, async'
panel_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-d2h-async.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-d2h-async-overlay.dat'
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
array panel_first[4] = [1, 7, 13, 19]
array panel_nblocks[4] = [6, 6, 6, 6]
array panel_over_first[4] = [1, 1, 1, 1]
array panel_nover[4] = [0, 0, 0, 0]
array block_npoints[24] = [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9]
array block_minrun[24] = [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9]
array band_npoints[4] = [0, 0, 0, 0]
nstrip_rows = 6
array strip_row_color[6] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array strip_row_point[6] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array strip_row_title[6] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array panel_strip_file[4]
panel_strip_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-h2d-strip.dat'
panel_strip_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-h2d-async-strip.dat'
panel_strip_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-d2h-strip.dat'
panel_strip_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/breakeven-d2h-async-strip.dat'
array panel_strip_first[4] = [1, 7, 19, 25]
array panel_nstrip[4] = [6, 12, 6, 0]
array strip_color[24] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array strip_line[24] = ['never', 'never', 'never', 'never', 'never', 'never', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'unresolved', 'unresolved', 'unresolved', 'unresolved']
array strip_point[24] = ['never', 'never', 'never', 'never', 'never', 'never', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'never', 'unresolved', 'unresolved', 'unresolved', 'unresolved', 'unresolved']
size_grid = '("" 4096, "" 65536, "" 1048576, "" 16777216, "" 268435456)'
array block_color[24] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array block_line[24] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array block_point[24] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 4
array hline_panel[4]
array hline_y[4]
array hline_color[4]
array hline_line[4]
array hline_where[4]
array hline_label[4]
hline_panel[1] = 1; hline_y[1] = 1; hline_color[1] = ''; hline_line[1] = 'guide'; hline_where[1] = 'right-below'; hline_label[1] = '1 copy'
hline_panel[2] = 2; hline_y[2] = 1; hline_color[2] = ''; hline_line[2] = 'guide'; hline_where[2] = 'right-below'; hline_label[2] = '1 copy'
hline_panel[3] = 3; hline_y[3] = 1; hline_color[3] = ''; hline_line[3] = 'guide'; hline_where[3] = 'right-below'; hline_label[3] = '1 copy'
hline_panel[4] = 4; hline_y[4] = 1; hline_color[4] = ''; hline_line[4] = 'guide'; hline_where[4] = 'right-below'; hline_label[4] = '1 copy'
nkeys = 6
key_cols = 6
key_rows = 1
key_max_chars = 14
array key_color[6] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array key_line[6] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array key_point[6] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array key_title[6] = ['pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
nnotes = 6
note_cols = 1
note_rows = 6
note_max_chars = 147
array note_color[6] = ['-', '-', '-', '', '', '-']
array note_line[6] = ['', '', '', 'unresolved', 'never', '']
array note_point[6] = ['', '', '', 'unresolved', 'never', '']
array note_title[6] = ['copies = (alloc + free) ÷ time saved per copy, at their medians, against a pageable buffer already allocated and touched (a fresh one: the caption)', 'bars: the copies at the largest and the smallest saving within both copies'' 95 % intervals', 'above each panel, a row per kind (its point at the left): a glyph where it has no point, saying why', 'not resolved: the saving is within the copies'' 95 % intervals', 'never pays off: not faster at that size', '4 KiB–1 MiB: the driver''s pool of small pinned allocations, not the kind (caption)']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0.02
y_max = 1000
y_tics = '("0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100, "1000" 1000)'
array panel_y_min[4]
array panel_y_max[4]
array panel_y_tics[4]
panel_y_min[1] = 0.02; panel_y_max[1] = 1000
panel_y_tics[1] = '("0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100, "1000" 1000)'
panel_y_min[2] = 0.02; panel_y_max[2] = 1000
panel_y_tics[2] = '("0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100, "1000" 1000)'
panel_y_min[3] = 0.02; panel_y_max[3] = 1000
panel_y_tics[3] = '("0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100, "1000" 1000)'
panel_y_min[4] = 0.02; panel_y_max[4] = 1000
panel_y_tics[4] = '("0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100, "1000" 1000)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
