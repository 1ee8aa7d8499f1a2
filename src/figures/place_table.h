/*
 * place_table.h - the placement figures as tables, for sweeps of too few
 * sizes (fewer than PLOT_MIN_SIZES): lines joining two or three sizes
 * would cross sizes nothing was measured at, so the copy bandwidth
 * (placement) and the cudaHostRegister time (placement-pin) by page size
 * and NUMA binding go into figures/tables.md and tables.tex instead, a
 * column per placement, skipped placements said as such.
 */
#ifndef PINSWEEP_PLACE_TABLE_H
#define PINSWEEP_PLACE_TABLE_H

#include "figures/input.h"

#include <stddef.h>
#include <stdio.h>

/*
 * The number of distinct sizes the placement figure (pin 0) or the
 * placement-pin figure (pin 1) would draw from in; 0 when it draws nothing.
 */
size_t place_table_sizes(const struct plot_input *in, int pin);

/*
 * Write the placement tables of in whose figure has fewer than
 * PLOT_MIN_SIZES sizes (none when both have more, or none) as Markdown
 * (tex 0) or LaTeX with booktabs (tex 1) into f.  How many were written, or
 * -1 when out of memory.
 */
int place_tables_write(FILE *f, const struct plot_input *in, int tex);

#endif
