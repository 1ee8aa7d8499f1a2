# compare-ratio.gp - each machine's copy bandwidth over the baseline's (the
# first machine) at the same configuration: a panel per direction, a colour,
# dash and point fill per machine, a point shape per alloc kind, a line at 1, on a log
# axis centred at 1 (as far below as above).  Each point's bar is the
# ratio's 95 % interval, compare.csv's ratio_lo..ratio_hi (src/analysis/
# interval.h: never below 0): where the bar does not reach the line at 1,
# the difference is significant.  The members of a merged line whose own
# ratio is significant are drawn apart, each in its kind's point shape (the
# legend's notes name each shape's kind), with its bars.  Writes
# OUT_DIR/figures/compare-ratio.{png,pdf,svg}; src/figures/fig_compare.c writes its
# data from compare.csv.
#   gnuplot -e "plots_dir='plots'; vars_file='OUT/figures/data/compare-ratio-vars.gp'" plots/compare-ratio.gp
fig_name = 'compare-ratio'
errorbars = 1
point_labels = 0
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
