/*
 * plan_gpus.c - `pinsweep plan`'s GPU topology (see plan_gpus.h).
 */
#include "cli/plan_gpus.h"
#include "engine/nvml.h"
#include "host/topology.h"
#include "run/gpus.h"

#include <stdlib.h>
#include <string.h>

/* The run's GPU at bus id, or -1. */
static int gpu_at(const struct run_gpus *g, const char *bus_id)
{
    for (int k = 0; k < g->n; k++)
        if (strcmp(g->info[k].pci_bus_id, bus_id) == 0)
            return k;
    return -1;
}

/* GPU k's NVLink peers as "GPU 1, 0000:05:00.0" (devices outside the run by bus id). */
static const char *nvlink_text(const struct run_gpus *g, int k, char *buf, size_t n)
{
    const struct nvml_nvlink *nl = &g->topo[k].nvlink;
    size_t len = 0;
    if (!nl->known)
        snprintf(buf, n, "unknown (%s)", nl->why);
    else if (!nl->active)
        snprintf(buf, n, "none");
    else
        len = (size_t)snprintf(buf, n, "%d active link%s to ", nl->active,
                               nl->active == 1 ? "" : "s");
    for (int i = 0; nl->known && nl->active && i < nl->npeers && len < n; i++) {
        int peer = gpu_at(g, nl->peer[i]);
        if (peer >= 0)
            len += (size_t)snprintf(buf + len, n - len, "%sGPU %d", i ? ", " : "",
                                    g->info[peer].device);
        else
            len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", nl->peer[i]);
    }
    if (nl->known && nl->active && !nl->npeers && len < n)
        snprintf(buf + len, n - len, "devices NVML does not name");
    return buf;
}

int plan_print_gpus(FILE *out, const struct gpu_ops *ops, const struct experiment *e)
{
    struct run_gpus *g = calloc(1, sizeof(*g));
    struct timer_clock clock = {0};
    char err[512], why[512], path[512], nvl[512];
    if (!g) {
        fprintf(out, "GPU topology: not read: out of memory\n");
        return 0;
    }
    if (gpus_open(ops, &clock, e, g, err, sizeof(err)) < 0) {
        fprintf(out, "GPU topology: not read: %s\n", err);
    } else {
        int nvml = nvml_open(g->info[0].pci_bus_id, why, sizeof(why)) == 0;
        gpus_read_topology(g);
        fprintf(out, "GPU topology (PCIe paths from sysfs, NVLink from %s):\n",
                nvml ? "NVML" : "nowhere: NVML is unavailable");
        for (int k = 0; k < g->n; k++) {
            const struct pcie_link *l = &g->link[k];
            fprintf(out, "  GPU %d  %s  %s  NUMA node ", g->info[k].device, g->info[k].pci_bus_id,
                    g->info[k].name);
            if (g->topo[k].numa_node >= 0)
                fprintf(out, "%d", g->topo[k].numa_node);
            else
                fprintf(out, "unknown");
            if (l->known)
                fprintf(out, "  PCIe Gen%d x%d (max Gen%d x%d)", l->cur_gen, l->cur_width,
                        l->max_gen, l->max_width);
            fprintf(out, "\n    path %s\n    NVLink %s\n",
                    topology_path_text(&g->topo[k].path, path, sizeof(path)),
                    nvlink_text(g, k, nvl, sizeof(nvl)));
        }
        gpus_print_sharing(out, g, "  ");
        nvml_close();
    }
    int n = g->n;
    gpus_close(ops, g);
    timer_clock_release(&clock);
    free(g);
    return n;
}
