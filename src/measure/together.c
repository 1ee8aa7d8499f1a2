/*
 * together.c - one configuration on several GPUs at once: a thread per GPU,
 * a barrier before every sample, the spans' overlap and the aggregate
 * (together.h).
 */
#include "measure/together.h"
#include "base/stats.h"
#include "base/timer.h"
#include "experiment/budget.h"
#include "host/numabind.h"
#include "measure/buffers.h"
#include "measure/copyjob.h"
#include "measure/measure_loop.h"
#include "measure/placement.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the threads share.  Fields below `barrier` are written only between its two waits. */
struct shared {
    pthread_mutex_t gate_lock; /* the threads wait at the gate until all are started */
    pthread_cond_t gate_open;
    int gate; /* 0 closed, 1 go, -1 return (a thread could not be started) */
    pthread_barrier_t barrier;
    int n;
    const struct measure_opts *m;
    const struct config *c;
    struct together_gpu *gpus;
    struct together_run *run;
    double t0_ms;                  /* the run's clock when the threads were started */
    double now[TOGETHER_MAX_GPUS]; /* each GPU's clock as its thread reached the barrier */
    double *start[TOGETHER_MAX_GPUS], *end[TOGETHER_MAX_GPUS]; /* per sample, host clock, ms */
    void *shared_host;          /* portable h2d: GPU 0's source buffer, read by every GPU */
    atomic_int failed;          /* a thread failed: the others stop at the next meeting */
    double *agg_gbps, *overlap; /* per sample */
    int cap;                    /* the most samples */
    /* set by the one thread that decides, between the barrier's two waits */
    double latest_ms;
    size_t nsamples;
    int stop;
};

double together_overlap_pct(const double *start_ms, const double *end_ms, int n, double *union_ms)
{
    double lo = INFINITY, hi = -INFINITY, last_start = -INFINITY, first_end = INFINITY;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, start_ms[i]);
        hi = fmax(hi, end_ms[i]);
        last_start = fmax(last_start, start_ms[i]);
        first_end = fmin(first_end, end_ms[i]);
    }
    *union_ms = n > 0 ? hi - lo : 0;
    if (!(*union_ms > 0))
        return NAN;
    return first_end > last_start ? (first_end - last_start) / *union_ms * 100.0 : 0.0;
}

/* GPU i's clock (the run's, or its own while at once). */
static const struct timer_clock *clock_of(const struct shared *sh, int i)
{
    return sh->gpus[i].mc->gpu->clock;
}

/*
 * The aggregate of sample k: every GPU's copies over the union of their
 * spans; its overlap; then the stopping rule on the aggregate's samples,
 * timed by GPU me's clock (me: the thread deciding).
 */
static void decide_sample(struct shared *sh, int me)
{
    size_t k = sh->nsamples;
    double start[TOGETHER_MAX_GPUS], end[TOGETHER_MAX_GPUS], union_ms;
    struct sample *s = &sh->run->aggregate.samples[k];
    struct sample_rates sr;
    int copies = 0;
    for (int i = 0; i < sh->n; i++) {
        start[i] = sh->start[i][k];
        end[i] = sh->end[i][k];
        copies += sh->gpus[i].together.samples[k].copies;
    }
    sh->overlap[k] = together_overlap_pct(start, end, sh->n, &union_ms);
    struct copy_time t = {.device_ms = union_ms, .host_ms = union_ms, .h2d_ms = NAN, .d2h_ms = NAN};
    copyjob_sample(s, copies, &t);
    record_sample_rates(sh->c, s, &sr);
    sh->agg_gbps[k] = sr.gbps;
    sh->nsamples = k + 1;
    struct result *r = &sh->run->aggregate;
    r->stop = measure_should_stop(sh->m, sh->agg_gbps, sh->nsamples,
                                  timer_read(clock_of(sh, me)) - sh->t0_ms, &r->rsd_pct);
    sh->stop = r->stop != STOP_CONTINUE || sh->nsamples >= (size_t)sh->cap;
}

/* The latest clock of all; after a failure, stop. */
static void decide_latest(struct shared *sh)
{
    sh->latest_ms = sh->now[0];
    for (int i = 1; i < sh->n; i++)
        sh->latest_ms = fmax(sh->latest_ms, sh->now[i]);
    if (atomic_load(&sh->failed))
        sh->stop = 1;
}

/*
 * Every thread meets every other here.  The last to arrive runs decide
 * (may be NULL) while the others wait, then all go on together; on the
 * model's clock each GPU's clock catches up with the latest, as time
 * does at a real barrier.
 */
