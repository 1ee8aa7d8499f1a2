# bandwidth-vars.gp - written by pinsweep for plots/bandwidth.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'full-sweep: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
log_y = 0
npanels = 5
nblocks = 20
array panel_title[5]
array panel_file[5]
array panel_over_file[5]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d-overlay.dat'
panel_title[2] = 'host → device, async'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d-async.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d-async-overlay.dat'
panel_title[3] = 'device → host, sync'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h-overlay.dat'
panel_title[4] = 'device → host, async'
panel_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h-async.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h-async-overlay.dat'
panel_title[5] = 'bidirectional (sum), async'
panel_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-bidir-async.dat'
panel_over_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-bidir-async-overlay.dat'
array panel_nband[5]
array panel_band_file[5]
array band_color[5]
array band_point[5]
array panel_link[5]
panel_nband[1] = 1; panel_band_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d-band.dat'; band_color[1] = 'page-locked'; band_point[1] = 'page-locked'; panel_link[1] = 63.0154
panel_nband[2] = 1; panel_band_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d-async-band.dat'; band_color[2] = 'page-locked'; band_point[2] = 'page-locked'; panel_link[2] = 63.0154
panel_nband[3] = 1; panel_band_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h-band.dat'; band_color[3] = 'page-locked'; band_point[3] = 'page-locked'; panel_link[3] = 63.0154
panel_nband[4] = 1; panel_band_file[4] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h-async-band.dat'; band_color[4] = 'page-locked'; band_point[4] = 'page-locked'; panel_link[4] = 63.0154
panel_nband[5] = 1; panel_band_file[5] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-bidir-async-band.dat'; band_color[5] = 'page-locked'; band_point[5] = 'page-locked'; panel_link[5] = 126.0308
y2 = 1
array panel_first[5] = [1, 5, 9, 13, 17]
array panel_nblocks[5] = [4, 4, 4, 4, 4]
array panel_over_first[5] = [1, 3, 6, 9, 12]
array panel_nover[5] = [2, 3, 3, 3, 0]
array block_npoints[20] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array block_minrun[20] = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]
array band_npoints[5] = [9, 9, 9, 9, 9]
array block_color[20] = ['pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered']
array block_line[20] = ['pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered']
array block_point[20] = ['pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered', 'pageable', 'write-combined', 'mapped', 'registered']
array over_color[11] = ['write-combined', 'mapped', 'write-combined', 'mapped', 'registered', 'write-combined', 'mapped', 'registered', 'write-combined', 'mapped', 'registered']
array over_line[11] = ['fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit', 'fit']
nhlines = 10
array hline_panel[10]
array hline_y[10]
array hline_color[10]
array hline_line[10]
array hline_where[10]
array hline_label[10]
hline_panel[1] = 1; hline_y[1] = 63.0154; hline_color[1] = 'link'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[2] = 1; hline_y[2] = 58.449066666666667; hline_color[2] = 'link'; hline_line[2] = 'practical'; hline_where[2] = 'left-above'; hline_label[2] = 'practical ceiling (MPS 256 B, read): 58.45 GB/s'
hline_panel[3] = 2; hline_y[3] = 63.0154; hline_color[3] = 'link'; hline_line[3] = 'link'; hline_where[3] = 'right-above'; hline_label[3] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[4] = 2; hline_y[4] = 58.449066666666667; hline_color[4] = 'link'; hline_line[4] = 'practical'; hline_where[4] = 'left-above'; hline_label[4] = 'practical ceiling (MPS 256 B, read): 58.45 GB/s'
hline_panel[5] = 3; hline_y[5] = 63.0154; hline_color[5] = 'link'; hline_line[5] = 'link'; hline_where[5] = 'right-above'; hline_label[5] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[6] = 3; hline_y[6] = 57.614080000000001; hline_color[6] = 'link'; hline_line[6] = 'practical'; hline_where[6] = 'left-above'; hline_label[6] = 'practical ceiling (MPS 256 B, read): 57.61 GB/s'
hline_panel[7] = 4; hline_y[7] = 63.0154; hline_color[7] = 'link'; hline_line[7] = 'link'; hline_where[7] = 'right-above'; hline_label[7] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[8] = 4; hline_y[8] = 57.614080000000001; hline_color[8] = 'link'; hline_line[8] = 'practical'; hline_where[8] = 'left-above'; hline_label[8] = 'practical ceiling (MPS 256 B, read): 57.61 GB/s'
hline_panel[9] = 5; hline_y[9] = 126.0308; hline_color[9] = 'link'; hline_line[9] = 'link'; hline_where[9] = 'right-above'; hline_label[9] = 'PCIe Gen5 x16 raw, both directions: 126.03 GB/s'
hline_panel[10] = 5; hline_y[10] = 116.06314666666667; hline_color[10] = 'link'; hline_line[10] = 'practical'; hline_where[10] = 'left-above'; hline_label[10] = 'practical ceiling (MPS 256 B, read): 116.06 GB/s'
nkeys = 5
key_cols = 1
key_rows = 5
key_max_chars = 78
array key_color[5] = ['pageable', 'write-combined', 'mapped', 'registered', 'page-locked']
array key_line[5] = ['pageable', 'write-combined', 'mapped', 'registered', 'band']
array key_point[5] = ['pageable', 'write-combined', 'mapped', 'registered', 'page-locked']
array key_title[5] = ['pageable', 'write-combined', 'mapped', 'registered', '3 page-locked kinds within 10.5% (10.3% from 1M): pinned, mallochost, portable']
nnotes = 3
note_cols = 1
note_rows = 3
note_max_chars = 61
array note_color[3] = ['-', '-', '']
array note_line[3] = ['', '', 'fit']
array note_point[3] = ['', '', '']
array note_title[3] = ['bars: 95 % prediction interval of another sample (n = 7)', 'band: its members'' lowest to highest median', 'dotted, in a curve''s colour: its fit t0 + n/B (residual < 5%)']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0
y_max = 70
y_tics = 'autofreq'
array panel_y_min[5]
array panel_y_max[5]
array panel_y_tics[5]
panel_y_min[1] = 0; panel_y_max[1] = 70
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 70
panel_y_tics[2] = 'autofreq'
panel_y_min[3] = 0; panel_y_max[3] = 70
panel_y_tics[3] = 'autofreq'
panel_y_min[4] = 0; panel_y_max[4] = 70
panel_y_tics[4] = 'autofreq'
panel_y_min[5] = 0; panel_y_max[5] = 140
panel_y_tics[5] = 'autofreq'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
