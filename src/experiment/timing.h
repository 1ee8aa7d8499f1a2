/*
 * timing.h - how a configuration's copies are timed, a fact of the
 * configuration alone: queued (a batch enqueued at once on the device
 * timeline, see struct copy_job in engine/gpu.h), one by one (each copy
 * prepared and timed by itself: cache flushed, first-touch) or direct.
 * The measure layer times by it; summary.csv's timing column names it.
 */
#ifndef PINSWEEP_TIMING_H
#define PINSWEEP_TIMING_H

#include "experiment/sweep.h"

/* 1 when c is timed with queued batches. */
int timing_queued(const struct config *c);

/* 1 when c's copies are prepared and timed one at a time (cache flushed, first-touch). */
int timing_one_by_one(const struct config *c);

/* "queued", "one-by-one" or "direct": c's timing as summary.csv names it. */
const char *timing_name(const struct config *c);

#endif
