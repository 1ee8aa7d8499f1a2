/*
 * fit.h - the latency-bandwidth model of a copy, t(n) = t0 + n / B.
 *
 * Fitted over a size sweep, t0 is the fixed cost of one copy (µs) and B the
 * asymptotic bandwidth; n_half = t0 * B is the size at which a copy reaches
 * half of B.  fit_results() fits every (alloc, direction, buffer, api)
 * curve of a results folder and writes fits.csv.
 */
#ifndef PINSWEEP_FIT_H
#define PINSWEEP_FIT_H

#include <stddef.h>
#include <stdio.h>

struct fit {
    size_t points;
    double t0_us;          /* latency: the time of a zero-byte copy */
    double bandwidth_gbps; /* B, 1e9 bytes/s */
    double n_half_bytes;   /* size reaching B / 2 */
    double residual_pct;   /* RMS of the relative residuals (t_fit - t) / t */
};

/*
 * Fit t_us[i] = t0 + n_bytes[i] / B by least squares weighted by 1 / t^2,
 * so every point's relative error counts alike (small copies are not
 * drowned by large ones).  Needs k >= 3 points.  Returns 0, or -1 when the
 * points do not determine a positive bandwidth.
 */
int fit_latency_bandwidth(const double *n_bytes, const double *t_us, size_t k, struct fit *out);

/* What fit_results and breakeven_write return on failure. */
enum {
    FIT_EINPUT = -1, /* summary.csv is missing, unreadable or malformed */
    FIT_EWRITE = -2, /* the output file could not be written (or out of memory) */
};

/*
 * Fit each curve of results_dir/summary.csv (ok reuse rows, h2d and d2h) and
 * write results_dir/fits.csv afresh (through fits.csv.tmp, results/outdir.h);
 * print a table of the fits on table (may be NULL).  Returns the number of
 * curves fitted, or FIT_EINPUT or FIT_EWRITE with a message in err.
 */
int fit_results(const char *results_dir, FILE *table, char *err, size_t errlen);

#endif
