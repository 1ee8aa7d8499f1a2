/*
 * summary_csv.h - summary.csv, a row per configuration: its description
 * (the column table in summary_csv.c), the row it maps to, its writer and
 * its one reader.  results.c writes it; folder.c, the analyses and the
 * figures read it through summary_read.
 */
#ifndef PINSWEEP_SUMMARY_CSV_H
#define PINSWEEP_SUMMARY_CSV_H

#include "results/columns.h"
#include "experiment/schema.h"

#include <stddef.h>
#include <stdint.h>

/* One row of summary.csv; every number NaN when its cell is empty. */
struct summary_row {
    size_t line; /* in the file, 1-based (0 for a row being written) */
    const char *experiment, *device;
    double config;
    uint64_t axis[AXIS_SIZE]; /* schema.h's codes; AXIS_EMPTY, AXIS_UNUSED ("-"), AXIS_INVALID */
    double size_bytes, batch, samples;
    double gbps_median, gbps_min, gbps_max, gbps_mean, gbps_stddev, rsd_pct;
    const char *target_met, *stop;
    double rounds, round_gbps_min, round_gbps_max, between_rsd_pct, within_rsd_pct, pi95_pct;
    const char *stable;
    double stable_p; /* the rounds' agreement (record/summary.h): NaN without rounds */
    const char *timing;
    double us_per_copy, roundtrip_us, host_gbps, h2d_gbps, d2h_gbps;
    double alloc_ms, pin_ms, fill_ms, copy_ms, free_ms, effective_gbps, kernel_us;
    double pipeline_ms, serial_ms, ideal_ms, overlap, h2d_alone_ms, kernel_alone_ms, d2h_alone_ms;
    double gpu_numa_node, bound_numa_node, host_numa_node, host_numa_pct, huge_pct;
    double link_gbps, pct_of_link;
    const char *gpus, *synchronised;
    double overlap_pct, alone_gbps, scaling_pct;
    const char *repaired;
    double disturbed_rounds;
    const char *status, *error;
};

/* The format: summary.csv's columns, in order (docs/results.md describes each). */
extern const struct csv_format summary_format;

/* summary.csv read back: every row, unchecked (format_parse_row). */
struct summary_file {
    struct format_file ff;
    struct summary_row *rows;
    size_t nrows;
};

/* Read dir/summary.csv into s.  Returns 0, or -1 with "PATH: why" in err.  Free with summary_close.
 */
int summary_read(struct summary_file *s, const char *dir, char *err, size_t errlen);
void summary_close(struct summary_file *s);

/*
 * Is row r's status ok, and is it a GPU by itself?  Rows measured while
 * several GPUs copied at once (summary_at_once) are not points of the
 * single-GPU curves, fits and tables: they have their own table.
 */
int summary_ok(const struct summary_row *r);

/* Row r was measured with several GPUs copying at once (gpus: together, aggregate). */
int summary_at_once(const struct summary_row *r);

/*
 * The columns that a summary.csv must have to be read by compare, report
 * and the figures that are missing from s (status, alloc, direction,
 * buffer, api, size_bytes, gbps_median: in that order, or with status
 * last), into missing[]; how many.
 */
size_t summary_missing(const struct summary_file *s, int status_last, const char *missing[],
                       size_t max);

/*
 * Row r checked, as the figures need it, into out: the axes alloc,
 * direction, buffer and api must be values of theirs ("-": the default),
 * the others may be empty (the default; "-" for a numeric axis is
 * AXIS_UNUSED), size_bytes and gbps_median must be filled, the other
 * numbers empty or numbers, size_bytes a whole number.  Returns the number
 * of problems reported on p.
 */
int summary_check_row(const struct summary_file *s, size_t r, struct summary_row *out,
                      struct problems *p);

/* Axis a of r as summary.csv has it into buf: "" when empty or not a value of the axis. */
const char *summary_axis_text(const struct summary_row *r, int a, char *buf, size_t n);

#endif
