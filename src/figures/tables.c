/*
 * tables.c - the cells every table of measurements shares (a median, its
 * interval, n; the columns that name a copy) and the table of every copy,
 * for a folder whose copy figures span too few sizes (see tables.h).
 * tabled.c writes the tables into figures/tables.md and tables.tex.
 */
#include "figures/tables.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
    if (strstr(t->caption, PLOT_TABLE_MARK_NOTE)) /* said already */
        return;
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        if (t->cells[i] && strstr(t->cells[i], INTERVAL_CAPPED_MARK)) {
            size_t len = strlen(t->caption);
            snprintf(t->caption + len, sizeof(t->caption) - len, "%s%s", len ? "; " : "",
                     PLOT_TABLE_MARK_NOTE);
            return;
        }
}

void plot_ms_text(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.3g", v);
}

char *plot_median_iv_text(double median, const struct interval *iv,
                          void (*num)(double v, char *buf, size_t n), char *buf, size_t n)
{
    char m[32], lo[32], hi[32];
    if (!(median > 0)) {
        snprintf(buf, n, "–");
        return buf;
    }
    num(median, m, sizeof(m));
    if (!iv || !interval_known(iv)) {
        snprintf(buf, n, "%s", m);
        return buf;
    }
    num(iv->lo, lo, sizeof(lo));
    num(iv->hi, hi, sizeof(hi));
    snprintf(buf, n, "%s (%s–%s%s)", m, lo, hi, iv->capped ? INTERVAL_CAPPED_MARK : "");
    return buf;
}

/* ---- the columns that name a copy ---- */

const char *plot_key_head(enum plot_key key)
{
    static const char *const head[PLOT_KEY_COUNT] = {"kind", "direction", "api", "buffer",
                                                     "host buffer"};
    return head[key];
}

const char *plot_key_cell(const struct plot_row *r, enum plot_key key)
{
    switch (key) {
    case PLOT_KEY_KIND:
        return schema_value_name(AXIS_ALLOC, r->alloc);
    case PLOT_KEY_DIRECTION:
        return schema_value_name(AXIS_DIRECTION, r->dir);
    case PLOT_KEY_API:
        return schema_value_name(AXIS_API, r->api);
    case PLOT_KEY_BUFFER:
        return schema_value_name(AXIS_BUFFER, r->buffer);
    case PLOT_KEY_HOST:
        return host_state(r);
    case PLOT_KEY_COUNT:
        break;
    }
    return "";
}

void plot_keys_of(const struct plot_row *const *rows, size_t n, unsigned skip, struct plot_keys *k)
{
    size_t len = 0;
    *k = (struct plot_keys){{0}};
    for (int key = 0; key < PLOT_KEY_COUNT; key++) {
        int same = n > 0;
        if (skip & (1u << key))
            continue;
        for (size_t i = 1; i < n && same; i++)
            same = strcmp(plot_key_cell(rows[i], key), plot_key_cell(rows[0], key)) == 0;
        k->shown[key] = key == PLOT_KEY_KIND || !same;
        k->nshown += (size_t)k->shown[key];
        if (!k->shown[key] && len < sizeof(k->shared))
            len += (size_t)snprintf(k->shared + len, sizeof(k->shared) - len, "%s%s%s",
                                    len ? ", " : "all ", key == PLOT_KEY_HOST ? "host buffer " : "",
                                    plot_key_cell(rows[0], key));
    }
}

/* ---- every copy ---- */

/* The pageable row beside page-locked row r: its direction, buffer, api, host state and size. */
static const struct plot_row *pageable_of(const struct plot_input *in, const struct plot_row *r)
{
    if (r->alloc == ALLOC_PAGEABLE)
        return NULL;
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *p = &in->rows[i];
        if (p->alloc == ALLOC_PAGEABLE && p->dir == r->dir && p->buffer == r->buffer &&
            p->api == r->api && p->cache == r->cache && p->touch == r->touch &&
            p->size_bytes == r->size_bytes && strcmp(p->device, r->device) == 0 &&
            p->gbps_median > 0)
            return p;
    }
    return NULL;
}

void plot_us_text(double us, char *buf, size_t n)
{
    if (us > 0)
        snprintf(buf, n, us >= 1000 ? "%.0f" : "%.4g", us);
    else
        snprintf(buf, n, "–");
}

/* "6.86× (5.21–9.03)": r over pageable p, with the ratio's interval; "–" without p. */
static void speedup_text(const struct plot_row *r, const struct plot_row *p, char *buf, size_t n)
{
    struct interval x;
    if (!p) {
        snprintf(buf, n, "–");
        return;
    }
    interval_ratio(&r->iv[IV_GBPS], &p->iv[IV_GBPS], &x);
    if (interval_known(&x))
        snprintf(buf, n, "%.2f× (%.2f–%.2f)", x.median, x.lo, x.hi);
    else
        snprintf(buf, n, "%.2f×", x.median);
}

