/*
 * hoststate.h - the host's state that moves numbers, read at the start and
 * end of a run: the CPU frequency governor, the transparent-huge-page mode,
 * the load average, and the GPU's PCIe link read while a copy runs (an
 * idle link trains down to a lower generation, so reading it at rest says
 * nothing).  Paths are under a root ("" for the running system; the tests
 * give a fixture tree).
 */
#ifndef PINSWEEP_HOSTSTATE_H
#define PINSWEEP_HOSTSTATE_H

#include "host/sysinfo.h"

#include <pthread.h>
#include <stdio.h>

struct host_state {
    int valid;
    char governor[32];    /* cpu0's scaling_governor; "" where there is no cpufreq (many VMs) */
    int governors_differ; /* 1 when another CPU's governor is not cpu0's */
    char thp[32];         /* the selected THP mode ("madvise"); "" unknown */
    double load1;         /* the 1-minute load average; NaN unknown */
    int cpus;             /* online CPUs */
    struct pcie_link busy_link; /* the GPU's link as read during a copy; known 0: not read */
};

/* Read governor, THP mode and load under root into st (busy_link is left as it is). */
void hoststate_read(const char *root, struct host_state *st);

/*
 * The same with sysfs and procfs apart (normally "/sys" and "/proc";
 * hoststate_read(root) is root + "/sys" and root + "/proc"), for a fixture
 * tree named by PINSWEEP_SYSFS and PINSWEEP_PROCFS.
 */
void hoststate_read_at(const char *sysfs_root, const char *procfs_root, struct host_state *st);

/* Polls the link from a thread while a copy runs, keeping the fastest reading. */
struct link_watch {
    pthread_t thread;
    int running;
    volatile int stop;
    char dir[4096]; /* the sysfs root */
    char bus_id[64];
    struct pcie_link best;
};

/* Start polling bus_id's link under sysfs_root; 0, or -1 when no thread could be started. */
int link_watch_start(struct link_watch *w, const char *sysfs_root, const char *bus_id);

/* Stop it; *out gets the fastest link read (known 0 when none could be read). */
void link_watch_stop(struct link_watch *w, struct pcie_link *out);

/*
 * Print a warning line to out for each thing in st that is not quiet
 * (when: "at the start", "at the end"): a governor other than
 * performance, THP "always" (khugepaged compacts memory during a run), a
 * load average above half the CPUs, a busy link slower than its maximum.
 * Returns how many.
 */
int hoststate_warn(FILE *out, const struct host_state *st, const char *when);

/* The link part of hoststate_warn alone: 1 when it warned. */
int hoststate_warn_link(FILE *out, const struct pcie_link *l, const char *when);

#endif
