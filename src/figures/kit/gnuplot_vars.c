/*
 * gnuplot_vars.c - a figure's variables file (see gnuplot_vars.h).
 *
 * The variables file a script loads holds every per-figure fact as gnuplot
 * assignments: the panels and their data files, each block's colour, kind
 * of line and point type (struct fig_style, which plots/style.gp maps), the
 * reference lines, the legend (key) and the notes under it, ranges, tics and
 * titles.  Strings given to gnuplot are single-quoted with any quote
 * doubled, which gnuplot reads back verbatim.
 */
#include "figures/kit/gnuplot_vars.h"
#include "results/outdir.h"
#include "figures/kit/tex.h"
#include "base/units.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Write s as a gnuplot string: single quotes, '' for a quote; line breaks become spaces. */
void gnuplot_string(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("''", f);
        else if (*s == '\n' || *s == '\r')
            fputc(' ', f);
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

/* Text shown in the figure, as a gnuplot string: plain, or LaTeX when tex is set. */
static void gp_text(FILE *f, const char *s, int tex)
{
    char *t = tex ? plot_tex_text(s) : NULL;
    gnuplot_string(f, t ? t : s);
    free(t);
}

/* A size axis runs from the smallest size / SIZE_MARGIN to the largest x SIZE_MARGIN. */
#define SIZE_MARGIN 1.4

/* A "nice" upper bound for a linear axis from 0: a whole number of 1, 2 or 5 steps. */
static double nice_ceiling(double v)
{
    if (!(v > 0))
        return 1;
    v *= 1.04; /* headroom above the highest error bar */
    double step = pow(10, floor(log10(v / 6)));
    if (v / step > 6 * 5)
        step *= 5;
    else if (v / step > 6 * 2)
        step *= 2;
    return ceil(v / step) * step;
}

/* Distance from exponent e to the nearest multiple of step within [lo, hi]; big if none. */
static int label_distance(int e, int step, int lo, int hi)
{
    int m = ((e % step) + step) % step, best = 1 << 20;
    if (e - m >= lo)
        best = m;
    if (m && e + step - m <= hi && step - m < best)
        best = step - m;
    return best;
}

/*
 * The gnuplot `set xtics` list for sizes lo..hi bytes on a log axis, as the
 * string variable called name: labels at powers of two people read (4K, 64K,
 * 1M, 16M, 256M, 1G), 2, 4, 16 or 1024 times apart so that at most
 * max_labels fit, plus either end of the range when at least end_gap powers
 * of two from the nearest label; minor tics at the other powers of two.
 */
static void write_size_tics(FILE *f, const char *name, double lo, double hi, int max_labels,
                            int end_gap, int grid)
{
    static const int steps[] = {1, 2, 4, 10, 20};
    int e_lo = (int)ceil(log2(lo) - 1e-9), e_hi = (int)floor(log2(hi) + 1e-9);
    if (e_hi < e_lo) /* one size, not a power of two: the nearest one */
        e_hi = e_lo = (int)round(log2(lo));
    int step = steps[0];
    for (size_t i = 1; i < sizeof(steps) / sizeof(steps[0]) && (e_hi - e_lo) / step > max_labels;
         i++)
        step = steps[i];
    char label[32];
    int first = 1;
    fprintf(f, "%s = '(", name);
    for (int e = e_lo; e <= e_hi; e++) {
        int d = label_distance(e, step, e_lo, e_hi);
        int major = d == 0 || ((e == e_lo || e == e_hi) && d >= end_gap);
        if (grid && !major)
            continue;
        units_format_size_short((uint64_t)1 << e, label, sizeof(label));
        fprintf(f, "%s\"%s\" %.0f%s", first ? "" : ", ", major && !grid ? label : "", ldexp(1, e),
                major ? "" : " 1");
        first = 0;
    }
    fputs(")'\n", f);
}

/*
 * Is m x 10^e a label of decimal series level: 0 every multiple 1..9 of a
 * power of ten, 1 the multiples 1, 2 and 5, 2 the powers of ten, 3 the
 * powers of a thousand (1 KB, 1 MB, 1 GB)?
 */
static int decimal_label(int m, int e, int level)
{
    if (level == 0)
        return 1;
    if (level == 1)
        return m == 1 || m == 2 || m == 5;
    return m == 1 && (level == 2 || e % 3 == 0);
}

/* How many labels decimal series level puts within [lo, hi]. */
static int decimal_labels(double lo, double hi, int e_lo, int e_hi, int level)
{
    int n = 0;
    for (int e = e_lo; e <= e_hi; e++)
        for (int m = 1; m <= 9; m++) {
            double v = m * pow(10, e);
            n += v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9) && decimal_label(m, e, level);
        }
    return n;
}

