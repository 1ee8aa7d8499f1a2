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

/* The number of distinct sizes of the copy rows of in (plot_copy_row). */
size_t plot_copy_sizes(const struct plot_input *in);

/*
 * When in's copies have fewer than PLOT_MIN_SIZES sizes, write
 * fig_dir/tables.md and fig_dir/tables.tex: a row per configuration (kind,
 * direction, api, buffer, size in words and in bytes, median GB/s, the
 * samples' min-max, rsd and n, time per copy), titled with the variables
 * every row shares; else remove what an earlier run wrote.  0, or -1 after
 * saying why on log.
 */
int plot_tables_write(const struct plot_input *in, const char *fig_dir, FILE *log);

#endif
