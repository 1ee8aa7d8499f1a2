/*
 * place_table.c - the placement figures as tables (see place_table.h): a
 * row per direction, kind and size, a column per placement (page size and
 * NUMA binding) the sweep has, each cell the median and min-max of the
 * copies (or the median cudaHostRegister time), or why it is empty.
 */
#include "figures/place_table.h"
#include "figures/fig_placement.h"
#include "figures/tables.h"
#include "figures/tex.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PLACE_MAX_COLS 16

/* A column: a page size and a NUMA binding (axis codes). */
struct place_col {
    int pages;
    uint64_t numa;
};

/* A table being written: its rows (drawn by the figure), columns and what it shows. */
struct place_table {
    const struct plot_input *in;
    const struct plot_row **rows;
    size_t n, nsizes;
    int pin, tex;
    struct place_col cols[PLACE_MAX_COLS];
    size_t ncols;
};

static size_t distinct_sizes(const struct plot_row *const *rows, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = rows[j]->size_bytes == rows[i]->size_bytes;
        k += !seen;
    }
    return k;
}

size_t place_table_sizes(const struct plot_input *in, int pin)
{
    const struct plot_row **rows;
    size_t n;
    if (fig_placement_rows(in, pin, &rows, &n) < 0)
        return 0;
    n = distinct_sizes(rows, n);
    free(rows);
    return n;
}

/* A summary row's page size and binding as the figures count them ("-", empty: the default). */
static struct place_col summary_place(const struct summary_row *r)
{
    uint64_t pages = r->axis[AXIS_PAGES], numa = r->axis[AXIS_NUMA];
    struct place_col c = {PAGES_DEFAULT, NUMA_ANY};
    if (pages < PAGES_COUNT)
        c.pages = (int)pages;
    if (numa != AXIS_EMPTY && numa != AXIS_UNUSED && numa != AXIS_INVALID)
        c.numa = numa;
    return c;
}

/* Is summary row s of the table's api, buffer mode and kinds (and, pin, direction)? */
static int summary_belongs(const struct place_table *t, const struct summary_row *s)
{
    const struct plot_row *r0 = t->rows[0];
    if (s->axis[AXIS_API] != (uint64_t)r0->api ||
        s->axis[AXIS_BUFFER] != (uint64_t)(t->pin ? BUFFER_REALLOCATE : BUFFER_REUSE) ||
        (t->pin && s->axis[AXIS_DIRECTION] != (uint64_t)r0->dir))
        return 0;
    for (size_t i = 0; i < t->n; i++)
        if (s->axis[AXIS_ALLOC] == (uint64_t)t->rows[i]->alloc)
            return 1;
    return 0;
}

static void add_col(struct place_table *t, struct place_col c)
{
    size_t i = 0;
    while (i < t->ncols && (t->cols[i].pages != c.pages || t->cols[i].numa != c.numa))
        i++;
    if (i < t->ncols || t->ncols == PLACE_MAX_COLS)
        return;
    while (i > 0 && (t->cols[i - 1].pages > c.pages ||
                     (t->cols[i - 1].pages == c.pages && t->cols[i - 1].numa > c.numa))) {
        t->cols[i] = t->cols[i - 1];
        i--;
    }
    t->cols[i] = c;
    t->ncols++;
}

/* The columns: every placement of the drawn rows and of the rows not measured beside them. */
static void find_cols(struct place_table *t)
{
    for (size_t i = 0; i < t->n; i++)
        add_col(t, (struct place_col){t->rows[i]->pages, fig_placement_numa(t->rows[i])});
    for (size_t i = 0; i < t->in->summary.nrows; i++) {
        const struct summary_row *s = &t->in->summary.rows[i];
        if (!summary_ok(s) && summary_belongs(t, s))
            add_col(t, summary_place(s));
    }
}

/* Text into f: as it is, or as LaTeX. */
static void put(FILE *f, const char *s, int tex)
{
    char *t = tex ? plot_tex_text(s) : NULL;
    fputs(t ? t : s, f);
    free(t);
}

