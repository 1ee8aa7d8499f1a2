# bandwidth.gp - figure 1: copy bandwidth against transfer size, a panel per
# direction, a curve per alloc kind (and buffer mode and api when those vary),
# the median with min..max bars.  Over them, when the results folder has
# them: each reuse curve's fit t0 + n/B (fits.csv), dotted in its colour, and
# single-thread host memcpy bandwidth (host-memcpy.csv), grey, in the h2d and
# d2h panels.  Writes OUT_DIR/bandwidth.{png,pdf,svg}.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/bandwidth-vars.gp'" plots/bandwidth.gp
# The variables file (written by src/plot.c) names the data files, curves,
# legend, ranges and titles; add "; formats='png'" to make fewer formats.

if (!exists('vars_file')) exit error "bandwidth.gp: set vars_file='DIR/figures/data/bandwidth-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/style.gp'
load vars_file

# The legend strip: the key's rows, then the notes' (both from the variables file).
legend_rows = legend_strip_rows(key_rows, nnotes, note_rows)
W = fit_page_w_legend(npanels)
panel_w_in = panel_w_for(W, npanels)
fig_text = title_text(fig_title, fig_detail, fig_machine, W)
title_in = title_height(fig_text)
H = page_h(legend_rows)
blk(p, j) = panel_first[p] + j - 1
ovr(p, j) = panel_over_first[p] + j - 1
data_curves = 'for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) using 1:2:3:4 ' . \
    'with yerrorlines lw 1.2 lc rgb alloc_color(block_alloc[blk(p, j)]) ' . \
    'dt line_dt(block_line[blk(p, j)]) pt api_pt(block_api[blk(p, j)]) notitle'
overlays = 'for [j = 1:panel_nover[p]] panel_over_file[p] index (j - 1) using 1:2 ' . \
    'with lines lw line_lw(over_line[ovr(p, j)]) lc rgb alloc_color(over_alloc[ovr(p, j)]) ' . \
    'dt line_dt(over_line[ovr(p, j)]) notitle'

do for [fmt in formats] {
    eval term_cmd(fmt, W, H)
    set output out_dir . '/bandwidth.' . fmt
    set multiplot title fig_text font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    set logscale x 2
    eval 'set xtics ' . (panel_w_in > 3.5 ? size_tics_wide : size_tics)
    set xrange [x_min:x_max]
    set yrange [y_min:y_max]
    set xlabel 'transfer size (bytes, 1K = 1024)' offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, legend_rows)
        set title panel_title[p] offset 0, -0.4
        if (p == 1) { set ylabel 'copy bandwidth (GB/s = 10⁹ B/s)' } else { unset ylabel }
        # (gnuplot evaluates a plot clause once even over an empty range: no overlays, no clause.)
        if (panel_nover[p] > 0) { plot @data_curves, @overlays } else { plot @data_curves }
    }
    # The legend gets a strip of its own under the panels: it hides no data.
    eval legend_place(npanels, W, H, legend_rows, key_cols)
    plot NaN notitle, for [k = 1:nkeys] keyentry with yerrorlines lw line_lw(key_line[k]) \
        lc rgb alloc_color(key_alloc[k]) dt line_dt(key_line[k]) pt api_pt(key_api[k]) \
        ps api_ps(key_api[k]) title key_title[k]
    if (nnotes > 0) { eval notes_place(W, H, note_rows, note_cols); @notes_plot }
    unset multiplot
    set output
}
