/*
 * rounds.h - measuring a sweep in rounds: each round visits every
 * configuration once, in its own seeded shuffled order, so a
 * configuration's rounds are spread over the run and a disturbance of a
 * few seconds touches only one of them; and the sampling budget of one
 * round, so N rounds cost about what one round cost before.
 */
#ifndef PINSWEEP_ROUNDS_H
#define PINSWEEP_ROUNDS_H

#include "experiment/experiment.h"
#include "experiment/sweep.h"

#include <stddef.h>

/* The seed of round (1-based) of a run whose seed is seed: what meta.yaml records. */
unsigned long rounds_seed(unsigned long seed, int round);

/*
 * order[0..s->n) = the positions in s->configs of round's configurations,
 * in the order it measures them: with one round, s's own order; with more,
 * s's order shuffled with rounds_seed(seed, round).  Returns 0, or -1 when
 * the shuffler cannot be allocated.
 */
int rounds_order(const struct sweep *s, int rounds, unsigned long seed, int round, size_t *order);

/*
 * The measure settings of one of m->rounds rounds: max_time and
 * max_samples divided by the rounds (max_samples rounded up), min_samples
 * likewise but at least 3 (so each round has a median and a spread) and
 * never above max_samples; a fixed sample count is divided the same way,
 * at least 3.  One round: m itself.
 */
void rounds_round_opts(const struct measure_opts *m, struct measure_opts *out);

#endif
