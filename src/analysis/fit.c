/*
 * fit.c - weighted linear least squares (GSL's gsl_fit_wlinear) for fit.h.
 */
#include "analysis/fit.h"
#include "results/fits_csv.h"
#include "results/summary_csv.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <errno.h>
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int fit_latency_bandwidth(const double *n_bytes, const double *t_us, size_t k, struct fit *out)
{
    double c0, c1, cov00, cov01, cov11, chisq, ss = 0;
    memset(out, 0, sizeof(*out));
    out->points = k;
    if (k < 3)
        return -1;
    double *w = malloc(k * sizeof(*w));
    if (!w)
        return -1;
    for (size_t i = 0; i < k; i++)
        w[i] = t_us[i] > 0 ? 1.0 / (t_us[i] * t_us[i]) : 0.0;
    int rc =
        gsl_fit_wlinear(n_bytes, 1, w, 1, t_us, 1, k, &c0, &c1, &cov00, &cov01, &cov11, &chisq);
    free(w);
    if (rc != 0 || !(c1 > 0))
        return -1;
    for (size_t i = 0; i < k; i++) {
        double rel = (c0 + c1 * n_bytes[i] - t_us[i]) / t_us[i];
        ss += rel * rel;
    }
    out->residual_pct = 100.0 * sqrt(ss / (double)k);
    double t_min = INFINITY;
    for (size_t i = 0; i < k; i++)
        t_min = fmin(t_min, t_us[i]);
    /* No copy takes less than no time: a t0 below 0 says t0 + n/B is not this curve.  One within
       FIT_T0_ZERO_US (summary.csv writes times to the nanosecond) or a billionth of the shortest
       time of 0 is rounding of points of t = n/B: it is 0. */
    if (c0 >= -fmax(FIT_T0_ZERO_US, 1e-9 * t_min))
        c0 = fmax(c0, 0);
    if (c0 < 0) {
        out->t0_us = out->bandwidth_gbps = out->n_half_bytes = NAN;
        out->status = FIT_NEGATIVE_T0;
        return 1;
    }
    out->t0_us = c0;
    out->bandwidth_gbps = 1e-3 / c1; /* bytes per µs -> 1e9 bytes per s */
    out->n_half_bytes = c0 / c1;
    out->status = FIT_OK;
    return 0;
}

/* The regime of points [a, b): t(n) = n / B by least squares on the relative residuals. */
static void fit_level(const double *n_bytes, const double *g, size_t a, size_t b,
                      struct fit_regime *out)
{
    double sum = 0, sum2 = 0, ss = 0;
    for (size_t i = a; i < b; i++) {
        sum += g[i];
        sum2 += g[i] * g[i];
    }
    out->points = b - a;
    out->from_bytes = n_bytes[a];
    out->to_bytes = n_bytes[b - 1];
    out->bandwidth_gbps = sum2 / sum; /* minimises sum (g / B - 1)^2 over 1 / B */
    for (size_t i = a; i < b; i++)
        ss += (g[i] / out->bandwidth_gbps - 1) * (g[i] / out->bandwidth_gbps - 1);
    out->residual_pct = 100.0 * sqrt(ss / (double)(b - a));
}

/* The bandwidth of each point, GB/s, into g (k of them); the index of the highest. */
static size_t point_gbps(const double *n_bytes, const double *t_us, size_t k, double *g)
{
    size_t peak = 0;
    for (size_t i = 0; i < k; i++) {
        g[i] = t_us[i] > 0 ? n_bytes[i] / (t_us[i] * 1e3) : 0;
        if (g[i] > g[peak])
            peak = i;
    }
    return peak;
}

