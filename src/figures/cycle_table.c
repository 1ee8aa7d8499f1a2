/*
 * cycle_table.c - the reallocate figures as tables (see cycle_table.h): a
 * row per reallocate configuration and size, each cell a median and its
 * 95 % interval, "75.4 (69.7–81.4)".
 */
#include "figures/cycle_table.h"
#include "figures/curves.h"
#include "figures/tables.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* t's caption, printf-formatted (cut to its room). */
__attribute__((format(printf, 2, 3))) static void caption_set(struct tabular *t, const char *fmt,
                                                              ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->caption, sizeof(t->caption), fmt, ap);
    va_end(ap);
}

/* The reallocate rows with their phases (host buffer steady), in in->rows' order. */
static const struct plot_row **cycle_rows(const struct plot_input *in, size_t *n)
{
    const struct plot_row **rows = malloc((in->nrows ? in->nrows : 1) * sizeof(*rows));
    *n = 0;
    for (size_t i = 0; rows && i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        if (r->buffer == BUFFER_REALLOCATE && plot_host_steady(r) && r->phase_ms[PHASE_ALLOC] >= 0)
            rows[(*n)++] = r;
    }
    return rows;
}

/* The folder's interval statement without its full stop (the caption ends with one). */
static const char *intervals_text(const struct plot_input *in, char *buf, size_t n)
{
    size_t len = strlen(plot_interval_statement_as(in, "Intervals", buf, n));
    if (len && buf[len - 1] == '.')
        buf[len - 1] = '\0';
    return buf;
}

/* Start t's columns: the key columns of k, size, then the heads[] (NULL-ended), right-aligned. */
static void cycle_init(struct tabular *t, const char *name, const struct plot_keys *k,
                       const char *const heads[])
{
    const char *head[TABULAR_MAX_COLS];
    char align[TABULAR_MAX_COLS + 1];
    size_t nc = 0;
    for (int key = 0; key < PLOT_KEY_COUNT; key++)
        if (k->shown[key])
            head[nc] = plot_key_head(key), align[nc++] = 'l';
    head[nc] = "size", align[nc++] = 'r';
    for (size_t i = 0; heads[i] && nc < TABULAR_MAX_COLS; i++)
        head[nc] = heads[i], align[nc++] = 'r';
    align[nc] = '\0';
    tabular_init(t, name, align, head, "%s", "");
    t->nkey = k->nshown + 1;
}

/* A row's first cells: its key columns and size; how many. */
static size_t key_cells(const struct plot_row *r, const struct plot_keys *k, const char **cells,
                        char *size, size_t n)
{
    size_t nc = 0;
    for (int key = 0; key < PLOT_KEY_COUNT; key++)
        if (k->shown[key])
            cells[nc++] = plot_key_cell(r, key);
    cells[nc++] = units_format_human((uint64_t)r->size_bytes, size, n);
    return nc;
}

/* ---- the phases of a cycle ---- */

enum { C_ALLOC, C_PIN, C_FILL, C_COPY, C_FREE, C_CYCLE, C_COUNT };

/*
 * Column c's median of row r and its interval (none for the cycle, the
 * medians summed); the copy's is its GB/s's, the same samples over time:
 * size ÷ GB/s deviates on the log scale as much as GB/s does.
 */
static double phase_of(const struct plot_row *r, int c, struct interval *iv)
{
    static const int q[C_COUNT] = {IV_ALLOC_MS, IV_PIN_MS, IV_FILL_MS, -1, IV_FREE_MS, -1};
    static const int phase[C_COUNT] = {PHASE_ALLOC, -1, PHASE_FILL, PHASE_COPY, PHASE_FREE, -1};
    const double *ms = r->phase_ms;
    double m = c == C_PIN     ? r->pin_ms
               : c == C_CYCLE ? ms[PHASE_ALLOC] + ms[PHASE_FILL] + ms[PHASE_COPY] + ms[PHASE_FREE]
                              : ms[phase[c]];
    interval_none(m, iv);
    if (q[c] >= 0)
        *iv = r->iv[q[c]];
    else if (c == C_COPY && r->iv[IV_GBPS].median > 0)
        interval_recentre(&r->iv[IV_GBPS], m, iv);
    return m;
}

