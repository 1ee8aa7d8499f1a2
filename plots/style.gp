# style.gp - the look every pinsweep figure shares: colours, dashes, points,
# output formats and the page layout.  Loaded by bandwidth.gp, latency.gp,
# reuse-vs-reallocate.gp and reallocate-time.gp.
#
# One colour per alloc kind in every figure, from the Okabe-Ito palette
# (distinguishable with the common colour-vision deficiencies; its yellow is
# left out, too faint on white).  Dash type says the buffer mode or what kind
# of line it is, point type the copy API.

set encoding utf8

alloc_color(a) = \
    a eq 'pageable'       ? '#D55E00' : \
    a eq 'pinned'         ? '#0072B2' : \
    a eq 'mallochost'     ? '#56B4E9' : \
    a eq 'portable'       ? '#CC79A7' : \
    a eq 'write-combined' ? '#E69F00' : \
    a eq 'mapped'         ? '#000000' : \
    a eq 'registered'     ? '#009E73' : \
    a eq 'host'           ? '#8C8C8C' : \
    a eq '-'              ? '#FFFFFFFF' : '#555555'
# ('host' is host memory itself: the host memcpy ceiling, light grey.  '-' is
# a legend placeholder: fully transparent.  '' and unknown kinds: dark grey,
# for legend entries that explain a line or point style.)

# Kinds of line (src/plot.c's block_line, over_line, key_line):
#   reuse, pipelined      solid    a buffer reused; latency: event time / copies
#   reallocate, roundtrip dashed   allocated per copy; latency: one copy waited for
#   fit                   dotted, thin: the model t0 + n/B of a curve
#   ceiling               long dashes, thick: host memcpy, the ceiling of a pageable copy
#   flushed               dash-dot: host buffer flushed from the CPU caches before each copy
#   first-touch           dash-dot-dot: fresh, never-touched pages for each copy
#   flushed+first-touch   short dashes: both
line_dt(l) = (l eq 'reallocate' || l eq 'roundtrip') ? 2 : l eq 'fit' ? 3 : l eq 'ceiling' ? 4 : \
    l eq 'flushed' ? 5 : l eq 'first-touch' ? 6 : l eq 'flushed+first-touch' ? 7 : 1
line_lw(l) = l eq 'fit' ? 1.1 : l eq 'ceiling' ? 1.6 : 1.2
set dashtype 2 (7, 4)
set dashtype 3 (1.2, 2.0)
set dashtype 4 (12, 5)
set dashtype 5 (8, 3, 1.5, 3)
set dashtype 6 (8, 3, 1.5, 3, 1.5, 3)
set dashtype 7 (3, 3)

# sync: open square; async: filled circle; none (legend entries for a line style): no point.
# "No point" is size 0: pt -1 still leaves a dot in PDF.
api_pt(a) = a eq 'sync' ? 4 : 7
api_ps(a) = a eq '' ? 0 : point_size(fmt)

# Phases of a reallocate cycle (reallocate-time.gp), kept apart from the
# alloc colours: these curves are phases, not alloc kinds.
array phase_name[5] = ['alloc', 'fill', 'copy', 'free', 'total']
array phase_color[5] = ['#882255', '#44AA99', '#332288', '#999933', '#000000']
array phase_pt[5] = [5, 9, 7, 13, 0]

# ---- output formats ----
# A figure is designed at its PDF size (inches, fonts in points, to be set in
# a paper at 100%); PNG and SVG are the same page at png_dpi pixels per inch,
# with fonts scaled to match.
if (!exists('formats')) formats = 'png pdf svg'
png_dpi = 1600.0 / 7.0
pdf_font = 8.0
# pngcairo takes points (at 96 dpi), svg takes pixels: the same text needs a bigger number in svg.
font_for(fmt) = fmt eq 'pdf' ? pdf_font : fmt eq 'svg' ? pdf_font * 1.85 : pdf_font * 1.5
# Point symbols of the same size on the page in every format.
point_size(fmt) = fmt eq 'pdf' ? 0.45 : fmt eq 'svg' ? 0.65 : 1.1

term_cmd(fmt, w_in, h_in) = \
    fmt eq 'png' ? sprintf("set terminal pngcairo size %d,%d font 'Sans,%g' linewidth 1.5 dashlength 1.8 noenhanced", \
                           w_in * png_dpi, h_in * png_dpi, font_for(fmt)) : \
    fmt eq 'pdf' ? sprintf("set terminal pdfcairo size %gin,%gin font 'Sans,%g' linewidth 1 noenhanced", \
                           w_in, h_in, font_for(fmt)) : \
    sprintf("set terminal svg size %d,%d font 'Sans,%g' linewidth 1.5 noenhanced background rgb 'white'", \
            w_in * png_dpi, h_in * png_dpi, font_for(fmt))

# Scale a font size given for the PDF to the current format: font(fmt, 9).
font_spec(fmt, pt) = sprintf(',%g', pt * font_for(fmt) / pdf_font)

# ---- layout ----
# Panels side by side, then a legend strip across the bottom: the key (the
# curves), then under it the notes, centred (what a kind of line or point
# means), each with columns of its own width.  Lengths are in inches of the
# PDF page; sx/sy turn them into screen fractions.
panel_w_in = 1.95         # one panel's plot area and its tic labels
left_in = 0.55            # y label and tic labels of the first panel
gap_in = 0.38             # between panels: the next panel's tic labels
right_in = 0.12
title_in = 0.22           # figure title (set_title_in() grows it for more lines)
panel_title_in = 0.20     # panel title above each plot area
axis_in = 0.40            # x tic labels and x label under each plot area
key_row_in = 0.09         # one legend row (gnuplot's is about 0.084 in at these fonts)
key_pad_in = 0.08

