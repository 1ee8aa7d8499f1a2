/*
 * readings.c - each figure's main reading in words (see readings.h).  Every
 * number comes from the rows the figure draws; sizes are written as people
 * read them (units_format_human), GB/s with two decimals.
 */
#include "figures/readings.h"
#include "analysis/link.h"
#include "figures/curves.h"
#include "figures/tables.h"
#include "figures/sentinel_view.h"
#include "results/sentinel_csv.h"
#include "base/stats.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- building the text ---- */


int reading_open(struct reading *t)
{
    memset(t, 0, sizeof(*t));
    t->f = open_memstream(&t->buf, &t->len);
    return t->f ? 0 : -1;
}

/* One part of the reading, printf-formatted. */
void reading_part(struct reading *t, const char *fmt, ...)
{
    va_list ap;
    if (t->parts++)
        fputs("; ", t->f);
    va_start(ap, fmt);
    vfprintf(t->f, fmt, ap);
    va_end(ap);
}

/* The reading, malloc'd; NULL when out of memory. */
char *reading_close(struct reading *t)
{
    if (fclose(t->f) != 0) {
        free(t->buf);
        return NULL;
    }
    return t->buf;
}

/* Sizes and rates as the readings write them, in one of four rotating buffers. */
const char *reading_size(double bytes)
{
    static char bufs[4][32];
    static int next;
    char *b = bufs[next++ % 4];
    return units_format_human((uint64_t)bytes, b, sizeof(bufs[0]));
}

const char *reading_gbps(double gbps)
{
    static char bufs[4][32];
    static int next;
    char *b = bufs[next++ % 4];
    snprintf(b, sizeof(bufs[0]), fabs(gbps) < 1 ? "%.3g" : "%.2f", gbps);
    return b;
}

/* A count (copies, times faster): "86", "12", "4.6". */
const char *reading_count(double v)
{
    static char bufs[4][32];
    static int next;
    char *b = bufs[next++ % 4];
    snprintf(b, sizeof(bufs[0]), v >= 100 ? "%.0f" : "%.2g", v);
    return b;
}

/* Microseconds: "7.31", "10.8", "112". */
const char *reading_us(double v)
{
    static char bufs[4][32];
    static int next;
    char *b = bufs[next++ % 4];
    snprintf(b, sizeof(bufs[0]), v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
    return b;
}

/* ---- copy curves ---- */

static const struct plot_row *curve_row(const struct plot_input *in, const struct plot_curve *c,
                                        size_t i)
{
    return &in->rows[c->first + i];
}

/* The index of c's highest median. */
static size_t curve_peak(const struct plot_input *in, const struct plot_curve *c)
{
    size_t p = 0;
    for (size_t i = 1; i < c->n; i++)
        if (curve_row(in, c, i)->gbps_median > curve_row(in, c, p)->gbps_median)
            p = i;
    return p;
}

/* " (88.0 % of the link's raw 63.02 GB/s)" for a page-locked peak, when the link is known. */
static void link_share(const struct plot_input *in, int dir, double g, char *buf, size_t n)
{
    double link = link_raw_gbps(in->link_gbps, dir);
    if (link > 0)
        snprintf(buf, n, " (%.1f %% of the link's raw %s GB/s)",
                 link_share_pct(g, in->link_gbps, dir), reading_gbps(link));
    else
        buf[0] = '\0';
}

/* Curve c's median at index i. */
static double curve_gbps(const struct plot_input *in, const struct plot_curve *c, size_t i)
{
    return curve_row(in, c, i)->gbps_median;
}

/* Does curve c never fall from one size to the next: is its rise monotonic? */
static int curve_rises(const struct plot_input *in, const struct plot_curve *c)
{
    for (size_t i = 1; i < c->n; i++)
        if (curve_gbps(in, c, i) < curve_gbps(in, c, i - 1))
            return 0;
    return 1;
}

/* The index of c's lowest median after index p (p < c->n - 1), the first of equals. */
static size_t curve_low_after(const struct plot_input *in, const struct plot_curve *c, size_t p)
{
    size_t m = p + 1;
    for (size_t i = p + 2; i < c->n; i++)
        if (curve_gbps(in, c, i) < curve_gbps(in, c, m))
            m = i;
    return m;
}

/*
 * The shape of curve c in words (readings.h): what is called what.  Each
 * wording says only what holds of every size: "rises to" a peak at the
 * largest size only when no size is lower than the one before; "stays
 * within" only when every size after the peak does; a dip after the peak is
 * named, with where the curve ends.
 */
void reading_curve(struct reading *t, const struct plot_input *in, const struct plot_curve *c,
                   const char *what, int share)
{
    size_t p = curve_peak(in, c), last = c->n - 1, from = last;
    double peak = curve_gbps(in, c, p), end = curve_gbps(in, c, last);
    double plateau = peak * (1 - READ_PLATEAU_PCT / 100.), hold = peak * (1 - READ_HOLD_PCT / 100.);
    const char *at_peak = reading_size(curve_row(in, c, p)->size_bytes);
    const char *at_end = reading_size(curve_row(in, c, last)->size_bytes);
    char link[192] = "";
    if (share)
        link_share(in, curve_row(in, c, p)->dir, peak, link, sizeof(link));
    /* a peak whose rounds disagree is no finding: say how far (review: "peaks at 13.28" on
       rounds of 13.51, 13.28 and 6.84) */
    const struct plot_row *pr = curve_row(in, c, p);
    if (pr->rounds >= 2 && pr->round_gbps_min > 0 &&
        pr->round_gbps_max > pr->round_gbps_min * (1 + READ_ROUNDS_APART_PCT / 100.)) {
        size_t len = strlen(link);
        snprintf(link + len, sizeof(link) - len, " (its %.0f rounds read %s–%s GB/s)", pr->rounds,
                 reading_gbps(pr->round_gbps_min), reading_gbps(pr->round_gbps_max));
    }
    while (from > 0 && curve_gbps(in, c, from - 1) >= plateau)
        from--;
    if (p == last && from == last) {
        reading_part(t, "%s %s %s GB/s%s at %s, its largest size", what,
                     curve_rises(in, c) ? "rises to" : "peaks at", reading_gbps(end), link, at_end);
        return;
    }
    if (end >= plateau && from < last && p >= from) {
        reading_part(t, "%s is within %d %% of its peak, %s GB/s%s, from %s", what,
                     READ_PLATEAU_PCT, reading_gbps(peak), link,
                     reading_size(curve_row(in, c, from)->size_bytes));
        return;
    }
    size_t m = curve_low_after(in, c, p);
    double low = curve_gbps(in, c, m);
    const char *at_low = reading_size(curve_row(in, c, m)->size_bytes);
    if (end >= plateau) /* back near the peak after a dip */
        reading_part(t,
                     "%s peaks at %s GB/s%s at %s, dips to %s GB/s at %s and is back within %d %% "
                     "of its peak %s %s",
                     what, reading_gbps(peak), link, at_peak, reading_gbps(low), at_low,
                     READ_PLATEAU_PCT, from == last ? "at" : "from",
                     reading_size(curve_row(in, c, from)->size_bytes));
    else if (low >= hold)
        reading_part(t, "%s peaks at %s GB/s%s at %s and stays within %d %% of it up to %s", what,
                     reading_gbps(peak), link, at_peak, READ_HOLD_PCT, at_end);
    else if (m == last)
        reading_part(t, "%s peaks at %s GB/s%s at %s and falls to %s GB/s at %s", what,
                     reading_gbps(peak), link, at_peak, reading_gbps(end), at_end);
    else
        reading_part(t,
                     "%s peaks at %s GB/s%s at %s, falls to %s GB/s at %s and ends at %s GB/s "
                     "at %s",
                     what, reading_gbps(peak), link, at_peak, reading_gbps(low), at_low,
                     reading_gbps(end), at_end);
}

/* The reuse curve of alloc in dir with api (steady host buffer), or NULL. */
const struct plot_curve *reading_reuse_curve(const struct plot_input *in, int alloc, int dir,
                                            int api)
{
    return api < 0 ? NULL : plot_find_curve(in, dir, alloc, BUFFER_REUSE, api, NULL);
}

/* "pinned h2d" */
const char *reading_kind_dir(int alloc, int dir)
{
    static char bufs[4][64];
    static int next;
    char *b = bufs[next++ % 4];
    snprintf(b, sizeof(bufs[0]), "%s %s", schema_value_name(AXIS_ALLOC, alloc),
             schema_value_name(AXIS_DIRECTION, dir));
    return b;
}

/*
 * Pinned's and pageable's curves of dir and api, in words; without pinned,
 * the first page-locked kind's unless pinned_only (the headline draws
 * pinned alone).
 */
void reading_pinned_pageable(struct reading *t, const struct plot_input *in, int dir, int api,
                                 int pinned_only)
{
    int a = ALLOC_PINNED;
    const struct plot_curve *c = reading_reuse_curve(in, a, dir, api);
    for (int k = 0; k < ALLOC_COUNT && !c && !pinned_only; k++)
        if (k != ALLOC_PAGEABLE && (c = reading_reuse_curve(in, k, dir, api)))
            a = k;
    if (c)
        reading_curve(t, in, c, reading_kind_dir(a, dir), 1);
    if ((c = reading_reuse_curve(in, ALLOC_PAGEABLE, dir, api)))
        reading_curve(t, in, c, reading_kind_dir(ALLOC_PAGEABLE, dir), 0);
}

/* The peaks of the page-locked kinds of dir and api, when there are two or more. */
void reading_page_locked(struct reading *t, const struct plot_input *in, int dir, int api)
{
    double lo = INFINITY, hi = -INFINITY;
    int kinds = 0;
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const struct plot_curve *c = a == ALLOC_PAGEABLE ? NULL : reading_reuse_curve(in, a, dir, api);
        if (!c)
            continue;
        double g = curve_row(in, c, curve_peak(in, c))->gbps_median;
        lo = fmin(lo, g);
        hi = fmax(hi, g);
        kinds++;
    }
    if (kinds > 1)
        reading_part(t, "the %d page-locked kinds peak at %s–%s GB/s %s", kinds, reading_gbps(lo), reading_gbps(hi),
             schema_value_name(AXIS_DIRECTION, dir));
}

