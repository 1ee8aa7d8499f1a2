/*
 * plan.h - `pinsweep plan`: the expanded configurations, as a table on stdout.
 */
#ifndef PINSWEEP_PLAN_H
#define PINSWEEP_PLAN_H

#include "experiment.h"
#include "sweep.h"

#include <stdio.h>

/* Print every configuration of s, then their count and what was dropped. */
void plan_print(FILE *out, const struct experiment *e, const struct sweep *s);

#endif
