/*
 * place_table.c - the placement figures as tables (see place_table.h): a
 * row per direction, kind and size, a column per placement (page size and
 * NUMA binding) the sweep has, each cell the median and 95 % interval of the
 * copies (or the median cudaHostRegister time), or why it is empty.
 */
#include "figures/place_table.h"
#include "figures/fig_placement.h"
#include "figures/tables.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The placements a table has room for, beside direction, kind and size. */
#define PLACE_MAX_COLS (TABULAR_MAX_COLS - 3)

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
    int pin;
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

/* "default / any", "thp / auto", "hugetlb / 1": a column's heading. */
static void col_title(const struct place_col *c, char *buf, size_t n)
{
    char numa[32];
    snprintf(buf, n, "%s / %s", schema_value_name(AXIS_PAGES, c->pages),
             schema_value_text(AXIS_NUMA, c->numa, numa, sizeof(numa)));
}

/*
 * Cell (row r's direction, kind and size; column c): the measured row's
 * median and 95 % interval (pin: the cudaHostRegister median's), else the status of
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
            plot_median_iv_text(x->pin_ms, &x->iv[IV_PIN_MS], plot_ms_text, buf, n);
        else
            plot_median_iv_text(x->gbps_median, &x->iv[IV_GBPS], plot_gbps_text, buf, n);
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

/*
 * What the cells of a pin table give: "median ms (its 95 % interval)" when
 * any has an interval, else the median alone and why there is none (a
 * samples.csv from before its pin_ms column has no times to take one from).
 */
static const char *pin_cells_text(const struct place_table *t)
{
    for (size_t i = 0; i < t->n; i++)
        if (interval_known(&t->rows[i]->iv[IV_PIN_MS]))
            return "median ms (its 95 % interval, where the samples give one)";
    return t->in->samples.nrows ? "median ms, no interval: samples.csv has no cudaHostRegister "
                                  "time of a sample (pin_ms)"
                                : "median ms, no interval: the folder has no samples.csv";
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
                 "size%s): %s; a column per page size / binding",
                 t->in->experiment, schema_value_name(AXIS_DIRECTION, r0->dir),
                 schema_value_name(AXIS_API, r0->api), t->nsizes, t->nsizes == 1 ? "" : "s",
                 pin_cells_text(t));
    else
        snprintf(buf, n,
                 "%s, copy bandwidth by page size and NUMA binding (reuse, %s; %zu size%s): median "
                 "GB/s (its 95 %% interval); a column per page size / binding",
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

/* The table's columns: direction (not pin), kind, size, then a column per placement. */
static void init_table(const struct place_table *t, struct tabular *tab)
{
    char text[512], titles[PLACE_MAX_COLS][64], align[TABULAR_MAX_COLS + 1];
    const char *head[TABULAR_MAX_COLS] = {"direction", "kind", "size"};
    size_t lead = t->pin ? 2 : 3, k = 0;
    if (t->pin) {
        head[0] = "kind";
        head[1] = "size";
    }
    for (size_t c = 0; c < t->ncols; c++) {
        col_title(&t->cols[c], titles[c], sizeof(titles[c]));
        head[lead + c] = titles[c];
    }
    for (; k < lead + t->ncols; k++)
        align[k] = k < lead ? 'l' : 'r';
    align[k] = '\0';
    caption(t, text, sizeof(text));
    tabular_init(tab, t->pin ? "placement-pin" : "placement", align, head, "%s", text);
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

/* A row per direction (pin: any), kind and size, in that order. */
static int add_lines(const struct place_table *t, struct tabular *tab)
{
    const struct plot_row **lines = malloc(t->n * sizeof(*lines));
    size_t nl = 0;
    int rc = 0;
    if (!lines)
        return -1;
    for (size_t i = 0; i < t->n; i++)
        if (first_of_line(t, i))
            lines[nl++] = t->rows[i];
    qsort(lines, nl, sizeof(*lines), line_order);
    for (size_t l = 0; l < nl && rc == 0; l++) {
        const struct plot_row *r = lines[l];
        char text[PLACE_MAX_COLS][96], size[32];
        const char *cells[TABULAR_MAX_COLS];
        size_t k = 0;
        if (!t->pin)
            cells[k++] = schema_value_name(AXIS_DIRECTION, r->dir);
        cells[k++] = schema_value_name(AXIS_ALLOC, r->alloc);
        cells[k++] = units_format_human((uint64_t)r->size_bytes, size, sizeof(size));
        for (size_t c = 0; c < t->ncols; c++) {
            cell_text(t, r, c, text[c], sizeof(text[c]));
            cells[k++] = text[c];
        }
        rc = tabular_row(tab, cells);
    }
    free(lines);
    return rc;
}

int place_table_build(const struct plot_input *in, int pin, struct tabular *tab)
{
    static const char *const none[] = {""};
    struct place_table t = {.in = in, .pin = pin};
    int rc = 0;
    tabular_init(tab, "placement", "l", none, "%s", "");
    if (fig_placement_rows(in, pin, &t.rows, &t.n) < 0)
        return -1;
    t.nsizes = distinct_sizes(t.rows, t.n);
    if (t.n && t.nsizes < PLOT_MIN_SIZES) {
        find_cols(&t);
        init_table(&t, tab);
        rc = add_lines(&t, tab) < 0 ? -1 : (int)tab->nrows;
    }
    free(t.rows);
    return rc;
}
