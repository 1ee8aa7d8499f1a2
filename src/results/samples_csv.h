/*
 * samples_csv.h - samples.csv, a row per sample of every configuration: its
 * description (the column table in samples_csv.c), the row it maps to and
 * its writer.  Only results.c reads it back, to repair it on resume, by
 * the position of its config column.
 */
#ifndef PINSWEEP_SAMPLES_CSV_H
#define PINSWEEP_SAMPLES_CSV_H

#include "results/columns.h"

#include <stdio.h>

/* One row of samples.csv; numbers NaN when not measured. */
struct sample_row {
    double config, sample, round, copies;
    double device_ms, host_ms, gbps, host_gbps;
    double h2d_ms, d2h_ms, alloc_ms, fill_ms, free_ms, effective_gbps, kernel_ms;
    const char *device; /* the GPU (or "0+1", the aggregate of several) */
    const char *gpus;   /* several GPUs: alone, together or aggregate; else "" */
};

extern const struct csv_format samples_format;

#endif
