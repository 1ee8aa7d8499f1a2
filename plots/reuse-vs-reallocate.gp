# reuse-vs-reallocate.gp - figure 2: what allocating per copy costs.  A panel
# per direction; for each alloc kind the reuse copy bandwidth (gbps_median,
# solid) and the effective bandwidth of a reallocate cycle, bytes over the
# whole alloc + fill + copy + free (effective_gbps_median, dashed).  Log-log:
# the two differ by orders of magnitude at small sizes.
# Writes OUT_DIR/reuse-vs-reallocate.{png,pdf,svg}.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/reuse-vs-reallocate-vars.gp'" plots/reuse-vs-reallocate.gp

if (!exists('vars_file')) exit error "reuse-vs-reallocate.gp: set vars_file='DIR/figures/data/reuse-vs-reallocate-vars.gp' with -e"
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

do for [fmt in formats] {
    eval term_cmd(fmt, W, H)
    set output out_dir . '/reuse-vs-reallocate.' . fmt
    set multiplot title fig_text font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    set logscale x 2
    set logscale y 10
    eval 'set xtics ' . (panel_w_in > 3.5 ? size_tics_wide : size_tics)
    set mytics 10
    set xrange [x_min:x_max]
    set yrange [y_min:y_max]
    set xlabel 'transfer size (bytes, 1K = 1024)' offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, legend_rows)
        set title panel_title[p] offset 0, -0.4
        if (p == 1) { set ylabel 'bandwidth (GB/s = 10⁹ B/s)' } else { unset ylabel }
        plot for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) using 1:2 \
            with linespoints lw 1.2 lc rgb alloc_color(block_alloc[blk(p, j)]) \
            dt line_dt(block_line[blk(p, j)]) pt api_pt(block_api[blk(p, j)]) notitle
    }
    eval legend_place(npanels, W, H, legend_rows, key_cols)
    plot NaN notitle, for [k = 1:nkeys] keyentry with linespoints lw 1.2 lc rgb alloc_color(key_alloc[k]) \
        dt line_dt(key_line[k]) pt api_pt(key_api[k]) \
        ps api_ps(key_api[k]) title key_title[k]
    if (nnotes > 0) { eval notes_place(W, H, note_rows, note_cols); @notes_plot }
    unset multiplot
    set output
}
