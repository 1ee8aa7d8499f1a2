/*
 * hostaccess.c - a pool of worker threads that time the CPU reading or
 * writing a host buffer.
 *
 * A pass has two phases, so that waking threads stays out of the timed
 * span.  First the caller wakes the parked workers through a condition
 * variable; each checks in (ready) and spins on the go flag.  When all are
 * in, the caller reads the clock and raises go: the span starts with every
 * worker already running.  Each worker reads the clock when its share is
 * done; the span ends at the latest of those, so the caller's own wake-up
 * from the done condition is not counted either.
 */
#include "host/hostaccess.h"
#include "base/timer.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_BYTES 64

struct worker {
    struct hostaccess_pool *pool;
    int index;
    pthread_t tid;
    _Alignas(LINE_BYTES) uint64_t sum; /* one cache line each: no false sharing */
};

struct hostaccess_pool {
    int threads;
    int started;   /* workers running, joined on close */
    int sync_made; /* how many of lock, wake, done were initialised */
    struct worker *workers;
    pthread_mutex_t lock;
    pthread_cond_t wake; /* workers: a new pass, or quit */
    pthread_cond_t done; /* caller: the last worker has finished */
    /* Under lock: the pass, set before generation moves on. */
    unsigned long generation;
    int quit;
    unsigned char *buf;
    size_t size_bytes;
    int write;
    int remaining;
    double end_ms; /* the latest finish of the pass */
    atomic_int ready;
    atomic_int go;
    uint64_t last_sum;
};

/* The offset where line-aligned share i begins: shares start at addresses multiple of 64. */
static size_t share_start(uintptr_t addr, size_t size_bytes, int n, int i)
{
    size_t head = (size_t)(-addr & (LINE_BYTES - 1));
    if (head > size_bytes)
        head = size_bytes;
    if (i == 0)
        return 0;
    if (i == n)
        return size_bytes;
    size_t lines = (size_bytes - head) / LINE_BYTES;
    size_t per = lines / (size_t)n, extra = lines % (size_t)n;
    size_t k = (size_t)i * per + ((size_t)i < extra ? (size_t)i : extra);
    return head + k * LINE_BYTES;
}

/* The checksum of hostaccess_last_sum over p[0..n), with four independent sums. */
static uint64_t read_sum(const unsigned char *p, size_t n)
{
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, w0, w1, w2, w3;
    size_t i = 0;
    for (; i < n && ((uintptr_t)(p + i) & 7); i++)
        s0 += p[i];
    for (; i + 32 <= n; i += 32) {
        /* memcpy: a plain 8-byte load, without breaking the aliasing rules */
        memcpy(&w0, p + i, 8);
        memcpy(&w1, p + i + 8, 8);
        memcpy(&w2, p + i + 16, 8);
        memcpy(&w3, p + i + 24, 8);
        s0 += w0;
        s1 += w1;
        s2 += w2;
        s3 += w3;
    }
    for (; i + 8 <= n; i += 8) {
        memcpy(&w0, p + i, 8);
        s0 += w0;
    }
    for (; i < n; i++)
        s1 += p[i];
    return s0 + s1 + s2 + s3;
}

