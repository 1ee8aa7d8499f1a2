/*
 * report_tables.c - the tables of pinsweep report (see report_tables.h).
 */
#include "report/report_tables.h"
#include "analysis/fit.h"
#include "analysis/link.h"
#include "figures/fig_placement.h"
#include "results/columns.h"
#include "figures/gpus_table.h"
#include "figures/tabled.h"
#include "figures/tables.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- columns and cells ---- */

/* A table's columns being declared: headings and alignment. */
struct cols {
    const char *head[TABULAR_MAX_COLS];
    char align[TABULAR_MAX_COLS + 1];
    size_t n;
    unsigned char group[TABULAR_MAX_COLS], ngroups; /* tabular.h's groups */
};

static void col(struct cols *c, const char *head, char align)
{
    c->head[c->n] = head;
    c->align[c->n++] = align;
    c->align[c->n] = '\0';
}

/* A table's first columns: left-aligned (text), headed by the NULL-terminated heads. */
static struct cols text_cols(const char *const heads[])
{
    struct cols c = {0};
    for (size_t i = 0; heads[i]; i++)
        col(&c, heads[i], 'l');
    return c;
}

/* The columns of a measurement's spread: its 95 % interval (analysis/interval.h) and n. */
static void spread_cols(struct cols *c)
{
    col(c, plot_spread_head(), 'r');
    col(c, "n", 'r');
}

/*
 * The columns of one measurement: median (named head), its interval and n;
 * a group of their own (a LaTeX table split to fit the page keeps them
 * together).
 */
static void measure_cols(struct cols *c, const char *head)
{
    size_t from = c->n;
    col(c, head, 'r');
    spread_cols(c);
    c->ngroups++;
    for (size_t i = from; i < c->n; i++)
        c->group[i] = c->ngroups;
}

/* A column that belongs to the measurement declared last (its group): where it was measured. */
static void col_of_measure(struct cols *c, const char *head, char align)
{
    col(c, head, align);
    c->group[c->n - 1] = c->ngroups;
}

/* A row's cells being filled, in the order of its columns, with room for formatted ones. */
struct cells {
    const char *v[TABULAR_MAX_COLS];
    char text[TABULAR_MAX_COLS][64];
    size_t n;
};

static void cell(struct cells *c, const char *v)
{
    c->v[c->n++] = v;
}

/* A cell printf-formatted. */
__attribute__((format(printf, 2, 3))) static void cellf(struct cells *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->text[c->n], sizeof(c->text[0]), fmt, ap);
    va_end(ap);
    cell(c, c->text[c->n]);
}

static void spread_cells(struct cells *c, const struct spread_cells *s)
{
    cell(c, s->range);
    cell(c, s->n);
}

static void measure_cells(struct cells *c, const struct spread_cells *s)
{
    cell(c, s->med);
    spread_cells(c, s);
}

/*
 * The folder's interval statement for a table's caption, "Intervals: 95 %
 * prediction ...", without its full stop (the caption ends with one).
 */
static const char *intervals_text(const struct plot_input *in)
{
    static char buf[256];
    size_t len = strlen(plot_interval_statement_as(in, "Intervals", buf, sizeof(buf)));
    if (len && buf[len - 1] == '.')
        buf[len - 1] = '\0';
    return buf;
}

/* ---- rows ---- */

/* Is r a copy with a reused buffer, warm and prefaulted, at the default placement? */
static int plain_reuse(const struct plot_row *r)
{
    return api_is_copy(r->api) && r->buffer == BUFFER_REUSE && plot_host_steady(r) &&
           plot_default_place(r);
}

int report_has_copies(const struct plot_input *in)
{
    for (size_t i = 0; i < in->nrows; i++)
        if (plain_reuse(&in->rows[i]))
            return 1;
    return 0;
}

