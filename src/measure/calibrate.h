/*
 * calibrate.h - sizing a batch of copies so one sample lasts
 * measure.min_sample_time.
 */
#ifndef PINSWEEP_CALIBRATE_H
#define PINSWEEP_CALIBRATE_H

#include "measure/measure.h"

/*
 * Set j->copies to the copies per sample that make one sample last
 * m->min_sample_ms (at most m->max_batch, fewer for queued jobs), and
 * j->warm_copies for queued ones; r->batch gets the count.  The batches
 * run here double as warm-up.  0, or -1 with r failed.
 */
int calibrate_batch(struct gpu *g, const struct measure_opts *m, struct copy_job *j,
                    struct result *r);

/* Time copies copies a sample from now on: j's batch (and warm-up copies) and r->batch. */
void calibrate_use_batch(struct copy_job *j, int copies, struct result *r);

#endif
