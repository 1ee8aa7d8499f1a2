# host-access.gp - the CPU reading (host-read) and writing (host-write) each
# kind of host memory: bandwidth with its 95 % interval as bars, a panel per api, a
# colour per alloc kind, against the number of threads at the largest size
# measured (or against size when one thread count was).  Writes
# OUT_DIR/host-access.{png,pdf,svg}; src/figures/fig_hostaccess.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/host-access-vars.gp'" plots/host-access.gp
fig_name = 'host-access'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