const char *reading_api_call(int api)
{
    return api == API_SYNC ? "cudaMemcpy" : "cudaMemcpyAsync";
}

/* The headline's api of in, written as the reading's lead ("cudaMemcpy: "); -1: none. */
int reading_lead_api(struct reading *t, const struct plot_input *in)
{
    int api = plot_headline_api(in);
    if (api >= 0)
        fprintf(t->f, "%s: ", reading_api_call(api));
    return api;
}


/* The first kind (schema order) with a reused copy or zero-copy curve; -1 when none. */
static int first_kind(const struct plot_input *in)
{
    for (int a = 0; a < ALLOC_COUNT; a++)
        for (int d = 0; d < DIR_COUNT; d++)
            for (int api = 0; api < API_COUNT; api++)
                if ((api_is_copy(api) || api == API_ZEROCOPY) && reading_reuse_curve(in, a, d, api))
                    return a;
    return -1;
}

/*
 * Without pinned or pageable copies (zero-copy folders): the first kind's
 * curves, each api of it (sync, async, zerocopy) in each direction, by
 * bandwidth (latency 0) or by the time of its smallest copy (1).
 */
void reading_first_kind(struct reading *t, const struct plot_input *in, int latency)
{
    int a = first_kind(in);
    char what[96];
    for (int d = 0; d < DIR_COUNT && a >= 0; d++)
        for (int api = 0; api < API_COUNT; api++) {
            const struct plot_curve *c =
                api_is_copy(api) || api == API_ZEROCOPY ? reading_reuse_curve(in, a, d, api) : NULL;
            const struct plot_row *r = latency ? reading_smallest_timed(in, c) : NULL;
            snprintf(what, sizeof(what), "%s %s", reading_kind_dir(a, d), schema_value_name(AXIS_API, api));
            if (c && !latency)
                reading_curve(t, in, c, what, a != ALLOC_PAGEABLE);
            else if (r)
                reading_part(t, "a %s %s copy takes %s µs", reading_size(r->size_bytes), what, reading_us(r->us_per_copy));
        }
}


/* ---- small copies ---- */

/* The row of c at its smallest size with a time per copy, or NULL. */
/* ---- the host buffer's state: cache and first touch ---- */

/* The host states other than the steady one (warm cache, prefaulted pages), in reading order. */
static const int host_states[3][2] = {
    {CACHE_FLUSHED, TOUCH_PREFAULTED}, {CACHE_WARM, TOUCH_FIRST}, {CACHE_FLUSHED, TOUCH_FIRST}};

