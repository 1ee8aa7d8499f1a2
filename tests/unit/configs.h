/*
 * configs.h - a reuse copy configuration for the unit tests that measure
 * through the fake engine (test_engine, test_hostpool, test_together), and a
 * round's result of given bandwidths (test_rounds, test_together).
 */
#ifndef PINSWEEP_TEST_CONFIGS_H
#define PINSWEEP_TEST_CONFIGS_H

#include "experiment/sweep.h"
#include "record/result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Plan number 1: alloc a, direction d, api, size bytes, reused, numa any; other axes unused. */
static inline struct config test_copy_config(enum alloc_kind a, enum direction d, enum copy_api api,
                                             size_t size)
{
    struct config c = {.index = 1};
    for (int k = 0; k < AXIS_SIZE; k++)
        c.v[k] = AXIS_UNUSED;
    c.v[AXIS_ALLOC] = a;
    c.v[AXIS_DIRECTION] = d;
    c.v[AXIS_BUFFER] = BUFFER_REUSE;
    c.v[AXIS_API] = api;
    c.v[AXIS_NUMA] = NUMA_ANY;
    c.v[AXIS_SIZE] = size;
    return c;
}

/* A round of c of n samples of the given bandwidths (1 MiB copies: device_ms from gbps). */
static inline void test_round_of(struct result *r, const struct config *c, const double *gbps,
                                 size_t n)
{
    memset(r, 0, sizeof(*r));
    r->config = c;
    r->samples = calloc(n ? n : 1, sizeof(*r->samples));
    for (size_t i = 0; i < n; i++)
        r->samples[i] = (struct sample){.copies = 1,
                                        .device_ms = (double)(1 << 20) / (gbps[i] * 1e6),
                                        .host_ms = (double)(1 << 20) / (gbps[i] * 1e6),
                                        .h2d_ms = NAN,
                                        .d2h_ms = NAN,
                                        .alloc_ms = NAN,
                                        .fill_ms = NAN,
                                        .free_ms = NAN,
                                        .pin_ms = NAN,
                                        .kernel_ms = NAN};
    r->nsamples = n;
    r->stop = STOP_TARGET;
    r->overlap_pct = r->alone_gbps = NAN;
}

#endif
