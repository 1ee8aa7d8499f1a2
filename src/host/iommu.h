/*
 * iommu.h - whether an IOMMU translates a PCI device's DMA: the type of the
 * device's IOMMU group (sysfs) and the IOMMU options of the kernel command
 * line (procfs).  Translation puts an IOTLB lookup, and on a miss a walk of
 * the page tables, in front of every DMA read and write of host memory;
 * passthrough ("identity") and no IOMMU at all put nothing there.  Nothing
 * here needs a GPU.
 */
#ifndef PINSWEEP_IOMMU_H
#define PINSWEEP_IOMMU_H

#include <stddef.h>

struct iommu_state {
    char group[16];    /* the device's IOMMU group ("7"); "" where it has none */
    char type[32];     /* the group's type as sysfs says it ("DMA-FQ"); "" unread */
    int translating;   /* 1: type DMA or DMA-FQ; 0: identity, or no group; -1: unknown */
    char cmdline[256]; /* the command line's IOMMU options ("intel_iommu=on iommu=pt"); "" none */
    char why[256];     /* what translating rests on, in words */
};

/*
 * Read the IOMMU state of PCI device bus_id ("0000:00:06.0") into s: its
 * group from the iommu_group link under <sysfs_root>/bus/pci/devices/ID,
 * the group's type file (kernels from 5.11 have one: "DMA", "DMA-FQ",
 * "identity", "unmanaged" for a device handed to VFIO, "blocked"), and the
 * tokens of <procfs_root>/cmdline that start with iommu, intel_iommu or
 * amd_iommu.  A device without a group has no IOMMU translating its DMA
 * (none is present, or it is off); a group without a readable type is
 * unknown (translating -1).
 */
void iommu_read(const char *sysfs_root, const char *procfs_root, const char *bus_id,
                struct iommu_state *s);

/*
 * The IOMMU options among the tokens of a kernel command line, cmdline,
 * separated by single spaces into out ("" when there are none).
 */
void iommu_cmdline_options(const char *cmdline, char *out, size_t n);

#endif
