# bandwidth.gp - figure 1: copy bandwidth against transfer size, a panel per
# direction, a curve per alloc kind (and buffer mode and api when those vary),
# the median with min..max bars.  Writes OUT_DIR/bandwidth.{png,pdf,svg}.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/bandwidth-vars.gp'" plots/bandwidth.gp
# The variables file (written by src/plot.c) names the data files, curves,
# legend, ranges and titles; add "; formats='png'" to make fewer formats.

if (!exists('vars_file')) exit error "bandwidth.gp: set vars_file='DIR/figures/data/bandwidth-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/style.gp'
load vars_file

key_rows = int(ceil(nkeys * 1.0 / key_cols))
W = fit_page_w(npanels, key_cols, key_max_chars)
panel_w_in = panel_w_for(W, npanels)
fig_text = title_text(fig_title, fig_detail, fig_machine, W)
title_in = title_height(fig_text)
H = page_h(key_rows)
blk(p, j) = panel_first[p] + j - 1

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
        eval panel_place(p, W, H, key_rows)
        set title panel_title[p] offset 0, -0.4
        if (p == 1) { set ylabel 'copy bandwidth (GB/s = 10⁹ B/s)' } else { unset ylabel }
        plot for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) using 1:2:3:4 \
            with yerrorlines lw 1.2 lc rgb alloc_color(block_alloc[blk(p, j)]) \
            dt buffer_dt(block_buffer[blk(p, j)]) pt api_pt(block_api[blk(p, j)]) notitle
    }
    # The legend gets a strip of its own under the panels: it hides no data.
    eval legend_place(npanels, W, H, key_rows, key_cols)
    plot NaN notitle, for [k = 1:nkeys] keyentry with yerrorlines lw 1.2 lc rgb alloc_color(key_alloc[k]) \
        dt buffer_dt(key_buffer[k]) pt api_pt(key_api[k]) title key_title[k]
    unset multiplot
    set output
}
