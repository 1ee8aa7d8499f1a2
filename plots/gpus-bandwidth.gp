# gpus-bandwidth.gp - several GPUs at once (gpus: together): a panel per
# direction, each GPU's copy bandwidth alone (solid) and while every GPU
# copies (dashed), a colour and point per GPU, with the aggregate (thick
# solid) and the sum of the GPUs alone (thick dash-dot) as references; bars
# each median's 95 % interval (the sum's: its GPUs' combined).  Writes OUT_DIR/gpus-bandwidth.{png,pdf,svg};
# src/figures/fig_gpus.c writes its data from summary.csv.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/gpus-bandwidth-vars.gp'" plots/gpus-bandwidth.gp
fig_name = 'gpus-bandwidth'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
