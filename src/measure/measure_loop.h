/*
 * measure_loop.h - the sampling loop every way of measuring shares (copies,
 * pipelines, host access), its stopping rule (measure_should_stop, in
 * measure.h), and failing a configuration with a reason.  For the measure
 * layer only.
 */
#ifndef PINSWEEP_MEASURE_LOOP_H
#define PINSWEEP_MEASURE_LOOP_H

#include "measure/measure.h"

/* Mark r failed at stage (what was being done) because of why. */
void measure_fail(struct result *r, const char *stage, const char *why);

/* Takes one sample into *s; returns 0 or -1 (the result then says why). */
typedef int (*sample_fn)(void *ctx, struct sample *s);

/* Take samples with take(ctx) into r until the stopping rule says so, its time limit on clock
   (the GPU's: g->clock); 0 or -1. */
int measure_sample_loop(const struct timer_clock *clock, const struct measure_opts *m,
                        const struct config *c, struct result *r, sample_fn take, void *ctx);

/* Add the time since *since to r's phase p, and set *since to now (clock, the GPU's; ms). */
void run_phase_lap(const struct timer_clock *clock, struct result *r, enum run_phase p,
                   double *since);

#endif
