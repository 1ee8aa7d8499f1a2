/*
 * fits_csv.h - fits.csv, the model t(n) = t0 + n/B of each reuse curve of
 * a results folder: its description (the column table in fits_csv.c), the
 * row it maps to, its writer (analysis/fit.c writes the file) and its one
 * reader (the figures and the report).
 */
#ifndef PINSWEEP_FITS_CSV_H
#define PINSWEEP_FITS_CSV_H

#include "results/columns.h"
#include "experiment/schema.h"

#include <stdint.h>
#include <stdio.h>

/*
 * Which sizes of its curve a row of fits.csv describes: all of them (the
 * model t0 + n/B), or one of the two regimes of a pageable copy whose
 * bandwidth falls once the buffer leaves the host's cache (the model n/B
 * over the regime's sizes; t0 and n_half 0).
 */
enum fit_regime_id { FIT_ALL, FIT_IN_CACHE, FIT_BEYOND_CACHE, FIT_REGIME_COUNT };

/* The regime column's values, by enum fit_regime_id: "all", "in-cache", "beyond-cache". */
extern const char *const fit_regime_names[FIT_REGIME_COUNT];

/*
 * Does the row's model fit its curve?  A fit whose t0 comes out negative
 * (a copy cannot take less than no time) is not one: t0 + n/B does not
 * describe the curve, and the row says so with its t0_us, bandwidth_gbps
 * and n_half_bytes empty, so that no reader can take them for a latency,
 * a bandwidth or a size.
 */
enum fit_status_id { FIT_OK, FIT_NEGATIVE_T0, FIT_STATUS_COUNT };

/* The status column's values, by enum fit_status_id: "ok", "negative-t0". */
extern const char *const fit_status_names[FIT_STATUS_COUNT];

/* One row of fits.csv: a curve (the experiment and every axis but size) and its fit. */
struct fit_row {
    const char *experiment;
    uint64_t axis[AXIS_SIZE];
    const char *regime; /* written: fit_regime_names[]; NULL when read (see regime_id) */
    int regime_id;      /* read: enum fit_regime_id; FIT_ALL when the file has no regime column */
    double from_bytes, to_bytes; /* the sizes fitted, smallest and largest */
    double points, t0_us, bandwidth_gbps, n_half_bytes, residual_pct;
    const char *device; /* written: summary.csv's device ("0", or "" before it); NULL when read */
    const char *status; /* written: fit_status_names[]; NULL when read (see status_id) */
    int status_id;      /* read: enum fit_status_id; from a file without the column, FIT_OK
                           unless its t0_us is negative */
};

extern const struct csv_format fits_format;

/*
 * The rows of dir/fits.csv (malloc'd, *n of them; the caller frees them):
 * alloc, direction, buffer and api values of theirs, cache, touch and
 * pages empty or values (the default when empty or "-"), status ok or
 * negative-t0 (or absent), and for an ok row t0_us a finite number and
 * bandwidth_gbps a positive one (a negative-t0 row's are NaN, and so are
 * those of an older file's row whose t0_us is negative: it is read as
 * negative-t0).  NULL when there is no file;
 * one that cannot be used is NULL too, after "warning: FILE:LINE: why; no
 * fit curves drawn" lines on log (which may be NULL).
 */
struct fit_row *fits_read(const char *dir, size_t *n, FILE *log);

#endif