/* The reused copy of alloc and dir (api: any copy api when < 0) with the highest median. */
static const struct plot_row *peak_row(const struct plot_input *in, int alloc, int dir, int api)
{
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        if (plain_reuse(r) && r->alloc == alloc && r->dir == dir && (api < 0 || r->api == api) &&
            (!best || r->gbps_median > best->gbps_median))
            best = r;
    }
    return best;
}

/* A size (or n½) as people read it; "–" for one that is not >= 0 (never an unsigned wrap). */
static const char *size_text(double bytes, char *buf, size_t n)
{
    return units_format_human_bytes(bytes, buf, n);
}

/* ---- the tables ---- */

static int tab_peaks(const struct report_src *src, struct tabular *t)
{
    const struct plot_input *in = src->in;
    struct cols c = text_cols((const char *[]){"kind", "direction", "api", NULL});
    col(&c, "peak GB/s", 'r');
    col(&c, "at", 'r');
    spread_cols(&c);
    col(&c, "% of the link", 'r');
    tabular_init(t, "peaks", c.align, c.head,
                 "%s: the highest median of each kind and direction (reused buffer, warm cache), "
                 "its 95 %% interval and n; %% of the PCIe link's raw rate per direction (twice it "
                 "for bidir). %s",
                 in->experiment, intervals_text(in));
    for (int a = 0; a < ALLOC_COUNT; a++)
        for (int d = 0; d < DIR_COUNT; d++) {
            const struct plot_row *r = peak_row(in, a, d, -1);
            struct spread_cells s;
            struct cells k = {0};
            char size[32], link[32] = "–";
            double per_dir = isfinite(in->link_gbps) ? in->link_gbps : r ? r->link_gbps : NAN;
            if (!r)
                continue;
            plot_spread_cells(r, &s);
            if (link_raw_gbps(per_dir, d) > 0)
                snprintf(link, sizeof(link), "%.1f %%", link_share_pct(r->gbps_median, per_dir, d));
            cell(&k, schema_value_name(AXIS_ALLOC, a));
            cell(&k, schema_value_name(AXIS_DIRECTION, d));
            cell(&k, schema_value_name(AXIS_API, r->api));
            cell(&k, s.med);
            cell(&k, size_text(r->size_bytes, size, sizeof(size)));
            spread_cells(&k, &s);
            cell(&k, link);
            if (tabular_row(t, k.v) < 0)
                return -1;
        }
    return (int)t->nrows;
}

/* The reused copy of alloc, dir and api at exactly size, or NULL. */
static const struct plot_row *at_size(const struct plot_input *in, int alloc, int dir, int api,
                                      double size)
{
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        if (plain_reuse(r) && r->alloc == alloc && r->dir == dir && r->api == api &&
            r->size_bytes == size)
            return r;
    }
    return NULL;
}

/* Pinned's and pageable's rows of dir at the size nearest 256 MB that both have (log scale). */
static int near_256mb(const struct plot_input *in, int dir, const struct plot_row **pin,
                      const struct plot_row **page)
{
    double best_gap = INFINITY;
    *pin = *page = NULL;
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i], *q;
        double gap = fabs(log(r->size_bytes / 256e6));
        if (plain_reuse(r) && r->alloc == ALLOC_PINNED && r->dir == dir && gap < best_gap &&
            (q = at_size(in, ALLOC_PAGEABLE, dir, r->api, r->size_bytes))) {
            best_gap = gap;
            *pin = r;
            *page = q;
        }
    }
    return *pin != NULL;
}

