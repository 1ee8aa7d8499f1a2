# style.gp - the look every pinsweep figure shares: colours, dashes, points,
# output formats and the page layout.  Loaded by every script of plots/.
#
# One colour per alloc kind in every figure, from the Okabe-Ito palette
# (distinguishable with the common colour-vision deficiencies; its yellow is
# left out, too faint on white).  Dash type says the buffer mode or what kind
# of line it is, point type the copy API.  The compare figures give each
# machine a colour of its own palette instead, a dash and a point fill, and
# each alloc kind a point shape (cmp_pt).

set encoding utf8

# The colour of a curve, line or legend entry (src/figures/kit/figure.h's fig_style.color):
color_of(c) = \
    c[1:8] eq 'machine:'  ? machine_color(int(c[9:])) : \
    c eq 'pageable'       ? '#D55E00' : \
    c eq 'pinned'         ? '#0072B2' : \
    c eq 'mallochost'     ? '#56B4E9' : \
    c eq 'portable'       ? '#CC79A7' : \
    c eq 'write-combined' ? '#E69F00' : \
    c eq 'mapped'         ? '#000000' : \
    c eq 'registered'     ? '#009E73' : \
    c eq 'registered-readonly' ? '#999933' : \
    c eq 'registered-portable' ? '#6A3D9A' : \
    c eq 'registered-mapped'   ? '#8C564B' : \
    c eq 'page-locked'    ? '#332288' : \
    c eq 'host'           ? '#8C8C8C' : \
    c eq 'reference'      ? '#C4C4C4' : \
    c eq '-'              ? '#FFFFFFFF' : '#555555'
# (The three registered-* kinds lie beyond the eight Okabe-Ito colours: olive,
# purple and brown, away from every other kind's hue and from the machines'.
# 'page-locked' is a band of page-locked kinds that coincide (Paul Tol's indigo).
# 'host' is host memory itself: the host memcpy ceiling, light grey; 'reference'
# a scale drawn under the curves, lighter.  '-' is
# a legend placeholder: fully transparent.  '' and unknown kinds: dark grey,
# for legend entries that explain a line or point style, and reference lines.)

# Machines in the compare figures ("machine:N"): Paul Tol's "bright" scheme,
# which is safe for colour-vision deficiencies and shares no colour with the
# alloc kinds; after six the colours repeat (pinsweep says so).
array machine_palette[6] = ['#4477AA', '#EE6677', '#228833', '#AA3377', '#66CCEE', '#CCBB44']
machine_color(n) = machine_palette[(n - 1) % 6 + 1]
# In the headline across machines a machine is a colour, a dash and a point
# ("machine:N" as the line and the point too), so that machines are told
# apart in grayscale: solid filled circles, dashed open squares, dash-dot
# filled triangles ... (eight before they repeat; colours repeat after six).
array machine_dts[8] = [1, 2, 5, 4, 6, 7, 8, 9]
array machine_pts[8] = [7, 4, 9, 6, 13, 8, 5, 12]
machine_dt(n) = machine_dts[(n - 1) % 8 + 1]
machine_pt(n) = machine_pts[(n - 1) % 8 + 1]
# In the compare figures a curve is a machine's colour and dash ("machine:N" as the
# colour and the line) and a point "machine:N/KIND": the alloc kind's shape, filled
# for odd N and open for even N, so that a machine is told apart in grayscale by its
# dash and fill and a kind by its shape: pageable squares, the merged page-locked
# line circles, pinned triangles, registered triangles down, mallochost diamonds,
# portable pentagons; kinds past the six shapes take glyphs that have no fill
# (write-combined +, mapped x, the other registered kinds letters); a merged
# kind's point drawn apart (compare-ratio) keeps its kind's shape.
cmp_shape(k) = k eq 'pageable' ? 4 : k eq 'page-locked' ? 6 : k eq 'pinned' ? 8 : \
    k eq 'registered' ? 10 : k eq 'mallochost' ? 12 : k eq 'portable' ? 14 : \
    k eq 'write-combined' ? 1 : k eq 'mapped' ? 2 : k eq 'apart' ? 3 : \
    k eq 'registered-readonly' ? 'R' : k eq 'registered-portable' ? 'P' : \
    k eq 'registered-mapped' ? 'M' : 3
