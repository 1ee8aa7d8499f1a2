/*
 * sentinel_csv.h - sentinel.csv: the drift sentinel's readings through a
 * run, one row each, appended and synced as it is read: its column table
 * (sentinel_csv.c), the row it maps to, its writer and its one reader (the
 * sentinel figure).
 */
#ifndef PINSWEEP_SENTINEL_CSV_H
#define PINSWEEP_SENTINEL_CSV_H

#include "results/columns.h"

#include <stddef.h>
#include <stdio.h>

struct sentinel_row {
    double reading;      /* 1, 2, ... */
    double time_s;       /* since the run started (its clock: the fake model's under a model) */
    const char *utc;     /* the wall clock, ISO 8601 */
    double round;        /* the round in progress */
    double after_config; /* the configuration measured just before; NaN for the first reading */
    double gbps_median, gbps_min, gbps_max, rsd_pct, samples;
    double change_pct; /* against the previous good reading, % */
    const char *status, *error;
    double shard; /* run --shard I/N: I; NaN for a whole run (merge keeps each shard's) */
};

extern const struct csv_format sentinel_format;

/*
 * Open dir/sentinel.csv to append to: created new with its header, or (a
 * resumed run) the one there.  NULL with a message in err.
 */
struct outfile *sentinel_open(const char *dir, char *err, size_t errlen);

/* Append row and sync it.  Returns 0, or -1 with "cannot write PATH: why" in err. */
int sentinel_append(struct outfile *o, const struct sentinel_row *row, char *err, size_t errlen);

/*
 * The good rows of dir/sentinel.csv (status ok, time_s and gbps_median
 * numbers), in file order (malloc'd, *n of them).  NULL when there is no
 * file or none is usable (a problem line goes to log then).
 */
struct sentinel_row *sentinel_read(const char *dir, size_t *n, FILE *log);

/*
 * Append the readings of shard folder dir (shard number shard) to o, a
 * merged sentinel.csv whose header is written: its lines as they are, but
 * `reading` numbered on from *reading and `shard` set.  dir/sentinel.csv
 * must exist (a run with the sentinel off has none: the caller skips it).
 * Returns 0, or -1 with why in err.
 */
int sentinel_merge_shard(struct outfile *o, const char *dir, int shard, size_t *reading,
                         char *err, size_t errlen);

#endif