/*
 * The gnuplot `set xtics` list for decimal sizes lo..hi bytes on a log
 * axis (the axis's range: the sizes with the margin write_ranges gives
 * them), as the string variable called name: labels in decimal units (1 KB,
 * 10 KB, 256 MB) at their true positions, at the powers of ten when that
 * gives 2 to max_labels of them, else at 1, 2 and 5 times them or at every
 * multiple (a range of less than a decade), or at the powers of a thousand
 * (a wide one); minor tics at the other multiples 1..9 of the powers of ten.
 */
static void write_decimal_tics(FILE *f, const char *name, double lo, double hi, int max_labels,
                               int grid)
{
    static const int order[] = {2, 1, 0};
    lo /= SIZE_MARGIN, hi *= SIZE_MARGIN;
    int e_lo = (int)floor(log10(lo)), e_hi = (int)ceil(log10(hi)), level = 3, first = 1;
    for (size_t i = 0; i < sizeof(order) / sizeof(order[0]) && level == 3; i++) {
        int n = decimal_labels(lo, hi, e_lo, e_hi, order[i]);
        if (n >= 2 && n <= max_labels)
            level = order[i];
        else if (n > max_labels) /* too many already: sparser is all there is */
            break;
    }
    char label[32];
    fprintf(f, "%s = '(", name);
    for (int e = e_lo; e <= e_hi; e++)
        for (int m = 1; m <= 9; m++) {
            double v = m * pow(10, e);
            if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9) || v < 1)
                continue;
            int major = decimal_label(m, e, level);
            if (grid && !major)
                continue;
            units_format_size_decimal((uint64_t)llround(v), label, sizeof(label));
            fprintf(f, "%s\"%s\" %.0f%s", first ? "" : ", ", major && !grid ? label : "", v,
                    major ? "" : " 1");
            first = 0;
        }
    fputs(")'\n", f);
}

/*
 * Size tics for a panel of the usual width, for a wide one (size_tics_wide)
 * and for LaTeX's wider font (size_tics_tex: no end label next to another);
 * decimal units at powers of ten when the figure's sizes are decimal.
 */
static void write_all_size_tics(FILE *f, double lo, double hi, int decimal)
{
    if (decimal) {
        write_decimal_tics(f, "size_tics", lo, hi, 5, 0);
        write_decimal_tics(f, "size_tics_wide", lo, hi, 10, 0);
        write_decimal_tics(f, "size_tics_tex", lo, hi, 5, 0);
        return;
    }
    write_size_tics(f, "size_tics", lo, hi, 5, 2, 0);
    write_size_tics(f, "size_tics_wide", lo, hi, 10, 2, 0);
    write_size_tics(f, "size_tics_tex", lo, hi, 5, 3, 0);
}

enum style_field { STYLE_COLOR, STYLE_LINE, STYLE_POINT, STYLE_TITLE };

static const char *style_get(const struct fig_style *s, enum style_field w)
{
    switch (w) {
    case STYLE_COLOR:
        return s->color;
    case STYLE_LINE:
        return s->line;
    case STYLE_POINT:
        return s->point;
    default:
        return s->title;
    }
}

/*
 * A gnuplot array of one field of n styles (gnuplot arrays cannot be empty:
 * [''] then); titles are text (LaTeX when tex is set).
 */
static void write_style_array(FILE *f, const char *name, const struct fig_style *s, size_t n,
                              enum style_field w, int tex)
{
    fprintf(f, "array %s[%zu] = [", name, n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        gp_text(f, style_get(&s[i], w), tex && w == STYLE_TITLE);
    }
    fputs(n ? "]\n" : "'']\n", f);
}

static void write_size_array(FILE *f, const char *name, size_t n, const size_t *v)
{
    fprintf(f, "array %s[%zu] = [", name, n ? n : 1);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%zu", i ? ", " : "", v[i]);
    fputs(n ? "]\n" : "0]\n", f);
}

