/*
 * devpool.h - the device-buffer pool: device buffers kept from one
 * configuration to the next, so that none is freed mid-run (devpool.c says
 * why).  One pool per open device, in the run's struct measure_ctx.
 */
#ifndef PINSWEEP_DEVPOOL_H
#define PINSWEEP_DEVPOOL_H

#include "engine/gpu.h"

#include <stddef.h>

/* Slot 0 for every configuration with a device buffer, slot 1 for bidir's second. */
#define DEVPOOL_SLOTS 2

/* A zeroed pool is empty. */
struct devpool {
    struct {
        void *ptr;
        size_t bytes;
    } slot[DEVPOOL_SLOTS];
};

/*
 * Grow slot i to bytes[i] on g (0: leave it), before a run; -1 when g
 * refuses (g's error() says why), and configurations then grow the slots
 * as they go.
 */
int devpool_reserve(struct devpool *p, struct gpu *g, const size_t bytes[DEVPOOL_SLOTS]);

/*
 * Point dev[0..n) (n at most DEVPOOL_SLOTS) at slots grown to at least bytes
 * each; a slot that cannot grow gets one more try with the pool emptied
 * (the other slot may hold the memory it needs).  -1 when that fails too;
 * g's error() says why.  The pool keeps owning the buffers.
 */
int devpool_take(struct devpool *p, struct gpu *g, int n, size_t bytes, void *dev[]);

/* Free every slot on g; call it before g is closed. */
void devpool_release(struct devpool *p, struct gpu *g);

#endif
