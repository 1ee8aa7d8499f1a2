/*
 * gpus.c - the GPUs a run uses: opening them, reading where each sits and
 * what they share (see gpus.h).
 */
#include "run/gpus.h"
#include "experiment/budget.h"
#include "engine/nvml.h"
#include "host/numabind.h"
#include "host/topology.h"

#include <stdlib.h>
#include <string.h>

/*
 * The GPUs beyond the first (g->n = 1, its mc[0], info[0] and link[0]
 * filled in, opened on clock, the run's) that e lists (device: a list, or
 * all of the machine's), at most TOGETHER_MAX_GPUS, each opened with its own
 * engine context on the same clock; notes on stderr where the machine has
 * fewer or more than asked for.  Returns 0, or -1 with why in err.
 */
static int open_more(const struct gpu_ops *ops, struct timer_clock *clock,
                     const struct experiment *e, struct run_gpus *g, char *err, size_t n)
{
    int count = e->devices_all ? g->info[0].device_count : e->ndevices;
    if (count > TOGETHER_MAX_GPUS)
        count = TOGETHER_MAX_GPUS;
    for (int k = 1; k < count; k++) {
        int dev = e->devices_all ? k : e->devices[k];
        struct gpu *more = NULL;
        if (ops->open(dev, clock, &g->info[k], &more, err, n) < 0)
            return -1;
        sysinfo_pcie_link(sysinfo_sysfs_root(), g->info[k].pci_bus_id, &g->link[k]);
        sysinfo_pcie_payload(sysinfo_sysfs_root(), g->info[k].pci_bus_id, &g->link[k]);
        g->mc[k] = (struct measure_ctx){
            .gpu = more,
            .gpu_node = numabind_gpu_node(sysinfo_sysfs_root(), g->info[k].pci_bus_id)};
        g->n = k + 1;
    }
    g->together = e->gpus_together && g->n > 1;
    if (e->gpus_together && g->n == 1)
        fprintf(stderr,
                "pinsweep: note: gpus: together, but this machine shows 1 GPU: nothing can be "
                "measured at once; every configuration is measured on GPU %d alone\n",
                g->mc[0].gpu->device);
    if (count > 0 && e->devices_all && g->info[0].device_count > TOGETHER_MAX_GPUS)
        fprintf(stderr, "pinsweep: note: device: all measures the first %d of %d GPUs\n",
                TOGETHER_MAX_GPUS, g->info[0].device_count);
    return 0;
}

int gpus_open(const struct gpu_ops *ops, struct timer_clock *clock, const struct experiment *e,
              struct run_gpus *g, char *err, size_t n)
{
    struct gpu *first = NULL;
    memset(g, 0, sizeof(*g));
    if (ops->open(e->device, clock, &g->info[0], &first, err, n) < 0)
        return -1;
    const char *bus_id = g->info[0].pci_bus_id;
    sysinfo_pcie_link(sysinfo_sysfs_root(), bus_id, &g->link[0]);
    sysinfo_pcie_payload(sysinfo_sysfs_root(), bus_id, &g->link[0]); /* once: see sysinfo.h */
    g->mc[0] = (struct measure_ctx){.gpu = first,
                                    .gpu_node = numabind_gpu_node(sysinfo_sysfs_root(), bus_id)};
    g->n = 1;
    return open_more(ops, clock, e, g, err, n);
}

void gpus_close(const struct gpu_ops *ops, struct run_gpus *g)
{
    for (int k = 1; g && k < g->n; k++)
        ops->close(g->mc[k].gpu);
    if (g && g->n > 0)
        ops->close(g->mc[0].gpu);
    if (g)
        g->n = 0;
}

void gpus_read_topology(struct run_gpus *g)
{
    for (int k = 0; k < g->n; k++) {
        struct meta_gpu *t = &g->topo[k];
        t->info = &g->info[k];
        t->link = &g->link[k];
        t->numa_node = g->mc[k].gpu_node;
        topology_pcie_path(sysinfo_sysfs_root(), g->info[k].pci_bus_id, &t->path);
        nvml_nvlink_read(g->info[k].pci_bus_id, &t->nvlink);
    }
}