static int tab_speedup(const struct report_src *src, struct tabular *t)
{
    const struct plot_input *in = src->in;
    struct cols c = text_cols((const char *[]){"direction", "api", NULL});
    col(&c, "size", 'r');
    measure_cols(&c, "pinned GB/s");
    measure_cols(&c, "pageable GB/s");
    col(&c, "pinned ÷ pageable", 'r');
    tabular_init(t, "speedup", c.align, c.head,
                 "%s: pinned over pageable near 256 MB, both at the same size (the one nearest "
                 "256 MB that both have), each with its 95 %% interval and n; the ratio's "
                 "interval is on the log scale, its half-width the two sides' in quadrature. %s",
                 in->experiment, intervals_text(in));
    memcpy(t->group, c.group, sizeof(t->group));
    for (int d = 0; d < DIR_BIDIR; d++) {
        const struct plot_row *p, *q;
        struct spread_cells sp, sq;
        struct cells k = {0};
        char size[32], ratio[64];
        struct interval x;
        if (!near_256mb(in, d, &p, &q))
            continue;
        plot_spread_cells(p, &sp);
        plot_spread_cells(q, &sq);
        interval_ratio(&p->iv[IV_GBPS], &q->iv[IV_GBPS], &x);
        if (interval_known(&x))
            snprintf(ratio, sizeof(ratio), "%.1f× (%.1f–%.1f)", x.median, x.lo, x.hi);
        else
            snprintf(ratio, sizeof(ratio), "%.1f×", x.median);
        cell(&k, schema_value_name(AXIS_DIRECTION, d));
        cell(&k, schema_value_name(AXIS_API, p->api));
        cell(&k, size_text(p->size_bytes, size, sizeof(size)));
        measure_cells(&k, &sp);
        measure_cells(&k, &sq);
        cell(&k, ratio);
        if (tabular_row(t, k.v) < 0)
            return -1;
    }
    return (int)t->nrows;
}

/* Fit row r's NUMA binding (any where its cell is "-", empty or not one) and page size. */
static uint64_t fit_numa(const struct fit_row *r)
{
    uint64_t numa = r->axis[AXIS_NUMA];
    return numa == AXIS_UNUSED || numa == AXIS_EMPTY || numa == AXIS_INVALID ? NUMA_ANY : numa;
}

static int fit_pages(const struct fit_row *r)
{
    return r->axis[AXIS_PAGES] < PAGES_COUNT ? (int)r->axis[AXIS_PAGES] : PAGES_DEFAULT;
}

/* Is fit row r's buffer at a placement other than the default (numa any, pages default)? */
static int fit_placed(const struct fit_row *r)
{
    return fit_numa(r) != NUMA_ANY || fit_pages(r) != PAGES_DEFAULT;
}

/* The fits the table gives: all sizes, a reused buffer, warm and prefaulted. */
static int fit_shown(const struct fit_row *r)
{
    return r->axis[AXIS_CACHE] == CACHE_WARM && r->axis[AXIS_TOUCH] == TOUCH_PREFAULTED &&
           r->regime_id == FIT_ALL;
}

/*
 * The fit's verdict; only a "good" or "poor" fit gives its t0, B and n½: a
 * negative t0 is no latency, and a line through fewer than FIT_MIN_POINTS
 * sizes says nothing about one.
 */
static const char *fit_verdict(const struct fit_row *r, int *numbers)
{
    *numbers = 0;
    if (r->status_id != FIT_OK)
        return "not fitting: t0 < 0";
    if (r->points < FIT_MIN_POINTS)
        return "too few sizes";
    *numbers = 1;
    return fit_describes(r) ? "good" : "poor: not one t0 + n/B";
}

