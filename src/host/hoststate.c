/*
 * hoststate.c - governor, THP mode, load and the link under a copy (hoststate.h).
 */
#include "host/hoststate.h"
#include "base/fileio.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* "always [madvise] never" -> "madvise". */
static void selected(const char *line, char *out, size_t n)
{
    const char *a = strchr(line, '['), *b = a ? strchr(a, ']') : NULL;
    if (a && b)
        snprintf(out, n, "%.*s", (int)(b - a - 1), a + 1);
    else
        snprintf(out, n, "%.31s", line);
}

void hoststate_read(const char *root, struct host_state *st)
{
    char sys[4096], proc[4096];
    snprintf(sys, sizeof(sys), "%s/sys", root);
    snprintf(proc, sizeof(proc), "%s/proc", root);
    hoststate_read_at(sys, proc, st);
}

void hoststate_read_at(const char *sysfs_root, const char *procfs_root, struct host_state *st)
{
    char line[256], path[128];
    struct pcie_link keep = st->busy_link;
    memset(st, 0, sizeof(*st));
    st->busy_link = keep;
    st->valid = 1;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    st->cpus = cpus > 0 ? (int)cpus : 0;
    fileio_first_line(sysfs_root, "/devices/system/cpu/cpu0/cpufreq/scaling_governor", st->governor,
                      sizeof(st->governor));
    for (int c = 1; st->governor[0] && c < st->cpus && c < 4096; c++) {
        snprintf(path, sizeof(path), "/devices/system/cpu/cpu%d/cpufreq/scaling_governor", c);
        fileio_first_line(sysfs_root, path, line, sizeof(line));
        if (line[0] && strcmp(line, st->governor) != 0)
            st->governors_differ = 1;
    }
    fileio_first_line(sysfs_root, "/kernel/mm/transparent_hugepage/enabled", line, sizeof(line));
    selected(line, st->thp, sizeof(st->thp));
    fileio_first_line(procfs_root, "/loadavg", line, sizeof(line));
    if (sscanf(line, "%lf", &st->load1) != 1)
        st->load1 = NAN;
}

/* gen x width, to compare two readings. */
static int link_rank(const struct pcie_link *l)
{
    return l->known ? l->cur_gen * 100 + l->cur_width : -1;
}

static void *watch(void *arg)
{
    struct link_watch *w = arg;
    /* 1 ms: a copy of 64 MiB lasts about 1.2 ms; a shorter pause spends a CPU on sysfs reads
       (under a sanitizer, enough to slow the copies it watches) */
    struct timespec pause = {0, 1000000};
    while (!w->stop) {
        struct pcie_link l;
        if (sysinfo_pcie_link(w->dir, w->bus_id, &l) == 0 && link_rank(&l) > link_rank(&w->best))
            w->best = l;
        nanosleep(&pause, NULL);
    }
    return NULL;
}

int link_watch_start(struct link_watch *w, const char *sysfs_root, const char *bus_id)
{
    memset(w, 0, sizeof(*w));
    snprintf(w->dir, sizeof(w->dir), "%s", sysfs_root);
    snprintf(w->bus_id, sizeof(w->bus_id), "%s", bus_id);
    if (pthread_create(&w->thread, NULL, watch, w) != 0)
        return -1;
    w->running = 1;
    return 0;
}

void link_watch_stop(struct link_watch *w, struct pcie_link *out)
{
    if (w->running) {
        w->stop = 1;
        pthread_join(w->thread, NULL);
        w->running = 0;
    }
    *out = w->best;
}

int hoststate_warn(FILE *out, const struct host_state *st, const char *when)
{
    int n = 0;
    if (!st->valid)
        return 0;
    if (st->governor[0] && strcmp(st->governor, "performance") != 0) {
        fprintf(out,
                "pinsweep: warning: %s the CPU frequency governor is '%s'%s, not 'performance': "
                "host-side times (pageable copies, allocation) may move with the CPU's clock\n",
                when, st->governor, st->governors_differ ? " (and differs between CPUs)" : "");
        n++;
    }
    if (strcmp(st->thp, "always") == 0) {
        fprintf(out,
                "pinsweep: warning: %s transparent huge pages are 'always': khugepaged may compact "
                "memory during the run\n",
                when);
        n++;
    }
    if (!isnan(st->load1) && st->cpus > 0 && st->load1 > st->cpus / 2.0) {
        fprintf(out,
                "pinsweep: warning: %s the load average is %.2f on %d CPUs: the machine is "
                "busy\n",
                when, st->load1, st->cpus);
        n++;
    }
    return n + hoststate_warn_link(out, &st->busy_link, when);
}

int hoststate_warn_link(FILE *out, const struct pcie_link *l, const char *when)
{
    if (!l->known || (l->cur_gen >= l->max_gen && l->cur_width >= l->max_width))
        return 0;
    fprintf(out,
            "pinsweep: warning: %s the GPU's PCIe link ran at Gen%d x%d during a copy, below its "
            "Gen%d x%d\n",
            when, l->cur_gen, l->cur_width, l->max_gen, l->max_width);
    return 1;
}
