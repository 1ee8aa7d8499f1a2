/*
 * readings.c - each figure's main reading in words (see readings.h).  Every
 * number comes from the rows the figure draws; sizes are written as people
 * read them (units_format_human), GB/s with two decimals.
 */
#include "figures/readings.h"
#include "figures/curves.h"
#include "figures/tables.h"
#include "results/sentinel_csv.h"
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
    double link = in->link_gbps * (dir == DIR_BIDIR ? 2 : 1);
    if (link > 0)
        snprintf(buf, n, " (%.1f %% of the link's raw %s GB/s)", 100 * g / link, reading_gbps(link));
    else
        buf[0] = '\0';
}

/* The shape of curve c in words (readings.h): what is called what. */
void reading_curve(struct reading *t, const struct plot_input *in, const struct plot_curve *c,
                       const char *what, int share)
{
    size_t p = curve_peak(in, c), last = c->n - 1, from = last;
    double peak = curve_row(in, c, p)->gbps_median, end = curve_row(in, c, last)->gbps_median;
    char link[96] = "";
    if (share)
        link_share(in, curve_row(in, c, p)->dir, peak, link, sizeof(link));
    while (from > 0 &&
           curve_row(in, c, from - 1)->gbps_median >= peak * (1 - READ_PLATEAU_PCT / 100.))
        from--;
    if (end >= peak * (1 - READ_PLATEAU_PCT / 100.) && from == last)
        reading_part(t, "%s rises to %s GB/s%s at %s, its largest size", what, reading_gbps(end), link,
             reading_size(curve_row(in, c, last)->size_bytes));
    else if (end >= peak * (1 - READ_PLATEAU_PCT / 100.))
        reading_part(t, "%s is within %d %% of its peak, %s GB/s%s, from %s", what, READ_PLATEAU_PCT,
             reading_gbps(peak), link, reading_size(curve_row(in, c, from)->size_bytes));
    else if (end >= peak * (1 - READ_HOLD_PCT / 100.))
        reading_part(t, "%s peaks at %s GB/s%s at %s and stays within %d %% of it up to %s", what, reading_gbps(peak),
             link, reading_size(curve_row(in, c, p)->size_bytes), READ_HOLD_PCT,
             reading_size(curve_row(in, c, last)->size_bytes));
    else
        reading_part(t, "%s peaks at %s GB/s%s at %s and falls to %s GB/s at %s", what, reading_gbps(peak), link,
             reading_size(curve_row(in, c, p)->size_bytes), reading_gbps(end), reading_size(curve_row(in, c, last)->size_bytes));
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

void reading_speedup(struct reading *t, const struct plot_input *in)
{
    const struct plot_row *best = NULL, *best_q = NULL;
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r0 = curve_row(in, &in->curves[c], 0);
        const struct plot_curve *q =
            r0->alloc == ALLOC_PAGEABLE || r0->buffer != BUFFER_REUSE || !api_is_copy(r0->api)
                ? NULL
                : reading_reuse_curve(in, ALLOC_PAGEABLE, r0->dir, r0->api);
        for (size_t i = 0; q && plot_host_steady(r0) && i < in->curves[c].n; i++)
            for (size_t j = 0; j < q->n; j++) {
                const struct plot_row *r = curve_row(in, &in->curves[c], i),
                                      *p = curve_row(in, q, j);
                if (p->size_bytes == r->size_bytes && p->gbps_median > 0 &&
                    (!best ||
                     r->gbps_median / p->gbps_median > best->gbps_median / best_q->gbps_median)) {
                    best = r;
                    best_q = p;
                }
            }
    }
    if (best)
        reading_part(t,
             "page-locked memory copies up to %.1f× faster than pageable (%s %s at %s: %s "
             "against %s GB/s)",
             best->gbps_median / best_q->gbps_median, reading_kind_dir(best->alloc, best->dir),
             schema_value_name(AXIS_API, best->api), reading_size(best->size_bytes), reading_gbps(best->gbps_median),
             reading_gbps(best_q->gbps_median));
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

void reading_alloc_cost(struct reading *t, const struct plot_input *in)
{
    static const int kinds[] = {ALLOC_PINNED, ALLOC_REGISTERED, ALLOC_PAGEABLE};
    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        const struct plot_curve *c = realloc_curve(in, kinds[k]);
        if (!c || !(curve_row(in, c, c->n - 1)->phase_ms[PHASE_ALLOC] >= 0))
            continue;
        read_alloc_at(t, curve_row(in, c, c->n - 1), 1);
        if (k == 0 && c->n > 1)
            read_alloc_at(t, curve_row(in, c, 0), 0);
    }
}

