/*
 * figure.c - describing a figure: panels, blocks, overlays, reference
 * lines, extents, and the panel data files (see figure.h).
 */
#include "figures/kit/figure.h"
#include "results/outdir.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

void plot_format_gbps(double v, char *buf, size_t n)
{
    int two = fabs(v * 10 - round(v * 10)) > 1e-6 * fmax(1, fabs(v));
    snprintf(buf, n, two ? "%.2f" : "%.1f", v);
}

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
        g->panel_x_min[p] = INFINITY;
        g->panel_x_max[p] = -INFINITY;
    }
    snprintf(g->x_label, sizeof(g->x_label), "transfer size (bytes, 1K = 1024)");
}

int fig_sizes_decimal(const struct fig *g)
{
    return g->x_decimal > g->x_binary;
}

int fig_log_y(const struct fig *g, size_t p)
{
    return g->log_y || (g->panel_axes && p < FIG_MAX_PANELS && g->panel_log_y[p]);
}

void fig_extend(struct fig *g, double x, double y)
{
    if (g->npanels == 0 || isnan(y) || (fig_log_y(g, g->npanels - 1) && y <= 0))
        return;
    size_t k = 0;
    while (k < g->nsizes && g->sizes[k] != x)
        k++;
    if (k == g->nsizes && k < FIG_MAX_SIZES && !isnan(x))
        g->sizes[g->nsizes++] = x;
    fig_extend_ref(g, x, y);
}

void fig_extend_ref(struct fig *g, double x, double y)
{
    if (g->npanels == 0 || isnan(y) || (fig_log_y(g, g->npanels - 1) && y <= 0))
        return;
    fig_extend_x(g, x);
    fig_extend_y(g, y);
}

void fig_extend_x(struct fig *g, double x)
{
    if (g->npanels == 0 || isnan(x))
        return;
    g->x_min = fmin(g->x_min, x);
    g->x_max = fmax(g->x_max, x);
    if (x >= 1 && x < 1e19 && x == floor(x)) {
        g->x_decimal += (size_t)units_size_round((uint64_t)x, 10);
        g->x_binary += (size_t)units_size_round((uint64_t)x, 2);
    }
    g->panel_x_min[g->npanels - 1] = fmin(g->panel_x_min[g->npanels - 1], x);
    g->panel_x_max[g->npanels - 1] = fmax(g->panel_x_max[g->npanels - 1], x);
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
    if (g->npanels == 0)
        return;
    size_t p = g->npanels - 1;
    if (isnan(y) || (fig_log_y(g, p) && y <= 0))
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
    g->panel_strip_first[g->npanels] = g->nstrip + 1;
    g->npanels++;
    return 0;
}

/*
 * Append style s to blocks (*n of them) as the next block of a panel that
 * has *in_panel, and write the block's heading into f.
 */
static int add_block(struct fig_style *blocks, size_t *n, size_t max, size_t *in_panel, FILE *f,
                     const struct fig_style *s, const char *what)
{
    if (*n == max)
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
    return add_block(g->block, &g->nblocks, FIG_MAX_BLOCKS, &g->panel_nblocks[g->npanels - 1], f, s,
                     what);
}

int fig_overlay(struct fig *g, FILE *f, const struct fig_style *s, const char *what)
{
    if (g->npanels == 0)
        return -1;
    return add_block(g->over, &g->nover, FIG_MAX_BLOCKS, &g->panel_nover[g->npanels - 1], f, s,
                     what);
}

int fig_strip_row(struct fig *g, const struct fig_style *s)
{
    for (size_t k = 0; k < g->nstrip_rows; k++)
        if (strcmp(g->strip_row[k].color, s->color) == 0 &&
            strcmp(g->strip_row[k].point, s->point) == 0)
            return (int)k + 1;
    if (g->nstrip_rows == FIG_MAX_STRIP_ROWS)
        return -1;
    g->strip_row[g->nstrip_rows++] = *s;
    return (int)g->nstrip_rows;
}

int fig_strip_block(struct fig *g, FILE *f, const struct fig_style *s, const char *what)
{
    if (g->npanels == 0)
        return -1;
    return add_block(g->strip, &g->nstrip, FIG_MAX_STRIP_BLOCKS, &g->panel_nstrip[g->npanels - 1],
                     f, s, what);
}

/*
 * Room in line h's panel for its label (on the panel's own log axis too): a
 * line of text is about 1/14 of a panel's height.
 */
static void hline_room(struct fig *g, const struct fig_hline *h)
{
    size_t p = h->panel;
    int log = fig_log_y(g, p);
    double y = h->y, v = NAN;
    if (h->label[0] && strstr(h->where, "above"))
        v = log ? y * 1.6 : y * 1.06;
    else if (h->label[0] && log)
        v = y / 1.6;
    if (isnan(v))
        return;
    g->y_min[p] = fmin(g->y_min[p], v);
    g->y_max[p] = fmax(g->y_max[p], v);
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
    hline_room(g, h);
    return 0;
}

void fig_hline_move(struct fig *g, size_t k, const char *where)
{
    if (k >= g->nhlines)
        return;
    g->hline[k].where = where;
    hline_room(g, &g->hline[k]);
}

int fig_link_lines(struct fig *g, size_t n, const double raw[], const char *const color[],
                   const char *const name[], const int show[], int bidir, int *drawn)
{
    for (size_t m = 0; m < n; m++) {
        double y = raw[m];
        char v[32], label[128] = "";
        int dup = 0;
        if (!show[m] || !(y > 0))
            continue;
        for (size_t j = 0; j < m; j++)
            dup |= show[j] && fabs(raw[j] - raw[m]) < 1e-9 * raw[m];
        plot_format_gbps(y, v, sizeof(v));
        if (!dup)
            snprintf(label, sizeof(label), "%s%s%s GB/s", name[m], bidir ? " × 2: " : ": ", v);
        if (fig_hline(g, y, color[m], "link", "right-above", label) < 0)
            return -1;
        *drawn = 1;
    }
    return 0;
}

/* The path of panel p's data file (see figure.h). */
char *fig_panel_path(const struct fig *g, size_t p, const char *suffix, const char *data_dir)
{
    char name[160];
    snprintf(name, sizeof(name), "%s-%s%s.dat", g->name, g->panel_tag[p], suffix);
    return plot_path_join(data_dir, name);
}

FILE *fig_panel_create(const struct fig *g, const char *data_dir, const char *suffix,
                       const char *columns)
{
    char *path = fig_panel_path(g, g->npanels - 1, suffix, data_dir);
    FILE *f = path ? outfile_fopen_fresh(path) : NULL;
    if (f)
        fprintf(f,
                "# %s-%s%s.dat - written by pinsweep from the CSV files it was given; "
                "a gnuplot data block per curve\n# columns: %s\n",
                g->name, g->panel_tag[g->npanels - 1], suffix, columns);
    free(path);
    return f;
}

/* Remove the current panel's file of this suffix, left from an earlier run. */
static void panel_drop(const struct fig *g, const char *data_dir, const char *suffix)
{
    char *path = fig_panel_path(g, g->npanels - 1, suffix, data_dir);
    if (path)
        unlink(path);
    free(path);
}

void fig_panel_drop_overlay(const struct fig *g, const char *data_dir)
{
    panel_drop(g, data_dir, "-overlay");
}

void fig_panel_drop_strip(const struct fig *g, const char *data_dir)
{
    panel_drop(g, data_dir, "-strip");
}

int fig_panel_close(FILE *f)
{
    int bad = ferror(f);
    return (fclose(f) != 0 || bad) ? -1 : 0;
}