cmp_fills(k) = k eq 'pageable' || k eq 'page-locked' || k eq 'pinned' || k eq 'registered' || \
    k eq 'mallochost' || k eq 'portable'
cmp_pt(p) = cmp_fills(p[strstrt(p, '/') + 1:]) ? \
    cmp_shape(p[strstrt(p, '/') + 1:]) + int(p[9:strstrt(p, '/') - 1]) % 2 : \
    cmp_shape(p[strstrt(p, '/') + 1:])

# Kinds of line (fig_style.line):
#   reuse, pipelined, alloc  solid    a buffer reused; latency: event time / copies; alloc time
#   reallocate, roundtrip, free  dashed   allocated per copy; latency: one copy waited for; free time
#   zerocopy              long dash, short dash: a kernel reads or writes the host buffer
#                         itself (api zerocopy), not the copy engine
#   pipeline, serial, ideal  (overlap) solid: a pipeline's time; dashed: its stages one
#                         after another; dotted, thicker: its longest stage alone
#   default, thp, hugetlb (placement) the page size: solid, dashed, dotted (thicker)
#   fit                   dotted, thin: the model t0 + n/B of a curve
#   regime                dotted, thick: one regime's bandwidth n/B across its sizes (a pageable
#                         copy within the host's cache and beyond it)
#   pin                   dotted: the cudaHostRegister part of a registered alloc
#   ceiling               long dashes, thick: host memcpy, the ceiling of a pageable copy
#   flushed               dash-dot: host buffer flushed from the CPU caches before each copy
#   first-touch           dash-dot-dot: fresh, never-touched pages for each copy
#   flushed+first-touch   long dashes: both (not short ones: those read as dots beside
#                         the fits' dots and are the practical ceiling's)
#   link                  thin, fine dashes: the PCIe link's raw rate
#   zerocopy-roundtrip    (latency) a zero-copy kernel waited for: dots, slightly thicker (apart
#                         from zerocopy's long and short dashes at any size)
#   unresolved, never     (breakeven) glyphs, not lines, in the strip above each panel (panels.gp):
#                         each point stands alone (a blank line after it) and the key's sample
#                         line is all gap
#   apart                 (compare-ratio) the same for a merged kind's point drawn apart
#   practical             thin, short dashes: the link's practical ceiling (packet overhead)
#   band                  solid, thicker: the median of page-locked kinds that coincide
#   guide                 thin solid: a reference value (1x, 1 copy)
#   reference             a broad light band under the curves (one pinned copy's time)
#   h2d, d2h, bidir       (headline) the direction: solid, dashed, dash-dot
#   alloc+free            (headline) dotted, thicker: alloc + free of one buffer, of no direction
#   machine:N             (headline across machines, compare figures) the Nth machine's dash
#                         (machine_dt)
#   alone, together       (gpus figures) a GPU by itself: solid; while every GPU copies: dashed
#   aggregate             (gpus figures) thick solid: the bytes all GPUs moved over their span
#   alone-sum             (gpus figures) thick dash-dot: the sum of the GPUs alone
line_dt(l) = l[1:8] eq 'machine:' ? machine_dt(int(l[9:])) : \
    l eq 'h2d' ? 1 : l eq 'd2h' ? 2 : l eq 'bidir' ? 5 : \
    (l eq 'reallocate' || l eq 'roundtrip' || l eq 'free' || l eq 'serial' || \
              l eq 'thp' || l eq 'together') ? 2 : \
    (l eq 'alone' || l eq 'aggregate') ? 1 : l eq 'alone-sum' ? 5 : \
    (l eq 'fit' || l eq 'pin' || l eq 'ideal' || l eq 'hugetlb' || l eq 'regime' || \
     l eq 'alloc+free') ? 3 : \
    l eq 'ceiling' ? 4 : \
    l eq 'flushed' ? 5 : l eq 'first-touch' ? 6 : l eq 'flushed+first-touch' ? 12 : \
    l eq 'link' ? 8 : l eq 'practical' ? 7 : l eq 'zerocopy' ? 9 : l eq 'band' ? 1 : \
    l eq 'zerocopy-roundtrip' ? 10 : (l eq 'unresolved' || l eq 'never' || l eq 'apart') ? 11 : \
    alloc_dt(l)