static int tab_fits(const struct report_src *src, struct tabular *t)
{
    const struct plot_input *in = src->in;
    int placed = 0;
    for (size_t i = 0; i < in->nfits; i++)
        placed |= fit_shown(&in->fits[i]) && fit_placed(&in->fits[i]);
    /* with placements, their page size and NUMA binding: no two rows read the same */
    struct cols c =
        placed ? text_cols((const char *[]){"kind", "direction", "api", "pages", "numa", NULL})
               : text_cols((const char *[]){"kind", "direction", "api", NULL});
    col(&c, "latency t0", 'r');
    col(&c, "bandwidth B", 'r');
    col(&c, "n½", 'r');
    col(&c, "sizes", 'r');
    col(&c, "residual", 'r');
    col(&c, "fit", 'l');
    tabular_init(t, "fits", c.align, c.head,
                 "%s: t(n) = t0 + n/B fitted to each curve (reused buffer, warm cache%s), over "
                 "the sizes given; a residual of %.0f %% or more flags a curve that is not one "
                 "t0 + n/B; no t0, B or n½ is given for a fitted t0 below 0 (no copy takes less "
                 "than no time: not fitting) nor for a fit over fewer than %d sizes (too few "
                 "sizes to tell)",
                 in->experiment, placed ? "; each page size and NUMA binding" : "",
                 FIT_MAX_RESIDUAL_PCT, FIT_MIN_POINTS);
    t->nkey = c.n - 6;
    for (size_t i = 0; i < in->nfits; i++) {
        const struct fit_row *r = &in->fits[i];
        struct cells k = {0};
        int numbers;
        if (!fit_shown(r))
            continue;
        const char *verdict = fit_verdict(r, &numbers);
        cell(&k, schema_value_name(AXIS_ALLOC, (int)r->axis[AXIS_ALLOC]));
        cell(&k, schema_value_name(AXIS_DIRECTION, (int)r->axis[AXIS_DIRECTION]));
        cell(&k, schema_value_name(AXIS_API, (int)r->axis[AXIS_API]));
        if (placed) {
            cell(&k, schema_value_name(AXIS_PAGES, fit_pages(r)));
            cell(&k, schema_value_text(AXIS_NUMA, fit_numa(r), k.text[k.n], sizeof(k.text[0])));
        }
        if (numbers) {
            cellf(&k, "%.2f µs", r->t0_us);
            cellf(&k, "%.2f GB/s", r->bandwidth_gbps);
            cell(&k, size_text(r->n_half_bytes, k.text[k.n], sizeof(k.text[0])));
        } else {
            cell(&k, "–");
            cell(&k, "–");
            cell(&k, "–");
        }
        cellf(&k, "%.0f", r->points);
        cellf(&k, "%.1f %%", r->residual_pct);
        cell(&k, verdict);
        if (tabular_row(t, k.v) < 0)
            return -1;
    }
    return (int)t->nrows;
}

/* A regime of fits.csv as a cell: "14.77 GB/s, 1.05 MB–33.6 MB, 6 sizes, residual 8.1 %". */
static void regime_cell(struct cells *k, const struct fit_row *r)
{
    char from[32], to[32];
    cellf(k, "%.2f GB/s, %s–%s, %.0f sizes, residual %.1f %%", r->bandwidth_gbps,
          size_text(r->from_bytes, from, sizeof(from)), size_text(r->to_bytes, to, sizeof(to)),
          r->points, r->residual_pct);
}

/*
 * The two regimes of the pageable curves that have them: fits.csv's
 * in-cache and beyond-cache rows, each following its curve's.
 */
static int tab_regimes(const struct report_src *src, struct tabular *t)
{
    static const char *const head[] = {"kind", "direction", "api", "in the host's cache",
                                       "beyond it"};
    const struct plot_input *in = src->in;
    tabular_init(t, "regimes", "lllll", head,
                 "%s: no single t0 + n/B describes a pageable copy whose bandwidth falls once "
                 "the buffer leaves the host's cache; each regime is fitted with t = n/B over "
                 "its sizes",
                 in->experiment);
    t->nkey = 3; /* a row is its curve; a wide table keeps it beside each regime */
    for (size_t i = 0; i + 1 < in->nfits; i++) {
        const struct fit_row *a = &in->fits[i], *b = &in->fits[i + 1];
        struct cells k = {0};
        if (a->regime_id != FIT_IN_CACHE || b->regime_id != FIT_BEYOND_CACHE ||
            memcmp(a->axis, b->axis, sizeof(a->axis)) != 0)
            continue;
        cell(&k, schema_value_name(AXIS_ALLOC, (int)a->axis[AXIS_ALLOC]));
        cell(&k, schema_value_name(AXIS_DIRECTION, (int)a->axis[AXIS_DIRECTION]));
        cell(&k, schema_value_name(AXIS_API, (int)a->axis[AXIS_API]));
        regime_cell(&k, a);
        regime_cell(&k, b);
        if (tabular_row(t, k.v) < 0)
            return -1;
    }
    return (int)t->nrows;
}

