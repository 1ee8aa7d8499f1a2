/*
 * sysinfo.c - reading /proc, /sys and uname for sysinfo.h.
 */
#include "host/sysinfo.h"
#include "base/fileio.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/utsname.h>
#include <unistd.h>

/* The value after "key" and a separator in the first matching line of path. */
static int read_keyed(const char *path, const char *key, char sep, char *buf, size_t n)
{
    char line[512];
    size_t klen = strlen(key);
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f)) {
        if (strncmp(line, key, klen) != 0)
            continue;
        char *p = strchr(line + klen, sep);
        if (!p)
            continue;
        p++;
        while (*p == ' ' || *p == '\t' || *p == '"')
            p++;
        p[strcspn(p, "\"\n")] = '\0';
        snprintf(buf, n, "%s", p);
        break;
    }
    fclose(f);
    return buf[0] ? 0 : -1;
}

void sysinfo_host(struct host_info *h)
{
    struct utsname u;
    char mem[64];
    memset(h, 0, sizeof(*h));
    if (gethostname(h->hostname, sizeof(h->hostname) - 1) < 0)
        h->hostname[0] = '\0';
    if (uname(&u) == 0)
        snprintf(h->kernel, sizeof(h->kernel), "%s %s", u.sysname, u.release);
    read_keyed("/etc/os-release", "PRETTY_NAME", '=', h->os, sizeof(h->os));
    read_keyed("/proc/cpuinfo", "model name", ':', h->cpu_model, sizeof(h->cpu_model));
    h->cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (read_keyed("/proc/meminfo", "MemTotal", ':', mem, sizeof(mem)) == 0)
        h->mem_total_bytes = strtoull(mem, NULL, 10) * 1024;
    fileio_first_line(NULL, "/sys/module/nvidia/version", h->nvidia_driver,
                      sizeof(h->nvidia_driver));
}

uint64_t sysinfo_ram_bytes(void)
{
    const char *env = getenv("PINSWEEP_RAM_BYTES");
    char mem[64];
    if (env && *env)
        return strtoull(env, NULL, 10);
    if (read_keyed("/proc/meminfo", "MemTotal", ':', mem, sizeof(mem)) == 0)
        return strtoull(mem, NULL, 10) * 1024;
    return 0;
}

int sysinfo_cpu_times(struct cpu_times *t)
{
    unsigned long long v[8] = {0};
    memset(t, 0, sizeof(*t));
    FILE *f = fopen("/proc/stat", "r");
    if (!f)
        return -1;
    int n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
                   &v[4], &v[5], &v[6], &v[7]);
    fclose(f);
    if (n < 4)
        return -1;
    t->idle = v[3] + v[4]; /* idle + iowait */
    t->steal = v[7];
    t->busy = v[0] + v[1] + v[2] + v[5] + v[6];
    t->total = t->busy + t->idle + t->steal;
    return 0;
}

void sysinfo_cpu_load(const struct cpu_times *a, const struct cpu_times *b, double *busy_pct,
                      double *steal_pct)
{
    double total = (double)(b->total - a->total);
    *busy_pct = *steal_pct = 0.0 / 0.0;
    if (a->total == 0 || b->total <= a->total)
        return;
    *busy_pct = 100.0 * (double)(b->busy - a->busy) / total;
    *steal_pct = 100.0 * (double)(b->steal - a->steal) / total;
}

int sysinfo_pcie_gen(double gts)
{
    static const double rates[] = {2.5, 5.0, 8.0, 16.0, 32.0, 64.0};
    for (int i = 0; i < 6; i++)
        if (gts > rates[i] - 0.01 && gts < rates[i] + 0.01)
            return i + 1;
    return 0;
}

double sysinfo_link_gbps(int gen, int width)
{
    static const double gts[] = {2.5, 5.0, 8.0, 16.0, 32.0, 64.0};
    if (gen < 1 || gen > 6 || width <= 0)
        return NAN;
    double encoding = gen <= 2 ? 8.0 / 10.0 : gen <= 5 ? 128.0 / 130.0 : 1.0;
    return gts[gen - 1] * width * encoding / 8.0;
}

static void read_link_side(const char *dir, const char *which, char *speed, size_t n, int *gen,
                           int *width)
{
    char path[512], w[32];
    snprintf(path, sizeof(path), "%s/%s_link_speed", dir, which);
    if (fileio_first_line(NULL, path, speed, n) == 0)
        *gen = sysinfo_pcie_gen(strtod(speed, NULL));
    snprintf(path, sizeof(path), "%s/%s_link_width", dir, which);
    if (fileio_first_line(NULL, path, w, sizeof(w)) == 0)
        *width = atoi(w);
}

void sysinfo_process_name(unsigned pid, char *buf, size_t n)
{
    char path[64];
    FILE *f;
    buf[0] = '\0';
    snprintf(path, sizeof(path), "/proc/%u/comm", pid);
    if (!(f = fopen(path, "r")))
        return;
    if (!fgets(buf, (int)n, f))
        buf[0] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
    fclose(f);
}

const char *sysinfo_sysfs_root(void)
{
    const char *r = getenv("PINSWEEP_SYSFS");
    return r && *r ? r : "/sys";
}

