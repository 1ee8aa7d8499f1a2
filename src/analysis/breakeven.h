/*
 * breakeven.h - when does pinning pay off?
 *
 * A page-locked buffer costs its allocation and free once and then saves
 * (pageable time - page-locked time) on every copy; after
 *   N = (alloc_ms + free_ms) / (pageable_us_per_copy - pinned_us_per_copy)
 * copies of the same size it has paid for itself.  Computed from a results
 * folder's summary.csv (reuse rows give the per-copy times, reallocate rows
 * the allocation and free costs) into breakeven.csv.
 */
#ifndef PINSWEEP_BREAKEVEN_H
#define PINSWEEP_BREAKEVEN_H

#include <stdio.h>

struct breakeven_row;
struct interval;

/* The copies after which a buffer costing alloc_free_ms pays off; NaN if it never does. */
double breakeven_copies(double alloc_free_ms, double pageable_us, double pinned_us);

/*
 * The copies after which the buffer of break-even row b (breakeven.csv)
 * pays off, with the interval its copies' intervals allow
 * (analysis/interval.h): pageable and kind are the GB/s intervals of
 * pageable's and b's kind's reused copies at b's size, direction and api
 * (NULL where not measured).  The time saved per copy, µs, at their ends,
 * with us = size_bytes / 1e3:
 *   save_lo = us / pageable.hi - us / kind.lo   (pageable's fastest against the kind's slowest)
 *   save_hi = us / pageable.lo - us / kind.hi   (the other way round)
 * and alloc + free at their medians, cost_us = (alloc_ms + free_ms) * 1000:
 *   *lo = cost_us / save_hi, *hi = cost_us / save_lo (NaN where that saving is not > 0).
 * Returns b->copies, or NaN (not resolved) when *hi is NaN: the saving is
 * within the intervals.  Without both intervals, or where b has no copies
 * or no cost, *lo = *hi = b->copies and b->copies is returned.
 */
double breakeven_interval(const struct breakeven_row *b, const struct interval *pageable,
                          const struct interval *kind, double *lo, double *hi);

/* How a break-even is drawn and said (breakeven_status). */
enum breakeven_status {
    BREAKEVEN_PAYS,       /* a point, with its interval */
    BREAKEVEN_NEVER,      /* no copies: the page-locked copy is not faster, it never pays off */
    BREAKEVEN_UNRESOLVED, /* copies, but breakeven_interval is NaN: not resolved */
};

/* The status of break-even row b with its copies' intervals as for breakeven_interval. */
enum breakeven_status breakeven_status(const struct breakeven_row *b,
                                       const struct interval *pageable,
                                       const struct interval *kind);

/*
 * Write results_dir/breakeven.csv afresh (through breakeven.csv.tmp,
 * results/outdir.h) from its summary.csv and say how many rows it has on
 * table (may be NULL).  Returns the number of rows written (0: the folder
 * lacks the reuse or reallocate rows, and no file is left), or FIT_EINPUT or
 * FIT_EWRITE (fit.h) with a message in err.
 */
int breakeven_write(const char *results_dir, FILE *table, char *err, size_t errlen);

#endif
