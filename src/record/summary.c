/*
 * summary.c - what the samples say: each sample's rates (GB/s = 1e9 B/s)
 * and a result's summary statistics (summary.h).
 */
#include "record/summary.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>

/* Bytes per second as GB/s (1e9 B/s) from bytes and milliseconds. */
static double gbps(double bytes, double ms)
{
    return ms > 0 ? bytes / (ms * 1e6) : NAN;
}

void record_sample_rates(const struct config *c, const struct sample *s, struct sample_rates *out)
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

/* The number of rounds r's samples came from (their largest round tag, at least 1). */
static int rounds_of(const struct result *r)
{
    int k = 1;
    for (size_t i = 0; i < r->nsamples; i++)
        if (r->samples[i].round > k)
            k = r->samples[i].round;
    return k;
}

/* A round's samples on the log scale (summary.h): their count, mean (NaN for none), sum of squares.
 */
struct round_logs {
    double n, mean, ss;
};

/* Is sample i of round want (a tag of 0 counts as 1), with a GB/s > 0? */
static int in_round(const double *gbps, const struct sample *s, size_t i, int want)
{
    return (s[i].round ? s[i].round : 1) == want && gbps[i] > 0 && isfinite(gbps[i]);
}

/* The logs of round want's GB/s among the n samples s[] (gbps[] their GB/s). */
static struct round_logs round_logs_of(const double *gbps, const struct sample *s, size_t n,
                                       int want)
{
    struct round_logs x = {0};
    for (size_t i = 0; i < n; i++)
        if (in_round(gbps, s, i, want)) {
            x.n++;
            x.mean += log(gbps[i]);
        }
    x.mean /= x.n;
    for (size_t i = 0; i < n; i++)
        if (in_round(gbps, s, i, want))
            x.ss += pow(log(gbps[i]) - x.mean, 2);
    return x;
}

/* What the two tests sum over the rounds (summary.h). */
struct round_sums {
    double count;    /* N */
    double groups;   /* k, the rounds with samples */
    double sum;      /* sum n_i m_i */
    double sq;       /* sum n_i^2 */
    double ssw;      /* sum SS_i */
    double ssb;      /* sum n_i (m_i - m)^2 */
    double ss;       /* over the rounds with SS_i > 0: sum SS_i, */
    double df;       /* sum (n_i - 1), */
    double compared; /* and k' */
};

/* The level test from t into a's level_f and level_p (t->ssb summed). */
static void agree_level(const struct round_sums *t, double wander, struct rounds_agreement *a)
{
    double msb = t->ssb / (t->groups - 1), msw = t->ssw / (t->count - t->groups);
    double n0 = (t->count - t->sq / t->count) / (t->groups - 1);
    /* every round's samples equal (msw 0): F is +inf (p 0) when the means differ by more than
       the arithmetic's rounding (STABLE_RESOLUTION), NaN (p 1) when not */
    if (msb <= STABLE_RESOLUTION * STABLE_RESOLUTION)
        msb = 0;
    a->level_f = msb / msw;
    a->level_p = isnan(a->level_f) ? 1
                                   : gsl_cdf_fdist_Q(a->level_f / (1 + n0 * wander * wander),
                                                     t->groups - 1, t->count - t->groups);
}

/* One way of the spread test: ratio / c2 on (d1, d2) degrees of freedom, into the least p. */
static void agree_spread_way(double ratio, double d1, double d2, double c2,
                             struct rounds_agreement *a)
{
    a->spread_f = fmax(a->spread_f, ratio);
    a->spread_p = fmin(a->spread_p, gsl_cdf_fdist_Q(ratio / c2, d1, d2));
}

/* Round x's comparisons of the spread test, with t's sums over every round. */
static void agree_spread(const struct round_logs *x, const struct round_sums *t, double wander,
                         struct rounds_agreement *a)
{
    double d = x->n - 1, own = x->ss / d, others = (t->ss - x->ss) / (t->df - d);
    double c2 = fmax(wander * wander, 1);
    agree_spread_way(own / others, d, t->df - d, c2, a);
    agree_spread_way(others / own, t->df - d, d, c2, a);
}

