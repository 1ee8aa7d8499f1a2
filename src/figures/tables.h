/*
 * tables.h - tables instead of degenerate figures: a sweep of copies at
 * fewer than PLOT_MIN_SIZES sizes is no curve (one point a panel, or
 * lines joining sizes between which nothing was measured), so its numbers
 * go into figures/tables.md and figures/tables.tex (LaTeX, booktabs)
 * instead, and with a single size the copy figures are left out with a note.
 */
#ifndef PINSWEEP_TABLES_H
#define PINSWEEP_TABLES_H

#include "figures/input.h"
#include "figures/kit/tabular.h"

#include <stddef.h>
#include <stdio.h>

/* Fewer sizes than this make a table (figures/tables.md, tables.tex). */
#define PLOT_MIN_SIZES 4

/*
 * Fewer than this, and the copy figures are left out: one point a panel is
 * no curve.  (With 2 or 3 sizes the figures are drawn beside the table: the
 * tests' fixtures and the placement folder have that few.)
 */
#define PLOT_MIN_FIGURE_SIZES 2

/*
 * The cells of one measurement in a table (GB/s): its median, its interval
 * (r->iv[IV_GBPS], analysis/interval.h) and n, the samples behind it.
 */
struct spread_cells {
    char med[24];   /* gbps_median: "55.43" (three significant digits below 1) */
    char range[56]; /* the interval: "55.20–55.61"; "–" without one */
    char n[32];     /* the samples: "20", or "30 in 3 rounds" */
};
void plot_spread_cells(const struct plot_row *r, struct spread_cells *c);

/* A GB/s value as the tables write it: two decimals from 1, three significant digits below. */
void plot_gbps_text(double v, char *buf, size_t n);

/* The heading of an interval column of GB/s: "95 % interval GB/s". */
const char *plot_spread_head(void);

/* What a table's caption says of an interval whose end is marked capped (analysis/interval.h). */
#define PLOT_TABLE_MARK_NOTE                                                                       \
    "an end marked " INTERVAL_CAPPED_MARK " is the link's raw rate, which no copy exceeds: the "   \
    "interval reached past it"

/*
 * When a cell of t has an interval's capped end (INTERVAL_CAPPED_MARK), end
 * t's caption with "; " PLOT_TABLE_MARK_NOTE; else leave it.  Call it once,
 * after the rows.
 */
void plot_table_mark_note(struct tabular *t);

/*
 * The table of every copy row of in (kind, direction, api, buffer, host
 * buffer, size, median GB/s, its interval, n, µs per copy) into t
 * (tabular_free it, also on failure); its caption ends with the folder's
 * interval statement.  -1 when out of memory.
 */
int plot_copies_table(const struct plot_input *in, struct tabular *t);

/* The number of distinct sizes of the copy rows of in (plot_copy_row). */
size_t plot_copy_sizes(const struct plot_input *in);

/*
 * When in's copies have fewer than PLOT_MIN_SIZES sizes, write
 * fig_dir/tables.md and fig_dir/tables.tex: a row per configuration (kind,
 * direction, api, buffer, size, median GB/s, its interval, n, time per
 * copy: plot_copies_table), titled with the variables
 * every row shares; and the placement tables whose figures have too few
 * sizes (place_table.h).  With none of these, remove what an earlier run
 * wrote.  0, or -1 after saying why on log.
 */
int plot_tables_write(const struct plot_input *in, const char *fig_dir, FILE *log);

#endif