/* End a run of *run points of block k: runs[k] keeps the shortest. */
static void end_run(size_t *runs, size_t k, size_t *run)
{
    if (*run && *run < runs[k])
        runs[k] = *run;
    *run = 0;
}

/*
 * The points of each block of the data file at path, points[k], and of its
 * shortest run, runs[k] (a line breaks at a blank line), for its blocks
 * k < max: a block begins at each "# index N" heading after the first, as
 * fig_block writes them, so that a file without any (a band) is one block.
 * Returns how many blocks it has (0: it cannot be read).
 */
static size_t count_block_points(const char *path, size_t *points, size_t *runs, size_t max)
{
    FILE *f = max ? fopen(path, "r") : NULL;
    char line[512];
    size_t k = 0, run = 0;
    if (!f)
        return 0;
    points[0] = 0;
    runs[0] = SIZE_MAX;
    while (fgets(line, sizeof(line), f)) {
        int full = strchr(line, '\n') != NULL;
        if (!strncmp(line, "# index ", 8) && strtoul(line + 8, NULL, 10) > 0) {
            end_run(runs, k < max ? k : max - 1, &run);
            if (++k < max) {
                points[k] = 0;
                runs[k] = SIZE_MAX;
            }
        } else if (line[0] == '\n') {
            end_run(runs, k < max ? k : max - 1, &run);
        } else if (line[0] != '#' && k < max) {
            points[k]++;
            run++;
        }
        while (!full && fgets(line, sizeof(line), f)) /* the rest of a long line */
            full = strchr(line, '\n') != NULL;
    }
    end_run(runs, k < max ? k : max - 1, &run);
    for (size_t b = 0; b <= k && b < max; b++)
        runs[b] = runs[b] == SIZE_MAX ? 0 : runs[b];
    fclose(f);
    return k + 1;
}

/*
 * block_npoints[b] and block_minrun[b]: the points of each block and of
 * its shortest run, read back from the panels' data files, so that the
 * script draws a dense curve's points at an interval (plots/style.gp,
 * marks_every) and never leaves a short run without one; band_npoints[p]
 * the same for each panel's band.  -1 when out of memory.
 */
static int write_point_counts(FILE *f, const struct fig *g, const char *data_dir)
{
    size_t nb = g->nblocks, *points = calloc(nb ? 2 * nb : 2, sizeof(*points));
    size_t band[FIG_MAX_PANELS] = {0}, band_run;
    if (!points)
        return -1;
    size_t *runs = points + (nb ? nb : 1);
    for (size_t p = 0; p < g->npanels; p++) {
        size_t first = g->panel_first[p] - 1, m = g->panel_nblocks[p];
        int has_band = g->band[p].color && g->band[p].color[0];
        char *file = m ? fig_panel_path(g, p, "", data_dir) : NULL;
        char *bf = has_band ? fig_panel_path(g, p, "-band", data_dir) : NULL;
        if ((m && !file) || (has_band && !bf)) {
            free(file);
            free(points);
            return -1;
        }
        if (m && first + m <= nb)
            count_block_points(file, points + first, runs + first, m);
        if (bf) /* one block, without an "# index" heading */
            count_block_points(bf, &band[p], &band_run, 1);
        free(file);
        free(bf);
    }
    write_size_array(f, "block_npoints", nb, points);
    write_size_array(f, "block_minrun", nb, runs);
    write_size_array(f, "band_npoints", g->npanels, band);
    free(points);
    return 0;
}

/* "NAME[p] = 'PATH'" for panel p's file with this suffix; -1 when out of memory. */
static int write_panel_file(FILE *f, const struct fig *g, size_t p, const char *name,
                            const char *suffix, const char *data_dir)
{
    char *file = fig_panel_path(g, p, suffix, data_dir);
    if (!file)
        return -1;
    fprintf(f, "%s[%zu] = ", name, p + 1);
    gnuplot_string(f, file);
    fputc('\n', f);
    free(file);
    return 0;
}

/*
 * Each panel's band (panel_nband[p] 0 or 1, panel_band_file, band_color,
 * band_point) and the raw link rate of its percent axis (panel_link[p], 0:
 * none; y2 = 1 when some panel has one).
 */