/* Cells of a row are separated and ended the way the format wants. */
static void cell_sep(FILE *f, int tex, int last)
{
    fputs(tex ? (last ? " \\\\\n" : " & ") : (last ? " |\n" : " | "), f);
}

/* "default / any", "thp / auto", "hugetlb / 1": a column's heading. */
static void col_title(const struct place_col *c, char *buf, size_t n)
{
    char numa[32];
    snprintf(buf, n, "%s / %s", schema_value_name(AXIS_PAGES, c->pages),
             schema_value_text(AXIS_NUMA, c->numa, numa, sizeof(numa)));
}

/*
 * Cell (row r's direction, kind and size; column c): the measured row's
 * median and min-max (pin: the cudaHostRegister median), else the status of
 * the configuration that was not measured (skipped, error), else "–".
 */
static void cell_text(const struct place_table *t, const struct plot_row *r, size_t c, char *buf,
                      size_t n)
{
    for (size_t i = 0; i < t->n; i++) {
        const struct plot_row *x = t->rows[i];
        if (x->dir != r->dir || x->alloc != r->alloc || x->size_bytes != r->size_bytes ||
            x->pages != t->cols[c].pages || fig_placement_numa(x) != t->cols[c].numa)
            continue;
        if (t->pin)
            snprintf(buf, n, "%.4g", x->pin_ms);
        else if (isnan(x->gbps_min) || isnan(x->gbps_max))
            snprintf(buf, n, "%.4g", x->gbps_median);
        else
            snprintf(buf, n, "%.4g (%.4g–%.4g)", x->gbps_median, x->gbps_min, x->gbps_max);
        return;
    }
    for (size_t i = 0; i < t->in->summary.nrows; i++) {
        const struct summary_row *s = &t->in->summary.rows[i];
        struct place_col p = summary_place(s);
        if (!summary_ok(s) && summary_belongs(t, s) && s->axis[AXIS_ALLOC] == (uint64_t)r->alloc &&
            (t->pin || s->axis[AXIS_DIRECTION] == (uint64_t)r->dir) &&
            s->size_bytes == r->size_bytes && p.pages == t->cols[c].pages &&
            p.numa == t->cols[c].numa) {
            snprintf(buf, n, "%s", s->status && s->status[0] ? s->status : "not measured");
            return;
        }
    }
    snprintf(buf, n, "–");
}

/* The table's caption: what it shows, and that any and auto are one node's memory when they are. */
static void caption(const struct place_table *t, char *buf, size_t n)
{
    const struct plot_row *r0 = t->rows[0];
    int any = 0, autos = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        any |= t->cols[c].numa == NUMA_ANY;
        autos |= t->cols[c].numa == NUMA_AUTO;
    }
    if (t->pin)
        snprintf(buf, n,
                 "%s, cudaHostRegister time by page size and NUMA binding (reallocate, %s, %s; %zu "
                 "size%s): median ms; a column per page size / binding",
                 t->in->experiment, schema_value_name(AXIS_DIRECTION, r0->dir),
                 schema_value_name(AXIS_API, r0->api), t->nsizes, t->nsizes == 1 ? "" : "s");
    else
        snprintf(buf, n,
                 "%s, copy bandwidth by page size and NUMA binding (reuse, %s; %zu size%s): median "
                 "GB/s of the samples (min–max); a column per page size / binding",
                 t->in->experiment, schema_value_name(AXIS_API, r0->api), t->nsizes,
                 t->nsizes == 1 ? "" : "s");
    size_t len = strlen(buf);
    if (t->in->numa_nodes == 1 && any && autos)
        snprintf(buf + len, n - len,
                 ". This machine has one NUMA node: numa any and auto are "
                 "the same memory");
    else if (t->in->numa_nodes == 1)
        snprintf(buf + len, n - len, ". This machine has one NUMA node");
}

