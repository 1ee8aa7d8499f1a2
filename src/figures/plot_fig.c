/*
 * plot_fig.c - describing a figure to its gnuplot script, and running
 * gnuplot (see plot_fig.h).
 *
 * The variables file a script loads holds every per-figure fact as gnuplot
 * assignments: the panels and their data files, each block's colour, kind
 * of line and point type (struct fig_style, which plots/style.gp maps), the
 * reference lines, the legend (key) and the notes under it, ranges, tics and
 * titles.  gnuplot runs through posix_spawnp with an argument vector, never
 * a shell, so paths may hold spaces and quotes; strings given to gnuplot are
 * single-quoted with any quote doubled, which gnuplot reads back verbatim.
 */
#include "figures/plot_fig.h"
#include "results/csv.h"
#include "base/fileio.h"
#include "figures/plot.h"
#include "base/units.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define PLOT_MAX_PROBLEMS 10  /* bad cells listed before "and N more" */
#define PLOT_MAX_STDERR 65536 /* bytes of a program's stderr kept */

/* ---- small helpers ---- */

void plot_log(FILE *log, const char *fmt, ...)
{
    if (!log)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(log, fmt, ap);
    va_end(ap);
    fputc('\n', log);
    fflush(log);
}

char *plot_path_join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *p = malloc(la + lb + 2);
    if (!p)
        return NULL;
    memcpy(p, a, la);
    if (la == 0 || a[la - 1] != '/')
        p[la++] = '/';
    memcpy(p + la, b, lb + 1);
    return p;
}

int plot_make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST)
        return 0;
    return -1;
}

void plot_copy_clean(char *dst, size_t n, const char *src)
{
    size_t len = 0;
    while (*src == ' ' || *src == '\t')
        src++;
    for (; *src && len + 1 < n; src++)
        if ((unsigned char)*src >= 0x20)
            dst[len++] = *src;
    while (len > 0 && dst[len - 1] == ' ')
        len--;
    dst[len] = '\0';
}

int plot_parse_number(const char *text, double *v)
{
    char *end;
    if (text[0] == '\0') {
        *v = NAN;
        return 0;
    }
    errno = 0;
    *v = strtod(text, &end);
    return (end == text || *end != '\0' || errno == ERANGE) ? -1 : 0;
}

void plot_format_gbps(double v, char *buf, size_t n)
{
    int two = fabs(v * 10 - round(v * 10)) > 1e-6 * fmax(1, fabs(v));
    snprintf(buf, n, two ? "%.2f" : "%.1f", v);
}

