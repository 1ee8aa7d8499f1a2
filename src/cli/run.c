/*
 * run.c - the run loop: open the GPU, create the results folder, measure each
 * configuration, append its rows, keep meta.yaml current, render figures.
 */
#include "cli/run.h"
#include "cli/gpus.h"
#include "cli/sentinel.h"
#include "experiment/rounds.h"
#include "analysis/breakeven.h"
#include "experiment/budget.h"
#include "experiment/shard.h"
#include "analysis/fit.h"
#include "engine/gpu.h"
#include "measure/measure.h"
#include "measure/together.h"
#include "results/hostmemcpy_csv.h"
#include "results/meta.h"
#include "figures/plot.h"
#include "results/results.h"
#include "host/numabind.h"
#include "host/sysinfo.h"
#include "base/timer.h"
#include "base/units.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* The signal that asked the run to stop, 0 while none has. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
    signal(sig, SIG_DFL); /* a second Ctrl-C ends the process at once */
}

/* SIGINT and SIGTERM stop the run after the configuration being measured. */
static void catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

const struct gpu_ops *run_engine(void)
{
    const char *name = getenv("PINSWEEP_ENGINE");
    if (!name || !*name || strcmp(name, gpu_cuda_ops.name) == 0)
        return &gpu_cuda_ops;
    if (strcmp(name, gpu_fake_ops.name) == 0)
        return &gpu_fake_ops;
    return NULL;
}

/* The best median per (alloc, direction) of the copies, for the table printed at the end. */
struct peak {
    double gbps;
    uint64_t size;
};

static void note_peak(struct peak peaks[ALLOC_COUNT][DIR_COUNT], const struct result *r,
                      const struct summary *s)
{
    if (r->status != RESULT_OK || !api_is_copy(config_api(r->config)))
        return;
    struct peak *p = &peaks[config_alloc(r->config)][config_direction(r->config)];
    if (!isnan(s->gbps.median) && s->gbps.median > p->gbps) {
        p->gbps = s->gbps.median;
        p->size = config_size(r->config);
    }
}

/* The table of peaks; with several GPUs, each cell is the best of the GPUs measured alone. */
static void print_peaks(FILE *out, struct peak peaks[ALLOC_COUNT][DIR_COUNT], int gpus)
{
    char size[32], cell[64];
    int rows = 0;
    for (int a = 0; a < ALLOC_COUNT; a++)
        for (int d = 0; d < DIR_COUNT; d++)
            rows += peaks[a][d].size != 0;
    if (!rows)
        return; /* no copies: pipelines, zero-copy and host access are in the CSV and figures */
    fprintf(out, "peak bandwidth, GB/s (median of samples%s) @ size:\n%-20s",
            gpus > 1 ? ", the best GPU alone" : "", "alloc");
    for (int d = 0; d < DIR_COUNT; d++)
        fprintf(out, "  %-18s", schema_value_name(AXIS_DIRECTION, d));
    fputc('\n', out);
    for (int a = 0; a < ALLOC_COUNT; a++) {
        int any = 0;
        for (int d = 0; d < DIR_COUNT; d++)
            any |= peaks[a][d].size != 0;
        if (!any)
            continue;
        fprintf(out, "%-20s", schema_value_name(AXIS_ALLOC, a));
        for (int d = 0; d < DIR_COUNT; d++) {
            if (peaks[a][d].size)
                snprintf(cell, sizeof(cell), "%.2f @ %s", peaks[a][d].gbps,
                         units_format_size(peaks[a][d].size, size, sizeof(size)));
            else
                snprintf(cell, sizeof(cell), "-");
            fprintf(out, "  %-18s", cell);
        }
        fputc('\n', out);
    }
}

/* Figures at the end; without gnuplot plot_results still writes their data and says how to draw
 * them later. */
