/*
 * check.h - the measuring of `pinsweep check`: each check of
 * analysis/health.h measured on each GPU through the measure layer, with
 * the PCIe link polled from a thread while the copies run (an idle link
 * trains down to a lower generation, so a reading at rest says nothing
 * about the link), and its payload and read request sizes read once from
 * config space.  The verdict is cli/check.c's.
 */
#ifndef PINSWEEP_RUN_CHECK_H
#define PINSWEEP_RUN_CHECK_H

#include "analysis/health.h"
#include "engine/gpu.h"

#include <stddef.h>

/*
 * Measure every check with ops on GPU device (-1: each GPU the engine
 * shows) into *g, *n GPUs (malloc'd: the caller frees *g, also after -1).
 * A check that fails against x (health_judge) is measured once more, its
 * first reading kept in first[].  NVML's other processes on each GPU
 * (before its first copy and after each check) and its link's traffic
 * before the first copy go into busy.  A check that cannot be measured has
 * NaN and why in its error[].  Returns 0; -1 when a GPU cannot be opened
 * (its number in *bad_device, why in err), or when the checks cannot be
 * set up (said on stderr) or memory runs out (*bad_device -1 for both).
 */
int check_measure(const struct gpu_ops *ops, int device, const struct health_expect *x,
                  struct health_gpu **g, size_t *n, int *bad_device, char *err, size_t errlen);

#endif
