# compare-bandwidth-vars.gp - written by pinsweep for plots/compare-bandwidth.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'default: copy bandwidth of 2 runs on machines of one type'
fig_detail = 'reuse, cache warm, pages prefaulted'
fig_machine = 'H200, PCIe Gen5 x16, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copy bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/compare-leases/figures'
log_y = 0
npanels = 2
nblocks = 8
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-bandwidth-h2d-overlay.dat'
panel_title[2] = 'device → host, sync'
panel_file[2] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-bandwidth-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-bandwidth-d2h-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 5]
array panel_nblocks[2] = [4, 4]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_npoints[8] = [19, 19, 19, 19, 19, 19, 19, 19]
array block_minrun[8] = [19, 19, 19, 19, 19, 19, 19, 19]
array band_npoints[2] = [0, 0]
array block_color[8] = ['machine:1', 'machine:2', 'machine:1', 'machine:2', 'machine:1', 'machine:2', 'machine:1', 'machine:2']
array block_line[8] = ['machine:1', 'machine:2', 'machine:1', 'machine:2', 'machine:1', 'machine:2', 'machine:1', 'machine:2']
array block_point[8] = ['machine:1/pageable', 'machine:2/pageable', 'machine:1/page-locked', 'machine:2/page-locked', 'machine:1/pageable', 'machine:2/pageable', 'machine:1/page-locked', 'machine:2/page-locked']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 4
array hline_panel[4]
array hline_y[4]
array hline_color[4]
array hline_line[4]
array hline_where[4]
array hline_label[4]
hline_panel[1] = 1; hline_y[1] = 63.0154; hline_color[1] = 'machine:1'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'Gen5 x16: 63.02 GB/s'
hline_panel[2] = 1; hline_y[2] = 63.0154; hline_color[2] = 'machine:2'; hline_line[2] = 'link'; hline_where[2] = 'right-above'; hline_label[2] = ''
hline_panel[3] = 2; hline_y[3] = 63.0154; hline_color[3] = 'machine:1'; hline_line[3] = 'link'; hline_where[3] = 'right-above'; hline_label[3] = 'Gen5 x16: 63.02 GB/s'
hline_panel[4] = 2; hline_y[4] = 63.0154; hline_color[4] = 'machine:2'; hline_line[4] = 'link'; hline_where[4] = 'right-above'; hline_label[4] = ''
nkeys = 2
key_cols = 2
key_rows = 1
key_max_chars = 46
array key_color[2] = ['machine:1', 'machine:2']
array key_line[2] = ['machine:1', 'machine:2']
array key_point[2] = ['', '']
array key_title[2] = ['2026-12-02, 3 rounds — baseline: filled points', '2026-11-29, 10 samples: open points']
nnotes = 6
note_cols = 1
note_rows = 6
note_max_chars = 98
array note_color[6] = ['', '', '-', '', '-', '-']
array note_line[6] = ['machine:1', 'machine:1', '', 'link', '', '']
array note_point[6] = ['machine:1/pageable', 'machine:1/page-locked', '', '', '', '']
array note_title[6] = ['pageable', '6 page-locked kinds within 14.0%: pinned, mallochost, portable, write-combined, mapped, registered', 'a merged line''s bars: its members'' lowest to highest end', 'thin: PCIe link, raw rate', 'bars: 2026-12-02, 3 rounds: 95 % prediction interval of another round''s median (3 rounds)', 'bars: 2026-11-29, 10 samples: 95 % prediction interval of another sample (n = 10, one round)']
x_min = 2925.7142857142858
x_max = 1503238553.5999999
y_min = 0
y_max = 70
y_tics = 'autofreq'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0; panel_y_max[1] = 70
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 70
panel_y_tics[2] = 'autofreq'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456, "" 536870912 1, "1G" 1073741824)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456, "" 536870912 1, "1G" 1073741824)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456, "" 536870912 1, "" 1073741824 1)'
