# reallocate-time.gp - figure 3: where the time of a reallocate cycle goes.
# A panel per alloc kind (up to three); the medians of alloc, fill, copy and
# free time and their sum against transfer size, log-log.
# Writes OUT_DIR/reallocate-time.{png,pdf,svg}; src/figures/fig_realloc_time.c
# writes its data.
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

do for [fmt in formats] {
    key_row_in = key_row_fmt(fmt)
    grid_cols = npanels; grid_rows = 1
    W = paper_fmt(fmt) ? paper_page_w(npanels) : page_w(npanels)
    panel_w_in = panel_w_for(W, npanels)
    fig_text = fig_text_fmt(fmt, W)
    title_in = title_in_fmt(fmt, fig_text)
    H = page_h(key_rows)
    eval term_cmd(fmt, W, H)
    set output out_file('reallocate-time', fmt)
    set multiplot title (book ? "" : fig_text) font font_spec(fmt, 9.5)
    eval axes_reset
    set pointsize point_size(fmt)
    set logscale x 2
    set logscale y 10
    eval 'set xtics ' . xtics_for(fmt)
    set mytics 10
    set format y '%g'
    set xrange [x_min:x_max]
    set xlabel x_label offset 0, 0.3
    do for [p = 1:npanels] {
        eval panel_place(p, W, H, key_rows)
        set yrange [panel_y_min[p]:panel_y_max[p]]
        set title panel_title[p] offset 0, -0.4
        if (cell_col(p) == 0) { set ylabel y_label } else { unset ylabel }
        plot for [i = 1:nphases] panel_file[p] using 1:(column(i + 1)) \
            with linespoints lw ph_lw(i) lc rgb phase_color[i] \
            dt ph_dt(i) pt phase_pt[i] notitle
    }
    eval legend_place(npanels, W, H, key_rows, nphases)
    plot NaN notitle, for [i = 1:nphases] keyentry with linespoints lw ph_lw(i) \
        lc rgb phase_color[i] dt ph_dt(i) pt phase_pt[i] title phase_name[i]
    if (book) { eval book_caption_draw }
    unset multiplot
    set output
}
