/*
 * check.c - `pinsweep check`: the checks measured on each GPU (run/check.h),
 * judged against the expectation, the verdict printed and written.
 */
#include "cli/check.h"
#include "analysis/health.h"
#include "base/lockfile.h"
#include "engine/engines.h"
#include "host/sysinfo.h"
#include "results/outdir.h"
#include "run/check.h"
#include "run/exitcode.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
 * path ("-": stdout) written by write(); through path.tmp.PID, renamed (checks run at once
 * each write their own). Returns 0 or -1.
 */
static int write_file(const char *path, int json, const char *host, const struct health_gpu *g,
                      size_t n, const struct health_expect *x, const struct health_tally *t)
{
    char err[1024];
    if (strcmp(path, "-") == 0)
        return json ? health_write_json(stdout, host, g, n, x, t)
                    : health_write_prom(stdout, host, g, n, x, t, (double)time(NULL));
    struct outfile *o = outfile_replace_own(path, err, sizeof(err));
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

/* path rewritten to say the check could not run: healthy 0, not_run 1 (said when it fails). */
static void prom_not_run(const char *path)
{
    char err[1024];
    struct host_info h;
    struct outfile *o = outfile_replace_own(path, err, sizeof(err));
    sysinfo_host(&h);
    if (o)
        health_write_prom_not_run(o->f, h.hostname, (double)time(NULL));
    if (!o || outfile_close(o, err, sizeof(err)) < 0)
        fprintf(stderr, "pinsweep: %s\n", err);
}

/* The verdict in every form asked for; returns the exit code. */
static int report(const struct check_opts *o, const struct health_gpu *g, size_t n,
                  const struct health_expect *x)
{
    struct host_info h;
    struct health_tally t;
    sysinfo_host(&h);
    health_print_table(stderr, g, n, x);
    /* the ERROR and BUSY lines leave stdout to a file written there */
    FILE *lines = (o->json_path && strcmp(o->json_path, "-") == 0) ||
                          (o->prom_path && strcmp(o->prom_path, "-") == 0)
                      ? stderr
                      : stdout;
    health_print_failures(lines, h.hostname, g, n, x);
    health_print_busy(lines, h.hostname, g, n);
    health_tally(g, n, x, &t);
    health_print_verdict(stderr, h.hostname, &t);
    if ((o->json_path && write_file(o->json_path, 1, h.hostname, g, n, x, &t) < 0) ||
        (o->prom_path && write_file(o->prom_path, 0, h.hostname, g, n, x, &t) < 0))
        return EXIT_SYSTEM;
    return t.verdict == HEALTH_UNHEALTHY   ? EXIT_SOME_FAILED
           : t.verdict == HEALTH_BUSY_NODE ? EXIT_BUSY
           : t.verdict == HEALTH_UNJUDGED  ? EXIT_USAGE
                                           : EXIT_ALL_OK;
}

/* The lock that keeps checks apart: PINSWEEP_CHECK_LOCK, else in /run/lock, else in /tmp. */
static const char *lock_path(void)
{
    const char *p = getenv("PINSWEEP_CHECK_LOCK");
    struct stat st;
    if (p && *p)
        return p;
    return stat("/run/lock", &st) == 0 && S_ISDIR(st.st_mode) ? "/run/lock/pinsweep-check.lock"
                                                              : "/tmp/pinsweep-check.lock";
}

int check_lock_take(const char *command)
{
    char err[1024];
    struct host_info h;
    const char *path = lock_path();
    int fd = lockfile_take(path, err, sizeof(err));
    if (fd == -1)
        fprintf(stderr, "pinsweep: %s: %s; measurements run at once are not kept apart\n", command,
                err);
    if (fd != -2)
        return fd;
    sysinfo_host(&h);
    printf("BUSY: pinsweep %s: %s: another pinsweep check or doctor is running (it holds %s); "
           "this one measured nothing\n",
           command, h.hostname, path);
    fprintf(stderr,
            "pinsweep: %s: %s: busy: not judged (another pinsweep check or doctor holds %s; its "
            "verdict and files are the ones that count)\n",
            command, h.hostname, path);
    return -2;
}

int check_node(const struct check_opts *o)
{
    const struct gpu_ops *ops = NULL;
    struct health_expect x;
    struct health_gpu *g = NULL;
    size_t n = 0;
    char err[1024];
    int code = EXIT_USAGE, bad_device, lock = -1;
    health_expect_init(&x);
    for (int i = 0; i < o->nexpect; i++)
        if (health_expect_add(&x, o->expect[i], stderr) < 0)
            goto out;
    if (!(ops = engine_find(o->engine, err, sizeof(err)))) {
        fprintf(stderr, "pinsweep: PINSWEEP_ENGINE=%s\n", err);
        goto out;
    }
    if ((lock = check_lock_take("check")) == -2) {
        code = EXIT_BUSY;
        goto out;
    }
    code = EXIT_SYSTEM;
    if (check_measure(ops, o->device, &x, &g, &n, &bad_device, err, sizeof(err)) < 0) {
        if (bad_device >= 0) {
            fprintf(stderr, "pinsweep: %s\n", err);
            printf("ERROR: pinsweep check: GPU %d: %s\n", bad_device, err);
        }
        if (o->prom_path && strcmp(o->prom_path, "-") != 0)
            prom_not_run(o->prom_path);
        goto out;
    }
    code = report(o, g, n, &x);
out:
    if (lock >= 0)
        close(lock);
    free(g);
    return code;
}
