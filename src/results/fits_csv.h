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

/* One row of fits.csv: a curve (the experiment and every axis but size) and its fit. */
struct fit_row {
    const char *experiment;
    uint64_t axis[AXIS_SIZE];
    double points, t0_us, bandwidth_gbps, n_half_bytes, residual_pct;
};

extern const struct csv_format fits_format;

/*
 * The rows of dir/fits.csv (malloc'd, *n of them; the caller frees them):
 * alloc, direction, buffer and api values of theirs, cache, touch and
 * pages empty or values (the default when empty or "-"), t0_us a finite
 * number and bandwidth_gbps a positive one.  NULL when there is no file;
 * one that cannot be used is NULL too, after "warning: FILE:LINE: why; no
 * fit curves drawn" lines on log (which may be NULL).
 */
struct fit_row *fits_read(const char *dir, size_t *n, FILE *log);

#endif
