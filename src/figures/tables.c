/*
 * tables.c - tables instead of degenerate figures (see tables.h): the
 * copies, and the placed buffers (place_table.h), of a sweep of fewer than
 * PLOT_MIN_SIZES sizes as Markdown and as LaTeX with booktabs (through
 * tabular.h); and the cells every table of measurements shares: the
 * median, its spread and n.
 */
#include "figures/tables.h"
#include "figures/kit/figure.h"
#include "figures/place_table.h"
#include "figures/sentinel_view.h"
#include "results/outdir.h"
#include "results/problems.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t plot_copy_sizes(const struct plot_input *in)
{
    size_t n = 0;
    for (size_t i = 0; i < in->nrows; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = in->rows[j].size_bytes == in->rows[i].size_bytes;
        n += !seen;
    }
    return n;
}

/* The host buffer's state, in words: warm and prefaulted unless said. */
static const char *host_state(const struct plot_row *r)
{
    if (plot_host_steady(r))
        return "warm";
    return r->cache == CACHE_FLUSHED
               ? (r->touch == TOUCH_FIRST ? "flushed, first touch" : "flushed")
               : "first touch";
}

void plot_gbps_text(double v, char *buf, size_t n)
{
    snprintf(buf, n, isfinite(v) && fabs(v) < 1 ? "%.3g" : "%.2f", v);
}

void plot_spread_cells(const struct plot_row *r, struct spread_cells *c)
{
    plot_gbps_text(r->gbps_median, c->med, sizeof(c->med));
    interval_range_text(&r->iv[IV_GBPS], plot_gbps_text, c->range, sizeof(c->range));
    if (plot_row_has_rounds(r))
        snprintf(c->n, sizeof(c->n), "%.0f in %.0f rounds", r->samples, r->rounds);
    else
        snprintf(c->n, sizeof(c->n), r->samples > 0 ? "%.0f" : "–", r->samples);
}

const char *plot_spread_head(void)
{
    return "95 % interval GB/s";
}

void plot_table_mark_note(struct tabular *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        if (t->cells[i] && strstr(t->cells[i], INTERVAL_CAPPED_MARK)) {
            size_t len = strlen(t->caption);
            snprintf(t->caption + len, sizeof(t->caption) - len, "%s%s", len ? "; " : "",
                     PLOT_TABLE_MARK_NOTE);
            return;
        }
}

int plot_copies_table(const struct plot_input *in, struct tabular *t)
{
    static const char *const head[] = {"kind",        "direction",  "api",  "buffer",
                                       "host buffer", "size",       "GB/s", "95 % interval GB/s",
                                       "n",           "µs per copy"};
    size_t nsizes = plot_copy_sizes(in);
    char bars[200];
    plot_interval_statement_as(in, "Intervals", bars, sizeof(bars));
    if (strlen(bars) && bars[strlen(bars) - 1] == '.') /* the caption ends with its own */
        bars[strlen(bars) - 1] = '\0';
    tabular_init(t, "copies", "lllllrrrrr", head,
                 "%s, copies at %zu size%s: the median GB/s, its 95 %% interval and the samples "
                 "(n); default placement (numa any, pages default). %s",
                 in->experiment, nsizes, nsizes == 1 ? "" : "s", bars);
    t->nkey = 6; /* a copy is its configuration and size: beside each part of a wide table */
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        struct spread_cells c;
        char size[32], us[32];
        plot_spread_cells(r, &c);
        units_format_human((uint64_t)r->size_bytes, size, sizeof(size));
        if (r->us_per_copy > 0) /* four significant digits, whole microseconds from 1 ms */
            snprintf(us, sizeof(us), r->us_per_copy >= 1000 ? "%.0f" : "%.4g", r->us_per_copy);
        else
            snprintf(us, sizeof(us), "–");
        const char *cells[] = {schema_value_name(AXIS_ALLOC, r->alloc),
                               schema_value_name(AXIS_DIRECTION, r->dir),
                               schema_value_name(AXIS_API, r->api),
                               schema_value_name(AXIS_BUFFER, r->buffer),
                               host_state(r),
                               size,
                               c.med,
                               c.range,
                               c.n,
                               us};
        if (tabular_row(t, cells) < 0)
            return -1;
    }
    return 0;
}

/* The tables of a folder: its copies', its placements' (place_table.h); unused ones empty. */
enum { TABLE_COPIES, TABLE_PLACEMENT, TABLE_PLACEMENT_PIN, TABLE_SENTINEL, TABLE_COUNT };