alloc_dt(a) = a eq 'pageable' ? 2 : a eq 'registered' ? 5 : a eq 'mallochost' ? 7 : \
    a eq 'portable' ? 6 : a eq 'write-combined' ? 4 : a eq 'mapped' ? 3 : \
    a eq 'registered-readonly' ? 8 : a eq 'registered-portable' ? 9 : \
    a eq 'registered-mapped' ? 10 : 1
line_lw(l) = l eq 'fit' ? 1.1 : l eq 'ceiling' ? 1.6 : (l eq 'pin' || l eq 'alloc+free') ? 1.7 : \
    l eq 'link' ? 1.0 : \
    l eq 'practical' ? 1.0 : l eq 'band' ? 1.8 : l eq 'regime' ? 2.6 : \
    l eq 'guide' ? 0.9 : l eq 'reference' ? 5 : (l eq 'ideal' || l eq 'hugetlb') ? 1.7 : \
    (l eq 'aggregate' || l eq 'alone-sum') ? 2.2 : l eq 'zerocopy-roundtrip' ? 1.6 : 1.2
set dashtype 2 (7, 4)
set dashtype 3 (1.2, 2.0)
set dashtype 4 (12, 5)
set dashtype 5 (8, 3, 1.5, 3)
set dashtype 6 (8, 3, 1.5, 3, 1.5, 3)
set dashtype 7 (3, 3)
set dashtype 8 (4, 2.5)
set dashtype 9 (12, 3, 3, 3)
set dashtype 10 (1.5, 3)
set dashtype 11 (0.01, 1000)
set dashtype 12 (16, 4, 16, 4)

# Every alloc kind has a colour, a dash (alloc_dt) and a point type of its
# own, the same in every figure, so that curves are told apart in grayscale
# too; a figure that uses dashes for something else (buffer mode, round
# trip, alloc and free) says so in its notes, and the point still names
# the kind.
# Point types (fig_style.point): an alloc kind (below); sync open square, async filled circle,
# zerocopy filled diamond; a break-even not resolved '?', one that never pays off '×' (glyphs,
# breakeven); a direction in the panels of one kind each (reuse-vs-reallocate): h2d filled
# circle, d2h open square, bidir filled triangle; the parts of an allocation (alloc filled circle,
# free open circle, pin filled triangle); a NUMA binding in the placement
# figures (numa:any filled circle, numa:auto open circle, numa:N a node:
# squares, triangles, diamonds); machine:N/KIND in the compare figures (cmp_pt); in the
# gpus figures a GPU's machine:N, the aggregate a filled pentagon and the sum
# of the GPUs alone an open one; none
# ('', legend entries for a line style): size 0, since pt -1 still leaves a
# dot in PDF.
point_pt(p) = p[1:8] eq 'machine:' ? (strstrt(p, '/') ? cmp_pt(p) : machine_pt(int(p[9:]))) : \
    p eq 'sync' ? 4 : p eq 'async' ? 7 : p eq 'zerocopy' ? 13 : \
    p eq 'unresolved' ? '?' : p eq 'never' ? 2 : \
    p eq 'h2d' ? 7 : p eq 'd2h' ? 4 : p eq 'bidir' ? 9 : \
    p eq 'alloc' ? 7 : p eq 'free' ? 6 : p eq 'pin' ? 9 : \
    p eq 'aggregate' ? 15 : p eq 'alone-sum' ? 14 : \
    p[1:5] eq 'numa:' ? numa_pt(p[6:]) : \
    p eq 'pageable' ? 4 : p eq 'pinned' ? 7 : p eq 'registered' ? 9 : p eq 'mallochost' ? 6 : \
    p eq 'portable' ? 13 : p eq 'write-combined' ? 8 : p eq 'mapped' ? 12 : \
    p eq 'registered-readonly' ? 10 : p eq 'registered-portable' ? 11 : \
    p eq 'registered-mapped' ? 14 : p eq 'page-locked' ? 5 : 7
