/*
 * interval.c - the one interval of every median (see interval.h): Student's
 * t from GSL, the logs' deviation from base/stats.
 */
#include "analysis/interval.h"
#include "base/stats.h"

#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int interval_known(const struct interval *iv)
{
    return iv->basis != INTERVAL_NONE && isfinite(iv->half_log);
}

void interval_none(double median, struct interval *out)
{
    double m = median > 0 && isfinite(median) ? median : NAN;
    *out = (struct interval){m, m, m, NAN, 0, INTERVAL_NONE, 0};
}

/* out's interval from s, the deviation of the logs of n values: h and the ends. */
static void interval_set(struct interval *out, double median, double s, double n,
                         enum interval_basis basis)
{
    interval_none(median, out);
    if (isnan(out->median) || !(n >= 2) || !(s >= 0) || !isfinite(s) || basis == INTERVAL_NONE)
        return;
    double h = gsl_cdf_tdist_Pinv(0.975, n - 1) * s * sqrt(1 + 1 / n);
    out->half_log = h;
    out->lo = out->median * exp(-h);
    out->hi = out->median * exp(h);
    out->n = n;
    out->basis = basis;
}

int interval_of_values(double median, const double *x, size_t n, enum interval_basis basis,
                       struct interval *out)
{
    double *logs = malloc((n ? n : 1) * sizeof(*logs));
    size_t k = 0;
    struct stats st;
    interval_none(median, out);
    if (!logs)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (x[i] > 0 && isfinite(x[i]))
            logs[k++] = log(x[i]);
    int rc = k >= 2 ? stats_compute(logs, k, &st) : 0;
    free(logs);
    if (rc < 0)
        return -1;
    if (k >= 2)
        interval_set(out, median, st.stddev, (double)k, basis);
    return 0;
}

void interval_of_rsd(double median, double rsd_pct, double n, enum interval_basis basis,
                     struct interval *out)
{
    interval_set(out, median, rsd_pct / 100, n, basis);
    out->approx = interval_known(out);
}

/* Sample s's value of quantity q; NaN where it has none. */
static double sample_value(const struct sample_row *s, enum interval_quantity q)
{
    switch (q) {
    case IV_GBPS:
        return s->gbps;
    case IV_US_PER_COPY:
        return s->copies > 0 ? s->device_ms * 1e3 / s->copies : NAN;
    case IV_ALLOC_MS:
        return s->alloc_ms;
    case IV_FREE_MS:
        return s->free_ms;
    case IV_ALLOC_FREE_MS:
        return s->alloc_ms > 0 && s->free_ms > 0 ? s->alloc_ms + s->free_ms : NAN;
    case IV_PIN_MS:
        return s->pin_ms;
    case IV_EFFECTIVE_GBPS:
        return s->effective_gbps;
    case IV_FILL_MS:
        return s->fill_ms;
    case IV_COUNT:
        break;
    }
    return NAN;
}

/* Does a sample's text cell (NULL or "" when the file lacks it) match the row's want? */
static int cell_matches(const char *cell, const char *want)
{
    return !cell || !cell[0] || strcmp(cell, want ? want : "") == 0;
}

/* A value of a sample and its round, sorted by round. */
struct tagged {
    double round, v;
};

static int tagged_order(const void *pa, const void *pb)
{
    const struct tagged *a = pa, *b = pb;
    return (a->round > b->round) - (a->round < b->round);
}

/*
 * The medians of each round of the k values x[] (sorted by round here)
 * into med[], using scratch (k values); how many rounds.
 */
static size_t round_medians(struct tagged *x, size_t k, double *med, double *scratch)
{
    size_t nr = 0;
    qsort(x, k, sizeof(*x), tagged_order);
    for (size_t i = 0, j; i < k; i = j) {
        size_t m = 0;
        for (j = i; j < k && x[j].round == x[i].round; j++)
            scratch[m++] = x[j].v;
        med[nr++] = stats_median(scratch, m);
    }
    return nr;
}

int interval_of_config(const struct samples_file *s, double config, const char *device,
                       const char *gpus, enum interval_quantity q, double median,
                       struct interval *out)
{
    size_t first, n = samples_of_config(s, config, &first), k = 0;
    interval_none(median, out);
    if (n == 0)
        return 0;
    struct tagged *x = malloc(n * sizeof(*x));
    double *med = malloc(n * sizeof(*med)), *scratch = malloc(n * sizeof(*scratch));
    int rc = -1;
    if (!x || !med || !scratch)
        goto out;
    for (size_t i = first; i < first + n; i++) {
        const struct sample_row *r = &s->rows[i];
        double y = sample_value(r, q);
        if (cell_matches(r->device, device) && cell_matches(r->gpus, gpus) && y > 0 && isfinite(y))
            x[k++] = (struct tagged){r->round, y};
    }
    for (size_t i = 0; i < k; i++) /* the samples themselves, for one round */
        scratch[i] = x[i].v;
    rc = interval_of_values(median, scratch, k, INTERVAL_SAMPLES, out);
    size_t nr = rc == 0 ? round_medians(x, k, med, scratch) : 0;
    if (nr >= 2)
        rc = interval_of_values(median, med, nr, INTERVAL_ROUNDS, out);
out:
    free(x);
    free(med);
    free(scratch);
    return rc;
}