/* The GPUs (a bit each) whose paths run through GPU a's part at depth d. */
static unsigned sharing_mask(const struct run_gpus *g, int a, int d)
{
    unsigned mask = 0;
    for (int b = 0; b < g->n; b++)
        if (g->topo[b].path.n && topology_common(&g->topo[a].path, &g->topo[b].path) > d)
            mask |= 1u << b;
    return mask;
}

void gpus_print_sharing(FILE *out, const struct run_gpus *g, const char *prefix)
{
    /* Each part of the tree that two or more GPUs go through, the deepest first; a part
       shared by the same GPUs as a deeper one says nothing new and is left out. */
    unsigned said[TOGETHER_MAX_GPUS * TOPO_MAX_DEPTH];
    int nsaid = 0;
    for (int d = TOPO_MAX_DEPTH - 1; d >= 0; d--)
        for (int a = 0; a < g->n; a++) {
            if (d >= g->topo[a].path.n - 1)
                continue;
            unsigned mask = sharing_mask(g, a, d);
            int seen = __builtin_popcount(mask) < 2;
            for (int i = 0; i < nsaid && !seen; i++)
                seen = said[i] == mask;
            if (seen)
                continue;
            said[nsaid++] = mask;
            char text[128];
            enum topo_share kind = topology_kind(d);
            fprintf(out, "%sGPUs", prefix);
            for (int b = 0, first = 1; b < g->n; b++)
                if (mask & (1u << b)) {
                    fprintf(out, "%s %d", first ? "" : ",", g->info[b].device);
                    first = 0;
                }
            fprintf(out, " share %s%s\n",
                    topology_share_text(kind, g->topo[a].path.part[d], text, sizeof(text)),
                    kind == TOPO_SHARE_HOST_BRIDGE
                        ? ""
                        : ": at once, their copies contend for its link to the host");
        }
}

/*
 * Allocate the device buffers the largest configuration still to run needs,
 * so no device buffer is freed mid-run (see devpool.c).  A refusal is not
 * an error: the configurations then grow the buffers themselves.
 */
static void reserve_device(struct measure_ctx *mc, const struct sweep *s, const struct budget *b,
                           const unsigned char *finished)
{
    size_t bytes[DEVPOOL_SLOTS] = {0, 0};
    char why[400];
    for (size_t i = 0; i < s->n; i++) {
        const struct config *c = &s->configs[i];
        if (finished[i] || budget_check(c, b, why, sizeof(why)) != BUDGET_FITS)
            continue;
        for (int k = 0; k < budget_device_buffers(c); k++) /* none for host access */
            if (config_size(c) > bytes[k])
                bytes[k] = config_size(c);
    }
    if (devpool_reserve(&mc->pool, mc->gpu, bytes) < 0)
        fprintf(stderr,
                "pinsweep: note: device buffers for the largest configuration not "
                "reserved (%s); they grow as the sweep goes\n",
                mc->gpu->ops->error(mc->gpu));
}

void gpus_keep_buffers(struct run_gpus *g, const struct sweep *s, const struct budget *b,
                       const unsigned char *finished)
{
    for (int k = 0; k < g->n; k++) { /* host buffers kept: a quarter of the RAM in all */
        reserve_device(&g->mc[k], s, b, finished);
        uint64_t keep = b->ram / 4 < b->pinned_cap ? b->ram / 4 : b->pinned_cap;
        g->mc[k].hostpool.limit_bytes = keep / (uint64_t)g->n;
    }
}

size_t gpus_release_buffers(struct run_gpus *g)
{
    size_t reused = 0;
    for (int k = 0; k < g->n; k++) {
        struct measure_ctx *m = &g->mc[k];
        reused += m->hostpool.reused;
        if (hostpool_release(&m->hostpool, m->gpu) < 0)
            fprintf(stderr, "pinsweep: warning: freeing the kept host buffers: %s\n",
                    m->gpu->ops->error(m->gpu));
        devpool_release(&m->pool, m->gpu);
    }
    return reused;
}
