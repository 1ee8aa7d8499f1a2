/*
 * numabind.c - NUMA placement with libnuma for numabind.h.  Topology comes
 * from libnuma; policies are set with the raw calls of <numaif.h>, which
 * report failures through errno instead of printing them.
 */
#include "host/numabind.h"

#include <errno.h>
#include <math.h>
#include <numa.h>
#include <numaif.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What numabind_bind_thread changed, saved so that numabind_restore can put it back. */
static _Thread_local struct {
    struct bitmask *cpus;  /* CPU affinity before the first bind; NULL: nothing saved */
    struct bitmask *nodes; /* the memory policy's nodes before it */
    int mode;              /* and its mode, flags included */
} saved;

/* numabind_pretend's nodes (0: the machine's own), and the node this thread is bound to. */
static int pretend_nodes;
static _Thread_local int bound_node = -1;

/* Write a PCI id as sysfs names it, "0000:41:00.0"; -1 if it is not one. */
static int sysfs_bus_id(const char *id, char *out, size_t n)
{
    unsigned domain, bus, dev, fn;
    char extra;
    if (sscanf(id, "%x:%x:%x.%x%c", &domain, &bus, &dev, &fn, &extra) != 4)
        return -1;
    snprintf(out, n, "%04x:%02x:%02x.%x", domain, bus, dev, fn);
    return 0;
}

int numabind_gpu_node(const char *sysfs_root, const char *pci_bus_id)
{
    char id[64], path[512];
    int node = -1;
    if (sysfs_bus_id(pci_bus_id, id, sizeof(id)) < 0)
        return -1;
    snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/numa_node", sysfs_root, id);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    if (fscanf(f, "%d", &node) != 1 || node < 0)
        node = -1;
    fclose(f);
    return node;
}

int numabind_nodes(void)
{
    int count = 0;
    if (pretend_nodes > 0)
        return pretend_nodes;
    if (numa_available() < 0)
        return 1;
    for (int i = 0; i <= numa_max_node(); i++)
        count += numa_bitmask_isbitset(numa_nodes_ptr, (unsigned)i) != 0;
    return count > 0 ? count : 1;
}

/* The nodes that exist, as ranges: "0", "0-1", "0,2-3". */
static void format_nodes(char *buf, size_t n)
{
    size_t len = 0;
    int max = numa_max_node();
    buf[0] = '\0';
    for (int i = 0; i <= max && len < n; i++) {
        if (!numa_bitmask_isbitset(numa_nodes_ptr, (unsigned)i))
            continue;
        int last = i;
        while (last < max && numa_bitmask_isbitset(numa_nodes_ptr, (unsigned)last + 1))
            last++;
        if (last == i)
            len += (size_t)snprintf(buf + len, n - len, "%s%d", len ? "," : "", i);
        else
            len += (size_t)snprintf(buf + len, n - len, "%s%d-%d", len ? "," : "", i, last);
        i = last;
    }
}

/* 0 when NUMA works here and node exists; else -1 with the reason in err. */
static int check_node(int node, char *err, size_t errlen)
{
    char have[256];
    if (numa_available() < 0) {
        snprintf(err, errlen,
                 "NUMA placement is unavailable here (the kernel has no NUMA support or does "
                 "not permit it); run without binding to node %d",
                 node);
        return -1;
    }
    if (node >= 0 && node <= numa_max_node() &&
        numa_bitmask_isbitset(numa_nodes_ptr, (unsigned)node))
        return 0;
    format_nodes(have, sizeof(have));
    snprintf(err, errlen, "NUMA node %d does not exist; this machine has %s %s", node,
             numabind_nodes() == 1 ? "node" : "nodes", have);
    return -1;
}

/* Save the thread's affinity and memory policy, unless an earlier bind did. */
static int save_state(char *err, size_t errlen)
{
    if (saved.cpus)
        return 0;
    struct bitmask *cpus = numa_allocate_cpumask(), *nodes = numa_allocate_nodemask();
    int mode = MPOL_DEFAULT;
    if (numa_sched_getaffinity(0, cpus) < 0 ||
        get_mempolicy(&mode, nodes->maskp, nodes->size + 1, NULL, 0) < 0) {
        snprintf(err, errlen, "cannot read this thread's CPU affinity and memory policy: %s",
                 strerror(errno));
        numa_free_cpumask(cpus);
        numa_free_nodemask(nodes);
        return -1;
    }
    saved.cpus = cpus;
    saved.nodes = nodes;
    saved.mode = mode;
    return 0;
}

/* numabind_bind_thread among numabind_pretend's nodes: the node recorded, nothing changed. */
static int pretend_bind(int node, char *err, size_t errlen)
{
    if (node < 0 || node >= pretend_nodes) {
        snprintf(err, errlen,
                 "NUMA node %d does not exist; this machine has nodes 0-%d (the fake engine's, "
                 "PINSWEEP_FAKE_NUMA_NODES)",
                 node, pretend_nodes - 1);
        return -1;
    }
    bound_node = node;
    return 0;
}

