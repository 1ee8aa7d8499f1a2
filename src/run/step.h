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

/*
 * Is position i done in round: its rows written, or that round of it
 * measured before a resume (results/rounds_csv.h, one GPU)?
 */
int step_done_in_round(const struct run_loop *l, size_t i, int round);

/*
 * Measure the configuration at position i of l->s on l's first GPU into *r
 * in round (1 and up) with one round's budget, or skip it when it is over
 * l->b; earlier is its result from the rounds before (NULL in the first:
 * see measure_ctx).
 * Returns 0, or -1 when the host ran out of memory (measure_config).
 */
int step_config(struct run_loop *l, size_t i, int round, const struct result *earlier,
                struct result *r);

/*
 * What step_config left for position i in round (measured: its return, r
 * measured from from_ms to to_ms on the run's clock): noted in l->mt and
 * the sentinel, merged into its earlier rounds (r is emptied) and, after its
 * last round or when it did not measure, written (step_write).  One GPU.
 * Returns 0, or -1 when it cannot be recorded (l->reason says why).
 */
int step_take(struct run_loop *l, size_t i, int round, int measured, struct result *r,
              double from_ms, double to_ms);

/*
 * Write the rows of position i from its rounds so far (l->acc[i], which
 * must name its configuration), count and show them, mark it finished.  One
 * GPU.  Returns 0, or -1 (l->reason says why).
 */
int step_write(struct run_loop *l, size_t i);

/* The rows of a configuration: one; with several GPUs each GPU's alone, and together each
   GPU's at once and the aggregate (2n + 1). */
size_t step_rows_per_config(const struct run_gpus *g);

#endif