static void meet(struct shared *sh, int i, void (*decide)(struct shared *, int))
{
    sh->now[i] = timer_read(clock_of(sh, i));
    if (pthread_barrier_wait(&sh->barrier) == PTHREAD_BARRIER_SERIAL_THREAD) {
        if (decide && !atomic_load(&sh->failed))
            decide(sh, i);
        decide_latest(sh);
    }
    pthread_barrier_wait(&sh->barrier);
    timer_catch_up(clock_of(sh, i), sh->latest_ms);
}

/* One GPU's thread: what it holds and where it is. */
struct worker {
    struct shared *sh;
    int i;
    struct buffers b;
    struct copy_job job;
    int bound;
};

/* Bind, take the buffers, fill them, warm up; -1 with the together result failed. */
static int worker_setup(struct worker *w)
{
    struct shared *sh = w->sh;
    struct together_gpu *tg = &sh->gpus[w->i];
    struct result *r = &tg->together;
    struct gpu *g = tg->mc->gpu;
    struct copy_time t;
    if (placement_check_pages(sh->c, r) < 0 ||
        (w->bound = placement_bind(sh->c, tg->mc->gpu_node, r)) < 0)
        return -1;
    w->b.nhost = budget_host_buffers(sh->c);
    w->b.ndev = budget_device_buffers(sh->c);
    w->b.node = r->bound_node;
    if (devpool_take(&tg->mc->pool, g, w->b.ndev, config_size(sh->c), w->b.dev) < 0) {
        measure_fail(r, "allocating the device buffer", g->ops->error(g));
        return -1;
    }
    if (buffers_alloc_host(g, &w->b, sh->c, r) < 0)
        return -1;
    buffers_fill_host(&w->b);
    placement_note(sh->c, &w->b, r);
    copyjob_make(sh->c, &w->b, tg->alone.batch, &w->job);
    r->batch = tg->alone.batch;
    for (int k = 0; k < (sh->m->warmup > 0 ? sh->m->warmup : 1); k++)
        if (copyjob_run(g, &w->job, &t, r) < 0)
            return -1;
    return 0;
}

/* One timed batch, its span on the host clock: it ends as the call returns and lasts its device
 * time. */
static int worker_sample(struct worker *w, size_t k)
{
    struct shared *sh = w->sh;
    struct together_gpu *tg = &sh->gpus[w->i];
    struct copy_time t;
    double from = timer_read(tg->mc->gpu->clock);
    if (copyjob_run(tg->mc->gpu, &w->job, &t, &tg->together) < 0)
        return -1;
    double to = timer_read(tg->mc->gpu->clock);
    sh->end[w->i][k] = to;
    sh->start[w->i][k] = isnan(t.device_ms) || t.device_ms > to - from ? from : to - t.device_ms;
    copyjob_sample(&tg->together.samples[k], w->job.copies, &t);
    return 0;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct shared *sh = w->sh;
    struct together_gpu *tg = &sh->gpus[w->i];
    pthread_mutex_lock(&sh->gate_lock);
    while (!sh->gate)
        pthread_cond_wait(&sh->gate_open, &sh->gate_lock);
    int go = sh->gate > 0;
    pthread_mutex_unlock(&sh->gate_lock);
    if (!go)
        return NULL;
    struct gpu *g = tg->mc->gpu;
    g->ops->at_once(g, sh->n, sh->t0_ms); /* a clock of its own, as it has a thread */
    if (worker_setup(w) < 0)
        atomic_store(&sh->failed, 1);
    meet(sh, w->i, NULL); /* everyone set up, and GPU 0's buffer filled */
    if (w->i == 0)
        sh->shared_host = w->b.host[0].ptr;
    meet(sh, w->i, NULL);
    if (sh->shared_host && config_alloc(sh->c) == ALLOC_PORTABLE &&
        config_direction(sh->c) != DIR_D2H)
        w->job.host[0] = sh->shared_host; /* one portable buffer read by every GPU */
    for (size_t k = 0; !sh->stop; k++) {
        if (worker_sample(w, k) < 0)
            atomic_store(&sh->failed, 1);
        meet(sh, w->i, decide_sample);
    }
    /* GPU 0's buffer may be read by the others until here */
    meet(sh, w->i, NULL);
    buffers_free_host(tg->mc->gpu, &w->b, &tg->together);
    if (w->bound > 0)
        numabind_restore();
    g->ops->at_once(g, 0, 0);
    return NULL;
}

