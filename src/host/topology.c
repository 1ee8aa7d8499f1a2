/*
 * topology.c - GPUs' places in the PCIe tree, from sysfs (see topology.h).
 *
 * /sys/bus/pci/devices/BUS_ID links to /sys/devices/pciDDDD:BB/ROOT_PORT/
 * .../BUS_ID: every folder between the host bridge and the device is a
 * bridge on the way up (a root port, then a switch's downstream and upstream
 * ports), so two devices' common prefix is what their traffic shares.
 */
#include "host/topology.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int topology_pcie_path(const char *sysfs_root, const char *bus_id, struct pcie_path *p)
{
    char link[PATH_MAX], real[PATH_MAX];
    memset(p, 0, sizeof(*p));
    snprintf(link, sizeof(link), "%s/bus/pci/devices/%s", sysfs_root, bus_id);
    if (!realpath(link, real))
        return -1;
    const char *at = strstr(real, "/devices/pci");
    if (!at)
        return -1;
    for (char *save = NULL, *s = strtok_r(real + (at - real) + strlen("/devices/"), "/", &save);
         s && p->n < TOPO_MAX_DEPTH; s = strtok_r(NULL, "/", &save))
        snprintf(p->part[p->n++], sizeof(p->part[0]), "%s", s);
    if (p->n < 2 || strcmp(p->part[p->n - 1], bus_id) != 0) {
        p->n = 0; /* not a device under a host bridge */
        return -1;
    }
    return 0;
}

const char *topology_path_text(const struct pcie_path *p, char *buf, size_t n)
{
    size_t len = 0;
    snprintf(buf, n, "unknown");
    for (int i = 0; i < p->n && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? " > " : "", p->part[i]);
    return buf;
}

int topology_common(const struct pcie_path *a, const struct pcie_path *b)
{
    int k = 0;
    /* the devices themselves (the last parts) are not on the way */
    while (k < a->n - 1 && k < b->n - 1 && strcmp(a->part[k], b->part[k]) == 0)
        k++;
    return k;
}

enum topo_share topology_kind(int depth)
{
    return depth == 0   ? TOPO_SHARE_HOST_BRIDGE
           : depth == 1 ? TOPO_SHARE_ROOT_PORT
                        : TOPO_SHARE_SWITCH;
}

enum topo_share topology_shared(const struct pcie_path *a, const struct pcie_path *b,
                                const char **where)
{
    *where = NULL;
    if (!a->n || !b->n)
        return TOPO_SHARE_UNKNOWN;
    int k = topology_common(a, b);
    if (k == 0)
        return TOPO_SHARE_NONE;
    *where = a->part[k - 1];
    return topology_kind(k - 1);
}

const char *topology_share_text(enum topo_share s, const char *where, char *buf, size_t n)
{
    static const char *const what[] = {
        [TOPO_SHARE_UNKNOWN] = "unknown (no sysfs path)",
        [TOPO_SHARE_NONE] = "nothing (separate root complexes)",
        [TOPO_SHARE_HOST_BRIDGE] = "host bridge",
        [TOPO_SHARE_ROOT_PORT] = "root port",
        [TOPO_SHARE_SWITCH] = "PCIe switch port",
    };
    if (where)
        snprintf(buf, n, "%s %s", what[s], where);
    else
        snprintf(buf, n, "%s", what[s]);
    return buf;
}
