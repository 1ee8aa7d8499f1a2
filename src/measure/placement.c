/*
 * placement.c - page kinds available, NUMA binding per configuration, and
 * where a host buffer landed (placement.h).
 */
#include "measure/placement.h"
#include "experiment/budget.h"
#include "host/hugepages.h"
#include "host/numabind.h"
#include "measure/measure_loop.h"

#include <math.h>
#include <stdio.h>

int placement_check_pages(const struct config *c, struct result *r)
{
    char why[400];
    if (config_pages(c) == PAGES_DEFAULT ||
        hugepages_available("/", config_pages(c), budget_host_bytes(c), why, sizeof(why)))
        return 0;
    measure_skip(r, why);
    return -1;
}

int placement_bind(const struct config *c, int gpu_node, struct result *r)
{
    uint64_t v = c->v[AXIS_NUMA];
    char why[400];
    if (v == NUMA_ANY || v == AXIS_UNUSED)
        return 0;
    int node = v == NUMA_AUTO ? gpu_node : (int)(v - NUMA_NODE);
    if (v == NUMA_AUTO && node < 0 && numabind_nodes() == 1)
        node = 0; /* one node: the GPU's can only be that one */
    if (node < 0)
        snprintf(why, sizeof(why),
                 "numa auto: the GPU's NUMA node is unknown (sysfs numa_node says -1) on a "
                 "machine with %d nodes; give a node number",
                 numabind_nodes());
    if (node < 0 || numabind_bind_thread(node, why, sizeof(why)) < 0) {
        measure_skip(r, why);
        return -1;
    }
    r->bound_node = node;
    return 1;
}

void placement_note(const struct config *c, struct buffers *b, struct result *r)
{
    struct host_note *n = &b->note;
    if (!b->nhost || !b->host[0].ptr)
        return;
    if (!n->known) {
        n->node = numabind_where(b->host[0].ptr, b->host[0].bytes, &n->node_pct);
        n->huge_pct = alloc_is_malloced(config_alloc(c))
                          ? hugepages_backed_pct(b->host[0].ptr, b->host[0].bytes)
                          : NAN;
        n->known = 1;
    }
    r->host_node = n->node;
    r->host_node_pct = n->node_pct;
    r->huge_pct = n->huge_pct;
}
