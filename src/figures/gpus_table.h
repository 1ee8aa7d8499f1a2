/*
 * gpus_table.h - every configuration measured on several GPUs at once as a
 * table (fig_gpus.h's sets): a row per GPU (alone, at once, scaling), then
 * the aggregate against the sum alone, its scaling and the spans' overlap.
 * pinsweep report gives it always; figures/tables.md when the gpus figures
 * span too few sizes (tabled.h).
 */
#ifndef PINSWEEP_GPUS_TABLE_H
#define PINSWEEP_GPUS_TABLE_H

#include "figures/input.h"
#include "figures/kit/tabular.h"

/* The table of in's sets into t (tabular_free it, also on failure): 0, or -1 when out of memory. */
int gpus_table_build(const struct plot_input *in, struct tabular *t);

#endif
