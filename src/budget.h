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

#include "experiment.h"
#include "sweep.h"

#include <stddef.h>
#include <stdint.h>

/* Page-locked host bytes c holds at once (bidir holds two buffers; pageable none). */
uint64_t budget_pinned_bytes(const struct config *c);

/* Device bytes c allocates (two buffers for bidir). */
uint64_t budget_device_bytes(const struct config *c);

/*
 * The pinned cap in bytes: the experiment's limits.max_pinned, overridden by
 * cli_text when not NULL ("16GiB" or "25%"), a percentage taken of ram_bytes.
 * Returns 0 and the cap, or -1 with a message in err for a bad cli_text.
 */
int budget_cap(const struct limits *l, const char *cli_text, uint64_t ram_bytes, uint64_t *cap,
               char *err, size_t errlen);

/*
 * Why c must be skipped, written into why (and 1 returned), or 0 when it
 * fits: its pinned footprint over cap, or its device buffers over
 * gpu_free_bytes (0: unknown, not checked).
 */
int budget_check(const struct config *c, uint64_t cap, uint64_t gpu_free_bytes, char *why,
                 size_t n);

#endif
