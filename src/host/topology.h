/*
 * topology.h - where each GPU sits in the host's PCIe tree, read from sysfs,
 * and what two GPUs share on their way to host memory: a PCIe switch, a root
 * port, one host bridge (root complex), or nothing.  GPUs behind one switch
 * share its upstream link, so their copies at once contend there before
 * they reach the CPU.  Nothing here needs a GPU.
 */
#ifndef PINSWEEP_TOPOLOGY_H
#define PINSWEEP_TOPOLOGY_H

#include <stddef.h>

#define TOPO_MAX_DEPTH 16

/* A device's path from its host bridge, as sysfs's /sys/devices tree has it. */
struct pcie_path {
    int n; /* parts; 0: not found in sysfs */
    /* part[0] the host bridge ("pci0000:00"), then each bridge below it, the
       device itself last ("0000:03:00.0") */
    char part[TOPO_MAX_DEPTH][32];
};

/* What two devices share, from the deepest: their paths' longest common part. */
enum topo_share {
    TOPO_SHARE_UNKNOWN,     /* a path was not found */
    TOPO_SHARE_NONE,        /* different host bridges: separate root complexes */
    TOPO_SHARE_HOST_BRIDGE, /* one root complex, separate root ports */
    TOPO_SHARE_ROOT_PORT,   /* one root port */
    TOPO_SHARE_SWITCH,      /* a PCIe switch (or other bridge) below the root port */
};

/*
 * Read the path of the PCI device bus_id ("0000:03:00.0") under sysfs_root
 * (sysinfo_sysfs_root()): the target of SYSFS/bus/pci/devices/BUS_ID, from
 * "devices/" on.  Returns 0, or -1 with p->n = 0 when it is not there.
 */
int topology_pcie_path(const char *sysfs_root, const char *bus_id, struct pcie_path *p);

/* p's parts joined with " > " into buf (n bytes), or "unknown". */
const char *topology_path_text(const struct pcie_path *p, char *buf, size_t n);

/* How many leading parts a and b share, their devices left out: 0 for nothing. */
int topology_common(const struct pcie_path *a, const struct pcie_path *b);

/* What the part at depth d of a path is: a host bridge at 0, a root port at 1, then switches. */
enum topo_share topology_kind(int depth);

/*
 * What a and b share, and in *where the deepest shared part (a pointer into
 * a's parts, or NULL when nothing or unknown).
 */
enum topo_share topology_shared(const struct pcie_path *a, const struct pcie_path *b,
                                const char **where);

/* "PCIe switch 0000:01:00.0", "root port 0000:00:01.0", "host bridge pci0000:00",
   "nothing (separate root complexes)" or "unknown (no sysfs path)", into buf. */
const char *topology_share_text(enum topo_share s, const char *where, char *buf, size_t n);

#endif
