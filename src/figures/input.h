/*
 * input.h - a results folder as the figures see it (struct plot_input):
 * summary.csv's ok rows, checked, sorted and cut into curves, with
 * fits.csv, host-memcpy.csv, breakeven.csv and meta.yaml beside them, all
 * read through results/; and what every figure family asks of them: which
 * rows belong where, finding a curve, choosing rows, panel titles.
 */
#ifndef PINSWEEP_INPUT_H
#define PINSWEEP_INPUT_H

#include "analysis/interval.h"
#include "results/breakeven_csv.h"
#include "results/csv.h"
#include "results/fits_csv.h"
#include "results/hostmemcpy_csv.h"
#include "results/summary_csv.h"
#include "experiment/schema.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum phase { PHASE_ALLOC, PHASE_FILL, PHASE_COPY, PHASE_FREE, PHASE_COUNT };

/* One row of summary.csv with status ok, as the figures need it. */
struct plot_row {
    int dir, alloc, buffer, api, cache, touch, pages; /* schema value indices ("-": the default) */
    uint64_t streams, chunks, kernel, threads, numa;  /* axis codes (schema.h); "-": AXIS_UNUSED */
    const char *device;                               /* owned by the table */
    size_t line;                                      /* in summary.csv */
    double config;                                    /* summary.csv's config: samples.csv's key */
    double size_bytes;
    double gbps_median, gbps_min, gbps_max, effective_gbps;
    double samples; /* timed samples behind the medians (all rounds) */
    /* measure.rounds > 1: how many, and the rounds' medians' min and max; NaN (rounds 1) without */
    double rounds, round_gbps_min, round_gbps_max;
    /*
     * THE interval of each median (analysis/interval.h: the 95 % prediction interval of
     * another round's median, or sample, on the log scale), by enum interval_quantity:
     * iv[IV_GBPS] of gbps_median, iv[IV_US_PER_COPY] of us_per_copy, ...; lo = hi = the
     * median where there is none.  Every bar and spread is drawn from these.  A copy's (or
     * zero-copy's) GB/s and effective GB/s end at most at link_gbps (twice it for bidir):
     * interval_cap, when the link is known.
     */
    struct interval iv[IV_COUNT];
    double us_per_copy;           /* pipelined: event time / copies; NaN when empty */
    double roundtrip_us;          /* one copy waited for, host clock; NaN when empty */
    double phase_ms[PHASE_COUNT]; /* medians; NaN when empty */
    double pin_ms;                /* registered: the cudaHostRegister part of alloc; NaN if not */
    double link_gbps;             /* the PCIe link's raw rate per direction; NaN when unknown */
    /* api pipeline: the whole pipeline, the stages one after another, the longest stage, and
       serial / pipeline (medians, ms); NaN for other rows */
    double pipeline_ms, serial_ms, ideal_ms, overlap;
    double kernel_us; /* api pipeline: the kernel's time per chunk, µs (0: none); NaN for others */
    double host_numa_node; /* the node that held most of the host buffer; NaN when not known */
    /* several GPUs: summary.csv's gpus ("alone", "together", "aggregate"; "" for one GPU), and for
       the rows measured at once the spans' overlap, the same GPU's (or every GPU's summed)
       bandwidth alone and gbps_median over it, %; NaN for the others */
    const char *gpus;
    double overlap_pct, alone_gbps, scaling_pct;
};

/* A run of rows (sorted) sharing direction, alloc, buffer, api, cache, touch and device. */
struct plot_curve {
    size_t first, n;
};

/* Everything read from a results folder. */
struct plot_input {
    const char *dir; /* the results folder, as given */
    char *summary_path;
    struct summary_file summary; /* every row, unchecked */
    struct plot_row *all; /* every ok row, in file order (pipelines, host access, placement) */
    size_t nall;
    struct plot_row *rows; /* the ok rows of the copy figures (plot_copy_row), by curve then size */
    size_t nrows;
    struct plot_curve *curves;
    size_t ncurves;
    /* the ok rows measured while several GPUs copied at once (gpus together, aggregate: not in
       all or rows), in file order; fig_gpus.h draws them with their GPUs' alone rows */
    struct plot_row *at_once;
    size_t nat_once;
    int multi_device;      /* GPUs the copy rows were measured on when more than one, else 0 */
    char shown_device[16]; /* then the one whose rows are in rows[] (the first's) */
    struct fit_row *fits;  /* from fits.csv; none when it is absent or malformed */
    size_t nfits;
    struct hostmemcpy_row *memcpy_pts; /* from host-memcpy.csv, by direction, then size; likewise */
    size_t nmemcpy;
    struct breakeven_row *breakeven; /* from breakeven.csv, by direction, alloc, api, size */
    size_t nbreakeven;
    struct samples_file samples; /* samples.csv (empty when absent): the rows' intervals */
    char experiment[128];        /* from the rows, else the folder's name */
    char gpu[128];               /* from meta.yaml, or "" */
    char host[128];
    int pcie_gen, pcie_width; /* meta.yaml's gpu.pcie.current; 0 when unknown */
    int mps_bytes;            /* meta.yaml's gpu.pcie.max_payload_bytes; 0 when not read */
    int numa_nodes;           /* meta.yaml's host.numa_nodes; 0 when unknown */
    double link_gbps;         /* the link_gbps of every row when all agree, else NaN */
};