static void write_head(FILE *f, const struct place_table *t)
{
    char text[512], title[64];
    caption(t, text, sizeof(text));
    if (t->tex) {
        fputs("\n\\begin{table}\n\\centering\\footnotesize\n\\caption{", f);
        put(f, text, 1);
        fprintf(f, ".}\n\\begin{tabular}{%s", t->pin ? "ll" : "lll");
        for (size_t c = 0; c < t->ncols; c++)
            fputc('r', f);
        fputs("}\n\\toprule\n", f);
    } else {
        fprintf(f, "\nTable: %s.\n\n| ", text);
    }
    fputs(t->pin ? "" : "direction", f);
    if (!t->pin)
        cell_sep(f, t->tex, 0);
    fputs("kind", f);
    cell_sep(f, t->tex, 0);
    fputs("size", f);
    for (size_t c = 0; c < t->ncols; c++) {
        cell_sep(f, t->tex, 0);
        col_title(&t->cols[c], title, sizeof(title));
        put(f, title, t->tex);
    }
    cell_sep(f, t->tex, 1);
    if (t->tex) {
        fputs("\\midrule\n", f);
        return;
    }
    fputs(t->pin ? "|---|---|" : "|---|---|---|", f);
    for (size_t c = 0; c < t->ncols; c++)
        fputs("---:|", f);
    fputc('\n', f);
}

/* Is rows[i] the first of its direction (pin: any), kind and size? */
static int first_of_line(const struct place_table *t, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if ((t->pin || t->rows[j]->dir == t->rows[i]->dir) &&
            t->rows[j]->alloc == t->rows[i]->alloc &&
            t->rows[j]->size_bytes == t->rows[i]->size_bytes)
            return 0;
    return 1;
}

/* Order of the table's lines: direction, kind, size. */
static int line_order(const void *pa, const void *pb)
{
    const struct plot_row *a = *(const struct plot_row *const *)pa,
                          *b = *(const struct plot_row *const *)pb;
    int d;
    if ((d = a->dir - b->dir) || (d = a->alloc - b->alloc))
        return d;
    return plot_cmp_double(a->size_bytes, b->size_bytes);
}

static int write_lines(FILE *f, const struct place_table *t)
{
    const struct plot_row **lines = malloc(t->n * sizeof(*lines));
    size_t nl = 0;
    char text[96];
    if (!lines)
        return -1;
    for (size_t i = 0; i < t->n; i++)
        if (first_of_line(t, i))
            lines[nl++] = t->rows[i];
    qsort(lines, nl, sizeof(*lines), line_order);
    for (size_t l = 0; l < nl; l++) {
        const struct plot_row *r = lines[l];
        if (!t->tex)
            fputs("| ", f);
        if (!t->pin) {
            fputs(schema_value_name(AXIS_DIRECTION, r->dir), f);
            cell_sep(f, t->tex, 0);
        }
        put(f, schema_value_name(AXIS_ALLOC, r->alloc), t->tex);
        cell_sep(f, t->tex, 0);
        put(f, units_format_size((uint64_t)r->size_bytes, text, sizeof(text)), t->tex);
        for (size_t c = 0; c < t->ncols; c++) {
            cell_sep(f, t->tex, 0);
            cell_text(t, r, c, text, sizeof(text));
            put(f, text, t->tex);
        }
        cell_sep(f, t->tex, 1);
    }
    if (t->tex)
        fputs("\\bottomrule\n\\end{tabular}\n\\end{table}\n", f);
    free(lines);
    return 0;
}

/* One table (pin: cudaHostRegister times), when its figure has too few sizes; 1 if written. */
static int write_one(FILE *f, const struct plot_input *in, int pin, int tex)
{
    struct place_table t = {.in = in, .pin = pin, .tex = tex};
    int rc = 0;
    if (fig_placement_rows(in, pin, &t.rows, &t.n) < 0)
        return -1;
    t.nsizes = distinct_sizes(t.rows, t.n);
    if (t.n && t.nsizes < PLOT_MIN_SIZES) {
        find_cols(&t);
        write_head(f, &t);
        rc = write_lines(f, &t) < 0 ? -1 : 1;
    }
    free(t.rows);
    return rc;
}

int place_tables_write(FILE *f, const struct plot_input *in, int tex)
{
    int a = write_one(f, in, 0, tex), b = a < 0 ? -1 : write_one(f, in, 1, tex);
    return a < 0 || b < 0 ? -1 : a + b;
}
