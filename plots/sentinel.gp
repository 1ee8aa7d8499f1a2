# sentinel.gp - the drift sentinel's bandwidth against time through a run
# (sentinel.csv): each reading's median with its 95 % interval (from its rsd), and
# the median of all readings as a line.  A dip or a step is a disturbance;
# meta.yaml's drift windows name what was measured then.  Writes
# OUT_DIR/sentinel.{png,pdf,svg}; src/figures/fig_sentinel.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/sentinel-vars.gp'" plots/sentinel.gp
fig_name = 'sentinel'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