/* A time in ms as the tables write it: three significant digits. */
static void ms_text(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.3g", v);
}

/*
 * "4.92–5.95" ms: the interval of a pipeline's time.  Its GB/s is size over
 * time, sample by sample, so the logs of the two deviate alike: the time's
 * interval is pipeline_ms e^-h..e^h with its GB/s's h.
 */
static void pipeline_range(const struct plot_row *r, char *buf, size_t n)
{
    struct interval ms = r->iv[IV_GBPS];
    interval_recentre(&ms, r->pipeline_ms, &ms);
    interval_range_text(&ms, ms_text, buf, n);
}

static int tab_pipelines(const struct report_src *src, struct tabular *t)
{
    static const char *const head[] = {
        "kind", "size",          "kernel",   "streams", "pipeline ms", "95 % interval ms",
        "n",    "serial sum ms", "ideal ms", "overlap"};
    const struct plot_input *in = src->in;
    tabular_init(t, "pipelines", "lllrrrrrrr", head,
                 "%s: chunks of h2d, kernel and d2h over streams; the pipeline's median time, "
                 "its 95 %% interval and n, the stages one after another (serial sum), the "
                 "longest stage (ideal) and overlap = serial sum ÷ pipeline (1: none; at most "
                 "3). %s",
                 in->experiment, intervals_text(in));
    t->nkey = 4; /* a pipeline is its kind, size, kernel and streams: in each part of a split */
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        struct spread_cells s;
        struct cells k = {0};
        if (r->api != API_PIPELINE)
            continue;
        plot_spread_cells(r, &s);
        cell(&k, schema_value_name(AXIS_ALLOC, r->alloc));
        cell(&k, size_text(r->size_bytes, k.text[k.n], sizeof(k.text[0])));
        cell(&k, schema_value_text(AXIS_KERNEL, r->kernel, k.text[k.n], sizeof(k.text[0])));
        cell(&k, schema_value_text(AXIS_STREAMS, r->streams, k.text[k.n], sizeof(k.text[0])));
        cellf(&k, "%.3g", r->pipeline_ms);
        pipeline_range(r, k.text[k.n], sizeof(k.text[0]));
        cell(&k, k.text[k.n]);
        cell(&k, s.n);
        cellf(&k, "%.3g", r->serial_ms);
        cellf(&k, "%.3g", r->ideal_ms);
        cellf(&k, "%.2f", r->overlap);
        if (tabular_row(t, k.v) < 0)
            return -1;
    }
    return (int)t->nrows;
}

/*
 * Of the rows of api, alloc and dir (< 0: any; copies: plain reuse): the one
 * with the highest median, or (one_thread) the one with one thread at the
 * largest size.
 */
static const struct plot_row *best_of(const struct plot_input *in, int api, int alloc, int dir,
                                      int one_thread)
{
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api != api || r->alloc != alloc || (dir >= 0 && r->dir != dir) ||
            (api_is_copy(api) && !plain_reuse(r)) || (one_thread && r->threads != 1))
            continue;
        if (!best ||
            (one_thread ? r->size_bytes > best->size_bytes : r->gbps_median > best->gbps_median))
            best = r;
    }
    return best;
}

/* A host buffer's placement: page size and NUMA binding. */
struct placement {
    int pages;
    uint64_t numa;
};

static struct placement placement_of(const struct plot_row *r)
{
    return (struct placement){r->pages, fig_placement_numa(r)};
}

/*
 * The placements of the zero-copy rows, the default (pages default, numa
 * any) first, into p[] (at most max); how many.
 */
