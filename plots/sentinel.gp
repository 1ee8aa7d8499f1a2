# sentinel.gp - the drift sentinel through a run (sentinel.csv): each reading
# as a percentage off the run's median, with its 95 % interval as a bar
# (src/analysis/interval.h), over the drift check's band (±target_rsd about
# the median, shaded light grey) and the median's line at 0.  The y axis is
# the variables file's panel_y_min..panel_y_max, symmetric about 0 (±5 % in
# every folder unless a reading needs more: src/figures/sentinel_view.h),
# labelled at its ends, its halves and 0; a bar that leaves it is cut at its
# edge.  src/figures/fig_sentinel.c writes the data: the readings in
# sentinel-time.dat, the band (x low high, block 0) and the median (x 0,
# block 1) in sentinel-time-overlay.dat.  Writes OUT_DIR/sentinel.{png,pdf,svg}.
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/sentinel-vars.gp'" plots/sentinel.gp

if (!exists('vars_file')) exit error "sentinel.gp: set vars_file='DIR/figures/data/sentinel-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/style.gp'
load vars_file

blk(p, j) = panel_first[p] + j - 1
ovr(p, j) = panel_over_first[p] + j - 1
readings = 'for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) using 1:2:3:4 ' . \
    'with yerrorlines lw line_lw(block_line[blk(p, j)]) lc rgb color_of(block_color[blk(p, j)]) ' . \
    'dt line_dt(block_line[blk(p, j)]) pt point_pt(block_point[blk(p, j)]) notitle'
band = 'panel_over_file[p] index 0 using 1:2:3 with filledcurves ' . \
    'fc rgb color_of(over_color[ovr(p, 1)]) fs solid 1 noborder notitle'
median = 'panel_over_file[p] index 1 using 1:2 with lines lw line_lw(over_line[ovr(p, 2)]) ' . \
    'lc rgb color_of(over_color[ovr(p, 2)]) dt line_dt(over_line[ovr(p, 2)]) notitle'
# The y tics: the axis's ends, its halves and 0, signed ("+2.5", "0", "−5").
ytic(v) = sprintf('"%s" %.17g', v == 0 ? '0' : (v > 0 ? '+' : (tex ? '$-$' : '−')) . sprintf('%g', abs(v)), v)
yticks(a) = sprintf('(%s, %s, %s, %s, %s)', ytic(-a), ytic(-a / 2.0), ytic(0), ytic(a / 2.0), ytic(a))

do for [fmt in formats] {
    eval page_setup
    eval term_cmd(fmt, W, H)
    set output out_file('sentinel', fmt)
    set multiplot title (book ? "" : fig_text) font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    unset logscale x; set xtics autofreq; set format x '%g'
    unset logscale y
    # The band and the median run from far before the first reading to far after the last.
    set clip two
    set xrange [x_min:x_max]
    set xlabel x_label offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, legend_rows)
        eval hlines_set
        set yrange [panel_y_min[p]:panel_y_max[p]]
        eval 'set ytics ' . yticks(panel_y_max[p])
        set mytics 5
        set title panel_title[p] offset 0, -0.4
        set ylabel y_label
        # The band and the median under the readings: they are the reference, not data.
        eval 'plot ' . (panel_nover[p] >= 2 ? '@band, @median, ' : '') . '@readings'
    }
    # The legend gets a strip of its own under the panel: it hides no data.
    unset mytics
    eval legend_place(npanels, W, H, legend_rows, kc)
    @key_plot
    if (nnotes > 0) { eval notes_place(W, H, nr, nc); @notes_plot }
    if (book) { eval book_caption_draw }
    unset multiplot
    set output
}
