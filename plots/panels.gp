# panels.gp - the common drawing of the speedup, alloc-cost, breakeven,
# compare-bandwidth, compare-ratio, overlap, host-access, placement,
# placement-pin, gpus-bandwidth and gpus-scaling figures: panels side by side (more than three in
# a grid: style.gp), each a set of curves against
# transfer size or, where the variables file gives x_tics, a count such as
# streams or threads (log x; y log when it says log_y = 1), its reference
# lines labelled, the legend strip below.  Loaded by those scripts, which
# set before loading it:
#   fig_name     the figure's name: writes OUT_DIR/NAME.{png,pdf,svg}
#   errorbars    1: the data blocks have columns x y y_min y_max (the interval
#                bars); 0: x y
#   point_labels 1: a third column holds a label (a quoted string, "" for
#                none) written beside the point in the curve's colour
# and run as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/NAME-vars.gp'" plots/NAME.gp
# Overlays (over_*) are drawn under the curves: they are references.

if (!exists('vars_file')) exit error fig_name . ".gp: set vars_file='DIR/figures/data/" . fig_name . "-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
if (!exists('errorbars')) errorbars = 0
if (!exists('point_labels')) point_labels = 0
load plots_dir . '/style.gp'
load vars_file
if (!exists('x_tics')) x_tics = ''
if (!exists('x_linear')) x_linear = 0

blk(p, j) = panel_first[p] + j - 1
ovr(p, j) = panel_over_first[p] + j - 1
# The curves' lines (and bars); their points go last, over everything (style.gp: curve_marks).
data_curves = curve_lines(errorbars)
overlays = 'for [j = 1:panel_nover[p]] panel_over_file[p] index (j - 1) using 1:2 ' . \
    'with lines lw line_lw(over_line[ovr(p, j)]) lc rgb color_of(over_color[ovr(p, j)]) ' . \
    'dt line_dt(over_line[ovr(p, j)]) notitle'
labels = 'for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) using 1:2:3 with labels ' . \
    'left offset 0.7, 0.55 tc rgb color_of(block_color[blk(p, j)]) notitle'
curves = (point_labels ? '@data_curves, @labels' : '@data_curves') . ', ' . curve_marks

do for [fmt in formats] {
    eval page_setup
    eval term_cmd(fmt, W, H)
    set output out_file(fig_name, fmt)
    set multiplot title (book ? "" : fig_text) font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    if (x_linear) { unset logscale x; set xtics autofreq; set format x '%g' } else {
        set logscale x 2
        eval 'set xtics ' . (x_tics ne '' ? x_tics : xtics_for(fmt)) }
    if (log_y) { set logscale y 10; set mytics 10 } else { unset logscale y; set mytics default }
    set xrange [x_min:x_max]
    set xlabel x_label offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, legend_rows)
        eval hlines_set
        set yrange [panel_y_min[p]:panel_y_max[p]]
        eval 'set ytics ' . panel_y_tics[p]
        set title panel_title[p] offset 0, -0.4
        if (cell_col(p) == 0) { set ylabel y_label } else { unset ylabel }
        # (gnuplot evaluates a plot clause once even over an empty range: no overlays, no clause.)
        if (panel_nover[p] > 0) { eval 'plot @overlays, ' . curves } else { eval 'plot ' . curves }
    }
    # The legend gets a strip of its own under the panels: it hides no data.
    eval legend_place(npanels, W, H, legend_rows, kc)
    @key_plot
    if (nnotes > 0) { eval notes_place(W, H, nr, nc); @notes_plot }
    if (book) { eval book_caption_draw }
    unset multiplot
    set output
}
