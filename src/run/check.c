/*
 * check.c - `pinsweep check`'s measuring (see check.h).
 */
#include "run/check.h"
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
    struct diag d;
    if (experiment_parse("check", text, len, e, stderr) < 0)
        return -1;
    diag_init(&d, "check", e->text, e->text_len, stderr);
    int rc = sweep_expand(e, s, &d, HC_COUNT);
    diag_flush(&d);
    return rc < 0 || s->n != HC_COUNT ? -1 : 0;
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

/* Every check on GPU device; -1 when it cannot be opened (err says why). */
static int check_gpu(const struct gpu_ops *ops, int device, const struct experiment *e,
                     const struct sweep *s, struct health_gpu *g, int *count, char *err,
                     size_t errlen)
{
    struct gpu_info info;
    struct gpu *gpu;
    struct timer_clock clock = {0}; /* each GPU's checks on a clock of their own */
    if (ops->open(device, &clock, &info, &gpu, err, errlen) < 0)
        return -1;
    *count = info.device_count;
    memset(g, 0, sizeof(*g));
    g->index = device;
    snprintf(g->bus_id, sizeof(g->bus_id), "%s", info.pci_bus_id);
    snprintf(g->name, sizeof(g->name), "%s", info.name);
    struct measure_ctx mc = {.gpu = gpu,
                             .gpu_node = numabind_gpu_node(sysinfo_sysfs_root(), g->bus_id)};
    struct link_watch w;
    link_watch_start(&w, sysinfo_sysfs_root(), g->bus_id); /* no thread: the link reads unknown */
    for (int i = 0; i < HC_COUNT; i++) {
        struct result r;
        if (measure_config(&mc, &e->measure, &s->configs[i], &r) < 0) {
            g->value[i] = NAN;
            snprintf(g->error[i], sizeof(g->error[i]), "not measured: out of memory");
            continue;
        }
        take_reading(g, i, &r);
        result_free(&r);
    }
    link_watch_stop(&w, &g->link);
    sysinfo_pcie_payload(sysinfo_sysfs_root(), g->bus_id, &g->link); /* once: see sysinfo.h */
    devpool_release(&mc.pool, gpu);
    ops->close(gpu);
    timer_clock_release(&clock);
    return 0;
}

int check_measure(const struct gpu_ops *ops, int device, struct health_gpu **g, size_t *n,
                  int *bad_device, char *err, size_t errlen)
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
        if (check_gpu(ops, d, &e, &s, &(*g)[*n], &count, err, errlen) < 0) {
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
