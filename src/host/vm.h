/*
 * vm.h - whether this machine is a virtual machine: the CPU's
 * "hypervisor" flag (/proc/cpuinfo, set by x86 CPUs running under a
 * hypervisor), the firmware's names for the system (DMI: sys_vendor and
 * product_name in sysfs) and sysfs's hypervisor/type (Xen).  In a guest,
 * what sysfs shows of the PCIe link, its errors and the IOMMU is the
 * guest's view: the host's IOMMU, its NUMA placement of the guest's
 * memory and other guests on the same link are not visible.  Nothing here
 * needs a GPU.
 */
#ifndef PINSWEEP_VM_H
#define PINSWEEP_VM_H

#include <stddef.h>

struct vm_state {
    int is_vm;           /* 1: a sign of a hypervisor was found; 0: none */
    int hypervisor_flag; /* cpuinfo's flags: 1 has "hypervisor", 0 not, -1 no flags line read */
    char sys_vendor[64], product_name[96]; /* DMI; "" unread */
    char hypervisor_type[32];              /* sysfs hypervisor/type ("xen"); "" none */
    char evidence[320];                    /* what is_vm rests on, in words */
};

/*
 * Read the signs under sysfs_root ("/sys") and procfs_root ("/proc") into
 * v.  A DMI name of a virtual machine (QEMU, KVM, VMware, VirtualBox, Xen,
 * Hyper-V's "Virtual Machine", Amazon EC2, Google Compute Engine,
 * OpenStack, Bochs, bhyve, Parallels) counts, but for a product whose name
 * ends in ".metal" (EC2's bare-metal instances).
 */
void vm_read(const char *sysfs_root, const char *procfs_root, struct vm_state *v);

/* 1 when a DMI vendor and product name those of a virtual machine (vm_read's list), else 0. */
int vm_dmi_is_vm(const char *sys_vendor, const char *product_name);

#endif