static size_t zerocopy_placements(const struct plot_input *in, struct placement *p, size_t max)
{
    size_t n = 1;
    p[0] = (struct placement){PAGES_DEFAULT, NUMA_ANY};
    for (size_t i = 0; i < in->nall; i++) {
        struct placement q = placement_of(&in->all[i]);
        size_t k = 0;
        if (in->all[i].api != API_ZEROCOPY)
            continue;
        while (k < n && (p[k].pages != q.pages || p[k].numa != q.numa))
            k++;
        if (k == n && n < max)
            p[n++] = q;
    }
    return n;
}

/*
 * Of the rows of api, alloc and dir at placement at (copies: reused, warm,
 * prefaulted): the one with the highest median, or NULL.
 */
static const struct plot_row *best_at(const struct plot_input *in, int api, int alloc, int dir,
                                      struct placement at)
{
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        struct placement q = placement_of(r);
        if (r->api != api || r->alloc != alloc || r->dir != dir || q.pages != at.pages ||
            q.numa != at.numa ||
            (api_is_copy(api) && (r->buffer != BUFFER_REUSE || !plot_host_steady(r))))
            continue;
        if (!best || r->gbps_median > best->gbps_median)
            best = r;
    }
    return best;
}

/* One row of the zero-copy table: kind a, direction d, at placement at (named when placed). */
static int zerocopy_row(struct tabular *t, const struct plot_input *in, int a, int d,
                        struct placement at, int placed)
{
    const struct plot_row *z = best_at(in, API_ZEROCOPY, a, d, at);
    const struct plot_row *x = best_at(in, API_ASYNC, a, d, at),
                          *y = best_at(in, API_SYNC, a, d, at);
    const struct plot_row *cp = !x || (y && y->gbps_median > x->gbps_median) ? y : x;
    struct spread_cells sz, sc = {"–", "–", "–"};
    struct cells k = {0};
    char at_z[32], at_c[32] = "–";
    if (!z)
        return 0;
    plot_spread_cells(z, &sz);
    if (cp) {
        plot_spread_cells(cp, &sc);
        size_text(cp->size_bytes, at_c, sizeof(at_c));
    }
    cell(&k, schema_value_name(AXIS_ALLOC, a));
    cell(&k, schema_value_name(AXIS_DIRECTION, d));
    if (placed) {
        cell(&k, schema_value_name(AXIS_PAGES, at.pages));
        cell(&k, schema_value_text(AXIS_NUMA, at.numa, k.text[k.n], sizeof(k.text[0])));
    }
    measure_cells(&k, &sz);
    cell(&k, size_text(z->size_bytes, at_z, sizeof(at_z)));
    measure_cells(&k, &sc);
    cell(&k, cp ? schema_value_name(AXIS_API, cp->api) : "–");
    cell(&k, at_c);
    return tabular_row(t, k.v);
}

static int tab_zerocopy(const struct report_src *src, struct tabular *t)
{
    const struct plot_input *in = src->in;
    struct placement at[8];
    size_t nat = zerocopy_placements(in, at, 8);
    int placed = nat > 1, rc = 0;
    /* each kind at each placement apart: a peak on huge pages is not the default pages' */
    struct cols c = placed ? text_cols((const char *[]){"kind", "direction", "pages", "numa", NULL})
                           : text_cols((const char *[]){"kind", "direction", NULL});
    measure_cols(&c, "zero-copy peak GB/s");
    col_of_measure(&c, "at", 'r');
    measure_cols(&c, "copy peak GB/s");
    col_of_measure(&c, "api", 'l');
    col_of_measure(&c, "at", 'r');
    tabular_init(t, "zerocopy", c.align, c.head,
                 "%s: a kernel reading (h2d) or writing (d2h) host memory against the copy "
                 "engine (the better of async and sync), each at its peak, with its 95 %% "
                 "interval and n; %s. %s",
                 in->experiment,
                 placed ? "a row per kind, direction, page size and NUMA binding, the copy at the "
                          "same placement (– where none was measured)"
                        : "default placement (pages default, numa any)",
                 intervals_text(in));
    memcpy(t->group, c.group, sizeof(t->group));
    t->nkey = placed ? 4 : 2;
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++)
        for (int d = 0; d < DIR_BIDIR && rc == 0; d++)
            for (size_t p = 0; p < nat && rc == 0; p++)
                rc = zerocopy_row(t, in, a, d, at[p], placed);
    return rc < 0 ? -1 : (int)t->nrows;
}

