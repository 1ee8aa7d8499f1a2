/*
 * readings_pinning.c - the readings of the figures on what pinning buys and
 * costs (see readings.h): speedup, alloc-cost (and the driver's pool of
 * small pinned allocations), breakeven, headline, reuse-vs-reallocate and
 * reallocate-time.
 */
#include "figures/readings.h"
#include "figures/curves.h"
#include "figures/tables.h"
#include "base/stats.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