void record_rounds_agree(const double *gbps, const struct sample *s, size_t n, int rounds,
                         double wander, struct rounds_agreement *out)
{
    struct round_sums t = {0};
    out->level_f = out->level_p = out->spread_f = out->spread_p = out->p = NAN;
    for (int want = 1; want <= rounds; want++) {
        struct round_logs x = round_logs_of(gbps, s, n, want);
        if (x.n >= 1) {
            t.count += x.n;
            t.groups++;
            t.sum += x.n * x.mean;
            t.sq += x.n * x.n;
            t.ssw += x.ss;
        }
        if (x.ss > 0) { /* so two samples or more */
            t.ss += x.ss;
            t.df += x.n - 1;
            t.compared++;
        }
    }
    int spread = t.compared >= 2;
    for (int want = 1; want <= rounds; want++) {
        struct round_logs x = round_logs_of(gbps, s, n, want);
        if (x.n >= 1)
            t.ssb += x.n * pow(x.mean - t.sum / t.count, 2);
        if (spread && x.ss > 0)
            agree_spread(&x, &t, wander, out);
    }
    if (t.groups >= 2 && t.count - t.groups >= 1)
        agree_level(&t, wander, out);
    if (spread)
        out->spread_p = fmin(1, 2 * t.compared * out->spread_p);
    double least = fmin(out->level_p, out->spread_p); /* NaN only when both are */
    out->p = isnan(least) ? NAN : fmin(1, 2 * least);
}

int record_stable(const struct rounds_agreement *a)
{
    if (isnan(a->p))
        return -1;
    return a->p >= STABLE_LEVEL;
}

int record_round_disagrees(const struct result *r, int round)
{
    size_t n = 0;
    double *gbps = malloc((r->nsamples ? r->nsamples : 1) * sizeof(*gbps));
    struct sample *s = malloc((r->nsamples ? r->nsamples : 1) * sizeof(*s));
    int rc = -1;
    if (gbps && s) {
        struct rounds_agreement clean, with;
        struct sample_rates sr;
        for (size_t i = 0; i < r->nsamples; i++)
            if (!r->samples[i].disturbed) {
                s[n] = r->samples[i];
                record_sample_rates(r->config, &s[n], &sr);
                gbps[n++] = sr.gbps;
            }
        /* one round (no clean round) and one clean round alone have no p: not unstable */
        record_rounds_agree(gbps, s, n, round - 1, STABLE_WANDER, &clean);
        record_rounds_agree(gbps, s, n, round, STABLE_WANDER, &with);
        rc = record_stable(&clean) != 0 && record_stable(&with) == 0;
    }
    free(gbps);
    free(s);
    return rc;
}

/*
 * Each round's median and rsd of gbps[] (r's samples' bandwidths) into
 * out's round fields, and whether the rounds agree; gbps.median becomes
 * the median of the rounds' medians.  One round: the fields are NaN.
 * Returns 0 or -1 (memory).
 */
static int summarise_rounds(const struct result *r, const double *gbps, struct summary *out)
{
    int k = rounds_of(r);
    double nan = NAN;
    out->rounds = k;
    out->round_median_gbps = out->round_min_gbps = out->round_max_gbps = nan;
    out->between_rsd_pct = out->within_rsd_pct = out->pi95_pct = nan;
    record_rounds_agree(gbps, r->samples, r->nsamples, k, STABLE_WANDER, &out->agree);
    if (k <= 1)
        return 0;
    double *one = malloc((r->nsamples ? r->nsamples : 1) * sizeof(double));
    double *med = malloc((size_t)k * sizeof(double)), *rsd = malloc((size_t)k * sizeof(double));
    int rc = -1;
    if (!one || !med || !rsd)
        goto out;
    for (int round = 1; round <= k; round++) {
        size_t n = 0;
        struct stats st;
        for (size_t i = 0; i < r->nsamples; i++)
            if ((r->samples[i].round ? r->samples[i].round : 1) == round)
                one[n++] = gbps[i];
        if (stats_compute(one, n, &st) < 0)
            goto out;
        med[round - 1] = st.median;
        rsd[round - 1] = n >= 2 ? st.rsd_pct : nan;
    }
    struct stats between;
    if (stats_compute(med, (size_t)k, &between) < 0)
        goto out;
    out->round_median_gbps = out->gbps.median = between.median;
    out->round_min_gbps = between.min;
    out->round_max_gbps = between.max;
    out->between_rsd_pct = between.rsd_pct;
    out->pi95_pct = 100 * stats_pi95_halfwidth(&between) / between.median;
    out->within_rsd_pct = stats_median(rsd, (size_t)k);
    rc = 0;
out:
    free(one);
    free(med);
    free(rsd);
    return rc;
}

int record_summarise(const struct result *r, struct summary *out)
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
        record_sample_rates(r->config, s, &sr);
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
    if (stats_compute(v[S_GBPS], n, &out->gbps) < 0 || summarise_rounds(r, v[S_GBPS], out) < 0)
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
