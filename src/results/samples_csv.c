/*
 * samples_csv.c - samples.csv's column table and writer (see samples_csv.h).
 */
#include "results/samples_csv.h"

#include <stddef.h>

#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct sample_row, name, unit, field, fmt)
#define TEXT(name, field) COLUMN_OF_TEXT(struct sample_row, name, field)

static const struct column samples_cols[] = {
    NUM(COLUMN_CONFIG, "", config, "%.0f"),
    NUM("sample", "", sample, "%.0f"),
    NUM("round", "", round, "%.0f"),
    NUM("copies", "", copies, "%.0f"),
    NUM("device_ms", "ms", device_ms, "%.6g"),
    NUM("host_ms", "ms", host_ms, "%.6g"),
    NUM("gbps", "GB/s", gbps, "%.6g"),
    NUM("host_gbps", "GB/s", host_gbps, "%.6g"),
    NUM("h2d_ms", "ms", h2d_ms, "%.6f"),
    NUM("d2h_ms", "ms", d2h_ms, "%.6f"),
    NUM(COLUMN_ALLOC_MS, "ms", alloc_ms, "%.6f"),
    NUM("fill_ms", "ms", fill_ms, "%.6f"),
    NUM(COLUMN_FREE_MS, "ms", free_ms, "%.6f"),
    NUM("effective_gbps", "GB/s", effective_gbps, "%.6g"),
    NUM("kernel_ms", "ms", kernel_ms, "%.6f"),
    TEXT("device", device),
    TEXT("gpus", gpus),
};

const struct csv_format samples_format = {"samples.csv", samples_cols,
                                          sizeof(samples_cols) / sizeof(samples_cols[0])};
