/*
 * budget.h - what a configuration takes from the machine, and the caps.
 *
 * Page-locked memory cannot be swapped: pin too much and the machine stalls
 * or kills processes.  Each configuration's footprint is known before it
 * runs; one over the pinned cap, or whose device buffers exceed the GPU's
 * free memory, is skipped with the reason instead of being tried.
 */
#ifndef PINSWEEP_BUDGET_H
#define PINSWEEP_BUDGET_H

#include "experiment/experiment.h"
#include "experiment/sweep.h"

#include <stddef.h>
#include <stdint.h>

/*
 * Buffers of config_size(c) bytes c holds at once: on the host two for bidir
 * and pipelines (input and output), else one; on the device two for bidir,
 * none for host-read and host-write, else one.
 */
int budget_host_buffers(const struct config *c);
int budget_device_buffers(const struct config *c);

/* Host bytes c holds at once (bidir and pipeline hold two buffers). */
uint64_t budget_host_bytes(const struct config *c);

/* Page-locked host bytes c holds at once (pageable: none). */
uint64_t budget_pinned_bytes(const struct config *c);

/* Device bytes c allocates (two buffers for bidir; none for host-read and host-write). */
uint64_t budget_device_bytes(const struct config *c);

/*
 * The pinned cap in bytes: the experiment's limits.max_pinned, overridden by
 * cli_text when not NULL ("16GiB" or "25%"), a percentage taken of ram_bytes.
 * Returns 0 and the cap, or -1 with a message in err for a bad cli_text.
 */
int budget_cap(const struct limits *l, const char *cli_text, uint64_t ram_bytes, uint64_t *cap,
               char *err, size_t errlen);

/* What a run may take; a limit of 0 is unknown and not checked. */
struct budget {
    uint64_t pinned_cap; /* page-locked bytes one configuration may hold */
    uint64_t gpu_free;   /* the GPU's free memory when the run starts */
    uint64_t ram;        /* the machine's physical memory */
};

/* Why a configuration does not fit; BUDGET_FITS is 0. */
enum budget_verdict {
    BUDGET_FITS,
    BUDGET_OVER_PINNED_CAP, /* page-locked footprint over pinned_cap */
    BUDGET_OVER_RAM,        /* pageable buffers larger than the RAM: filling them would swap
                               or wake the OOM killer (the overcommitting malloc succeeds) */
    BUDGET_OVER_GPU_FREE,   /* device buffers over gpu_free */
};

/* Whether c fits b; when not, a sentence saying why and how to change it in why. */
enum budget_verdict budget_check(const struct config *c, const struct budget *b, char *why,
                                 size_t n);

/*
 * Page-locked and host bytes c holds on gpus GPUs at once (gpus: together): each GPU
 * its own buffers, but a portable source (h2d, the h2d half of bidir) is one buffer.
 */
uint64_t budget_together_pinned_bytes(const struct config *c, int gpus);
uint64_t budget_together_host_bytes(const struct config *c, int gpus);

/*
 * Whether c measured on gpus GPUs at once fits b's pinned cap and RAM (each GPU's
 * device memory is budget_check's); when not, why, a sentence beginning "together, ".
 */
enum budget_verdict budget_check_together(const struct config *c, int gpus, const struct budget *b,
                                          char *why, size_t n);

#endif
