/*
 * buffers.h - the host and device buffers one configuration holds, and
 * allocating, filling and freeing its host buffers with its kind.  (Device
 * buffers come from the pool, devpool.h.)
 */
#ifndef PINSWEEP_BUFFERS_H
#define PINSWEEP_BUFFERS_H

#include "measure/measure.h"

/* The byte written into host buffers before they are used (touches every page). */
#define FILL_BYTE 0xA5

/* The buffers one configuration holds: two host buffers for bidir and pipelines. */
struct buffers {
    struct host_buf host[2];
    void *dev[2];
    int nhost; /* 1, or 2 for bidir (a pair each way) and pipelines (input and output) */
    int ndev;  /* 0 for host access, 2 for bidir, else 1 */
};

/*
 * Allocate b's host buffers on g with c's kind, pages and size.  On failure
 * r is failed (or skipped, when the device does not support the kind) and
 * -1 returned; what was allocated stays in b for buffers_free_host().
 */
int buffers_alloc_host(struct gpu *g, struct buffers *b, const struct config *c, struct result *r);
void buffers_fill_host(struct buffers *b); /* memset every host buffer to FILL_BYTE */
/* Free b's host buffers (safe on zeroed ones); a failure fails r if nothing did before. */
int buffers_free_host(struct gpu *g, struct buffers *b, struct result *r);

#endif