int fit_regimes(const double *n_bytes, const double *t_us, size_t k, struct fit_regime *in_cache,
                struct fit_regime *beyond)
{
    double *g = k ? malloc(k * sizeof(*g)) : NULL;
    int found = 0;
    if (!g)
        return 0;
    size_t peak = point_gbps(n_bytes, t_us, k, g), s = k, e, p;
    double top = g[peak];
    while (s > 0 && g[s - 1] < FIT_BEYOND_SHARE * top) /* the largest sizes, fallen */
        s--;
    if (s <= peak || k - s < FIT_REGIME_MIN_POINTS)
        goto out;
    for (e = s; e > 0 && g[e - 1] < FIT_PLATEAU_SHARE * top;) /* the plateau's last size, + 1 */
        e--;
    for (p = e; p > 0 && g[p - 1] >= FIT_BEYOND_SHARE * top;)
        p--;
    if (e - p < FIT_REGIME_MIN_POINTS)
        goto out;
    fit_level(n_bytes, g, p, e, in_cache);
    fit_level(n_bytes, g, s, k, beyond);
    found = beyond->bandwidth_gbps <= FIT_REGIME_DROP * in_cache->bandwidth_gbps;
out:
    free(g);
    return found;
}

/* One curve: the rows of summary.csv that share the experiment and every axis but size. */
struct curve {
    const struct summary_row *key; /* its first row */
    double *n, *t;
    size_t k;
    int show_device; /* the results have several GPUs: the table names the curve's */
};

/* The row's GPU, "" in a folder from before the column. */
static const char *device_of(const struct summary_row *r)
{
    return r->device ? r->device : "";
}

/* One curve is one configuration but its size, on one GPU: several GPUs are not averaged. */
static int same_curve(const struct summary_row *a, const struct summary_row *b)
{
    return strcmp(a->experiment, b->experiment) == 0 &&
           memcmp(a->axis, b->axis, sizeof(a->axis)) == 0 &&
           strcmp(device_of(a), device_of(b)) == 0;
}

static struct curve *find_curve(struct curve *cs, size_t nc, const struct summary_row *r)
{
    for (size_t i = 0; i < nc; i++)
        if (same_curve(cs[i].key, r))
            return &cs[i];
    return NULL;
}

/* Group the fittable rows of s into curves; returns the count or -1. */
static long group_curves(const struct summary_file *s, struct curve **out)
{
    struct curve *cv = calloc(s->nrows ? s->nrows : 1, sizeof(*cv));
    size_t nc = 0;
    if (!cv)
        return -1;
    for (size_t i = 0; i < s->nrows; i++) {
        const struct summary_row *r = &s->rows[i];
        double n = r->size_bytes, us = r->us_per_copy;
        if (!summary_ok(r) || r->axis[AXIS_BUFFER] != BUFFER_REUSE ||
            r->axis[AXIS_DIRECTION] == DIR_BIDIR || !(n > 0) || !(us > 0))
            continue;
        struct curve *c = find_curve(cv, nc, r);
        if (nc && strcmp(device_of(cv[0].key), device_of(r)) != 0)
            cv[0].show_device = 1;
        if (!c) {
            c = &cv[nc++];
            c->key = r;
            c->n = calloc(s->nrows, sizeof(double));
            c->t = calloc(s->nrows, sizeof(double));
            if (!c->n || !c->t)
                return -1;
        }
        c->n[c->k] = n;
        c->t[c->k++] = us;
    }
    for (size_t i = 1; i < nc; i++)
        cv[i].show_device = cv[0].show_device;
    *out = cv;
    return (long)nc;
}

/* The table's header, before its first row. */
static void print_table_header(FILE *table)
{
    fprintf(table,
            "fit t(n) = t0 + n/B over the size sweep (reuse):\n%-20s %-5s %-6s %9s %10s %9s "
            "%9s\n",
            "alloc", "dir", "api", "t0 (us)", "B (GB/s)", "n_half", "resid %");
}