array numa_node_pt[6] = [5, 4, 9, 8, 13, 12]
numa_pt(n) = n eq 'any' ? 7 : n eq 'auto' ? 6 : n eq 'node' ? 15 : numa_node_pt[int(n) % 6 + 1]
point_ps(p) = p eq '' ? 0 : point_size(fmt)
# A round trip (latency: one copy, or one zero-copy kernel, waited for) has its kind's point in
# the other fill: open where the kind's is filled, filled where it is open (open square <->
# filled square ... open pentagon <-> filled pentagon), so that it is told from the same kind's
# pipelined curve by its points as well as by its dash.
other_fill(t) = (t >= 4 && t <= 15) ? (t % 2 ? t - 1 : t + 1) : t
other_fill_line(l) = l eq 'roundtrip' || l eq 'zerocopy-roundtrip'
# The point type of a curve, key entry or note whose point is p and whose kind of line is l.
pt_of(p, l) = other_fill_line(l) ? other_fill(point_pt(p)) : point_pt(p)

# ---- the points of a dense curve ----
# A panel's curves are drawn in two layers: each line with its bars (every point has its bar),
# then its points over it, every marks_every(b)-th point of block b, so that two marks of a curve
# are at least marks_gap_in apart on the page (its points taken as evenly spread across the
# panel's width) and its dash shows between them however many sizes were measured
# (small-transfers: 71 up to 16 MiB).  The curves of a panel start at different points
# (marks_start), so that the marks of curves that run close together alternate instead of
# covering one another; a curve with a run (between two breaks) shorter than its interval starts
# at its first point, so that no run is left without a mark.  Glyphs (breakeven) and curves over
# a linear axis (time: sentinel) have every point marked.  block_npoints[b] and block_minrun[b]
# (the points of block b and of its shortest run) and band_npoints[p] come from the variables
# file (src/figures/kit/gnuplot_vars.c); a variables file without them marks every point.
marks_gap_in = 0.10
marks_for(n) = (marks_k = int(ceil(n * marks_gap_in / panel_w_in)), marks_k < 1 ? 1 : marks_k)
marks_every(b) = (!exists('block_npoints') || (exists('x_linear') && x_linear) || \
    block_line[b] eq 'unresolved' || block_line[b] eq 'never') ? 1 : marks_for(block_npoints[b])
marks_start(p, j) = (marks_k = marks_every(blk(p, j)), \
    marks_k > 1 && block_minrun[blk(p, j)] >= marks_k ? int((j - 1) * marks_k / panel_nblocks[p]) % marks_k : 0)
band_every(p) = exists('band_npoints') ? marks_for(band_npoints[p]) : 1
# Plot clauses (for eval) drawing panel p's curves (blk(p, j): the script's index of block j of
# panel p): their lines, with bars (columns 3 and 4) when bars is set, then their points.  A
# script appends curve_marks after its other layers, so that no band or overlay hides a point.
curve_lines(bars) = 'for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) ' . \
    (bars ? 'using 1:2:3:4 with yerrorlines ps 0 ' : 'using 1:2 with lines ') . \
    'lw line_lw(block_line[blk(p, j)]) lc rgb color_of(block_color[blk(p, j)]) ' . \
    'dt line_dt(block_line[blk(p, j)]) notitle'
curve_marks = 'for [j = 1:panel_nblocks[p]] panel_file[p] index (j - 1) ' . \
    'every marks_every(blk(p, j))::marks_start(p, j) using 1:2 with points ' . \
    'lc rgb color_of(block_color[blk(p, j)]) pt pt_of(block_point[blk(p, j)], block_line[blk(p, j)]) notitle'
