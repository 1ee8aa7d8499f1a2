/*
 * doctor.h - the measuring of `pinsweep doctor`: on each GPU, the readings
 * of analysis/doctor.h (pinned h2d, d2h and bidir, pageable h2d, pinned
 * h2d bound to each NUMA node, the host's memcpy) with the PCIe link polled
 * while the copies run, and what the machine says around them: config
 * space, the IOMMU group and command line, AER counters and NVML's replay
 * counter before and after, NVML's processes, clock event reasons and
 * persistence mode, the CPU governor and THP mode, signs of a hypervisor.
 * The diagnosis is analysis/doctor.h's; cli/doctor.c prints it.
 */
#ifndef PINSWEEP_RUN_DOCTOR_H
#define PINSWEEP_RUN_DOCTOR_H

#include "analysis/doctor.h"
#include "engine/gpu.h"

#include <stddef.h>

/* One GPU's evidence. */
struct doctor_gpu {
    int index;
    char bus_id[32];
    char name[256];
    struct doctor_evidence e;
    double seconds; /* how long its measuring took on the host's clock */
};

/*
 * Gather the evidence of GPU device (-1: each GPU the engine shows) into
 * *g, *n GPUs (malloc'd: the caller frees *g, also after -1).  A reading
 * that cannot be measured is NaN with why.  Returns 0; -1 when a GPU cannot
 * be opened (its number in *bad_device, why in err), or when the
 * configurations cannot be set up (said on stderr) or memory runs out
 * (*bad_device -1 for both).
 */
int doctor_measure(const struct gpu_ops *ops, int device, struct doctor_gpu **g, size_t *n,
                   int *bad_device, char *err, size_t errlen);

#endif
