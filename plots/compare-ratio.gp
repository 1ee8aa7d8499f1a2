# compare-ratio.gp - each machine's copy bandwidth over the baseline's (the
# first machine) at the same configuration: a panel per direction, a colour
# per machine, a dash and point type per alloc kind, a line at 1.  Writes
# OUT_DIR/figures/compare-ratio.{png,pdf,svg}; src/plot_compare.c writes its
# data from compare.csv.
#   gnuplot -e "plots_dir='plots'; vars_file='OUT/figures/data/compare-ratio-vars.gp'" plots/compare-ratio.gp
fig_name = 'compare-ratio'
errorbars = 0
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
