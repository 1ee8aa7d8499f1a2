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

/* summary.csv's times are written to the nanosecond: a t0 that close to 0 is 0, µs. */
#define FIT_T0_ZERO_US 1e-3

struct fit {
    size_t points;
    double t0_us;          /* latency: the time of a zero-byte copy; NaN when not fitting */
    double bandwidth_gbps; /* B, 1e9 bytes/s; NaN when not fitting */
    double n_half_bytes;   /* size reaching B / 2, t0 B: >= 0; NaN when not fitting */
    double residual_pct;   /* RMS of the relative residuals (t_fit - t) / t */
    int status;            /* enum fit_status_id (fits_csv.h): FIT_OK, or FIT_NEGATIVE_T0 */
};

/*
 * Fit t_us[i] = t0 + n_bytes[i] / B by least squares weighted by 1 / t^2,
 * so every point's relative error counts alike (small copies are not
 * drowned by large ones).  Needs k >= 3 points.  Returns 0 (status
 * FIT_OK; a t0 less than FIT_T0_ZERO_US, or 1e-9 of the shortest time,
 * below 0 is rounding, and 0), 1 when the fitted t0 is negative: the
 * points are not t0 + n/B
 * with a cost t0 >= 0, so the curve is not fitting (status
 * FIT_NEGATIVE_T0; t0, B and n_half NaN, points and residual kept); or -1
 * when the points do not determine a positive bandwidth.
 */
int fit_latency_bandwidth(const double *n_bytes, const double *t_us, size_t k, struct fit *out);

/*
 * One regime of a pageable copy: the sizes from_bytes..to_bytes (points of
 * them) fitted with t(n) = n / B, a bandwidth of its own, by least squares
 * on the relative residuals as above (B = sum g^2 / sum g over the points'
 * bandwidths g); residual_pct the RMS of (g / B - 1).
 */
struct fit_regime {
    size_t points;
    double from_bytes, to_bytes;
    double bandwidth_gbps;
    double residual_pct;
};

/* The thresholds of fit_regimes, as shares of the curve's peak bandwidth. */
#define FIT_BEYOND_SHARE 0.75 /* beyond the cache: below this share of the peak */
#define FIT_PLATEAU_SHARE 0.8 /* the in-cache plateau ends at the last size reaching this share */
#define FIT_REGIME_DROP 0.8   /* two regimes only when beyond's B is at most this share of in's */
#define FIT_REGIME_MIN_POINTS 3

/*
 * The two regimes of a pageable copy whose bandwidth falls once the buffer
 * leaves the host's last-level cache, from its points n_bytes[i],
 * t_us[i] (k of them, sizes ascending): beyond-cache is the longest run of
 * the largest sizes whose bandwidth is below FIT_BEYOND_SHARE of the
 * curve's peak; in-cache the run of sizes at or above that share which ends
 * at the last size before it reaching FIT_PLATEAU_SHARE of the peak (sizes
 * between them are the knee, in neither).  Each needs
 * FIT_REGIME_MIN_POINTS points, and beyond's bandwidth must be at most
 * FIT_REGIME_DROP of in-cache's.  Returns 1 with both filled in, or 0 when
 * the data show no such drop.
 */
int fit_regimes(const double *n_bytes, const double *t_us, size_t k, struct fit_regime *in_cache,
                struct fit_regime *beyond);

struct fit_row;

/* A fit describes its curve only with enough sizes and a small residual (fit_describes). */
#define FIT_MIN_POINTS 5
#define FIT_MAX_RESIDUAL_PCT 5.0

/*
 * Does fits.csv's row fit describe its curve well enough to be drawn (and
 * trusted): a fit (status ok, not a negative t0), at least FIT_MIN_POINTS
 * sizes and a residual under FIT_MAX_RESIDUAL_PCT?  The report flags the
 * others.
 */
int fit_describes(const struct fit_row *fit);

/*
 * The bandwidth, GB/s, of fit's model t(n) = t0 + n/B at n_bytes:
 * n_bytes / (t0_us 1e-6 + n_bytes / (bandwidth_gbps 1e9)) / 1e9; NaN where
 * that time is not > 0.
 */
double fit_model_gbps(const struct fit_row *fit, double n_bytes);

/* What fit_results and breakeven_write return on failure. */
enum {
    FIT_EINPUT = -1, /* summary.csv is missing, unreadable or malformed */
    FIT_EWRITE = -2, /* the output file could not be written (or out of memory) */
};

/*
 * Fit each curve of results_dir/summary.csv (ok reuse rows, h2d and d2h) and
 * write results_dir/fits.csv afresh (through fits.csv.tmp, results/outdir.h):
 * a row (regime all) per curve, and for a pageable curve whose data show
 * two regimes (fit_regimes) a row for each (in-cache, beyond-cache); print
 * a table of the fits on table (may be NULL).  Returns the number of curves
 * fitted, or FIT_EINPUT or FIT_EWRITE with a message in err.
 */
int fit_results(const char *results_dir, FILE *table, char *err, size_t errlen);

#endif
