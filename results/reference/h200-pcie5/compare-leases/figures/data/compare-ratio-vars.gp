# compare-ratio-vars.gp - written by pinsweep for plots/compare-ratio.gp (see src/figures/kit/gnuplot_vars.c)
fig_title = 'default: bandwidth relative to 2026-12-02, 3 rounds'
fig_detail = 'reuse, cache warm, pages prefaulted'
fig_machine = 'H200, PCIe Gen5 x16, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'bandwidth ÷ the baseline''s'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/compare-leases/figures'
log_y = 1
npanels = 4
nblocks = 6
array panel_title[4]
array panel_file[4]
array panel_over_file[4]
panel_title[1] = 'host → device, sync: pageable'
panel_file[1] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-h2d-pageable.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-h2d-pageable-overlay.dat'
panel_title[2] = 'device → host, sync: pageable'
panel_file[2] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-d2h-pageable.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-d2h-pageable-overlay.dat'
panel_title[3] = 'host → device, sync: page-locked kinds'
panel_file[3] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-h2d-page-locked.dat'
panel_over_file[3] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-h2d-page-locked-overlay.dat'
panel_title[4] = 'device → host, sync: page-locked kinds'
panel_file[4] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-d2h-page-locked.dat'
panel_over_file[4] = 'results/reference/h200-pcie5/compare-leases/figures/data/compare-ratio-d2h-page-locked-overlay.dat'
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
array panel_first[4] = [1, 2, 3, 4]
array panel_nblocks[4] = [1, 1, 1, 3]
array panel_over_first[4] = [1, 1, 1, 1]
array panel_nover[4] = [0, 0, 0, 0]
array block_npoints[6] = [19, 19, 19, 19, 2, 1]
array block_minrun[6] = [19, 19, 19, 19, 1, 1]
array band_npoints[4] = [0, 0, 0, 0]
array block_color[6] = ['machine:2', 'machine:2', 'machine:2', 'machine:2', 'machine:2', 'machine:2']
array block_line[6] = ['machine:2', 'machine:2', 'machine:2', 'machine:2', 'machine:2', 'machine:2']
array block_point[6] = ['machine:2/pageable', 'machine:2/pageable', 'machine:2/page-locked', 'machine:2/page-locked', 'machine:2/mallochost', 'machine:2/write-combined']
array over_color[1] = ['']
array over_line[1] = ['']
nhlines = 4
array hline_panel[4]
array hline_y[4]
array hline_color[4]
array hline_line[4]
array hline_where[4]
array hline_label[4]
hline_panel[1] = 1; hline_y[1] = 1; hline_color[1] = ''; hline_line[1] = 'guide'; hline_where[1] = 'right-above'; hline_label[1] = ''
hline_panel[2] = 2; hline_y[2] = 1; hline_color[2] = ''; hline_line[2] = 'guide'; hline_where[2] = 'right-above'; hline_label[2] = ''
hline_panel[3] = 3; hline_y[3] = 1; hline_color[3] = ''; hline_line[3] = 'guide'; hline_where[3] = 'right-above'; hline_label[3] = ''
hline_panel[4] = 4; hline_y[4] = 1; hline_color[4] = ''; hline_line[4] = 'guide'; hline_where[4] = 'right-above'; hline_label[4] = ''
nkeys = 2
key_cols = 2
key_rows = 1
key_max_chars = 26
array key_color[2] = ['machine:2', '']
array key_line[2] = ['machine:2', 'guide']
array key_point[2] = ['', '']
array key_title[2] = ['2026-11-29, 10 samples', '1: as fast as the baseline']
nnotes = 10
note_cols = 1
note_rows = 10
note_max_chars = 116
array note_color[10] = ['', '', '', '', '-', '-', '-', '-', '-', '-']
array note_line[10] = ['machine:2', 'machine:2', 'machine:2', 'machine:2', '', '', '', '', '', '']
array note_point[10] = ['machine:2/pageable', 'machine:2/mallochost', 'machine:2/write-combined', 'machine:2/page-locked', '', '', '', '', '', '']
array note_title[10] = ['pageable', 'mallochost', 'write-combined', '6 page-locked kinds within 14.6%: pinned, mallochost, portable, write-combined, mapped, registered', 'a point off a merged line: that kind''s own ratio, significant there', 'a merged line: its members'' median ratio, without bars as their intervals differ; each holds 1 but those drawn apart', 'each row of panels has the axis its values need; a bar may run past it', 'bars: the ratio''s 95 % prediction interval (its medians'' intervals in quadrature); missing 1: significant', 'bars: 2026-12-02, 3 rounds''s medians: 95 % prediction interval of another round''s median (3 rounds)', 'bars: 2026-11-29, 10 samples''s medians: 95 % prediction interval of another sample (n = 10, one round)']
x_min = 2925.7142857142858
x_max = 1503238553.5999999
y_min = 0.66666666666666663
y_max = 1.5
y_tics = '("1" 1, "1.1" 1.1000000000000001, "1.2" 1.2, "1.5" 1.5, "0.9" 0.90000000000000002, "0.8" 0.80000000000000004)'
array panel_y_min[4]
array panel_y_max[4]
array panel_y_tics[4]
panel_y_min[1] = 0.66666666666666663; panel_y_max[1] = 1.5
panel_y_tics[1] = '("1" 1, "1.1" 1.1000000000000001, "1.2" 1.2, "1.5" 1.5, "0.9" 0.90000000000000002, "0.8" 0.80000000000000004)'
panel_y_min[2] = 0.66666666666666663; panel_y_max[2] = 1.5
panel_y_tics[2] = '("1" 1, "1.1" 1.1000000000000001, "1.2" 1.2, "1.5" 1.5, "0.9" 0.90000000000000002, "0.8" 0.80000000000000004)'
panel_y_min[3] = 0.83333333333333337; panel_y_max[3] = 1.2
panel_y_tics[3] = '("1" 1, "1.05" 1.05, "1.1" 1.1000000000000001, "1.2" 1.2, "0.95" 0.94999999999999996, "0.9" 0.90000000000000002)'
panel_y_min[4] = 0.83333333333333337; panel_y_max[4] = 1.2
panel_y_tics[4] = '("1" 1, "1.05" 1.05, "1.1" 1.1000000000000001, "1.2" 1.2, "0.95" 0.94999999999999996, "0.9" 0.90000000000000002)'
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456, "" 536870912 1, "1G" 1073741824)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456, "" 536870912 1, "1G" 1073741824)'
size_tics_tex = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456, "" 536870912 1, "" 1073741824 1)'
