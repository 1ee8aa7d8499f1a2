/*
 * readings.h - what each figure says, in words computed from the data: the
 * sentence a caption opens with, so that a reader of report.md or
 * figures.pdf gets the numbers, not only a description of the axes.  For
 * example, for the bandwidth figure: "cudaMemcpy: pinned h2d is within 3 %
 * of its peak, 55.43 GB/s (88.0 % of the link's raw 63.02 GB/s), from
 * 8 MiB; pageable h2d peaks at 16.22 GB/s at 32 MiB and falls to 8.62 GB/s
 * at 1 GiB; ...".
 *
 * The rules, the same for every curve (a reused buffer, warm cache,
 * prefaulted pages, the headline's api), each saying only what holds of
 * every size: a curve that peaks at its largest size, with no size before
 * within READ_PLATEAU_PCT of it, "rises to" it when no size is lower than
 * the one before, else "peaks at ..., its largest size"; a curve whose
 * sizes from some size on are all within READ_PLATEAU_PCT of the peak, the
 * peak among them, "is within 3 % of its peak ... from" that size; one that
 * peaks, dips below that and ends within it again "peaks at ..., dips to
 * ... and is back within 3 % of its peak from" (or "at") where it is; one
 * whose every size after the peak is within READ_HOLD_PCT "peaks at ... and
 * stays within 10 % of it up to" its largest size; any other "peaks at ...
 * and falls to" its lowest after the peak, and when that is not its largest
 * size, "... and ends at" the largest size's value.
 */
#ifndef PINSWEEP_READINGS_H
#define PINSWEEP_READINGS_H

#include "figures/input.h"

#include <stddef.h>
#include <stdio.h>

#define READ_PLATEAU_PCT 3
#define READ_HOLD_PCT 10
/* A cudaHostAlloc or cudaMallocHost allocation faster than this, ms, was served from the CUDA
   driver's pool of small pinned allocations (pinning pages afresh takes about 0.5 ms here). */
#define READ_POOL_FAST_MS 0.02

/* A peak whose rounds' medians are more than this far apart is said with their range. */
#define READ_ROUNDS_APART_PCT 25
/* Speedups are read at this size and more (large copies), or at the largest size below it. */
#define READ_LARGE_BYTES 16777216.0
/* The headline's small copies: up to this size (fig_headline.c's panel). */
#define READ_SMALL_BYTES 1048576.0

/*
 * A reading being written: parts joined by "; ".  Each figure's definition
 * (figdef.h) names the function that writes its reading into one.
 */
struct reading {
    FILE *f;
    char *buf;
    size_t len;
    int parts;
};

/* A figure's reading of in, written into t with reading_part. */
typedef void (*reading_fn)(struct reading *t, const struct plot_input *in);

/*
 * The reading read writes for in: sentences without a final full stop,
 * malloc'd; "" when the data give none (or read is NULL), NULL when out of
 * memory.
 */
char *plot_reading(const struct plot_input *in, reading_fn read);

/* Start a reading; -1 when out of memory.  reading_close ends it: the text, malloc'd, or NULL. */
int reading_open(struct reading *t);
char *reading_close(struct reading *t);

/* One part of the reading, printf-formatted, after "; " unless it is the first. */
__attribute__((format(printf, 2, 3))) void reading_part(struct reading *t, const char *fmt, ...);

/*
 * Numbers as readings write them, each in one of four rotating static
 * buffers (at most four of one kind per printf): a size as people read it
 * ("256 MiB"), GB/s with two decimals (three digits under 1), a count
 * ("86", "4.6"), microseconds ("7.31", "10.8", "112").
 */
const char *reading_size(double bytes);
const char *reading_gbps(double gbps);
const char *reading_count(double v);
const char *reading_us(double v);

/*
 * The shape of curve c in words (the rules above), as one part, the curve
 * called what; share adds the peak's share of the link.
 */
void reading_curve(struct reading *t, const struct plot_input *in, const struct plot_curve *c,
                   const char *what, int share);

/* The reuse curve (warm, prefaulted, default placement) of alloc, dir and api, or NULL. */
const struct plot_curve *reading_reuse_curve(const struct plot_input *in, int alloc, int dir,
                                             int api);

/*
 * The driver's pool of small pinned allocations, as a folder's reallocate rows show it: the
 * sizes at which some cudaHostAlloc or cudaMallocHost kind's alloc median is under
 * READ_POOL_FAST_MS, the fast values there and the others (slow; none: slow_lo > slow_hi), and
 * the next size measured above them with its fastest allocation (next_size 0: none), ms.
 */