static int tab_host_access(const struct report_src *src, struct tabular *t)
{
    static const char *const which_text[2] = {"1 thread, largest size", "the most"};
    const struct plot_input *in = src->in;
    struct cols c = text_cols((const char *[]){"kind", "access", "which", NULL});
    col(&c, "threads", 'r');
    col(&c, "size", 'r');
    measure_cols(&c, "GB/s");
    tabular_init(t, "host-access", c.align, c.head,
                 "%s: the CPU's own reads and writes of each kind of host memory, with one thread "
                 "at the largest size (out of the caches) and the most of any size and threads; "
                 "each median with its 95 %% interval and n. %s",
                 in->experiment, intervals_text(in));
    memcpy(t->group, c.group, sizeof(t->group));
    for (int a = 0; a < ALLOC_COUNT; a++)
        for (int op = 0; op < 2; op++)
            for (int w = 0; w < 2; w++) {
                const struct plot_row *r =
                    best_of(in, op ? API_HOST_WRITE : API_HOST_READ, a, -1, w == 0);
                struct spread_cells s;
                struct cells k = {0};
                char threads[32], size[32];
                if (!r)
                    continue;
                plot_spread_cells(r, &s);
                cell(&k, schema_value_name(AXIS_ALLOC, a));
                cell(&k, op ? "write" : "read");
                cell(&k, which_text[w]);
                cell(&k, schema_value_text(AXIS_THREADS, r->threads, threads, sizeof(threads)));
                cell(&k, size_text(r->size_bytes, size, sizeof(size)));
                measure_cells(&k, &s);
                if (tabular_row(t, k.v) < 0)
                    return -1;
            }
    return (int)t->nrows;
}

/* The reallocate row of alloc at its largest size with an alloc time (warm, default place). */
static const struct plot_row *largest_realloc(const struct plot_input *in, int alloc)
{
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        if (api_is_copy(r->api) && r->buffer == BUFFER_REALLOCATE && r->alloc == alloc &&
            r->phase_ms[PHASE_ALLOC] >= 0 && (!best || r->size_bytes > best->size_bytes))
            best = r;
    }
    return best;
}

static int tab_alloc(const struct report_src *src, struct tabular *t)
{
    static const char *const head[] = {"kind",
                                       "size",
                                       "allocate ms",
                                       "allocate 95 % interval",
                                       "free ms",
                                       "free 95 % interval",
                                       "n",
                                       "allocate ms per GiB",
                                       "free ms per GiB"};
    const struct plot_input *in = src->in;
    tabular_init(t, "alloc", "lrrrrrrrr", head,
                 "%s: allocating and freeing a buffer of each kind at its largest reallocate "
                 "size: medians, their 95 %% intervals and n, and per GiB. %s",
                 in->experiment, intervals_text(in));
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const struct plot_row *r = largest_realloc(in, a);
        struct cells k = {0};
        if (!r)
            continue;
        double gib = r->size_bytes / 1073741824.0;
        cell(&k, schema_value_name(AXIS_ALLOC, a));
        cell(&k, size_text(r->size_bytes, k.text[k.n], sizeof(k.text[0])));
        cellf(&k, "%.3g", r->phase_ms[PHASE_ALLOC]);
        cell(&k, interval_range_text(&r->iv[IV_ALLOC_MS], ms_text, k.text[k.n], sizeof(k.text[0])));
        cellf(&k, "%.3g", r->phase_ms[PHASE_FREE]);
        cell(&k, interval_range_text(&r->iv[IV_FREE_MS], ms_text, k.text[k.n], sizeof(k.text[0])));
        cellf(&k, "%.0f", r->samples);
        cellf(&k, "%.3g", r->phase_ms[PHASE_ALLOC] / gib);
        cellf(&k, "%.3g", r->phase_ms[PHASE_FREE] / gib);
        if (tabular_row(t, k.v) < 0)
            return -1;
    }
    return (int)t->nrows;
}