const struct plot_curve *reading_host_curve(const struct plot_input *in, int alloc, int dir,
                                            int api, int cache, int touch)
{
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r = curve_row(in, &in->curves[c], 0);
        if (r->alloc == alloc && r->dir == dir && r->api == api && r->buffer == BUFFER_REUSE &&
            r->cache == cache && r->touch == touch && plot_default_place(r))
            return &in->curves[c];
    }
    return NULL;
}

const char *reading_host_state(int cache, int touch)
{
    if (cache == CACHE_FLUSHED && touch == TOUCH_FIRST)
        return "with a flushed cache and first-touch pages";
    if (cache == CACHE_FLUSHED)
        return "with a flushed cache";
    if (touch == TOUCH_FIRST)
        return "on first-touch pages";
    return "with a warm cache and prefaulted pages";
}

/* The largest size of curve a that every curve of b[0..n) has too; NaN when none. */
static double largest_common(const struct plot_input *in, const struct plot_curve *a,
                             const struct plot_curve *const *b, size_t n)
{
    for (size_t i = a->n; i-- > 0;) {
        double size = curve_row(in, a, i)->size_bytes;
        size_t k = 0;
        while (k < n && curve_row_at(in, b[k], size))
            k++;
        if (k == n)
            return size;
    }
    return NAN;
}

void reading_host_states(struct reading *t, const struct plot_input *in, int api)
{
    for (int a = 0; a < ALLOC_COUNT && api >= 0; a++)
        for (int d = 0; d < DIR_COUNT; d++) {
            const struct plot_curve *steady =
                reading_host_curve(in, a, d, api, CACHE_WARM, TOUCH_PREFAULTED);
            const struct plot_curve *v[3];
            int state[3];
            size_t n = 0;
            for (int k = 0; k < 3 && steady; k++)
                if ((v[n] =
                         reading_host_curve(in, a, d, api, host_states[k][0], host_states[k][1])))
                    state[n++] = k;
            double size = n ? largest_common(in, steady, v, n) : NAN;
            if (isnan(size))
                continue;
            double base = curve_row_at(in, steady, size)->gbps_median;
            char more[400] = "";
            size_t len = 0;
            for (size_t k = 0; k < n && len < sizeof(more); k++) {
                double g = curve_row_at(in, v[k], size)->gbps_median;
                len += (size_t)snprintf(
                    more + len, sizeof(more) - len, ", %s (%.2f×) %s", reading_gbps(g), g / base,
                    reading_host_state(host_states[state[k]][0], host_states[state[k]][1]));
            }
            reading_part(t, "%s at %s: %s GB/s %s%s", reading_kind_dir(a, d), reading_size(size),
                         reading_gbps(base), reading_host_state(CACHE_WARM, TOUCH_PREFAULTED),
                         more);
        }
}

void reading_host_baseline(struct reading *t, const struct plot_input *in, int api)
{
    char more[600] = "";
    size_t len = 0;
    for (int k = 0; k < 3 && api >= 0; k++) {
        double best[DIR_COUNT] = {0};
        for (int d = 0; d < DIR_BIDIR; d++) {
            const struct plot_curve *p =
                reading_host_curve(in, ALLOC_PINNED, d, api, CACHE_WARM, TOUCH_PREFAULTED);
            const struct plot_curve *q = reading_host_curve(in, ALLOC_PAGEABLE, d, api,
                                                            host_states[k][0], host_states[k][1]);
            for (size_t i = 0; p && q && i < p->n; i++) {
                const struct plot_row *r = curve_row(in, p, i),
                                      *b = curve_row_at(in, q, r->size_bytes);
                if (b && b->gbps_median > 0)
                    best[d] = fmax(best[d], r->gbps_median / b->gbps_median);
            }
        }
        if (!(best[DIR_H2D] > 0 || best[DIR_D2H] > 0) || len >= sizeof(more))
            continue;
        len += (size_t)snprintf(more + len, sizeof(more) - len, "%s", len ? ", " : "");
        for (int d = 0, first = 1; d < DIR_BIDIR && len < sizeof(more); d++)
            if (best[d] > 0) {
                len += (size_t)snprintf(more + len, sizeof(more) - len, "%s%.1f× (%s)",
                                        first ? "" : " and ", best[d],
                                        schema_value_name(AXIS_DIRECTION, d));
                first = 0;
            }
        if (len < sizeof(more))
            len += (size_t)snprintf(more + len, sizeof(more) - len, " faster than pageable %s",
                                    reading_host_state(host_states[k][0], host_states[k][1]));
    }
    if (!len)
        return;
    reading_part(t, "pageable is drawn %s only", reading_host_state(CACHE_WARM, TOUCH_PREFAULTED));
    reading_part(t, "pinned is up to %s (the bandwidth figure draws those)", more);
}
const struct plot_row *reading_smallest_timed(const struct plot_input *in,
                                             const struct plot_curve *c)
{
    for (size_t i = 0; c && i < c->n; i++)
        if (curve_row(in, c, i)->us_per_copy > 0)
            return curve_row(in, c, i);
    return NULL;
}

/* "at 4 KiB a copy takes 7.31 µs (pinned h2d, pipelined; 7.90 waited for), ..." */
static void read_small(struct reading *t, const struct plot_input *in, int api, int pageable_too)
{
    static const int kinds[2] = {ALLOC_PINNED, ALLOC_PAGEABLE};
    for (int d = 0; d < DIR_BIDIR; d++)
        for (int k = 0; k < 1 + pageable_too; k++) {
            const struct plot_row *r = reading_smallest_timed(in, reading_reuse_curve(in, kinds[k], d, api));
            if (!r)
                continue;
            char rt[64] = "";
            if (r->roundtrip_us > 0)
                snprintf(rt, sizeof(rt), ", %s µs waited for", reading_us(r->roundtrip_us));
            reading_part(t, "a %s %s copy takes %s µs pipelined%s", reading_size(r->size_bytes),
                 reading_kind_dir(kinds[k], d), reading_us(r->us_per_copy), rt);
        }
}

/* ---- pinning: speedup, allocation, break-even ---- */

/* Speedups of one direction and api: every page-locked kind's over pageable, size by size. */
struct speedup_set {
    double large[ALLOC_COUNT * 64]; /* the ratios at READ_LARGE_BYTES and more */
    size_t nlarge;
    double large_from;                /* the smallest size among them */
    double slow_lo, slow_hi;          /* the sizes at which some kind is slower than pageable */
    double worst;                     /* the lowest ratio there, */
    const struct plot_row *worst_row; /* of this row */
};

