# headline-vars.gp - written by pinsweep for plots/headline.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'alloc-cost: headline, pinned against pageable'
fig_detail = 'cudaMemcpy, reused buffers, warm cache, prefaulted pages, default placement; alloc + free from reallocate cycles'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'GB/s (median)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/alloc-cost/figures'
log_y = 0
npanels = 5
nblocks = 11
array panel_title[5]
array panel_file[5]
array panel_over_file[5]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-d2h-overlay.dat'
panel_title[3] = 'small copies: time per copy'
panel_file[3] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-small.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-small-overlay.dat'
panel_title[4] = 'pinned buffer: cudaHostAlloc + cudaFreeHost'
panel_file[4] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-alloc.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-alloc-overlay.dat'
panel_title[5] = 'copies before pinning pays off'
panel_file[5] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-breakeven.dat'
panel_over_file[5] = 'results/reference/h200-pcie5/alloc-cost/figures/data/headline-breakeven-overlay.dat'
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
array panel_first[5] = [1, 3, 5, 9, 10]
array panel_nblocks[5] = [2, 2, 4, 1, 2]
array panel_over_first[5] = [1, 1, 1, 1, 1]
array panel_nover[5] = [0, 0, 0, 0, 0]
array block_npoints[11] = [9, 9, 9, 9, 5, 5, 5, 5, 9, 7, 9]
array block_minrun[11] = [9, 9, 9, 9, 5, 5, 5, 5, 9, 7, 9]
array band_npoints[5] = [0, 0, 0, 0, 0]
array block_color[11] = ['pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pinned', 'pinned']
array block_line[11] = ['h2d', 'h2d', 'd2h', 'd2h', 'h2d', 'h2d', 'd2h', 'd2h', 'alloc+free', 'h2d', 'd2h']
array block_point[11] = ['pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pageable', 'pinned', 'pinned', 'pinned']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 3
array hline_panel[3]
array hline_y[3]
array hline_color[3]
array hline_line[3]
array hline_where[3]
array hline_label[3]
hline_panel[1] = 1; hline_y[1] = 63.0154; hline_color[1] = ''; hline_line[1] = 'link'; hline_where[1] = 'left-below'; hline_label[1] = 'PCIe raw rate 63.02 GB/s'
hline_panel[2] = 2; hline_y[2] = 63.0154; hline_color[2] = ''; hline_line[2] = 'link'; hline_where[2] = 'left-below'; hline_label[2] = 'PCIe raw rate 63.02 GB/s'
hline_panel[3] = 5; hline_y[3] = 1; hline_color[3] = ''; hline_line[3] = 'guide'; hline_where[3] = 'right-below'; hline_label[3] = '1 copy'
panel_axes = 1
array panel_log_y[5]
array panel_y_label[5]
array panel_x_min[5]
array panel_x_max[5]
panel_log_y[1] = 0; panel_y_label[1] = 'GB/s (median)'
panel_x_min[1] = 2925.7142857142858; panel_x_max[1] = 375809638.39999998
panel_log_y[2] = 0; panel_y_label[2] = 'GB/s (median)'
panel_x_min[2] = 2925.7142857142858; panel_x_max[2] = 375809638.39999998
panel_log_y[3] = 1; panel_y_label[3] = 'µs per copy (pipelined)'
panel_x_min[3] = 2925.7142857142858; panel_x_max[3] = 1468006.3999999999
panel_log_y[4] = 1; panel_y_label[4] = 'ms per buffer (median)'
panel_x_min[4] = 2925.7142857142858; panel_x_max[4] = 375809638.39999998
panel_log_y[5] = 1; panel_y_label[5] = 'copies of that size'
panel_x_min[5] = 2925.7142857142858; panel_x_max[5] = 375809638.39999998
nkeys = 4
key_cols = 4
key_rows = 1
key_max_chars = 21
array key_color[4] = ['pageable', 'pinned', '', '']
array key_line[4] = ['h2d', 'h2d', 'h2d', 'd2h']
array key_point[4] = ['pageable', 'pinned', '', '']
array key_title[4] = ['pageable', 'pinned', 'solid: host → device', 'dashed: device → host']
nnotes = 3
note_cols = 1
note_rows = 3
note_max_chars = 66
array note_color[3] = ['-', '', '-']
array note_line[3] = ['', 'alloc+free', '']
array note_point[3] = ['', '', '']
array note_title[3] = ['bars: 95 % prediction interval of another sample (n = 4–15)', 'dotted: alloc + free of one pinned buffer, of no direction', 'break-even: no point where pinned is not faster (h2d 4 KiB–16 KiB)']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0
y_max = 1
y_tics = 'autofreq'
array panel_y_min[5]
array panel_y_max[5]
array panel_y_tics[5]
panel_y_min[1] = 0; panel_y_max[1] = 70
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 70
panel_y_tics[2] = 'autofreq'
panel_y_min[3] = 5; panel_y_max[3] = 200
panel_y_tics[3] = '("5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200)'
panel_y_min[4] = 0.002; panel_y_max[4] = 200
panel_y_tics[4] = '("0.01" 0.01, "0.1" 0.10000000000000001, "1" 1, "10" 10, "100" 100)'
panel_y_min[5] = 0.10000000000000001; panel_y_max[5] = 20
panel_y_tics[5] = '("0.1" 0.10000000000000001, "0.2" 0.20000000000000001, "0.5" 0.5, "1" 1, "2" 2, "5" 5, "10" 10, "20" 20)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
