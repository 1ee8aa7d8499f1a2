# reuse-vs-reallocate-vars.gp - written by `pinsweep plot` for plots/reuse-vs-reallocate.gp (see src/plot.c)
fig_title = 'full-sweep: reuse vs reallocate'
fig_detail = 'a cycle: alloc + fill + copy + free'
fig_machine = 'NVIDIA H200, vm'
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
npanels = 3
nblocks = 42
nkeys = 12
key_cols = 3
key_max_chars = 30
array panel_title[3]
array panel_file[3]
panel_title[1] = 'host → device, async'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-h2d.dat'
panel_title[2] = 'device → host, async'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-d2h.dat'
panel_title[3] = 'bidirectional (sum), async'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/reuse-vs-reallocate-bidir.dat'
array panel_first[3] = [1, 15, 29]
array panel_nblocks[3] = [14, 14, 14]
array block_alloc[42] = ['pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered', 'pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered']
array block_buffer[42] = ['reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate']
array block_api[42] = ['async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async']
array key_alloc[12] = ['pageable', 'portable', 'registered', '', 'pinned', 'write-combined', '-', '', 'mallochost', 'mapped', '-', '-']
array key_buffer[12] = ['reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', '', 'reallocate', 'reuse', 'reuse', '', '']
array key_api[12] = ['async', 'async', 'async', '', 'async', 'async', '', '', 'async', 'async', '', '']
array key_title[12] = ['pageable', 'portable', 'registered', 'reuse: copy bandwidth', 'pinned', 'write-combined', ' ', 'reallocate: bytes ÷ cycle time', 'mallochost', 'mapped', ' ', ' ']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0.002
y_max = 200
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
