/*
 * fit.c - weighted linear least squares (GSL's gsl_fit_wlinear) for fit.h.
 */
#include "analysis/fit.h"
#include "results/csv.h"
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

/* A curve's key: the experiment and every axis but size (schema order). */
#define NKEYS (1 + AXIS_SIZE)

/* One curve: the rows of summary.csv that share every key column. */
struct curve {
    const char *key[NKEYS];
    double *n, *t;
    size_t k;
};

static const char *key_col(int j)
{
    return j == 0 ? "experiment" : schema_axes[j - 1].name;
}

static struct curve *find_curve(struct curve *cs, size_t nc, const char *const key[NKEYS])
{
    for (size_t i = 0; i < nc; i++) {
        int same = 1;
        for (int j = 0; j < NKEYS && same; j++)
            same = strcmp(cs[i].key[j], key[j]) == 0;
        if (same)
            return &cs[i];
    }
    return NULL;
}

/* Group the fittable rows of t into curves; returns the count or -1. */
static long group_curves(const struct csv_table *t, struct curve **out)
{
    int kc[NKEYS], cs = csv_table_col(t, "size_bytes"), ct = csv_table_col(t, "us_per_copy_median"),
                   cst = csv_table_col(t, "status");
    struct curve *cv = calloc(t->nrows ? t->nrows : 1, sizeof(*cv));
    size_t nc = 0;
    for (int j = 0; j < NKEYS; j++)
        kc[j] = csv_table_col(t, key_col(j));
    if (!cv)
        return -1;
    for (size_t r = 0; r < t->nrows; r++) {
        const char *key[NKEYS];
        for (int j = 0; j < NKEYS; j++)
            key[j] = csv_table_get(t, r, kc[j]);
        double n = atof(csv_table_get(t, r, cs)), us = atof(csv_table_get(t, r, ct));
        if (strcmp(csv_table_get(t, r, cst), "ok") != 0 ||
            strcmp(key[1 + AXIS_BUFFER], "reuse") != 0 ||
            strcmp(key[1 + AXIS_DIRECTION], "bidir") == 0 || !(n > 0) || !(us > 0))
            continue;
        struct curve *c = find_curve(cv, nc, key);
        if (!c) {
            c = &cv[nc++];
            memcpy(c->key, key, sizeof(key));
            c->n = calloc(t->nrows, sizeof(double));
            c->t = calloc(t->nrows, sizeof(double));
            if (!c->n || !c->t)
                return -1;
        }
        c->n[c->k] = n;
        c->t[c->k++] = us;
    }
    *out = cv;
    return (long)nc;
}

static void print_header(FILE *f)
{
    for (int j = 0; j < NKEYS; j++)
        fprintf(f, "%s,", key_col(j));
    fprintf(f, "points,t0_us,bandwidth_gbps,n_half_bytes,residual_pct\n");
}

/* The table's header, before its first row. */
static void print_table_header(FILE *table)
{
    fprintf(table,
            "fit t(n) = t0 + n/B over the size sweep (reuse):\n%-20s %-5s %-6s %9s %10s %9s "
            "%9s\n",
            "alloc", "dir", "api", "t0 (us)", "B (GB/s)", "n_half", "resid %");
}

int fit_results(const char *results_dir, FILE *table, char *err, size_t errlen)
{
    struct csv_table t;
    struct curve *cv = NULL;
    char path[4200], half[32];
    long nc = -1, fitted = 0;
    FILE *f = NULL;
    snprintf(path, sizeof(path), "%s/summary.csv", results_dir);
    if (csv_table_read(path, &t, err, errlen) < 0)
        return -1;
    nc = group_curves(&t, &cv);
    snprintf(path, sizeof(path), "%s/fits.csv", results_dir);
    if (nc < 0 || !(f = fopen(path, "w"))) {
        snprintf(err, errlen, "cannot write %s: %s", path,
                 nc < 0 ? "out of memory" : strerror(errno));
        fitted = -1;
        goto out;
    }
    print_header(f);
    for (long i = 0; i < nc; i++) {
        struct fit ft;
        struct curve *c = &cv[i];
        if (fit_latency_bandwidth(c->n, c->t, c->k, &ft) < 0)
            continue;
        for (int j = 0; j < NKEYS; j++) {
            csv_put_text(f, c->key[j]);
            fputc(',', f);
        }
        fprintf(f, "%zu,%.4f,%.4f,%.0f,%.3f\n", ft.points, ft.t0_us, ft.bandwidth_gbps,
                ft.n_half_bytes, ft.residual_pct);
        if (table) {
            double h = ft.n_half_bytes;
            if (fitted == 0)
                print_table_header(table);
            if (h >= 1048576)
                snprintf(half, sizeof(half), "%.1fMiB", h / 1048576);
            else
                snprintf(half, sizeof(half), "%.1fKiB", h / 1024);
            char variant[64] = "";
            for (int a = AXIS_API + 1; a < AXIS_SIZE; a++) { /* axes beyond api, when not default */
                char def[32];
                schema_value_text(a, (uint64_t)schema_axes[a].default_value, def, sizeof(def));
                if (c->key[1 + a][0] && strcmp(c->key[1 + a], "-") && strcmp(c->key[1 + a], def))
                    snprintf(variant + strlen(variant), sizeof(variant) - strlen(variant), " %s",
                             c->key[1 + a]);
            }
            fprintf(table, "%-20s %-5s %-6s %9.2f %10.2f %9s %9.1f%s\n", c->key[1 + AXIS_ALLOC],
                    c->key[1 + AXIS_DIRECTION], c->key[1 + AXIS_API], ft.t0_us, ft.bandwidth_gbps,
                    half, ft.residual_pct, variant);
        }
        fitted++;
    }
    if (fclose(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        fitted = -1;
    }
out:
    for (long i = 0; i < nc; i++) {
        free(cv[i].n);
        free(cv[i].t);
    }
    free(cv);
    csv_table_free(&t);
    return (int)fitted;
}
