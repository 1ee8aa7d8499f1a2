/*
 * run.c - `pinsweep run` from start to end, in the steps run_experiment
 * takes: check what can be checked before anything opens, open the GPUs,
 * open the results folder, start (meta.yaml, the first line), measure
 * (loop.h), finish (side files, meta.yaml's end, the summary line,
 * figures).
 */
#include "run/run.h"
#include "run/folder.h"
#include "run/fresh.h"
#include "run/gpus.h"
#include "run/loop.h"
#include "run/stop.h"
#include "run/sentinel.h"
#include "base/shellquote.h"
#include "base/timer.h"
#include "engine/engines.h"
#include "engine/nvml.h"
#include "experiment/shard.h"
#include "figures/plot.h"
#include "host/hoststate.h"
#include "host/numabind.h"
#include "host/sysinfo.h"
#include "results/meta.h"
#include "results/results.h"
#include "results/rounds_csv.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One run, from the engine's lookup to the last line: what the steps below fill in and read. */
struct run {
    const struct experiment *e;
    const struct sweep *s;
    const struct run_opts *o;
    const struct gpu_ops *ops;
    struct run_gpus *gpus; /* every GPU of the run: the first's facts in info[0], link[0] */
    struct host_info host;
    struct meta mt; /* what meta.yaml says */
    struct results res;
    struct sentinel sn;
    struct drift_repair repair; /* what the repair rounds did (run/repair.h) */
    struct fresh fresh;         /* rounds in fresh processes (run/fresh.h): its starter */
    char *dir, *meta_path;
    char *resume_cmd;    /* the command that goes on with the run in dir (run.h's resume_words) */
    unsigned char *done; /* by plan number: finished before (--resume) */
    struct timer_clock clock; /* the run's, from the engine: released after the GPUs */
    double t0_ms;             /* when measuring started (clock) */
    char err[1024], nvml_why[512], started[64], reason[1024];
};

/* Figures at the end; without gnuplot plot_results still writes their data and says how to draw
 * them later. */
static void render(const char *dir, const struct run_opts *o)
{
    struct plot_opts po = {.latex = o->latex};
    if (o->plot)
        plot_results_opts(dir, o->plots_dir, stderr, &po);
}

/* ", 3 skipped", or "" (static buffer). */
static const char *skipped_text(size_t n)
{
    static char buf[48];
    if (!n)
        return "";
    snprintf(buf, sizeof(buf), ", %zu skipped", n);
    return buf;
}

/*
 * Warn about the machine state that moves numbers (when: "at the start",
 * "at the end"): other processes on the GPU, clocks held down, persistence
 * mode off, and the host's (hoststate_warn).
 */
static void warn_machine(const struct nvml_state *g, const struct host_state *h, const char *when)
{
    char reasons[256];
    if (g->valid && g->other_processes > 0)
        fprintf(stderr,
                "pinsweep: warning: %s %d other process%s on the GPU: they share its copy "
                "engines and PCIe link\n",
                when, g->other_processes, g->other_processes == 1 ? " is" : "es are");
    if (g->valid && g->throttle_reasons > 0 &&
        (g->throttle_reasons & (long long)NVML_THROTTLE_SLOWING))
        fprintf(stderr, "pinsweep: warning: %s the GPU's clocks are held down (%s)\n", when,
                nvml_throttle_text(g->throttle_reasons & (long long)NVML_THROTTLE_SLOWING, reasons,
                                   sizeof(reasons)));
    if (g->valid && g->persistence == 0)
        fprintf(stderr,
                "pinsweep: warning: %s persistence mode is off: the driver may tear the GPU "
                "down between runs (nvidia-smi -pm 1)\n",
                when);
    hoststate_warn(stderr, h, when);
}

/*
 * Step 6, after the loop: the side files, the end state in meta.yaml, the
 * summary line, figures.  Returns -1 when the run failed (mt->reason says why).
 */
