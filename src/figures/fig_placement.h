/*
 * fig_placement.h - the figures of where a host buffer is placed: copy
 * bandwidth (placement) and cudaHostRegister time (placement-pin) by NUMA
 * binding and page size, beside the default placement.
 */
#ifndef PINSWEEP_FIG_PLACEMENT_H
#define PINSWEEP_FIG_PLACEMENT_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Each describes its figure's data into data_dir and g (fig_init first),
 * and leaves g without panels when the results have nothing to draw.
 */
int fig_placement(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_placement_pin(struct fig *g, const struct plot_input *in, const char *data_dir);

/*
 * The rows the placement figure (pin 0) or the placement-pin figure (pin 1)
 * draws, sorted by direction, api, kind, page size, binding and size: a
 * malloc'd array of pointers into in->all (the caller frees it) of *n; -1
 * when out of memory.
 */
int fig_placement_rows(const struct plot_input *in, int pin, const struct plot_row ***rows,
                       size_t *n);

/* A row's NUMA binding as an axis code, "-" (not applying) counted as NUMA_ANY. */
uint64_t fig_placement_numa(const struct plot_row *r);

/* The placement figure, defined once (figdef.h). */
extern const struct fig_def fig_placement_def;

/* The placement-pin figure, defined once (figdef.h). */
extern const struct fig_def fig_placement_pin_def;

#endif