/* The ratios of dir and api (steady host buffers); 0 when no kind has a size pageable has. */
static int speedup_set_of(const struct plot_input *in, int dir, int api, struct speedup_set *s)
{
    const struct plot_curve *q = reading_reuse_curve(in, ALLOC_PAGEABLE, dir, api);
    double top = 0; /* the largest size both have: the large sizes when none is >= 16 MiB */
    memset(s, 0, sizeof(*s));
    s->worst = INFINITY;
    for (int pass = 0; pass < 2 && q; pass++)
        for (int a = 0; a < ALLOC_COUNT; a++) {
            const struct plot_curve *c =
                a == ALLOC_PAGEABLE ? NULL : reading_reuse_curve(in, a, dir, api);
            for (size_t i = 0; c && i < c->n; i++)
                for (size_t j = 0; j < q->n; j++) {
                    const struct plot_row *r = curve_row(in, c, i), *p = curve_row(in, q, j);
                    if (p->size_bytes != r->size_bytes || !(p->gbps_median > 0) ||
                        !plot_host_steady(r))
                        continue;
                    double x = r->size_bytes, ratio = r->gbps_median / p->gbps_median;
                    if (pass == 0) {
                        top = fmax(top, x);
                        continue;
                    }
                    if ((x >= READ_LARGE_BYTES || x >= top) &&
                        s->nlarge < sizeof(s->large) / sizeof(s->large[0])) {
                        s->large[s->nlarge++] = ratio;
                        s->large_from = s->nlarge == 1 ? x : fmin(s->large_from, x);
                    }
                    if (ratio < 1) {
                        s->slow_lo = s->slow_lo > 0 ? fmin(s->slow_lo, x) : x;
                        s->slow_hi = fmax(s->slow_hi, x);
                    }
                    if (ratio < 1 && ratio < s->worst) {
                        s->worst = ratio;
                        s->worst_row = r;
                    }
                }
        }
    return s->nlarge > 0;
}

/*
 * "at 16 MiB and more, page-locked kinds copy h2d sync 4.4–9.0× as fast as pageable
 * (median 5.1×); at 4 KiB–16 KiB some are slower (pinned 0.85× at 4 KiB)", for each direction
 * and api drawn.  The large sizes' range and median, not the largest single ratio: one
 * pageable dip makes that, and it moves from run to run.
 */
void reading_speedup(struct reading *t, const struct plot_input *in)
{
    struct speedup_set *s = malloc(sizeof(*s));
    for (int d = 0; s && d < DIR_COUNT; d++)
        for (int api = 0; api < API_COUNT; api++) {
            if (!api_is_copy(api) || !speedup_set_of(in, d, api, s))
                continue;
            double lo = INFINITY, hi = 0, med = stats_median(s->large, s->nlarge);
            for (size_t i = 0; i < s->nlarge; i++) {
                lo = fmin(lo, s->large[i]);
                hi = fmax(hi, s->large[i]);
            }
            char range[64], slow[160] = "";
            if (lo < hi * 0.995)
                snprintf(range, sizeof(range), "%.1f–%.1f× as fast as pageable (median %.1f×)", lo,
                         hi, med);
            else
                snprintf(range, sizeof(range), "%.1f× as fast as pageable", med);
            if (s->worst_row && s->slow_lo < s->slow_hi)
                snprintf(slow, sizeof(slow), "; at %s–%s some are slower (%s %.2f× at %s)",
                         reading_size(s->slow_lo), reading_size(s->slow_hi),
                         schema_value_name(AXIS_ALLOC, s->worst_row->alloc), s->worst,
                         reading_size(s->worst_row->size_bytes));
            else if (s->worst_row)
                snprintf(slow, sizeof(slow), "; at %s some are slower (%s %.2f×)",
                         reading_size(s->slow_lo),
                         schema_value_name(AXIS_ALLOC, s->worst_row->alloc), s->worst);
            reading_part(t, "at %s%s, page-locked kinds copy %s %s %s%s",
                         reading_size(s->large_from),
                         s->large_from >= READ_LARGE_BYTES ? " and more" : ", the largest size",
                         schema_value_name(AXIS_DIRECTION, d), schema_value_name(AXIS_API, api),
                         range, slow);
        }
    free(s);
    reading_host_baseline(t, in, plot_headline_api(in));
}

/* The reallocate curve of alloc with the reallocate figures' direction and api, or NULL. */
static const struct plot_curve *realloc_curve(const struct plot_input *in, int alloc)
{
    int dir, api;
    if (plot_time_pick(in, &dir, &api) < 0)
        return NULL;
    return plot_find_curve(in, dir, alloc, BUFFER_REALLOCATE, api, NULL);
}

/* Pinned's reallocate curve, else the first page-locked kind's; NULL when none has one. */
static const struct plot_curve *locked_realloc(const struct plot_input *in)
{
    const struct plot_curve *c = realloc_curve(in, ALLOC_PINNED);
    for (int a = 0; a < ALLOC_COUNT && !c; a++)
        c = a == ALLOC_PAGEABLE ? NULL : realloc_curve(in, a);
    return c;
}

/* "allocating a pinned buffer of 256 MiB takes 91.6 ms and freeing it 25.9 ms (...)" */
static void read_alloc_at(struct reading *t, const struct plot_row *r, int per_gib)
{
    double a = r->phase_ms[PHASE_ALLOC], f = r->phase_ms[PHASE_FREE],
           gib = r->size_bytes / 1073741824.;
    char rate[96] = "";
    if (per_gib)
        snprintf(rate, sizeof(rate), " (%.3g and %.3g ms per GiB)", a / gib, f / gib);
    reading_part(t, "allocating a %s buffer of %s takes %.3g ms and freeing it %.3g ms%s",
         schema_value_name(AXIS_ALLOC, r->alloc), reading_size(r->size_bytes), a, f, rate);
}

