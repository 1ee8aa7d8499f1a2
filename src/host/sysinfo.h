/*
 * sysinfo.h - facts about the host and the GPU's PCIe link, read from /proc
 * and /sys, for meta.yaml.  Nothing here needs a GPU.
 */
#ifndef PINSWEEP_SYSINFO_H
#define PINSWEEP_SYSINFO_H

#include <stddef.h>
#include <stdint.h>

struct pcie_link {
    int known;          /* 0: sysfs has no link files for this device */
    char cur_speed[32]; /* as sysfs says it: "32.0 GT/s PCIe" */
    char max_speed[32];
    int cur_gen, max_gen; /* 0 when the speed is not one of a known generation */
    int cur_width, max_width;
    /*
     * From its PCIe capability in config space (sysinfo_pcie_config): the
     * Max Payload Size the device sends and receives (Device Control) and
     * the most it supports (Device Capabilities), and the Max Read Request
     * Size it asks for (Device Control), bytes; relaxed ordering enabled
     * (1), disabled (0) or unread (-1).  0 when not read, and mps_why says
     * why (the same reason holds for every one of these fields).
     */
    int mps_bytes, mps_supported_bytes, mrrs_bytes, relaxed_ordering;
    char mps_why[128];
};

struct host_info {
    char hostname[256];
    char kernel[256]; /* uname -r */
    char os[256];     /* PRETTY_NAME from /etc/os-release */
    char cpu_model[256];
    int cpus;
    uint64_t mem_total_bytes;
    char nvidia_driver[64]; /* /sys/module/nvidia/version, or "" */
};

/* Cumulative CPU time of the whole machine, from /proc/stat, in clock ticks. */
struct cpu_times {
    unsigned long long busy, idle, steal, total;
};

/* Read the machine's CPU times; returns 0, or -1 where /proc/stat is unreadable. */
int sysinfo_cpu_times(struct cpu_times *t);

/*
 * Percent of CPU time between a and b that was busy and that a hypervisor
 * stole (steal: other guests ran on this machine's CPUs); NaN when unknown.
 */
void sysinfo_cpu_load(const struct cpu_times *a, const struct cpu_times *b, double *busy_pct,
                      double *steal_pct);

/*
 * Physical RAM in bytes (MemTotal); PINSWEEP_RAM_BYTES overrides it, so
 * that tests print the same caps on every machine.  0 when unknown.
 */
uint64_t sysinfo_ram_bytes(void);

/* Fill h from the running system; missing facts are left "" or 0. */
void sysinfo_host(struct host_info *h);

/* Process pid's name (/proc/PID/comm) into buf; "" where it cannot be read (gone, another
 * namespace). */
void sysinfo_process_name(unsigned pid, char *buf, size_t n);

/* The sysfs root: PINSWEEP_SYSFS when set (tests give a fixture tree), else "/sys". */
const char *sysinfo_sysfs_root(void);

/*
 * The procfs root that `doctor` reads the kernel command line and the CPU's
 * flags under: PINSWEEP_PROCFS when set (tests give a fixture tree), else
 * "/proc".
 */
const char *sysinfo_procfs_root(void);

/*
 * Read the link of PCI device bus_id ("0000:00:06.0") under sysfs_root
 * (normally "/sys"; tests pass a fake tree): speed and width from
 * current_link_* and max_link_*.  Cheap enough to poll while copies run.
 * Returns 0; l->known says whether the link was found.  The payload size
 * is left unread (0, mps_why "not read"): see sysinfo_pcie_payload.
 */
int sysinfo_pcie_link(const char *sysfs_root, const char *bus_id, struct pcie_link *l);

/*
 * The payload and read request sizes of the same device into l
 * (sysinfo_pcie_config), from the first 256 bytes of its config file.  Once per run, never in a
 * loop: each read of config space goes to the device (in a virtual machine, a trip through the
 * hypervisor per register).
 */
void sysinfo_pcie_payload(const char *sysfs_root, const char *bus_id, struct pcie_link *l);

/*
 * The payload and read request sizes from a device's config space, cfg
 * (len bytes, as read from sysfs's config file): the capability list from
 * the pointer at 0x34 to the PCI Express capability (ID 0x10), whose
 * Device Capabilities register (offset 4) holds the largest payload
 * supported in bits 2:0 and whose Device Control register (offset 8) holds
 * relaxed ordering enabled in bit 4, the Max Payload Size in bits 7:5 and
 * the Max Read Request Size in bits 14:12, each size 128 << field bytes.
 * Fills l->mps_bytes, mps_supported_bytes, mrrs_bytes and
 * relaxed_ordering, or leaves them 0 (relaxed_ordering -1) with l->mps_why
 * saying why: without root, sysfs gives only the first 64 bytes, and the
 * capability lies beyond them.
 */
void sysinfo_pcie_config(const unsigned char *cfg, size_t len, struct pcie_link *l);

/* PCIe generation of a transfer rate in GT/s (2.5 -> 1 ... 64 -> 6), or 0. */
int sysinfo_pcie_gen(double gts);

/*
 * The raw per-direction bandwidth of a PCIe link in GB/s (1e9 B/s):
 * GT/s x lanes x encoding / 8, the encoding 8b/10b for Gen 1-2, 128b/130b
 * for Gen 3-5, and none at Gen 6's 64 GT/s (PAM4 in FLIT mode, 1b/1b: the
 * flit's own overhead is the practical ceiling's, analysis/link.h)
 * (Gen3 x16 = 15.75, Gen4 x16 = 31.5, Gen5 x16 = 63.0, Gen6 x16 = 128).
 * NaN for an unknown generation or a width of 0: never a guess.
 */
double sysinfo_link_gbps(int gen, int width);

#endif