static int write_bands(FILE *f, const struct fig *g, const char *data_dir)
{
    size_t n = g->npanels ? g->npanels : 1;
    int y2 = 0;
    fprintf(f, "array panel_nband[%zu]\narray panel_band_file[%zu]\narray band_color[%zu]\n", n, n,
            n);
    fprintf(f, "array band_point[%zu]\narray panel_link[%zu]\n", n, n);
    for (size_t p = 0; p < n; p++) {
        const struct fig_style *b = &g->band[p];
        int has = p < g->npanels && b->color && b->color[0];
        double link = p < g->npanels && g->panel_link[p] > 0 ? g->panel_link[p] : 0;
        char *file = has ? fig_panel_path(g, p, "-band", data_dir) : NULL;
        if (has && !file)
            return -1;
        fprintf(f, "panel_nband[%zu] = %d; panel_band_file[%zu] = ", p + 1, has, p + 1);
        gnuplot_string(f, file ? file : "");
        fprintf(f, "; band_color[%zu] = ", p + 1);
        gnuplot_string(f, has ? b->color : "");
        fprintf(f, "; band_point[%zu] = ", p + 1);
        gnuplot_string(f, has && b->point ? b->point : "");
        fprintf(f, "; panel_link[%zu] = %.17g\n", p + 1, link);
        free(file);
        y2 |= link > 0;
    }
    fprintf(f, "y2 = %d\n", y2);
    return 0;
}

/*
 * The strip above the panels (figure.h), when g has one: nstrip_rows, the
 * rows' strip_row_{color,point,title}, each panel's panel_strip_file,
 * panel_strip_first and panel_nstrip, its blocks' strip_{color,line,point},
 * and size_grid: the size tics' labelled positions without labels (the
 * strip's grid lines, under the panel's).  Nothing without a strip, so that
 * other figures' files stay as they were.
 */
static int write_strip(FILE *f, const struct fig *g, const char *data_dir, int tex)
{
    size_t n = g->npanels ? g->npanels : 1;
    if (g->nstrip_rows == 0)
        return 0;
    fprintf(f, "nstrip_rows = %zu\n", g->nstrip_rows);
    write_style_array(f, "strip_row_color", g->strip_row, g->nstrip_rows, STYLE_COLOR, tex);
    write_style_array(f, "strip_row_point", g->strip_row, g->nstrip_rows, STYLE_POINT, tex);
    write_style_array(f, "strip_row_title", g->strip_row, g->nstrip_rows, STYLE_TITLE, tex);
    fprintf(f, "array panel_strip_file[%zu]\n", n);
    for (size_t p = 0; p < g->npanels; p++)
        if (write_panel_file(f, g, p, "panel_strip_file", "-strip", data_dir) < 0)
            return -1;
    write_size_array(f, "panel_strip_first", g->npanels, g->panel_strip_first);
    write_size_array(f, "panel_nstrip", g->npanels, g->panel_nstrip);
    write_style_array(f, "strip_color", g->strip, g->nstrip, STYLE_COLOR, tex);
    write_style_array(f, "strip_line", g->strip, g->nstrip, STYLE_LINE, tex);
    write_style_array(f, "strip_point", g->strip, g->nstrip, STYLE_POINT, tex);
    if (g->x_min <= g->x_max && !g->x_linear && !g->x_tics[0]) {
        if (fig_sizes_decimal(g))
            write_decimal_tics(f, "size_grid", g->x_min, g->x_max, 5, 1);
        else
            write_size_tics(f, "size_grid", g->x_min, g->x_max, 5, 2, 1);
    } else {
        fputs("size_grid = 'autofreq'\n", f);
    }
    return 0;
}

static int write_panels(FILE *f, const struct fig *g, const char *data_dir, int tex)
{
    size_t n = g->npanels ? g->npanels : 1;
    fprintf(f, "array panel_title[%zu]\narray panel_file[%zu]\narray panel_over_file[%zu]\n", n, n,
            n);
    for (size_t p = 0; p < g->npanels; p++) {
        fprintf(f, "panel_title[%zu] = ", p + 1);
        gp_text(f, g->panel_title[p], tex);
        fputc('\n', f);
        if (write_panel_file(f, g, p, "panel_file", "", data_dir) < 0 ||
            write_panel_file(f, g, p, "panel_over_file", "-overlay", data_dir) < 0)
            return -1;
    }
    if (write_bands(f, g, data_dir) < 0)
        return -1;
    write_size_array(f, "panel_first", g->npanels, g->panel_first);
    write_size_array(f, "panel_nblocks", g->npanels, g->panel_nblocks);
    write_size_array(f, "panel_over_first", g->npanels, g->panel_over_first);
    write_size_array(f, "panel_nover", g->npanels, g->panel_nover);
    return write_point_counts(f, g, data_dir);
}