/* One line of the table: the curve's kind, direction, api, fit, and its axes beyond api. */
static void print_table_row(FILE *table, const struct curve *c, const struct fit *ft)
{
    char half[32], variant[64] = "", text[3][32];
    double h = ft->n_half_bytes;
    if (ft->status != FIT_OK)
        snprintf(half, sizeof(half), "-");
    else if (h >= 1048576)
        snprintf(half, sizeof(half), "%.1fMiB", h / 1048576);
    else
        snprintf(half, sizeof(half), "%.1fKiB", h / 1024);
    for (int a = AXIS_API + 1; a < AXIS_SIZE; a++) { /* axes beyond api, when not default */
        uint64_t v = c->key->axis[a];
        char t[32];
        if (v != AXIS_EMPTY && v != AXIS_INVALID && v != AXIS_UNUSED &&
            v != (uint64_t)schema_axes[a].default_value)
            snprintf(variant + strlen(variant), sizeof(variant) - strlen(variant), " %s",
                     schema_value_text(a, v, t, sizeof(t)));
    }
    if (c->show_device)
        snprintf(variant + strlen(variant), sizeof(variant) - strlen(variant), " GPU %s",
                 device_of(c->key));
    char t0[32] = "-", b[32] = "-";
    if (ft->status == FIT_OK) {
        snprintf(t0, sizeof(t0), "%.2f", ft->t0_us);
        snprintf(b, sizeof(b), "%.2f", ft->bandwidth_gbps);
    } else /* t0 < 0: no numbers to show, only that it does not fit */
        snprintf(variant + strlen(variant), sizeof(variant) - strlen(variant),
                 "  not fitting: t0 < 0");
    fprintf(table, "%-20s %-5s %-6s %9s %10s %9s %9.1f%s\n",
            summary_axis_text(c->key, AXIS_ALLOC, text[0], sizeof(text[0])),
            summary_axis_text(c->key, AXIS_DIRECTION, text[1], sizeof(text[1])),
            summary_axis_text(c->key, AXIS_API, text[2], sizeof(text[2])), t0, b, half,
            ft->residual_pct, variant);
}

/* A regime's line of the table, under its curve's. */
static void print_regime_row(FILE *table, int id, const struct fit_regime *r)
{
    char from[32], to[32];
    fprintf(table, "  %-12s %s..%s: %.2f GB/s (%zu sizes, resid %.1f%%)\n", fit_regime_names[id],
            units_format_size((uint64_t)r->from_bytes, from, sizeof(from)),
            units_format_size((uint64_t)r->to_bytes, to, sizeof(to)), r->bandwidth_gbps, r->points,
            r->residual_pct);
}

/* The row of fits.csv for curve c fitted as ft over all its sizes. */
static void write_fit(FILE *f, const struct curve *c, const struct fit *ft)
{
    struct fit_row row = {c->key->experiment};
    memcpy(row.axis, c->key->axis, sizeof(row.axis));
    row.device = device_of(c->key);
    row.regime = fit_regime_names[FIT_ALL];
    row.from_bytes = c->n[0];
    row.to_bytes = c->n[c->k - 1];
    row.points = (double)ft->points;
    row.t0_us = ft->t0_us;
    row.bandwidth_gbps = ft->bandwidth_gbps;
    row.n_half_bytes = ft->n_half_bytes;
    row.residual_pct = ft->residual_pct;
    row.status = fit_status_names[ft->status];
    format_write_row(f, &fits_format, &row);
}

/* The row of fits.csv for regime id of curve c: t(n) = n / B, so t0 and n_half are 0. */
static void write_regime(FILE *f, const struct curve *c, int id, const struct fit_regime *r)
{
    struct fit_row row = {c->key->experiment};
    memcpy(row.axis, c->key->axis, sizeof(row.axis));
    row.device = device_of(c->key);
    row.regime = fit_regime_names[id];
    row.from_bytes = r->from_bytes;
    row.to_bytes = r->to_bytes;
    row.points = (double)r->points;
    row.bandwidth_gbps = r->bandwidth_gbps;
    row.residual_pct = r->residual_pct;
    row.status = fit_status_names[FIT_OK];
    format_write_row(f, &fits_format, &row);
}

