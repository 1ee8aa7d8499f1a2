/*
 * buffers.c - a configuration's host buffers: allocated with its kind,
 * filled, freed (buffers.h).
 */
#include "measure/buffers.h"
#include "measure/measure_loop.h"

#include <string.h>

int buffers_alloc_host(struct gpu *g, struct buffers *b, const struct config *c, struct result *r)
{
    for (int i = 0; i < b->nhost; i++) {
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
    }
    return 0;
}

void buffers_fill_host(struct buffers *b)
{
    for (int i = 0; i < b->nhost; i++)
        memset(b->host[i].ptr, FILL_BYTE, b->host[i].bytes);
}

int buffers_free_host(struct gpu *g, struct buffers *b, struct result *r)
{
    int rc = 0;
    for (int i = 0; i < b->nhost; i++) {
        if (g->ops->host_free(g, &b->host[i]) < 0 && r->status == RESULT_OK) {
            measure_fail(r, "freeing the host buffer", g->ops->error(g));
            rc = -1;
        }
    }
    return rc;
}
