/*
 * fig_speedup.h - the speedup figure: each page-locked kind's bandwidth over pageable's
 */
#ifndef PINSWEEP_FIG_SPEEDUP_H
#define PINSWEEP_FIG_SPEEDUP_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_speedup(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The speedup figure, defined once (figdef.h). */
extern const struct fig_def fig_speedup_def;

#endif
