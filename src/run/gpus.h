/*
 * gpus.h - the GPUs a run uses (device: N, a list, or all): opening those
 * beyond the first, each with its own engine context, and reading where
 * each sits (PCIe path, link, NUMA node, NVLink peers) for meta.yaml and
 * `pinsweep plan`.
 */
#ifndef PINSWEEP_GPUS_H
#define PINSWEEP_GPUS_H

#include "engine/gpu.h"
#include "experiment/experiment.h"
#include "host/sysinfo.h"
#include "measure/measure.h"
#include "measure/together.h"
#include "results/meta.h"

#include <stddef.h>
#include <stdio.h>

/* The GPUs of a run over several (device: a list or all), the first opened by the caller. */
struct run_gpus {
    int n;                                    /* 1: a run of one GPU */
    int together;                             /* gpus: together */
    struct measure_ctx mc[TOGETHER_MAX_GPUS]; /* [0] is the run's own (run_loop.mc) */
    struct gpu_info info[TOGETHER_MAX_GPUS];
    struct pcie_link link[TOGETHER_MAX_GPUS];
    struct meta_gpu topo[TOGETHER_MAX_GPUS]; /* gpus_read_topology */
};

/*
 * Open the GPUs beyond the first (g->n = 1, its mc[0], info[0] and link[0]
 * filled in) that e lists, at most TOGETHER_MAX_GPUS; notes on stderr where
 * the machine has fewer or more than asked for.  Returns 0, or -1 with why in err.
 */
int gpus_open_more(const struct gpu_ops *ops, const struct experiment *e, struct run_gpus *g,
                   char *err, size_t n);

/* Close those gpus_open_more opened; g->n is 1 after. */
void gpus_close_more(const struct gpu_ops *ops, struct run_gpus *g);

/* Fill g->topo[0 .. n-1] from sysfs and (when nvml_open succeeded) NVML. */
void gpus_read_topology(struct run_gpus *g);

/*
 * Say, one line each, which of g's GPUs share a part of the PCIe tree (the
 * deepest first), each line begun with prefix; nothing for one GPU.
 */
void gpus_print_sharing(FILE *out, const struct run_gpus *g, const char *prefix);

/*
 * For `pinsweep plan` of an experiment over several GPUs: open them with
 * ops, print each one's place and what they share to out, and close them.
 * Where they cannot be opened (no GPU), one line says so.  Returns how many
 * were opened (0: none).
 */
int gpus_plan_topology(FILE *out, const struct gpu_ops *ops, const struct experiment *e);

#endif
