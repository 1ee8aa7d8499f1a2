/*
 * check.c - `pinsweep check`: each check of analysis/health.c measured on
 * each GPU through the measure layer, with the PCIe link polled from a
 * thread while the copies run (an idle link trains down to a lower
 * generation, so a reading at rest says nothing about the link).
 */
#include "cli/check.h"
#include "analysis/health.h"
#include "engine/engines.h"
#include "run/exitcode.h"
#include "experiment/sweep.h"
#include "measure/measure.h"
#include "results/outdir.h"
#include "host/hoststate.h"
#include "host/numabind.h"
#include "host/sysinfo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    if (measure_summarise(r, &sum) < 0) {
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
    if (ops->open(device, &info, &gpu, err, errlen) < 0)
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
    devpool_release(&mc.pool, gpu);
    ops->close(gpu);
    return 0;
}

/* path ("-": stdout) written by write(); through path.tmp, renamed. Returns 0 or -1. */
static int write_file(const char *path, int json, const char *host, const struct health_gpu *g,
                      size_t n, const struct health_expect *x, int healthy)
{
    char err[1024];
    if (strcmp(path, "-") == 0)
        return json ? health_write_json(stdout, host, g, n, x, healthy)
                    : health_write_prom(stdout, host, g, n, x, healthy, (double)time(NULL));
    struct outfile *o = outfile_replace(path, err, sizeof(err));
    if (!o) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return -1;
    }
    if (json)
        health_write_json(o->f, host, g, n, x, healthy);
    else
        health_write_prom(o->f, host, g, n, x, healthy, (double)time(NULL));
    if (outfile_close(o, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return -1;
    }
    return 0;
}

/* The verdict in every form asked for; returns the exit code. */
static int report(const struct check_opts *o, const struct health_gpu *g, size_t n,
                  const struct health_expect *x)
{
    struct host_info h;
    sysinfo_host(&h);
    health_print_table(stderr, g, n, x);
    int failed = health_print_failures(stdout, h.hostname, g, n, x);
    int known = 0;
    for (int i = 0; i < HC_COUNT; i++)
        known += !isnan(x->value[i]);
    if (!known)
        fprintf(stderr, "pinsweep: check: no --expect given: only the link was judged\n");
    fprintf(stderr, "pinsweep: check: %s: %s (%d failed)\n", h.hostname,
            failed ? "unhealthy" : "healthy", failed);
    if ((o->json_path && write_file(o->json_path, 1, h.hostname, g, n, x, !failed) < 0) ||
        (o->prom_path && write_file(o->prom_path, 0, h.hostname, g, n, x, !failed) < 0))
        return EXIT_SYSTEM;
    return failed ? 1 : EXIT_ALL_OK;
}

int check_node(const struct check_opts *o)
{
    const struct gpu_ops *ops = NULL;
    struct health_expect x;
    struct experiment e = {0};
    struct sweep s = {0};
    struct health_gpu *g = NULL;
    char err[1024];
    int code = EXIT_USAGE, count = 1, n = 0;
    health_expect_init(&x);
    for (int i = 0; i < o->nexpect; i++)
        if (health_expect_add(&x, o->expect[i], stderr) < 0)
            goto out;
    if (!(ops = engine_find(o->engine, err, sizeof(err)))) {
        fprintf(stderr, "pinsweep: PINSWEEP_ENGINE=%s\n", err);
        goto out;
    }
    code = EXIT_SYSTEM;
    if (check_sweep(&e, &s) < 0)
        goto out;
    for (int d = o->device < 0 ? 0 : o->device; d < (o->device < 0 ? count : o->device + 1); d++) {
        struct health_gpu *grown = realloc(g, (size_t)(n + 1) * sizeof(*g));
        if (!grown)
            goto out;
        g = grown;
        if (check_gpu(ops, d, &e, &s, &g[n], &count, err, sizeof(err)) < 0) {
            fprintf(stderr, "pinsweep: %s\n", err);
            printf("ERROR: pinsweep check: GPU %d: %s\n", d, err);
            goto out;
        }
        n++;
    }
    code = report(o, g, (size_t)n, &x);
out:
    free(g);
    sweep_free(&s);
    experiment_free(&e);
    return code;
}
