/*
 * fig_pipeline.h - the figure of chunked pipelines: the pipeline's time
 * against the number of streams, with the serial sum of its stages, its
 * longest stage and the overlap factor (overlap).
 */
#ifndef PINSWEEP_FIG_PIPELINE_H
#define PINSWEEP_FIG_PIPELINE_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Each describes its figure's data into data_dir and g (fig_init first),
 * and leaves g without panels when the results have nothing to draw.
 */
int fig_overlap(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The overlap figure, defined once (figdef.h). */
extern const struct fig_def fig_overlap_def;

#endif