void problem(struct problems *p, size_t line, const char *fmt, ...)
{
    char why[512], at[32] = "";
    if (p->n++ >= PLOT_MAX_PROBLEMS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    if (line)
        snprintf(at, sizeof(at), ":%zu", line);
    plot_log(p->log, "%s%s%s: %s%s", p->prefix, p->path, at, why, p->suffix);
}

void problems_end(const struct problems *p)
{
    if (p->n > PLOT_MAX_PROBLEMS)
        plot_log(p->log, "%s%s: and %d more problems like these", p->prefix, p->path,
                 p->n - PLOT_MAX_PROBLEMS);
}

int plot_read_number(const struct csv_table *t, size_t i, const char *name, int required, double *v,
                     struct problems *p)
{
    const char *text = csv_table_get(t, i, csv_table_col(t, name));
    if (plot_parse_number(text, v) == 0 && !(required && isnan(*v)))
        return 0;
    if (text[0])
        problem(p, t->lines[i], "%s '%s' is not a number", name, text);
    else
        problem(p, t->lines[i], "%s is empty%s", name, p->where);
    return -1;
}

int plot_check_bytes(const struct csv_table *t, size_t i, const char *name, double bytes,
                     struct problems *p)
{
    if (bytes >= 1 && bytes == floor(bytes))
        return 0;
    problem(p, t->lines[i], "%s '%s' is not a whole number of bytes", name,
            csv_table_get(t, i, csv_table_col(t, name)));
    return -1;
}

int plot_read_table(const char *path, struct csv_table *t, FILE *log)
{
    char err[512];
    if (csv_table_read(path, t, err, sizeof(err)) == 0)
        return 0;
    plot_log(log, "%s", err);
    return -1;
}

int plot_side_table(const char *path, const char *const cols[], size_t ncols, struct csv_table *t,
                    struct problems *p)
{
    char err[512];
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    if (csv_table_read(path, t, err, sizeof(err)) < 0) {
        plot_log(p->log, "%s%s%s", p->prefix, err, p->suffix);
        p->n++;
        return -1;
    }
    for (size_t c = 0; c < ncols; c++)
        if (csv_table_col(t, cols[c]) < 0)
            problem(p, 1, "no column '%s' in the header", cols[c]);
    return p->n ? -1 : 1;
}

void *plot_read_side_file(const struct plot_side_file *f, const char *dir, size_t *n, FILE *log)
{
    struct csv_table t = {0};
    char *path = plot_path_join(dir, f->name), *rows = NULL;
    struct problems p = {path, "warning: ", f->suffix, "", log, 0};
    *n = 0;
    if (!path || plot_side_table(path, f->cols, f->ncols, &t, &p) <= 0)
        goto out;
    rows = calloc(t.nrows ? t.nrows : 1, f->row_size);
    if (!rows)
        problem(&p, 0, "out of memory");
    for (size_t i = 0; rows && i < t.nrows; i++)
        if (f->read_row(&t, i, rows + *n * f->row_size, &p) == 0)
            (*n)++;
    problems_end(&p);
    if (f->order && *n > 1)
        qsort(rows, *n, f->row_size, f->order);
out:
    if (p.n) {
        free(rows);
        rows = NULL;
        *n = 0;
    }
    csv_table_free(&t);
    free(path);
    return rows;
}

/* ---- text for gnuplot, plain or LaTeX ---- */

/* Unicode the figures use, as LaTeX (a text-mode font has none of them). */
static const struct {
    const char *utf8, *tex;
} tex_symbols[] = {
    {"→", "$\\rightarrow$"},
    {"←", "$\\leftarrow$"},
    {"↔", "$\\leftrightarrow$"},
    {"µ", "$\\mu$"},
    {"μ", "$\\mu$"},
    {"×", "$\\times$"},
    {"÷", "$\\div$"},
    {"—", "---"},
    {"–", "--"},
    {"⁹", "$^{9}$"},
    {"≥", "$\\geq$"},
    {"≤", "$\\leq$"},
    {"≈", "$\\approx$"},
    {"½", "$\\frac{1}{2}$"},
    {"·", "$\\cdot$"},
    {"…", "\\dots{}"},
    {"−", "$-$"},
};

char *plot_tex_text(const char *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    while (*s) {
        size_t i, n = sizeof(tex_symbols) / sizeof(tex_symbols[0]);
        for (i = 0; i < n; i++)
            if (strncmp(s, tex_symbols[i].utf8, strlen(tex_symbols[i].utf8)) == 0)
                break;
        if (i < n) {
            fputs(tex_symbols[i].tex, f);
            s += strlen(tex_symbols[i].utf8);
            continue;
        }
        switch (*s) {
        case '\\':
            fputs("\\textbackslash{}", f);
            break;
        case '^':
            fputs("\\^{}", f);
            break;
        case '~':
            fputs("\\~{}", f);
            break;
        case '{':
        case '}':
        case '$':
        case '&':
        case '#':
        case '_':
        case '%':
            fputc('\\', f);
            fputc(*s, f);
            break;
        default:
            fputc(*s, f);
        }
        s++;
    }
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Write s as a gnuplot string: single quotes, '' for a quote; line breaks become spaces. */
static void gp_string(FILE *f, const char *s)
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
    gp_string(f, t ? t : s);
    free(t);
}

/* ---- describing a figure ---- */

void fig_init(struct fig *g, const char *name, int log_y)
{
    memset(g, 0, sizeof(*g));
    g->name = name;
    g->log_y = log_y;
    g->x_min = INFINITY;
    g->x_max = -INFINITY;
    for (size_t p = 0; p < FIG_MAX_PANELS; p++) {
        g->y_min[p] = INFINITY;
        g->y_max[p] = -INFINITY;
    }
    snprintf(g->x_label, sizeof(g->x_label), "transfer size (bytes, 1K = 1024)");
}

void fig_extend(struct fig *g, double x, double y)
{
    if (isnan(y) || (g->log_y && y <= 0) || g->npanels == 0)
        return;
    g->x_min = fmin(g->x_min, x);
    g->x_max = fmax(g->x_max, x);
    fig_extend_y(g, y);
}

static int double_order(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

void fig_count_tics(struct fig *g, const double *v, size_t n)
{
    double *sorted = n ? malloc(n * sizeof(*sorted)) : NULL;
    size_t len = 0;
    g->x_tics[0] = '\0';
    if (!sorted)
        return; /* size tics then: wrong labels, but a figure */
    memcpy(sorted, v, n * sizeof(*sorted));
    qsort(sorted, n, sizeof(*sorted), double_order);
    len += (size_t)snprintf(g->x_tics, sizeof(g->x_tics), "(");
    for (size_t i = 0; i < n && len < sizeof(g->x_tics); i++)
        if (i == 0 || sorted[i] != sorted[i - 1])
            len += (size_t)snprintf(g->x_tics + len, sizeof(g->x_tics) - len, "%s\"%g\" %.17g",
                                    i ? ", " : "", sorted[i], sorted[i]);
    if (len < sizeof(g->x_tics))
        snprintf(g->x_tics + len, sizeof(g->x_tics) - len, ")");
    if (len + 1 >= sizeof(g->x_tics)) /* too many to list: gnuplot's own */
        snprintf(g->x_tics, sizeof(g->x_tics), "autofreq");
    free(sorted);
}

void fig_extend_y(struct fig *g, double y)
{
    size_t p = g->npanels - 1;
    if (isnan(y) || (g->log_y && y <= 0) || g->npanels == 0)
        return;
    g->y_min[p] = fmin(g->y_min[p], y);
    g->y_max[p] = fmax(g->y_max[p], y);
}

void fig_own_y(struct fig *g)
{
    if (g->npanels)
        g->own_y[g->npanels - 1] = 1;
}

int fig_key(struct fig *g, const struct fig_style *s)
{
    struct fig_legend *L = &g->key;
    for (size_t k = 0; k < L->n; k++)
        if (strcmp(L->e[k].color, s->color) == 0 && strcmp(L->e[k].line, s->line) == 0 &&
            strcmp(L->e[k].point, s->point) == 0 && strcmp(L->e[k].title, s->title) == 0)
            return (int)k;
    if (L->n == FIG_MAX_KEYS)
        return -1;
    L->e[L->n] = *s;
    return (int)L->n++;
}

int fig_panel(struct fig *g, const char *tag, const char *title)
{
    if (g->npanels == FIG_MAX_PANELS)
        return -1;
    snprintf(g->panel_tag[g->npanels], sizeof(g->panel_tag[0]), "%s", tag);
    snprintf(g->panel_title[g->npanels], sizeof(g->panel_title[0]), "%s", title);
    g->panel_first[g->npanels] = g->nblocks + 1; /* gnuplot arrays count from 1 */
    g->panel_over_first[g->npanels] = g->nover + 1;
    g->npanels++;
    return 0;
}

/*
 * Append style s to blocks (*n of them) as the next block of a panel that
 * has *in_panel, and write the block's heading into f.
 */
static int add_block(struct fig_style *blocks, size_t *n, size_t *in_panel, FILE *f,
                     const struct fig_style *s, const char *what)
{
    if (*n == FIG_MAX_BLOCKS)
        return -1;
    size_t index = (*in_panel)++;
    blocks[(*n)++] = *s;
    fprintf(f, "%s# index %zu: %s color=%s line=%s point=%s\n", index ? "\n\n" : "", index, what,
            s->color, s->line, s->point);
    return 0;
}

int fig_block(struct fig *g, FILE *f, const struct fig_style *s, const char *what)
{
    if (g->npanels == 0)
        return -1;
    return add_block(g->block, &g->nblocks, &g->panel_nblocks[g->npanels - 1], f, s, what);
}

int fig_overlay(struct fig *g, FILE *f, const struct fig_style *s, const char *what)
{
    if (g->npanels == 0)
        return -1;
    return add_block(g->over, &g->nover, &g->panel_nover[g->npanels - 1], f, s, what);
}

int fig_hline(struct fig *g, double y, const char *color, const char *line, const char *where,
              const char *label)
{
    if (g->npanels == 0 || g->nhlines == FIG_MAX_HLINES || !(y > 0) || !isfinite(y))
        return -1;
    struct fig_hline *h = &g->hline[g->nhlines++];
    *h = (struct fig_hline){g->npanels - 1, y, color, line, where, ""};
    snprintf(h->label, sizeof(h->label), "%s", label ? label : "");
    fig_extend_y(g, y);
    /* Room for the label: a line of text is about 1/14 of a panel's height. */
    if (h->label[0] && strstr(where, "above"))
        fig_extend_y(g, g->log_y ? y * 1.6 : y * 1.06);
    else if (h->label[0] && g->log_y)
        fig_extend_y(g, y / 1.6);
    return 0;
}

/* The path of panel p's data file (suffix "") or overlay file ("-overlay"), malloc'd. */
static char *panel_path(const struct fig *g, size_t p, const char *suffix, const char *data_dir)
{
    char name[160];
    snprintf(name, sizeof(name), "%s-%s%s.dat", g->name, g->panel_tag[p], suffix);
    return plot_path_join(data_dir, name);
}

FILE *fig_panel_create(const struct fig *g, const char *data_dir, const char *suffix,
                       const char *columns)
{
    char *path = panel_path(g, g->npanels - 1, suffix, data_dir);
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f)
        fprintf(f,
                "# %s-%s%s.dat - written by pinsweep from the CSV files it was given; "
                "a gnuplot data block per curve\n# columns: %s\n",
                g->name, g->panel_tag[g->npanels - 1], suffix, columns);
    free(path);
    return f;
}

void fig_panel_drop_overlay(const struct fig *g, const char *data_dir)
{
    char *path = panel_path(g, g->npanels - 1, "-overlay", data_dir);
    if (path)
        unlink(path);
    free(path);
}

int fig_panel_close(FILE *f)
{
    int bad = ferror(f);
    return (fclose(f) != 0 || bad) ? -1 : 0;
}

/* ---- legends ---- */

const struct fig_style fig_key_blank = {"-", "", "", " "};

int legend_grid(struct fig_legend *L, const struct fig_style *cells, size_t nrows, size_t ncols)
{
    if (L->n + nrows * ncols > FIG_MAX_KEYS)
        return -1;
    for (size_t c = 0; c < ncols; c++)
        for (size_t r = 0; r < nrows; r++)
            L->e[L->n++] = cells[r * ncols + c];
    L->cols = ncols;
    return 0;
}

int legend_groups(struct fig_legend *L, const struct fig_style *const groups[],
                  const size_t counts[], size_t ngroups, size_t ncols)
{
    size_t nrows = 0, row = 0;
    for (size_t i = 0; i < ngroups; i++)
        nrows += (counts[i] + ncols - 1) / ncols;
    if (nrows == 0)
        return 0;
    struct fig_style *cells = calloc(nrows * ncols, sizeof(*cells));
    if (!cells)
        return -1;
    for (size_t i = 0; i < nrows * ncols; i++)
        cells[i] = fig_key_blank;
    for (size_t i = 0; i < ngroups; i++) {
        memcpy(cells + row * ncols, groups[i], counts[i] * sizeof(*cells));
        row += (counts[i] + ncols - 1) / ncols;
    }
    int rc = legend_grid(L, cells, nrows, ncols);
    free(cells);
    return rc;
}

int legend_flow(struct fig_legend *L, const struct fig_style *entries, size_t n, size_t max_cols)
{
    const struct fig_style *groups[] = {entries};
    size_t counts[] = {n};
    return n ? legend_groups(L, groups, counts, 1, n < max_cols ? n : max_cols) : 0;
}

/* ---- the variables file ---- */

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
                            int end_gap)
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
    fprintf(f, "%s = '(", name);
    for (int e = e_lo; e <= e_hi; e++) {
        int d = label_distance(e, step, e_lo, e_hi);
        int major = d == 0 || ((e == e_lo || e == e_hi) && d >= end_gap);
        units_format_size_short((uint64_t)1 << e, label, sizeof(label));
        fprintf(f, "%s\"%s\" %.0f%s", e > e_lo ? ", " : "", major ? label : "", ldexp(1, e),
                major ? "" : " 1");
    }
    fputs(")'\n", f);
}

