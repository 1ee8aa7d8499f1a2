# compare-ratio.gp - each machine's copy bandwidth over the baseline's (the
# first machine) at the same configuration: a panel per direction, a colour
# per machine, a dash and point type per alloc kind, a line at 1, on a log
# axis centred at 1 (as far below as above).  Each point's bar is the
# ratio's 95 % interval, compare.csv's ratio_lo..ratio_hi (src/analysis/
# interval.h: never below 0): where the bar does not reach the line at 1,
# the difference is significant.  Writes
# OUT_DIR/figures/compare-ratio.{png,pdf,svg}; src/plot_compare.c writes its
# data from compare.csv.
#   gnuplot -e "plots_dir='plots'; vars_file='OUT/figures/data/compare-ratio-vars.gp'" plots/compare-ratio.gp
fig_name = 'compare-ratio'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
