/*
 * measure_copy.h - measuring copies (api sync, async) and zero-copy
 * kernels (api zerocopy), with buffer: reuse or reallocate.
 */
#ifndef PINSWEEP_MEASURE_COPY_H
#define PINSWEEP_MEASURE_COPY_H

#include "measure/buffers.h"

/*
 * reuse (and zero-copy kernels): allocate and fill b's host buffers once,
 * size a batch of copies so one sample lasts at least
 * measure.min_sample_time, warm up, time the samples, then the round trip
 * of one copy.  cache flushed and touch first-touch time each copy alone.
 * earlier, when not NULL, is c's result from its earlier rounds: its batch
 * is used without calibrating and its round trip kept.  b's device buffers
 * are the caller's (from the pool); its host buffers are left for the
 * caller to free.  0, or -1 with r failed, skipped or corrupt.
 */
int measure_reuse(struct gpu *g, const struct measure_opts *m, const struct config *c,
                  struct buffers *b, const struct result *earlier, struct result *r);

/*
 * reallocate: every sample (after warmup cycles) allocates b's host buffers
 * with their kind, fills them, copies them once and frees them, each part
 * timed.  0 or -1 as measure_reuse().
 */
int measure_reallocate(struct gpu *g, const struct measure_opts *m, const struct config *c,
                       struct buffers *b, struct result *r);

#endif