int reading_alloc_pool(const struct plot_input *in, struct alloc_pool *p)
{
    static const int kinds[] = {ALLOC_PINNED, ALLOC_MALLOCHOST, ALLOC_PORTABLE,
                                ALLOC_WRITE_COMBINED, ALLOC_MAPPED};
    enum { NK = sizeof(kinds) / sizeof(kinds[0]) };
    const struct plot_curve *c[NK];
    memset(p, 0, sizeof(*p));
    p->fast_lo = p->slow_lo = p->next_ms = INFINITY;
    for (size_t k = 0; k < NK; k++)
        c[k] = realloc_curve(in, kinds[k]);
    /* the sizes some allocation was served at in microseconds: the pool's */
    for (size_t k = 0; k < NK; k++)
        for (size_t i = 0; c[k] && i < c[k]->n; i++) {
            const struct plot_row *r = curve_row(in, c[k], i);
            if (r->phase_ms[PHASE_ALLOC] > 0 && r->phase_ms[PHASE_ALLOC] < READ_POOL_FAST_MS) {
                p->size_lo = p->found++ ? fmin(p->size_lo, r->size_bytes) : r->size_bytes;
                p->size_hi = fmax(p->size_hi, r->size_bytes);
            }
        }
    for (size_t k = 0; p->found && k < NK; k++)
        for (size_t i = 0; c[k] && i < c[k]->n; i++) {
            const struct plot_row *r = curve_row(in, c[k], i);
            double ms = r->phase_ms[PHASE_ALLOC], x = r->size_bytes;
            if (!(ms > 0))
                continue;
            if (x > p->size_hi && (!(p->next_size > 0) || x <= p->next_size)) {
                p->next_ms = x < p->next_size ? ms : fmin(p->next_ms, ms);
                p->next_size = x;
            }
            if (x < p->size_lo || x > p->size_hi)
                continue;
            if (ms < READ_POOL_FAST_MS) {
                p->fast_lo = fmin(p->fast_lo, ms);
                p->fast_hi = fmax(p->fast_hi, ms);
            } else {
                p->slow_lo = fmin(p->slow_lo, ms);
                p->slow_hi = fmax(p->slow_hi, ms);
            }
        }
    return p->found > 0;
}

int reading_pool_note(const struct plot_input *in, struct fig_style *note)
{
    struct alloc_pool p;
    if (!reading_alloc_pool(in, &p))
        return 0;
    *note = (struct fig_style){"-", "", "", ""};
    if (p.size_lo < p.size_hi)
        snprintf(note->title, sizeof(note->title),
                 "%s–%s: the driver's pool of small pinned allocations, not the kind (caption)",
                 reading_size(p.size_lo), reading_size(p.size_hi));
    else
        snprintf(note->title, sizeof(note->title),
                 "%s: the driver's pool of small pinned allocations, not the kind (caption)",
                 reading_size(p.size_lo));
    return 1;
}

/*
 * "at 16 KiB–1 MiB the cudaHostAlloc kinds' allocations took either 1.58–3.68 µs (...) or
 * 0.479–0.857 ms: ..." (reading_alloc_pool), what allocator state means for what is read.
 */
static void read_alloc_pool(struct reading *t, const struct plot_input *in, const char *built)
{
    struct alloc_pool p;
    if (!reading_alloc_pool(in, &p))
        return;
    char sizes[64], fast[48], other[96] = "";
    if (p.size_lo < p.size_hi)
        snprintf(sizes, sizeof(sizes), "%s–%s", reading_size(p.size_lo), reading_size(p.size_hi));
    else
        snprintf(sizes, sizeof(sizes), "%s", reading_size(p.size_lo));
    snprintf(fast, sizeof(fast), p.fast_lo < p.fast_hi ? "%.3g–%.3g µs" : "%.3g µs",
             1e3 * p.fast_lo, 1e3 * p.fast_hi);
    if (p.slow_lo <= p.slow_hi) /* the same sizes, not served by the pool */
        snprintf(other, sizeof(other), p.slow_lo < p.slow_hi ? " or %.3g–%.3g ms" : " or %.3g ms",
                 p.slow_lo, p.slow_hi);
    else if (p.next_size > 0) /* the pool ends below the next size measured */
        snprintf(other, sizeof(other), " (at %s, %.3g ms and more)", reading_size(p.next_size),
                 p.next_ms);
    reading_part(t,
                 "at %s the cudaHostAlloc and cudaMallocHost kinds' allocations took %s%s%s: "
                 "small pinned allocations come from the CUDA driver's pool, whose state, not the "
                 "size or the kind, sets that cost and can change from run to run, so the "
                 "allocation costs there%s are this run's, not the cost of pinning that much "
                 "memory afresh",
                 sizes, p.slow_lo <= p.slow_hi ? "either " : "", fast, other, built);
}

void reading_alloc_cost(struct reading *t, const struct plot_input *in)
{
    static const int kinds[] = {ALLOC_PINNED, ALLOC_REGISTERED, ALLOC_PAGEABLE};
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        const struct plot_curve *c = realloc_curve(in, kinds[k]);
        if (!c || !(curve_row(in, c, c->n - 1)->phase_ms[PHASE_ALLOC] >= 0))
            continue;
        const struct plot_row *r = curve_row(in, c, c->n - 1);
        read_alloc_at(t, r, 1);
        if (k == 0 && c->n > 1)
            read_alloc_at(t, curve_row(in, c, 0), 0);
        /* what the figure cannot show: pin drawn under alloc, page faults outside alloc */
        if (kinds[k] == ALLOC_REGISTERED && r->pin_ms > 0 && r->phase_ms[PHASE_ALLOC] > 0)
            reading_part(t, "cudaHostRegister is %.0f %% of that alloc%s",
                         100 * r->pin_ms / r->phase_ms[PHASE_ALLOC],
                         r->pin_ms >= 0.9 * r->phase_ms[PHASE_ALLOC]
                             ? " (its pin curve lies on the alloc curve)"
                             : "");
        if (kinds[k] == ALLOC_PAGEABLE && r->phase_ms[PHASE_FILL] > 0)
            reading_part(t,
                         "a pageable buffer's pages are faulted in by its fill (%.3g ms), not "
                         "by malloc",
                         r->phase_ms[PHASE_FILL]);
    }
    read_alloc_pool(t, in, "");
}

/*
 * Pinned's break-even in dir (api) at its smallest, 1 MiB and largest
 * resolved sizes, and where it never pays off (not faster); the second
 * direction said goes on the first's sentence.
 */
