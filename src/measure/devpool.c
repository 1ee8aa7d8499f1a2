/*
 * devpool.c - the device-buffer pool (devpool.h).
 *
 * Device buffers outlive configurations.  Freeing a large device allocation
 * starts a scrub of it in the background, and until that ends h2d copies run
 * at a fraction of their speed: on the H200, 7-20 GB/s for about 3.5 ms per
 * GiB freed (450 ms after freeing 128 GiB), while d2h is untouched.  A
 * configuration measured after a larger one would read that.  So each slot
 * (two for bidir) is grown to the largest size asked, ideally once, by
 * devpool_reserve() before the first configuration, and freed by
 * devpool_release() when the run ends.
 */
#include "measure/devpool.h"

static void free_slot(struct devpool *p, struct gpu *g, int i)
{
    g->ops->dev_free(g, p->slot[i].ptr);
    p->slot[i].ptr = NULL;
    p->slot[i].bytes = 0;
}

static int grow_slot(struct devpool *p, struct gpu *g, int i, size_t bytes)
{
    if (p->slot[i].ptr && p->slot[i].bytes >= bytes)
        return 0;
    free_slot(p, g, i);
    if (g->ops->dev_alloc(g, &p->slot[i].ptr, bytes) < 0)
        return -1;
    p->slot[i].bytes = bytes;
    return 0;
}

int devpool_reserve(struct devpool *p, struct gpu *g, const size_t bytes[DEVPOOL_SLOTS])
{
    for (int i = 0; i < DEVPOOL_SLOTS; i++)
        if (bytes[i] && grow_slot(p, g, i, bytes[i]) < 0)
            return -1;
    return 0;
}

void devpool_release(struct devpool *p, struct gpu *g)
{
    for (int i = 0; i < DEVPOOL_SLOTS; i++)
        free_slot(p, g, i);
}

int devpool_take(struct devpool *p, struct gpu *g, int n, size_t bytes, void *dev[])
{
    int ok = 1;
    for (int i = 0; i < n && ok; i++)
        ok = grow_slot(p, g, i, bytes) == 0;
    if (!ok) {
        devpool_release(p, g);
        for (int i = 0; i < n; i++)
            if (grow_slot(p, g, i, bytes) < 0)
                return -1;
    }
    for (int i = 0; i < n; i++)
        dev[i] = p->slot[i].ptr;
    return 0;
}
