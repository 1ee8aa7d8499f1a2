# bandwidth-vars.gp - written by `pinsweep plot` for plots/bandwidth.gp (see src/plot.c)
fig_title = 'small-transfers: copy bandwidth'
fig_detail = ''
fig_machine = 'NVIDIA H200, vm'
out_dir = 'results/reference/h200-pcie5/small-transfers/figures'
npanels = 2
nblocks = 8
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/bandwidth-d2h-overlay.dat'
array panel_first[2] = [1, 5]
array panel_nblocks[2] = [4, 4]
array panel_over_first[2] = [1, 6]
array panel_nover[2] = [5, 5]
array block_alloc[8] = ['pageable', 'pageable', 'pinned', 'pinned', 'pageable', 'pageable', 'pinned', 'pinned']
array block_line[8] = ['reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse', 'reuse']
array block_api[8] = ['sync', 'async', 'sync', 'async', 'sync', 'async', 'sync', 'async']
array over_alloc[10] = ['pageable', 'pageable', 'pinned', 'pinned', 'host', 'pageable', 'pageable', 'pinned', 'pinned', 'host']
array over_line[10] = ['fit', 'fit', 'fit', 'fit', 'ceiling', 'fit', 'fit', 'fit', 'fit', 'ceiling']
nkeys = 4
key_cols = 2
key_rows = 2
key_max_chars = 15
array key_alloc[4] = ['pageable', 'pinned', 'pageable', 'pinned']
array key_line[4] = ['reuse', 'reuse', 'reuse', 'reuse']
array key_api[4] = ['sync', 'sync', 'async', 'async']
array key_title[4] = ['pageable, sync', 'pinned, sync', 'pageable, async', 'pinned, async']
nnotes = 2
note_cols = 2
note_rows = 1
note_max_chars = 67
array note_alloc[2] = ['', 'host']
array note_line[2] = ['fit', 'ceiling']
array note_api[2] = ['', '']
array note_title[2] = ['dotted: fit t0 + n/B', 'host memcpy via a 2 MiB staging buffer, 1 thread (pageable ceiling)']
x_min = 714.28571428571433
x_max = 89600000
y_min = 0
y_max = 110
size_tics = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "" 8388608 1, "16M" 16777216, "" 33554432 1)'
size_tics_wide = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1, "16M" 16777216, "" 33554432 1)'
