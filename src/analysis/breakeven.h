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

/* The copies after which a buffer costing alloc_free_ms pays off; NaN if it never does. */
double breakeven_copies(double alloc_free_ms, double pageable_us, double pinned_us);

/*
 * Write results_dir/breakeven.csv afresh (through breakeven.csv.tmp,
 * results/outdir.h) from its summary.csv and say how many rows it has on
 * table (may be NULL).  Returns the number of rows written (0: the folder
 * lacks the reuse or reallocate rows, and no file is left), or FIT_EINPUT or
 * FIT_EWRITE (fit.h) with a message in err.
 */
int breakeven_write(const char *results_dir, FILE *table, char *err, size_t errlen);

#endif