/* The reference lines as arrays hline_{panel,y,color,line,where,label} and nhlines. */
static void write_hlines(FILE *f, const struct fig *g, int tex)
{
    size_t n = g->nhlines, m = n ? n : 1;
    fprintf(f, "nhlines = %zu\narray hline_panel[%zu]\narray hline_y[%zu]\n", n, m, m);
    fprintf(f, "array hline_color[%zu]\narray hline_line[%zu]\narray hline_where[%zu]\n", m, m, m);
    fprintf(f, "array hline_label[%zu]\n", m);
    for (size_t k = 0; k < n; k++) {
        const struct fig_hline *h = &g->hline[k];
        fprintf(f, "hline_panel[%zu] = %zu; hline_y[%zu] = %.17g; hline_color[%zu] = ", k + 1,
                h->panel + 1, k + 1, h->y, k + 1);
        gnuplot_string(f, h->color);
        fprintf(f, "; hline_line[%zu] = ", k + 1);
        gnuplot_string(f, h->line);
        fprintf(f, "; hline_where[%zu] = ", k + 1);
        gnuplot_string(f, h->where);
        fprintf(f, "; hline_label[%zu] = ", k + 1);
        gp_text(f, h->label, tex);
        fputc('\n', f);
    }
}

/* v rounded down (dir < 0) or up (dir > 0) to the series ... 0.1, 0.2, 0.5, 1, 2, 5, 10 ... */
static double round_125(double v, int dir)
{
    static const double m[] = {1, 2, 5, 10};
    double decade = pow(10, floor(log10(v)));
    if (dir < 0) {
        for (int i = 2; i >= 0; i--)
            if (m[i] * decade <= v * (1 + 1e-9))
                return m[i] * decade;
        return decade;
    }
    for (int i = 0; i < 4; i++)
        if (m[i] * decade >= v * (1 - 1e-9))
            return m[i] * decade;
    return 10 * decade;
}

/*
 * The gnuplot `set ytics` list called name for a log axis from lo to hi
 * ('autofreq' for a linear one, from 0): labels
 * at 1, 2 and 5 times the powers of ten when the range spans at most four
 * decades (so that 2.5 µs and 7 µs can be told apart), else at the powers
 * of ten only.
 */
static void write_log_tics(FILE *f, const char *name, double lo, double hi)
{
    static const double m[] = {1, 2, 5};
    if (!(lo > 0 && hi >= lo)) { /* a linear axis: gnuplot's own tics */
        fprintf(f, "%s = 'autofreq'\n", name);
        return;
    }
    int e_lo = (int)floor(log10(lo) + 1e-9), e_hi = (int)ceil(log10(hi) - 1e-9);
    int all = e_hi - e_lo <= 4, first = 1;
    fprintf(f, "%s = '(", name);
    for (int e = e_lo; e <= e_hi; e++)
        for (size_t i = 0; i < (all ? 3u : 1u); i++) {
            double v = m[i] * pow(10, e);
            if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
                continue;
            fprintf(f, "%s\"%g\" %.17g", first ? "" : ", ", v, v);
            first = 0;
        }
    fputs(")'\n", f);
}

/* A step of the series 1, 2, 5, 10, 20 ... that cuts span into about five. */
static double nice_step(double span)
{
    double raw = span / 5, decade = pow(10, floor(log10(raw))), m = raw / decade;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * decade;
}

/* The steps of a ratio axis centred at 1 up to 2; from 2 on, 1, 2 and 5 times a power of ten. */
static const double ratio_steps[] = {1.02, 1.05, 1.1, 1.2, 1.5, 2};
#define NRATIO_STEPS (sizeof(ratio_steps) / sizeof(ratio_steps[0]))

/*
 * The half-range m of a log axis centred at 1 holding lo..hi (> 0), 2 %
 * margin: the least ratio step, or 1-2-5 value from 2 on, at or above both
 * hi and 1 / lo.  The axis is 1/m..m.
 */
static double ratio_half_range(double lo, double hi)
{
    double m = fmax(hi, 1 / lo) * 1.02;
    for (size_t i = 0; i < NRATIO_STEPS; i++)
        if (m <= ratio_steps[i])
            return ratio_steps[i];
    return round_125(m, 1);
}

