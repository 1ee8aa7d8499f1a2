/*
 * hostaccess.h - how fast the CPU itself reads or writes a host buffer.
 * Pinned memory allocated write-combined, for one, is quick for the GPU to
 * read but very slow for the CPU to read back; this module measures that
 * side.  A pool of worker threads, created once, reads or writes one buffer
 * together in timed passes.  Nothing here needs a GPU.
 */
#ifndef PINSWEEP_HOSTACCESS_H
#define PINSWEEP_HOSTACCESS_H

#include <stddef.h>
#include <stdint.h>

/* The allowed worker counts. */
#define HOSTACCESS_MIN_THREADS 1
#define HOSTACCESS_MAX_THREADS 1024

/* The byte a write pass stores into every byte of the buffer. */
#define HOSTACCESS_WRITE_BYTE 0xa5

/* A pool of worker threads that read or write one buffer together. */
struct hostaccess_pool;

/*
 * Start `threads` workers (HOSTACCESS_MIN_THREADS..HOSTACCESS_MAX_THREADS),
 * parked until a pass is asked for.  The workers inherit the calling
 * thread's CPU affinity and memory policy (bind the thread to a NUMA node
 * before opening the pool); nothing here changes them.  With threads == 1
 * no worker is started: passes run in the calling thread.  Returns a pool
 * the caller frees with hostaccess_close, or NULL with a message in err.
 */
struct hostaccess_pool *hostaccess_open(int threads, char *err, size_t errlen);

/*
 * One timed pass over buf[0..size_bytes): each worker reads (write == 0) or
 * writes (write == 1) its contiguous share.  Shares are split at addresses
 * that are multiples of 64 (cache lines), as evenly as whole lines allow;
 * when there are fewer lines than workers some workers get nothing.
 *
 * A read loads every byte, 8 at a time, into independent accumulators and
 * publishes the checksum (hostaccess_last_sum).  A write stores
 * HOSTACCESS_WRITE_BYTE into every byte with memset, as applications do.
 *
 * *time_ms: CLOCK_MONOTONIC milliseconds from the moment the workers, all
 * already awake and waiting, are released together until the last one
 * finishes its share.  Waking them is outside the span.
 *
 * One thread at a time may use a pool.  The caller owns buf.  Returns 0, or
 * -1 with a message in err (bad arguments; nothing is touched then).
 */
int hostaccess_pass(struct hostaccess_pool *p, void *buf, size_t size_bytes, int write,
                    double *time_ms, char *err, size_t errlen);

/*
 * The checksum of the last read pass: the sum modulo 2^64 of every 8-byte
 * word of the buffer that starts at an address multiple of 8 (native byte
 * order), plus the value of each byte outside those words (an unaligned
 * head or a tail shorter than 8).  It does not depend on how many workers
 * shared the pass.  0 before the first read pass; a write pass leaves it.
 */
uint64_t hostaccess_last_sum(const struct hostaccess_pool *p);

/* Stop and join the workers and free the pool.  Safe on NULL. */
void hostaccess_close(struct hostaccess_pool *p);

#endif
