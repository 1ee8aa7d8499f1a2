/*
 * folder.c - a run's results folder: opening it, the files made from the
 * measurements, the failure recorded (see folder.h).
 */
#include "run/folder.h"
#include "run/exitcode.h"
#include "run/step.h"
#include "analysis/breakeven.h"
#include "analysis/fit.h"
#include "experiment/budget.h"
#include "experiment/shard.h"
#include "host/sysinfo.h"
#include "results/hostmemcpy_csv.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/*
 * Whether the folder dir was measured on g's GPUs: as many (meta.yaml's
 * topology.gpus; 1 before it was written), with the same bus ids.  -1 with
 * why in err when not: its rows could not be resumed as they are.
 */
static int same_gpus(const char *dir, const struct run_gpus *g, char *err, size_t n)
{
    struct meta_doc old;
    char path[4200], why[1024], key[64];
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_read(path, &old, why, sizeof(why)) < 0)
        return 0; /* results_resume says what is wrong with the folder */
    const char *count = meta_get(&old, "topology.gpus");
    int was = count ? atoi(count) : 1, rc = 0;
    for (int k = 0; k < g->n && was == g->n && rc == 0; k++) {
        snprintf(key, sizeof(key), "topology.gpu%d.pci_bus_id", g->info[k].device);
        const char *bus = meta_get(&old, key);
        if (bus && strcmp(bus, g->info[k].pci_bus_id) != 0) {
            snprintf(err, n,
                     "%s was measured with GPU %d at %s, and this machine's GPU %d is at %s; "
                     "resume needs the same GPUs (run it again into a new folder)",
                     dir, g->info[k].device, bus, g->info[k].device, g->info[k].pci_bus_id);
            rc = -1;
        }
    }
    if (was != g->n) {
        snprintf(err, n,
                 "%s was measured on %d GPU%s and this run has %d; resume needs the same GPUs "
                 "(run it again into a new folder)",
                 dir, was, was == 1 ? "" : "s", g->n);
        rc = -1;
    }
    meta_doc_free(&old);
    return rc;
}

int run_folder_open(struct results *res, const char *dir, const struct experiment *e,
                    const struct sweep *s, const char *resume_dir, unsigned char *done,
                    struct meta *mt, char *started_text, size_t n, char *reason, size_t rn,
                    int *made, const struct run_gpus *g)
{
    if (resume_dir && same_gpus(dir, g, reason, rn) < 0) {
        fprintf(stderr, "pinsweep: --resume: %s\n", reason);
        *made = 0;
        return EXIT_USAGE;
    }
    int rc = resume_dir
                 ? results_resume(res, dir, e, done, shard_max_index(s), step_rows_per_config(g),
                                  &mt->ok, &mt->failed, &mt->skipped, reason, rn)
                 : results_open(res, dir, e, reason, rn);
    *made = resume_dir ? 1 : res->made;
    if (rc < 0) {
        fprintf(stderr, "pinsweep: %s%s\n", resume_dir ? "--resume: " : "", reason);
        mt->reason = reason;
        return rc == RESULTS_EUSAGE ? EXIT_USAGE : EXIT_SYSTEM;
    }
    if (!resume_dir)
        return 0;
    struct meta_doc old;
    char path[4200], err[1024];
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_read(path, &old, err, sizeof(err)) == 0) {
        const char *st = meta_get(&old, "run.started");
        if (st) {
            snprintf(started_text, n, "%s", st);
            mt->started_text = started_text;
        }
        meta_doc_free(&old);
    }
    mt->resumed = time(NULL);
    fprintf(stderr, "pinsweep: resuming %s: %zu of %zu configurations done before\n", dir,
            mt->ok + mt->failed + mt->skipped, s->n);
    return 0;
}

void run_folder_failed(const char *dir, struct meta *mt, int measured, const char *resume_cmd)
{
    char err[1024], path[4200];
    mt->status = "failed";
    mt->finished = time(NULL);
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_write(path, mt, err, sizeof(err)) < 0)
        fprintf(stderr,
                "pinsweep: meta.yaml could not be written either (%s), so it does not say why "
                "the run stopped\n",
                err);
    fprintf(stderr, "pinsweep: %swhen that is fixed, go on with: %s\n",
            measured ? "" : "the run stopped before measuring anything; ", resume_cmd);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/*
 * The staging ceiling: single-thread memcpy at every size of the sweep's
 * pageable configurations, into host-memcpy.csv (drawn on the figures);
 * not at sizes larger than the RAM, whose configurations were skipped.
 * Returns 0, or -1 with a message in err.
 */
static int write_host_reference(const char *dir, const struct timer_clock *clock,
                                const struct sweep *s, char *err, size_t errlen)
{
    uint64_t *sizes = malloc((s->n ? s->n : 1) * sizeof(*sizes));
    size_t n = 0, k = 0;
    int rc = 0;
    if (!sizes) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct budget b = {.pinned_cap = UINT64_MAX, .ram = sysinfo_ram_bytes()};
    for (size_t i = 0; i < s->n; i++)
        if (config_alloc(&s->configs[i]) == ALLOC_PAGEABLE &&
            budget_check(&s->configs[i], &b, err, errlen) == BUDGET_FITS)
            sizes[n++] = config_size(&s->configs[i]);
    qsort(sizes, n, sizeof(*sizes), cmp_u64);
    for (size_t i = 0; i < n; i++)
        if (k == 0 || sizes[i] != sizes[k - 1])
            sizes[k++] = sizes[i];
    if (k) {
        fprintf(stderr, "pinsweep: host memcpy reference at %zu sizes\n", k);
        rc = hostmemcpy_write(dir, clock, sizes, k, err, errlen);
    }
    free(sizes);
    return rc;
}

int run_folder_side_files(const char *dir, const struct timer_clock *clock, const struct sweep *s,
                          char *reason, size_t n)
{
    if (write_host_reference(dir, clock, s, reason, n) < 0 ||
        fit_results(dir, stdout, reason, n) < 0 || breakeven_write(dir, stdout, reason, n) < 0)
        return -1;
    return 0;
}
