# bandwidth-vars.gp - written by `pinsweep plot` for plots/bandwidth.gp (see src/plot.c)
fig_title = 'full-sweep: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
out_dir = 'results/reference/h200-pcie5/full-sweep/figures'
npanels = 3
nblocks = 70
nkeys = 28
key_cols = 4
key_max_chars = 33
array panel_title[3]
array panel_file[3]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-h2d.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-d2h.dat'
panel_title[3] = 'bidirectional (sum)'
panel_file[3] = 'results/reference/h200-pcie5/full-sweep/figures/data/bandwidth-bidir.dat'
array panel_first[3] = [1, 29, 57]
array panel_nblocks[3] = [28, 28, 14]
array block_alloc[70] = ['pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned', 'mallochost', 'mallochost', 'mallochost', 'mallochost', 'portable', 'portable', 'portable', 'portable', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'mapped', 'mapped', 'mapped', 'mapped', 'registered', 'registered', 'registered', 'registered', 'pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned', 'mallochost', 'mallochost', 'mallochost', 'mallochost', 'portable', 'portable', 'portable', 'portable', 'write-combined', 'write-combined', 'write-combined', 'write-combined', 'mapped', 'mapped', 'mapped', 'mapped', 'registered', 'registered', 'registered', 'registered', 'pageable', 'pageable', 'pinned', 'pinned', 'mallochost', 'mallochost', 'portable', 'portable', 'write-combined', 'write-combined', 'mapped', 'mapped', 'registered', 'registered']
array block_buffer[70] = ['reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate', 'reuse', 'reallocate']
array block_api[70] = ['sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'async']
array key_alloc[28] = ['pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered', 'pageable', 'pinned', 'mallochost', 'portable', 'write-combined', 'mapped', 'registered']
array key_buffer[28] = ['reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate', 'reallocate']
array key_api[28] = ['sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'async', 'async', 'async', 'async', 'async', 'async', 'async', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'sync', 'async', 'async', 'async', 'async', 'async', 'async', 'async']
array key_title[28] = ['pageable, reuse, sync', 'pinned, reuse, sync', 'mallochost, reuse, sync', 'portable, reuse, sync', 'write-combined, reuse, sync', 'mapped, reuse, sync', 'registered, reuse, sync', 'pageable, reuse, async', 'pinned, reuse, async', 'mallochost, reuse, async', 'portable, reuse, async', 'write-combined, reuse, async', 'mapped, reuse, async', 'registered, reuse, async', 'pageable, reallocate, sync', 'pinned, reallocate, sync', 'mallochost, reallocate, sync', 'portable, reallocate, sync', 'write-combined, reallocate, sync', 'mapped, reallocate, sync', 'registered, reallocate, sync', 'pageable, reallocate, async', 'pinned, reallocate, async', 'mallochost, reallocate, async', 'portable, reallocate, async', 'write-combined, reallocate, async', 'mapped, reallocate, async', 'registered, reallocate, async']
x_min = 2925.7142857142858
x_max = 375809638.39999998
y_min = 0
y_max = 110
size_tics = '("4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1, "" 67108864 1, "" 134217728 1, "256M" 268435456)'
size_tics_wide = '("4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1, "64M" 67108864, "" 134217728 1, "256M" 268435456)'