/* The caption's words on the intervals: which columns have none, and why. */
static void phases_caption(const struct plot_input *in, const struct plot_row *const *rows,
                           size_t n, int pin, const struct plot_keys *k, struct tabular *t)
{
    static const char *const names[C_COUNT] = {"alloc", "cudaHostRegister", "fill", "copy", "free",
                                               "cycle"};
    char none[128] = "", bars[256];
    size_t len = 0;
    for (int c = 0; c < C_CYCLE; c++) {
        int known = 0;
        struct interval iv;
        for (size_t i = 0; i < n; i++)
            known |= phase_of(rows[i], c, &iv) > 0 && interval_known(&iv);
        if (!known && (c != C_PIN || pin))
            len +=
                (size_t)snprintf(none + len, sizeof(none) - len, "%s%s", len ? ", " : "", names[c]);
    }
    caption_set(
        t,
        "%s, the phases of a reallocate cycle, the host buffer allocated, filled, copied and "
        "freed for every copy (%s%sdefault placement): each phase's median ms (its 95 %% "
        "interval)%s; copy: "
        "its interval the copy's GB/s's; cycle: the four medians summed%s%s%s. %s",
        in->experiment, k->shared, k->shared[0] ? ", " : "",
        pin ? "; cudaHostRegister: the part of a registered buffer's alloc that pins it" : "",
        none[0] ? "; no interval for " : "", none,
        none[0]
            ? (in->samples.nrows ? " (samples.csv has none of their values)" : " (no samples.csv)")
            : "",
        intervals_text(in, bars, sizeof(bars)));
}

int cycle_phases_table(const struct plot_input *in, struct tabular *t)
{
    static const char *const all[] = {
        "alloc ms", "of it cudaHostRegister ms", "fill ms", "copy ms", "free ms", "cycle ms", NULL};
    static const char *const nopin[] = {"alloc ms", "fill ms",  "copy ms",
                                        "free ms",  "cycle ms", NULL};
    size_t n;
    const struct plot_row **rows = cycle_rows(in, &n);
    struct plot_keys k;
    int pin = 0, rc = 0;
    for (size_t i = 0; rows && i < n; i++)
        pin |= rows[i]->pin_ms > 0;
    plot_keys_of(rows, rows ? n : 0, 1u << PLOT_KEY_BUFFER, &k);
    cycle_init(t, "reallocate-cycle", &k, pin ? all : nopin);
    phases_caption(in, rows, rows ? n : 0, pin, &k, t);
    for (size_t i = 0; rows && i < n && rc == 0; i++) {
        const char *cells[TABULAR_MAX_COLS];
        char size[32], text[C_COUNT][64];
        size_t nc = key_cells(rows[i], &k, cells, size, sizeof(size));
        for (int c = 0; c < C_COUNT; c++) {
            struct interval iv;
            double m = phase_of(rows[i], c, &iv);
            if (c == C_PIN && !pin)
                continue;
            cells[nc++] = plot_median_iv_text(m, &iv, plot_ms_text, text[c], sizeof(text[c]));
        }
        rc = tabular_row(t, cells);
    }
    free(rows);
    return rows && rc == 0 ? 0 : -1;
}

/* ---- a reused buffer against a cycle ---- */

/* The reuse row of r's kind, direction, api and device at r's size, or NULL. */
static const struct plot_row *reuse_of(const struct plot_input *in, const struct plot_row *r)
{
    const struct plot_curve *c =
        plot_find_curve(in, r->dir, r->alloc, BUFFER_REUSE, r->api, r->device);
    return c ? curve_row_at(in, c, r->size_bytes) : NULL;
}

