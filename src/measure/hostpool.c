/*
 * hostpool.c - host buffers kept across configurations (hostpool.h).
 *
 * Allocating page-locked memory is slow: on the H200's host, cudaHostAlloc
 * takes about 0.34 s per GiB and freeing it 0.09 s more, so default.yaml
 * spent more time allocating its 28 GiB of buffers than copying them, and a
 * run of three rounds paid that three times.  A reused buffer's measurement
 * does not depend on when the buffer was allocated, only on its kind, pages,
 * NUMA node and size, so a buffer is handed to the next configuration that
 * asks for the same four: the other direction, or the same configuration in
 * the next round.  Not quite: a small page-locked async copy can depend on
 * which buffer it copies (ROUND_BUFFER_MAX_BYTES), so such a buffer serves
 * one round and the next round allocates its own.  The caller fills it again (buffers.c) so it is used
 * in the state a new one would be.  Reallocate, pipeline and host-access configurations do not use
 * the pool.  The limit keeps the memory held idle within the run's pinned cap and a quarter of the
 * RAM (run.c).
 */
#include "measure/hostpool.h"

#include <stdlib.h>
#include <string.h>

static int same_key(const struct hostpool_key *a, const struct hostpool_key *b)
{
    return a->kind == b->kind && a->pages == b->pages && a->node == b->node &&
           a->bytes == b->bytes && a->round == b->round;
}

static void drop(struct hostpool *p, size_t i)
{
    p->held_bytes -= p->idle[i].key.bytes;
    p->idle[i] = p->idle[--p->n];
}

int hostpool_take(struct hostpool *p, const struct hostpool_key *k, struct host_buf *out,
                  struct host_note *note)
{
    for (size_t i = 0; i < p->n; i++) {
        if (!same_key(&p->idle[i].key, k))
            continue;
        *out = p->idle[i].buf;
        if (note)
            *note = p->idle[i].note;
        drop(p, i);
        p->reused++;
        return 1;
    }
    return 0;
}

static int free_idle(struct hostpool *p, struct gpu *g, size_t i)
{
    struct host_buf b = p->idle[i].buf;
    drop(p, i);
    return g->ops->host_free(g, &b);
}

int hostpool_make_room(struct hostpool *p, struct gpu *g, uint64_t bytes)
{
    while (p->n && p->held_bytes + bytes > p->limit_bytes) {
        size_t big = 0;
        for (size_t i = 1; i < p->n; i++)
            if (p->idle[i].key.bytes > p->idle[big].key.bytes)
                big = i;
        if (free_idle(p, g, big) < 0)
            return -1;
    }
    return 0;
}

int hostpool_drop_rounds_before(struct hostpool *p, struct gpu *g, const struct hostpool_key *k)
{
    int rc = 0;
    for (size_t i = 0; i < p->n;) {
        struct hostpool_key old = p->idle[i].key;
        old.round = k->round;
        if (p->idle[i].key.round && p->idle[i].key.round < k->round && same_key(&old, k)) {
            if (free_idle(p, g, i) < 0)
                rc = -1;
        } else {
            i++;
        }
    }
    return rc;
}

int hostpool_give(struct hostpool *p, struct gpu *g, const struct hostpool_key *k,
                  struct host_buf *b, const struct host_note *note)
{
    int rc = 0;
    if (b->ptr && p->limit_bytes && p->held_bytes + k->bytes <= p->limit_bytes) {
        if (p->n == p->cap) {
            size_t cap = p->cap ? 2 * p->cap : 16;
            struct hostpool_entry *e = realloc(p->idle, cap * sizeof(*e));
            if (!e)
                goto free_it; /* not kept: only slower */
            p->idle = e;
            p->cap = cap;
        }
        p->idle[p->n++] = (struct hostpool_entry){*k, *b, note ? *note : (struct host_note){0}};
        p->held_bytes += k->bytes;
        memset(b, 0, sizeof(*b));
        return 0;
    }
free_it:
    rc = g->ops->host_free(g, b);
    memset(b, 0, sizeof(*b));
    return rc;
}

int hostpool_release(struct hostpool *p, struct gpu *g)
{
    int rc = 0;
    while (p->n)
        if (free_idle(p, g, p->n - 1) < 0)
            rc = -1;
    free(p->idle);
    p->idle = NULL;
    p->cap = 0;
    p->limit_bytes = 0;
    return rc;
}