static void write_md(FILE *f, const struct plot_input *in, const struct tabular t[TABLE_COUNT])
{
    fprintf(f, "# %s: tables\n\nA sweep of fewer than %d sizes is a table, not a figure%s.\n",
            in->experiment, PLOT_MIN_SIZES,
            t[TABLE_SENTINEL].nrows ? "; so is a drift sentinel of fewer readings" : "");
    for (size_t i = 0; i < TABLE_COUNT; i++)
        if (t[i].nrows) {
            fputc('\n', f);
            tabular_md(f, &t[i], 0);
        }
}

/*
 * The \label of table t of the folder: tab:EXPERIMENT-NAME, so that the
 * tables.tex of two folders differ in one paper (characters other than
 * letters, digits, '.', '_' and '-' made '-').
 */
static void table_label(const struct plot_input *in, const struct tabular *t, char *buf, size_t n)
{
    snprintf(buf, n, "%s-%s", in->experiment[0] ? in->experiment : "results", t->name);
    for (char *p = buf; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._-", *p))
            *p = '-';
}

static void write_tex(FILE *f, const struct plot_input *in, const struct tabular t[TABLE_COUNT])
{
    char label[sizeof(in->experiment) + sizeof(t[0].name) + 2];
    for (size_t i = 0; i < TABLE_COUNT; i++)
        if (t[i].nrows) {
            table_label(in, &t[i], label, sizeof(label));
            tabular_tex(f, &t[i], label);
        }
}

/* Write fig_dir/name with write(); -1 after saying why on log. */
static int write_table(const char *fig_dir, const char *name, const struct plot_input *in,
                       const struct tabular t[TABLE_COUNT],
                       void (*write)(FILE *, const struct plot_input *, const struct tabular *),
                       FILE *log)
{
    char *path = plot_path_join(fig_dir, name);
    FILE *f = path ? outfile_fopen_fresh(path) : NULL;
    int rc = f ? 0 : -1;
    if (f) {
        write(f, in, t);
        rc = ferror(f) ? -1 : 0;
        if (fclose(f) != 0)
            rc = -1;
    }
    if (rc < 0)
        log_line(log, "%s: cannot write: %s", path ? path : name, strerror(errno));
    else
        log_line(log, "wrote %s (too few sizes for a figure: a table)", path);
    free(path);
    return rc;
}

/* The folder's tables into t (each to be freed); how many have rows, or -1 when out of memory. */
static int build_tables(const struct plot_input *in, struct tabular t[TABLE_COUNT])
{
    static const char *const none[] = {""};
    int n = 0, rc = 0;
    if (in->nrows && plot_copy_sizes(in) < PLOT_MIN_SIZES)
        rc = plot_copies_table(in, &t[TABLE_COPIES]);
    else
        tabular_init(&t[TABLE_COPIES], "copies", "l", none, "%s", "");
    n += t[TABLE_COPIES].nrows > 0;
    for (int pin = 0; pin < 2; pin++) {
        int k = place_table_build(in, pin, &t[TABLE_PLACEMENT + pin]);
        rc = k < 0 ? -1 : rc;
        n += k > 0;
    }
    /* a sentinel of fewer readings than a figure needs (sentinel_view.h) */
    struct sentinel_view v;
    tabular_init(&t[TABLE_SENTINEL], "sentinel", "l", none, "%s", "");
    if (sentinel_view_read(in, &v, NULL) < 0)
        rc = -1;
    else if (v.n > 0 && v.n < PLOT_MIN_SIZES) {
        tabular_free(&t[TABLE_SENTINEL]);
        rc = sentinel_view_table(in, &v, &t[TABLE_SENTINEL]) < 0 ? -1 : rc;
        n++;
    }
    sentinel_view_free(&v);
    for (size_t i = 0; i < TABLE_COUNT; i++)
        plot_table_mark_note(&t[i]);
    return rc < 0 ? -1 : n;
}

int plot_tables_write(const struct plot_input *in, const char *fig_dir, FILE *log)
{
    static const char *const names[] = {"tables.md", "tables.tex"};
    struct tabular t[TABLE_COUNT];
    int n = build_tables(in, t), rc = n < 0 ? -1 : 0;
    if (n < 0)
        log_line(log, "%s: out of memory", fig_dir);
    else if (n == 0) {
        for (size_t i = 0; i < 2; i++) {
            char *path = plot_path_join(fig_dir, names[i]);
            if (path)
                unlink(path);
            free(path);
        }
    } else if (write_table(fig_dir, names[0], in, t, write_md, log) < 0 ||
               write_table(fig_dir, names[1], in, t, write_tex, log) < 0)
        rc = -1;
    for (size_t i = 0; i < TABLE_COUNT; i++)
        tabular_free(&t[i]);
    return rc;
}
