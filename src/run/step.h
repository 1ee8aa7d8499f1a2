/*
 * step.h - one step of the run loop: one configuration measured in one
 * round, on one GPU or on several (each alone, or together: measure/together.h),
 * merged with its earlier rounds, and its rows written once its last round
 * is done or it did not measure.
 */
#ifndef PINSWEEP_STEP_H
#define PINSWEEP_STEP_H

#include "run/gpus.h"

#include <stddef.h>

struct run_loop;

/*
 * Measure the configuration at position i of l->s in round, noting its time
 * in l->mt and the sentinel; write its rows to l->res when this was its last
 * round or it did not measure (skipped, failed), counting them and showing
 * them in l->pr.  Returns 0, or -1 when it cannot be recorded (l->reason
 * says why).
 */
int step_measure(struct run_loop *l, size_t i, int round);

/* The rows of a configuration: one; with several GPUs each GPU's alone, and together each
   GPU's at once and the aggregate (2n + 1). */
size_t step_rows_per_config(const struct run_gpus *g);

#endif