/* A point of a curve, for sorting by size. */
struct point {
    double n, t;
};

static int point_order(const void *pa, const void *pb)
{
    const struct point *a = pa, *b = pb;
    return (a->n > b->n) - (a->n < b->n);
}

/* Sort curve c's points by size; -1 when out of memory. */
static int sort_points(struct curve *c)
{
    struct point *pt = malloc((c->k ? c->k : 1) * sizeof(*pt));
    if (!pt)
        return -1;
    for (size_t i = 0; i < c->k; i++)
        pt[i] = (struct point){c->n[i], c->t[i]};
    qsort(pt, c->k, sizeof(*pt), point_order);
    for (size_t i = 0; i < c->k; i++) {
        c->n[i] = pt[i].n;
        c->t[i] = pt[i].t;
    }
    free(pt);
    return 0;
}

/*
 * Curve c into fits.csv (f) and the table: its fit over all sizes, then,
 * for pageable memory, its two regimes when the data show them.  1 when
 * fitted, 0 when not, -1 when out of memory.
 */
static int fit_curve(FILE *f, FILE *table, struct curve *c, int first)
{
    struct fit ft;
    struct fit_regime in, beyond;
    if (sort_points(c) < 0)
        return -1;
    if (fit_latency_bandwidth(c->n, c->t, c->k, &ft) < 0)
        return 0; /* (a fit with t0 < 0 is written, as not fitting: a row that says so) */
    write_fit(f, c, &ft);
    if (table && first)
        print_table_header(table);
    if (table)
        print_table_row(table, c, &ft);
    if (c->key->axis[AXIS_ALLOC] == ALLOC_PAGEABLE && fit_regimes(c->n, c->t, c->k, &in, &beyond)) {
        write_regime(f, c, FIT_IN_CACHE, &in);
        write_regime(f, c, FIT_BEYOND_CACHE, &beyond);
        if (table) {
            print_regime_row(table, FIT_IN_CACHE, &in);
            print_regime_row(table, FIT_BEYOND_CACHE, &beyond);
        }
    }
    return 1;
}

int fit_results(const char *results_dir, FILE *table, char *err, size_t errlen)
{
    struct summary_file s;
    struct curve *cv = NULL;
    long nc = -1, fitted = 0;
    struct outfile *o = NULL;
    if (summary_read(&s, results_dir, err, errlen) < 0) {
        summary_close(&s);
        return FIT_EINPUT;
    }
    nc = group_curves(&s, &cv);
    if (nc < 0)
        snprintf(err, errlen, "out of memory");
    if (nc < 0 || !(o = format_create(&fits_format, results_dir, err, errlen))) {
        fitted = FIT_EWRITE;
        goto out;
    }
    for (long i = 0; i < nc && fitted >= 0; i++) {
        int rc = fit_curve(o->f, table, &cv[i], fitted == 0);
        if (rc < 0) {
            snprintf(err, errlen, "out of memory");
            fitted = FIT_EWRITE;
        }
        fitted += rc > 0;
    }
    if (outfile_close(o, err, errlen) < 0)
        fitted = FIT_EWRITE;
out:
    for (long i = 0; i < nc; i++) {
        free(cv[i].n);
        free(cv[i].t);
    }
    free(cv);
    summary_close(&s);
    return (int)fitted;
}

int fit_describes(const struct fit_row *fit)
{
    return fit->status_id == FIT_OK && fit->points >= FIT_MIN_POINTS &&
           fit->residual_pct < FIT_MAX_RESIDUAL_PCT;
}

double fit_model_gbps(const struct fit_row *fit, double n_bytes)
{
    double s = fit->t0_us * 1e-6 + n_bytes / (fit->bandwidth_gbps * 1e9);
    return s > 0 ? n_bytes / s / 1e9 : NAN;
}
