# placement.gp - where the host buffer lives: copy bandwidth (reuse, one
# api) with its 95 % interval as bars against size, a panel per direction, a colour per
# alloc kind, a dash per page size (default solid, thp dashed, hugetlb
# dotted) and a point per NUMA binding (any filled circle, auto open
# circle, a node number its own), the default placement beside the others.
# Writes OUT_DIR/placement.{png,pdf,svg}; src/figures/fig_placement.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/placement-vars.gp'" plots/placement.gp
fig_name = 'placement'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
