/*
 * plot_results.h - a results folder as the figures see it: what plot.c reads
 * from summary.csv, fits.csv, host-memcpy.csv, breakeven.csv and meta.yaml,
 * and the figures of plot_headline.c (speedup over pageable, allocation
 * cost, break-even copies) and plot_beyond.c (pipelines, CPU access, buffer
 * placement) that plot.c draws with its own.  Internal to the plot_* files.
 */
#ifndef PINSWEEP_PLOT_RESULTS_H
#define PINSWEEP_PLOT_RESULTS_H

#include "results/csv.h"
#include "figures/plot_fig.h"
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
    double size_bytes;
    double gbps_median, gbps_min, gbps_max, effective_gbps;
    double us_per_copy;           /* pipelined: event time / copies; NaN when empty */
    double roundtrip_us;          /* one copy waited for, host clock; NaN when empty */
    double phase_ms[PHASE_COUNT]; /* medians; NaN when empty */
    double pin_ms;                /* registered: the cudaHostRegister part of alloc; NaN if not */
    double link_gbps;             /* the PCIe link's raw rate per direction; NaN when unknown */
    /* api pipeline: the whole pipeline, the stages one after another, the longest stage, and
       serial / pipeline (medians, ms); NaN for other rows */
    double pipeline_ms, serial_ms, ideal_ms, overlap;
    double host_numa_node; /* the node that held most of the host buffer; NaN when not known */
};

/* A run of rows (sorted) sharing direction, alloc, buffer, api, cache, touch and device. */
struct plot_curve {
    size_t first, n;
};

/* A row of fits.csv: the model t(n) = t0 + n/B of a curve's time per copy. */
struct plot_fit {
    int dir, alloc, buffer, api, cache, touch, pages;
    double t0_us, bandwidth_gbps;
};

/*
 * A row of host-memcpy.csv: single-thread host memcpy bandwidth at one size.
 * A file with a direction column says which copy a row stands for: h2d,
 * from the user's buffer into a small staging buffer (staging_bytes, reused
 * cyclically), as the driver does before the DMA of a pageable h2d copy;
 * d2h, from the staging buffer into the user's buffer.  An older file has
 * neither column: its rows stand for both directions.
 */
struct plot_memcpy {
    int dir; /* DIR_H2D, DIR_D2H, or -1: both (no direction column) */
    double size_bytes, gbps;
    double staging_bytes; /* NaN when not given */
};

/* A row of breakeven.csv: copies of size_bytes after which a page-locked buffer pays off. */
struct plot_breakeven {
    int alloc, dir, api;
    double size_bytes;
    double copies; /* NaN: the page-locked copy is not faster, it never pays off */
};

/* Everything read from a results folder. */
struct plot_input {
    const char *dir; /* the results folder, as given */
    char *summary_path;
    struct csv_table table;
    struct plot_row *all; /* every ok row, in file order (the figures of plot_beyond.c) */
    size_t nall;
    struct plot_row *rows; /* the ok rows of the copy figures (plot_copy_row), by curve then size */
    size_t nrows;
    struct plot_curve *curves;
    size_t ncurves;
    int multi_device;      /* rows name more than one device */
    struct plot_fit *fits; /* from fits.csv; none when it is absent or malformed */
    size_t nfits;
    struct plot_memcpy *memcpy_pts; /* from host-memcpy.csv, by direction, then size; likewise */
    size_t nmemcpy;
    struct plot_breakeven *breakeven; /* from breakeven.csv, by direction, alloc, api, size */
    size_t nbreakeven;
    char experiment[128]; /* from the rows, else the folder's name */
    char gpu[128];        /* from meta.yaml, or "" */
    char host[128];
    int pcie_gen, pcie_width; /* meta.yaml's gpu.pcie.current; 0 when unknown */
    double link_gbps;         /* the link_gbps of every row when all agree, else NaN */
};

/*
 * Read results_dir into in (plot_read.c): summary.csv (required: -1 after
 * reporting every problem on log), and fits.csv, host-memcpy.csv,
 * breakeven.csv and meta.yaml where present.  Free with plot_input_free().
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
 * access and other placements have figures of their own (plot_beyond.c).
 */
int plot_copy_row(const struct plot_row *r);

/* The legend entries (one per alloc kind seen[], schema order), drawn with line; how many. */
size_t plot_alloc_entries(const int seen[], const char *line, struct fig_style *out);

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

/*
 * breakeven.csv of the folder, if there is one, into in->breakeven; one that
 * cannot be used is a warning (FILE:LINE: why; no breakeven figure drawn).
 */
void plot_read_breakeven(struct plot_input *in, FILE *log);

/*
 * The headline figures (plot_headline.c); each describes its data into
 * data_dir and g, and leaves g without panels when there is nothing to draw.
 */
int fig_speedup(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_alloc_cost(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir);

/*
 * The figures of plot_beyond.c, from in->all: pipeline time against streams
 * (overlap), CPU read and write bandwidth (host-access), copy bandwidth by
 * NUMA binding and page size (placement) and the cudaHostRegister time by
 * page size (placement-pin).
 */
int fig_overlap(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_host_access(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_placement(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_placement_pin(struct fig *g, const struct plot_input *in, const char *data_dir);

#endif
