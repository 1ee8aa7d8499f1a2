/*
 * buffers.c - a configuration's host buffers: allocated with its kind (or
 * taken from the run's pool), filled, freed or given back (buffers.h).
 */
#include "measure/buffers.h"
#include "measure/measure_loop.h"

#include <string.h>

static struct hostpool_key key_of(const struct buffers *b, const struct config *c)
{
    struct hostpool_key k = {config_alloc(c), config_pages(c), b->node, config_size(c), 0};
    if (k.kind != ALLOC_PAGEABLE && k.bytes <= ROUND_BUFFER_MAX_BYTES)
        k.round = b->round > 1 ? b->round : 1;
    return k;
}

int buffers_alloc_host(struct gpu *g, struct buffers *b, const struct config *c, struct result *r)
{
    struct hostpool_key k = key_of(b, c);
    for (int i = 0; i < b->nhost; i++) {
        b->from_pool[i] = b->pool && hostpool_take(b->pool, &k, &b->host[i], i ? NULL : &b->note);
        if (b->from_pool[i])
            continue;
        if (i == 0)
            b->note.known = 0;
        if (b->pool && hostpool_make_room(b->pool, g, k.bytes) < 0) {
            measure_fail(r, "freeing a kept host buffer", g->ops->error(g));
            return -1;
        }
        int rc =
            g->ops->host_alloc(g, &b->host[i], config_alloc(c), config_pages(c), config_size(c));
        if (rc == GPU_UNSUPPORTED) {
            measure_skip(r, g->ops->error(g));
            return -1;
        }
        if (rc < 0) {
            measure_fail(r, "allocating the host buffer", g->ops->error(g));
            return -1;
        }
        if (b->pool && k.round > 1 && hostpool_drop_rounds_before(b->pool, g, &k) < 0) {
            measure_fail(r, "freeing an earlier round's host buffer", g->ops->error(g));
            return -1;
        }
    }
    return 0;
}

void buffers_fill_host(struct buffers *b)
{
    for (int i = 0; i < b->nhost; i++)
        if (!b->from_pool[i] || b->host[i].bytes <= REFILL_MAX_BYTES)
            memset(b->host[i].ptr, FILL_BYTE, b->host[i].bytes);
}

int buffers_free_host(struct gpu *g, struct buffers *b, struct result *r)
{
    int rc = 0;
    for (int i = 0; i < b->nhost; i++) {
        int freed;
        if (b->pool && r->status == RESULT_OK) {
            struct hostpool_key k = key_of(b, r->config);
            freed = hostpool_give(b->pool, g, &k, &b->host[i], i ? NULL : &b->note);
        } else {
            freed = g->ops->host_free(g, &b->host[i]);
        }
        if (freed < 0 && r->status == RESULT_OK) {
            measure_fail(r, "freeing the host buffer", g->ops->error(g));
            rc = -1;
        }
        b->from_pool[i] = 0;
    }
    b->note.known = 0;
    return rc;
}
