/*
 * test_run.c - the run engine without a GPU: the engine lookup
 * (engine/engines.c: by name, every hook filled, an engine with a hook
 * missing refused with its message) and the run loop (run/loop.c) over a
 * small sweep on the fake engine's model clock, whose numbers are exact.
 */
#include "check.h"
#include "engine/engines.h"
#include "experiment/diag.h"
#include "experiment/experiment.h"
#include "experiment/sweep.h"
#include "results/csv.h"
#include "run/gpus.h"
#include "run/loop.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every hook of struct gpu_ops, to take each out in turn. */
static const struct {
    const char *name;
    size_t offset;
} hooks[] = {
    {"name", offsetof(struct gpu_ops, name)},
    {"open", offsetof(struct gpu_ops, open)},
    {"close", offsetof(struct gpu_ops, close)},
    {"host_alloc", offsetof(struct gpu_ops, host_alloc)},
    {"host_free", offsetof(struct gpu_ops, host_free)},
    {"dev_alloc", offsetof(struct gpu_ops, dev_alloc)},
    {"dev_free", offsetof(struct gpu_ops, dev_free)},
    {"copy", offsetof(struct gpu_ops, copy)},
    {"roundtrip", offsetof(struct gpu_ops, roundtrip)},
    {"pipeline", offsetof(struct gpu_ops, pipeline)},
    {"error", offsetof(struct gpu_ops, error)},
    {"at_once", offsetof(struct gpu_ops, at_once)},
};
#define NHOOKS (sizeof(hooks) / sizeof(hooks[0]))

static void test_lookup(void)
{
    char err[512] = "";
    const struct gpu_ops *got;
    CHECK("no name is the first engine, cuda", engine_find(NULL, err, sizeof(err)) == &gpu_cuda_ops,
          "%s", err);
    CHECK("an empty name is cuda too", engine_find("", err, sizeof(err)) == &gpu_cuda_ops, "%s",
          err);
    CHECK("fake is found by its name", engine_find("fake", err, sizeof(err)) == &gpu_fake_ops, "%s",
          err);
    got = engine_find("warp", err, sizeof(err));
    CHECK_STR("an unknown name is refused, naming those there are", got ? "found" : err,
              "'warp' is not an engine; allowed: cuda, fake");
    size_t n = 0;
    for (; engine_list[n]; n++) {
        char name[64];
        snprintf(name, sizeof(name), "engine %s fills every hook", engine_list[n]->name);
        const char *missing = engine_missing_hook(engine_list[n]);
        CHECK(name,
              !missing && engine_find(engine_list[n]->name, err, sizeof(err)) == engine_list[n],
              "%s is empty", missing ? missing : err);
    }
    CHECK("the list holds both engines", n == 2, "%zu engines", n);
}

/* The fake engine with each hook taken out in turn, alone in a list. */
static void test_missing_hook(void)
{
    char err[512], want[512], name[96];
    for (size_t h = 0; h < NHOOKS; h++) {
        struct gpu_ops broken = gpu_fake_ops;
        const struct gpu_ops *const list[] = {&broken, NULL};
        memset((char *)&broken + hooks[h].offset, 0, sizeof(void *));
        const char *named = h == 0 ? "(unnamed)" : "fake";
        snprintf(want, sizeof(want),
                 "'%s' is an engine whose %s hook is empty: every hook of struct gpu_ops "
                 "(engine/gpu.h) must be filled",
                 named, hooks[h].name);
        snprintf(name, sizeof(name), "an engine without its %s hook is refused, naming it",
                 hooks[h].name);
        const struct gpu_ops *got = engine_find_in(list, h == 0 ? NULL : "fake", err, sizeof(err));
        CHECK_STR(name, got ? "found" : err, want);
    }
}

/* e and s from text; 0 when both are there. */
static int load(const char *text, struct experiment *e, struct sweep *s)
{
    struct diag d;
    if (experiment_parse("test.yaml", text, strlen(text), e, stderr) < 0)
        return -1;
    diag_init(&d, "test.yaml", e->text, e->text_len, stderr);
    int rc = sweep_expand(e, s, &d, 100);
    diag_flush(&d);
    return rc;
}

/*
 * fn(l) with stdout going to a file, whose text is returned (malloc'd,
 * "" when it cannot be read) and fn's return in *rc.
 */
static char *capture_stdout(int (*fn)(struct run_loop *), struct run_loop *l, int *rc)
{
    char path[] = "/tmp/test_run_stdout_XXXXXX";
    int fd = mkstemp(path), saved = dup(STDOUT_FILENO);
    fflush(stdout);
    dup2(fd, STDOUT_FILENO);
    *rc = fn(l);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    char *text = calloc(1, 4096);
    lseek(fd, 0, SEEK_SET);
    ssize_t got = read(fd, text, 4095);
    text[got > 0 ? got : 0] = '\0';
    close(fd);
    unlink(path);
    return text;
}

static int measure_all(struct run_loop *l)
{
    return loop_measure(l, UINT64_MAX, l->gpus->info[0].mem_free_bytes, NULL, PROGRESS_OFF);
}

/* The bandwidth of a sync copy of bytes on the model (gbps=25 t0_us=10), as %g writes it. */
static const char *model_gbps(double bytes, char *buf, size_t n)
{
    snprintf(buf, n, "%g", bytes / (10e-6 + bytes / 25e9) / 1e9);
    return buf;
}

