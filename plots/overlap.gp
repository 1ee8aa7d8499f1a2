# overlap.gp - copy/compute overlap: the time of a pipeline (api pipeline:
# the size cut into chunks, each copied h2d, processed by a kernel and
# copied d2h, round-robin over the streams) against the number of streams,
# log-log, a panel per kernel (and size and chunks when those vary), a
# colour per alloc kind.  For pageable and one page-locked kind, standing
# for the others, the stages one after another (serial sum, dashed) and the
# longest stage alone (the ideal overlap, dotted), and at the most streams
# the overlap factor, serial / pipeline.  Bars: the pipeline time's interval.  Writes OUT_DIR/overlap.{png,pdf,svg};
# src/figures/fig_pipeline.c writes its data.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/overlap-vars.gp'" plots/overlap.gp
fig_name = 'overlap'
errorbars = 1
point_labels = 1
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/panels.gp'