/* Share i of n of the pass: read (returning its checksum) or write it. */
static uint64_t access_share(unsigned char *buf, size_t size_bytes, int write, int n, int i)
{
    size_t begin = share_start((uintptr_t)buf, size_bytes, n, i);
    size_t end = share_start((uintptr_t)buf, size_bytes, n, i + 1);
    if (end == begin)
        return 0;
    if (!write)
        return read_sum(buf + begin, end - begin);
    memset(buf + begin, HOSTACCESS_WRITE_BYTE, end - begin);
    return 0;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct hostaccess_pool *p = w->pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->generation == seen)
            pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        pthread_mutex_unlock(&p->lock);
        atomic_fetch_add_explicit(&p->ready, 1, memory_order_release);
        while (!atomic_load_explicit(&p->go, memory_order_acquire))
            sched_yield(); /* brief: the caller raises go once all are in */
        w->sum = access_share(p->buf, p->size_bytes, p->write, p->threads, w->index);
        double end_ms = timer_now_ms();
        pthread_mutex_lock(&p->lock);
        if (end_ms > p->end_ms)
            p->end_ms = end_ms;
        if (--p->remaining == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Initialise the lock and conditions, counting them for hostaccess_close. */
static int make_sync(struct hostaccess_pool *p)
{
    if (pthread_mutex_init(&p->lock, NULL) != 0)
        return -1;
    p->sync_made = 1;
    if (pthread_cond_init(&p->wake, NULL) != 0)
        return -1;
    p->sync_made = 2;
    if (pthread_cond_init(&p->done, NULL) != 0)
        return -1;
    p->sync_made = 3;
    return 0;
}

/* Start the workers; with one thread there are none (passes run in the caller). */
static int start_workers(struct hostaccess_pool *p, char *err, size_t errlen)
{
    if (p->threads == 1)
        return 0;
    size_t size = (size_t)p->threads * sizeof(struct worker);
    p->workers = aligned_alloc(_Alignof(struct worker), size);
    if (!p->workers) {
        snprintf(err, errlen, "hostaccess: out of memory for %d workers", p->threads);
        return -1;
    }
    memset(p->workers, 0, size);
    for (int i = 0; i < p->threads; i++) {
        p->workers[i].pool = p;
        p->workers[i].index = i;
        int rc = pthread_create(&p->workers[i].tid, NULL, worker_main, &p->workers[i]);
        if (rc != 0) {
            snprintf(err, errlen, "hostaccess: cannot start worker %d of %d: %s", i + 1, p->threads,
                     strerror(rc));
            return -1;
        }
        p->started++;
    }
    return 0;
}

struct hostaccess_pool *hostaccess_open(int threads, char *err, size_t errlen)
{
    struct hostaccess_pool *p = NULL, *result = NULL;
    if (threads < HOSTACCESS_MIN_THREADS || threads > HOSTACCESS_MAX_THREADS) {
        snprintf(err, errlen, "hostaccess: %d threads is out of range; allowed %d to %d", threads,
                 HOSTACCESS_MIN_THREADS, HOSTACCESS_MAX_THREADS);
        goto out;
    }
    p = calloc(1, sizeof(*p));
    if (!p) {
        snprintf(err, errlen, "hostaccess: out of memory");
        goto out;
    }
    p->threads = threads;
    if (make_sync(p) != 0) {
        snprintf(err, errlen, "hostaccess: cannot create the workers' lock");
        goto out;
    }
    if (start_workers(p, err, errlen) != 0)
        goto out;
    result = p;
    p = NULL;
out:
    hostaccess_close(p);
    return result;
}

/* A pass with workers: wake them, release them together, wait for the last. */
static void pass_with_workers(struct hostaccess_pool *p, double *time_ms)
{
    pthread_mutex_lock(&p->lock);
    p->remaining = p->threads;
    p->end_ms = 0;
    atomic_store(&p->ready, 0);
    atomic_store(&p->go, 0);
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);

    while (atomic_load_explicit(&p->ready, memory_order_acquire) < p->threads)
        sched_yield();
    double start_ms = timer_now_ms();
    atomic_store_explicit(&p->go, 1, memory_order_release);

    pthread_mutex_lock(&p->lock);
    while (p->remaining > 0)
        pthread_cond_wait(&p->done, &p->lock);
    *time_ms = p->end_ms - start_ms;
    pthread_mutex_unlock(&p->lock);
}

int hostaccess_pass(struct hostaccess_pool *p, void *buf, size_t size_bytes, int write,
                    double *time_ms, char *err, size_t errlen)
{
    if (!p || !time_ms || (!buf && size_bytes > 0)) {
        snprintf(err, errlen, "hostaccess: no %s", !p ? "pool" : !time_ms ? "time_ms" : "buffer");
        return -1;
    }
    if (write != 0 && write != 1) {
        snprintf(err, errlen, "hostaccess: write is %d; allowed 0 (read) or 1 (write)", write);
        return -1;
    }
    p->buf = buf;
    p->size_bytes = size_bytes;
    p->write = write;
    if (p->threads == 1) {
        /* No worker: the caller's own thread, timed on the same clock around the same work. */
        double start_ms = timer_now_ms();
        uint64_t sum = access_share(buf, size_bytes, write, 1, 0);
        *time_ms = timer_now_ms() - start_ms;
        if (!write)
            p->last_sum = sum;
        return 0;
    }
    pass_with_workers(p, time_ms);
    if (!write) {
        uint64_t sum = 0;
        for (int i = 0; i < p->threads; i++)
            sum += p->workers[i].sum;
        p->last_sum = sum;
    }
    return 0;
}

uint64_t hostaccess_last_sum(const struct hostaccess_pool *p)
{
    return p ? p->last_sum : 0;
}

void hostaccess_close(struct hostaccess_pool *p)
{
    if (!p)
        return;
    if (p->started > 0) {
        pthread_mutex_lock(&p->lock);
        p->quit = 1;
        pthread_cond_broadcast(&p->wake);
        pthread_mutex_unlock(&p->lock);
        for (int i = 0; i < p->started; i++)
            pthread_join(p->workers[i].tid, NULL);
    }
    if (p->sync_made > 2)
        pthread_cond_destroy(&p->done);
    if (p->sync_made > 1)
        pthread_cond_destroy(&p->wake);
    if (p->sync_made > 0)
        pthread_mutex_destroy(&p->lock);
    free(p->workers);
    free(p);
}
