/*
 * gpus.h - the GPUs a run uses (device: N, a list, or all): opening them,
 * each with its own engine context, reading where each sits (PCIe path,
 * link, NUMA node, NVLink peers) for meta.yaml and `pinsweep plan`, and
 * which parts of the PCIe tree they share.
 */
#ifndef PINSWEEP_GPUS_H
#define PINSWEEP_GPUS_H

#include "engine/gpu.h"
#include "experiment/budget.h"
#include "experiment/experiment.h"
#include "host/sysinfo.h"
#include "measure/measure.h"
#include "measure/together.h"
#include "results/meta.h"

#include <stddef.h>
#include <stdio.h>

/* The GPUs of a run: one, or several (device: a list or all). */
struct run_gpus {
    int n;                                    /* opened; 1: a run of one GPU */
    int together;                             /* gpus: together */
    struct measure_ctx mc[TOGETHER_MAX_GPUS]; /* [0]: e->device, which reads the sentinel */
    struct gpu_info info[TOGETHER_MAX_GPUS];
    struct pcie_link link[TOGETHER_MAX_GPUS];
    struct meta_gpu topo[TOGETHER_MAX_GPUS]; /* gpus_read_topology */
};

/*
 * Open e's GPUs with ops into g (zeroed first), all on clock (the run's:
 * zeroed, the first open starts it; the caller releases it after
 * gpus_close): e->device into mc[0], info[0] and link[0] (its payload size
 * read once), then those beyond it that e lists, at most
 * TOGETHER_MAX_GPUS; notes on stderr where the machine has fewer or more
 * than asked for.  Returns 0, or -1 with why in err; g->n counts those
 * opened either way, for gpus_close.
 */
int gpus_open(const struct gpu_ops *ops, struct timer_clock *clock, const struct experiment *e,
              struct run_gpus *g, char *err, size_t n);

/* Close those gpus_open opened, the first last; g->n is 0 after.  Safe on NULL. */
void gpus_close(const struct gpu_ops *ops, struct run_gpus *g);

/* Fill g->topo[0 .. n-1] from sysfs and (when nvml_open succeeded) NVML. */
void gpus_read_topology(struct run_gpus *g);

/*
 * Say, one line each, which of g's GPUs share a part of the PCIe tree (the
 * deepest first), each line begun with prefix; nothing for one GPU.
 */
void gpus_print_sharing(FILE *out, const struct run_gpus *g, const char *prefix);

/*
 * Keep buffers from one configuration to the next on each of g's GPUs: the
 * device buffers the largest configuration of s not finished (finished[i]
 * by position) within b needs, allocated now (so none is freed mid-run, see
 * devpool.c; a refusal is noted on stderr and they grow as the sweep goes),
 * and reused host buffers up to a quarter of the RAM (or b's pinned cap)
 * shared among the GPUs.
 */
void gpus_keep_buffers(struct run_gpus *g, const struct sweep *s, const struct budget *b,
                       const unsigned char *finished);

/* Give back what gpus_keep_buffers kept; returns how many host buffers were reused. */
size_t gpus_release_buffers(struct run_gpus *g);

#endif
