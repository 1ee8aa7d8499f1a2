/*
 * fig_alloc_cost.h - the alloc-cost figure: alloc, pin and free time of each kind against size
 */
#ifndef PINSWEEP_FIG_ALLOC_COST_H
#define PINSWEEP_FIG_ALLOC_COST_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_alloc_cost(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The alloc-cost figure, defined once (figdef.h). */
extern const struct fig_def fig_alloc_cost_def;

#endif