int cycle_reuse_table(const struct plot_input *in, struct tabular *t)
{
    static const char *const heads[] = {"reuse GB/s (95 % interval)", "cycle GB/s (95 % interval)",
                                        "reuse ÷ cycle", NULL};
    size_t n, m = 0;
    const struct plot_row **all = cycle_rows(in, &n);
    struct plot_keys k;
    char bars[256];
    int rc = 0;
    for (size_t i = 0; all && i < n; i++) /* the cycles with an effective bandwidth */
        if (all[i]->effective_gbps > 0)
            all[m++] = all[i];
    plot_keys_of(all, all ? m : 0, 1u << PLOT_KEY_BUFFER, &k);
    cycle_init(t, "reuse-vs-reallocate", &k, heads);
    caption_set(t,
                "%s, a reused buffer against one allocated, filled and freed for every copy "
                "(%s%sdefault placement): "
                "the reused buffer's copy GB/s and the cycle's, bytes ÷ (alloc + fill + copy + "
                "free), each median with its 95 %% interval, and their ratio, its interval their "
                "sides' in quadrature on the log scale. %s",
                in->experiment, k.shared, k.shared[0] ? ", " : "",
                intervals_text(in, bars, sizeof(bars)));
    for (size_t i = 0; all && i < m && rc == 0; i++) {
        const struct plot_row *r = all[i], *u = reuse_of(in, r);
        const char *cells[TABULAR_MAX_COLS];
        char size[32], reuse[64], cycle[64], ratio[64] = "–";
        size_t nc = key_cells(r, &k, cells, size, sizeof(size));
        struct interval x;
        plot_median_iv_text(u ? u->gbps_median : NAN, u ? &u->iv[IV_GBPS] : NULL, plot_gbps_text,
                            reuse, sizeof(reuse));
        plot_median_iv_text(r->effective_gbps, &r->iv[IV_EFFECTIVE_GBPS], plot_gbps_text, cycle,
                            sizeof(cycle));
        if (u && u->gbps_median > 0) {
            interval_ratio(&u->iv[IV_GBPS], &r->iv[IV_EFFECTIVE_GBPS], &x);
            if (interval_known(&x))
                snprintf(ratio, sizeof(ratio), "%.2f× (%.2f–%.2f)", x.median, x.lo, x.hi);
            else
                snprintf(ratio, sizeof(ratio), "%.2f×", x.median);
        }
        cells[nc++] = reuse;
        cells[nc++] = cycle;
        cells[nc++] = ratio;
        rc = tabular_row(t, cells);
    }
    free(all);
    return all && rc == 0 ? 0 : -1;
}

/* ---- break-even ---- */

/* "3.06 (2.61–3.71)", "3.06 (not resolved)", "never (not faster)". */
static void copies_text(const struct plot_input *in, const struct breakeven_row *b, char *buf,
                        size_t n)
{
    double lo, hi, v = curve_breakeven_interval(in, b, &lo, &hi);
    if (isnan(b->copies))
        snprintf(buf, n, "never (not faster)");
    else if (isnan(v))
        snprintf(buf, n, "%.3g (not resolved)", b->copies);
    else if (lo != hi)
        snprintf(buf, n, "%.3g (%.3g–%.3g)", v, lo, hi);
    else
        snprintf(buf, n, "%.3g", v);
}

int cycle_breakeven_table(const struct plot_input *in, struct tabular *t)
{
    static const char *const head[] = {"kind",
                                       "direction",
                                       "api",
                                       "size",
                                       "copies (95 % interval)",
                                       "alloc + free ms",
                                       "pageable µs per copy",
                                       "its µs per copy"};
    int rc = 0;
    tabular_init(t, "breakeven", "lllrrrrr", head,
                 "%s, the copies after which allocating a page-locked buffer once has paid for "
                 "itself: copies = (alloc + free) ÷ the time a copy saves against pageable (both "
                 "reused buffers, medians), its interval the saving at the ends of both copies' "
                 "95 %% intervals; not resolved: the saving is within them; never: the "
                 "page-locked copy is not faster",
                 in->experiment);
    t->nkey = 4;
    for (size_t i = 0; i < in->nbreakeven && rc == 0; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        char size[32], copies[64], cost[32], page[32], kind[32];
        copies_text(in, b, copies, sizeof(copies));
        plot_ms_text(b->alloc_ms + b->free_ms, cost, sizeof(cost));
        plot_us_text(b->pageable_us, page, sizeof(page));
        plot_us_text(b->pinned_us, kind, sizeof(kind));
        const char *cells[] = {schema_value_name(AXIS_ALLOC, (int)b->alloc),
                               schema_value_name(AXIS_DIRECTION, (int)b->dir),
                               schema_value_name(AXIS_API, (int)b->api),
                               units_format_human((uint64_t)b->size_bytes, size, sizeof(size)),
                               copies,
                               cost,
                               page,
                               kind};
        rc = tabular_row(t, cells);
    }
    return rc;
}