static void read_breakeven_dir(struct reading *t, const struct plot_input *in, uint64_t kind,
                               int dir, int api, int *said)
{
    const struct breakeven_row *pick[3] = {NULL, NULL, NULL};
    double v[3] = {NAN, NAN, NAN}, lo, hi;
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        double x;
        if (b->alloc != kind || b->dir != (uint64_t)dir || b->api != (uint64_t)api ||
            isnan(x = curve_breakeven_interval(in, b, &lo, &hi)))
            continue;
        int slot = !pick[0] ? 0 : b->size_bytes == 1048576 ? 1 : 2;
        if (slot == 2 && pick[2] && b->size_bytes < pick[2]->size_bytes)
            continue;
        pick[slot] = b;
        v[slot] = x;
    }
    if (!pick[0])
        return;
    if (pick[2] && pick[1] && pick[2]->size_bytes < pick[1]->size_bytes)
        pick[2] = NULL;
    if (*said)
        fputs(", and after ", t->f);
    else
        fprintf(t->f,
                "%sagainst a pageable buffer already allocated and touched, a %s buffer pays off "
                "after ",
                t->parts++ ? "; " : "", schema_value_name(AXIS_ALLOC, (int)kind));
    fprintf(t->f, "%s copies of %s", reading_count(v[0]), reading_size(pick[0]->size_bytes));
    for (int s = 1; s < 3; s++)
        if (pick[s])
            fprintf(t->f, "%s %s of %s", s == 2 || !pick[2] ? " and" : ",", reading_count(v[s]),
                    reading_size(pick[s]->size_bytes));
    fprintf(t->f, " %s", schema_value_name(AXIS_DIRECTION, dir));
    char never[128] = "";
    size_t len = 0;
    if (curve_breakeven_sizes(in, (int)kind, dir, api, 1, never, sizeof(never), &len))
        fprintf(t->f, " (never at %s, where it is not faster)", never);
    *said = 1;
}

/* The reallocate row of alloc, dir and api at size, or NULL. */
static const struct plot_row *realloc_row_at(const struct plot_input *in, int alloc, int dir,
                                             int api, double size)
{
    const struct plot_curve *c = plot_find_curve(in, dir, alloc, BUFFER_REALLOCATE, api, NULL);
    return c ? curve_row_at(in, c, size) : NULL;
}

/*
 * The break-even against a fresh pageable buffer at kind's largest size of dir and api: the
 * pageable buffer's own malloc and free and the first touch its fill pays beyond the kind's
 * (their reallocate cycles' medians) taken off the kind's alloc + free.  "against a fresh
 * pageable buffer (its malloc, first touch and free counted: 152 ms against the pinned
 * buffer's 148 ms), a pinned buffer of 256 MiB pays off from the first copy h2d".  Nothing
 * without both reallocate rows.
 */
static void read_breakeven_fresh(struct reading *t, const struct plot_input *in, uint64_t kind,
                                 int dir, int api)
{
    const struct breakeven_row *b = NULL;
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *q = &in->breakeven[i];
        if (q->alloc == kind && q->dir == (uint64_t)dir && q->api == (uint64_t)api &&
            (!b || q->size_bytes > b->size_bytes))
            b = q;
    }
    const struct plot_row *g = b ? realloc_row_at(in, ALLOC_PAGEABLE, dir, api, b->size_bytes)
                                 : NULL,
                          *k = b ? realloc_row_at(in, (int)kind, dir, api, b->size_bytes) : NULL;
    double save_ms = b ? (b->pageable_us - b->pinned_us) / 1e3 : NAN;
    if (!g || !k || !(save_ms > 0) || !(g->phase_ms[PHASE_ALLOC] >= 0) ||
        !(g->phase_ms[PHASE_FREE] >= 0) || !(g->phase_ms[PHASE_FILL] >= 0) ||
        !(k->phase_ms[PHASE_FILL] >= 0))
        return;
    double pinned = b->alloc_ms + b->free_ms,
           pageable = g->phase_ms[PHASE_ALLOC] + g->phase_ms[PHASE_FREE] +
                      fmax(0, g->phase_ms[PHASE_FILL] - k->phase_ms[PHASE_FILL]);
    char when[64];
    if (pinned <= pageable)
        snprintf(when, sizeof(when), "from the first copy");
    else
        snprintf(when, sizeof(when), "after %s copies",
                 reading_count((pinned - pageable) / save_ms));
    reading_part(t,
                 "against a fresh pageable buffer (its malloc, first touch and free counted, "
                 "from the reallocate cycles: %.3g ms against the %s buffer's alloc + free, %.3g "
                 "ms), a %s buffer of %s pays off %s %s",
                 pageable, schema_value_name(AXIS_ALLOC, (int)kind), pinned,
                 schema_value_name(AXIS_ALLOC, (int)kind), reading_size(b->size_bytes), when,
                 schema_value_name(AXIS_DIRECTION, dir));
}

/*
 * Pinned's break-even, else (unless pinned_only: the headline's panel is
 * pinned's) the first kind's of breakeven.csv (registered in a placement
 * folder), with the headline's api where it has one.
 */
static void read_breakeven_of(struct reading *t, const struct plot_input *in, int pinned_only)
{
    int api = plot_headline_api(in), said = 0;
    uint64_t kind = in->nbreakeven && !pinned_only ? in->breakeven[0].alloc : ALLOC_PINNED;
    for (size_t i = 0; i < in->nbreakeven; i++)
        kind = in->breakeven[i].alloc == ALLOC_PINNED ? ALLOC_PINNED : kind;
    if (api < 0 && in->nbreakeven)
        api = (int)in->breakeven[0].api;
    for (int d = 0; d < DIR_BIDIR && api >= 0; d++)
        read_breakeven_dir(t, in, kind, d, api, &said);
    for (int d = 0; d < DIR_BIDIR && api >= 0 && said; d++)
        read_breakeven_fresh(t, in, kind, d, api);
}

void reading_breakeven(struct reading *t, const struct plot_input *in)
{
    read_breakeven_of(t, in, 0);
    read_alloc_pool(t, in, ", and the break-even copies built on them,");
}

/* ---- the headline ---- */

/* A time in ms as people read it: "3.30 µs", "0.512 ms", "148 ms". */
static const char *reading_ms(double ms)
{
    static char bufs[4][32];
    static int next;
    char *b = bufs[next++ % 4];
    if (ms < 0.1)
        snprintf(b, sizeof(bufs[0]), "%s µs", reading_us(ms * 1e3));
    else
        snprintf(b, sizeof(bufs[0]), "%.3g ms", ms);
    return b;
}

