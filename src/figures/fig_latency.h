/*
 * fig_latency.h - the latency figure: time per small copy against size
 */
#ifndef PINSWEEP_FIG_LATENCY_H
#define PINSWEEP_FIG_LATENCY_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_latency(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The latency figure, defined once (figdef.h). */
extern const struct fig_def fig_latency_def;

#endif
