# reallocate-time.gp - figure 3: where the time of a reallocate cycle goes.
# A panel per alloc kind (up to three); the medians of alloc, fill, copy and
# free time and their sum against transfer size, log-log.
# Writes OUT_DIR/reallocate-time.{png,pdf,svg}.
#
# `pinsweep plot DIR` runs it as
#   gnuplot -e "plots_dir='plots'; vars_file='DIR/figures/data/reallocate-time-vars.gp'" plots/reallocate-time.gp
# Each panel's data file has the columns
#   size_bytes alloc_ms fill_ms copy_ms free_ms total_ms

if (!exists('vars_file')) exit error "reallocate-time.gp: set vars_file='DIR/figures/data/reallocate-time-vars.gp' with -e"
if (!exists('plots_dir')) plots_dir = 'plots'
load plots_dir . '/style.gp'
load vars_file

nphases = |phase_name|
# The total (the last "phase") stands out: thicker and dashed.
ph_lw(i) = i == nphases ? 2 : 1.2
ph_dt(i) = i == nphases ? 2 : 1
key_rows = 1
W = page_w(npanels)
fig_text = title_text(fig_title, fig_detail, fig_machine, W)
title_in = title_height(fig_text)
H = page_h(key_rows)

do for [fmt in formats] {
    eval term_cmd(fmt, W, H)
    set output out_dir . '/reallocate-time.' . fmt
    set multiplot title fig_text font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    set logscale x 2
    set logscale y 10
    eval 'set xtics ' . (panel_w_in > 3.5 ? size_tics_wide : size_tics)
    set mytics 10
    set format y '%g'
    set xrange [x_min:x_max]
    set yrange [y_min:y_max]
    set xlabel 'transfer size (bytes, 1K = 1024)' offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, key_rows)
        set title panel_title[p] offset 0, -0.4
        if (p == 1) { set ylabel 'time per cycle (ms)' } else { unset ylabel }
        plot for [i = 1:nphases] panel_file[p] using 1:(column(i + 1)) \
            with linespoints lw ph_lw(i) lc rgb phase_color[i] \
            dt ph_dt(i) pt phase_pt[i] notitle
    }
    eval legend_place(npanels, W, H, key_rows, nphases)
    plot NaN notitle, for [i = 1:nphases] keyentry with linespoints lw ph_lw(i) \
        lc rgb phase_color[i] dt ph_dt(i) pt phase_pt[i] title phase_name[i]
    unset multiplot
    set output
}
