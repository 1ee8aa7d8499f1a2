# compare-bandwidth.gp - copy bandwidth of several machines: a panel per
# direction, a colour, dash and point fill per machine (style.gp's machine
# palette, machine_dt, cmp_pt), a point shape per alloc kind, bars each
# median's 95 % interval (gbps_lo, gbps_hi); each machine's PCIe link as a
# thin line in its colour.  Writes OUT_DIR/figures/compare-bandwidth.{png,pdf,svg};
# src/figures/fig_compare.c writes its data from compare.csv and machines.csv.
#   gnuplot -e "plots_dir='plots'; vars_file='OUT/figures/data/compare-bandwidth-vars.gp'" plots/compare-bandwidth.gp
fig_name = 'compare-bandwidth'
errorbars = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
