/*
 * measure_host.h - measuring api host-read and host-write: the CPU reading
 * or writing each kind of host memory (measure_host.c says how).
 */
#ifndef PINSWEEP_MEASURE_HOST_H
#define PINSWEEP_MEASURE_HOST_H

#include "measure/buffers.h"

/*
 * Allocate b's host buffer with c's kind on g, start c's threads, size a
 * batch of passes, warm up and time the samples.  0, or -1 with r failed.
 */
int measure_host(struct gpu *g, const struct measure_opts *m, const struct config *c,
                 struct buffers *b, struct result *r);

#endif