/*
 * Read results_dir into in: summary.csv (required: -1 after reporting
 * every problem on log), and samples.csv (each row's intervals, iv[]),
 * fits.csv, host-memcpy.csv, breakeven.csv and meta.yaml where present.
 * Free with plot_input_free().
 */
int plot_input_read(struct plot_input *in, const char *results_dir, FILE *log);
void plot_input_free(struct plot_input *in);

/* Panel titles by direction; the data files use the schema's names. */
extern const char *const plot_dir_titles[DIR_COUNT];

/* Was the host buffer of row r in its steady state: warm in the caches, pages prefaulted? */
int plot_host_steady(const struct plot_row *r);

/* Is row r's host buffer where it is by default: numa any (or not applying), pages default? */
int plot_default_place(const struct plot_row *r);

/*
 * Does row r belong in the copy figures (bandwidth, latency, speedup, ...)?
 * A copy or a zero-copy kernel at the default placement; pipelines, CPU
 * access and other placements have figures of their own.
 */
int plot_copy_row(const struct plot_row *r);

/*
 * The curve of (dir, alloc, buffer, api) with the host buffer in its steady
 * state on the first device that has one (device NULL), or on device; NULL
 * when there is none.
 */
const struct plot_curve *plot_find_curve(const struct plot_input *in, int dir, int alloc,
                                         int buffer, int api, const char *device);

/*
 * The direction and api of the reallocate figures: h2d and async when
 * measured, else the first of the others with alloc_ms_median; -1 if none.
 */
int plot_time_pick(const struct plot_input *in, int *dir, int *api);

/* Was row r measured in rounds (more than one, with their min and max)? */
int plot_row_has_rounds(const struct plot_row *r);

/*
 * The ends of the interval of row r's gbps_median, r->iv[IV_GBPS]
 * (analysis/interval.h): the median itself at both ends where it has none.
 */
void plot_row_spread(const struct plot_row *r, double *lo, double *hi);

/*
 * THE statement of the folder's intervals, for captions to end with: the
 * sentence of interval_statement over the GB/s intervals of every ok row
 * of in (the rows of several GPUs at once too), such as "Bars: 95 %
 * prediction interval of another round's median (3 rounds), on the log
 * scale.", into buf (n bytes; 200 hold any).  It does not count capped
 * ends: a table marks those it prints (plot_table_mark_note).  Returns buf.
 */
char *plot_interval_statement(const struct plot_input *in, char *buf, size_t n);

/* The same sentence led by lead ("Intervals", for a table's caption) instead of "Bars". */
char *plot_interval_statement_as(const struct plot_input *in, const char *lead, char *buf,
                                 size_t n);

/*
 * A legend note (fig_style, "-" colour) whose title is interval_note of t
 * (the short form), and whose caption adds INTERVAL_NOTE_SAID (said).
 */
struct fig_style;
void plot_bars_note(struct fig_style *note, const struct interval_tally *t);

/* Keeps a row, or not. */
typedef int (*row_keep_fn)(const struct plot_row *r);

/*
 * The rows of in->all that keep accepts, on one device (the first such
 * row's), sorted by order, as a malloc'd array of pointers into in->all
 * (the caller frees it) of *n; -1 (errno set) when out of memory.
 */
int plot_select_rows(const struct plot_input *in, row_keep_fn keep,
                     int (*order)(const void *, const void *), const struct plot_row ***out,
                     size_t *n);

/* The end of the run that starts at rows[i]: the rows same() puts with it. */
size_t plot_run_end(const struct plot_row *const *rows, size_t n, size_t i,
                    int (*same)(const struct plot_row *, const struct plot_row *));

/* The row behind an element of a plot_select_rows array, for qsort comparators. */
const struct plot_row *plot_row_of(const void *p);

/* -1, 0 or 1 as a is below, at or above b. */
int plot_cmp_u64(uint64_t a, uint64_t b);
int plot_cmp_double(double a, double b);

/*
 * The api of the headline's copies: sync (cudaMemcpy, the classic question)
 * when pinned or pageable reuse copies were measured with it, else async;
 * -1 when neither was.
 */
int plot_headline_api(const struct plot_input *in);

/*
 * The api of direction dir's bandwidth panel: api (the headline's), else
 * the other copy api when only it has pinned or pageable reuse copies there
 * (full-sweep measured both directions at once with async only); -1: none.
 */
int plot_headline_panel_api(const struct plot_input *in, int api, int dir);

#endif