/* The figures that became tables (tabled.h), each where its figure would be. */
static int tab_copies(const struct report_src *src, struct tabular *t)
{
    return plot_table_build(PLOT_TABLE_COPIES, src->in, src->tabled, t);
}

static int tab_cycle(const struct report_src *src, struct tabular *t)
{
    return plot_table_build(PLOT_TABLE_CYCLE, src->in, src->tabled, t);
}

static int tab_reuse(const struct report_src *src, struct tabular *t)
{
    return plot_table_build(PLOT_TABLE_REUSE, src->in, src->tabled, t);
}

static int tab_breakeven(const struct report_src *src, struct tabular *t)
{
    return plot_table_build(PLOT_TABLE_BREAKEVEN, src->in, src->tabled, t);
}

static int tab_placement(const struct report_src *src, struct tabular *t)
{
    return plot_table_build(PLOT_TABLE_PLACEMENT, src->in, src->tabled, t);
}

static int tab_placement_pin(const struct report_src *src, struct tabular *t)
{
    return plot_table_build(PLOT_TABLE_PLACEMENT_PIN, src->in, src->tabled, t);
}

/* The drift sentinel as a table, when it has too few readings for a figure (sentinel_view.h). */
static int tab_sentinel(const struct report_src *src, struct tabular *t)
{
    return plot_table_build(PLOT_TABLE_SENTINEL, src->in, src->tabled, t);
}

static int tab_gpus(const struct report_src *src, struct tabular *t)
{
    return gpus_table_build(src->in, t) < 0 ? -1 : (int)t->nrows;
}

static const struct {
    int (*build)(const struct report_src *src, struct tabular *t);
    struct report_table_info info;
} tables[] = {
    {tab_peaks,
     {"Peak bandwidth (median of samples, reused buffer)",
      "No copies with a reused buffer in this folder.", 0}},
    {tab_speedup, {NULL, NULL, 1}},
    {tab_fits,
     {"Latency and bandwidth, t(n) = t0 + n/B", "No fits.csv (run `pinsweep plot %s` to make one).",
      1}},
    {tab_regimes, {NULL, NULL, 1}},
    {tab_pipelines, {"Pipelines: chunks of h2d → kernel → d2h over streams", NULL, 0}},
    {tab_zerocopy, {"Zero-copy: a kernel on host memory against the copy engine", NULL, 0}},
    {tab_host_access, {"The CPU's own reads and writes", NULL, 0}},
    {tab_alloc,
     {"Allocation cost", "No reallocate rows: run `experiments/alloc-cost.yaml` for these.", 1}},
    {tab_placement, {"Placement (a sweep of few sizes)", NULL, 0}},
    {tab_placement_pin, {"cudaHostRegister by placement (a sweep of few sizes)", NULL, 0}},
    {tab_sentinel, {"The drift sentinel (too few readings for a figure)", NULL, 0}},
    {tab_copies, {"Every copy (a sweep of few sizes)", NULL, 0}},
    {tab_cycle, {"The phases of a reallocate cycle (a sweep of few sizes)", NULL, 0}},
    {tab_reuse, {"Reuse against reallocate (a sweep of few sizes)", NULL, 0}},
    {tab_breakeven, {"Break-even (a sweep of few sizes)", NULL, 0}},
    {tab_gpus, {"Several GPUs at once", NULL, 0}},
};

size_t report_table_count(void)
{
    return sizeof(tables) / sizeof(tables[0]);
}

int report_table(size_t i, const struct report_src *src, struct tabular *t,
                 struct report_table_info *info)
{
    *info = tables[i].info;
    int rc = tables[i].build(src, t);
    if (rc > 0)
        plot_table_mark_note(t);
    return rc;
}
