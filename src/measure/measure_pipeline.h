/*
 * measure_pipeline.h - measuring api pipeline: copy/compute overlap through
 * streams (measure_pipeline.c says how).
 */
#ifndef PINSWEEP_MEASURE_PIPELINE_H
#define PINSWEEP_MEASURE_PIPELINE_H

#include "measure/buffers.h"

/*
 * Allocate b's host buffers (input and output; its device buffer is the
 * caller's), size the kernel, warm up and time the samples; with
 * measure.verify, check what came out.  0, or -1 with r failed.
 */
int measure_pipeline(struct gpu *g, const struct measure_opts *m, const struct config *c,
                     struct buffers *b, struct result *r);

#endif
