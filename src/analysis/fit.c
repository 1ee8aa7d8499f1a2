/*
 * fit.c - weighted linear least squares (GSL's gsl_fit_wlinear) for fit.h.
 */
#include "analysis/fit.h"
#include "results/fits_csv.h"
#include "results/summary_csv.h"
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
    out->t0_us = c0;
    out->bandwidth_gbps = 1e-3 / c1; /* bytes per µs -> 1e9 bytes per s */
    out->n_half_bytes = c0 / c1;
    out->residual_pct = 100.0 * sqrt(ss / (double)k);
    return 0;
}

/* One curve: the rows of summary.csv that share the experiment and every axis but size. */
struct curve {
    const struct summary_row *key; /* its first row */
    double *n, *t;
    size_t k;
};

static int same_curve(const struct summary_row *a, const struct summary_row *b)
{
    return strcmp(a->experiment, b->experiment) == 0 &&
           memcmp(a->axis, b->axis, sizeof(a->axis)) == 0;
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
    if (h >= 1048576)
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
    fprintf(table, "%-20s %-5s %-6s %9.2f %10.2f %9s %9.1f%s\n",
            summary_axis_text(c->key, AXIS_ALLOC, text[0], sizeof(text[0])),
            summary_axis_text(c->key, AXIS_DIRECTION, text[1], sizeof(text[1])),
            summary_axis_text(c->key, AXIS_API, text[2], sizeof(text[2])), ft->t0_us,
            ft->bandwidth_gbps, half, ft->residual_pct, variant);
}

/* The row of fits.csv for curve c fitted as ft. */
static void write_fit(FILE *f, const struct curve *c, const struct fit *ft)
{
    struct fit_row row = {c->key->experiment};
    memcpy(row.axis, c->key->axis, sizeof(row.axis));
    row.points = (double)ft->points;
    row.t0_us = ft->t0_us;
    row.bandwidth_gbps = ft->bandwidth_gbps;
    row.n_half_bytes = ft->n_half_bytes;
    row.residual_pct = ft->residual_pct;
    format_write_row(f, &fits_format, &row);
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
    for (long i = 0; i < nc; i++) {
        struct fit ft;
        struct curve *c = &cv[i];
        if (fit_latency_bandwidth(c->n, c->t, c->k, &ft) < 0)
            continue;
        write_fit(o->f, c, &ft);
        if (table && fitted == 0)
            print_table_header(table);
        if (table)
            print_table_row(table, c, &ft);
        fitted++;
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
