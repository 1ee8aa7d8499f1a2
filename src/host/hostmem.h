/*
 * hostmem.h - host-side memory effects: the CPU caches, first-touch page
 * faults, and the single-thread memcpy that bounds a pageable copy (the
 * driver copies pageable data through a pinned staging buffer with it).
 * Nothing here needs a GPU.
 */
#ifndef PINSWEEP_HOSTMEM_H
#define PINSWEEP_HOSTMEM_H

#include "base/timer.h"

#include <stddef.h>
#include <stdint.h>

/*
 * Evict [p, p + n) from the CPU caches: clflush of every line on x86-64;
 * elsewhere, writing a buffer of twice the last-level cache.
 */
void hostmem_flush(void *p, size_t n);

/* n bytes of freshly mapped anonymous memory, not yet touched; NULL on failure. */
void *hostmem_map_fresh(size_t n);
void hostmem_unmap(void *p, size_t n);

/* The last-level cache of CPU 0 in bytes, from sysfs; 0 when unknown. */
uint64_t hostmem_llc_bytes(void);

/* The staging buffer the references copy through, like the driver's for pageable copies. */
#define HOSTMEM_STAGING_BYTES (2u << 20)

/*
 * Single-thread memcpy bandwidth through a staging buffer, GB/s (1e9 B/s;
 * bytes copied, not read + written), timed on clock (the run's, from its
 * engine: each pass is host work "memcpy" "h2d" or "d2h", which a modelled
 * clock times by the model).  to_staging: size bytes of a user
 * buffer copied chunk by chunk into one HOSTMEM_STAGING_BYTES buffer (what
 * a pageable h2d copy does first); else from that buffer into the user
 * buffer (what a pageable d2h copy does last).  Batches last at least
 * min_sample_ms; the median of `samples` batches after an untimed one.
 * Returns the bandwidth, or NaN when the buffers cannot be allocated.
 */
double hostmem_memcpy_gbps(const struct timer_clock *clock, uint64_t size, int to_staging,
                           double min_sample_ms, int samples);

#endif