curves_drawn(bars) = curve_lines(bars) . ', ' . curve_marks

# Phases of a reallocate cycle (reallocate-time.gp), kept apart from the
# alloc colours: these curves are phases, not alloc kinds.
array phase_name[5] = ['alloc', 'fill', 'copy', 'free', 'total']
array phase_color[5] = ['#882255', '#44AA99', '#332288', '#999933', '#000000']
array phase_pt[5] = [5, 9, 7, 13, 0]

# ---- output formats ----
# A figure is designed at its PDF size (inches, fonts in points, to be set in
# a paper at 100%); PNG and SVG are the same page at png_dpi pixels per inch,
# with fonts scaled to match.  'tex' is gnuplot's cairolatex: the lines in
# NAME-inc.pdf, the text in NAME-inc.tex (pinsweep renames it NAME.tex) set
# by LaTeX in the document's font; src/figures/kit/gnuplot.c runs it with formats='tex'
# on the variables file whose text is LaTeX.
if (!exists('formats')) formats = 'png pdf svg'
png_dpi = 1600.0 / 7.0
pdf_font = 8.0
# pngcairo takes points (at 96 dpi), svg takes pixels: the same text needs a bigger number in svg.
font_for(fmt) = (fmt eq 'pdf' || fmt eq 'tex') ? pdf_font : fmt eq 'svg' ? pdf_font * 1.85 : pdf_font * 1.5
# Point symbols of the same size on the page in every format.
point_size(fmt) = (fmt eq 'pdf' || fmt eq 'tex') ? 0.45 : fmt eq 'svg' ? 0.65 : 1.1
# The file a format is written to: OUT_DIR/[OUT_PREFIX]NAME.FMT (pinsweep report
# draws a folder's figures as F1-NAME); a book page, book_out.
if (!exists('out_prefix')) out_prefix = ''
out_file(name, fmt) = book ? book_out : \
    out_dir . '/' . out_prefix . name . (fmt eq 'tex' ? '-inc.tex' : '.' . fmt)

# A page of a book (pinsweep report's figures.pdf): with book_file='FILE' given
# by -e (and formats='pdf'), FILE sets book_w and book_h (the page, inches, the
# same for every page of the book), book_top (inches above the figure),
# book_out (the page's PDF), and the caption under the figure: book_lines
# lines book_caption[k], from book_cap_x inches, book_line inches apart,
# book_gap inches under the figure.  The figure is drawn at its own size
# (fonts as in its PDF), centred across the page.
book = 0
if (exists('book_file')) { load book_file; book = 1 }
# A screen fraction of the figure's own W x H page, on the page drawn.
bx(f, W) = book ? ((book_w - W) / 2 + f * W) / book_w : f
by(f, H) = book ? (book_h - book_top - H + f * H) / book_h : f
# Commands (for eval) drawing, last in the figure's multiplot, its title over it (the
# multiplot's own title would stand at the top of the page) and its caption under it.
book_caption_draw = 'unset key; unset border; unset tics; unset grid; unset title; unset xlabel; ' . \
    'unset ylabel; unset y2label; unset logscale; unset arrow; unset label; ' . \
    'set xrange [0:1]; set yrange [0:1]; ' . \
    'set label 1000 fig_text at screen bx(0.5, W), screen by(1, H) - 0.06 / book_h center ' . \
    'offset 0, -0.5 font font_spec(fmt, 9.5); ' . \
    'do for [k = 1:book_lines] { set label k book_caption[k] at screen book_cap_x / book_w, ' . \
    'screen by(0, H) - (book_gap + (k - 0.75) * book_line) / book_h left font font_spec(fmt, 9) }; ' . \
    'plot NaN notitle; unset label'

