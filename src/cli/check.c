/*
 * check.c - `pinsweep check`: the checks measured on each GPU (run/check.h),
 * judged against the expectation, the verdict printed and written.
 */
#include "cli/check.h"
#include "analysis/health.h"
#include "engine/engines.h"
#include "host/sysinfo.h"
#include "results/outdir.h"
#include "run/check.h"
#include "run/exitcode.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* path ("-": stdout) written by write(); through path.tmp, renamed. Returns 0 or -1. */
static int write_file(const char *path, int json, const char *host, const struct health_gpu *g,
                      size_t n, const struct health_expect *x, const struct health_tally *t)
{
    char err[1024];
    if (strcmp(path, "-") == 0)
        return json ? health_write_json(stdout, host, g, n, x, t)
                    : health_write_prom(stdout, host, g, n, x, t, (double)time(NULL));
    struct outfile *o = outfile_replace(path, err, sizeof(err));
    if (!o) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return -1;
    }
    if (json)
        health_write_json(o->f, host, g, n, x, t);
    else
        health_write_prom(o->f, host, g, n, x, t, (double)time(NULL));
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
    struct health_tally t;
    sysinfo_host(&h);
    health_print_table(stderr, g, n, x);
    health_print_failures(stdout, h.hostname, g, n, x);
    health_tally(g, n, x, &t);
    health_print_verdict(stderr, h.hostname, &t);
    if ((o->json_path && write_file(o->json_path, 1, h.hostname, g, n, x, &t) < 0) ||
        (o->prom_path && write_file(o->prom_path, 0, h.hostname, g, n, x, &t) < 0))
        return EXIT_SYSTEM;
    return t.verdict == HEALTH_UNHEALTHY  ? 1
           : t.verdict == HEALTH_UNJUDGED ? EXIT_USAGE
                                          : EXIT_ALL_OK;
}

int check_node(const struct check_opts *o)
{
    const struct gpu_ops *ops = NULL;
    struct health_expect x;
    struct health_gpu *g = NULL;
    size_t n = 0;
    char err[1024];
    int code = EXIT_USAGE, bad_device;
    health_expect_init(&x);
    for (int i = 0; i < o->nexpect; i++)
        if (health_expect_add(&x, o->expect[i], stderr) < 0)
            goto out;
    if (!(ops = engine_find(o->engine, err, sizeof(err)))) {
        fprintf(stderr, "pinsweep: PINSWEEP_ENGINE=%s\n", err);
        goto out;
    }
    code = EXIT_SYSTEM;
    if (check_measure(ops, o->device, &g, &n, &bad_device, err, sizeof(err)) < 0) {
        if (bad_device >= 0) {
            fprintf(stderr, "pinsweep: %s\n", err);
            printf("ERROR: pinsweep check: GPU %d: %s\n", bad_device, err);
        }
        goto out;
    }
    code = report(o, g, n, &x);
out:
    free(g);
    return code;
}
