# gpus-scaling.gp - several GPUs at once (gpus: together): a panel per
# direction, scaling_pct against size: the aggregate over the sum of the
# GPUs alone (thick solid) and each GPU at once over itself alone (dashed,
# a colour and point per GPU), a line at 100 % (the host side shares
# nothing); bars from the min at once over the max alone to the max over
# the min.  Writes OUT_DIR/gpus-scaling.{png,pdf,svg}; src/figures/fig_gpus.c
# writes its data from summary.csv.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/gpus-scaling-vars.gp'" plots/gpus-scaling.gp
fig_name = 'gpus-scaling'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
