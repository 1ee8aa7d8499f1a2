/*
 * fig_sentinel.h - the drift sentinel over time (sentinel): its bandwidth
 * at each reading of the run, from sentinel.csv, with the readings' min..max
 * bars and their median as a line, so a disturbance shows as a dip or a
 * step and its time can be matched with the configurations measured then
 * (meta.yaml's drift windows).
 */
#ifndef PINSWEEP_FIG_SENTINEL_H
#define PINSWEEP_FIG_SENTINEL_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/* Describe the figure into data_dir and g (fig_init first); no panels without sentinel.csv. */
int fig_sentinel(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The sentinel figure, defined once (figdef.h). */
extern const struct fig_def fig_sentinel_def;

#endif