/* Which of the copies table's optional columns any row has a value for. */
struct copies_cols {
    int us, roundtrip, speedup;
};

static struct copies_cols copies_cols_of(const struct plot_input *in)
{
    struct copies_cols c = {0};
    for (size_t i = 0; i < in->nrows; i++) {
        c.us |= in->rows[i].us_per_copy > 0;
        c.roundtrip |= in->rows[i].roundtrip_us > 0;
        c.speedup |= pageable_of(in, &in->rows[i]) != NULL;
    }
    return c;
}

/* The copies table's columns and caption, for rows with keys k. */
static void copies_init(const struct plot_input *in, const struct plot_keys *k,
                        struct copies_cols oc, struct tabular *t)
{
    const char *head[TABULAR_MAX_COLS];
    char align[TABULAR_MAX_COLS + 1], bars[200], sizes[32];
    size_t nc = 0, nsizes = plot_copy_sizes(in);
    for (int key = 0; key < PLOT_KEY_COUNT; key++)
        if (k->shown[key])
            head[nc] = plot_key_head(key), align[nc++] = 'l';
    head[nc] = "size", align[nc++] = 'r';
    head[nc] = "GB/s", align[nc++] = 'r';
    head[nc] = plot_spread_head(), align[nc++] = 'r';
    head[nc] = "n", align[nc++] = 'r';
    if (oc.us)
        head[nc] = "µs per copy", align[nc++] = 'r';
    if (oc.roundtrip)
        head[nc] = "round trip µs", align[nc++] = 'r';
    if (oc.speedup)
        head[nc] = "× pageable (95 % interval)", align[nc++] = 'r';
    align[nc] = '\0';
    plot_interval_statement_as(in, "Intervals", bars, sizeof(bars));
    if (strlen(bars) && bars[strlen(bars) - 1] == '.') /* the caption ends with its own */
        bars[strlen(bars) - 1] = '\0';
    snprintf(sizes, sizeof(sizes), "%zu size%s", nsizes, nsizes == 1 ? "" : "s");
    tabular_init(t, "copies", align, head,
                 "%s, every copy (%s; %s%sdefault placement: numa any, pages default): the median "
                 "GB/s, its 95 %% interval "
                 "and the samples (n)%s%s%s. %s",
                 in->experiment, sizes, k->shared, k->shared[0] ? ", " : "",
                 oc.us ? "; the time per copy queued back to back" : "",
                 oc.roundtrip ? " and as a round trip waited for (host clock, median)" : "",
                 oc.speedup ? "; a page-locked copy over pageable's at the same size, the ratio's "
                              "interval its sides' in quadrature on the log scale"
                            : "",
                 bars);
    t->nkey = k->nshown + 1; /* a copy is its configuration and size: beside each part */
}

int plot_copies_table(const struct plot_input *in, struct tabular *t)
{
    const struct plot_row **rows = malloc((in->nrows ? in->nrows : 1) * sizeof(*rows));
    struct plot_keys k;
    struct copies_cols oc = copies_cols_of(in);
    int rc = 0;
    for (size_t i = 0; rows && i < in->nrows; i++)
        rows[i] = &in->rows[i];
    plot_keys_of(rows, rows ? in->nrows : 0, 0, &k);
    copies_init(in, &k, oc, t);
    for (size_t i = 0; rows && i < in->nrows && rc == 0; i++) {
        const struct plot_row *r = &in->rows[i];
        struct spread_cells c;
        char size[32], us[32], rt[32], sp[64];
        const char *cells[TABULAR_MAX_COLS];
        size_t nc = 0;
        plot_spread_cells(r, &c);
        for (int key = 0; key < PLOT_KEY_COUNT; key++)
            if (k.shown[key])
                cells[nc++] = plot_key_cell(r, key);
        cells[nc++] = units_format_human((uint64_t)r->size_bytes, size, sizeof(size));
        cells[nc++] = c.med;
        cells[nc++] = c.range;
        cells[nc++] = c.n;
        plot_us_text(r->us_per_copy, us, sizeof(us));
        plot_us_text(r->roundtrip_us, rt, sizeof(rt));
        speedup_text(r, pageable_of(in, r), sp, sizeof(sp));
        if (oc.us)
            cells[nc++] = us;
        if (oc.roundtrip)
            cells[nc++] = rt;
        if (oc.speedup)
            cells[nc++] = sp;
        rc = tabular_row(t, cells);
    }
    free(rows);
    return rows && rc == 0 ? 0 : -1;
}