double interval_median_of(const struct summary_row *r, enum interval_quantity q)
{
    switch (q) {
    case IV_GBPS:
        return r->gbps_median;
    case IV_US_PER_COPY:
        return r->us_per_copy;
    case IV_ALLOC_MS:
        return r->alloc_ms;
    case IV_FREE_MS:
        return r->free_ms;
    case IV_ALLOC_FREE_MS:
        return r->alloc_ms + r->free_ms;
    case IV_PIN_MS:
        return r->pin_ms;
    case IV_EFFECTIVE_GBPS:
        return r->effective_gbps;
    case IV_FILL_MS:
        return r->fill_ms;
    case IV_COUNT:
        break;
    }
    return NAN;
}

int interval_of_row(const struct samples_file *s, const struct summary_row *r,
                    enum interval_quantity q, struct interval *out)
{
    double m = interval_median_of(r, q);
    size_t first;
    if (s && s->nrows && samples_of_config(s, r->config, &first) > 0)
        return interval_of_config(s, r->config, r->device, r->gpus, q, m, out);
    if (q != IV_GBPS || s) { /* samples.csv without this configuration: nothing to stand on */
        interval_none(m, out);
        return 0;
    }
    if (r->rounds > 1)
        interval_of_rsd(m, r->between_rsd_pct, r->rounds, INTERVAL_ROUNDS, out);
    else
        interval_of_rsd(m, r->rsd_pct, r->samples, INTERVAL_SAMPLES, out);
    return 0;
}

void interval_ratio(const struct interval *a, const struct interval *b, struct interval *out)
{
    double m = a->median / b->median;
    interval_none(b->median > 0 ? m : NAN, out);
    if (!interval_known(a) || !interval_known(b) || isnan(out->median))
        return;
    double h = sqrt(a->half_log * a->half_log + b->half_log * b->half_log);
    out->half_log = h;
    out->lo = m * exp(-h);
    out->hi = m * exp(h);
    out->n = fmin(a->n, b->n);
    out->basis = a->basis == b->basis ? a->basis : INTERVAL_SAMPLES;
    out->approx = a->approx || b->approx;
}

void interval_sum(const struct interval *const *t, size_t k, struct interval *out)
{
    double m = 0, var = 0, n = INFINITY;
    int known = k > 0, approx = 0, same = 1;
    for (size_t i = 0; i < k; i++) {
        m += t[i]->median;
        known &= interval_known(t[i]);
        if (interval_known(t[i])) {
            var += pow(t[i]->median * t[i]->half_log, 2);
            n = fmin(n, t[i]->n);
            approx |= t[i]->approx;
            same &= t[i]->basis == t[0]->basis;
        }
    }
    interval_none(m, out);
    if (!known || isnan(out->median))
        return;
    out->half_log = sqrt(var) / m;
    out->lo = m * exp(-out->half_log);
    out->hi = m * exp(out->half_log);
    out->n = n;
    out->basis = same ? t[0]->basis : INTERVAL_SAMPLES;
    out->approx = approx;
}

void interval_scale(const struct interval *a, double factor, struct interval *out)
{
    *out = *a;
    out->median *= factor;
    out->lo *= factor;
    out->hi *= factor;
}

void interval_recentre(const struct interval *a, double median, struct interval *out)
{
    interval_scale(a, median / a->median, out);
}

int interval_cap(struct interval *iv, double ceiling)
{
    if (!interval_known(iv) || !(ceiling > 0) || !isfinite(ceiling) || !(iv->median <= ceiling) ||
        !(iv->hi > ceiling))
        return 0;
    iv->hi = ceiling;
    iv->capped = 1;
    return 1;
}

char *interval_range_text(const struct interval *iv, void (*num)(double v, char *buf, size_t n),
                          char *buf, size_t n)
{
    char a[32], b[32];
    if (!interval_known(iv)) {
        snprintf(buf, n, "–");
        return buf;
    }
    num(iv->lo, a, sizeof(a));
    num(iv->hi, b, sizeof(b));
    snprintf(buf, n, "%s–%s%s", a, b, iv->capped ? INTERVAL_CAPPED_MARK : "");
    return buf;
}

