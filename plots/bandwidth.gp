# bandwidth.gp - figure 1: copy bandwidth against transfer size, a panel per
# direction, a curve per alloc kind (and buffer mode and api when those vary),
# the median with its 95 % interval as bars (src/analysis/interval.h), the page-locked kinds that coincide one band
# (their medians' range).  Over them, when the results folder has them: each
# reuse curve's fit t0 + n/B (fits.csv), dotted in its colour, a pageable
# curve's two regimes, thick dots; and the PCIe link's raw rate, a labelled
# line (twice it in the bidir panel), when summary.csv gives it.  More than
# three panels are laid out in rows (style.gp).  Writes
# OUT_DIR/bandwidth.{png,pdf,svg}.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/bandwidth-vars.gp'" plots/bandwidth.gp
# The variables file (src/figures/fig_bandwidth.c describes the figure,
# src/figures/kit/gnuplot_vars.c writes it) names the data files, curves,
# legend, ranges and titles; add "; formats='png'" to make fewer formats.

if (!exists('vars_file')) exit error "bandwidth.gp: set vars_file='DIR/figures/data/bandwidth-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/style.gp'
load vars_file

blk(p, j) = panel_first[p] + j - 1
ovr(p, j) = panel_over_first[p] + j - 1
# The curves' lines and bars (their points go last: curve_marks, style.gp).
data_curves = curve_lines(1)
# A band: its fill, its median's line and that line's points (at an interval when dense).
bands = 'for [j = 1:panel_nband[p]] panel_band_file[p] index 0 using 1:3:4 with filledcurves ' . \
    'fc rgb color_of(band_color[p]) fs transparent solid 0.22 noborder notitle, ' . \
    'for [j = 1:panel_nband[p]] panel_band_file[p] index 0 using 1:2 with lines ' . \
    'lw line_lw("band") lc rgb color_of(band_color[p]) dt 1 notitle, ' . \
    'for [j = 1:panel_nband[p]] panel_band_file[p] index 0 every band_every(p) using 1:2 with points ' . \
    'lc rgb color_of(band_color[p]) pt point_pt(band_point[p]) notitle'
overlays = 'for [j = 1:panel_nover[p]] panel_over_file[p] index (j - 1) using 1:2 ' . \
    'with lines lw line_lw(over_line[ovr(p, j)]) lc rgb color_of(over_color[ovr(p, j)]) ' . \
    'dt line_dt(over_line[ovr(p, j)]) notitle'

# A right-hand axis in percent of the raw link rate needs room beside each panel.
if (y2) { gap_in = 0.78; right_in = 0.5 }

do for [fmt in formats] {
    eval page_setup
    eval term_cmd(fmt, W, H)
    set output out_file('bandwidth', fmt)
    set multiplot title (book ? "" : fig_text) font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    set logscale x 2
    eval 'set xtics ' . xtics_for(fmt)
    set xrange [x_min:x_max]
    set xlabel x_label offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, legend_rows)
        eval hlines_set
        set yrange [panel_y_min[p]:panel_y_max[p]]
        set title panel_title[p] offset 0, -0.4
        if (cell_col(p) == 0) { set ylabel y_label } else { unset ylabel }
        if (panel_link[p] > 0) {
            set y2range [panel_y_min[p] * 100 / panel_link[p]:panel_y_max[p] * 100 / panel_link[p]]
            # (LaTeX reads a bare % as the start of a comment: there it is \%.)
            set y2tics nomirror out scale 0.6, 0.3 autofreq 20 format (tex ? '%g\%%' : '%g%%')
            if (p == npanels || cell_col(p) == grid_cols - 1) { set y2label (tex ? '\' : '') . '% of the raw link rate' offset -0.8, 0 } else { unset y2label }
            set border 11
        } else { unset y2tics; unset y2label; set border 3 }
        # (gnuplot evaluates a plot clause once even over an empty range: no overlays, no clause.)
        # (A panel may be a band alone: the curves of one kind on several GPUs.)
        curves_now = panel_nband[p] == 0 ? '@data_curves' : panel_nblocks[p] > 0 ? '@bands, @data_curves' : '@bands'
        marks_now = panel_nblocks[p] > 0 ? ', ' . curve_marks : ''
        if (panel_nover[p] > 0) { eval 'plot ' . curves_now . ', @overlays' . marks_now } else { eval 'plot ' . curves_now . marks_now }
    }
    # The legend gets a strip of its own under the panels: it hides no data.
    unset y2tics; unset y2label
    eval legend_place(npanels, W, H, legend_rows, kc)
    plot NaN notitle, for [k = 1:nkeys] keyentry with yerrorlines lw line_lw(key_line[k]) \
        lc rgb color_of(key_color[k]) dt line_dt(key_line[k]) pt pt_of(key_point[k], key_line[k]) \
        ps point_ps(key_point[k]) title key_title[k]
    if (nnotes > 0) { eval notes_place(W, H, nr, nc); @notes_plot }
    if (book) { eval book_caption_draw }
    unset multiplot
    set output
}
