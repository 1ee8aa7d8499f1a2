/*
 * buffers.h - the host and device buffers one configuration holds, and
 * allocating, filling and freeing its host buffers with its kind.  (Device
 * buffers come from the pool, devpool.h.)
 */
#ifndef PINSWEEP_BUFFERS_H
#define PINSWEEP_BUFFERS_H

#include "measure/hostpool.h"
#include "measure/measure.h"

/* The byte written into host buffers before they are used (touches every page). */
#define FILL_BYTE 0xA5

/* The buffers one configuration holds: two host buffers for bidir and pipelines. */
struct buffers {
    struct host_buf host[2];
    void *dev[2];
    int nhost; /* 1, or 2 for bidir (a pair each way) and pipelines (input and output) */
    int ndev;  /* 0 for host access, 2 for bidir, else 1 */
    struct hostpool *pool; /* where host buffers come from and go back to; NULL: none */
    int node;              /* the NUMA node the thread is bound to, -1 none (the pool's key) */
    int round;             /* the round measured (the pool's key: hostpool.h), 0 as 1 */
    unsigned char from_pool[2]; /* host[i] was used before: filled again only when small */
    struct host_note note;      /* where host[0]'s pages are (placement_note) */
};

/*
 * A buffer from the pool is filled again when it is at most this large, so
 * it is in the CPU caches as a new one would be; a larger one is mostly not
 * in the caches either way (only its last LLC-sized part would be), and
 * filling it again every round would cost 0.1 s per GiB.
 */
#define REFILL_MAX_BYTES (64ULL << 20)

/*
 * Allocate b's host buffers on g with c's kind, pages and size, or take
 * them from b->pool.  On failure
 * r is failed (or skipped, when the device does not support the kind) and
 * -1 returned; what was allocated stays in b for buffers_free_host().
 */
int buffers_alloc_host(struct gpu *g, struct buffers *b, const struct config *c, struct result *r);
/* memset b's host buffers to FILL_BYTE: new ones, and pooled ones up to REFILL_MAX_BYTES. */
void buffers_fill_host(struct buffers *b);
/*
 * Free b's host buffers (safe on zeroed ones), or give them back to b->pool
 * when r measured; a failure fails r if nothing did before.
 */
int buffers_free_host(struct gpu *g, struct buffers *b, struct result *r);

#endif
