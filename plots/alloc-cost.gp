# alloc-cost.gp - what a host buffer costs to allocate and free, from the
# reallocate rows: alloc (solid), free (dashed) and, for registered memory,
# the cudaHostRegister part of alloc (dotted), against size, log-log, a
# colour per alloc kind; under them, a broad grey band: the time of one copy
# from pinned memory, for scale.  Bars: each median's 95 % interval
# (src/analysis/interval.h).  Writes OUT_DIR/alloc-cost.{png,pdf,svg};
# src/figures/fig_alloc_cost.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/alloc-cost-vars.gp'" plots/alloc-cost.gp
fig_name = 'alloc-cost'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
