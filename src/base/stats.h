/*
 * stats.h - summary statistics of a series of samples (GSL underneath).
 */
#ifndef PINSWEEP_STATS_H
#define PINSWEEP_STATS_H

#include <stddef.h>

struct stats {
    size_t n;
    double median, min, max, mean, stddev; /* stddev: sample (n-1); 0 when n < 2 */
    double rsd_pct;                        /* 100 * stddev / mean; 0 when mean is 0 */
};

/*
 * Summarise x[0..n-1].  NaN values are skipped (a part that was not timed).
 * x is not modified.  With no valid values every field but n is NaN.
 * Returns 0, or -1 when a scratch copy cannot be allocated.
 */
int stats_compute(const double *x, size_t n, struct stats *out);

/* The median of x[0..n-1] (NaN skipped), or NaN when none. */
double stats_median(const double *x, size_t n);

/*
 * The half-width of the 95 % prediction interval for one more value drawn
 * like st's n values: t(0.975, n - 1) * stddev * sqrt(1 + 1/n), in st's
 * unit.  NaN when n < 2.
 */
double stats_pi95_halfwidth(const struct stats *st);

#endif
