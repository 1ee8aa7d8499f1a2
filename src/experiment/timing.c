/*
 * timing.c - which configurations are timed queued and which one by one
 * (timing.h).
 */
#include "experiment/timing.h"

/* Queued timing needs async copies from page-locked memory (pageable ones block the host). */
int timing_queued(const struct config *c)
{
    return (config_api(c) == API_ASYNC || config_api(c) == API_ZEROCOPY) &&
           config_alloc(c) != ALLOC_PAGEABLE && !timing_one_by_one(c);
}

int timing_one_by_one(const struct config *c)
{
    return c->v[AXIS_CACHE] == CACHE_FLUSHED || c->v[AXIS_TOUCH] == TOUCH_FIRST;
}

const char *timing_name(const struct config *c)
{
    return timing_queued(c) ? "queued" : timing_one_by_one(c) ? "one-by-one" : "direct";
}