static void render(const char *dir, const struct run_opts *o)
{
    struct plot_opts po = {.latex = o->latex};
    if (o->plot)
        plot_results_opts(dir, o->plots_dir, stderr, &po);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/*
 * The staging ceiling: single-thread memcpy at every size of the sweep's
 * pageable configurations, into host-memcpy.csv (drawn on the figures);
 * not at sizes larger than the RAM, whose configurations were skipped.
 * Returns 0, or -1 with a message in err.
 */
static int write_host_reference(const char *dir, const struct sweep *s, char *err, size_t errlen)
{
    uint64_t *sizes = malloc((s->n ? s->n : 1) * sizeof(*sizes));
    size_t n = 0, k = 0;
    int rc = 0;
    if (!sizes) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct budget b = {.pinned_cap = UINT64_MAX, .ram = sysinfo_ram_bytes()};
    for (size_t i = 0; i < s->n; i++)
        if (config_alloc(&s->configs[i]) == ALLOC_PAGEABLE &&
            budget_check(&s->configs[i], &b, err, errlen) == BUDGET_FITS)
            sizes[n++] = config_size(&s->configs[i]);
    qsort(sizes, n, sizeof(*sizes), cmp_u64);
    for (size_t i = 0; i < n; i++)
        if (k == 0 || sizes[i] != sizes[k - 1])
            sizes[k++] = sizes[i];
    if (k) {
        fprintf(stderr, "pinsweep: host memcpy reference at %zu sizes\n", k);
        rc = hostmemcpy_write(dir, sizes, k, err, errlen);
    }
    free(sizes);
    return rc;
}

/* ", 3 skipped", or "" (static buffer). */
static const char *skipped_text(size_t n)
{
    static char buf[48];
    if (!n)
        return "";
    snprintf(buf, sizeof(buf), ", %zu skipped", n);
    return buf;
}

/* Skip c with the reason when it is over a budget, else measure it with m. */
static int measure_or_skip(struct measure_ctx *mc, const struct measure_opts *m,
                           const struct config *c, const struct budget *b, struct result *r)
{
    char why[400];
    if (budget_check(c, b, why, sizeof(why)) == BUDGET_FITS)
        return measure_config(mc, m, c, r);
    memset(r, 0, sizeof(*r));
    r->config = c;
    measure_skip(r, why);
    return 0;
}

/*
 * Allocate the device buffers the largest configuration still to run needs,
 * so no device buffer is freed mid-run (see devpool.c).  A refusal is not
 * an error: the configurations then grow the buffers themselves.
 */
static void reserve_device(struct measure_ctx *mc, const struct sweep *s, const struct budget *b,
                           const unsigned char *done)
{
    size_t bytes[DEVPOOL_SLOTS] = {0, 0};
    char why[400];
    for (size_t i = 0; i < s->n; i++) {
        const struct config *c = &s->configs[i];
        if ((done && done[c->index - 1]) || budget_check(c, b, why, sizeof(why)) != BUDGET_FITS)
            continue;
        for (int k = 0; k < budget_device_buffers(c); k++) /* none for host access */
            if (config_size(c) > bytes[k])
                bytes[k] = config_size(c);
    }
    if (devpool_reserve(&mc->pool, mc->gpu, bytes) < 0)
        fprintf(stderr,
                "pinsweep: note: device buffers for the largest configuration not "
                "reserved (%s); they grow as the sweep goes\n",
                mc->gpu->ops->error(mc->gpu));
}

/* A finished pipeline, for the table at the end of the run. */
struct pipe_line {
    const struct config *c;
    double ms, serial_ms, ideal_ms, overlap;
};

/* "ok, 54.97 GB/s", or for a pipeline "ok, 5.84 ms (serial 15.18, ideal 5.31): overlap 2.60x". */
static const char *ok_text(const struct result *r, const struct summary *sum, char *buf, size_t n)
{
    if (config_api(r->config) == API_PIPELINE)
        snprintf(buf, n, "ok, %.2f ms (serial %.2f, ideal %.2f): overlap %.2fx",
                 sum->pipeline_ms_median, sum->serial_ms_median, sum->ideal_ms_median,
                 sum->overlap_median);
    else
        snprintf(buf, n, "ok, %.2f GB/s", sum->gbps.median);
    return buf;
}

static void print_pipelines(FILE *out, const struct pipe_line *p, size_t n)
{
    if (!n)
        return;
    fprintf(out,
            "pipelines, ms (median): pipeline against the stages' serial sum and the "
            "longest stage:\n%-20s %-7s %7s %6s %-9s %9s %9s %9s %8s\n",
            "alloc", "kernel", "streams", "chunks", "size", "pipeline", "serial", "ideal",
            "overlap");
    for (size_t i = 0; i < n; i++) {
        char kernel[32], size[32];
        const struct config *c = p[i].c;
        fprintf(out, "%-20s %-7s %7d %6d %-9s %9.2f %9.2f %9.2f %7.2fx\n",
                schema_value_name(AXIS_ALLOC, config_alloc(c)),
                schema_value_text(AXIS_KERNEL, c->v[AXIS_KERNEL], kernel, sizeof(kernel)),
                config_count(c, AXIS_STREAMS), config_count(c, AXIS_CHUNKS),
                units_format_size(config_size(c), size, sizeof(size)), p[i].ms, p[i].serial_ms,
                p[i].ideal_ms, p[i].overlap);
    }
}

/* What the loop over rounds and configurations shares. */
struct run_loop {
    struct measure_ctx *mc;
    struct run_gpus *gpus;
    const struct experiment *e;
    const struct sweep *s;
    struct results *res;
    struct meta *mt;
    struct sentinel *sn;
    struct measure_opts per_round; /* one round's sampling budget */
    struct budget b;
    struct progress pr;
    struct peak peaks[ALLOC_COUNT][DIR_COUNT];
    struct pipe_line *pipes;
    size_t npipes;
    struct result *acc;      /* per position in s (rows_per_config each): its rounds so far */
    unsigned char *finished; /* per position: its rows are written (or were, before a resume) */
    int *unstable;           /* plan numbers whose rounds disagree (stable=no) */
    int last_config;         /* the plan number measured last, 0 before the first */
    size_t nunstable;
    char *reason;
    size_t reason_len;
};

/* Count a written row, note its peak, pipeline and stability, and show it. */
static void account(struct run_loop *l, const struct result *r, const struct summary *sum)
{
    char status[160];
    if (r->status == RESULT_OK)
        l->mt->ok++;
    else if (r->status == RESULT_SKIPPED)
        l->mt->skipped++;
    else
        l->mt->failed++;
    if (l->gpus->n == 1) /* several: write_gpu_rows notes each GPU's alone row */
        note_peak(l->peaks, r, sum);
    if (r->status == RESULT_OK && config_api(r->config) == API_PIPELINE)
        l->pipes[l->npipes++] =
            (struct pipe_line){r->config, sum->pipeline_ms_median, sum->serial_ms_median,
                               sum->ideal_ms_median, sum->overlap_median};
    if (r->status == RESULT_OK && sum->rounds > 1 && record_stable(&sum->agree) == 0)
        l->unstable[l->nunstable++] = r->config->index;
    progress_end(&l->pr, r->config,
                 r->status == RESULT_OK ? ok_text(r, sum, status, sizeof(status)) : r->error);
}

/*
 * Measure the configuration at position i in round; write its rows when
 * this was its last round or it did not measure (skipped, failed).
 * Returns 0, or -1 when it cannot be recorded (l->reason says why).
 */
static int measure_one_gpus(struct run_loop *l, size_t i, int round);

static int measure_one(struct run_loop *l, size_t i, int round)
{
    if (l->gpus->n > 1)
        return measure_one_gpus(l, i, round);
    const struct config *c = &l->s->configs[i];
    struct result r;
    struct summary sum;
    int rounds = l->e->measure.rounds > 1 ? l->e->measure.rounds : 1;
    progress_begin(&l->pr, c);
    double from = timer_now_ms();
    l->mc->earlier = round > 1 ? &l->acc[i] : NULL;
    int measured = measure_or_skip(l->mc, &l->per_round, c, &l->b, &r);
    l->mc->earlier = NULL;
    l->mt->measuring_ms += timer_now_ms() - from;
    for (int p = 0; p < RUN_PHASE_COUNT; p++)
        l->mt->phase_ms[p] += r.phase_ms[p];
    sentinel_note(l->sn, c->index, round, from, timer_now_ms());
    l->last_config = c->index;
    if (measured == 0 && record_merge_round(&l->acc[i], &r, round) < 0)
        measured = -1;
    result_free(&r);
    if (measured < 0) {
        snprintf(l->reason, l->reason_len, "out of memory measuring configuration %d", c->index);
        return -1;
    }
    if (round < rounds && l->acc[i].status == RESULT_OK) {
        progress_end(&l->pr, c, "round done");
        return 0;
    }
    double writing = timer_now_ms();
    int rc = results_write(l->res, l->e, &l->acc[i], &sum, l->reason, l->reason_len);
    l->mt->writing_ms += timer_now_ms() - writing;
    if (rc == 0)
        account(l, &l->acc[i], &sum);
    l->finished[i] = 1;
    result_free(&l->acc[i]);
    return rc;
}

/* A GPU's link rate per direction (the aggregate's: their sum), NaN when unknown. */
static double link_of(const struct run_gpus *g, const struct result *r)
{
    double sum = 0;
    for (int k = 0; k < g->n; k++) {
        double one =
            g->link[k].known ? sysinfo_link_gbps(g->link[k].cur_gen, g->link[k].cur_width) : NAN;
        char dev[16];
        snprintf(dev, sizeof(dev), "%d", g->mc[k].gpu->device);
        if (strcmp(r->devices, dev) == 0)
            return one;
        sum += one;
    }
    return sum;
}

/* Write rows[0..n) of one configuration; the row that counts for it (the worst, or the last)
   is accounted.  Returns 0, or -1 (l->reason says why). */
static int write_gpu_rows(struct run_loop *l, struct result *const *rows, int n)
{
    struct summary sum, counted_sum;
    const struct result *counted = rows[n - 1];
    for (int k = 0; k < n; k++) {
        l->res->link_gbps = link_of(l->gpus, rows[k]);
        double writing = timer_now_ms();
        int rc = results_write(l->res, l->e, rows[k], &sum, l->reason, l->reason_len);
        l->mt->writing_ms += timer_now_ms() - writing;
        if (rc < 0)
            return -1;
        if (rows[k]->role == GPU_ROLE_ALONE)
            note_peak(l->peaks, rows[k], &sum);
        if (rows[k]->status != RESULT_OK && counted->status == RESULT_OK)
            counted = rows[k];
        if (counted == rows[k])
            counted_sum = sum;
    }
    account(l, counted, &counted_sum);
    return 0;
}

/* The rows of a configuration: one; with several GPUs each GPU's alone, and together each
   GPU's at once and the aggregate (2n + 1). */
static size_t rows_per_config(const struct run_gpus *g)
{
    return g->n == 1 ? 1 : g->together ? 2 * (size_t)g->n + 1 : (size_t)g->n;
}

/*
 * The together rows of each GPU and the aggregate of a configuration that does not fit
 * one GPU (why), skipped, after rows[0..n) its alone rows; returns the new n.
 */
static int skipped_together_rows(const struct run_gpus *g, struct together_gpu *tg,
                                 struct together_run *run, struct result **rows, int n,
                                 const char *why)
{
    struct result *agg = &run->aggregate;
    memset(agg, 0, sizeof(*agg));
    agg->config = rows[0]->config;
    for (int k = 0; k < g->n; k++) {
        struct result *r = &tg[k].together;
        memset(r, 0, sizeof(*r));
        r->config = agg->config;
        measure_skip(r, why);
        r->role = GPU_ROLE_TOGETHER;
        snprintf(r->devices, sizeof(r->devices), "%d", g->mc[k].gpu->device);
        snprintf(agg->devices + strlen(agg->devices), sizeof(agg->devices) - strlen(agg->devices),
                 "%s%d", k ? "+" : "", g->mc[k].gpu->device);
        rows[n++] = r;
    }
    measure_skip(agg, why);
    agg->role = GPU_ROLE_AGGREGATE;
    rows[n++] = agg;
    return n;
}

/*
 * One configuration on several GPUs in round: each one after another (a row per
 * GPU), or together (each alone, each together, and the aggregate).  Its rows are
 * merged over the rounds and written after the last, or at once when a GPU alone did
 * not measure.  Returns 0, or -1 when they cannot be recorded (l->reason says why).
 */
static int measure_one_gpus(struct run_loop *l, size_t i, int round)
{
    const struct config *c = &l->s->configs[i];
    struct run_gpus *g = l->gpus;
    struct together_gpu tg[TOGETHER_MAX_GPUS];
    struct together_run run;
    struct result *rows[2 * TOGETHER_MAX_GPUS + 1], *acc = &l->acc[i * rows_per_config(g)];
    int n = 0, rc = 0, rounds = l->e->measure.rounds > 1 ? l->e->measure.rounds : 1;
    char why[400];
    progress_begin(&l->pr, c);
    double from = timer_now_ms();
    memset(tg, 0, sizeof(tg));
    memset(&run, 0, sizeof(run));
    for (int k = 0; k < g->n; k++) {
        tg[k].mc = &g->mc[k];
        g->mc[k].earlier = round > 1 ? &acc[k] : NULL; /* its batch and round trip */
    }
    if (budget_check(c, &l->b, why, sizeof(why)) != BUDGET_FITS || !g->together) {
        int fits = budget_check(c, &l->b, why, sizeof(why)) == BUDGET_FITS;
        for (int k = 0; k < g->n && rc == 0; k++) {
            struct result *r = &tg[k].alone;
            if (fits)
                rc = measure_config(&g->mc[k], &l->per_round, c, r);
            else
                measure_or_skip(&g->mc[k], &l->per_round, c, &l->b, r);
            r->role = GPU_ROLE_ALONE;
            snprintf(r->devices, sizeof(r->devices), "%d", g->mc[k].gpu->device);
            rows[n++] = r;
        }
        if (g->together) /* every configuration has its 2n + 1 rows, these skipped with why */
            n = skipped_together_rows(g, tg, &run, rows, n, why);
    } else {
        int at_once = budget_check_together(c, g->n, &l->b, why, sizeof(why)) == BUDGET_FITS;
        rc = measure_together(tg, g->n, &l->per_round, c, &run, at_once ? NULL : why);
        for (int k = 0; k < g->n; k++)
            rows[n++] = &tg[k].alone;
        for (int k = 0; k < g->n; k++)
            rows[n++] = &tg[k].together;
        rows[n++] = &run.aggregate;
    }
    for (int k = 0; k < g->n; k++)
        g->mc[k].earlier = NULL;
    l->mt->measuring_ms += timer_now_ms() - from;
    sentinel_note(l->sn, c->index, round, from, timer_now_ms());
    l->last_config = c->index;
    if (rc == 0 && together_merge_round(acc, rows, n, g->n, round) < 0)
        rc = -1;
    together_free(tg, g->n, &run);
    if (rc < 0) {
        snprintf(l->reason, l->reason_len, "out of memory measuring configuration %d", c->index);
        return -1;
    }
    int alone_ok = 1;
    for (int k = 0; k < g->n; k++)
        alone_ok &= acc[k].status == RESULT_OK;
    if (round < rounds && alone_ok) {
        progress_end(&l->pr, c, "round done");
        return 0;
    }
    struct result *done[2 * TOGETHER_MAX_GPUS + 1];
    for (int k = 0; k < n; k++)
        done[k] = &acc[k];
    rc = write_gpu_rows(l, done, n);
    l->finished[i] = 1;
    for (int k = 0; k < n; k++)
        result_free(&acc[k]);
    return rc;
}

/* One round over the configurations not finished yet, in its order. */
static int measure_round(struct run_loop *l, int round, const size_t *order)
{
    const struct sweep *s = l->s;
    int per_config = l->per_round.samples ? l->per_round.samples : l->per_round.min_samples;
    progress_start(&l->pr, l->pr.mode, stderr, s, per_config + l->e->measure.warmup);
    for (size_t k = 0; k < s->n && !stop_signal; k++) {
        size_t i = order[k];
        if (l->finished[i]) {
            progress_end(&l->pr, &s->configs[i], round == 1 ? "done before" : "done");
            continue;
        }
        double ticking = timer_now_ms();
        int ticked =
            sentinel_tick(l->sn, l->mc, 0, l->last_config, round, l->reason, l->reason_len);
        l->mt->sentinel_ms += timer_now_ms() - ticking;
        if (ticked < 0 || measure_one(l, i, round) < 0) {
            progress_finish(&l->pr);
            fprintf(stderr,
                    "pinsweep: %s\npinsweep: the run stops: configuration %d is not recorded "
                    "(every one finished before it is kept)\n",
                    l->reason, s->configs[i].index);
            return -1;
        }
    }
    progress_finish(&l->pr);
    return 0;
}

/* The configurations whose rounds disagree (stable=no), at the end of the run. */
static void print_unstable(FILE *out, const struct run_loop *l)
{
    if (l->e->measure.rounds <= 1)
        return;
    fprintf(out,
            "rounds: %d; %zu configuration%s whose rounds disagree more than their noise allows "
            "(stable=no in summary.csv)%s",
            l->e->measure.rounds, l->nunstable, l->nunstable == 1 ? "" : "s",
            l->nunstable ? ":" : "");
    for (size_t k = 0; k < l->nunstable; k++)
        fprintf(out, " %d", l->unstable[k]);
    fputc('\n', out);
}

/*
 * Measure every configuration in e->measure.rounds rounds, reading the
 * sentinel between them, appending a configuration's rows once its last
 * round is done.  A configuration that cannot be recorded stops the run:
 * -1, with why in reason (size n) and mt->reason pointing at it.
 */
static int measure_all(struct run_gpus *gpus, const struct experiment *e, const struct sweep *s,
                       struct results *res, struct meta *mt, struct sentinel *sn,
                       const struct run_opts *o, uint64_t gpu_free, const unsigned char *done,
                       char *reason, size_t n)
{
    struct measure_ctx *mc = &gpus->mc[0];
    struct run_loop l = {.mc = mc,
                         .gpus = gpus,
                         .e = e,
                         .s = s,
                         .res = res,
                         .mt = mt,
                         .sn = sn,
                         .reason = reason,
                         .reason_len = n};
    size_t cells = s->n ? s->n : 1;
    int rounds = e->measure.rounds > 1 ? e->measure.rounds : 1, rc = -1;
    size_t *order = malloc(cells * sizeof(*order));
    l.pipes = calloc(cells, sizeof(*l.pipes));
    l.acc = calloc(cells * rows_per_config(gpus), sizeof(*l.acc));
    l.finished = calloc(cells, 1);
    l.unstable = calloc(cells, sizeof(*l.unstable));
    if (!order || !l.pipes || !l.acc || !l.finished || !l.unstable) {
        snprintf(reason, n, "out of memory");
        fprintf(stderr, "pinsweep: out of memory\n");
        goto out;
    }
    rounds_round_opts(&e->measure, &l.per_round);
    l.b = (struct budget){
        .pinned_cap = o->pinned_cap, .gpu_free = gpu_free, .ram = sysinfo_ram_bytes()};
    for (size_t i = 0; i < s->n; i++)
        l.finished[i] = done && done[s->configs[i].index - 1];
    for (int k = 0; k < gpus->n; k++) { /* host buffers kept: a quarter of the RAM in all */
        reserve_device(&gpus->mc[k], s, &l.b, done);
        uint64_t keep = l.b.ram / 4 < o->pinned_cap ? l.b.ram / 4 : o->pinned_cap;
        gpus->mc[k].hostpool.limit_bytes = keep / (uint64_t)gpus->n;
    }
    l.pr.mode = o->progress;
    for (int round = 1; round <= rounds && !stop_signal; round++) {
        if (rounds_order(s, rounds, (unsigned long)e->measure.seed, round, order) < 0) {
            snprintf(reason, n, "out of memory ordering round %d", round);
            goto out;
        }
        if (rounds > 1)
            fprintf(stderr, "pinsweep: round %d of %d (seed %lu)\n", round, rounds,
                    rounds_seed((unsigned long)e->measure.seed, round));
        if (measure_round(&l, round, order) < 0)
            goto out;
    }
    if (!stop_signal && sentinel_tick(sn, mc, 1, l.last_config, rounds, reason, n) < 0) {
        fprintf(stderr, "pinsweep: %s\n", reason);
        goto out;
    }
    rc = 0;
out:
    if (rc < 0)
        mt->reason = reason;
    for (int k = 0; k < gpus->n; k++) {
        struct measure_ctx *m = &gpus->mc[k];
        mt->host_buffers_reused += m->hostpool.reused;
        if (hostpool_release(&m->hostpool, m->gpu) < 0)
            fprintf(stderr, "pinsweep: warning: freeing the kept host buffers: %s\n",
                    m->gpu->ops->error(m->gpu));
        devpool_release(&m->pool, m->gpu);
    }
    if (rc == 0) {
        print_peaks(stdout, l.peaks, gpus->n);
        print_pipelines(stdout, l.pipes, l.npipes);
        print_unstable(stdout, &l);
    }
    for (size_t i = 0; l.acc && i < s->n * rows_per_config(gpus); i++)
        result_free(&l.acc[i]);
    free(order);
    free(l.pipes);
    free(l.acc);
    free(l.finished);
    free(l.unstable);
    return rc;
}

/*
 * Whether the folder dir was measured on g's GPUs: as many (meta.yaml's
 * topology.gpus; 1 before it was written), with the same bus ids.  -1 with
 * why in err when not: its rows could not be resumed as they are.
 */
static int same_gpus(const char *dir, const struct run_gpus *g, char *err, size_t n)
{
    struct meta_doc old;
    char path[4200], why[1024], key[64];
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_read(path, &old, why, sizeof(why)) < 0)
        return 0; /* results_resume says what is wrong with the folder */
    const char *count = meta_get(&old, "topology.gpus");
    int was = count ? atoi(count) : 1, rc = 0;
    for (int k = 0; k < g->n && was == g->n && rc == 0; k++) {
        snprintf(key, sizeof(key), "topology.gpu%d.pci_bus_id", g->info[k].device);
        const char *bus = meta_get(&old, key);
        if (bus && strcmp(bus, g->info[k].pci_bus_id) != 0) {
            snprintf(err, n,
                     "%s was measured with GPU %d at %s, and this machine's GPU %d is at %s; "
                     "resume needs the same GPUs (run it again into a new folder)",
                     dir, g->info[k].device, bus, g->info[k].device, g->info[k].pci_bus_id);
            rc = -1;
        }
    }
    if (was != g->n) {
        snprintf(err, n,
                 "%s was measured on %d GPU%s and this run has %d; resume needs the same GPUs "
                 "(run it again into a new folder)",
                 dir, was, was == 1 ? "" : "s", g->n);
        rc = -1;
    }
    meta_doc_free(&old);
    return rc;
}

