/*
 * measure.c - the sampling loop behind measure.h.
 */
#include "measure/measure.h"
#include "experiment/budget.h"
#include "host/hostmem.h"
#include "host/hugepages.h"
#include "measure/measure_loop.h"
#include "host/numabind.h"
#include "measure/verify.h"
#include "base/timer.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void measure_fail(struct result *r, const char *stage, const char *why)
{
    r->status = RESULT_ERROR;
    snprintf(r->error, sizeof(r->error), "%s: %s", stage, why);
}

void measure_skip(struct result *r, const char *why)
{
    r->status = RESULT_SKIPPED;
    snprintf(r->error, sizeof(r->error), "skipped: %s", why);
}

int measure_alloc_host(struct gpu *g, struct buffers *b, const struct config *c, struct result *r)
{
    for (int i = 0; i < b->nhost; i++) {
        int rc =
            g->ops->host_alloc(g, &b->host[i], config_alloc(c), config_pages(c), config_size(c));
        if (rc == GPU_UNSUPPORTED) {
            measure_skip(r, g->ops->error(g));
            return -1;
        }
        if (rc < 0) {
            measure_fail(r, "allocating the host buffer", g->ops->error(g));
            return -1;
        }
    }
    return 0;
}

void measure_fill_host(struct buffers *b)
{
    for (int i = 0; i < b->nhost; i++)
        memset(b->host[i].ptr, FILL_BYTE, b->host[i].bytes);
}

int measure_free_host(struct gpu *g, struct buffers *b, struct result *r)
{
    int rc = 0;
    for (int i = 0; i < b->nhost; i++) {
        if (g->ops->host_free(g, &b->host[i]) < 0 && r->status == RESULT_OK) {
            measure_fail(r, "freeing the host buffer", g->ops->error(g));
            rc = -1;
        }
    }
    return rc;
}

/*
 * Device buffers outlive configurations.  Freeing a large device allocation
 * starts a scrub of it in the background, and until that ends h2d copies run
 * at a fraction of their speed: on the H200, 7-20 GB/s for about 3.5 ms per
 * GiB freed (450 ms after freeing 128 GiB), while d2h is untouched.  A
 * configuration measured after a larger one would read that.  So each slot
 * (two for bidir) is grown to the largest size asked, ideally once, by
 * measure_reserve() before the first configuration, and freed by
 * measure_release() when the run ends.
 */
static struct {
    void *ptr;
    size_t bytes;
} dev_pool[2];

static void free_slot(struct gpu *g, int i)
{
    g->ops->dev_free(g, dev_pool[i].ptr);
    dev_pool[i].ptr = NULL;
    dev_pool[i].bytes = 0;
}

static int grow_slot(struct gpu *g, int i, size_t bytes)
{
    if (dev_pool[i].ptr && dev_pool[i].bytes >= bytes)
        return 0;
    free_slot(g, i);
    if (g->ops->dev_alloc(g, &dev_pool[i].ptr, bytes) < 0)
        return -1;
    dev_pool[i].bytes = bytes;
    return 0;
}

int measure_reserve(struct gpu *g, const size_t bytes[2])
{
    for (int i = 0; i < 2; i++)
        if (bytes[i] && grow_slot(g, i, bytes[i]) < 0)
            return -1;
    return 0;
}

void measure_release(struct gpu *g)
{
    for (int i = 0; i < 2; i++)
        free_slot(g, i);
}

/* Point b's device buffers into the pool, growing it; a failure gets one try with the pool emptied.
 */
static int alloc_dev(struct gpu *g, struct buffers *b, const struct config *c, struct result *r)
{
    int ok = 1;
    for (int i = 0; i < b->ndev && ok; i++)
        ok = grow_slot(g, i, config_size(c)) == 0;
    if (!ok) {
        measure_release(g); /* the other slot may hold the memory this one needs */
        for (int i = 0; i < b->ndev; i++) {
            if (grow_slot(g, i, config_size(c)) < 0) {
                measure_fail(r, "allocating the device buffer", g->ops->error(g));
                return -1;
            }
        }
    }
    for (int i = 0; i < b->ndev; i++)
        b->dev[i] = dev_pool[i].ptr;
    return 0;
}