# LaTeX sets a figure's text at pdf_font points, whatever the size of the text
# around the \input: the figure is laid out for that size, at least 7 pt on
# the page (the header is local to the figure).
tex_header = sprintf('\fontsize{%g}{%g}\selectfont', pdf_font, pdf_font * 1.2)
term_cmd(fmt, w_in, h_in) = \
    fmt eq 'png' ? sprintf("set terminal pngcairo size %d,%d font 'Sans,%g' linewidth 1.5 dashlength 1.8 noenhanced", \
                           w_in * png_dpi, h_in * png_dpi, font_for(fmt)) : \
    fmt eq 'pdf' ? sprintf("set terminal pdfcairo size %gin,%gin font 'Sans,%g' linewidth 1 noenhanced", \
                           book ? book_w : w_in, book ? book_h : h_in, font_for(fmt)) : \
    fmt eq 'tex' ? sprintf("set terminal cairolatex pdf input colortext header '%s' size %gin,%gin font ',%g' linewidth 1", \
                           tex_header, w_in, h_in, font_for(fmt)) : \
    sprintf("set terminal svg size %d,%d font 'Sans,%g' linewidth 1.5 noenhanced background rgb 'white'", \
            w_in * png_dpi, h_in * png_dpi, font_for(fmt))

# Scale a font size given for the PDF to the current format: font(fmt, 9).
font_spec(fmt, pt) = sprintf(',%g', pt * font_for(fmt) / pdf_font)

# ---- layout ----
# Panels side by side (more than three in a grid), then a legend strip across the bottom: the key (the
# curves), then under it the notes, centred (what a kind of line or point
# means), each with columns of its own width.  Lengths are in inches of the
# PDF page; sx/sy turn them into screen fractions.
panel_w0 = 1.95           # one panel's plot area and its tic labels (panel_w_in: as drawn)
panel_w_in = panel_w0
left_in = 0.55            # y label and tic labels of the first panel
gap_in = 0.38             # between panels: the next panel's tic labels
right_in = 0.12
title_in = 0.22           # figure title (set_title_in() grows it for more lines)
panel_title_in = 0.20     # panel title above each plot area
axis_in = 0.40            # x tic labels and x label under each plot area
key_row_in = 0.09         # one legend row (gnuplot's is about 0.084 in at these fonts)
key_pad_in = 0.08

page_w(np) = left_in + np * panel_w0 + (np - 1) * gap_in + right_in

# Panels in a grid: up to three side by side; more in rows of three, or of two when three would
# make the page wider than page_max_in (a strip of five panels was 13.9 in wide, its type 4 pt
# at a page's width).  grid_cols and grid_rows are set by page_setup (scripts that lay their
# page out themselves set them); cell_col and cell_row are panel p's place, 0-based.
page_max_in = 8.0
row_in = 2.23             # one row of panels: panel title, plot area, x tics and label
plot_h_in = row_in - panel_title_in - axis_in
grid_cols_for(np) = np <= 3 ? np : np == 4 ? 2 : page_w(3) <= page_max_in ? 3 : 2
grid_cols = 1
grid_rows = 1
cell_col(p) = (p - 1) % grid_cols
cell_row(p) = int((p - 1) / grid_cols)

# A page wide enough for np panels and for a legend of cols columns whose
# longest entry has chars characters (page_setup); then the width of each
# panel on it.
# (LaTeX's Computer Modern at 8 pt is wider than the Sans of the other formats; pdfcairo reckons
# a key's text wider than pngcairo does, and warns of a key it cannot fit.)
char_w(fmt) = fmt eq 'tex' ? 0.052 : fmt eq 'pdf' ? 0.05 : 0.045
legend_w(cols, chars) = cols * (chars * char_w(fmt) + 0.45) + 0.2
panel_w_for(W, np) = (W - left_in - right_in - (np - 1) * gap_in) / np
# Paper mode (paper = 1 in the variables file: pinsweep's --paper, and
# always for LaTeX, formats='tex'): a figure of one panel is as wide as a
# column of a two-column paper (3.33 in), one of more as the page (7 in),
# whatever its legend, which gets fewer columns (more rows) to fit; no
# title and no notes are drawn inside it: they belong in the caption.
if (!exists('paper')) paper = 0
paper_fmt(fmt) = paper || fmt eq 'tex'
paper_page_w(np) = np == 1 ? 3.33 : 7.0
fit_cols(cols, chars, W) = (cols <= 1 || legend_w(cols, chars) <= W) ? cols : fit_cols(cols - 1, chars, W)
rows_of(n, cols) = cols > 0 ? int(ceil(n * 1.0 / cols)) : 0
# LaTeX's lines of text are taller than gnuplot reckons: legend rows get more room there.
key_spacing_fmt(fmt) = fmt eq 'tex' ? 1.4 : 1
key_row_fmt(fmt) = fmt eq 'tex' ? 0.125 : 0.09
fig_text_fmt(fmt, W) = paper_fmt(fmt) ? '' : title_text(fig_title, fig_detail, fig_machine, W)
title_in_fmt(fmt, s) = paper_fmt(fmt) ? 0.08 : title_height(s)

