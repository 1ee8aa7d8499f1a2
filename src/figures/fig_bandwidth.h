/*
 * fig_bandwidth.h - the bandwidth figure: copy bandwidth against size, a panel per
 * direction, with fits, the host memcpy ceiling and the PCIe link
 */
#ifndef PINSWEEP_FIG_BANDWIDTH_H
#define PINSWEEP_FIG_BANDWIDTH_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir);

/* Fits are drawn only where they describe the data: enough sizes and a small residual. */
#define FIT_MIN_POINTS 5
#define FIT_MAX_RESIDUAL_PCT 5.0

/*
 * Does fit describe its curve well enough to be drawn (and trusted): at
 * least FIT_MIN_POINTS sizes and a residual under FIT_MAX_RESIDUAL_PCT?
 * The report flags the others.
 */
int fig_fit_drawn(const struct fit_row *fit);


/* The bandwidth figure, defined once (figdef.h). */
extern const struct fig_def fig_bandwidth_def;

#endif
