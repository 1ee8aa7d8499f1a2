/*
 * fig_hostaccess.h - the figure of the CPU reading and writing each kind of host
 * memory: bandwidth against threads, or size (host-access).
 */
#ifndef PINSWEEP_FIG_HOSTACCESS_H
#define PINSWEEP_FIG_HOSTACCESS_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Each describes its figure's data into data_dir and g (fig_init first),
 * and leaves g without panels when the results have nothing to draw.
 */
int fig_host_access(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The host-access figure, defined once (figdef.h). */
extern const struct fig_def fig_host_access_def;

#endif
