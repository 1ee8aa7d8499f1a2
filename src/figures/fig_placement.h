/*
 * fig_placement.h - the figures of where a host buffer is placed: copy
 * bandwidth (placement) and cudaHostRegister time (placement-pin) by NUMA
 * binding and page size, beside the default placement.
 */
#ifndef PINSWEEP_FIG_PLACEMENT_H
#define PINSWEEP_FIG_PLACEMENT_H

#include "figures/figure.h"
#include "figures/input.h"

/*
 * Each describes its figure's data into data_dir and g (fig_init first),
 * and leaves g without panels when the results have nothing to draw.
 */
int fig_placement(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_placement_pin(struct fig *g, const struct plot_input *in, const char *data_dir);

#endif