page_w(np) = left_in + np * panel_w_in + (np - 1) * gap_in + right_in

# A page wide enough for np panels and for a legend of cols columns whose
# longest entry has chars characters; then the width of each panel on it.
legend_w(cols, chars) = cols * (chars * 0.045 + 0.45) + 0.2
fit_page_w(np, cols, chars) = legend_w(cols, chars) > page_w(np) ? legend_w(cols, chars) : page_w(np)
# The same for the key and the notes of the variables file (nkeys, key_cols ..., nnotes, note_cols ...).
fit_page_w_legend(np) = (nnotes > 0 && legend_w(note_cols, note_max_chars) > fit_page_w(np, key_cols, key_max_chars)) ? \
    legend_w(note_cols, note_max_chars) : fit_page_w(np, key_cols, key_max_chars)
panel_w_for(W, np) = (W - left_in - right_in - (np - 1) * gap_in) / np
page_h(key_rows) = 2.23 + title_in + key_rows * key_row_in + key_pad_in

# The figure title from the variables file's fig_title, fig_detail and
# fig_machine: on one line when it fits a page W inches wide, else broken
# after the title, then after the detail.
title_fits(s, W) = strlen(s) <= W * 12.5
title_one(t, d, m) = t . (d ne '' ? ' (' . d . ')' : '') . (m ne '' ? ' — ' . m : '')
title_two(t, d, m) = t . (d ne '' ? ' (' . d . ')' : '') . (m ne '' ? "\n" . m : '')
title_three(t, d, m) = t . (d ne '' ? "\n" . d : '') . (m ne '' ? "\n" . m : '')
title_text(t, d, m, W) = title_fits(title_one(t, d, m), W) ? title_one(t, d, m) : \
    title_fits(title_one(t, d, ''), W) ? title_two(t, d, m) : title_three(t, d, m)
title_lines(s) = strstrt(s, "\n") ? 1 + title_lines(s[strstrt(s, "\n") + 1:]) : 1
title_height(s) = 0.07 + 0.15 * title_lines(s)

# Plot area of panel p (1-based) of np, in screen fractions, on a W x H page.
panel_l(p, W) = (left_in + (p - 1) * (panel_w_in + gap_in)) / W
panel_r(p, W) = (left_in + p * panel_w_in + (p - 1) * gap_in - 0.05) / W
panel_t(H) = 1 - (title_in + panel_title_in) / H
panel_b(key_rows, H) = (key_pad_in + key_rows * key_row_in + axis_in) / H
key_t(key_rows, H) = (key_pad_in + key_rows * key_row_in) / H

# Commands (for eval) that put the next plot in panel p, or in the legend
# strip under all np panels, on a W x H page whose legend has key_rows rows.
panel_place(p, W, H, key_rows) = sprintf( \
    'set lmargin at screen %.5f; set rmargin at screen %.5f; set tmargin at screen %.5f; set bmargin at screen %.5f', \
    panel_l(p, W), panel_r(p, W), panel_t(H), panel_b(key_rows, H))
legend_place(np, W, H, key_rows, cols) = sprintf( \
    'set lmargin at screen 0.01; set rmargin at screen 0.99; set tmargin at screen %.5f; set bmargin at screen 0.005; ', \
    key_t(key_rows, H)) . \
    'unset title; unset xlabel; unset ylabel; unset logscale; unset border; unset xtics; unset ytics; unset grid; ' . \
    'set xrange [0:1]; set yrange [0:1]; ' . \
    sprintf('set key on inside center top horizontal maxcols %d reverse Left samplen 2 spacing 1 width 1', cols)

# Rows of a legend strip: the key's, then the notes' after a gap of 0.4 row.
legend_strip_rows(key_rows, nnotes, note_rows) = key_rows + (nnotes > 0 ? note_rows + 0.4 : 0)
# The same for the notes: their own strip, the last rows rows of the legend strip.
notes_place(W, H, rows, cols) = sprintf( \
    'set lmargin at screen 0.01; set rmargin at screen 0.99; set tmargin at screen %.5f; set bmargin at screen 0.005; ', \
    key_t(rows, H)) . \
    sprintf('set key on inside center top horizontal maxcols %d reverse Left samplen 2 spacing 1 width 1', cols)
# Plotting the notes (after notes_place): sample lines and points, no error bars.
notes_plot = 'plot NaN notitle, for [k = 1:nnotes] keyentry with linespoints lw line_lw(note_line[k]) ' . \
    'lc rgb alloc_color(note_alloc[k]) dt line_dt(note_line[k]) pt api_pt(note_api[k]) ps api_ps(note_api[k]) ' . \
    'title note_title[k]'

# Commands (for eval) that undo legend_place for the next format's panels.
axes_reset = 'set border 3; set xtics nomirror out scale 0.6, 0.3; set ytics nomirror out scale 0.6, 0.3 autofreq; ' . \
             'set grid xtics ytics; set key off'

# ---- axes ----
# Sizes on a log2 axis, labelled 4K, 64K, 1M... (the size_tics list comes
# from the figure's variables file).
set logscale x 2
set format y '%g'
set border 3 lw 0.8
set tics nomirror out scale 0.6, 0.3
set grid xtics ytics lt 1 lc rgb '#E3E3E3' lw 0.8
set errorbars small
set datafile missing 'NaN'
set style data linespoints
