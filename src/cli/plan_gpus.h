/*
 * plan_gpus.h - `pinsweep plan` of an experiment over several GPUs: where
 * each GPU sits (PCIe path, link, NUMA node, NVLink peers) and what they
 * share, printed after the plan's table.
 */
#ifndef PINSWEEP_PLAN_GPUS_H
#define PINSWEEP_PLAN_GPUS_H

#include "engine/gpu.h"
#include "experiment/experiment.h"

#include <stdio.h>

/*
 * Open e's GPUs with ops (run/gpus.h), print each one's place and what
 * they share to out, and close them.  Where they cannot be opened (no GPU),
 * one line says so.  Returns how many were opened (0: none).
 */
int plan_print_gpus(FILE *out, const struct gpu_ops *ops, const struct experiment *e);

#endif