/* Queued timing needs async copies from page-locked memory (pageable ones block the host). */
int measure_queued(const struct config *c)
{
    return (config_api(c) == API_ASYNC || config_api(c) == API_ZEROCOPY) &&
           config_alloc(c) != ALLOC_PAGEABLE && !measure_one_by_one(c);
}

int measure_one_by_one(const struct config *c)
{
    return c->v[AXIS_CACHE] == CACHE_FLUSHED || c->v[AXIS_TOUCH] == TOUCH_FIRST;
}

static void make_job(const struct config *c, const struct buffers *b, int copies,
                     struct copy_job *j)
{
    memset(j, 0, sizeof(*j));
    j->queued = measure_queued(c);
    j->dir = config_direction(c);
    j->api = config_api(c);
    j->bytes = config_size(c);
    j->copies = copies;
    for (int i = 0; i < b->nhost; i++) {
        j->host[i] = b->host[i].ptr;
        j->dev[i] = b->dev[i];
    }
}

static int run_job(struct gpu *g, struct copy_job *j, struct copy_time *t, struct result *r)
{
    if (g->ops->copy(g, j, t) < 0) {
        measure_fail(r, "copying", g->ops->error(g));
        return -1;
    }
    return 0;
}

/*
 * Find the copies per sample that make one sample last min_ms: start from one
 * copy and scale by the measured time until a batch is long enough.  The
 * batches run here double as warm-up.
 */
static int calibrate(struct gpu *g, const struct measure_opts *m, struct copy_job *j,
                     struct result *r)
{
    struct copy_time t;
    int max_batch = m->max_batch;
    if (j->queued && max_batch > GPU_QUEUE_MAX_COPIES - 8)
        max_batch = GPU_QUEUE_MAX_COPIES - 8; /* room for the warm-up copies */
    j->copies = 1;
    /* The first copy pays one-off costs (page faults, lazy set-up): leave it out. */
    if (run_job(g, j, &t, r) < 0)
        return -1;
    for (int round = 0; round < 8; round++) {
        /* The shorter of two batches: a batch slowed by a one-off hiccup (preemption,
           a page fault) must not end the sizing with too few copies. */
        struct copy_time again;
        if (run_job(g, j, &t, r) < 0 || run_job(g, j, &again, r) < 0)
            return -1;
        if (again.device_ms < t.device_ms)
            t = again;
        if (t.device_ms >= m->min_sample_ms || j->copies >= max_batch)
            break;
        double per_copy = t.device_ms / j->copies;
        double want = per_copy > 0 ? 1.2 * m->min_sample_ms / per_copy : 2.0 * j->copies;
        if (want < 2.0 * j->copies && t.device_ms < 0.5 * m->min_sample_ms)
            want = 2.0 * j->copies;
        if (want > max_batch)
            want = max_batch;
        if ((int)ceil(want) <= j->copies)
            break;
        j->copies = (int)ceil(want);
    }
    r->batch = j->copies;
    /* Queued batches start with a few untimed copies so the copy engine is busy at start. */
    j->warm_copies = j->queued ? (j->copies / 8 < 8 ? j->copies / 8 : 8) : 0;
    return 0;
}

static void sample_from_time(struct sample *s, int copies, const struct copy_time *t)
{
    s->copies = copies;
    s->device_ms = t->device_ms;
    s->host_ms = t->host_ms;
    s->h2d_ms = t->h2d_ms;
    s->d2h_ms = t->d2h_ms;
    s->alloc_ms = s->fill_ms = s->free_ms = s->pin_ms = s->kernel_ms = NAN;
}

const char *const measure_stop_names[] = {"", "fixed", "target", "max_samples", "max_time"};

int measure_max_samples(const struct measure_opts *m)
{
    return m->samples > 0 ? m->samples : m->max_samples;
}

enum stop_reason measure_should_stop(const struct measure_opts *m, const double *gbps, size_t n,
                                     double elapsed_ms, double *rsd_pct)
{
    struct stats st;
    *rsd_pct = NAN;
    if (n >= 2 && stats_compute(gbps, n, &st) == 0)
        *rsd_pct = st.rsd_pct;
    if (m->samples > 0)
        return n >= (size_t)m->samples ? STOP_FIXED : STOP_CONTINUE;
    if (n >= (size_t)m->min_samples && *rsd_pct <= m->target_rsd_pct)
        return STOP_TARGET;
    if (n >= (size_t)m->max_samples)
        return STOP_MAX_SAMPLES;
    size_t floor = m->min_samples < 3 ? (size_t)m->min_samples : 3;
    if (elapsed_ms >= m->max_time_ms && n >= floor)
        return STOP_MAX_TIME;
    return STOP_CONTINUE;
}