/* A result for c as measure_config starts one; -1 without memory for its samples. */
static int result_start(struct result *r, const struct config *c, int cap, enum gpu_role role,
                        const char *devices)
{
    memset(r, 0, sizeof(*r));
    r->config = c;
    r->status = RESULT_OK;
    r->roundtrip_us = r->kernel_us = r->host_node_pct = r->huge_pct = NAN;
    r->overlap_pct = r->alone_gbps = NAN;
    r->host_node = r->bound_node = r->gpu_node = -1;
    r->role = role;
    snprintf(r->devices, sizeof(r->devices), "%s", devices);
    r->samples = calloc((size_t)cap, sizeof(*r->samples));
    return r->samples ? 0 : -1;
}

/* What only reused buffers' copies can be measured together as, for now. */
static const char *not_together(const struct config *c)
{
    if (!api_is_copy(config_api(c)) || config_api(c) == API_ZEROCOPY)
        return "together: only copies (api sync, async) are measured on several GPUs at once";
    if (config_buffer(c) != BUFFER_REUSE)
        return "together: only buffer reuse is measured on several GPUs at once";
    if (timing_one_by_one(c))
        return "together: copies timed one by one (cache flushed, first-touch) are not measured on "
               "several GPUs at once";
    return NULL;
}

/* Each GPU alone, one after another; the devices' list into devices ("0+1"). */
static int measure_alone(struct together_gpu *gpus, int n, const struct measure_opts *m,
                         const struct config *c, char *devices, size_t len)
{
    size_t at = 0;
    devices[0] = '\0';
    for (int i = 0; i < n; i++) {
        char one[16];
        snprintf(one, sizeof(one), "%d", gpus[i].mc->gpu->device);
        at += (size_t)snprintf(devices + at, at < len ? len - at : 0, "%s%s", i ? "+" : "", one);
        if (measure_config(gpus[i].mc, m, c, &gpus[i].alone) < 0)
            return -1;
        gpus[i].alone.role = GPU_ROLE_ALONE;
        snprintf(gpus[i].alone.devices, sizeof(gpus[i].alone.devices), "%s", one);
    }
    return 0;
}

/* Start a thread per GPU and wait for them all; -1 when one cannot be started. */
static int run_threads(struct shared *sh, struct worker *w)
{
    pthread_t th[TOGETHER_MAX_GPUS];
    int started = 0;
    if (pthread_barrier_init(&sh->barrier, NULL, (unsigned)sh->n) != 0)
        return -1;
    for (; started < sh->n; started++) {
        w[started] = (struct worker){.sh = sh, .i = started};
        if (pthread_create(&th[started], NULL, worker_main, &w[started]) != 0)
            break;
    }
    /* Open the gate: every thread goes on, or (one could not be started, so the barrier's
       count would never be reached) every started one returns at once. */
    pthread_mutex_lock(&sh->gate_lock);
    sh->gate = started == sh->n ? 1 : -1;
    pthread_cond_broadcast(&sh->gate_open);
    pthread_mutex_unlock(&sh->gate_lock);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&sh->barrier);
    return sh->gate > 0 ? 0 : -1;
}

/* After the threads: the samples' count, overlaps and references into every result. */
static void finish_run(struct shared *sh)
{
    struct together_run *run = sh->run;
    struct result *agg = &run->aggregate;
    double alone_sum = 0, median, min;
    for (int i = 0; i < sh->n; i++) {
        struct together_gpu *tg = &sh->gpus[i];
        tg->together.nsamples = sh->nsamples;
        tg->together.stop = agg->stop;
        struct summary s;
        int alone_ok = tg->alone.status == RESULT_OK && record_summarise(&tg->alone, &s) == 0;
        tg->together.alone_gbps = alone_ok ? s.gbps.median : NAN;
        alone_sum += tg->together.alone_gbps;
        if (tg->together.status != RESULT_OK && agg->status == RESULT_OK)
            measure_fail(agg, "together", tg->together.error);
    }
    median = sh->nsamples ? stats_median(sh->overlap, sh->nsamples) : NAN;
    min = INFINITY;
    for (size_t k = 0; k < sh->nsamples; k++)
        min = fmin(min, sh->overlap[k]);
    run->overlap_pct = median;
    run->overlap_min_pct = sh->nsamples ? min : NAN;
    agg->nsamples = sh->nsamples;
    agg->batch = sh->gpus[0].alone.batch;
    agg->overlap_pct = median;
    agg->alone_gbps = alone_sum;
    for (int i = 0; i < sh->n; i++) {
        sh->gpus[i].together.overlap_pct = median;
        if (sh->gpus[i].together.status != RESULT_OK)
            sh->gpus[i].together.nsamples = 0;
    }
    if (agg->status != RESULT_OK)
        agg->nsamples = 0;
}

