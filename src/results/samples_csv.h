/*
 * samples_csv.h - samples.csv, a row per sample of every configuration: its
 * description (the column table in samples_csv.c), the row it maps to, its
 * writer (results.c) and its one typed reader (samples_read: the intervals
 * of analysis/interval.h are computed from it).  results.c also reads it
 * back as lines, to repair it on resume, by the position of its config
 * column.
 */
#ifndef PINSWEEP_SAMPLES_CSV_H
#define PINSWEEP_SAMPLES_CSV_H

#include "results/columns.h"

#include <stdio.h>

/* One row of samples.csv; numbers NaN when not measured. */
struct sample_row {
    double config, sample, round, copies;
    double device_ms, host_ms, gbps, host_gbps;
    double h2d_ms, d2h_ms, alloc_ms, pin_ms, fill_ms, free_ms, effective_gbps, kernel_ms;
    /* pin_ms: reallocate registered, the cudaHostRegister part of alloc_ms; NaN otherwise */
    const char *device; /* the GPU (or "0+1", the aggregate of several) */
    const char *gpus;   /* several GPUs: alone, together or aggregate; else "" */
    const char *disturbed; /* "yes": taken while the sentinel was off, not in the summary */
};

extern const struct csv_format samples_format;

/*
 * samples.csv read back: every row but the disturbed ones (format_parse_row: numbers NaN when
 * empty or absent, texts the cells, owned by ff), sorted by config, then
 * by the file's order.  A file from before the round column reads round
 * 1 for every sample.
 */
struct samples_file {
    struct format_file ff;
    struct sample_row *rows;
    size_t nrows;
};

/*
 * Read dir/samples.csv into s.  Returns 1 when read, 0 when the folder has
 * none (s empty), or -1 with "PATH: why" in err (s empty).  Free with
 * samples_close either way.
 */
int samples_read(struct samples_file *s, const char *dir, char *err, size_t errlen);
void samples_close(struct samples_file *s);

/*
 * The rows of configuration config (summary.csv's config): the index of
 * the first into *first, how many as the result (0 when none).  s may be
 * NULL or empty.
 */
size_t samples_of_config(const struct samples_file *s, double config, size_t *first);

#endif
