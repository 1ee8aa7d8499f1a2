# reallocate-time-vars.gp - written by `pinsweep plot` for plots/reallocate-time.gp (see src/plot.c)
fig_title = 'full-sweep: time of a reallocate cycle'
fig_detail = 'host → device, async'
fig_machine = 'NVIDIA H200, vm'
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
npanels = 3
nblocks = 3
nkeys = 0
key_cols = 1
key_max_chars = 0
array panel_title[3]
array panel_file[3]
panel_title[1] = 'pageable'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/reallocate-time-pageable.dat'
panel_title[2] = 'pinned'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/reallocate-time-pinned.dat'
panel_title[3] = 'registered'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/reallocate-time-registered.dat'
array panel_first[3] = [1, 2, 3]
array panel_nblocks[3] = [1, 1, 1]
array block_alloc[3] = ['pageable', 'pinned', 'registered']
array block_buffer[3] = ['reallocate', 'reallocate', 'reallocate']
array block_api[3] = ['async', 'async', 'async']
array key_alloc[1] = ['']
array key_buffer[1] = ['']
array key_api[1] = ['']
array key_title[1] = ['']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 5.0000000000000002e-05
y_max = 200
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