/*
 * Two rounds over pinned h2d and d2h at 1 and 4 MiB on the fake engine's
 * model clock: every row ok, its bandwidth the model's to the digit, the
 * rounds the same, and the table of peaks printed as a run prints it.
 */
static void test_loop(void)
{
    const char *text =
        "name: loop\n"
        "measure: {warmup: 1, samples: 4, rounds: 2, sentinel_every: 0s}\n"
        "sweep:\n"
        "  - {alloc: pinned, direction: [h2d, d2h], api: sync, size: [1MiB, 4MiB]}\n";
    struct experiment e = {0};
    struct sweep s = {0};
    struct run_gpus *gpus = calloc(1, sizeof(*gpus));
    struct results res = {0};
    struct meta mt = {0};
    struct sentinel sn;
    struct timer_clock clock = {0};
    char dir[] = "/tmp/test_run_XXXXXX", out[4200], err[1024], reason[1024] = "", want[512];
    setenv("PINSWEEP_FAKE_MODEL", "gbps=25 t0_us=10", 1);
    if (load(text, &e, &s) < 0 || !gpus || !mkdtemp(dir) ||
        sentinel_init(&sn, &e, &s, err, sizeof(err)) < 0 ||
        gpus_open(&gpu_fake_ops, &clock, &e, gpus, err, sizeof(err)) < 0) {
        CHECK("the loop's sweep and fake GPU are set up", 0, "%s", err);
        return;
    }
    snprintf(out, sizeof(out), "%s/run", dir);
    CHECK("the loop's folder opens", results_open(&res, out, &e, err, sizeof(err)) == 0, "%s", err);
    struct run_loop l = {.e = &e,
                         .s = &s,
                         .gpus = gpus,
                         .res = &res,
                         .mt = &mt,
                         .sn = &sn,
                         .reason = reason,
                         .reason_len = sizeof(reason)};
    int rc;
    char *printed = capture_stdout(measure_all, &l, &rc);
    results_close(&res);
    CHECK("the loop measures every configuration",
          rc == 0 && s.n == 4 && mt.ok == 4 && mt.failed == 0 && mt.skipped == 0,
          "rc %d (%s), %zu configurations: %zu ok, %zu failed, %zu skipped", rc, reason, s.n, mt.ok,
          mt.failed, mt.skipped);
    CHECK("the loop frees what it held", !l.acc && !l.finished && !l.tally.pipes, "acc %p",
          (void *)l.acc);
    CHECK_STR("the run's tables are printed at the end", printed,
              "peak bandwidth, GB/s (median of samples) @ size:\n"
              "alloc                 h2d                 d2h                 bidir             \n"
              "pinned                23.59 @ 4MiB        23.59 @ 4MiB        -                 \n"
              "rounds: 2; 0 configurations whose rounds disagree more than their noise allows "
              "(stable=no in summary.csv)\n");
    free(printed);

    struct csv_table t;
    snprintf(out, sizeof(out), "%s/run/summary.csv", dir);
    if (csv_table_read(out, &t, err, sizeof(err)) < 0) {
        CHECK("summary.csv is read", 0, "%s", err);
    } else {
        int size = csv_table_col(&t, "size_bytes"), gbps = csv_table_col(&t, "gbps_median"),
            lo = csv_table_col(&t, "round_gbps_min"), hi = csv_table_col(&t, "round_gbps_max"),
            status = csv_table_col(&t, "status"), rounds = csv_table_col(&t, "rounds");
        CHECK("summary.csv has a row per configuration", t.nrows == 4, "%zu rows", t.nrows);
        for (size_t r = 0; r < t.nrows; r++) {
            char name[700];
            double bytes = atof(csv_table_get(&t, r, size));
            model_gbps(bytes, want, sizeof(want));
            snprintf(name, sizeof(name), "row %zu (%s bytes) reads the model's %s GB/s", r + 1,
                     csv_table_get(&t, r, size), want);
            CHECK(name,
                  strcmp(csv_table_get(&t, r, gbps), want) == 0 &&
                      strcmp(csv_table_get(&t, r, lo), want) == 0 &&
                      strcmp(csv_table_get(&t, r, hi), want) == 0 &&
                      strcmp(csv_table_get(&t, r, status), "ok") == 0 &&
                      strcmp(csv_table_get(&t, r, rounds), "2") == 0,
                  "gbps %s, rounds %s (%s to %s), status %s", csv_table_get(&t, r, gbps),
                  csv_table_get(&t, r, rounds), csv_table_get(&t, r, lo), csv_table_get(&t, r, hi),
                  csv_table_get(&t, r, status));
        }
        csv_table_free(&t);
    }
    gpus_close(&gpu_fake_ops, gpus);
    timer_clock_release(&clock);
    free(gpus);
    sentinel_free(&sn);
    sweep_free(&s);
    experiment_free(&e);
    snprintf(out, sizeof(out), "rm -rf '%s'", dir);
    if (system(out) != 0)
        fprintf(stderr, "test_run: %s left behind\n", dir);
    unsetenv("PINSWEEP_FAKE_MODEL");
}

int main(void)
{
    test_lookup();
    test_missing_hook();
    test_loop();
    return check_exit();
}
