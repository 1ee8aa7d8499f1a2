# breakeven.gp - copies before pinning pays off: from breakeven.csv, the
# number of copies of a size after which allocating (and freeing) a
# page-locked buffer once has cost less than copying from pageable memory,
# a panel per direction, log-log, a line at 1 copy.  A gap: the page-locked
# copy is not faster there.  Writes OUT_DIR/breakeven.{png,pdf,svg};
# src/plot_headline.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/breakeven-vars.gp'" plots/breakeven.gp
fig_name = 'breakeven'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
