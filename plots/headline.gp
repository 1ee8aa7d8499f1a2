# headline.gp - the headline figure: what a reader wants first of a machine,
# on one page.  Up to six panels in a grid (three to a row), each with its own
# y axis (linear or log, its own label) against transfer size: pinned and
# pageable copy bandwidth h2d, d2h and both at once, the time of a small
# copy, alloc + free of one pinned buffer, and the copies after which it
# pays off; a short last row centred.  Colour and point: the alloc kind; dash: the direction; bars:
# each median's 95 % interval (src/analysis/interval.h).  Writes
# OUT_DIR/[OUT_PREFIX]FIG_NAME.{png,pdf,svg}: FIG_NAME is headline, or
# headline-machines when plots/headline-machines.gp loads this script;
# src/figures/fig_headline.c writes its data.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/headline-vars.gp'" plots/headline.gp

if (!exists('vars_file')) exit error "headline.gp: set vars_file='DIR/figures/data/headline-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
if (!exists('fig_name')) fig_name = 'headline'
load plots_dir . '/style.gp'
load vars_file

blk(p, j) = panel_first[p] + j - 1
# lines and bars, then the points over them (style.gp: a dense curve's at an interval)
data_curves = curves_drawn(1)

# A grid: three panels to a row (two when there are four), each with its own y label.
ncols = npanels <= 3 ? npanels : (npanels == 4 ? 2 : 3)
nrows = int(ceil(npanels * 1.0 / ncols))
gap_in = 0.62
plot_h_in = 1.55
row_h_in = panel_title_in + plot_h_in + axis_in
# A last row with fewer panels than the others is centred under them: no empty slot at its end.
short_row(p) = int((p - 1) / ncols) == nrows - 1 && npanels % ncols != 0
grid_shift(p) = short_row(p) ? (ncols - npanels % ncols) * (panel_w_in + gap_in) / 2 : 0
grid_l(p, W) = (left_in + grid_shift(p) + ((p - 1) % ncols) * (panel_w_in + gap_in)) / W
grid_t(p, H) = 1 - (title_in + int((p - 1) / ncols) * row_h_in + panel_title_in) / H
grid_place(p, W, H) = sprintf( \
    'set lmargin at screen %.5f; set rmargin at screen %.5f; set tmargin at screen %.5f; set bmargin at screen %.5f', \
    bx(grid_l(p, W), W), bx(grid_l(p, W) + (panel_w_in - 0.05) / W, W), by(grid_t(p, H), H), \
    by(grid_t(p, H) - plot_h_in / H, H))

do for [fmt in formats] {
    eval page_setup
    # page_setup lays the panels out in one row: lay them out in the grid instead.
    W = on_paper ? paper_page_w(ncols) : page_w(ncols)
    W = (!on_paper && legend_w(kc, key_max_chars) > W) ? legend_w(kc, key_max_chars) : W
    W = (nnotes > 0 && legend_w(nc, note_max_chars) > W) ? legend_w(nc, note_max_chars) : W
    panel_w_in = panel_w_for(W, ncols)
    fig_text = fig_text_fmt(fmt, W)
    title_in = title_in_fmt(fmt, fig_text)
    H = title_in + nrows * row_h_in + legend_rows * key_row_in + key_pad_in + 0.05
    eval term_cmd(fmt, W, H)
    set output out_file(fig_name, fmt)
    set multiplot title (book ? "" : fig_text) font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    set logscale x 2
    eval 'set xtics ' . xtics_for(fmt)
    set xlabel x_label offset 0, 0.3
    do for [p = 1:npanels] {
        eval grid_place(p, W, H)
        set xrange [panel_x_min[p]:panel_x_max[p]]
        eval hlines_set
        if (panel_log_y[p]) { set logscale y 10; set mytics 10 } else { unset logscale y; set mytics default }
        set yrange [panel_y_min[p]:panel_y_max[p]]
        eval 'set ytics ' . panel_y_tics[p]
        set title panel_title[p] offset 0, -0.4
        set ylabel panel_y_label[p] offset 0.5, 0
        eval 'plot ' . data_curves
    }
    eval legend_place(npanels, W, H, legend_rows, kc)
    plot NaN notitle, for [k = 1:nkeys] keyentry with yerrorlines lw line_lw(key_line[k]) \
        lc rgb color_of(key_color[k]) dt line_dt(key_line[k]) pt pt_of(key_point[k], key_line[k]) \
        ps point_ps(key_point[k]) title key_title[k]
    if (nnotes > 0) { eval notes_place(W, H, nr, nc); @notes_plot }
    if (book) { eval book_caption_draw }
    unset multiplot
    set output
}