char *interval_pct_text(const struct interval *iv, char *buf, size_t n)
{
    if (!interval_known(iv))
        snprintf(buf, n, "–");
    else
        snprintf(buf, n, "−%.2f %%/+%.2f %%", 100 * (1 - exp(-iv->half_log)),
                 100 * (exp(iv->half_log) - 1));
    return buf;
}

void interval_tally_init(struct interval_tally *t, int ratio)
{
    *t = (struct interval_tally){0, 0, INFINITY, 0, INFINITY, 0, 0, ratio};
}

void interval_tally_add(struct interval_tally *t, const struct interval *iv)
{
    if (!interval_known(iv))
        return;
    if (iv->basis == INTERVAL_ROUNDS) {
        t->rounds++;
        t->rounds_min = fmin(t->rounds_min, iv->n);
        t->rounds_max = fmax(t->rounds_max, iv->n);
    } else {
        t->samples++;
        t->samples_min = fmin(t->samples_min, iv->n);
        t->samples_max = fmax(t->samples_max, iv->n);
    }
    t->approx += iv->approx != 0;
    t->capped += iv->capped != 0 && !t->ratio; /* a ratio's interval is never capped */
}

/* "3" or "2–3" from a range of counts. */
static void count_text(double lo, double hi, char *buf, size_t n)
{
    if (lo == hi)
        snprintf(buf, n, "%.0f", lo);
    else
        snprintf(buf, n, "%.0f–%.0f", lo, hi);
}

char *interval_statement(const struct interval_tally *t, char *buf, size_t n)
{
    return interval_statement_as(t, "Bars", buf, n);
}

char *interval_statement_as(const struct interval_tally *t, const char *lead, char *buf, size_t n)
{
    char r[32], s[32], of_r[96], of_s[96], capped[96] = "";
    const char *each = t->ratio ? " of each" : "";
    if (!t->rounds && !t->samples) {
        snprintf(buf, n, "No %c%s: no configuration has two values or more.", lead[0] | 0x20,
                 lead + 1);
        return buf;
    }
    count_text(t->rounds_min, t->rounds_max, r, sizeof(r));
    count_text(t->samples_min, t->samples_max, s, sizeof(s));
    snprintf(of_r, sizeof(of_r), "of %sanother round's median%s (%s rounds)",
             t->ratio ? "the ratio of " : "", each, r);
    snprintf(of_s, sizeof(of_s), "of %sanother sample%s (n = %s)", t->ratio ? "the ratio of " : "",
             each, s);
    const char *approx = t->approx ? " (s from summary.csv's rsd: no samples.csv)" : "";
    if (t->capped)
        snprintf(capped, sizeof(capped),
                 "; %zu end%s at the link's raw rate, which no copy exceeds", t->capped,
                 t->capped == 1 ? "s" : "");
    if (t->rounds && t->samples)
        snprintf(buf, n,
                 "%s: 95 %% prediction interval, on the log scale, %s or, in one round, %s%s%s.",
                 lead, of_r, of_s, approx, capped);
    else
        snprintf(buf, n, "%s: 95 %% prediction interval %s, on the log scale%s%s.", lead,
                 t->rounds ? of_r : of_s, approx, capped);
    return buf;
}

char *interval_note(const struct interval_tally *t, char *buf, size_t n)
{
    char r[32], s[32], capped[48] = "";
    const char *approx = t->approx ? " (from rsd)" : "";
    if (!t->rounds && !t->samples) {
        snprintf(buf, n, "no bars: too few values");
        return buf;
    }
    count_text(t->rounds_min, t->rounds_max, r, sizeof(r));
    count_text(t->samples_min, t->samples_max, s, sizeof(s));
    if (t->capped)
        snprintf(capped, sizeof(capped), "; %zu end%s at the raw rate", t->capped,
                 t->capped == 1 ? "s" : "");
    if (t->ratio)
        snprintf(buf, n, "bars: 95 %% prediction interval of the ratio (%s%s%s%s%s)%s%s",
                 t->rounds ? r : "", t->rounds ? " rounds" : "",
                 t->rounds && t->samples ? ", " : "", t->samples ? "n = " : "", t->samples ? s : "",
                 approx, capped);
    else if (t->rounds && t->samples)
        snprintf(
            buf, n,
            "bars: 95 %% prediction interval of another round (%s rounds) or sample (n = %s)%s%s",
            r, s, approx, capped);
    else if (t->rounds)
        snprintf(buf, n, "bars: 95 %% prediction interval of another round (%s rounds)%s%s", r,
                 approx, capped);
    else
        snprintf(buf, n, "bars: 95 %% prediction interval of another sample (n = %s)%s%s", s,
                 approx, capped);
    return buf;
}
