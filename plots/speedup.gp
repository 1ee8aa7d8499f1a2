# speedup.gp - how many times faster than pageable: each page-locked kind's
# copy bandwidth over pageable's at the same size, direction and api (reuse,
# cache warm, pages prefaulted), a panel per direction, a line at 1x, on a
# log axis centred at 1; bars: the ratio's 95 % interval (never below 0).
# Writes OUT_DIR/speedup.{png,pdf,svg}; src/figures/fig_speedup.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/speedup-vars.gp'" plots/speedup.gp
fig_name = 'speedup'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