/*
 * The y range of a panel whose values span lo..hi (NaN-free), on a log axis
 * when log is set (centred at 1 when zoom_y is set too: ratios), into *y0
 * and *y1.
 */
static void y_range(const struct fig *g, int log, double lo, double hi, double *y0, double *y1)
{
    if (g->fixed_y && !log && lo < hi) { /* the figure's own axis */
        *y0 = lo;
        *y1 = hi;
    } else if (!(lo <= hi)) { /* no values at all: any range will do */
        *y0 = log ? 0.1 : 0;
        *y1 = 1;
    } else if (g->zoom_y && log && lo > 0) { /* ratios: as far below 1 as above, on a log axis */
        *y1 = ratio_half_range(lo, hi);
        *y0 = 1 / *y1;
    } else if (g->zoom_y) { /* whole steps around the values, a little margin */
        double span = hi > lo ? hi - lo : 0.1 * fmax(fabs(hi), 1);
        double a = lo - 0.04 * span, b = hi + 0.04 * span, step = nice_step(b - a);
        *y0 = floor(a / step) * step;
        *y0 = *y0 < 0 && lo >= 0 ? 0 : *y0;
        *y1 = ceil(b / step) * step;
    } else if (log) {
        *y0 = round_125(lo / 1.15, -1);
        *y1 = round_125(hi * 1.15, 1);
    } else {
        *y0 = 0;
        *y1 = nice_ceiling(hi);
    }
}

/*
 * The tics of a log axis centred at 1 from 1/m to m (ratio_half_range):
 * 1, m, and each ratio step between at least a sixth of the half-axis
 * (log m) from the tics beside it, so that labels do not overlap (1.02 and
 * 1.05 on an axis to 2); below 1, round values (0.95, 0.9, 0.8 ..., not
 * the reciprocals 0.952, 0.909, 0.833) spaced alike, and 1/m where it is
 * one of them (0.5); from 2 on, 1-2-5 values
 * (whose reciprocals are 1-2-5 values too) as write_log_tics.
 */
static void write_ratio_tics(FILE *f, const char *name, double m)
{
    /* round values below 1 (not the reciprocals of those above: 0.833, 0.952 read oddly) */
    static const double below[] = {0.98, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5};
    if (m > 2) {
        write_log_tics(f, name, 1 / m, m);
        return;
    }
    double gap = log(m) / 6 * (1 - 1e-9), last = 0;
    fprintf(f, "%s = '(\"1\" 1", name);
    for (size_t i = 0; i < NRATIO_STEPS && ratio_steps[i] <= m * (1 + 1e-9); i++) {
        double at = log(ratio_steps[i]);
        int top = ratio_steps[i] >= m * (1 - 1e-9);
        if (!top && (at - last < gap || log(m) - at < gap))
            continue;
        fprintf(f, ", \"%.3g\" %.17g", ratio_steps[i], ratio_steps[i]);
        last = at;
    }
    last = 0;
    for (size_t i = 0; i < sizeof(below) / sizeof(below[0]) && below[i] >= (1 - 1e-9) / m; i++) {
        double at = -log(below[i]);
        int bottom = below[i] <= (1 + 1e-9) / m;
        if (!bottom && (at - last < gap || log(m) - at < gap))
            continue;
        fprintf(f, ", \"%.3g\" %.17g", below[i], below[i]);
        last = at;
    }
    fputs(")'\n", f);
}

/* The tics of a y axis from lo to hi: ratio tics, log tics or gnuplot's own (linear). */
static void write_y_tics(FILE *f, const struct fig *g, const char *name, int log, double lo,
                         double hi)
{
    if (g->zoom_y && log && lo > 0 && fabs(lo * hi - 1) < 1e-9)
        write_ratio_tics(f, name, hi);
    else
        write_log_tics(f, name, log ? lo : 0, hi);
}

/*
 * The ranges: x in bytes with a margin either side, the same in every
 * panel; y linear from 0 to a round number (bandwidth), or on a log axis
 * from and to the 1-2-5 values around the data, shared by the panels but
 * those with their own (panel_y_min, panel_y_max, panel_y_tics; y_min,
 * y_max and y_tics are the shared ones).
 */
