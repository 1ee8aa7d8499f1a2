# bandwidth-vars.gp - written by pinsweep for plots/bandwidth.gp (see src/plot_fig.c)
fig_title = 'seed-256mb: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
x_label = 'transfer size (bytes, 1K = 1024)'
y_label = 'bandwidth (GB/s = 10⁹ B/s)'
x_tics = ''
out_dir = 'results/reference/h200-pcie5/seed-256mb/figures'
log_y = 0
npanels = 2
nblocks = 4
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/seed-256mb/figures/data/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/seed-256mb/figures/data/bandwidth-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/seed-256mb/figures/data/bandwidth-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/seed-256mb/figures/data/bandwidth-d2h-overlay.dat'
array panel_nband[2]
array panel_band_file[2]
array band_color[2]
array band_point[2]
array panel_link[2]
panel_nband[1] = 0; panel_band_file[1] = ''; band_color[1] = ''; band_point[1] = ''; panel_link[1] = 63.015384615384619
panel_nband[2] = 0; panel_band_file[2] = ''; band_color[2] = ''; band_point[2] = ''; panel_link[2] = 63.015384615384619
y2 = 1
array panel_first[2] = [1, 3]
array panel_nblocks[2] = [2, 2]
array panel_over_first[2] = [1, 2]
array panel_nover[2] = [1, 1]
array block_color[4] = ['pageable', 'pinned', 'pageable', 'pinned']
array block_line[4] = ['pageable', 'pinned', 'pageable', 'pinned']
array block_point[4] = ['pageable', 'pinned', 'pageable', 'pinned']
array over_color[2] = ['host', 'host']
array over_line[2] = ['ceiling', 'ceiling']
nhlines = 4
array hline_panel[4]
array hline_y[4]
array hline_color[4]
array hline_line[4]
array hline_where[4]
array hline_label[4]
hline_panel[1] = 1; hline_y[1] = 63.015384615384619; hline_color[1] = 'link'; hline_line[1] = 'link'; hline_where[1] = 'right-above'; hline_label[1] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[2] = 1; hline_y[2] = 58.449052396878486; hline_color[2] = 'link'; hline_line[2] = 'practical'; hline_where[2] = 'left-above'; hline_label[2] = 'practical ceiling, 256 B packets: 58.45 GB/s'
hline_panel[3] = 2; hline_y[3] = 63.015384615384619; hline_color[3] = 'link'; hline_line[3] = 'link'; hline_where[3] = 'right-above'; hline_label[3] = 'PCIe Gen5 x16 raw: 63.02 GB/s'
hline_panel[4] = 2; hline_y[4] = 57.614065934065934; hline_color[4] = 'link'; hline_line[4] = 'practical'; hline_where[4] = 'left-above'; hline_label[4] = 'practical ceiling, 256 B packets: 57.61 GB/s'
nkeys = 2
key_cols = 2
key_rows = 1
key_max_chars = 8
array key_color[2] = ['pageable', 'pinned']
array key_line[2] = ['pageable', 'pinned']
array key_point[2] = ['pageable', 'pinned']
array key_title[2] = ['pageable', 'pinned']
nnotes = 2
note_cols = 1
note_rows = 2
note_max_chars = 55
array note_color[2] = ['-', 'host']
array note_line[2] = ['', 'ceiling']
array note_point[2] = ['', '']
array note_title[2] = ['bars: min–max of 20 samples', 'single-thread host memcpy (a pageable copy''s host side)']
x_min = 182857142.85714287
x_max = 358400000
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
size_tics = '("256M" 268435456)'
size_tics_wide = '("256M" 268435456)'
size_tics_tex = '("256M" 268435456)'