# Commands (for eval) at the start of each format of a figure with a key and
# notes (the variables file's nkeys, key_cols ..., nnotes, note_cols ...):
# tex and on_paper (paper mode, above), the notes drawn (nnotes: none on
# paper; the variables file's count is kept in notes_given), the legend's
# columns and rows (kc, kr, nc, nr; legend_rows in all), the page W inches
# wide and its panels' width, the title and its height.
page_setup = 'tex = fmt eq "tex"; on_paper = paper_fmt(fmt); key_row_in = key_row_fmt(fmt); ' . \
    'grid_cols = grid_cols_for(npanels); grid_rows = rows_of(npanels, grid_cols); ' . \
    'notes_given = exists("notes_given") ? notes_given : nnotes; nnotes = on_paper ? 0 : notes_given; ' . \
    'kc = on_paper ? fit_cols(key_cols, key_max_chars, paper_page_w(grid_cols)) : key_cols; ' . \
    'nc = on_paper ? fit_cols(note_cols, note_max_chars, paper_page_w(grid_cols)) : note_cols; ' . \
    'kr = on_paper ? rows_of(nkeys, kc) : key_rows; nr = on_paper ? rows_of(nnotes, nc) : note_rows; ' . \
    'legend_rows = legend_strip_rows(kr, nnotes, nr); ' . \
    'W = on_paper ? paper_page_w(grid_cols) : page_w(grid_cols); ' . \
    'W = (!on_paper && legend_w(kc, key_max_chars) > W) ? legend_w(kc, key_max_chars) : W; ' . \
    'W = (nnotes > 0 && legend_w(nc, note_max_chars) > W) ? legend_w(nc, note_max_chars) : W; ' . \
    'panel_w_in = panel_w_for(W, grid_cols); fig_text = fig_text_fmt(fmt, W); ' . \
    'title_in = title_in_fmt(fmt, fig_text); H = page_h(legend_rows)'
page_h(key_rows) = row_in * grid_rows + title_in + key_rows * key_row_in + key_pad_in

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

# Plot area of panel p (1-based) in its cell of the grid, in screen fractions, on a W x H page.
panel_l(p, W) = bx((left_in + cell_col(p) * (panel_w_in + gap_in)) / W, W)
panel_r(p, W) = bx((left_in + (cell_col(p) + 1) * panel_w_in + cell_col(p) * gap_in - 0.05) / W, W)
panel_t(p, H) = by(1 - (title_in + panel_title_in + cell_row(p) * row_in) / H, H)
panel_b(p, H) = by(1 - (title_in + panel_title_in + cell_row(p) * row_in + plot_h_in) / H, H)
key_t(key_rows, H) = by((key_pad_in + key_rows * key_row_in) / H, H)

# Commands (for eval) that put the next plot in panel p, or in the legend
# strip under all np panels, on a W x H page whose legend has key_rows rows.
# (key_rows is not needed for a panel: its place follows from the page's height.)
panel_place(p, W, H, key_rows) = sprintf( \
    'set lmargin at screen %.5f; set rmargin at screen %.5f; set tmargin at screen %.5f; set bmargin at screen %.5f', \
    panel_l(p, W), panel_r(p, W), panel_t(p, H), panel_b(p, H))
