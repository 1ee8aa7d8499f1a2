/*
 * breakeven_csv.h - breakeven.csv, the copies after which allocating a
 * page-locked buffer pays off: its description (the column table in
 * breakeven_csv.c), the row it maps to, its writer (analysis/breakeven.c
 * writes the file) and its one reader (the figures).
 */
#ifndef PINSWEEP_BREAKEVEN_CSV_H
#define PINSWEEP_BREAKEVEN_CSV_H

#include "results/columns.h"

#include <stdint.h>
#include <stdio.h>

/* One row of breakeven.csv: a page-locked kind, direction, api and size. */
struct breakeven_row {
    uint64_t alloc, dir, api; /* schema value indices */
    double size_bytes, alloc_ms, free_ms, pageable_us, pinned_us;
    double copies; /* NaN: the page-locked copy is not faster, it never pays off */
};

extern const struct csv_format breakeven_format;

/*
 * The rows of dir/breakeven.csv, by direction, alloc, api and size
 * (malloc'd, *n of them): alloc a page-locked kind, direction and api
 * values of theirs, size_bytes a whole number, breakeven_copies empty or a
 * number >= 0.  NULL when there is no file; one that cannot be used is NULL
 * too, after "warning: FILE:LINE: why; no breakeven figure drawn" lines on log.
 */
struct breakeven_row *breakeven_read(const char *dir, size_t *n, FILE *log);

#endif
