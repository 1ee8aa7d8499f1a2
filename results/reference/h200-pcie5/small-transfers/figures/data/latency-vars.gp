# latency-vars.gp - written by `pinsweep plot` for plots/latency.gp (see src/plot.c)
fig_title = 'small-transfers: time per copy'
fig_detail = 'reuse, sizes up to 16M'
fig_machine = 'NVIDIA H200, vm'
out_dir = 'results/reference/h200-pcie5/small-transfers/figures'
npanels = 2
nblocks = 16
array panel_title[2]
array panel_file[2]
array panel_over_file[2]
panel_title[1] = 'host → device'
panel_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-h2d.dat'
panel_over_file[1] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-h2d-overlay.dat'
panel_title[2] = 'device → host'
panel_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-d2h.dat'
panel_over_file[2] = 'results/reference/h200-pcie5/small-transfers/figures/data/latency-d2h-overlay.dat'
array panel_first[2] = [1, 9]
array panel_nblocks[2] = [8, 8]
array panel_over_first[2] = [1, 1]
array panel_nover[2] = [0, 0]
array block_alloc[16] = ['pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned', 'pageable', 'pageable', 'pageable', 'pageable', 'pinned', 'pinned', 'pinned', 'pinned']
array block_line[16] = ['pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip', 'pipelined', 'roundtrip']
array block_api[16] = ['sync', 'sync', 'async', 'async', 'sync', 'sync', 'async', 'async', 'sync', 'sync', 'async', 'async', 'sync', 'sync', 'async', 'async']
array over_alloc[1] = ['']
array over_line[1] = ['']
nkeys = 2
key_cols = 2
key_rows = 1
key_max_chars = 8
array key_alloc[2] = ['pageable', 'pinned']
array key_line[2] = ['pipelined', 'pipelined']
array key_api[2] = ['', '']
array key_title[2] = ['pageable', 'pinned']
nnotes = 4
note_cols = 2
note_rows = 2
note_max_chars = 45
array note_alloc[4] = ['', '', '', '']
array note_line[4] = ['pipelined', 'pipelined', 'pipelined', 'roundtrip']
array note_api[4] = ['sync', '', 'async', '']
array note_title[4] = ['sync: cudaMemcpy', 'pipelined: event time ÷ copies', 'async: cudaMemcpyAsync', 'round trip: one copy, waited for (host clock)']
x_min = 714.28571428571433
x_max = 22466504.199999999
y_min = 1
y_max = 2000
y_tics = '("1" 1, "2" 2, "5" 5, "10" 10, "20" 20, "50" 50, "100" 100, "200" 200, "500" 500, "1000" 1000, "2000" 2000)'
size_tics = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "" 16384 1, "" 32768 1, "64K" 65536, "" 131072 1, "" 262144 1, "" 524288 1, "1M" 1048576, "" 2097152 1, "" 4194304 1, "8M" 8388608)'
size_tics_wide = '("1K" 1024, "" 2048 1, "4K" 4096, "" 8192 1, "16K" 16384, "" 32768 1, "64K" 65536, "" 131072 1, "256K" 262144, "" 524288 1, "1M" 1048576, "" 2097152 1, "4M" 4194304, "" 8388608 1)'