/*
 * "allocating and freeing a pinned buffer takes 3.33 µs at 4 KiB and
 * 148 ms at 256 MiB": alloc + free of reallocate curve c (the headline's
 * panel) at its smallest and largest sizes with both.
 */
const struct plot_curve *reading_headline_alloc(const struct plot_input *in, int api)
{
    const struct plot_curve *c =
        api < 0 ? NULL : plot_find_curve(in, DIR_H2D, ALLOC_PINNED, BUFFER_REALLOCATE, api, NULL);
    return c ? c : realloc_curve(in, ALLOC_PINNED);
}

static void read_alloc_free(struct reading *t, const struct plot_input *in,
                            const struct plot_curve *c)
{
    const struct plot_row *first = NULL, *last = NULL;
    for (size_t i = 0; c && i < c->n; i++) {
        const struct plot_row *r = curve_row(in, c, i);
        if (r->phase_ms[PHASE_ALLOC] + r->phase_ms[PHASE_FREE] > 0) {
            first = first ? first : r;
            last = r;
        }
    }
    if (!first)
        return;
    double a = first->phase_ms[PHASE_ALLOC] + first->phase_ms[PHASE_FREE];
    double b = last->phase_ms[PHASE_ALLOC] + last->phase_ms[PHASE_FREE];
    if (last == first)
        reading_part(t, "allocating and freeing a pinned buffer takes %s at %s", reading_ms(a),
                     reading_size(first->size_bytes));
    else
        reading_part(t, "allocating and freeing a pinned buffer takes %s at %s and %s at %s",
                     reading_ms(a), reading_size(first->size_bytes), reading_ms(b),
                     reading_size(last->size_bytes));
}

void reading_headline(struct reading *t, const struct plot_input *in)
{
    int api = reading_lead_api(t, in);
    if (api < 0)
        return;
    for (int d = 0; d < DIR_COUNT; d++) {
        int a = plot_headline_panel_api(in, api, d);
        if (a >= 0)
            reading_pinned_pageable(t, in, d, a, 1);
    }
    /* pinned's small copies, or pageable's where there is no pinned (the panel draws both),
       when the panel is drawn: a curve of PLOT_MIN_SIZES sizes up to 1 MiB or more */
    size_t small = 0;
    for (int d = 0; d < DIR_BIDIR; d++)
        for (int k = 0; k < 2; k++) {
            const struct plot_curve *c =
                reading_reuse_curve(in, k ? ALLOC_PAGEABLE : ALLOC_PINNED, d, api);
            size_t n = 0;
            for (size_t i = 0; c && i < c->n; i++)
                n += curve_row(in, c, i)->size_bytes <= READ_SMALL_BYTES &&
                     curve_row(in, c, i)->us_per_copy > 0;
            small = n > small ? n : small;
        }
    if (small >= PLOT_MIN_SIZES)
        read_small(t, in, api,
                   !reading_reuse_curve(in, ALLOC_PINNED, DIR_H2D, api) &&
                       !reading_reuse_curve(in, ALLOC_PINNED, DIR_D2H, api));
    read_alloc_free(t, in, reading_headline_alloc(in, api));
    read_breakeven_of(t, in, 1);
    read_alloc_pool(t, in, ", and the break-even copies built on them,");
    reading_host_baseline(t, in, api);
}

/* ---- reallocate ---- */

void reading_reuse(struct reading *t, const struct plot_input *in)
{
    static const int kinds[2] = {ALLOC_PINNED, ALLOC_PAGEABLE};
    for (int k = 0; k < 2; k++) {
        const struct plot_curve *c = realloc_curve(in, kinds[k]);
        const struct plot_row *r = c ? curve_row(in, c, c->n - 1) : NULL;
        const struct plot_curve *u = r ? reading_reuse_curve(in, kinds[k], r->dir, r->api) : NULL;
        for (size_t i = 0; u && i < u->n; i++) {
            const struct plot_row *q = curve_row(in, u, i);
            if (q->size_bytes == r->size_bytes && r->effective_gbps > 0)
                reading_part(t,
                     "%s at %s: %s GB/s from a reused buffer, %s GB/s when every copy "
                     "allocates, fills and frees it (%.1f× less)",
                     reading_kind_dir(kinds[k], r->dir), reading_size(r->size_bytes), reading_gbps(q->gbps_median),
                     reading_gbps(r->effective_gbps), q->gbps_median / r->effective_gbps);
        }
    }
    read_alloc_pool(t, in, ", and the reallocate bandwidth built on them,");
}

void reading_realloc_time(struct reading *t, const struct plot_input *in)
{
    static const char *const phases[PHASE_COUNT] = {"alloc", "fill", "copy", "free"};
    const struct plot_curve *c = locked_realloc(in);
    if (!c)
        return;
    const struct plot_row *r = curve_row(in, c, c->n - 1);
    double total = 0;
    for (int p = 0; p < PHASE_COUNT; p++)
        total += r->phase_ms[p] > 0 ? r->phase_ms[p] : 0;
    if (!(total > 0))
        return;
    fprintf(t->f, "%sa %s cycle of %s (%s %s) takes %.3g ms:", t->parts++ ? "; " : "",
            schema_value_name(AXIS_ALLOC, r->alloc), reading_size(r->size_bytes),
            schema_value_name(AXIS_DIRECTION, r->dir), schema_value_name(AXIS_API, r->api), total);
    for (int p = 0; p < PHASE_COUNT; p++)
        fprintf(t->f, "%s %s %.0f %%", p ? "," : "", phases[p],
                100 * (r->phase_ms[p] > 0 ? r->phase_ms[p] : 0) / total);
}

/* ---- pipelines, host access, placement, sentinel ---- */

