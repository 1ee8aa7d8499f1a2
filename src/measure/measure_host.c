/*
 * measure_host.c - api host-read and host-write: how fast the CPU reads or
 * writes each kind of host memory, with `threads` threads.
 *
 * Write-combined memory is uncached for the CPU, so reading it is slow;
 * other page-locked kinds should read like pageable memory.  A sample is a
 * batch of passes over the buffer sized like a reuse batch (at least
 * measure.min_sample_time), each pass timed by the host clock from the
 * release of the already-waiting threads to the last one finishing
 * (hostaccess.h).  No GPU work is involved, but the buffer is allocated
 * with its kind, so page-locked kinds need the GPU's driver.
 */
#include "measure/measure_host.h"
#include "host/hostaccess.h"
#include "measure/measure_loop.h"
#include "measure/placement.h"

#include <math.h>
#include <stdio.h>

struct host_ctx {
    const struct timer_clock *clock; /* the GPU's */
    struct hostaccess_pool *pool;
    struct host_buf *buf;
    int write, passes;
    struct result *r;
};

/*
 * A pass's time on the GPU's clock: as timed by the host clock, or on the
 * fake engine's model (engine/clockmodel.h) the model's, bytes at the
 * kind's host-read or host-write rate, which then passes on its clock.
 */
static double pass_ms(const struct host_ctx *x, double timed_ms)
{
    const char *what[] = {schema_value_name(AXIS_ALLOC, x->buf->kind),
                          x->write ? "host-write" : "host-read"};
    return timer_host_work_ms(x->clock, what, 2, (double)x->buf->bytes, timed_ms);
}

/* passes passes over the buffer; their total time in *ms. */
static int run_passes(struct host_ctx *x, int passes, double *ms)
{
    char err[300];
    *ms = 0;
    for (int i = 0; i < passes; i++) {
        double t;
        if (hostaccess_pass(x->pool, x->buf->ptr, x->buf->bytes, x->write, &t, err, sizeof(err)) <
            0) {
            measure_fail(x->r, "accessing the host buffer", err);
            return -1;
        }
        *ms += pass_ms(x, t);
    }
    return 0;
}

static int host_sample(void *ctx, struct sample *s)
{
    struct host_ctx *x = ctx;
    double ms;
    if (run_passes(x, x->passes, &ms) < 0)
        return -1;
    s->copies = x->passes;
    s->device_ms = s->host_ms = ms;
    s->h2d_ms = s->d2h_ms = s->kernel_ms = NAN;
    s->alloc_ms = s->fill_ms = s->free_ms = s->pin_ms = NAN;
    return 0;
}

/* Passes per sample: enough for min_sample_time, at most max_batch, from one timed pass. */
static int size_batch(struct host_ctx *x, const struct measure_opts *m)
{
    double ms;
    if (run_passes(x, 1, &ms) < 0 || run_passes(x, 1, &ms) < 0)
        return -1;
    double want = ms > 0 ? ceil(m->min_sample_ms / ms) : m->max_batch;
    x->passes = want < 1 ? 1 : want > m->max_batch ? m->max_batch : (int)want;
    return 0;
}

int measure_host(struct gpu *g, const struct measure_opts *m, const struct config *c,
                 struct buffers *b, struct result *r)
{
    char err[300];
    double ms;
    int rc = -1;
    struct host_ctx x = {
        .clock = g->clock, .buf = &b->host[0], .write = config_api(c) == API_HOST_WRITE, .r = r};
    if (buffers_alloc_host(g, b, c, r) < 0)
        return -1;
    buffers_fill_host(b);
    placement_note(c, b, r);
    if (!(x.pool = hostaccess_open(config_count(c, AXIS_THREADS), err, sizeof(err)))) {
        measure_fail(r, "starting the threads", err);
        return -1;
    }
    if (size_batch(&x, m) < 0)
        goto out;
    r->batch = x.passes;
    for (int i = 0; i < m->warmup; i++)
        if (run_passes(&x, x.passes, &ms) < 0)
            goto out;
    rc = measure_sample_loop(g->clock, m, c, r, host_sample, &x);
out:
    hostaccess_close(x.pool);
    return rc;
}