/*
 * A new results folder, or (--resume) the interrupted one to go on with:
 * then done[] marks its finished configurations and mt counts them, and
 * started_text keeps when the first part started.  Returns 0 or an exit
 * code; on EXIT_SYSTEM mt->reason says why (reason, size rn) and *made is
 * set when the folder got a file of the run before the failure.
 */
static int open_results(struct results *res, const char *dir, const struct experiment *e,
                        const struct sweep *s, const struct run_opts *o, unsigned char *done,
                        struct meta *mt, char *started_text, size_t n, char *reason, size_t rn,
                        int *made, const struct run_gpus *g)
{
    if (o->resume_dir && same_gpus(dir, g, reason, rn) < 0) {
        fprintf(stderr, "pinsweep: --resume: %s\n", reason);
        *made = 0;
        return EXIT_USAGE;
    }
    int rc = o->resume_dir
                 ? results_resume(res, dir, e, done, shard_max_index(s), rows_per_config(g),
                                  &mt->ok, &mt->failed, &mt->skipped, reason, rn)
                 : results_open(res, dir, e, reason, rn);
    *made = o->resume_dir ? 1 : res->made;
    if (rc < 0) {
        fprintf(stderr, "pinsweep: %s%s\n", o->resume_dir ? "--resume: " : "", reason);
        mt->reason = reason;
        return rc == RESULTS_EUSAGE ? EXIT_USAGE : EXIT_SYSTEM;
    }
    if (!o->resume_dir)
        return 0;
    struct meta_doc old;
    char path[4200], err[1024];
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_read(path, &old, err, sizeof(err)) == 0) {
        const char *st = meta_get(&old, "run.started");
        if (st) {
            snprintf(started_text, n, "%s", st);
            mt->started_text = started_text;
        }
        meta_doc_free(&old);
    }
    mt->resumed = time(NULL);
    fprintf(stderr, "pinsweep: resuming %s: %zu of %zu configurations done before\n", dir,
            mt->ok + mt->failed + mt->skipped, s->n);
    return 0;
}

