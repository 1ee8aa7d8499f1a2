/*
 * fig_reuse.h - the reuse-vs-reallocate figure: a reused buffer's copy bandwidth
 * against the effective bandwidth of alloc + fill + copy + free
 */
#ifndef PINSWEEP_FIG_REUSE_H
#define PINSWEEP_FIG_REUSE_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The reuse-vs-reallocate figure, defined once (figdef.h). */
extern const struct fig_def fig_reuse_vs_reallocate_def;

#endif