static int finish(struct run *r)
{
    char err[1024], el[32];
    struct meta *mt = &r->mt;
    nvml_read(&mt->gpu_end);
    sysinfo_cpu_times(&mt->cpu_end);
    hoststate_read("", &mt->host_end);
    warn_machine(&mt->gpu_end, &mt->host_end, "at the end");
    if (nvml_clocks_dropped(&mt->gpu_start, &mt->gpu_end))
        fprintf(stderr,
                "pinsweep: warning: the GPU's SM clock dropped during the run, from %u "
                "to %u MHz (throttling?); later configurations may read low\n",
                mt->gpu_start.sm_clock_mhz, mt->gpu_end.sm_clock_mhz);
    if (!mt->reason && !stop_requested() &&
        run_folder_side_files(r->dir, &r->clock, r->s, r->reason, sizeof(r->reason)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", r->reason);
        mt->reason = r->reason;
    }
    fprintf(stderr, "pinsweep: %zu configurations: %zu ok, %zu failed%s, in %s; results in %s\n",
            r->s->n, mt->ok, mt->failed, skipped_text(mt->skipped),
            progress_format_duration((timer_read(&r->clock) - r->t0_ms) / 1e3, el, sizeof(el)),
            r->dir);
    if (mt->reason) {
        run_folder_failed(r->dir, mt, 1, r->resume_cmd);
        return -1;
    }
    mt->finished = time(NULL);
    if (meta_write(r->meta_path, mt, err, sizeof(err)) < 0)
        fprintf(stderr, "pinsweep: %s\n", err);
    if (stop_requested()) {
        fprintf(stderr,
                "pinsweep: interrupted by %s; every finished configuration is kept. Go "
                "on with: %s\n",
                stop_requested() == SIGINT ? "SIGINT" : "SIGTERM", r->resume_cmd);
        return 0;
    }
    rounds_remove(r->dir); /* every configuration is finished: no round is left to resume */
    render(r->dir, r->o);
    return 0;
}

/* Are e's rounds measured in fresh processes (more than one round, process_per_round: yes)? */
static int fresh_rounds(const struct experiment *e)
{
    return e->measure.process_per_round && e->measure.rounds > 1;
}

/*
 * Step 1, before anything is opened: measure.sentinel names a configuration
 * of the plan, and the engine is one.  Returns 0 or EXIT_USAGE.
 */
static int check_inputs(struct run *r)
{
    if (sentinel_init(&r->sn, r->e, r->s, r->err, sizeof(r->err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", r->err);
        return EXIT_USAGE;
    }
    if (!(r->ops = engine_find(r->o->engine, r->err, sizeof(r->err)))) {
        fprintf(stderr, "pinsweep: PINSWEEP_ENGINE=%s\n", r->err);
        return EXIT_USAGE;
    }
    if (fresh_rounds(r->e) && (r->e->devices_all || r->e->ndevices > 1)) {
        fprintf(stderr,
                "pinsweep: %s: measure.process_per_round: yes measures one GPU, and device: "
                "asks for several; give one (device: N, or -d N on the command line), or set "
                "process_per_round: no\n",
                r->e->path);
        return EXIT_USAGE;
    }
    return 0;
}

/*
 * Step 1b, before any GPU is opened: the starter of the rounds' processes
 * (run/fresh.h) when they are measured in fresh ones.  Returns 0 or EXIT_SYSTEM.
 */
static int start_fresh(struct run *r)
{
    if (!fresh_rounds(r->e))
        return 0;
    if (fresh_start(&r->fresh, r->e, r->s, r->ops, &r->sn, r->err, sizeof(r->err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", r->err);
        return EXIT_SYSTEM;
    }
    return 0;
}

/*
 * Step 2: the GPUs (run/gpus.h), the host, NVML, and what meta.yaml says of
 * them.  Returns 0 or EXIT_SYSTEM.
 */
static int open_gpus(struct run *r)
{
    if (!(r->gpus = calloc(1, sizeof(*r->gpus)))) {
        fprintf(stderr, "pinsweep: out of memory\n");
        return EXIT_SYSTEM;
    }
    if (gpus_open(r->ops, &r->clock, r->e, r->gpus, r->err, sizeof(r->err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", r->err);
        return EXIT_SYSTEM;
    }
    sysinfo_host(&r->host);
    int have_nvml = nvml_open(r->gpus->info[0].pci_bus_id, r->nvml_why, sizeof(r->nvml_why)) == 0;
    gpus_read_topology(r->gpus);
    r->mt = (struct meta){.exp = r->e,
                          .gpu = &r->gpus->info[0],
                          .host = &r->host,
                          .link = &r->gpus->link[0],
                          .engine = r->ops->name,
                          .command_line = r->o->command_line,
                          .status = "running",
                          .started = time(NULL),
                          .configs = r->s->n,
                          .gpu_numa_node = r->gpus->mc[0].gpu_node,
                          .topology = r->gpus->topo,
                          .ngpus = r->gpus->n,
                          .numa_nodes = numabind_nodes(),
                          .nvml_unavailable = have_nvml ? NULL : r->nvml_why,
                          .shard_index = r->o->shard_index,
                          .shard_count = r->o->shard_count};
    meta_job_from_env(&r->mt);
    return 0;
}

/*
 * The command that goes on with the run in dir: o's resume words (else
 * "pinsweep run FILE") and --resume dir, shell-quoted.  malloc'd; NULL when
 * out of memory.
 */
static char *resume_command(const struct experiment *e, const struct run_opts *o, const char *dir)
{
    const char *plain[] = {"pinsweep", "run", e->path};
    const char *const *words = o->nresume_words ? o->resume_words : plain;
    int n = o->nresume_words ? o->nresume_words : 3;
    const char **all = malloc(((size_t)n + 2) * sizeof(*all));
    if (!all)
        return NULL;
    memcpy(all, words, (size_t)n * sizeof(*all));
    all[n] = "--resume";
    all[n + 1] = dir;
    char *cmd = shell_join(n + 2, all);
    free(all);
    return cmd;
}

/*
 * Step 3: the results folder: -o's, --resume's or a new one under results/
 * (run/folder.h).  Returns 0 or an exit code.
 */
static int open_folder(struct run *r)
{
    const struct run_opts *o = r->o;
    int made = 0;
    r->dir = o->resume_dir ? strdup(o->resume_dir)
             : o->out_dir  ? strdup(o->out_dir)
                           : results_default_dir(r->e->name, r->host.hostname, time(NULL));
    r->done = calloc(shard_max_index(r->s) + 1, 1); /* by plan number: a shard's go beyond s->n */
    r->resume_cmd = r->dir ? resume_command(r->e, o, r->dir) : NULL;
    if (!r->dir || !r->done || !r->resume_cmd) {
        fprintf(stderr, "pinsweep: out of memory\n");
        return EXIT_SYSTEM;
    }
    int code =
        run_folder_open(&r->res, r->dir, r->e, r->s, o->resume_dir, r->done, &r->mt, r->started,
                        sizeof(r->started), r->reason, sizeof(r->reason), &made, r->gpus);
    if (code == EXIT_SYSTEM && made)
        run_folder_failed(r->dir, &r->mt, 0, r->resume_cmd);
    return code;
}

/* The first line: what is measured on which GPUs, into which folder; what the GPUs share. */
static void say_start(const struct run *r)
{
    const struct run_gpus *gpus = r->gpus;
    fprintf(stderr, "pinsweep: %zu configurations of %s on GPU %d (%s, %s)", r->s->n, r->e->name,
            r->e->device, gpus->info[0].name, gpus->info[0].pci_bus_id);
    for (int k = 1; k < gpus->n; k++)
        fprintf(stderr, "%s GPU %d (%s)", k + 1 == gpus->n ? " and" : ",", gpus->mc[k].gpu->device,
                gpus->info[k].pci_bus_id);
    if (gpus->n > 1)
        fprintf(stderr, ", %s", gpus->together ? "together" : "each in turn");
    fprintf(stderr, " -> %s\n", r->dir);
    if (gpus->together)
        gpus_print_sharing(stderr, gpus, "pinsweep: ");
}

/*
 * Step 4: the machine's state at the start, meta.yaml written first, the
 * first line.  Returns 0 or EXIT_SYSTEM.
 */
static int start(struct run *r)
{
    const struct pcie_link *link = &r->gpus->link[0];
    r->res.link_gbps = link->known ? sysinfo_link_gbps(link->cur_gen, link->cur_width) : NAN;
    nvml_read(&r->mt.gpu_start);
    sysinfo_cpu_times(&r->mt.cpu_start);
    hoststate_read("", &r->mt.host_start);
    warn_machine(&r->mt.gpu_start, &r->mt.host_start, "at the start");
    r->sn.bus_id = r->gpus->info[0].pci_bus_id;
    r->sn.shard = r->o->shard_count ? r->o->shard_index : 0;
    r->meta_path = results_path(&r->res, "meta.yaml");
    if (!r->meta_path || meta_write(r->meta_path, &r->mt, r->reason, sizeof(r->reason)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", r->meta_path ? r->reason : "out of memory");
        if (r->meta_path)
            fprintf(stderr,
                    "pinsweep: the run stopped before measuring anything; when that is fixed, "
                    "go on with: %s\n",
                    r->resume_cmd);
        return EXIT_SYSTEM;
    }
    say_start(r);
    return 0;
}

/* The sentinel's drift and the link it read, into meta.yaml. */
static void note_drift(struct run *r)
{
    struct meta *mt = &r->mt;
    mt->host_start.busy_link = r->sn.link_first;
    mt->host_end.busy_link = r->sn.link_last;
    if (r->sn.link_first.known)
        hoststate_warn_link(stderr, &r->sn.link_first, "at the start");
    if (r->sn.on) {
        mt->drift = &r->sn.drift;
        mt->drift_spans = r->sn.spans;
        mt->drift_nspans = r->sn.nspans;
        mt->repair = r->repair.judged ? &r->repair : NULL;
    }
}

/*
 * Step 5: the sentinel started, every configuration measured (loop.h), the
 * GPUs closed, the run finished.  Returns the run's exit code.
 */
static int measure(struct run *r)
{
    stop_catch_signals();
    r->t0_ms = timer_read(&r->clock);
    if (sentinel_start(&r->sn, r->dir, r->t0_ms, r->reason, sizeof(r->reason)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", r->reason);
        r->mt.reason = r->reason;
        run_folder_failed(r->dir, &r->mt, 0, r->resume_cmd);
        return EXIT_SYSTEM;
    }
    r->mt.drift_sentinel = r->sn.on ? r->sn.what : NULL;
    struct run_loop l = {.e = r->e,
                         .s = r->s,
                         .gpus = r->gpus,
                         .res = &r->res,
                         .mt = &r->mt,
                         .sn = &r->sn,
                         .repair = &r->repair,
                         .fresh = r->fresh.starter ? &r->fresh : NULL,
                         .reason = r->reason,
                         .reason_len = sizeof(r->reason)};
    int rc = loop_measure(&l, r->o->pinned_cap, r->gpus->info[0].mem_free_bytes, r->done,
                          r->o->progress);
    if (sentinel_finish(&r->sn, r->e->measure.target_rsd_pct, &r->repair, stderr, r->reason,
                        sizeof(r->reason)) < 0 &&
        rc == 0) {
        fprintf(stderr, "pinsweep: %s\n", r->reason);
        r->mt.reason = r->reason;
        rc = -1;
    }
    note_drift(r);
    r->mt.status = rc < 0 ? "failed" : stop_requested() ? "interrupted" : "complete";
    results_close(&r->res);
    gpus_close(r->ops, r->gpus); /* before the figures: the GPU is not held while they draw */
    if (finish(r) < 0)
        rc = -1;
    return rc < 0           ? EXIT_SYSTEM
           : stop_requested() ? EXIT_INTERRUPTED + (stop_requested() == SIGTERM ? 13 : 0)
           : r->mt.failed   ? EXIT_SOME_FAILED
                            : EXIT_ALL_OK;
}

int run_experiment(const struct experiment *e, const struct sweep *s, const struct run_opts *o)
{
    struct run run = {.e = e, .s = s, .o = o}, *r = &run;
    int code = check_inputs(r);
    if (code == 0)
        code = start_fresh(r);
    if (code == 0)
        code = open_gpus(r);
    if (code == 0)
        code = open_folder(r);
    if (code == 0)
        code = start(r);
    if (code == 0)
        code = measure(r);
    fresh_stop(&r->fresh);
    sentinel_free(&r->sn);
    drift_repair_free(&r->repair);
    results_close(&r->res);
    if (r->ops)
        gpus_close(r->ops, r->gpus);
    free(r->gpus);
    timer_clock_release(&r->clock);
    nvml_close();
    free(r->meta_path);
    free(r->dir);
    free(r->resume_cmd);
    free(r->done);
    return code;
}