int measure_sample_loop(const struct measure_opts *m, const struct config *c, struct result *r,
                        sample_fn take, void *ctx)
{
    int cap = measure_max_samples(m);
    double *gbps = malloc((size_t)cap * sizeof(*gbps));
    double t0 = timer_now_ms();
    int rc = -1;
    if (!gbps) {
        measure_fail(r, "sampling", "out of memory");
        return -1;
    }
    r->stop = STOP_CONTINUE;
    while (r->stop == STOP_CONTINUE && r->nsamples < (size_t)cap) {
        struct sample_rates sr;
        if (take(ctx, &r->samples[r->nsamples]) < 0)
            goto out;
        measure_sample_rates(c, &r->samples[r->nsamples], &sr);
        gbps[r->nsamples++] = sr.gbps;
        r->stop = measure_should_stop(m, gbps, r->nsamples, timer_now_ms() - t0, &r->rsd_pct);
    }
    rc = 0;
out:
    free(gbps);
    return rc;
}

/* The seeds of the two directions' patterns (any two different numbers). */
#define SEED_H2D 0x68326400ULL
#define SEED_D2H 0x64326800ULL

/* One untimed copy of one buffer pair, as the verification needs it. */
static int plain_copy(struct gpu *g, enum direction dir, void *host, void *dev, size_t bytes,
                      struct result *r)
{
    struct copy_job j = {.dir = dir, .api = API_SYNC, .bytes = bytes, .copies = 1};
    struct copy_time t;
    j.host[0] = host;
    j.dev[0] = dev;
    if (g->ops->copy(g, &j, &t) < 0) {
        measure_fail(r, "verifying", g->ops->error(g));
        return -1;
    }
    return 0;
}

/*
 * Before the timed copies: the h2d source gets the pattern; for d2h the
 * device buffer gets it (through one untimed copy) and the host destination
 * is cleared, so that only the timed copies can put the pattern there.
 */
static int verify_before(struct gpu *g, const struct config *c, struct buffers *b, struct result *r)
{
    enum direction d = config_direction(c);
    int out = d == DIR_BIDIR ? 1 : 0; /* the buffer pair of the d2h side */
    if (d != DIR_D2H)
        verify_fill(b->host[0].ptr, b->host[0].bytes, SEED_H2D);
    if (d == DIR_H2D)
        return 0;
    verify_fill(b->host[out].ptr, b->host[out].bytes, SEED_D2H);
    if (plain_copy(g, DIR_H2D, b->host[out].ptr, b->dev[out], b->host[out].bytes, r) < 0)
        return -1;
    memset(b->host[out].ptr, 0, b->host[out].bytes);
    return 0;
}

/* After them: read the h2d destination back and check both sides; a mismatch is corrupt. */
static int verify_after(struct gpu *g, const struct config *c, struct buffers *b, struct result *r)
{
    enum direction d = config_direction(c);
    size_t n = config_size(c);
    char why[300];
    if (d != DIR_D2H) {
        void *back = malloc(n);
        if (!back) {
            measure_fail(r, "verifying", "out of memory for the read-back buffer");
            return -1;
        }
        int rc = plain_copy(g, DIR_D2H, back, b->dev[0], n, r);
        if (rc == 0 && verify_check(back, n, SEED_H2D, why, sizeof(why)) < 0) {
            r->status = RESULT_CORRUPT;
            snprintf(r->error, sizeof(r->error), "verify h2d: %s", why);
        }
        free(back);
        if (rc < 0 || r->status != RESULT_OK)
            return -1;
    }
    int out = d == DIR_BIDIR ? 1 : 0;
    if (d != DIR_H2D && verify_check(b->host[out].ptr, n, SEED_D2H, why, sizeof(why)) < 0) {
        r->status = RESULT_CORRUPT;
        snprintf(r->error, sizeof(r->error), "verify d2h: %s", why);
        return -1;
    }
    return 0;
}

/* Round trips: at most this many, within about this long. */
#define ROUNDTRIP_MAX 31
#define ROUNDTRIP_MS 20.0

