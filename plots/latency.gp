# latency.gp - the latency figure: the time of one small copy.  A panel per direction
# (h2d, d2h); for each alloc kind and api, from reuse rows up to 16 MiB (all
# sizes when fewer are that small), log-log:
#   solid   the pipelined time per copy, event time / copies of a batch
#           (us_per_copy_median): the cost of one more copy in a stream of them
#   dashed  the round trip of one copy, issued and waited for, on the host
#           clock (roundtrip_us_median): what an application that waits sees
# Bars: each median's 95 % interval (columns 3 and 4, src/analysis/interval.h);
# a round trip has none (samples.csv keeps no round trips), so its bar is its point.
# Writes OUT_DIR/latency.{png,pdf,svg}; src/figures/fig_latency.c writes its data.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/latency-vars.gp'" plots/latency.gp

if (!exists('vars_file')) exit error "latency.gp: set vars_file='DIR/figures/data/latency-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/style.gp'
load vars_file

blk(p, j) = panel_first[p] + j - 1

do for [fmt in formats] {
    eval page_setup
    eval term_cmd(fmt, W, H)
    set output out_file('latency', fmt)
    set multiplot title (book ? "" : fig_text) font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    set logscale x 2
    set logscale y 10
    eval 'set xtics ' . xtics_for(fmt)
    set mytics 10
    set xrange [x_min:x_max]
    set xlabel x_label offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, legend_rows)
        eval hlines_set
        set yrange [panel_y_min[p]:panel_y_max[p]]
        eval 'set ytics ' . panel_y_tics[p]
        set title panel_title[p] offset 0, -0.4
        if (cell_col(p) == 0) { set ylabel y_label } else { unset ylabel }
        # lines and bars, then the points over them (style.gp: a dense curve's at an interval)
        eval 'plot ' . curves_drawn(1)
    }
    eval legend_place(npanels, W, H, legend_rows, kc)
    @key_plot
    if (nnotes > 0) { eval notes_place(W, H, nr, nc); @notes_plot }
    if (book) { eval book_caption_draw }
    unset multiplot
    set output
}
