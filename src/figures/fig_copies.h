/*
 * fig_copies.h - the figures of plain copies: copy bandwidth against size
 * (bandwidth), time per small copy (latency), reuse against reallocate
 * (reuse-vs-reallocate) and a reallocate cycle's time by phase
 * (reallocate-time).
 */
#ifndef PINSWEEP_FIG_COPIES_H
#define PINSWEEP_FIG_COPIES_H

#include "figures/kit/figure.h"
#include "figures/input.h"

/*
 * Each describes its figure's data into data_dir and g (fig_init first),
 * and leaves g without panels when the results have nothing to draw.
 */
int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_latency(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_time(struct fig *g, const struct plot_input *in, const char *data_dir);

/* Fits are drawn only where they describe the data: enough sizes and a small residual. */
#define FIT_MIN_POINTS 5
#define FIT_MAX_RESIDUAL_PCT 5.0

/*
 * Does fit describe its curve well enough to be drawn (and trusted): a fit
 * (status ok, not a negative t0), at least FIT_MIN_POINTS sizes and a
 * residual under FIT_MAX_RESIDUAL_PCT?  The report flags the others.
 */
int fig_fit_drawn(const struct fit_row *fit);

#endif
