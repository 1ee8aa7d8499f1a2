/*
 * hostpool.h - host buffers kept from one configuration to the next, so that
 * a sweep measured in several rounds (or in both directions) allocates each
 * buffer once.  One pool per run, in its struct measure_ctx; hostpool.c says
 * why and when a kept buffer is used again.
 */
#ifndef PINSWEEP_HOSTPOOL_H
#define PINSWEEP_HOSTPOOL_H

#include "engine/gpu.h"

#include <stddef.h>
#include <stdint.h>

/* What a kept buffer was allocated as; a configuration may use it when all match. */
struct hostpool_key {
    enum alloc_kind kind;
    enum page_kind pages;
    int node; /* the NUMA node the thread was bound to when allocating, -1 none */
    size_t bytes;
    int round; /* the round it serves (ROUND_BUFFER_MAX_BYTES), 0: any round */
};

/*
 * A page-locked buffer of at most this many bytes serves one round: the next
 * round allocates its own (hostpool_drop_rounds_before frees the old one).
 * On the H200 a 64 KiB cudaMemcpyAsync can depend on the buffer it copies:
 * in 2 of 12 processes one of two page-locked buffers read 12.9 us per copy
 * and the other 5.4, for as long as they lived (bench/t0-probe.cu,
 * bench/README.md).  Rounds on one buffer all read its offset; rounds on
 * their own buffers sample it.  (A sync cudaMemcpy read alike from 8 buffers
 * of a process; what moves it is the process.)  A larger copy is mostly
 * transfer; and allocating 64 MiB page-locked costs about 20 ms, 2 GiB ten
 * times that.
 */
#define ROUND_BUFFER_MAX_BYTES (64ULL << 20)

/*
 * Where a buffer's pages were found when it was first used (placement.c):
 * kept with it, because reading /proc/self/smaps again costs 7-100 ms in a
 * process that maps many GiB, as a CUDA one does.  known 0: not looked at.
 */
struct host_note {
    int known;
    int node;
    double node_pct, huge_pct;
};

/*
 * A zeroed pool is off: nothing is kept.  limit_bytes > 0 turns it on: idle
 * buffers are kept while their sum stays within it.
 */
struct hostpool {
    struct hostpool_entry {
        struct hostpool_key key;
        struct host_buf buf;
        struct host_note note;
    } *idle;
    size_t n, cap;
    uint64_t held_bytes;  /* the sum of the idle buffers' bytes */
    uint64_t limit_bytes; /* 0: off */
    size_t reused;        /* buffers handed out again instead of allocated (for meta.yaml) */
};

/*
 * Move an idle buffer with key k into *out (and its note into *note unless
 * NULL) and return 1; 0 when there is none.
 */
int hostpool_take(struct hostpool *p, const struct hostpool_key *k, struct host_buf *out,
                  struct host_note *note);

/*
 * Free idle buffers, largest first, until bytes more would fit the limit:
 * call before allocating a buffer of bytes that the pool did not have.
 * Returns 0, or -1 when g failed to free one (g's error() says why).
 */
int hostpool_make_room(struct hostpool *p, struct gpu *g, uint64_t bytes);

/*
 * Free the idle buffers that served an earlier round (key.round 1 ..
 * k->round - 1) and match k otherwise: call after allocating k's own, so
 * that the new buffer does not take the old one's place.  Returns 0, or -1
 * when g failed to free one (g's error() says why).
 */
int hostpool_drop_rounds_before(struct hostpool *p, struct gpu *g, const struct hostpool_key *k);

/*
 * Keep b (allocated as k, with its note unless NULL) for a later configuration when it fits the limit,
 * else free it on g; b is zeroed either way.  Returns 0, or -1 when g failed
 * to free it (g's error() says why).
 */
int hostpool_give(struct hostpool *p, struct gpu *g, const struct hostpool_key *k,
                  struct host_buf *b, const struct host_note *note);

/* Free every idle buffer on g and turn the pool off; call before g is closed. */
int hostpool_release(struct hostpool *p, struct gpu *g);

#endif