const char *sysinfo_procfs_root(void)
{
    const char *r = getenv("PINSWEEP_PROCFS");
    return r && *r ? r : "/proc";
}

/* Config space registers are little-endian. */
static unsigned cfg_u16(const unsigned char *cfg, size_t at)
{
    return cfg[at] | (unsigned)cfg[at + 1] << 8;
}

enum {
    CFG_STATUS = 0x06, /* Status register; bit 4: the capability list exists */
    CFG_STATUS_CAP_LIST = 0x10,
    CFG_CAP_PTR = 0x34,      /* the first capability */
    CFG_HEADER_BYTES = 0x40, /* capabilities lie beyond the standard header */
    CAP_ID_EXP = 0x10,       /* PCI Express */
    EXP_DEVCAP = 4,          /* Device Capabilities, from the capability */
    EXP_DEVCTL = 8,          /* Device Control */
    DEVCTL_RELAXED = 0x10,   /* bit 4: relaxed ordering enabled */
    EXP_BYTES = 10,          /* through Device Control */
    CAP_LIST_MAX = 48,       /* (256 - 64) / 4: more links than that is a loop */
};

void sysinfo_pcie_config(const unsigned char *cfg, size_t len, struct pcie_link *l)
{
    size_t at;
    int hops = 0;
    l->mps_bytes = l->mps_supported_bytes = l->mrrs_bytes = 0;
    l->relaxed_ordering = -1;
    if (len < CFG_HEADER_BYTES) {
        snprintf(l->mps_why, sizeof(l->mps_why), "its config space could not be read");
        return;
    }
    if (!(cfg_u16(cfg, CFG_STATUS) & CFG_STATUS_CAP_LIST)) {
        snprintf(l->mps_why, sizeof(l->mps_why), "the device lists no capabilities");
        return;
    }
    for (at = cfg[CFG_CAP_PTR] & ~3u; at >= CFG_HEADER_BYTES && hops < CAP_LIST_MAX; hops++) {
        if (at + 2 > len)
            break;
        if (cfg[at] == CAP_ID_EXP)
            break;
        at = cfg[at + 1] & ~3u;
    }
    if (at >= CFG_HEADER_BYTES && at + EXP_BYTES > len) {
        snprintf(l->mps_why, sizeof(l->mps_why),
                 len <= CFG_HEADER_BYTES
                     ? "config space past its first 64 bytes is readable only by root"
                     : "its config space is cut short");
        return;
    }
    if (at < CFG_HEADER_BYTES || hops == CAP_LIST_MAX || cfg[at] != CAP_ID_EXP) {
        snprintf(l->mps_why, sizeof(l->mps_why), "the device has no PCI Express capability");
        return;
    }
    unsigned devctl = cfg_u16(cfg, at + EXP_DEVCTL);
    unsigned ctl = (devctl >> 5) & 7, cap = cfg[at + EXP_DEVCAP] & 7, rrs = (devctl >> 12) & 7;
    if (ctl > 5 || cap > 5 || rrs > 5) { /* 6 and 7 are reserved: 4096 B is the largest */
        snprintf(l->mps_why, sizeof(l->mps_why),
                 "its payload or read request size fields hold reserved values");
        return;
    }
    l->mps_bytes = 128 << ctl;
    l->mps_supported_bytes = 128 << cap;
    l->mrrs_bytes = 128 << rrs;
    l->relaxed_ordering = (devctl & DEVCTL_RELAXED) != 0;
    l->mps_why[0] = '\0';
}

void sysinfo_pcie_payload(const char *sysfs_root, const char *bus_id, struct pcie_link *l)
{
    char path[512];
    unsigned char cfg[256]; /* the PCI Express capability is in the first 256 bytes */
    size_t len = 0;
    ssize_t got = 1;
    snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/config", sysfs_root, bus_id);
    int fd = open(path, O_RDONLY | O_CLOEXEC); /* read(2), not stdio: no read-ahead past 256 */
    while (fd >= 0 && len < sizeof(cfg) && got > 0)
        if ((got = read(fd, cfg + len, sizeof(cfg) - len)) > 0)
            len += (size_t)got;
    if (fd >= 0)
        close(fd);
    sysinfo_pcie_config(cfg, len, l);
}

int sysinfo_pcie_link(const char *sysfs_root, const char *bus_id, struct pcie_link *l)
{
    char dir[400];
    memset(l, 0, sizeof(*l));
    snprintf(dir, sizeof(dir), "%s/bus/pci/devices/%s", sysfs_root, bus_id);
    read_link_side(dir, "current", l->cur_speed, sizeof(l->cur_speed), &l->cur_gen, &l->cur_width);
    read_link_side(dir, "max", l->max_speed, sizeof(l->max_speed), &l->max_gen, &l->max_width);
    /* "Unknown" speeds and width 0 (a VM that hides the link) do not count as known. */
    l->known = l->cur_gen > 0 && l->cur_width > 0;
    l->relaxed_ordering = -1;
    snprintf(l->mps_why, sizeof(l->mps_why), "not read");
    return 0;
}
