# reuse-vs-reallocate-vars.gp - written by `pinsweep plot` for plots/reuse-vs-reallocate.gp (see src/plot.c)
fig_title = 'reuse-vs-reallocate: reuse vs reallocate'
fig_detail = 'a cycle: alloc + fill + copy + free'
fig_machine = 'NVIDIA H200, vm'
out_dir = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures'
npanels = 2
nblocks = 16
nkeys = 9
key_cols = 3
key_max_chars = 30
array panel_title[2]
array panel_file[2]
panel_title[1] = 'host → device, sync'
panel_file[1] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-h2d.dat'
panel_title[2] = 'device → host, sync'
panel_file[2] = 'results/reference/h200-pcie5/reuse-vs-reallocate/figures/data/reuse-vs-reallocate-d2h.dat'
array panel_first[2] = [1, 9]
array panel_nblocks[2] = [8, 8]
array block_alloc[16] = ['pageable', 'pageable', 'pinned', 'pinned', 'write-combined', 'write-combined', 'registered', 'registered', 'pageable', 'pageable', 'pinned', 'pinned', 'write-combined', 'write-combined', 'registered', 'registered']
array block_buffer[16] = ['reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate']
array block_api[16] = ['sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync']
array key_alloc[9] = ['pageable', 'registered', '', 'pinned', '-', '', 'write-combined', '-', '-']
array key_buffer[9] = ['reuse', 'reuse', 'reuse', 'reuse', '', 'reallocate', 'reuse', '', '']
array key_api[9] = ['sync', 'sync', '', 'sync', '', '', 'sync', '', '']
array key_title[9] = ['pageable', 'registered', 'reuse: copy bandwidth', 'pinned', ' ', 'reallocate: bytes ÷ cycle time', 'write-combined', ' ', ' ']
x_min = 46811.428571428572
x_max = 375809638.39999998
y_min = 0.02
y_max = 100
size_tics = '("64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
