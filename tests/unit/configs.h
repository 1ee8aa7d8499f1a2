/*
 * configs.h - a reuse copy configuration for the unit tests that measure
 * through the fake engine (test_engine, test_hostpool, test_together).
 */
#ifndef PINSWEEP_TEST_CONFIGS_H
#define PINSWEEP_TEST_CONFIGS_H

#include "experiment/sweep.h"

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

#endif
