# panels.gp - the common drawing of the speedup, alloc-cost, breakeven,
# compare-bandwidth, compare-ratio, overlap, host-access, placement,
# placement-pin, gpus-bandwidth and gpus-scaling figures: panels side by side (more than three in
# a grid: style.gp), each a set of curves against
# transfer size or, where the variables file gives x_tics, a count such as
# streams or threads (log x; y log when it says log_y = 1), its reference
# lines labelled, the legend strip below; a strip of glyph rows above each
# panel where the variables file has one (breakeven).  Loaded by those scripts, which
# set before loading it:
#   fig_name     the figure's name: writes OUT_DIR/NAME.{png,pdf,svg}
#   errorbars    1: the data blocks have columns x y y_min y_max (the interval
#                bars); 0: x y
#   point_labels 1: a third column (with errorbars the fifth) holds a label (a
#                quoted string, "" for none) written beside the point in the
#                curve's colour; a block without that column has no labels;
#                2 (with errorbars): the fifth column's label runs up the page
#                from beside its point, the sixth's down; the next pairs of
#                columns' labels stand one place further right each
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

# A strip of rows above each panel's plot area, under its title, when the
# variables file has one (nstrip_rows: breakeven, a row per kind): row k
# headed at the left by the point of strip_row_point[k] in its colour, the
# panel's strip blocks drawn at their rows (columns x row), on the panel's x
# axis and its grid (size_grid).  A row of panels grows by the strip; the
# plot areas keep their height.
if (!exists('nstrip_rows')) nstrip_rows = 0
strip_row_in = 0.1
strip_gap_in = 0.05
strip_in = nstrip_rows > 0 ? nstrip_rows * strip_row_in + strip_gap_in : 0
strip_title_in = panel_title_in
row_in = row_in + strip_in
panel_title_in = panel_title_in + strip_in
strip_top(p) = title_in + strip_title_in + cell_row(p) * row_in
strip_place(p, W, H) = sprintf( \
    'set lmargin at screen %.5f; set rmargin at screen %.5f; set tmargin at screen %.5f; set bmargin at screen %.5f', \
    panel_l(p, W), panel_r(p, W), by(1 - strip_top(p) / H, H), \
    by(1 - (strip_top(p) + nstrip_rows * strip_row_in) / H, H))
sblk(p, j) = panel_strip_first[p] + j - 1
strip_glyphs = 'for [j = 1:panel_nstrip[p]] panel_strip_file[p] index (j - 1) using 1:2 with points ' . \
    'lc rgb color_of(strip_color[sblk(p, j)]) pt point_pt(strip_point[sblk(p, j)]) notitle'
# (eval) The strip of panel p, titled with the panel's title; its rows' heads at the left.
strip_draw = 'eval strip_place(p, W, H); unset logscale y; set yrange [nstrip_rows + 0.5:0.5]; ' . \
    'unset ytics; unset ylabel; unset xlabel; unset arrow; unset label; set format x ""; ' . \
    'eval "set xtics " . size_grid; set xtics scale 0; set grid xtics noytics; ' . \
    'set border 15 lw 0.6 lc rgb "#BBBBBB"; set title panel_title[p] offset 0, -0.4; ' . \
    'do for [r = 1:nstrip_rows] { set label r "" at graph -0.035, first r point ' . \
    'pt point_pt(strip_row_point[r]) ps point_size(fmt) lc rgb color_of(strip_row_color[r]) }; ' . \
    'if (panel_nstrip[p] > 0) { plot @strip_glyphs } else { plot NaN notitle }; ' . \
    'unset label; set border 3 lw 0.8 lc rgb "black"; set grid xtics ytics; unset title; ' . \
    'set format x "%g"; set xlabel x_label offset 0, 0.3; set ytics nomirror out scale 0.6, 0.3; ' . \
    'set xtics nomirror out scale 0.6, 0.3; eval "set xtics " . (x_tics ne "" ? x_tics : xtics_for(fmt))'

blk(p, j) = panel_first[p] + j - 1
ovr(p, j) = panel_over_first[p] + j - 1
# The curves' lines (and bars); their points go last, over everything (style.gp: curve_marks).
data_curves = curve_lines(errorbars)
overlays = 'for [j = 1:panel_nover[p]] panel_over_file[p] index (j - 1) using 1:2 ' . \
    'with lines lw line_lw(over_line[ovr(p, j)]) lc rgb color_of(over_color[ovr(p, j)]) ' . \
    'dt line_dt(over_line[ovr(p, j)]) notitle'
labels = 'for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) using 1:2:' . \
    (errorbars ? '5' : '3') . ' with labels ' . \
    'left offset 0.7, 0.55 tc rgb color_of(block_color[blk(p, j)]) notitle'
# point_labels 2: the labels run up the page beside their point (column 5) or down
# it (column 6), so that labels of neighbouring sizes do not overlap; a point's label
# in the pair of columns 5 + 2k, 6 + 2k stands k places to the right (the labels
# of points at one size side by side, up to label_slots)
if (!exists('label_slots')) label_slots = 6
labels_up = 'for [k = 0:label_slots - 1] for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) ' . \
    'using 1:2:(stringcolumn(5 + 2 * k)) with labels rotate by 90 left offset 0.6 + 1.5 * k, 0.7 ' . \
    'tc rgb color_of(block_color[blk(p, j)]) notitle'
labels_down = 'for [k = 0:label_slots - 1] for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) ' . \
    'using 1:2:(stringcolumn(6 + 2 * k)) with labels rotate by 90 right offset 0.6 + 1.5 * k, -0.7 ' . \
    'tc rgb color_of(block_color[blk(p, j)]) notitle'
curves = (point_labels == 2 ? '@data_curves, @labels_up, @labels_down' : \
    point_labels ? '@data_curves, @labels' : '@data_curves') . ', ' . curve_marks

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
        if (nstrip_rows > 0) { eval strip_draw; if (log_y) { set logscale y 10 } }
        eval panel_place(p, W, H, legend_rows)
        eval hlines_set
        set yrange [panel_y_min[p]:panel_y_max[p]]
        eval 'set ytics ' . panel_y_tics[p]
        if (nstrip_rows == 0) { set title panel_title[p] offset 0, -0.4 }
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
