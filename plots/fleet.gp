# fleet.gp - each node's copy bandwidth against the fleet's: a panel per
# direction, a colour per node (style.gp's machine palette), the fleet's
# median (thin solid) and its band, median +- 3.5 robust spreads (thin
# dashes), as references.  Writes OUT_DIR/figures/fleet.{png,pdf,svg};
# src/figures/fig_fleet.c writes its data from fleet.csv.
#   gnuplot -e "plots_dir='plots'; vars_file='OUT/figures/data/fleet-vars.gp'" plots/fleet.gp
fig_name = 'fleet'
errorbars = 0
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
