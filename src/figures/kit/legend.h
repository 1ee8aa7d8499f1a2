/*
 * legend.h - laying out a figure's legend and notes (struct fig_legend):
 * in a grid, in groups of rows, or flowing row by row; and the usual
 * entries, one per alloc kind.
 */
#ifndef PINSWEEP_LEGEND_H
#define PINSWEEP_LEGEND_H

#include "figures/kit/figure.h"

#include <stddef.h>

/* A legend cell left empty: drawn invisibly, titled " " (gnuplot drops "" titles). */
extern const struct fig_style fig_key_blank;

/* Put nrows x ncols cells (row by row; fig_key_blank for an empty one) into L. */
int legend_grid(struct fig_legend *L, const struct fig_style *cells, size_t nrows, size_t ncols);

/* Put entries into L in rows of ncols: each of the ngroups groups starts a new row. */
int legend_groups(struct fig_legend *L, const struct fig_style *const groups[],
                  const size_t counts[], size_t ngroups, size_t ncols);

/* Put n entries into L row by row, at most max_cols to a row. */
int legend_flow(struct fig_legend *L, const struct fig_style *entries, size_t n, size_t max_cols);

/*
 * The legend entries (one per alloc kind seen[], schema order), each with
 * its kind's colour and point, drawn with line (NULL: its kind's own
 * dash); how many.
 */
size_t plot_alloc_entries(const int seen[], const char *line, struct fig_style *out);

#endif
