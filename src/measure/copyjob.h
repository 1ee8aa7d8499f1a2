/*
 * copyjob.h - one configuration's copies as the engine runs them: the
 * struct copy_job built from its buffers (queued or one-by-one timing, see
 * timing_queued() and timing_one_by_one() in experiment/timing.h), running
 * it, and a sample from its times.
 */
#ifndef PINSWEEP_COPYJOB_H
#define PINSWEEP_COPYJOB_H

#include "experiment/timing.h"
#include "measure/buffers.h"

/* The job of copies copies of c between b's host and device buffers. */
void copyjob_make(const struct config *c, const struct buffers *b, int copies, struct copy_job *j);

/* Run j on g into *t; -1 with r failed ("copying") when the engine fails. */
int copyjob_run(struct gpu *g, const struct copy_job *j, struct copy_time *t, struct result *r);

/* A sample of copies copies from their times (the reallocate parts NaN). */
void copyjob_sample(struct sample *s, int copies, const struct copy_time *t);

#endif