legend_place(np, W, H, key_rows, cols) = sprintf( \
    'set lmargin at screen %.5f; set rmargin at screen %.5f; set tmargin at screen %.5f; set bmargin at screen %.5f; ', \
    bx(0.01, W), bx(0.99, W), key_t(key_rows, H), by(0.005, H)) . \
    'unset title; unset xlabel; unset ylabel; unset logscale; unset border; unset xtics; unset ytics; unset grid; ' . \
    'unset arrow; unset label; ' . \
    'set xrange [0:1]; set yrange [0:1]; ' . \
    sprintf('set key on inside center top horizontal maxcols %d reverse Left samplen 4 spacing %g width 1', cols, key_spacing_fmt(fmt))

# Rows of a legend strip: the key's, then the notes' after a gap of 0.4 row.
legend_strip_rows(key_rows, nnotes, note_rows) = key_rows + (nnotes > 0 ? note_rows + 0.4 : 0)
# The same for the notes: their own strip, the last rows rows of the legend strip.
notes_place(W, H, rows, cols) = sprintf( \
    'set lmargin at screen %.5f; set rmargin at screen %.5f; set tmargin at screen %.5f; set bmargin at screen %.5f; ', \
    bx(0.01, W), bx(0.99, W), key_t(rows, H), by(0.005, H)) . \
    sprintf('set key on inside center top horizontal maxcols %d reverse Left samplen 4 spacing %g width 1', cols, key_spacing_fmt(fmt))
# Plotting the notes (after notes_place): sample lines and points, no error bars.
notes_plot = 'plot NaN notitle, for [k = 1:nnotes] keyentry with linespoints lw line_lw(note_line[k]) ' . \
    'lc rgb color_of(note_color[k]) dt line_dt(note_line[k]) pt pt_of(note_point[k], note_line[k]) ps point_ps(note_point[k]) ' . \
    'title note_title[k]'
# The same for the key, for figures whose curves are lines and points.
key_plot = 'plot NaN notitle, for [k = 1:nkeys] keyentry with linespoints lw line_lw(key_line[k]) ' . \
    'lc rgb color_of(key_color[k]) dt line_dt(key_line[k]) pt pt_of(key_point[k], key_line[k]) ps point_ps(key_point[k]) ' . \
    'title key_title[k]'

# ---- reference lines ----
# Commands (for eval) drawing the horizontal reference lines of panel p
# (hline_* of the variables file) across it, each labelled in its colour at
# one end, above or below the line.
hline_x(w) = w[1:4] eq 'left' ? 0.02 : 0.98
hline_just(w) = w[1:4] eq 'left' ? 'left' : 'right'
hline_dy(w) = strstrt(w, 'above') ? 0.6 : -0.6
hline_cmd(k) = sprintf('set arrow %d from graph 0, first %.17g to graph 1, first %.17g nohead back lw %g lc rgb "%s" dt %d; ', \
        k, hline_y[k], hline_y[k], line_lw(hline_line[k]), color_of(hline_color[k]), line_dt(hline_line[k])) . \
    (hline_label[k] eq '' ? '' : sprintf('set label %d hline_label[%d] at graph %g, first %.17g %s offset 0, %g front textcolor rgb "%s"', \
        k, k, hline_x(hline_where[k]), hline_y[k], hline_just(hline_where[k]), hline_dy(hline_where[k]), color_of(hline_color[k])))
hlines_set = 'unset arrow; unset label; do for [k = 1:nhlines] { if (hline_panel[k] == p) { eval hline_cmd(k) } }'

# The size tics of a panel (size_tics* of the variables file): more labels on
# a wide panel; in LaTeX, whose font is wider, no label at the end of the
# range next to another.
xtics_for(fmt) = panel_w_in > 3.5 ? size_tics_wide : fmt eq 'tex' ? size_tics_tex : size_tics

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
# No `set datafile missing 'NaN'`: with it gnuplot joins the points either side of a NaN, as if
# something had been measured between them.  A NaN breaks a line, and so does a blank line, which
# the data files hold wherever a curve has no point (not measured, not resolved).
set style data linespoints
