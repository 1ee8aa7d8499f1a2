/*
 * measure_loop.c - the sampling loop and its stopping rule; failing or
 * skipping a configuration (measure_loop.h, measure.h).
 */
#include "measure/measure_loop.h"
#include "base/stats.h"
#include "base/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void measure_fail(struct result *r, const char *stage, const char *why)
{
    r->status = RESULT_ERROR;
    snprintf(r->error, sizeof(r->error), "%s: %s", stage, why);
}

void run_phase_lap(const struct timer_clock *clock, struct result *r, enum run_phase p,
                   double *since)
{
    double now = timer_read(clock);
    r->phase_ms[p] += now - *since;
    *since = now;
}

void measure_skip(struct result *r, const char *why)
{
    r->status = RESULT_SKIPPED;
    snprintf(r->error, sizeof(r->error), "skipped: %s", why);
}

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

int measure_sample_loop(const struct timer_clock *clock, const struct measure_opts *m,
                        const struct config *c, struct result *r, sample_fn take, void *ctx)
{
    int cap = measure_max_samples(m);
    double *gbps = malloc((size_t)cap * sizeof(*gbps));
    double t0 = timer_read(clock);
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
        record_sample_rates(c, &r->samples[r->nsamples], &sr);
        gbps[r->nsamples++] = sr.gbps;
        r->stop = measure_should_stop(m, gbps, r->nsamples, timer_read(clock) - t0, &r->rsd_pct);
    }
    rc = 0;
out:
    free(gbps);
    return rc;
}
