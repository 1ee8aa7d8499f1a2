/*
 * plan.h - `pinsweep plan`: the expanded configurations, as a table on stdout.
 */
#ifndef PINSWEEP_PLAN_H
#define PINSWEEP_PLAN_H

#include "experiment/experiment.h"
#include "experiment/sweep.h"

#include <stdint.h>

#include <stdio.h>

/*
 * Print every configuration of s with its page-locked and device footprint,
 * marking those over the pinned cap (bytes; cap_text says it for people),
 * then their count and what was dropped.
 */
void plan_print(FILE *out, const struct experiment *e, const struct sweep *s, uint64_t cap,
                const char *cap_text);

/*
 * For gpus: together on `gpus` GPUs: how many configurations of s fit the pinned cap
 * (and RAM) on one GPU but not on all at once; nothing when none.
 */
void plan_print_together(FILE *out, const struct sweep *s, uint64_t cap, int gpus);

#endif
