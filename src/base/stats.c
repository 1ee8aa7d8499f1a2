/*
 * stats.c - summary statistics with GSL's gsl_stats_* and gsl_sort.
 */
#include "base/stats.h"

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int stats_compute(const double *x, size_t n, struct stats *out)
{
    double *v = malloc((n ? n : 1) * sizeof(*v));
    size_t m = 0;
    if (!v)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!isnan(x[i]))
            v[m++] = x[i];
    out->n = m;
    if (m == 0) {
        out->median = out->min = out->max = out->mean = out->stddev = out->rsd_pct = NAN;
        free(v);
        return 0;
    }
    gsl_sort(v, 1, m);
    out->median = gsl_stats_median_from_sorted_data(v, 1, m);
    out->min = v[0];
    out->max = v[m - 1];
    out->mean = gsl_stats_mean(v, 1, m);
    out->stddev = m > 1 ? gsl_stats_sd_m(v, 1, m, out->mean) : 0.0;
    out->rsd_pct = out->mean != 0.0 ? 100.0 * out->stddev / out->mean : 0.0;
    free(v);
    return 0;
}

double stats_median(const double *x, size_t n)
{
    struct stats s;
    if (stats_compute(x, n, &s) < 0)
        return NAN;
    return s.median;
}

double stats_pi95_halfwidth(const struct stats *st)
{
    if (st->n < 2 || isnan(st->stddev))
        return NAN;
    double n = (double)st->n;
    return gsl_cdf_tdist_Pinv(0.975, n - 1) * st->stddev * sqrt(1 + 1 / n);
}