static void write_ranges(FILE *f, const struct fig *g)
{
    double lo = INFINITY, hi = -INFINITY, y0, y1;
    size_t n = g->npanels ? g->npanels : 1;
    char name[48];
    if (!(g->x_min <= g->x_max))
        fputs("x_min = 1024\nx_max = 1048576\n", f);
    else if (g->x_linear) /* a margin of 3% of the span either side */
        fprintf(f, "x_min = %.17g\nx_max = %.17g\n", g->x_min - 0.03 * (g->x_max - g->x_min + 1e-3),
                g->x_max + 0.03 * (g->x_max - g->x_min + 1e-3));
    else
        fprintf(f, "x_min = %.17g\nx_max = %.17g\n", g->x_min / SIZE_MARGIN,
                g->x_max * SIZE_MARGIN);
    for (size_t p = 0; p < g->npanels; p++)
        if (!g->own_y[p]) {
            lo = fmin(lo, g->y_min[p]);
            hi = fmax(hi, g->y_max[p]);
        }
    y_range(g, g->log_y, lo, hi, &y0, &y1);
    fprintf(f, "y_min = %.17g\ny_max = %.17g\n", y0, y1);
    write_y_tics(f, g, "y_tics", g->log_y, y0, y1);
    fprintf(f, "array panel_y_min[%zu]\narray panel_y_max[%zu]\narray panel_y_tics[%zu]\n", n, n,
            n);
    for (size_t p = 0; p < n; p++) {
        double a = y0, b = y1;
        int log = fig_log_y(g, p);
        if (p < g->npanels && g->own_y[p])
            y_range(g, log, g->y_min[p], g->y_max[p], &a, &b);
        fprintf(f, "panel_y_min[%zu] = %.17g; panel_y_max[%zu] = %.17g\n", p + 1, a, p + 1, b);
        snprintf(name, sizeof(name), "panel_y_tics[%zu]", p + 1);
        write_y_tics(f, g, name, log, a, b);
    }
    if (!(g->x_min <= g->x_max) || g->x_linear) /* a linear x has gnuplot's own tics */
        write_all_size_tics(f, 1024, 1048576, 0);
    else
        write_all_size_tics(f, g->x_min, g->x_max, fig_sizes_decimal(g));
}

/* The length of the longest entry of L in characters (UTF-8 aware), for the page's width. */
static size_t legend_max_chars(const struct fig_legend *L)
{
    size_t most = 0;
    for (size_t k = 0; k < L->n; k++) {
        size_t n = 0;
        for (const char *p = L->e[k].title; *p; p++)
            n += ((unsigned char)*p & 0xC0) != 0x80;
        most = n > most ? n : most;
    }
    return most;
}

/* A legend as PREFIX_{color,line,point,title} arrays, nPREFIXs, PREFIX_cols, _rows, _max_chars. */
static void write_legend(FILE *f, const char *prefix, const struct fig_legend *L, int tex)
{
    static const char *const fields[] = {"color", "line", "point", "title"};
    static const enum style_field which[] = {STYLE_COLOR, STYLE_LINE, STYLE_POINT, STYLE_TITLE};
    size_t cols = L->cols ? L->cols : 1;
    char name[64];
    fprintf(f, "n%ss = %zu\n%s_cols = %zu\n%s_rows = %zu\n%s_max_chars = %zu\n", prefix, L->n,
            prefix, cols, prefix, (L->n + cols - 1) / cols, prefix, legend_max_chars(L));
    for (size_t i = 0; i < 4; i++) {
        snprintf(name, sizeof(name), "%s_%s", prefix, fields[i]);
        write_style_array(f, name, L->e, L->n, which[i], tex);
    }
}

/*
 * Panels with axes of their own: panel_axes = 1, panel_log_y[p],
 * panel_y_label[p], and panel_x_min[p], panel_x_max[p] (the panel's data
 * with the margin of the shared range, or the shared range when it has none,
 * or 1K..1M when no panel has any).
 */
static void write_panel_axes(FILE *f, const struct fig *g, int tex)
{
    size_t n = g->npanels ? g->npanels : 1;
    fprintf(f, "panel_axes = 1\narray panel_log_y[%zu]\narray panel_y_label[%zu]\n", n, n);
    fprintf(f, "array panel_x_min[%zu]\narray panel_x_max[%zu]\n", n, n);
    for (size_t p = 0; p < g->npanels; p++) {
        int own = g->panel_x_min[p] <= g->panel_x_max[p], any = g->x_min <= g->x_max;
        double lo = own ? g->panel_x_min[p] : any ? g->x_min : 1024 * SIZE_MARGIN;
        double hi = own ? g->panel_x_max[p] : any ? g->x_max : 1048576 / SIZE_MARGIN;
        fprintf(f, "panel_log_y[%zu] = %d; panel_y_label[%zu] = ", p + 1, fig_log_y(g, p), p + 1);
        gp_text(f, g->panel_y_label[p], tex);
        fprintf(f, "\npanel_x_min[%zu] = %.17g; panel_x_max[%zu] = %.17g\n", p + 1,
                lo / SIZE_MARGIN, p + 1, hi * SIZE_MARGIN);
    }
}

