/*
 * fig_sentinel.h - the drift sentinel over time (sentinel): each reading of
 * the run (sentinel.csv) as a percentage off the run's median, with its
 * interval (analysis/interval.h), on an axis of ±5 % in every folder (wider
 * only when a reading needs it: sentinel_view.h), over the drift check's
 * band (± its threshold about the median, record/drift.h) and the median's
 * line, so a dip or a step shows against the threshold that judges it;
 * the caption's reading names what was measured before each reading off
 * the band.  A sentinel of fewer than PLOT_MIN_SIZES readings is a table.
 */
#ifndef PINSWEEP_FIG_SENTINEL_H
#define PINSWEEP_FIG_SENTINEL_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/* Describe the figure into data_dir and g (fig_init first); no panels without at least
   PLOT_MIN_SIZES good readings in sentinel.csv. */
int fig_sentinel(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The sentinel figure, defined once (figdef.h). */
extern const struct fig_def fig_sentinel_def;

#endif
