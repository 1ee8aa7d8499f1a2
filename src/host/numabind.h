/*
 * numabind.h - NUMA placement of host buffers: which node the GPU hangs off,
 * running a thread and binding pages on a node, and finding out where pages
 * actually landed.  Built on libnuma (linked statically, so the binary runs
 * where libnuma.so is missing).  Nothing here needs a GPU.  Named numabind,
 * not numa, so that this header does not shadow libnuma's <numa.h>.
 */
#ifndef PINSWEEP_NUMABIND_H
#define PINSWEEP_NUMABIND_H

#include <stddef.h>

/*
 * The NUMA node of PCI device pci_bus_id, from
 * <sysfs_root>/bus/pci/devices/<id>/numa_node; sysfs_root is "/sys" outside
 * tests.  pci_bus_id may be written as CUDA ("0000:41:00.0", hex digits in
 * either case) or NVML ("00000000:41:00.0") write it.  Returns the node, or
 * -1 when unknown: the id is malformed, the file is missing, or it says -1
 * (as it does on one-node machines and in many VMs).
 */
int numabind_gpu_node(const char *sysfs_root, const char *pci_bus_id);

/*
 * How many NUMA nodes the machine has (the nodeN folders of
 * /sys/devices/system/node, memory-only nodes included); 1 when libnuma says
 * NUMA is unavailable.
 */
int numabind_nodes(void);

/*
 * Run the calling thread on node's CPUs and make its memory policy prefer
 * node (MPOL_PREFERRED), so that memory it first touches - and, we hope,
 * memory drivers allocate in its context - lands there.  Preferred, not
 * bound: when the node is full the kernel takes pages elsewhere instead of
 * killing the process, and numabind_where() shows that it did.  Returns 0,
 * or -1 with a message in err, e.g. "NUMA node 3 does not exist; this machine
 * has nodes 0-1"; on failure the thread is left as it was.
 *
 * The first bind of a thread saves the thread's CPU affinity and memory
 * policy; numabind_restore() puts back what was saved (so a thread that was
 * allowed every CPU with the default policy gets exactly that back) and
 * forgets it.  Without a bind to undo, numabind_restore() does nothing.
 */
int numabind_bind_thread(int node, char *err, size_t errlen);
void numabind_restore(void);

/*
 * Bind the pages of [p, p + bytes) to node (mbind MPOL_BIND, MPOL_MF_MOVE
 * so that pages already present move too); meant for before they are
 * touched.  p must be page-aligned (mmap gives such addresses).  Returns 0,
 * or -1 with a message in err.
 */
int numabind_bind_range(void *p, size_t bytes, int node, char *err, size_t errlen);

/*
 * Where the pages of [p, p + bytes) are: move_pages(2) in query mode on at
 * most NUMABIND_SAMPLE_PAGES pages spread evenly over the range.  Returns the
 * node that holds most of the sampled pages and puts in *share_pct the share
 * (0..100) of all sampled pages that are on it (pages not present count
 * against it).  Returns -1, with *share_pct NaN, when it cannot tell: no
 * sampled page is present (never touched), the range is empty, or the
 * kernel refuses (a driver mapping, or no NUMA support).
 */
#define NUMABIND_SAMPLE_PAGES 1024
int numabind_where(const void *p, size_t bytes, double *share_pct);

/*
 * The nodes that exist, ascending, into ids[0..max): numabind_nodes() of
 * them (node 0 alone where NUMA is unavailable).  Returns how many were
 * written.
 */
int numabind_node_ids(int *ids, int max);

/* The node numabind_bind_thread bound the calling thread to, -1 when it is not bound. */
int numabind_bound_node(void);

/*
 * A test seam for the fake engine (engine/gpu_fake.c, which calls it when
 * PINSWEEP_FAKE_NUMA_NODES is set): from now on the machine is said to have
 * nodes 0..nodes-1 (nodes < 1: the machine's own again).  Binding a thread
 * to one of them then records the node and changes nothing (neither CPU
 * affinity nor memory policy), and numabind_where answers the node the
 * calling thread is bound to (-1 unbound): the pages are wherever they
 * are.  The fake engine's model times a copy by that node, so a test on a
 * machine of one node can measure "from node 1".  Never with a real GPU.
 */
void numabind_pretend(int nodes);

#endif
