# reuse-vs-reallocate.gp - figure 2: what allocating per copy costs.  A panel
# per direction; for each alloc kind the reuse copy bandwidth (gbps_median,
# solid) and the effective bandwidth of a reallocate cycle, bytes over the
# whole alloc + fill + copy + free (effective_gbps_median, dashed).  Log-log:
# the two differ by orders of magnitude at small sizes.  Bars: each median's
# 95 % interval (columns 3 and 4, src/analysis/interval.h).
# Writes OUT_DIR/reuse-vs-reallocate.{png,pdf,svg}; src/figures/fig_reuse.c writes
# its data.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/reuse-vs-reallocate-vars.gp'" plots/reuse-vs-reallocate.gp

if (!exists('vars_file')) exit error "reuse-vs-reallocate.gp: set vars_file='DIR/figures/data/reuse-vs-reallocate-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/style.gp'
load vars_file

blk(p, j) = panel_first[p] + j - 1

do for [fmt in formats] {
    eval page_setup
    eval term_cmd(fmt, W, H)
    set output out_file('reuse-vs-reallocate', fmt)
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
        set title panel_title[p] offset 0, -0.4
        if (cell_col(p) == 0) { set ylabel y_label } else { unset ylabel }
        # lines and bars, then the points over them (style.gp: a dense curve's at an interval)
        eval 'plot ' . curves_drawn(1)
    }
    eval legend_place(npanels, W, H, legend_rows, kc)
    plot NaN notitle, for [k = 1:nkeys] keyentry with linespoints lw 1.2 lc rgb color_of(key_color[k]) \
        dt line_dt(key_line[k]) pt pt_of(key_point[k], key_line[k]) \
        ps point_ps(key_point[k]) title key_title[k]
    if (nnotes > 0) { eval notes_place(W, H, nr, nc); @notes_plot }
    if (book) { eval book_caption_draw }
    unset multiplot
    set output
}
