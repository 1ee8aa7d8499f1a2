/*
 * place_table.h - the placement figures as tables, for sweeps of too few
 * sizes (fewer than PLOT_MIN_SIZES): lines joining two or three sizes
 * would cross sizes nothing was measured at, so the copy bandwidth
 * (placement) and the cudaHostRegister time (placement-pin) by page size
 * and NUMA binding go into figures/tables.md and tables.tex instead, a
 * column per placement, skipped placements said as such; the report shows
 * them too.
 */
#ifndef PINSWEEP_PLACE_TABLE_H
#define PINSWEEP_PLACE_TABLE_H

#include "figures/input.h"
#include "figures/kit/tabular.h"

#include <stddef.h>

/*
 * The number of distinct sizes the placement figure (pin 0) or the
 * placement-pin figure (pin 1) would draw from in; 0 when it draws nothing.
 */
size_t place_table_sizes(const struct plot_input *in, int pin);

/*
 * The placement table (pin 0: copy bandwidth; pin 1: cudaHostRegister
 * time) of in into t, when its figure has fewer than PLOT_MIN_SIZES sizes;
 * tabular_free t afterwards, also on failure.  Returns its number of rows
 * (0: the figure draws them, or there are none), or -1 when out of memory.
 */
int place_table_build(const struct plot_input *in, int pin, struct tabular *t);

#endif
