/*
 * fig_realloc_time.h - the reallocate-time figure: where a reallocate cycle's time goes
 */
#ifndef PINSWEEP_FIG_REALLOC_TIME_H
#define PINSWEEP_FIG_REALLOC_TIME_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_time(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The reallocate-time figure, defined once (figdef.h). */
extern const struct fig_def fig_reallocate_time_def;

#endif
