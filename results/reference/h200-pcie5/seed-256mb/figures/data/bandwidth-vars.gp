# bandwidth-vars.gp - written by `pinsweep plot` for plots/bandwidth.gp (see src/plot.c)
fig_title = 'seed-256mb: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
out_dir = 'results/reference/h200-pcie5/seed-256mb/figures'
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
array panel_first[2] = [1, 3]
array panel_nblocks[2] = [2, 2]
array panel_over_first[2] = [1, 2]
array panel_nover[2] = [1, 1]
array block_alloc[4] = ['pageable', 'pinned', 'pageable', 'pinned']
array block_line[4] = ['reuse', 'reuse', 'reuse', 'reuse']
array block_api[4] = ['sync', 'sync', 'sync', 'sync']
array over_alloc[2] = ['host', 'host']
array over_line[2] = ['ceiling', 'ceiling']
nkeys = 2
key_cols = 2
key_rows = 1
key_max_chars = 8
array key_alloc[2] = ['pageable', 'pinned']
array key_line[2] = ['reuse', 'reuse']
array key_api[2] = ['sync', 'sync']
array key_title[2] = ['pageable', 'pinned']
nnotes = 1
note_cols = 1
note_rows = 1
note_max_chars = 40
array note_alloc[1] = ['host']
array note_line[1] = ['ceiling']
array note_api[1] = ['']
array note_title[1] = ['host memcpy, 1 thread (pageable ceiling)']
x_min = 182857142.85714287
x_max = 358400000
y_min = 0
y_max = 60
size_tics = '("256M" 268435456)'
size_tics_wide = '("256M" 268435456)'