/* "NAME = 'text'\n" for a text variable. */
static void write_text_var(FILE *f, const char *name, const char *text, int tex)
{
    fprintf(f, "%s = ", name);
    gp_text(f, text, tex);
    fputc('\n', f);
}

/*
 * x_label: the figure's, its "1K = 1024" made "1 KB = 1000" when its sizes
 * are decimal and the axis is labelled in decimal units.
 */
static void write_x_label(FILE *f, const struct fig *g, int tex)
{
    static const char binary[] = "1K = 1024";
    char label[sizeof(g->x_label) + 8];
    const char *at = strstr(g->x_label, binary);
    int sizes = !g->x_linear && !g->x_tics[0] && g->x_min <= g->x_max;
    if (sizes && at && fig_sizes_decimal(g))
        snprintf(label, sizeof(label), "%.*s1 KB = 1000%s", (int)(at - g->x_label), g->x_label,
                 at + strlen(binary));
    else
        snprintf(label, sizeof(label), "%s", g->x_label);
    write_text_var(f, "x_label", label, tex);
}

int fig_write_vars(const struct fig *g, const char *data_dir, const char *out_dir, int tex)
{
    char name[96];
    snprintf(name, sizeof(name), "%s-vars%s.gp", g->name, tex ? "-tex" : "");
    char *path = plot_path_join(data_dir, name);
    FILE *f = path ? outfile_fopen_fresh(path) : NULL;
    int rc = -1;
    if (!f)
        goto out;
    /* The first line of every variables file, the committed reference folders' too. */
    fprintf(f,
            "# %s - written by pinsweep for plots/%s.gp (see src/figures/kit/gnuplot_vars.c)%s\n",
            name, g->name, tex ? "; text in LaTeX" : "");
    write_text_var(f, "fig_title", g->title, tex);
    write_text_var(f, "fig_detail", g->detail, tex);
    write_text_var(f, "fig_machine", g->machine, tex);
    write_x_label(f, g, tex);
    write_text_var(f, "y_label", g->y_label, tex);
    fputs("x_tics = ", f);
    gnuplot_string(f, g->x_tics);
    fputs("\nout_dir = ", f);
    gnuplot_string(f, out_dir);
    fprintf(f, "\nlog_y = %d\nnpanels = %zu\nnblocks = %zu\n", g->log_y, g->npanels, g->nblocks);
    if (g->x_linear) /* written only when set, so the other figures' files stay as they were */
        fputs("x_linear = 1\n", f);
    if (g->out_prefix[0]) { /* likewise */
        fputs("out_prefix = ", f);
        gnuplot_string(f, g->out_prefix);
        fputc('\n', f);
    }
    if (g->paper) /* likewise; plots/style.gp says what it changes */
        fputs("paper = 1\n", f);
    if (write_panels(f, g, data_dir, tex) < 0 || write_strip(f, g, data_dir, tex) < 0)
        goto out;
    write_style_array(f, "block_color", g->block, g->nblocks, STYLE_COLOR, tex);
    write_style_array(f, "block_line", g->block, g->nblocks, STYLE_LINE, tex);
    write_style_array(f, "block_point", g->block, g->nblocks, STYLE_POINT, tex);
    write_style_array(f, "over_color", g->over, g->nover, STYLE_COLOR, tex);
    write_style_array(f, "over_line", g->over, g->nover, STYLE_LINE, tex);
    write_hlines(f, g, tex);
    if (g->panel_axes)
        write_panel_axes(f, g, tex);
    write_legend(f, "key", &g->key, tex);
    write_legend(f, "note", &g->notes, tex);
    write_ranges(f, g);
    rc = ferror(f) ? -1 : 0;
out:
    if (f && fclose(f) != 0)
        rc = -1;
    free(path);
    return rc;
}
