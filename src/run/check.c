/*
 * check.c - `pinsweep check`'s measuring (see check.h).
 */
#include "run/check.h"
#include "engine/nvml.h"
#include "experiment/sweep.h"
#include "host/hoststate.h"
#include "host/numabind.h"
#include "host/sysinfo.h"
#include "measure/measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The checks as an experiment: one sweep block per check, so plan number i + 1 is check i. */
static int check_sweep(struct experiment *e, struct sweep *s)
{
    char text[2048];
    size_t len = (size_t)snprintf(text, sizeof(text),
                                  "name: check\nmeasure: {warmup: 1, max_time: 1s}\nsweep:\n");
    for (int i = 0; i < HC_COUNT; i++)
        len += (size_t)snprintf(text + len, sizeof(text) - len,
                                "  - {alloc: %s, direction: %s, api: %s, size: %s}\n",
                                health_checks[i].alloc, health_checks[i].direction,
                                health_checks[i].api, health_checks[i].size);
    return sweep_from_text("check", text, len, e, s, HC_COUNT, stderr);
}

/* Check i's number from its result, or NaN with why in g->error[i]. */
static void take_reading(struct health_gpu *g, int i, const struct result *r)
{
    struct summary sum;
    g->value[i] = NAN;
    if (r->status != RESULT_OK) {
        snprintf(g->error[i], sizeof(g->error[i]), "not measured: %s", r->error);
        return;
    }
    if (record_summarise(r, &sum) < 0) {
        snprintf(g->error[i], sizeof(g->error[i]), "not measured: out of memory");
        return;
    }
    g->value[i] = health_checks[i].latency ? sum.us_per_copy_median : sum.gbps.median;
}

/* Check i of g measured into g->value[i] (NaN with why in g->error[i]). */
static void measure_check(struct measure_ctx *mc, const struct experiment *e, const struct sweep *s,
                          struct health_gpu *g, int i)
{
    struct result r;
    g->error[i][0] = '\0';
    if (measure_config(mc, &e->measure, &s->configs[i], &r) < 0) {
        g->value[i] = NAN;
        snprintf(g->error[i], sizeof(g->error[i]), "not measured: out of memory");
        return;
    }
    take_reading(g, i, &r);
    result_free(&r);
}

/* The other processes on the GPU now (NVML): the most seen at once is kept in b, with who. */
static void note_others(struct health_busy *b)
{
    unsigned pid[HEALTH_BUSY_PIDS];
    int n = nvml_other_pids(pid, HEALTH_BUSY_PIDS);
    if (n < 0 || n <= b->others)
        return;
    b->others = n;
    for (int k = 0; k < n && k < HEALTH_BUSY_PIDS; k++) {
        b->pid[k] = pid[k];
        sysinfo_process_name(pid[k], b->comm[k], sizeof(b->comm[k]));
    }
}

/*
 * The link's traffic before any copy: the least of BUSY_LINK_READINGS of
 * NVML's 20 ms readings, so that one burst of the driver's own does not
 * make an idle GPU busy, while a copy that runs throughout does.
 */
#define BUSY_LINK_READINGS 3
static double idle_traffic(void)
{
    double least = NAN;
    for (int k = 0; k < BUSY_LINK_READINGS; k++) {
        double v = nvml_pcie_traffic_gbps();
        if (v < 0)
            return NAN;
        least = isnan(least) || v < least ? v : least;
    }
    return least;
}

/*
 * Every check on GPU device, each failed one measured once more (a
 * transient is not a fault), with NVML's view of who else uses the GPU read
 * before the first copy and after each check.  -1 when the GPU cannot be
 * opened (err says why).
 */
static int check_gpu(const struct gpu_ops *ops, int device, const struct experiment *e,
                     const struct sweep *s, const struct health_expect *x, struct health_gpu *g,
                     int *count, char *err, size_t errlen)
{
    struct gpu_info info;
    struct gpu *gpu;
    struct timer_clock clock = {0}; /* each GPU's checks on a clock of their own */
    char why[256];
    if (ops->open(device, &clock, &info, &gpu, err, errlen) < 0)
        return -1;
    *count = info.device_count;
    health_gpu_init(g);
    g->index = device;
    snprintf(g->bus_id, sizeof(g->bus_id), "%s", info.pci_bus_id);
    snprintf(g->name, sizeof(g->name), "%s", info.name);
    int have_nvml = nvml_open(g->bus_id, why, sizeof(why)) == 0;
    if (have_nvml) {
        note_others(&g->busy);
        g->busy.idle_link_gbps = idle_traffic();
    }
    struct measure_ctx mc = {.gpu = gpu,
                             .gpu_node = numabind_gpu_node(sysinfo_sysfs_root(), g->bus_id)};
    struct link_watch w;
    link_watch_start(&w, sysinfo_sysfs_root(), g->bus_id); /* no thread: the link reads unknown */
    for (int i = 0; i < HC_COUNT; i++) {
        measure_check(&mc, e, s, g, i);
        if (have_nvml)
            note_others(&g->busy);
    }
    link_watch_stop(&w, &g->link);
    sysinfo_pcie_payload(sysinfo_sysfs_root(), g->bus_id, &g->link); /* once: see sysinfo.h */
    for (int i = 0; i < HC_COUNT; i++) {
        struct health_basis b;
        if (isnan(g->value[i]) || health_judge(g, x, i, &b) != HEALTH_FAIL)
            continue;
        g->first[i] = g->value[i];
        measure_check(&mc, e, s, g, i);
        if (have_nvml)
            note_others(&g->busy);
    }
    if (have_nvml)
        nvml_close();
    devpool_release(&mc.pool, gpu);
    ops->close(gpu);
    timer_clock_release(&clock);
    return 0;
}

int check_measure(const struct gpu_ops *ops, int device, const struct health_expect *x,
                  struct health_gpu **g, size_t *n, int *bad_device, char *err, size_t errlen)
{
    struct experiment e = {0};
    struct sweep s = {0};
    int rc = -1, count = 1;
    *g = NULL;
    *n = 0;
    *bad_device = -1;
    if (check_sweep(&e, &s) < 0)
        goto out;
    for (int d = device < 0 ? 0 : device; d < (device < 0 ? count : device + 1); d++) {
        struct health_gpu *grown = realloc(*g, (*n + 1) * sizeof(**g));
        if (!grown)
            goto out;
        *g = grown;
        if (check_gpu(ops, d, &e, &s, x, &(*g)[*n], &count, err, errlen) < 0) {
            *bad_device = d;
            goto out;
        }
        (*n)++;
    }
    rc = 0;
out:
    sweep_free(&s);
    experiment_free(&e);
    return rc;
}