/* The median time an application waits for one copy (after the timed samples). */
static int measure_roundtrip(struct gpu *g, const struct copy_job *j, struct result *r)
{
    double us[ROUNDTRIP_MAX], t0 = timer_now_ms();
    int n = 0;
    if (j->dir == DIR_BIDIR)
        return 0;
    while (n < ROUNDTRIP_MAX && (n < 3 || timer_now_ms() - t0 < ROUNDTRIP_MS)) {
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
    if (run_job(x->g, &x->job, &t, x->r) < 0)
        return -1;
    sample_from_time(s, x->job.copies, &t);
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
        int rc = run_job(x->g, &j, &t, x->r);
        hostmem_unmap(fresh, j.bytes);
        if (rc < 0)
            return -1;
        sum.device_ms += t.device_ms;
        sum.host_ms += t.host_ms;
    }
    sum.h2d_ms = sum.d2h_ms = NAN;
    sample_from_time(s, x->job.copies, &sum);
    return 0;
}

static int measure_reuse(struct gpu *g, const struct measure_opts *m, const struct config *c,
                         struct buffers *b, struct result *r)
{
    struct reuse_ctx x = {.g = g, .r = r};
    struct copy_time t;
    if (measure_alloc_host(g, b, c, r) < 0)
        return -1;
    measure_fill_host(b);
    measure_note_placement(c, b, r);
    if (m->verify && c->v[AXIS_TOUCH] != TOUCH_FIRST && verify_before(g, c, b, r) < 0)
        return -1;
    make_job(c, b, 1, &x.job);
    if (calibrate(g, m, &x.job, r) < 0)
        return -1;
    for (int i = 0; i < m->warmup; i++)
        if (run_job(g, &x.job, &t, r) < 0)
            return -1;
    if (measure_sample_loop(m, c, r, measure_one_by_one(c) ? one_by_one_sample : reuse_sample, &x) <
        0)
        return -1;
    if (measure_roundtrip(g, &x.job, r) < 0)
        return -1;
    return m->verify && c->v[AXIS_TOUCH] != TOUCH_FIRST ? verify_after(g, c, b, r) : 0;
}