int measure_together(struct together_gpu *gpus, int n, const struct measure_opts *m,
                     const struct config *c, struct together_run *run, const char *refused)
{
    struct shared *sh = calloc(1, sizeof(*sh));
    struct worker w[TOGETHER_MAX_GPUS];
    char devices[64];
    int cap = measure_max_samples(m), rc = -1;
    memset(run, 0, sizeof(*run));
    for (int i = 0; i < n; i++)
        memset(&gpus[i].together, 0, sizeof(gpus[i].together));
    if (!sh || n < 1 || n > TOGETHER_MAX_GPUS ||
        measure_alone(gpus, n, m, c, devices, sizeof(devices)) < 0)
        goto out;
    if (result_start(&run->aggregate, c, cap, GPU_ROLE_AGGREGATE, devices) < 0)
        goto out;
    *sh = (struct shared){.gate_lock = PTHREAD_MUTEX_INITIALIZER,
                          .gate_open = PTHREAD_COND_INITIALIZER,
                          .n = n,
                          .m = m,
                          .c = c,
                          .gpus = gpus,
                          .run = run,
                          .cap = cap,
                          .t0_ms = timer_read(gpus[0].mc->gpu->clock)};
    sh->agg_gbps = calloc((size_t)cap, sizeof(double));
    sh->overlap = calloc((size_t)cap, sizeof(double));
    if (!sh->agg_gbps || !sh->overlap)
        goto out;
    for (int i = 0; i < n; i++) {
        if (result_start(&gpus[i].together, c, cap, GPU_ROLE_TOGETHER, gpus[i].alone.devices) < 0 ||
            !(sh->start[i] = calloc((size_t)cap, sizeof(double))) ||
            !(sh->end[i] = calloc((size_t)cap, sizeof(double))))
            goto out;
        gpus[i].together.gpu_node = gpus[i].mc->gpu_node;
    }
    const char *why = refused ? refused : not_together(c);
    for (int i = 0; i < n && !why; i++)
        if (gpus[i].alone.status != RESULT_OK || gpus[i].alone.batch < 1)
            why = "together: not measured, since a GPU failed alone";
    if (why) {
        if (strncmp(why, "together: ", strlen("together: ")) == 0)
            why += strlen("together: ");
        for (int i = 0; i < n; i++)
            measure_skip(&gpus[i].together, why);
        measure_skip(&run->aggregate, why);
        rc = 0;
        goto out;
    }
    if (run_threads(sh, w) < 0)
        goto out;
    finish_run(sh);
    rc = 0;
out:
    if (sh) {
        for (int i = 0; i < TOGETHER_MAX_GPUS; i++) {
            free(sh->start[i]);
            free(sh->end[i]);
        }
        free(sh->agg_gbps);
        free(sh->overlap);
    }
    free(sh);
    return rc;
}

void together_free(struct together_gpu *gpus, int n, struct together_run *run)
{
    for (int i = 0; i < n; i++) {
        result_free(&gpus[i].alone);
        result_free(&gpus[i].together);
    }
    result_free(&run->aggregate);
}

/* See together.h. */
int together_merge_round(struct result *acc, struct result *const *rows, int n, int ngpus,
                         int round)
{
    for (int k = 0; k < n; k++) {
        double overlap = acc[k].overlap_pct;
        if (record_merge_round(&acc[k], rows[k], round) < 0)
            return -1;
        if (round > 1 && overlap < acc[k].overlap_pct) /* NaN compares false: kept */
            acc[k].overlap_pct = overlap;
    }
    if (n < 2 * ngpus + 1)
        return 0; /* each in turn: alone rows only */
    double sum = 0;
    for (int k = 0; k < ngpus; k++) {
        struct summary s;
        double alone =
            acc[k].status == RESULT_OK && record_summarise(&acc[k], &s) == 0 ? s.gbps.median : NAN;
        if (!isnan(acc[ngpus + k].alone_gbps))
            acc[ngpus + k].alone_gbps = alone;
        sum += alone;
    }
    if (!isnan(acc[2 * ngpus].alone_gbps))
        acc[2 * ngpus].alone_gbps = sum;
    return 0;
}