/*
 * The run cannot go on for want of disk (or another system error, in
 * mt->reason): meta.yaml says so when it can, and the user is told how to
 * go on.
 */
static void record_failure(const char *dir, struct meta *mt, int measured)
{
    char err[1024], path[4200];
    mt->status = "failed";
    mt->finished = time(NULL);
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_write(path, mt, err, sizeof(err)) < 0)
        fprintf(stderr,
                "pinsweep: meta.yaml could not be written either (%s), so it does not say why "
                "the run stopped\n",
                err);
    fprintf(stderr, "pinsweep: %swhen that is fixed, go on with: pinsweep run %s --resume %s\n",
            measured ? "" : "the run stopped before measuring anything; ", mt->exp->path, dir);
}

/*
 * The files made from the measurements: host-memcpy.csv, fits.csv,
 * breakeven.csv.  Returns 0, or -1 with why in reason (size n).
 */
static int write_side_files(const char *dir, const struct sweep *s, char *reason, size_t n)
{
    if (write_host_reference(dir, s, reason, n) < 0 || fit_results(dir, stdout, reason, n) < 0 ||
        breakeven_write(dir, stdout, reason, n) < 0)
        return -1;
    return 0;
}

/*
 * Warn about the machine state that moves numbers (when: "at the start",
 * "at the end"): other processes on the GPU, clocks held down, persistence
 * mode off, and the host's (hoststate_warn).
 */
