/*
 * fig_copies.h - the figures of plain copies: copy bandwidth against size
 * (bandwidth), time per small copy (latency), reuse against reallocate
 * (reuse-vs-reallocate) and a reallocate cycle's time by phase
 * (reallocate-time).
 */
#ifndef PINSWEEP_FIG_COPIES_H
#define PINSWEEP_FIG_COPIES_H

#include "figures/figure.h"
#include "figures/input.h"

/*
 * Each describes its figure's data into data_dir and g (fig_init first),
 * and leaves g without panels when the results have nothing to draw.
 */
int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_latency(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_time(struct fig *g, const struct plot_input *in, const char *data_dir);

#endif
