# placement-vars.gp - written by pinsweep for plots/placement.gp (see src/plot_fig.c)
fig_title = 'placement: copy bandwidth by NUMA binding and page size'
fig_detail = 'reuse, sync; NUMA node 0 held every buffer'
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'copy bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/report-beyond/figures'
log_y = 0
npanels = 2
nblocks = 16
out_prefix = 'F4-'
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/placement-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/placement-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/placement-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/report-beyond/figures/data/F4/placement-d2h-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 0
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 0
y2 = 0
array panel_first[2] = [1, 9]
array panel_nblocks[2] = [8, 8]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_color[16] = ['pageable', 'pageable', 'pageable', 'pageable', 'registered', 'registered', 'registered', 'registered', 'pageable', 'pageable', 'pageable', 'pageable', 'registered', 'registered', 'registered', 'registered']
array block_line[16] = ['default', 'default', 'thp', 'thp', 'default', 'default', 'thp', 'thp', 'default', 'default', 'thp', 'thp', 'default', 'default', 'thp', 'thp']
array block_point[16] = ['numa:any', 'numa:auto', 'numa:any', 'numa:auto', 'numa:any', 'numa:auto', 'numa:any', 'numa:auto', 'numa:any', 'numa:auto', 'numa:any', 'numa:auto', 'numa:any', 'numa:auto', 'numa:any', 'numa:auto']
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
key_max_chars = 10
array key_color[2] = ['pageable', 'registered']
array key_line[2] = ['default', 'default']
array key_point[2] = ['pageable', 'registered']
array key_title[2] = ['pageable', 'registered']
nnotes = 6
note_cols = 2
note_rows = 3
note_max_chars = 52
array note_color[6] = ['', '', '-', '', '', '-']
array note_line[6] = ['default', '', '', 'thp', '', '']
array note_point[6] = ['', 'numa:any', '', '', 'numa:auto', '']
array note_title[6] = ['default pages (4 KiB)', 'numa any: not bound', '24 configurations skipped or failed: see summary.csv', 'thp: transparent huge pages', 'numa auto: the GPU''s node', ' ']
x_min = 748982.85714285716
x_max = 375809638.39999998
y_min = 0
y_max = 60
y_tics = 'autofreq'
array panel_y_min[2]
array panel_y_max[2]
array panel_y_tics[2]
panel_y_min[1] = 0; panel_y_max[1] = 60
panel_y_tics[1] = 'autofreq'
panel_y_min[2] = 0; panel_y_max[2] = 60
panel_y_tics[2] = 'autofreq'
size_tics = '("1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608, "16M" 16777216, "32M" 33554432, "64M" 67108864, "128M" 134217728, "256M" 268435456)'
size_tics_tex = '("1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
