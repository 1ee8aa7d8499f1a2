# headline-machines.gp - the headline across machines (pinsweep compare and
# report, when their folders come from two or more machines): pinned and
# pageable copy bandwidth h2d and d2h and the time of a small pinned copy,
# a panel each in the headline's grid, every machine its own colour, dash
# and point (style.gp's machine:N).  src/figures/fig_headline.c says what
# is drawn.  Writes OUT_DIR/[PREFIX]headline-machines.{png,pdf,svg}.
#
# run as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/headline-machines-vars.gp'" plots/headline-machines.gp

fig_name = 'headline-machines'
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/headline.gp'
