/*
 * measure_pipeline.c - api pipeline: copy/compute overlap through streams.
 *
 * size bytes are cut into chunks; each chunk is copied h2d, processed by a
 * kernel and copied d2h, chunk i on stream i % streams (struct pipeline_job).
 * Every sample times the whole pipeline and then each stage alone (its
 * chunks back to back on one stream), so the summary can set the pipeline's
 * time against the serial sum of its parts and against the ideal, the
 * longest stage: overlap = serial / pipeline, at most the number of stages.
 */
#include "measure/measure_pipeline.h"
#include "base/stats.h"
#include "measure/measure_loop.h"
#include "measure/placement.h"
#include "measure/verify.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Seed of the pattern verify: true sends through a pipeline. */
#define SEED_PIPELINE 0x70697065ULL

/* How often one chunk's h2d copy is timed to size a kernel given as a multiple of it. */
#define CHUNK_TIMINGS 5

struct pipe_ctx {
    struct gpu *g;
    struct pipeline_job job;
    struct result *r;
};

static int run_part(struct pipe_ctx *x, enum pipeline_part part, struct copy_time *t)
{
    x->job.part = part;
    if (x->g->ops->pipeline(x->g, &x->job, t) < 0) {
        measure_fail(x->r, "running the pipeline", x->g->ops->error(x->g));
        return -1;
    }
    return 0;
}

static int pipe_sample(void *ctx, struct sample *s)
{
    struct pipe_ctx *x = ctx;
    struct copy_time all, h2d, kernel, d2h;
    if (run_part(x, PIPE_ALL, &all) < 0 || run_part(x, PIPE_H2D, &h2d) < 0 ||
        run_part(x, PIPE_KERNEL, &kernel) < 0 || run_part(x, PIPE_D2H, &d2h) < 0)
        return -1;
    s->copies = 1;
    s->device_ms = all.device_ms;
    s->host_ms = all.host_ms;
    s->h2d_ms = h2d.device_ms;
    s->kernel_ms = x->job.kernel_ns ? kernel.device_ms : 0;
    s->d2h_ms = d2h.device_ms;
    s->alloc_ms = s->fill_ms = s->free_ms = s->pin_ms = NAN;
    return 0;
}

/*
 * The kernel's time per chunk: as given, or a multiple of one chunk's h2d
 * copy time (the median of a few, timed alone).
 */
static int kernel_time(struct pipe_ctx *x, const struct config *c)
{
    uint64_t k = c->v[AXIS_KERNEL];
    double ms[CHUNK_TIMINGS];
    if (k == KERNEL_NONE || k == AXIS_UNUSED || (k & KERNEL_TIME)) {
        x->job.kernel_ns = k == AXIS_UNUSED ? 0 : k & KERNEL_VALUE_MASK;
        return 0;
    }
    struct pipeline_job one = x->job;
    one.chunks = 1;
    one.bytes = (x->job.bytes + (size_t)x->job.chunks - 1) / (size_t)x->job.chunks;
    one.part = PIPE_H2D;
    for (int i = 0; i < CHUNK_TIMINGS; i++) {
        struct copy_time t;
        if (x->g->ops->pipeline(x->g, &one, &t) < 0) {
            measure_fail(x->r, "timing one chunk", x->g->ops->error(x->g));
            return -1;
        }
        ms[i] = t.device_ms;
    }
    double ns = stats_median(ms, CHUNK_TIMINGS) * 1e6 * (double)(k & KERNEL_VALUE_MASK) / 1000.0;
    x->job.kernel_ns = ns < 1 ? 1 : (unsigned long long)llround(ns);
    return 0;
}

int measure_pipeline(struct gpu *g, const struct measure_opts *m, const struct config *c,
                     struct buffers *b, struct result *r)
{
    struct pipe_ctx x = {.g = g, .r = r};
    struct copy_time t;
    char why[300];
    if (buffers_alloc_host(g, b, c, r) < 0)
        return -1;
    buffers_fill_host(b);
    placement_note(c, b, r);
    if (m->verify) {
        verify_fill(b->host[0].ptr, b->host[0].bytes, SEED_PIPELINE);
        memset(b->host[1].ptr, 0, b->host[1].bytes);
    }
    x.job = (struct pipeline_job){.host_in = b->host[0].ptr,
                                  .host_out = b->host[1].ptr,
                                  .dev = b->dev[0],
                                  .bytes = config_size(c),
                                  .chunks = config_count(c, AXIS_CHUNKS),
                                  .streams = config_count(c, AXIS_STREAMS)};
    if (x.job.chunks > (int)x.job.bytes)
        x.job.chunks = (int)x.job.bytes; /* every chunk at least a byte */
    if (kernel_time(&x, c) < 0)
        return -1;
    r->kernel_us = x.job.kernel_ns / 1e3;
    r->batch = 1;
    for (int i = 0; i < m->warmup; i++)
        if (run_part(&x, PIPE_ALL, &t) < 0)
            return -1;
    if (measure_sample_loop(g->clock, m, c, r, pipe_sample, &x) < 0)
        return -1;
    if (m->verify &&
        verify_check(b->host[1].ptr, b->host[1].bytes, SEED_PIPELINE, why, sizeof(why)) < 0) {
        r->status = RESULT_CORRUPT;
        snprintf(r->error, sizeof(r->error), "verify pipeline: %s", why);
    }
    return 0;
}
