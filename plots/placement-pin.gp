# placement-pin.gp - what cudaHostRegister costs by page size: pin_ms_median
# of the reallocate rows of the registered kinds against size, log-log, a
# colour per alloc kind, a dash per page size and a point per NUMA binding
# as in placement.gp; bars: each median's 95 % interval (src/analysis/interval.h).  Writes OUT_DIR/placement-pin.{png,pdf,svg};
# src/figures/fig_placement.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/placement-pin-vars.gp'" plots/placement-pin.gp
fig_name = 'placement-pin'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