/* One alloc-fill-copy-free cycle; the parts outside the copy use the host clock. */
static int reallocate_cycle(struct gpu *g, const struct config *c, struct buffers *b,
                            struct sample *s, struct result *r)
{
    struct copy_job j;
    struct copy_time t;
    double t0 = timer_now_ms();
    if (measure_alloc_host(g, b, c, r) < 0)
        return -1;
    double t1 = timer_now_ms();
    measure_fill_host(b);
    double t2 = timer_now_ms();
    double pin_ms = config_alloc(c) != ALLOC_REGISTERED
                        ? NAN
                        : b->host[0].pin_ms + (b->nhost > 1 ? b->host[1].pin_ms : 0);
    make_job(c, b, 1, &j);
    if (run_job(g, &j, &t, r) < 0)
        return -1;
    double t3 = timer_now_ms();
    if (measure_free_host(g, b, r) < 0)
        return -1;
    double t4 = timer_now_ms();
    sample_from_time(s, 1, &t);
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

static int measure_reallocate(struct gpu *g, const struct measure_opts *m, const struct config *c,
                              struct buffers *b, struct result *r)
{
    struct sample s;
    struct realloc_ctx x = {.g = g, .c = c, .b = b, .r = r};
    r->batch = 1;
    for (int i = 0; i < m->warmup; i++)
        if (reallocate_cycle(g, c, b, &s, r) < 0)
            return -1;
    return measure_sample_loop(m, c, r, reallocate_sample, &x);
}

static int gpu_numa_node = -1;

void measure_set_gpu_node(int node)
{
    gpu_numa_node = node;
}

/*
 * Bind the measuring thread (and so the memory it allocates and first
 * touches) to c's NUMA node; 0 when there is nothing to bind, -1 with r
 * skipped when the node cannot be had.
 */
static int bind_numa(const struct config *c, struct result *r)
{
    uint64_t v = c->v[AXIS_NUMA];
    char why[400];
    if (v == NUMA_ANY || v == AXIS_UNUSED)
        return 0;
    int node = v == NUMA_AUTO ? gpu_numa_node : (int)(v - NUMA_NODE);
    if (v == NUMA_AUTO && node < 0 && numabind_nodes() == 1)
        node = 0; /* one node: the GPU's can only be that one */
    if (node < 0)
        snprintf(why, sizeof(why),
                 "numa auto: the GPU's NUMA node is unknown (sysfs numa_node says -1) on a "
                 "machine with %d nodes; give a node number",
                 numabind_nodes());
    if (node < 0 || numabind_bind_thread(node, why, sizeof(why)) < 0) {
        measure_skip(r, why);
        return -1;
    }
    r->bound_node = node;
    return 1;
}

/* Skip c when its page kind cannot be had here (no huge pages reserved, THP off). */
static int check_pages(const struct config *c, struct result *r)
{
    char why[400];
    if (config_pages(c) == PAGES_DEFAULT ||
        hugepages_available("/", config_pages(c), budget_host_bytes(c), why, sizeof(why)))
        return 0;
    measure_skip(r, why);
    return -1;
}

void measure_note_placement(const struct config *c, const struct buffers *b, struct result *r)
{
    if (!b->nhost || !b->host[0].ptr)
        return;
    r->host_node = numabind_where(b->host[0].ptr, b->host[0].bytes, &r->host_node_pct);
    if (alloc_is_malloced(config_alloc(c)))
        r->huge_pct = hugepages_backed_pct(b->host[0].ptr, b->host[0].bytes);
}

int measure_config(struct gpu *g, const struct measure_opts *m, const struct config *c,
                   struct result *r)
{
    struct buffers b;
    enum copy_api api = config_api(c);
    memset(r, 0, sizeof(*r));
    memset(&b, 0, sizeof(b));
    r->config = c;
    r->status = RESULT_OK;
    r->target_rsd_pct = m->target_rsd_pct;
    r->roundtrip_us = r->kernel_us = r->host_node_pct = r->huge_pct = NAN;
    r->host_node = r->bound_node = -1;
    r->gpu_node = gpu_numa_node;
    b.nhost = budget_host_buffers(c);
    b.ndev = budget_device_buffers(c);
    r->samples = calloc((size_t)measure_max_samples(m), sizeof(*r->samples));
    if (!r->samples)
        return -1;
    if (check_pages(c, r) < 0)
        return 0;
    int bound = bind_numa(c, r);
    if (bound < 0)
        return 0;
    if (alloc_dev(g, &b, c, r) == 0) {
        if (api == API_PIPELINE)
            measure_pipeline(g, m, c, &b, r);
        else if (api_is_host(api))
            measure_host(g, m, c, &b, r);
        else if (config_buffer(c) == BUFFER_REALLOCATE)
            measure_reallocate(g, m, c, &b, r);
        else /* reuse, and zero-copy kernels (their buffer axis reads "-") */
            measure_reuse(g, m, c, &b, r);
    }
    measure_free_host(g, &b, r);
    if (bound)
        numabind_restore();
    if (r->status != RESULT_OK)
        r->nsamples = 0; /* a failed configuration reports no numbers */
    return 0;
}

/* Bytes per second as GB/s (1e9 B/s) from bytes and milliseconds. */
static double gbps(double bytes, double ms)
{
    return ms > 0 ? bytes / (ms * 1e6) : NAN;
}

void measure_sample_rates(const struct config *c, const struct sample *s, struct sample_rates *out)
{
    double per_dir = (double)config_size(c) * s->copies;
    double moved = config_direction(c) == DIR_BIDIR ? 2 * per_dir : per_dir;
    out->gbps = gbps(moved, s->device_ms);
    out->host_gbps = gbps(moved, s->host_ms);
    out->h2d_gbps = gbps(per_dir, s->h2d_ms);
    out->d2h_gbps = gbps(per_dir, s->d2h_ms);
    out->us_per_copy = config_api(c) == API_PIPELINE ? NAN : s->device_ms * 1e3 / s->copies;
    out->effective_gbps = NAN;
    if (!isnan(s->alloc_ms))
        out->effective_gbps = gbps(moved, s->alloc_ms + s->fill_ms + s->device_ms + s->free_ms);
}

/* The field of struct sample_rates or struct sample each summary column reads. */
enum series {
    S_GBPS,
    S_HOST,
    S_H2D,
    S_D2H,
    S_EFF,
    S_US,
    S_ALLOC,
    S_PIN,
    S_FILL,
    S_COPY,
    S_FREE,
    S_SERIAL, /* pipeline: h2d + kernel + d2h, each alone */
    S_IDEAL,  /* pipeline: the longest of them */
    S_OVERLAP,
    S_TOTAL,
    S_H2D_MS,
    S_KERNEL_MS,
    S_D2H_MS,
    S_N
};

/* A pipeline sample's serial sum, ideal and overlap into v[..][i]; NaN for other samples. */
static void pipeline_series(const struct config *c, const struct sample *s, double *v[S_N],
                            size_t i)
{
    int pipe = config_api(c) == API_PIPELINE;
    double serial = s->h2d_ms + s->kernel_ms + s->d2h_ms;
    double ideal = fmax(s->h2d_ms, fmax(s->kernel_ms, s->d2h_ms));
    v[S_SERIAL][i] = pipe ? serial : NAN;
    v[S_IDEAL][i] = pipe ? ideal : NAN;
    v[S_OVERLAP][i] = pipe && s->device_ms > 0 ? serial / s->device_ms : NAN;
    v[S_TOTAL][i] = pipe ? s->device_ms : NAN;
    v[S_H2D_MS][i] = pipe ? s->h2d_ms : NAN;
    v[S_KERNEL_MS][i] = pipe ? s->kernel_ms : NAN;
    v[S_D2H_MS][i] = pipe ? s->d2h_ms : NAN;
}

int measure_summarise(const struct result *r, struct summary *out)
{
    size_t n = r->nsamples;
    double *v[S_N] = {0};
    int rc = -1;
    for (int k = 0; k < S_N; k++)
        if (!(v[k] = malloc((n ? n : 1) * sizeof(double))))
            goto out;
    for (size_t i = 0; i < n; i++) {
        const struct sample *s = &r->samples[i];
        struct sample_rates sr;
        measure_sample_rates(r->config, s, &sr);
        int realloc_mode = !isnan(s->alloc_ms);
        v[S_GBPS][i] = sr.gbps;
        v[S_HOST][i] = sr.host_gbps;
        v[S_H2D][i] = sr.h2d_gbps;
        v[S_D2H][i] = sr.d2h_gbps;
        v[S_EFF][i] = sr.effective_gbps;
        v[S_US][i] = sr.us_per_copy;
        v[S_ALLOC][i] = s->alloc_ms;
        v[S_FILL][i] = s->fill_ms;
        v[S_COPY][i] = realloc_mode ? s->device_ms : NAN;
        v[S_FREE][i] = s->free_ms;
        v[S_PIN][i] = s->pin_ms;
        pipeline_series(r->config, s, v, i);
    }
    if (stats_compute(v[S_GBPS], n, &out->gbps) < 0)
        goto out;
    out->host_gbps_median = stats_median(v[S_HOST], n);
    out->h2d_gbps_median = stats_median(v[S_H2D], n);
    out->d2h_gbps_median = stats_median(v[S_D2H], n);
    out->effective_gbps_median = stats_median(v[S_EFF], n);
    out->us_per_copy_median = stats_median(v[S_US], n);
    out->alloc_ms_median = stats_median(v[S_ALLOC], n);
    out->fill_ms_median = stats_median(v[S_FILL], n);
    out->copy_ms_median = stats_median(v[S_COPY], n);
    out->free_ms_median = stats_median(v[S_FREE], n);
    out->pin_ms_median = stats_median(v[S_PIN], n);
    out->pipeline_ms_median = stats_median(v[S_TOTAL], n);
    out->serial_ms_median = stats_median(v[S_SERIAL], n);
    out->ideal_ms_median = stats_median(v[S_IDEAL], n);
    out->overlap_median = stats_median(v[S_OVERLAP], n);
    out->h2d_alone_ms_median = stats_median(v[S_H2D_MS], n);
    out->kernel_alone_ms_median = stats_median(v[S_KERNEL_MS], n);
    out->d2h_alone_ms_median = stats_median(v[S_D2H_MS], n);
    rc = 0;
out:
    for (int k = 0; k < S_N; k++)
        free(v[k]);
    return rc;
}

void result_free(struct result *r)
{
    free(r->samples);
    r->samples = NULL;
    r->nsamples = 0;
}
