# breakeven.gp - copies before pinning pays off: from breakeven.csv, the
# number of copies of a size after which allocating (and freeing) a
# page-locked buffer once has cost less than copying from pageable memory,
# a panel per direction, log-log, a line at 1 copy.  A gap in a line: no
# break-even there; the strip of rows above each panel (panels.gp: a row per
# kind, headed by its point) says why, '?' not resolved, '×' never pays off.
# Writes OUT_DIR/breakeven.{png,pdf,svg}; src/figures/fig_breakeven.c writes
# its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/breakeven-vars.gp'" plots/breakeven.gp
fig_name = 'breakeven'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
