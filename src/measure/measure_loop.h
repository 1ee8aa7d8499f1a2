/*
 * measure_loop.h - what the measuring modules share (measure.c for copies
 * and zero-copy kernels, measure_pipeline.c, measure_host.c): a
 * configuration's buffers, failing it with a reason, and the sampling loop.
 * Not for use outside them.
 */
#ifndef PINSWEEP_MEASURE_LOOP_H
#define PINSWEEP_MEASURE_LOOP_H

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

/* Mark r failed at stage (what was being done) because of why. */
void measure_fail(struct result *r, const char *stage, const char *why);

/*
 * Allocate b's host buffers with c's kind, pages and size.  On failure r is
 * failed (or skipped, when the device does not support the kind) and -1
 * returned; what was allocated stays in b for measure_free_host().
 */
int measure_alloc_host(struct gpu *g, struct buffers *b, const struct config *c, struct result *r);
void measure_fill_host(struct buffers *b); /* memset every host buffer to FILL_BYTE */
int measure_free_host(struct gpu *g, struct buffers *b, struct result *r);

/* Where b's first host buffer landed: NUMA node and huge-page share, into r. */
void measure_note_placement(const struct config *c, const struct buffers *b, struct result *r);

/* Takes one sample into *s; returns 0 or -1 (the result then says why). */
typedef int (*sample_fn)(void *ctx, struct sample *s);

/* Take samples with take(ctx) into r until the stopping rule says so; 0 or -1. */
int measure_sample_loop(const struct measure_opts *m, const struct config *c, struct result *r,
                        sample_fn take, void *ctx);

/* The pipeline (api pipeline) and the CPU's access (host-read, host-write), b allocated by them. */
int measure_pipeline(struct gpu *g, const struct measure_opts *m, const struct config *c,
                     struct buffers *b, struct result *r);
int measure_host(struct gpu *g, const struct measure_opts *m, const struct config *c,
                 struct buffers *b, struct result *r);

#endif
