/*
 * step.c - one configuration in one round, on one GPU or several (see step.h).
 */
#include "run/step.h"
#include "run/loop.h"
#include "base/timer.h"
#include "experiment/budget.h"
#include "measure/measure.h"
#include "measure/together.h"
#include "results/rounds_csv.h"
#include "host/sysinfo.h"

#include <math.h>
#include <string.h>

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
        tally_peak(&l->tally, r, sum);
    tally_row(&l->tally, r, sum);
    progress_end(&l->pr, r->config,
                 r->status == RESULT_OK ? ok_text(r, sum, status, sizeof(status)) : r->error);
}

int step_config(struct run_loop *l, size_t i, int round, const struct result *earlier,
                struct result *r)
{
    struct measure_ctx *mc = &l->gpus->mc[0];
    mc->earlier = earlier;
    mc->round = round;
    int measured = measure_or_skip(mc, &l->per_round, &l->s->configs[i], &l->b, r);
    mc->earlier = NULL;
    return measured;
}

int step_take(struct run_loop *l, size_t i, int round, int measured, struct result *r,
              double from_ms, double to_ms)
{
    const struct config *c = &l->s->configs[i];
    int rounds = l->e->measure.rounds > 1 ? l->e->measure.rounds : 1;
    l->mt->measuring_ms += to_ms - from_ms;
    for (int p = 0; p < RUN_PHASE_COUNT; p++)
        l->mt->phase_ms[p] += r->phase_ms[p];
    sentinel_note(l->sn, c->index, round, from_ms, to_ms);
    l->last_config = c->index;
    size_t before = l->acc[i].nsamples;
    if (measured == 0 && record_merge_round(&l->acc[i], r, round) < 0)
        measured = -1;
    result_free(r);
    if (measured < 0) {
        snprintf(l->reason, l->reason_len, "out of memory measuring configuration %d", c->index);
        return -1;
    }
    if (round < rounds && l->acc[i].status == RESULT_OK) {
        /* kept for --resume: a run stopped before the last round goes on from this one */
        if (rounds_write(&l->res->rounds, l->res->dir, &l->acc[i], round, before, l->reason,
                         l->reason_len) < 0)
            return -1;
        progress_end(&l->pr, c, "round done");
        return 0;
    }
    return step_write(l, i);
}

int step_write(struct run_loop *l, size_t i)
{
    struct summary sum;
    double writing = timer_read(l->clock);
    int rc = results_write(l->res, l->e, &l->acc[i], &sum, l->reason, l->reason_len);
    l->mt->writing_ms += timer_read(l->clock) - writing;
    if (rc == 0)
        account(l, &l->acc[i], &sum);
    l->finished[i] = 1;
    if (!l->keep_acc) /* else kept for a repair round (repair.h) */
        result_free(&l->acc[i]);
    return rc;
}

/* step_measure on a run of one GPU. */
static int measure_one(struct run_loop *l, size_t i, int round)
{
    struct result r;
    progress_begin(&l->pr, &l->s->configs[i]);
    double from = timer_read(l->clock);
    int measured = step_config(l, i, round, round > 1 ? &l->acc[i] : NULL, &r);
    return step_take(l, i, round, measured, &r, from, timer_read(l->clock));
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
        double writing = timer_read(l->clock);
        int rc = results_write(l->res, l->e, rows[k], &sum, l->reason, l->reason_len);
        l->mt->writing_ms += timer_read(l->clock) - writing;
        if (rc < 0)
            return -1;
        if (rows[k]->role == GPU_ROLE_ALONE)
            tally_peak(&l->tally, rows[k], &sum);
        if (rows[k]->status != RESULT_OK && counted->status == RESULT_OK)
            counted = rows[k];
        if (counted == rows[k])
            counted_sum = sum;
    }
    account(l, counted, &counted_sum);
    return 0;
}

size_t step_rows_per_config(const struct run_gpus *g)
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
 * step_measure on a run of several GPUs: the configuration at position i in
 * round on each GPU one after another (a row per GPU), or together (each
 * alone, each together, and the aggregate).  Its rows are merged over the
 * rounds and written after the last, or at once when a GPU alone did not
 * measure.  Returns 0, or -1 when they cannot be recorded (l->reason says why).
 */
static int measure_one_gpus(struct run_loop *l, size_t i, int round)
{
    const struct config *c = &l->s->configs[i];
    struct run_gpus *g = l->gpus;
    struct together_gpu tg[TOGETHER_MAX_GPUS];
    struct together_run run;
    struct result *rows[2 * TOGETHER_MAX_GPUS + 1], *acc = &l->acc[i * step_rows_per_config(g)];
    int n = 0, rc = 0, rounds = l->e->measure.rounds > 1 ? l->e->measure.rounds : 1;
    char why[400];
    progress_begin(&l->pr, c);
    double from = timer_read(l->clock);
    memset(tg, 0, sizeof(tg));
    memset(&run, 0, sizeof(run));
    for (int k = 0; k < g->n; k++) {
        tg[k].mc = &g->mc[k];
        g->mc[k].earlier = round > 1 ? &acc[k] : NULL; /* its batch and round trip */
        g->mc[k].round = round;
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
    l->mt->measuring_ms += timer_read(l->clock) - from;
    sentinel_note(l->sn, c->index, round, from, timer_read(l->clock));
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

int step_done_in_round(const struct run_loop *l, size_t i, int round)
{
    return l->finished[i] || (l->gpus->n == 1 && l->acc[i].rounds >= round);
}

int step_measure(struct run_loop *l, size_t i, int round)
{
    return l->gpus->n > 1 ? measure_one_gpus(l, i, round) : measure_one(l, i, round);
}
