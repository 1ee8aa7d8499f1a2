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
 * prefaulted pages, the headline's api): a curve whose largest size is
 * within READ_PLATEAU_PCT of its peak "is within 3 % of its peak ... from"
 * the smallest size from which every larger size is; one whose largest size
 * is within READ_HOLD_PCT "peaks at ... and stays within 10 % of it up to"
 * its largest size; any other "peaks at ... and falls to" the value at its
 * largest size.
 */
#ifndef PINSWEEP_READINGS_H
#define PINSWEEP_READINGS_H

#include "figures/input.h"

#include <stddef.h>

#define READ_PLATEAU_PCT 3
#define READ_HOLD_PCT 10

/*
 * The reading of figure name (headline, bandwidth, latency, speedup,
 * alloc-cost, breakeven, reuse-vs-reallocate, reallocate-time, overlap,
 * host-access, placement, placement-pin, sentinel) of in: sentences
 * without a final full stop, malloc'd; "" when the data give none, NULL
 * when out of memory.
 */
char *plot_reading(const struct plot_input *in, const char *name);

struct hl_machines;

/*
 * The reading of the headline across machines (fig_headline_machines):
 * for each machine, pinned and pageable h2d and d2h bandwidth as
 * plot_reading says them, and the time of its smallest pinned copy each
 * way; malloc'd as plot_reading.
 */
char *plot_reading_machines(const struct hl_machines *ms);

#endif