struct alloc_pool {
    double size_lo, size_hi, fast_lo, fast_hi, slow_lo, slow_hi, next_size, next_ms;
    int found; /* allocations served from the pool */
};

/* In's pool into p; 1 when some allocation was served from it, else 0. */
int reading_alloc_pool(const struct plot_input *in, struct alloc_pool *p);

/*
 * The note a figure built on allocations draws under its key when in has allocations served
 * from the pool ("4 KiB–1 MiB: the driver's pool of small pinned allocations, not the kind
 * (caption)"), into note; 1 when written, else 0.
 */
int reading_pool_note(const struct plot_input *in, struct fig_style *note);

/*
 * The headline's alloc + free panel's curve: pinned's reallocate cycles h2d with the
 * headline's api (as its break-even's), else the reallocate figures' (plot_time_pick); NULL.
 */
const struct plot_curve *reading_headline_alloc(const struct plot_input *in, int api);

/* "pinned h2d": an alloc kind and a direction, as the readings name a curve. */
const char *reading_kind_dir(int alloc, int dir);

/* The CUDA call of an api: "cudaMemcpy", "cudaMemcpyAsync". */
const char *reading_api_call(int api);

/* Curve c's smallest row with a time per copy, or NULL. */
const struct plot_row *reading_smallest_timed(const struct plot_input *in,
                                              const struct plot_curve *c);

/*
 * The lead of a copy figure's reading ("cudaMemcpy: ") for the headline's
 * api (plot_headline_api), written into t; the api, or -1 when there is none.
 */
int reading_lead_api(struct reading *t, const struct plot_input *in);

/* Without pinned or pageable copies: the first kind's curves (latency: its small copies). */
void reading_first_kind(struct reading *t, const struct plot_input *in, int latency);

/* Pinned (else the first page-locked kind, unless pinned_only) and pageable of dir and api. */
void reading_pinned_pageable(struct reading *t, const struct plot_input *in, int dir, int api,
                             int pinned_only);

/* The peaks of the page-locked kinds of dir and api, when there are two or more. */
void reading_page_locked(struct reading *t, const struct plot_input *in, int dir, int api);

/*
 * The curve of reused buffers of alloc, dir and api (default placement)
 * whose host buffer is in cache state cache and touch state touch, or NULL.
 */
const struct plot_curve *reading_host_curve(const struct plot_input *in, int alloc, int dir,
                                            int api, int cache, int touch);

/*
 * A host buffer's state in words: "with a warm cache and prefaulted pages"
 * (the steady state every other figure draws), "with a flushed cache", "on
 * first-touch pages", "with a flushed cache, on first-touch pages".
 */
const char *reading_host_state(int cache, int touch);

/*
 * What the host buffer's state does to each kind's copies of api, for each
 * kind and direction with the steady state and another: one part each,
 * every state's GB/s and its ratio to the steady state's at the largest
 * size they all have ("pageable d2h at 256 MiB: 12.28 GB/s with a warm
 * cache and prefaulted pages, 15.84 (1.29×) with a flushed cache, ...").
 */
void reading_host_states(struct reading *t, const struct plot_input *in, int api);

/*
 * For a figure that draws the steady state only (headline, speedup) of a
 * folder with other host states: one part saying so, and how much faster
 * than pageable in each other state pinned is, at most over the sizes both
 * have, per direction.  Nothing for a folder without other states.
 */
void reading_host_baseline(struct reading *t, const struct plot_input *in, int api);

/*
 * The readings of the figures of a results folder (their definitions point
 * here): readings_pinning.c's (headline to reallocate-time) and
 * readings_beyond_copies.c's (overlap, host-access, sentinel).
 */
void reading_headline(struct reading *t, const struct plot_input *in);
void reading_speedup(struct reading *t, const struct plot_input *in);
void reading_alloc_cost(struct reading *t, const struct plot_input *in);
void reading_breakeven(struct reading *t, const struct plot_input *in);
void reading_reuse(struct reading *t, const struct plot_input *in);
void reading_realloc_time(struct reading *t, const struct plot_input *in);
void reading_overlap(struct reading *t, const struct plot_input *in);
void reading_host_access(struct reading *t, const struct plot_input *in);
void reading_sentinel(struct reading *t, const struct plot_input *in);

#endif