static void warn_machine(const struct nvml_state *g, const struct host_state *h, const char *when)
{
    char reasons[256];
    if (g->valid && g->other_processes > 0)
        fprintf(stderr,
                "pinsweep: warning: %s %d other process%s on the GPU: they share its copy "
                "engines and PCIe link\n",
                when, g->other_processes, g->other_processes == 1 ? " is" : "es are");
    if (g->valid && g->throttle_reasons > 0 &&
        (g->throttle_reasons & (long long)NVML_THROTTLE_SLOWING))
        fprintf(stderr, "pinsweep: warning: %s the GPU's clocks are held down (%s)\n", when,
                nvml_throttle_text(g->throttle_reasons & (long long)NVML_THROTTLE_SLOWING, reasons,
                                   sizeof(reasons)));
    if (g->valid && g->persistence == 0)
        fprintf(stderr,
                "pinsweep: warning: %s persistence mode is off: the driver may tear the GPU "
                "down between runs (nvidia-smi -pm 1)\n",
                when);
    hoststate_warn(stderr, h, when);
}

/*
 * After the loop: the side files, the end state in meta.yaml, the summary
 * line, figures.  Returns -1 when the run failed (mt->reason says why).
 */
static int finish(const char *dir, const char *meta_path, struct meta *mt, const struct sweep *s,
                  const struct run_opts *o, double t0, char *reason, size_t n)
{
    char err[1024], el[32];
    nvml_read(&mt->gpu_end);
    sysinfo_cpu_times(&mt->cpu_end);
    hoststate_read("", &mt->host_end);
    warn_machine(&mt->gpu_end, &mt->host_end, "at the end");
    if (nvml_clocks_dropped(&mt->gpu_start, &mt->gpu_end))
        fprintf(stderr,
                "pinsweep: warning: the GPU's SM clock dropped during the run, from %u "
                "to %u MHz (throttling?); later configurations may read low\n",
                mt->gpu_start.sm_clock_mhz, mt->gpu_end.sm_clock_mhz);
    if (!mt->reason && !stop_signal && write_side_files(dir, s, reason, n) < 0) {
        fprintf(stderr, "pinsweep: %s\n", reason);
        mt->reason = reason;
    }
    fprintf(stderr, "pinsweep: %zu configurations: %zu ok, %zu failed%s, in %s; results in %s\n",
            s->n, mt->ok, mt->failed, skipped_text(mt->skipped),
            progress_format_duration((timer_now_ms() - t0) / 1e3, el, sizeof(el)), dir);
    if (mt->reason) {
        record_failure(dir, mt, 1);
        return -1;
    }
    mt->finished = time(NULL);
    if (meta_write(meta_path, mt, err, sizeof(err)) < 0)
        fprintf(stderr, "pinsweep: %s\n", err);
    if (stop_signal) {
        fprintf(stderr,
                "pinsweep: interrupted by %s; every finished configuration is kept. Go "
                "on with: pinsweep run %s --resume %s\n",
                stop_signal == SIGINT ? "SIGINT" : "SIGTERM", mt->exp->path, dir);
        return 0;
    }
    render(dir, o);
    return 0;
}