/*
 * Size tics for a panel of the usual width, for a wide one (size_tics_wide)
 * and for LaTeX's wider font (size_tics_tex: no end label next to another).
 */
static void write_all_size_tics(FILE *f, double lo, double hi)
{
    write_size_tics(f, "size_tics", lo, hi, 5, 2);
    write_size_tics(f, "size_tics_wide", lo, hi, 10, 2);
    write_size_tics(f, "size_tics_tex", lo, hi, 5, 3);
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

/* "NAME[p] = 'PATH'" for panel p's file with this suffix; -1 when out of memory. */
static int write_panel_file(FILE *f, const struct fig *g, size_t p, const char *name,
                            const char *suffix, const char *data_dir)
{
    char *file = panel_path(g, p, suffix, data_dir);
    if (!file)
        return -1;
    fprintf(f, "%s[%zu] = ", name, p + 1);
    gp_string(f, file);
    fputc('\n', f);
    free(file);
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
    write_size_array(f, "panel_first", g->npanels, g->panel_first);
    write_size_array(f, "panel_nblocks", g->npanels, g->panel_nblocks);
    write_size_array(f, "panel_over_first", g->npanels, g->panel_over_first);
    write_size_array(f, "panel_nover", g->npanels, g->panel_nover);
    return 0;
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
        gp_string(f, h->color);
        fprintf(f, "; hline_line[%zu] = ", k + 1);
        gp_string(f, h->line);
        fprintf(f, "; hline_where[%zu] = ", k + 1);
        gp_string(f, h->where);
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

/* The y range of a panel whose values span lo..hi (NaN-free), into *y0 and *y1. */
static void y_range(const struct fig *g, double lo, double hi, double *y0, double *y1)
{
    if (!(lo <= hi)) { /* no values at all: any range will do */
        *y0 = g->log_y ? 0.1 : 0;
        *y1 = 1;
    } else if (g->zoom_y) { /* whole steps around the values, a little margin */
        double span = hi > lo ? hi - lo : 0.1 * fmax(fabs(hi), 1);
        double a = lo - 0.04 * span, b = hi + 0.04 * span, step = nice_step(b - a);
        *y0 = floor(a / step) * step;
        *y0 = *y0 < 0 && lo >= 0 ? 0 : *y0;
        *y1 = ceil(b / step) * step;
    } else if (g->log_y) {
        *y0 = round_125(lo / 1.15, -1);
        *y1 = round_125(hi * 1.15, 1);
    } else {
        *y0 = 0;
        *y1 = nice_ceiling(hi);
    }
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
    else
        fprintf(f, "x_min = %.17g\nx_max = %.17g\n", g->x_min / 1.4, g->x_max * 1.4);
    for (size_t p = 0; p < g->npanels; p++)
        if (!g->own_y[p]) {
            lo = fmin(lo, g->y_min[p]);
            hi = fmax(hi, g->y_max[p]);
        }
    y_range(g, lo, hi, &y0, &y1);
    fprintf(f, "y_min = %.17g\ny_max = %.17g\n", y0, y1);
    write_log_tics(f, "y_tics", g->log_y ? y0 : 0, y1);
    fprintf(f, "array panel_y_min[%zu]\narray panel_y_max[%zu]\narray panel_y_tics[%zu]\n", n, n,
            n);
    for (size_t p = 0; p < n; p++) {
        double a = y0, b = y1;
        if (p < g->npanels && g->own_y[p])
            y_range(g, g->y_min[p], g->y_max[p], &a, &b);
        fprintf(f, "panel_y_min[%zu] = %.17g; panel_y_max[%zu] = %.17g\n", p + 1, a, p + 1, b);
        snprintf(name, sizeof(name), "panel_y_tics[%zu]", p + 1);
        write_log_tics(f, name, g->log_y ? a : 0, b);
    }
    if (!(g->x_min <= g->x_max))
        write_all_size_tics(f, 1024, 1048576);
    else
        write_all_size_tics(f, g->x_min, g->x_max);
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

/* "NAME = 'text'\n" for a text variable. */
static void write_text_var(FILE *f, const char *name, const char *text, int tex)
{
    fprintf(f, "%s = ", name);
    gp_text(f, text, tex);
    fputc('\n', f);
}

int fig_write_vars(const struct fig *g, const char *data_dir, const char *out_dir, int tex)
{
    char name[96];
    snprintf(name, sizeof(name), "%s-vars%s.gp", g->name, tex ? "-tex" : "");
    char *path = plot_path_join(data_dir, name);
    FILE *f = path ? fopen(path, "w") : NULL;
    int rc = -1;
    if (!f)
        goto out;
    fprintf(f, "# %s - written by pinsweep for plots/%s.gp (see src/plot_fig.c)%s\n", name, g->name,
            tex ? "; text in LaTeX" : "");
    write_text_var(f, "fig_title", g->title, tex);
    write_text_var(f, "fig_detail", g->detail, tex);
    write_text_var(f, "fig_machine", g->machine, tex);
    write_text_var(f, "x_label", g->x_label, tex);
    write_text_var(f, "y_label", g->y_label, tex);
    fputs("x_tics = ", f);
    gp_string(f, g->x_tics);
    fputs("\nout_dir = ", f);
    gp_string(f, out_dir);
    fprintf(f, "\nlog_y = %d\nnpanels = %zu\nnblocks = %zu\n", g->log_y, g->npanels, g->nblocks);
    if (write_panels(f, g, data_dir, tex) < 0)
        goto out;
    write_style_array(f, "block_color", g->block, g->nblocks, STYLE_COLOR, tex);
    write_style_array(f, "block_line", g->block, g->nblocks, STYLE_LINE, tex);
    write_style_array(f, "block_point", g->block, g->nblocks, STYLE_POINT, tex);
    write_style_array(f, "over_color", g->over, g->nover, STYLE_COLOR, tex);
    write_style_array(f, "over_line", g->over, g->nover, STYLE_LINE, tex);
    write_hlines(f, g, tex);
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

/* The variables files of g: plain and, with latex, LaTeX; -1 after saying on log which failed. */
static int write_all_vars(const struct fig *g, const char *data_dir, const char *fig_dir, int latex,
                          FILE *log)
{
    for (int tex = 0; tex <= latex; tex++)
        if (fig_write_vars(g, data_dir, fig_dir, tex) < 0) {
            plot_log(log, "%s: cannot write %s-vars%s.gp: %s", data_dir, g->name, tex ? "-tex" : "",
                     strerror(errno));
            return -1;
        }
    return 0;
}

int fig_write_all(fig_describe_fn describe, size_t n, const void *in, const char *fig_dir,
                  const char *data_dir, int latex, int made[], FILE *log)
{
    struct fig *g = malloc(sizeof(*g));
    int rc = PLOT_EWRITE;
    if (!g) {
        plot_log(log, "%s: out of memory", data_dir);
        return rc;
    }
    for (size_t i = 0; i < n; i++) {
        const char *needs = "";
        errno = 0;
        if (describe(g, i, in, data_dir, &needs) < 0) {
            plot_log(log, "%s: cannot write the data of %s: %s", data_dir, g->name,
                     errno ? strerror(errno) : "too many panels or curves");
            goto out;
        }
        made[i] = g->npanels > 0;
        if (!made[i]) {
            if (needs) /* NULL: the folder has nothing of the figure's kind; no note */
                plot_log(log, "note: no %s figure: it needs %s", g->name, needs);
            fig_remove_outputs(g->name, fig_dir);
        } else if (write_all_vars(g, data_dir, fig_dir, latex, log) < 0) {
            goto out;
        }
    }
    rc = 0;
out:
    free(g);
    return rc;
}

/* ---- running programs ---- */

int plot_program_available(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        char file[4096];
        struct stat st;
        snprintf(file, sizeof(file), "%.*s/%s", (int)(n ? n : 1), n ? path : ".", prog);
        if (stat(file, &st) == 0 && S_ISREG(st.st_mode) && access(file, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

int plot_gnuplot_available(void)
{
    return plot_program_available("gnuplot");
}

int plot_make_fig_dirs(const char *dir, char **fig_dir, char **data_dir, FILE *log)
{
    *fig_dir = plot_path_join(dir, "figures");
    *data_dir = *fig_dir ? plot_path_join(*fig_dir, "data") : NULL;
    if (*data_dir && plot_make_dir(*fig_dir) == 0 && plot_make_dir(*data_dir) == 0)
        return 0;
    plot_log(log, "cannot create %s: %s", *data_dir ? *data_dir : dir, strerror(errno));
    return -1;
}

int plot_need_gnuplot(FILE *log, const char *data_dir, const char *fmt, ...)
{
    if (plot_gnuplot_available())
        return 0;
    if (log) {
        va_list ap;
        fprintf(log,
                "gnuplot is not installed (not found on PATH), so no figures were drawn; "
                "their data is in %s. To draw them: apt-get install gnuplot-nox, then ",
                data_dir);
        va_start(ap, fmt);
        vfprintf(log, fmt, ap);
        va_end(ap);
        fputc('\n', log);
        fflush(log);
    }
    return PLOT_ENO_GNUPLOT;
}

/* Read all of fd into buf (at most cap - 1 bytes kept, the rest drained); NUL-terminated. */
static void read_all(int fd, char *buf, size_t cap)
{
    size_t len = 0;
    char sink[4096];
    for (;;) {
        char *dst = len + 1 < cap ? buf + len : sink;
        size_t room = len + 1 < cap ? cap - 1 - len : sizeof(sink);
        ssize_t n = read(fd, dst, room);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (dst == buf + len)
            len += (size_t)n;
    }
    buf[len] = '\0';
}

/* Strip line breaks and spaces from both ends of s, in place. */
static void trim(char *s)
{
    size_t start = strspn(s, "\n\r "), len = strlen(s);
    while (len > start && strchr("\n\r ", s[len - 1]))
        len--;
    memmove(s, s + start, len - start);
    s[len - start] = '\0';
}

/* Spawn argv with stdin and stdout on /dev/null and stderr into a pipe. */
static int spawn_program(char *const argv[], pid_t *pid, int *err_fd)
{
    int fds[2];
    posix_spawn_file_actions_t fa;
    if (pipe(fds) < 0)
        return errno;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    int e = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (e != 0)
        close(fds[0]);
    else
        *err_fd = fds[0];
    return e;
}

/* Say how a program ended, with what it wrote to stderr; returns 0 or PLOT_EGNUPLOT. */
static int report_exit(const char *prog, const char *what, int status, const char *err_text,
                       FILE *log)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        if (err_text[0])
            plot_log(log, "%s warned on %s:\n%s", prog, what, err_text);
        return 0;
    }
    if (WIFEXITED(status))
        plot_log(log, "%s failed on %s (exit status %d):", prog, what, WEXITSTATUS(status));
    else
        plot_log(log, "%s failed on %s (killed by signal %d):", prog, what,
                 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    plot_log(log, "%s", err_text);
    return PLOT_EGNUPLOT;
}

int plot_run_program(char *const argv[], const char *what, FILE *log)
{
    char *err_text = malloc(PLOT_MAX_STDERR);
    int err_fd = -1, status = 0, rc;
    pid_t pid;
    if (!err_text) {
        plot_log(log, "cannot run %s: out of memory", argv[0]);
        return PLOT_EGNUPLOT;
    }
    int e = spawn_program(argv, &pid, &err_fd);
    if (e != 0) {
        plot_log(log, "cannot run %s: %s", argv[0], strerror(e));
        free(err_text);
        return e == ENOENT ? PLOT_ENO_GNUPLOT : PLOT_EGNUPLOT;
    }
    read_all(err_fd, err_text, PLOT_MAX_STDERR);
    close(err_fd);
    trim(err_text);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    rc = report_exit(argv[0], what, status, err_text, log);
    free(err_text);
    return rc;
}

/* "name = 'value'" as a gnuplot assignment, the value quoted for gnuplot; malloc'd. */
static char *gp_assign(const char *name, const char *value)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fprintf(f, "%s = ", name);
    gp_string(f, value);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/*
 * Run `gnuplot -e "plots_dir='...'; vars_file='...'[; formats='...']"
 * SCRIPT`.  Returns 0, or PLOT_ENO_GNUPLOT / PLOT_EGNUPLOT after saying why
 * on log, gnuplot's stderr included.  Warnings on a successful run are
 * passed through too.
 */
static int run_gnuplot(const char *script, const char *scripts_dir, const char *vars_file,
                       const char *formats, FILE *log)
{
    char *dir_arg = gp_assign("plots_dir", scripts_dir);
    char *vars_arg = gp_assign("vars_file", vars_file);
    char *fmt_arg = formats ? gp_assign("formats", formats) : NULL;
    char *expr = NULL;
    int rc = PLOT_EGNUPLOT;
    if (!dir_arg || !vars_arg || (formats && !fmt_arg) ||
        asprintf(&expr, "%s; %s%s%s", dir_arg, vars_arg, fmt_arg ? "; " : "",
                 fmt_arg ? fmt_arg : "") < 0) {
        expr = NULL;
        plot_log(log, "cannot run gnuplot: out of memory");
        goto out;
    }
    char *argv[] = {"gnuplot", "-e", expr, (char *)script, NULL};
    rc = plot_run_program(argv, script, log);
out:
    free(dir_arg);
    free(vars_arg);
    free(fmt_arg);
    free(expr);
    return rc;
}

static const char *const formats[] = {"png", "pdf", "svg"};

/* Is fig_dir/file there and not empty?  Says so on log when not. */
static int output_ok(const char *fig_dir, const char *file, FILE *log)
{
    struct stat st;
    char *path = plot_path_join(fig_dir, file);
    int ok = path && stat(path, &st) == 0 && st.st_size > 0;
    if (!ok)
        plot_log(log, "gnuplot did not write %s", path ? path : file);
    free(path);
    return ok;
}

/* Did gnuplot leave name.{png,pdf,svg} in fig_dir, none empty? */
static int check_outputs(const char *name, const char *fig_dir, FILE *log)
{
    char file[160];
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        snprintf(file, sizeof(file), "%s.%s", name, formats[i]);
        if (!output_ok(fig_dir, file, log))
            return PLOT_EGNUPLOT;
    }
    plot_log(log, "wrote %s/%s.{png,pdf,svg}", fig_dir, name);
    return 0;
}


/*
 * Write text to path with every \includegraphics[...]{PATH} naming the
 * graphics by base name alone, so that the .tex works wherever it is put
 * (with \graphicspath or the import package pointing at its folder).
 */
static int write_tex(const char *path, const char *text, const char *base)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    static const char mark[] = "\\includegraphics[width=";
    const char *p = text, *hit;
    while ((hit = strstr(p, mark))) {
        const char *open = strstr(hit, "]{"), *close = open ? strchr(open + 2, '}') : NULL;
        if (!close) {
            fwrite(p, 1, (size_t)(hit - p) + strlen(mark), f);
            p = hit + strlen(mark);
            continue;
        }
        fwrite(p, 1, (size_t)(open + 2 - p), f);
        fputs(base, f);
        p = close;
    }
    fputs(p, f);
    int bad = ferror(f);
    return fclose(f) != 0 || bad ? -1 : 0;
}

/*
 * The LaTeX output: gnuplot's cairolatex wrote NAME-inc.tex and the graphics
 * NAME-inc.pdf; keep the graphics, and the text as NAME.tex.
 */
static int finish_tex(const char *name, const char *fig_dir, FILE *log)
{
    char file[200], base[160];
    snprintf(base, sizeof(base), "%s-inc", name);
    snprintf(file, sizeof(file), "%s-inc.tex", name);
    char *inc = plot_path_join(fig_dir, file);
    snprintf(file, sizeof(file), "%s.tex", name);
    char *tex = plot_path_join(fig_dir, file);
    char *text = inc ? fileio_read_all(inc, NULL) : NULL;
    int rc = PLOT_EGNUPLOT;
    if (!text || !tex)
        plot_log(log, "gnuplot did not write %s", inc ? inc : file);
    else if (write_tex(tex, text, base) < 0)
        plot_log(log, "cannot write %s: %s", tex, strerror(errno));
    else
        rc = 0;
    if (inc)
        unlink(inc);
    snprintf(file, sizeof(file), "%s-inc.pdf", name);
    if (rc == 0 && output_ok(fig_dir, file, log))
        plot_log(log, "wrote %s/%s.tex + %s-inc.pdf", fig_dir, name, name);
    else
        rc = PLOT_EGNUPLOT;
    free(inc);
    free(tex);
    free(text);
    return rc;
}

/* Remove fig_dir/NAME + sep + suffix, if it is there. */
static void remove_output(const char *fig_dir, const char *name, const char *sep,
                          const char *suffix)
{
    char file[200];
    snprintf(file, sizeof(file), "%s%s%s", name, sep, suffix);
    char *path = plot_path_join(fig_dir, file);
    if (path)
        unlink(path);
    free(path);
}

void fig_remove_tex(const char *name, const char *fig_dir)
{
    static const char *const suffixes[] = {".tex", "-inc.pdf", "-inc.tex"};
    for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
        remove_output(fig_dir, name, "", suffixes[i]);
}

void fig_remove_outputs(const char *name, const char *fig_dir)
{
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
        remove_output(fig_dir, name, ".", formats[i]);
    fig_remove_tex(name, fig_dir);
}

int fig_draw(const char *name, const char *scripts_dir, const char *fig_dir, const char *data_dir,
             int latex, FILE *log)
{
    char file[160];
    int rc = PLOT_EGNUPLOT;
    snprintf(file, sizeof(file), "%s.gp", name);
    char *script = plot_path_join(scripts_dir, file);
    snprintf(file, sizeof(file), "%s-vars.gp", name);
    char *vars = plot_path_join(data_dir, file);
    snprintf(file, sizeof(file), "%s-vars-tex.gp", name);
    char *vars_tex = plot_path_join(data_dir, file);
    if (!script || !vars || !vars_tex)
        goto out;
    if (access(script, R_OK) != 0) {
        plot_log(log, "%s: %s; set PINSWEEP_PLOTS to the folder of pinsweep's gnuplot scripts",
                 script, strerror(errno));
        goto out;
    }
    if ((rc = run_gnuplot(script, scripts_dir, vars, NULL, log)) != 0 ||
        (rc = check_outputs(name, fig_dir, log)) != 0)
        goto out;
    if (!latex)
        fig_remove_tex(name, fig_dir);
    else if ((rc = run_gnuplot(script, scripts_dir, vars_tex, "tex", log)) == 0)
        rc = finish_tex(name, fig_dir, log);
out:
    free(script);
    free(vars);
    free(vars_tex);
    return rc;
}