void reading_overlap(struct reading *t, const struct plot_input *in)
{
    const struct plot_row *best = NULL;
    double page_lo = INFINITY, page_hi = -INFINITY;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api != API_PIPELINE || !(r->overlap > 0))
            continue;
        if (r->alloc == ALLOC_PAGEABLE) {
            page_lo = fmin(page_lo, r->overlap);
            page_hi = fmax(page_hi, r->overlap);
        } else if (!best || r->overlap > best->overlap) {
            best = r;
        }
    }
    char kernel[32], streams[32];
    if (best)
        reading_part(t,
             "the best pipeline overlaps %.2f× (%s, %s streams, kernel %s: %.3g ms against "
             "%.3g ms serial)",
             best->overlap, schema_value_name(AXIS_ALLOC, best->alloc),
             schema_value_text(AXIS_STREAMS, best->streams, streams, sizeof(streams)),
             schema_value_text(AXIS_KERNEL, best->kernel, kernel, sizeof(kernel)),
             best->pipeline_ms, best->serial_ms);
    /* the page-locked kinds beside the best: their lines lie on one another when they agree */
    double lo = INFINITY, hi = -INFINITY;
    int kinds = 0;
    for (size_t i = 0; best && i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api == API_PIPELINE && r->alloc != ALLOC_PAGEABLE && r->pipeline_ms > 0 &&
            r->kernel == best->kernel && r->streams == best->streams &&
            r->size_bytes == best->size_bytes && r->chunks == best->chunks) {
            lo = fmin(lo, r->pipeline_ms);
            hi = fmax(hi, r->pipeline_ms);
            kinds++;
        }
    }
    if (kinds > 1)
        reading_part(t, "there the %d page-locked kinds take %.3g–%.3g ms (%.1f %% apart%s)", kinds,
                     lo, hi, 100 * (hi / lo - 1),
                     hi <= lo * 1.05 ? ": their lines lie on one another" : "");
    if (page_lo <= page_hi)
        reading_part(t, "pageable stays at %.2f–%.2f× whatever the streams", page_lo, page_hi);
    /* a kernel sized to a chunk's h2d is sized to each run's own: not like for like */
    double klo[2] = {INFINITY, INFINITY}, khi[2] = {0, 0};
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        int k = r->alloc != ALLOC_PAGEABLE;
        if (r->api == API_PIPELINE && r->kernel != AXIS_UNUSED && (r->kernel & KERNEL_RATIO) &&
            r->kernel_us > 0) {
            klo[k] = fmin(klo[k], r->kernel_us);
            khi[k] = fmax(khi[k], r->kernel_us);
        }
    }
    if (khi[0] > 0 && khi[1] > 0)
        reading_part(t,
                     "a kernel of a chunk's h2d time is sized to each run's own: %.3g–%.3g µs a "
                     "chunk for pageable, %.3g–%.3g µs for the page-locked kinds, so their times "
                     "in that panel include kernels of different lengths",
                     klo[0], khi[0], klo[1], khi[1]);
}

/* With one thread at the largest size: the range of op's GB/s over the kinds. */
static void read_host_op(struct reading *t, const struct plot_input *in, int api, const char *verb)
{
    double size = -1, lo = INFINITY, hi = -INFINITY;
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nall; i++)
        if (in->all[i].api == api && in->all[i].threads == 1)
            size = fmax(size, in->all[i].size_bytes);
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api != api)
            continue;
        if (!best || r->gbps_median > best->gbps_median)
            best = r;
        if (r->threads == 1 && r->size_bytes == size) {
            lo = fmin(lo, r->gbps_median);
            hi = fmax(hi, r->gbps_median);
        }
    }
    char threads[32];
    if (lo <= hi)
        reading_part(t, "one thread %s %s–%s GB/s at %s over the kinds", verb, reading_gbps(lo), reading_gbps(hi), reading_size(size));
    if (best)
        reading_part(t, "the most is %s GB/s (%s, %s threads, %s)", reading_gbps(best->gbps_median),
             schema_value_name(AXIS_ALLOC, best->alloc),
             schema_value_text(AXIS_THREADS, best->threads, threads, sizeof(threads)),
             reading_size(best->size_bytes));
}

/* The one-thread read of kind alloc at the largest size it has one; NULL when none. */
static const struct plot_row *host_read_of(const struct plot_input *in, int alloc)
{
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api == API_HOST_READ && r->threads == 1 && r->alloc == alloc && r->gbps_median > 0 &&
            (!best || r->size_bytes > best->size_bytes))
            best = r;
    }
    return best;
}

/*
 * Write-combined memory is uncached for the CPU: CUDA documents its reads as slow.  Whether
 * this machine's are, against pageable (cached) memory's at the same size, one thread: a
 * write-combined read within half of pageable's is said not to be (the flag seems not to take
 * effect; a virtual machine may map the pages cached), so that a reader does not take "costs
 * nothing" for the kind's property.
 */
static void read_write_combined(struct reading *t, const struct plot_input *in)
{
    const struct plot_row *wc = host_read_of(in, ALLOC_WRITE_COMBINED),
                          *pg = host_read_of(in, ALLOC_PAGEABLE);
    if (!wc || !pg || wc->size_bytes != pg->size_bytes)
        return;
    if (wc->gbps_median >= 0.5 * pg->gbps_median)
        reading_part(t,
                     "write-combined memory reads as fast as cached memory here (%s against "
                     "pageable's %s GB/s, one thread at %s), though CUDA documents the CPU's "
                     "reads of it as slow: the flag seems not to take effect on this machine (a "
                     "virtual machine may map the pages cached), so this says nothing of the "
                     "kind elsewhere",
                     reading_gbps(wc->gbps_median), reading_gbps(pg->gbps_median),
                     reading_size(wc->size_bytes));
    else
        reading_part(t,
                     "write-combined memory reads %.1f× slower than pageable (%s against %s "
                     "GB/s, one thread at %s), as CUDA documents: it is uncached for the CPU",
                     pg->gbps_median / wc->gbps_median, reading_gbps(wc->gbps_median),
                     reading_gbps(pg->gbps_median), reading_size(wc->size_bytes));
}

void reading_host_access(struct reading *t, const struct plot_input *in)
{
    read_host_op(t, in, API_HOST_READ, "reads");
    read_write_combined(t, in);
    read_host_op(t, in, API_HOST_WRITE, "writes");
}

void reading_sentinel(struct reading *t, const struct plot_input *in)
{
    struct sentinel_view v;
    char *said = NULL;
    size_t len = 0;
    FILE *f = sentinel_view_read(in, &v, NULL) == 0 ? open_memstream(&said, &len) : NULL;
    if (f) {
        sentinel_view_say(in, &v, f);
        if (fclose(f) == 0 && said[0])
            reading_part(t, "%s", said);
    }
    free(said);
    sentinel_view_free(&v);
}

char *plot_reading(const struct plot_input *in, reading_fn read)
{
    struct reading t;
    if (reading_open(&t) < 0)
        return NULL;
    if (read)
        read(&t, in);
    char *s = reading_close(&t);
    if (s && t.parts == 0) /* a lead ("cudaMemcpy: ") with nothing after it says nothing */
        s[0] = '\0';
    return s;
}