/*
 * Pinned's break-even in dir (api) at its smallest, 1 MiB and largest
 * resolved sizes; the second direction said goes on the first's sentence.
 */
static void read_breakeven_dir(struct reading *t, const struct plot_input *in, uint64_t kind, int dir,
                               int api, int *said)
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
        fprintf(t->f, "%sa %s buffer pays off after ", t->parts++ ? "; " : "",
                schema_value_name(AXIS_ALLOC, (int)kind));
    fprintf(t->f, "%s copies of %s", reading_count(v[0]), reading_size(pick[0]->size_bytes));
    for (int s = 1; s < 3; s++)
        if (pick[s])
            fprintf(t->f, "%s %s of %s", s == 2 || !pick[2] ? " and" : ",", reading_count(v[s]),
                    reading_size(pick[s]->size_bytes));
    fprintf(t->f, " %s", schema_value_name(AXIS_DIRECTION, dir));
    *said = 1;
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
}

void reading_breakeven(struct reading *t, const struct plot_input *in)
{
    read_breakeven_of(t, in, 0);
}

/* ---- the headline ---- */

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
    /* pinned's small copies, or pageable's where there is no pinned (the panel draws both) */
    read_small(t, in, api,
               !reading_reuse_curve(in, ALLOC_PINNED, DIR_H2D, api) &&
                   !reading_reuse_curve(in, ALLOC_PINNED, DIR_D2H, api));
    const struct plot_curve *c = realloc_curve(in, ALLOC_PINNED);
    if (c) {
        const struct plot_row *r = curve_row(in, c, c->n - 1);
        reading_part(t, "allocating and freeing a pinned buffer costs %.3g s per GiB at %s",
             (r->phase_ms[PHASE_ALLOC] + r->phase_ms[PHASE_FREE]) / 1e3 /
                 (r->size_bytes / 1073741824.),
             reading_size(r->size_bytes));
    }
    read_breakeven_of(t, in, 1);
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
    fprintf(t->f, "%sa %s cycle of %s takes %.3g ms:", t->parts++ ? "; " : "",
            schema_value_name(AXIS_ALLOC, r->alloc), reading_size(r->size_bytes), total);
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
    if (page_lo <= page_hi)
        reading_part(t, "pageable stays at %.2f–%.2f× whatever the streams", page_lo, page_hi);
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

void reading_host_access(struct reading *t, const struct plot_input *in)
{
    read_host_op(t, in, API_HOST_READ, "reads");
    read_host_op(t, in, API_HOST_WRITE, "writes");
}

void reading_sentinel(struct reading *t, const struct plot_input *in)
{
    size_t n = 0;
    struct sentinel_row *rows = sentinel_read(in->dir, &n, NULL);
    double lo = INFINITY, hi = -INFINITY;
    size_t good = 0;
    for (size_t i = 0; rows && i < n; i++)
        if (!isnan(rows[i].gbps_median)) {
            lo = fmin(lo, rows[i].gbps_median);
            hi = fmax(hi, rows[i].gbps_median);
            good++;
        }
    if (good)
        reading_part(t, "%zu readings between %s and %s GB/s: %.2f %% apart", good, reading_gbps(lo), reading_gbps(hi),
             100 * (hi / lo - 1));
    free(rows);
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
