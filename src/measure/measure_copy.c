/*
 * measure_copy.c - copies and zero-copy kernels: buffer reuse (batches sized
 * by calibrate, or one copy at a time for cache flushed and touch
 * first-touch, then the round trip) and buffer reallocate (alloc, fill,
 * copy, free per sample).  Nothing but the copies is inside an event-timed
 * span.
 */
#include "measure/measure_copy.h"
#include "base/stats.h"
#include "base/timer.h"
#include "host/hostmem.h"
#include "measure/calibrate.h"
#include "measure/copyjob.h"
#include "measure/measure_loop.h"
#include "measure/placement.h"
#include "measure/verify.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* Round trips: at most this many, within about this long. */
#define ROUNDTRIP_MAX 31
#define ROUNDTRIP_MS 20.0

/* The median time an application waits for one copy (after the timed samples). */
static int measure_roundtrip(struct gpu *g, const struct copy_job *j, struct result *r)
{
    double us[ROUNDTRIP_MAX], t0 = timer_read(g->clock);
    int n = 0;
    if (j->dir == DIR_BIDIR)
        return 0;
    while (n < ROUNDTRIP_MAX && (n < 3 || timer_read(g->clock) - t0 < ROUNDTRIP_MS)) {
        if (g->ops->roundtrip(g, j, &us[n]) < 0) {
            measure_fail(r, "timing a round trip", g->ops->error(g));
            return -1;
        }
        n++;
    }
    r->roundtrip_us = stats_median(us, (size_t)n);
    return 0;
}

struct reuse_ctx {
    struct gpu *g;
    struct copy_job job;
    struct result *r;
};

static int reuse_sample(void *ctx, struct sample *s)
{
    struct reuse_ctx *x = ctx;
    struct copy_time t;
    if (copyjob_run(x->g, &x->job, &t, x->r) < 0)
        return -1;
    copyjob_sample(s, x->job.copies, &t);
    return 0;
}

/*
 * cache flushed, touch first-touch: before each copy, flush the host buffer
 * from the CPU caches or map fresh pages for it, outside the timed span; so
 * each copy is timed alone and the sample is their sum.
 */
static int one_by_one_sample(void *ctx, struct sample *s)
{
    struct reuse_ctx *x = ctx;
    struct copy_job j = x->job;
    struct copy_time t, sum = {0};
    int first_touch = x->r->config->v[AXIS_TOUCH] == TOUCH_FIRST;
    j.copies = 1;
    for (int i = 0; i < x->job.copies; i++) {
        void *fresh = NULL;
        if (first_touch) {
            if (!(fresh = hostmem_map_fresh(j.bytes))) {
                measure_fail(x->r, "mapping fresh pages", strerror(errno));
                return -1;
            }
            j.host[0] = fresh;
        } else {
            hostmem_flush(j.host[0], j.bytes);
        }
        int rc = copyjob_run(x->g, &j, &t, x->r);
        hostmem_unmap(fresh, j.bytes);
        if (rc < 0)
            return -1;
        sum.device_ms += t.device_ms;
        sum.host_ms += t.host_ms;
    }
    sum.h2d_ms = sum.d2h_ms = NAN;
    copyjob_sample(s, x->job.copies, &sum);
    return 0;
}

int measure_reuse(struct gpu *g, const struct measure_opts *m, const struct config *c,
                  struct buffers *b, const struct result *earlier, struct result *r)
{
    struct reuse_ctx x = {.g = g, .r = r};
    struct copy_time t;
    int verify = m->verify && c->v[AXIS_TOUCH] != TOUCH_FIRST;
    double now = timer_read(g->clock);
    if (buffers_alloc_host(g, b, c, r) < 0)
        return -1;
    buffers_fill_host(b);
    placement_note(c, b, r);
    run_phase_lap(g->clock, r, RUN_PHASE_BUFFERS, &now);
    if (verify && verify_before(g, c, b, r) < 0)
        return -1;
    run_phase_lap(g->clock, r, RUN_PHASE_VERIFY, &now);
    copyjob_make(c, b, 1, &x.job);
    /* A later round measures as the first did, without sizing its batch again. */
    int again = earlier && earlier->status == RESULT_OK && earlier->batch > 0;
    if (again)
        calibrate_use_batch(&x.job, earlier->batch, r);
    else if (calibrate_batch(g, m, &x.job, r) < 0)
        return -1;
    run_phase_lap(g->clock, r, RUN_PHASE_CALIBRATE, &now);
    /* A later round's buffer is mapped and its batch sized: one warm-up batch re-warms
       the copy path after the configurations between. */
    int warmup = again && m->warmup > 1 ? 1 : m->warmup;
    for (int i = 0; i < warmup; i++)
        if (copyjob_run(g, &x.job, &t, r) < 0)
            return -1;
    run_phase_lap(g->clock, r, RUN_PHASE_WARMUP, &now);
    if (measure_sample_loop(g->clock, m, c, r,
                            timing_one_by_one(c) ? one_by_one_sample : reuse_sample, &x) < 0)
        return -1;
    run_phase_lap(g->clock, r, RUN_PHASE_SAMPLES, &now);
    if (again && !isnan(earlier->roundtrip_us))
        r->roundtrip_us = earlier->roundtrip_us; /* one round's is enough */
    else if (measure_roundtrip(g, &x.job, r) < 0)
        return -1;
    run_phase_lap(g->clock, r, RUN_PHASE_ROUNDTRIP, &now);
    int rc = verify ? verify_after(g, c, b, r) : 0;
    run_phase_lap(g->clock, r, RUN_PHASE_VERIFY, &now);
    return rc;
}

/* One alloc-fill-copy-free cycle; the parts outside the copy use the host clock. */
static int reallocate_cycle(struct gpu *g, const struct config *c, struct buffers *b,
                            struct sample *s, struct result *r)
{
    struct copy_job j;
    struct copy_time t;
    double t0 = timer_read(g->clock);
    if (buffers_alloc_host(g, b, c, r) < 0)
        return -1;
    double t1 = timer_read(g->clock);
    buffers_fill_host(b);
    double t2 = timer_read(g->clock);
    double pin_ms = config_alloc(c) != ALLOC_REGISTERED
                        ? NAN
                        : b->host[0].pin_ms + (b->nhost > 1 ? b->host[1].pin_ms : 0);
    copyjob_make(c, b, 1, &j);
    if (copyjob_run(g, &j, &t, r) < 0)
        return -1;
    double t3 = timer_read(g->clock);
    if (buffers_free_host(g, b, r) < 0)
        return -1;
    double t4 = timer_read(g->clock);
    copyjob_sample(s, 1, &t);
    s->alloc_ms = t1 - t0;
    s->pin_ms = pin_ms;
    s->fill_ms = t2 - t1;
    s->free_ms = t4 - t3;
    return 0;
}

struct realloc_ctx {
    struct gpu *g;
    const struct config *c;
    struct buffers *b;
    struct result *r;
};

static int reallocate_sample(void *ctx, struct sample *s)
{
    struct realloc_ctx *x = ctx;
    return reallocate_cycle(x->g, x->c, x->b, s, x->r);
}

int measure_reallocate(struct gpu *g, const struct measure_opts *m, const struct config *c,
                       struct buffers *b, struct result *r)
{
    struct sample s;
    struct realloc_ctx x = {.g = g, .c = c, .b = b, .r = r};
    r->batch = 1;
    for (int i = 0; i < m->warmup; i++)
        if (reallocate_cycle(g, c, b, &s, r) < 0)
            return -1;
    return measure_sample_loop(g->clock, m, c, r, reallocate_sample, &x);
}
