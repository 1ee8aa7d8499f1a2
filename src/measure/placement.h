/*
 * placement.h - where a configuration's memory goes: whether its page kind
 * can be had, binding the measuring thread to its NUMA node (numa: axis)
 * and recording where its host buffer's pages landed.
 */
#ifndef PINSWEEP_PLACEMENT_H
#define PINSWEEP_PLACEMENT_H

#include "measure/buffers.h"

/* 0, or -1 with r skipped when c's page kind cannot be had here (no huge pages reserved, THP off).
 */
int placement_check_pages(const struct config *c, struct result *r);

/*
 * Bind the measuring thread (and so the memory it allocates and first
 * touches) to c's NUMA node, gpu_node for numa: auto (-1 unknown).  0 when
 * there is nothing to bind, 1 when bound (numabind_restore() undoes it),
 * -1 with r skipped when the node cannot be had.
 */
int placement_bind(const struct config *c, int gpu_node, struct result *r);

/*
 * Where b's first host buffer landed: NUMA node and huge-page share, into r;
 * looked up once per buffer and kept in b->note (a pooled buffer's is
 * reused: hostpool.h says why).
 */
void placement_note(const struct config *c, struct buffers *b, struct result *r);

#endif
