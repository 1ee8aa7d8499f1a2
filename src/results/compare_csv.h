/*
 * compare_csv.h - the two files `pinsweep compare` writes into its output
 * folder: compare.csv (a row per configuration and machine, with its ratio
 * to the baseline) and machines.csv (a row per results folder).  Their
 * descriptions (the column tables in compare_csv.c), the rows they map to,
 * their writers (analysis/compare.c writes the files) and their one reader
 * each (the figures of several machines).
 */
#ifndef PINSWEEP_COMPARE_CSV_H
#define PINSWEEP_COMPARE_CSV_H

#include "results/columns.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One row of machines.csv: one results folder. */
struct machine_row {
    const char *machine, *dir, *gpu, *pcie; /* machine: the label compare.csv names it by */
    double link_gbps;                       /* raw per direction; NaN when unknown */
    const char *driver, *cuda, *cpu, *host, *date;
    const char *gpu_uuid; /* meta.yaml's gpu.uuid: one GPU, or two of one type */
};

/* One row of compare.csv. */
struct compare_row {
    const char *machine, *dir, *experiment;
    uint64_t alloc, direction, buffer, api, cache, touch; /* schema value indices */
    double size_bytes, gbps_median, gbps_min, gbps_max, rsd_pct, us_per_copy, link_gbps;
    double pct_of_link;
    /* gbps_median's 95 % interval (analysis/interval.h); NaN ends without one */
    double gbps_lo, gbps_hi;
    /* what it stands on: "rounds" (another round's median) or "samples" (another sample of
       one round), "" without one; interval_n of them */
    const char *interval_basis;
    double interval_n;
    /*
     * The ratio to the baseline and its interval: interval_ratio of the
     * two rows' intervals, on the log scale (NaN for the baseline, or
     * without an interval).  significant: yes when the interval excludes
     * 1, no when it holds it, "" (the baseline, or no interval).
     */
    const char *significant;
    double ratio, ratio_lo, ratio_hi;
    const char *in_all; /* yes, no */
};

extern const struct csv_format machines_format, compare_format;

/* A machine of machines.csv as the figures take it: text cleaned, a label required. */
struct machine_entry {
    char label[128];
    char gpu[128], pcie[48], host[128];
    char uuid[96];    /* the GPU's uuid; "" when unknown (machines.csv from before the column) */
    char dir[4096];   /* the results folder, as compare was given it (for the figures) */
    double link_gbps; /* raw per direction; NaN when unknown */
};

/*
 * dir/machines.csv into *m (malloc'd, *n of them): a machine column, at
 * least one row, every label given and once, link_gbps empty or positive.
 * Returns 0, or -1 after reporting every problem on log ("FILE:LINE: why").
 */
int machines_read(const char *dir, struct machine_entry **m, size_t *n, FILE *log);

/* What a row's interval stands on (compare.csv's interval_basis). */
enum compare_basis {
    COMPARE_BASIS_NONE,    /* none, or a file from before the column */
    COMPARE_BASIS_ROUNDS,  /* another round's median */
    COMPARE_BASIS_SAMPLES, /* another sample, of one round */
};

/* A row of compare.csv as the figures take it. */
struct compare_entry {
    size_t machine; /* index into the machines */
    int alloc, dir, buffer, api, cache, touch;
    double size_bytes, gbps, gbps_min, gbps_max, ratio; /* NaN when empty */
    double gbps_lo, gbps_hi, ratio_lo, ratio_hi; /* the intervals; NaN: none, or an older file */
    int basis;                                   /* gbps_lo..gbps_hi's: enum compare_basis */
    double interval_n;                           /* its rounds or samples; NaN when unsaid */
    int significant; /* 1 yes, 0 no, -1 unsaid (the baseline, no interval) */
};

/*
 * dir/compare.csv's rows with a gbps_median into *rows (malloc'd, *n of
 * them), in file order, each naming one of the nm machines m; the
 * experiment every row names, or "", into experiment.  Returns 0, or -1
 * after reporting every problem on log.
 */
int compare_read(const char *dir, const struct machine_entry *m, size_t nm,
                 struct compare_entry **rows, size_t *n, char *experiment, size_t exp_len,
                 FILE *log);

#endif
