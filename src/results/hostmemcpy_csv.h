/*
 * hostmemcpy_csv.h - host-memcpy.csv, single-thread host memcpy bandwidth
 * through a staging buffer, the ceiling of a pageable copy: its
 * description (the column table in hostmemcpy_csv.c), the row it maps to,
 * its writer (measuring with host/hostmem.h) and its one reader (the
 * figures).
 *
 * A file with a direction column says which copy a row stands for: h2d,
 * from the user's buffer into a small staging buffer (staging_bytes, reused
 * cyclically), as the driver does before the DMA of a pageable h2d copy;
 * d2h, from the staging buffer into the user's buffer.  An older file has
 * neither column: its rows stand for both directions.
 */
#ifndef PINSWEEP_HOSTMEMCPY_CSV_H
#define PINSWEEP_HOSTMEMCPY_CSV_H

#include "base/timer.h"
#include "results/columns.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One row of host-memcpy.csv. */
struct hostmemcpy_row {
    uint64_t dir; /* DIR_H2D, DIR_D2H, or AXIS_EMPTY: both (no direction column) */
    double size_bytes, gbps, samples;
    double staging_bytes; /* NaN when not given */
};

extern const struct csv_format hostmemcpy_format;

/*
 * Measure hostmem_memcpy_gbps on clock (the run's) both ways at each of
 * sizes[0..n-1] and write dir/host-memcpy.csv (direction h2d is into the
 * staging buffer).  Returns 0 or -1 with a message in err.
 */
int hostmemcpy_write(const char *dir, const struct timer_clock *clock, const uint64_t *sizes,
                     size_t n, char *err, size_t errlen);

/*
 * The rows of dir/host-memcpy.csv, by direction then size (malloc'd, *n of
 * them): size_bytes a whole number, gbps_median positive, staging_bytes
 * empty or a whole number.  NULL when there is no file; one that cannot be
 * used is NULL too, after "warning: FILE:LINE: why; no host memcpy ceiling
 * drawn" lines on log.
 */
struct hostmemcpy_row *hostmemcpy_read(const char *dir, size_t *n, FILE *log);

#endif
