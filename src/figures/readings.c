/*
 * readings.c - each figure's main reading in words (see readings.h): the
 * text a reading is built of, numbers as readings write them, the shapes of
 * copy curves, the host buffer's states; the readings of the pinning
 * figures are readings_pinning.c's, those of the figures beyond copies
 * readings_beyond_copies.c's.  Every number comes from the rows the figure
 * draws; sizes are written as people read them (units_format_human), GB/s
 * with two decimals.
 */
#include "figures/readings.h"
#include "analysis/link.h"
#include "figures/curves.h"
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

/* ---- small copies ---- */

/* The row of c at its smallest size with a time per copy, or NULL. */
const struct plot_row *reading_smallest_timed(const struct plot_input *in,
                                             const struct plot_curve *c)
{
    for (size_t i = 0; c && i < c->n; i++)
        if (curve_row(in, c, i)->us_per_copy > 0)
            return curve_row(in, c, i);
    return NULL;
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