int numabind_bind_thread(int node, char *err, size_t errlen)
{
    struct bitmask *cpus = NULL, *nodes = NULL;
    int rc = -1, was_saved = saved.cpus != NULL;
    if (pretend_nodes > 0)
        return pretend_bind(node, err, errlen);
    if (check_node(node, err, errlen) < 0)
        return -1;
    cpus = numa_allocate_cpumask();
    nodes = numa_allocate_nodemask();
    if (numa_node_to_cpus(node, cpus) < 0 || numa_bitmask_weight(cpus) == 0) {
        snprintf(err, errlen,
                 "NUMA node %d has no CPUs to run on (it holds memory only); allowed: a node "
                 "with CPUs",
                 node);
        goto out;
    }
    if (save_state(err, errlen) < 0)
        goto out;
    if (numa_sched_setaffinity(0, cpus) < 0) {
        snprintf(err, errlen, "cannot run on NUMA node %d's CPUs: %s", node, strerror(errno));
        goto out;
    }
    numa_bitmask_setbit(nodes, (unsigned)node);
    if (set_mempolicy(MPOL_PREFERRED, nodes->maskp, nodes->size + 1) < 0) {
        snprintf(err, errlen, "cannot make memory prefer NUMA node %d: %s", node, strerror(errno));
        goto out;
    }
    bound_node = node;
    rc = 0;
out:
    if (rc < 0 && !was_saved)
        numabind_restore();
    numa_free_cpumask(cpus);
    numa_free_nodemask(nodes);
    return rc;
}

void numabind_restore(void)
{
    bound_node = -1;
    if (!saved.cpus)
        return;
    /* Both were this thread's own a moment ago, so the kernel takes them back. */
    (void)numa_sched_setaffinity(0, saved.cpus);
    (void)set_mempolicy(saved.mode, saved.nodes->maskp, saved.nodes->size + 1);
    numa_free_cpumask(saved.cpus);
    numa_free_nodemask(saved.nodes);
    saved.cpus = saved.nodes = NULL;
}

int numabind_bind_range(void *p, size_t bytes, int node, char *err, size_t errlen)
{
    long page_bytes = sysconf(_SC_PAGESIZE);
    int rc = -1;
    if ((uintptr_t)p % (uintptr_t)page_bytes != 0) {
        snprintf(err, errlen,
                 "cannot bind %p to a NUMA node: it is not page-aligned; allowed: an address "
                 "that is a multiple of the page size, %ld bytes (as mmap returns)",
                 p, page_bytes);
        return -1;
    }
    if (check_node(node, err, errlen) < 0)
        return -1;
    struct bitmask *nodes = numa_allocate_nodemask();
    numa_bitmask_setbit(nodes, (unsigned)node);
    if (mbind(p, bytes, MPOL_BIND, nodes->maskp, nodes->size + 1, MPOL_MF_MOVE) < 0) {
        snprintf(err, errlen, "cannot bind %zu bytes at %p to NUMA node %d: %s", bytes, p, node,
                 strerror(errno));
        goto out;
    }
    rc = 0;
out:
    numa_free_nodemask(nodes);
    return rc;
}

/* The most common non-negative value of status[0..n-1] and how often it occurs; -1 if none. */
static int most_common_node(const int *status, size_t n, size_t *count)
{
    int max = -1, best = -1;
    size_t *counts = NULL;
    *count = 0;
    for (size_t i = 0; i < n; i++)
        max = status[i] > max ? status[i] : max;
    if (max < 0)
        goto out;
    counts = calloc((size_t)max + 1, sizeof(*counts));
    if (!counts)
        goto out;
    for (size_t i = 0; i < n; i++)
        if (status[i] >= 0 && ++counts[status[i]] > *count) {
            *count = counts[status[i]];
            best = status[i];
        }
out:
    free(counts);
    return best;
}

int numabind_where(const void *p, size_t bytes, double *share_pct)
{
    void *pages[NUMABIND_SAMPLE_PAGES];
    int status[NUMABIND_SAMPLE_PAGES];
    size_t page_bytes = (size_t)sysconf(_SC_PAGESIZE), on_best;
    uintptr_t first = (uintptr_t)p / page_bytes * page_bytes;
    *share_pct = NAN;
    if (bytes == 0)
        return -1;
    if (pretend_nodes > 0) {
        if (bound_node >= 0)
            *share_pct = 100;
        return bound_node;
    }
    size_t npages = ((uintptr_t)p + bytes - first + page_bytes - 1) / page_bytes;
    size_t nsample = npages < NUMABIND_SAMPLE_PAGES ? npages : NUMABIND_SAMPLE_PAGES;
    for (size_t i = 0; i < nsample; i++)
        pages[i] = (void *)(first + i * npages / nsample * page_bytes);
    if (move_pages(0, (unsigned long)nsample, pages, NULL, status, 0) < 0)
        return -1;
    int node = most_common_node(status, nsample, &on_best);
    if (node >= 0)
        *share_pct = 100.0 * (double)on_best / (double)nsample;
    return node;
}

int numabind_node_ids(int *ids, int max)
{
    int n = 0;
    if (pretend_nodes > 0 || numa_available() < 0) {
        for (; n < max && n < (pretend_nodes > 0 ? pretend_nodes : 1); n++)
            ids[n] = n;
        return n;
    }
    for (int i = 0; i <= numa_max_node() && n < max; i++)
        if (numa_bitmask_isbitset(numa_nodes_ptr, (unsigned)i))
            ids[n++] = i;
    return n;
}

int numabind_bound_node(void)
{
    return bound_node;
}

void numabind_pretend(int nodes)
{
    pretend_nodes = nodes > 0 ? nodes : 0;
}