int run_experiment(const struct experiment *e, const struct sweep *s, const struct run_opts *o)
{
    struct run_gpus *gpus = NULL;
    const struct gpu_ops *ops = run_engine();
    struct gpu *g = NULL;
    struct gpu_info gpu;
    struct host_info host;
    struct pcie_link link;
    struct results res = {0};
    char err[1024], *dir = NULL, *meta_path = NULL, nvml_why[512], started[64], reason[1024];
    unsigned char *done = NULL;
    struct sentinel sn;
    int code = EXIT_SYSTEM, made = 0;
    memset(&sn, 0, sizeof(sn));

    if (sentinel_init(&sn, e, s, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return EXIT_USAGE;
    }
    if (!ops) {
        fprintf(stderr, "pinsweep: PINSWEEP_ENGINE='%s' is not an engine; allowed: cuda, fake\n",
                getenv("PINSWEEP_ENGINE"));
        return EXIT_USAGE;
    }
    if (ops->open(e->device, &gpu, &g, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return EXIT_SYSTEM;
    }
    sysinfo_host(&host);
    sysinfo_pcie_link(sysinfo_sysfs_root(), gpu.pci_bus_id, &link);
    sysinfo_pcie_payload(sysinfo_sysfs_root(), gpu.pci_bus_id, &link); /* once: see sysinfo.h */
    int gpu_node = numabind_gpu_node(sysinfo_sysfs_root(), gpu.pci_bus_id);
    if (!(gpus = calloc(1, sizeof(*gpus)))) {
        fprintf(stderr, "pinsweep: out of memory\n");
        goto out;
    }
    gpus->n = 1;
    gpus->mc[0] = (struct measure_ctx){.gpu = g, .gpu_node = gpu_node};
    gpus->info[0] = gpu;
    gpus->link[0] = link;
    if (gpus_open_more(ops, e, gpus, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        goto out;
    }
    int have_nvml = nvml_open(gpu.pci_bus_id, nvml_why, sizeof(nvml_why)) == 0;
    gpus_read_topology(gpus);
    struct meta mt = {.exp = e,
                      .gpu = &gpu,
                      .host = &host,
                      .link = &link,
                      .engine = ops->name,
                      .command_line = o->command_line,
                      .status = "running",
                      .started = time(NULL),
                      .configs = s->n,
                      .gpu_numa_node = gpu_node,
                      .topology = gpus->topo,
                      .ngpus = gpus->n,
                      .numa_nodes = numabind_nodes(),
                      .nvml_unavailable = have_nvml ? NULL : nvml_why,
                      .shard_index = o->shard_index,
                      .shard_count = o->shard_count};
    dir = o->resume_dir ? strdup(o->resume_dir)
          : o->out_dir  ? strdup(o->out_dir)
                        : results_default_dir(e->name, host.hostname, time(NULL));
    done = calloc(shard_max_index(s) + 1, 1); /* by plan number: a shard's go beyond s->n */
    if (!dir || !done) {
        fprintf(stderr, "pinsweep: out of memory\n");
        goto out;
    }
    code = open_results(&res, dir, e, s, o, done, &mt, started, sizeof(started), reason,
                        sizeof(reason), &made, gpus);
    if (code != 0) {
        if (code == EXIT_SYSTEM && made)
            record_failure(dir, &mt, 0);
        goto out;
    }
    code = EXIT_SYSTEM;
    res.link_gbps = link.known ? sysinfo_link_gbps(link.cur_gen, link.cur_width) : NAN;
    nvml_read(&mt.gpu_start);
    sysinfo_cpu_times(&mt.cpu_start);
    hoststate_read("", &mt.host_start);
    warn_machine(&mt.gpu_start, &mt.host_start, "at the start");
    sn.bus_id = gpu.pci_bus_id;
    sn.shard = o->shard_count ? o->shard_index : 0;
    meta_path = results_path(&res, "meta.yaml");
    if (!meta_path || meta_write(meta_path, &mt, reason, sizeof(reason)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", meta_path ? reason : "out of memory");
        if (meta_path)
            fprintf(stderr,
                    "pinsweep: the run stopped before measuring anything; when that is fixed, "
                    "go on with: pinsweep run %s --resume %s\n",
                    e->path, dir);
        goto out;
    }
    fprintf(stderr, "pinsweep: %zu configurations of %s on GPU %d (%s, %s)", s->n, e->name,
            e->device, gpu.name, gpu.pci_bus_id);
    for (int k = 1; k < gpus->n; k++)
        fprintf(stderr, "%s GPU %d (%s)", k + 1 == gpus->n ? " and" : ",", gpus->mc[k].gpu->device,
                gpus->info[k].pci_bus_id);
    if (gpus->n > 1)
        fprintf(stderr, ", %s", gpus->together ? "together" : "each in turn");
    fprintf(stderr, " -> %s\n", dir);
    if (gpus->together)
        gpus_print_sharing(stderr, gpus, "pinsweep: ");
    catch_stop_signals();
    double t0 = timer_now_ms();
    if (sentinel_start(&sn, dir, t0, reason, sizeof(reason)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", reason);
        mt.reason = reason;
        record_failure(dir, &mt, 0);
        goto out;
    }
    mt.drift_sentinel = sn.on ? sn.what : NULL;
    int rc = measure_all(gpus, e, s, &res, &mt, &sn, o, gpu.mem_free_bytes, done, reason,
                         sizeof(reason));
    if (sentinel_finish(&sn, e->measure.target_rsd_pct, stderr, reason, sizeof(reason)) < 0 &&
        rc == 0) {
        fprintf(stderr, "pinsweep: %s\n", reason);
        mt.reason = reason;
        rc = -1;
    }
    mt.host_start.busy_link = sn.link_first;
    mt.host_end.busy_link = sn.link_last;
    if (sn.link_first.known)
        hoststate_warn_link(stderr, &sn.link_first, "at the start");
    if (sn.on) {
        mt.drift = &sn.drift;
        mt.drift_spans = sn.spans;
        mt.drift_nspans = sn.nspans;
    }
    mt.status = rc < 0 ? "failed" : stop_signal ? "interrupted" : "complete";
    results_close(&res);
    gpus_close_more(ops, gpus);
    ops->close(g);
    g = NULL;
    if (finish(dir, meta_path, &mt, s, o, t0, reason, sizeof(reason)) < 0)
        rc = -1;
    code = rc < 0        ? EXIT_SYSTEM
           : stop_signal ? EXIT_INTERRUPTED + (stop_signal == SIGTERM ? 13 : 0)
           : mt.failed   ? EXIT_SOME_FAILED
                         : EXIT_ALL_OK;
out:
    sentinel_free(&sn);
    results_close(&res);
    gpus_close_more(ops, gpus);
    free(gpus);
    ops->close(g);
    nvml_close();
    free(meta_path);
    free(dir);
    free(done);
    return code;
}
