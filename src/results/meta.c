/*
 * meta.c - emitting meta.yaml with libyaml's event API.
 */
#include "results/meta.h"
#include "base/version.h"
#include "results/outdir.h"
#include "experiment/rounds.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

char *meta_iso_time(time_t t, char *buf, size_t n)
{
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

/* The emitter and whether any event failed; helpers do nothing after a failure. */
struct em {
    yaml_emitter_t e;
    int failed;
};

static void emit(struct em *m, yaml_event_t *ev, int ok)
{
    if (m->failed || !ok || !yaml_emitter_emit(&m->e, ev))
        m->failed = 1;
}

static void scalar(struct em *m, const char *s)
{
    yaml_event_t ev;
    int ok = yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1,
                                          YAML_ANY_SCALAR_STYLE);
    emit(m, &ev, ok);
}

static void map_start(struct em *m, const char *key)
{
    yaml_event_t ev;
    if (key)
        scalar(m, key);
    emit(m, &ev, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

static void map_end(struct em *m)
{
    yaml_event_t ev;
    emit(m, &ev, yaml_mapping_end_event_initialize(&ev));
}

static void kv(struct em *m, const char *key, const char *value)
{
    scalar(m, key);
    scalar(m, value ? value : "");
}

static void kv_num(struct em *m, const char *key, unsigned long long v)
{
    char buf[32];
    snprintf(buf, sizeof(buf), "%llu", v);
    kv(m, key, buf);
}

static void kv_cuda_version(struct em *m, const char *key, int v)
{
    char buf[32];
    snprintf(buf, sizeof(buf), "%d.%d", v / 1000, (v % 1000) / 10);
    kv(m, key, v ? buf : "unknown");
}

static void emit_link_side(struct em *m, const char *key, const char *speed, int gen, int width)
{
    map_start(m, key);
    kv(m, "speed", speed[0] ? speed : "unknown");
    if (gen)
        kv_num(m, "generation", (unsigned long long)gen);
    else
        kv(m, "generation", "unknown");
    if (width)
        kv_num(m, "width", (unsigned long long)width);
    else
        kv(m, "width", "unknown");
    map_end(m);
}

/*
 * The Max Payload Size from config space (sysinfo_pcie_config): in effect and
 * supported, in bytes, or unknown and why.
 */
static void emit_payload(struct em *m, const struct pcie_link *l)
{
    if (l && l->mps_bytes > 0) {
        kv_num(m, "max_payload_bytes", (unsigned long long)l->mps_bytes);
        kv_num(m, "max_payload_supported_bytes", (unsigned long long)l->mps_supported_bytes);
        return;
    }
    kv(m, "max_payload_bytes", "unknown");
    kv(m, "max_payload_why", l && l->mps_why[0] ? l->mps_why : "not read");
}

static void emit_gpu(struct em *m, const struct meta *mt)
{
    const struct gpu_info *g = mt->gpu;
    char cc[16];
    map_start(m, "gpu");
    kv_num(m, "index", (unsigned long long)mt->exp->device);
    if (g) {
        snprintf(cc, sizeof(cc), "%d.%d", g->cc_major, g->cc_minor);
        kv(m, "name", g->name);
        kv(m, "uuid", g->uuid);
        kv(m, "pci_bus_id", g->pci_bus_id);
        kv(m, "compute_capability", cc);
        kv_num(m, "memory_bytes", (unsigned long long)g->mem_total_bytes);
        kv_num(m, "copy_engines", (unsigned long long)g->async_engines);
        kv_num(m, "multiprocessors", (unsigned long long)g->sm_count);
        kv(m, "can_map_host_memory", g->can_map_host ? "yes" : "no");
        kv(m, "host_register_readonly", g->register_readonly ? "yes" : "no");
    }
    if (mt->gpu_numa_node >= 0)
        kv_num(m, "numa_node", (unsigned long long)mt->gpu_numa_node);
    else
        kv(m, "numa_node", "unknown");
    map_start(m, "pcie");
    if (mt->link && mt->link->known) {
        emit_link_side(m, "current", mt->link->cur_speed, mt->link->cur_gen, mt->link->cur_width);
        emit_link_side(m, "max", mt->link->max_speed, mt->link->max_gen, mt->link->max_width);
    } else {
        kv(m, "current", "unknown");
        kv(m, "max", "unknown");
    }
    emit_payload(m, mt->link);
    map_end(m);
    map_end(m);
}

/* The GPU's NVLink: "none", "N active links to 0000:04:00.0, ...", or unknown and why. */
static void emit_nvlink(struct em *m, const struct nvml_nvlink *nl)
{
    char buf[640];
    size_t len = 0;
    if (!nl->known) {
        snprintf(buf, sizeof(buf), "unknown (%s)", nl->why[0] ? nl->why : "not read");
    } else if (!nl->active) {
        snprintf(buf, sizeof(buf), "none");
    } else {
        len = (size_t)snprintf(buf, sizeof(buf), "%d active link%s to", nl->active,
                               nl->active == 1 ? "" : "s");
        for (int i = 0; i < nl->npeers && len < sizeof(buf); i++)
            len +=
                (size_t)snprintf(buf + len, sizeof(buf) - len, "%s %s", i ? "," : "", nl->peer[i]);
        if (!nl->npeers)
            snprintf(buf + len, sizeof(buf) - len, " devices NVML does not name");
    }
    kv(m, "nvlink", buf);
}

/*
 * topology: every GPU of the run (gpu0, gpu1, ...: meta.yaml has no lists)
 * with its bus id, NUMA node, link, PCIe path and NVLink, then for each pair
 * what their paths share.
 */
static void emit_topology(struct em *m, const struct meta *mt)
{
    char key[32], buf[512];
    if (!mt->topology || mt->ngpus < 1)
        return;
    map_start(m, "topology");
    kv_num(m, "gpus", (unsigned long long)mt->ngpus);
    for (int k = 0; k < mt->ngpus; k++) {
        const struct meta_gpu *t = &mt->topology[k];
        snprintf(key, sizeof(key), "gpu%d", t->info->device);
        map_start(m, key);
        kv(m, "name", t->info->name);
        kv(m, "pci_bus_id", t->info->pci_bus_id);
        if (t->numa_node >= 0)
            kv_num(m, "numa_node", (unsigned long long)t->numa_node);
        else
            kv(m, "numa_node", "unknown");
        if (t->link && t->link->known) {
            emit_link_side(m, "pcie_current", t->link->cur_speed, t->link->cur_gen,
                           t->link->cur_width);
            emit_link_side(m, "pcie_max", t->link->max_speed, t->link->max_gen, t->link->max_width);
        } else {
            kv(m, "pcie_current", "unknown");
            kv(m, "pcie_max", "unknown");
        }
        kv(m, "pcie_path", topology_path_text(&t->path, buf, sizeof(buf)));
        emit_nvlink(m, &t->nvlink);
        map_end(m);
    }
    if (mt->ngpus > 1) {
        map_start(m, "shared");
        for (int a = 0; a < mt->ngpus; a++)
            for (int b = a + 1; b < mt->ngpus; b++) {
                const char *where;
                enum topo_share s =
                    topology_shared(&mt->topology[a].path, &mt->topology[b].path, &where);
                snprintf(key, sizeof(key), "gpus %d and %d", mt->topology[a].info->device,
                         mt->topology[b].info->device);
                kv(m, key, topology_share_text(s, where, buf, sizeof(buf)));
            }
        map_end(m);
    }
    map_end(m);
}

static void emit_gpu_state(struct em *m, const char *key, const struct nvml_state *st)
{
    char w[32];
    map_start(m, key);
    kv_num(m, "sm_clock_mhz", st->sm_clock_mhz);
    kv_num(m, "max_sm_clock_mhz", st->max_sm_clock_mhz);
    kv_num(m, "memory_clock_mhz", st->mem_clock_mhz);
    kv_num(m, "temperature_c", st->temperature_c);
    snprintf(w, sizeof(w), "%.1f", st->power_w);
    kv(m, "power_w", w);
    char reasons[256];
    if (st->other_processes >= 0)
        kv_num(m, "other_processes", (unsigned long long)st->other_processes);
    else
        kv(m, "other_processes", "unknown");
    kv(m, "throttle_reasons", nvml_throttle_text(st->throttle_reasons, reasons, sizeof(reasons)));
    kv(m, "persistence_mode", st->persistence < 0 ? "unknown" : st->persistence ? "on" : "off");
    map_end(m);
}

static void emit_host_side(struct em *m, const char *key, const struct host_state *st)
{
    char buf[32];
    map_start(m, key);
    kv(m, "cpu_governor", st->governor[0] ? st->governor : "unknown");
    if (st->governors_differ)
        kv(m, "cpu_governors_differ", "yes");
    kv(m, "transparent_hugepages", st->thp[0] ? st->thp : "unknown");
    snprintf(buf, sizeof(buf), "%.2f", st->load1);
    kv(m, "load_average_1m", st->load1 == st->load1 ? buf : "unknown");
    if (st->busy_link.known)
        emit_link_side(m, "pcie_during_copy", st->busy_link.cur_speed, st->busy_link.cur_gen,
                       st->busy_link.cur_width);
    else
        kv(m, "pcie_during_copy", "not read");
    map_end(m);
}

/* The host's state at the start and end (hoststate.h). */
static void emit_host_state(struct em *m, const struct meta *mt)
{
    if (!mt->host_start.valid)
        return;
    map_start(m, "host_state");
    emit_host_side(m, "start", &mt->host_start);
    if (mt->host_end.valid)
        emit_host_side(m, "end", &mt->host_end);
    map_end(m);
}

static void kv_double(struct em *m, const char *key, const char *fmt, double v)
{
    char buf[48];
    snprintf(buf, sizeof(buf), fmt, v);
    kv(m, key, v == v ? buf : "");
}

/* One off window: when, how far off, and what was measured in it ("12/r1 40/r2"). */
static void emit_window(struct em *m, const struct meta *mt, size_t w)
{
    const struct drift_window *dw = &mt->drift->windows[w];
    char key[32], *list = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&list, &len);
    snprintf(key, sizeof(key), "window_%zu", w + 1);
    map_start(m, key);
    kv_double(m, "from_s", "%.3f", dw->from_s);
    kv_double(m, "to_s", "%.3f", dw->to_s);
    kv_double(m, "worst_pct", "%.3f", dw->worst_pct);
    for (size_t i = 0; f && i < mt->drift_nspans; i++)
        if (drift_disturbed(mt->drift, &mt->drift_spans[i]) == dw)
            fprintf(f, "%s%d/r%d", ftell(f) ? " " : "", mt->drift_spans[i].config,
                    mt->drift_spans[i].round);
    if (f)
        fclose(f);
    kv(m, "measured", list ? list : "");
    free(list);
    map_end(m);
}

/* A list of plan numbers ("12 40 41") as the value of key. */
static void kv_list(struct em *m, const char *key, const int *c, size_t n)
{
    char *list = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&list, &len);
    for (size_t i = 0; f && i < n; i++)
        fprintf(f, "%s%d", i ? " " : "", c[i]);
    if (f)
        fclose(f);
    kv(m, key, list ? list : "");
    free(list);
}

/* The repair rounds (run/repair.h): what was disturbed, measured clean again, or not, and
   which had a repair round that disagreed with their clean rounds. */
static void emit_repair(struct em *m, const struct drift_repair *r)
{
    map_start(m, "repair");
    kv_double(m, "budget_s", "%.3f", r->budget_s);
    kv_double(m, "time_s", "%.3f", r->time_s);
    kv_num(m, "disturbed", (unsigned long long)r->ndisturbed);
    kv_num(m, "repaired", (unsigned long long)r->nrepaired);
    kv_num(m, "not_clean", (unsigned long long)r->nunclean);
    kv_num(m, "disagreed", (unsigned long long)r->ndisagreed);
    kv_num(m, "left", (unsigned long long)r->nleft);
    kv_list(m, "disturbed_configs", r->disturbed, r->ndisturbed);
    kv_list(m, "repaired_configs", r->repaired, r->nrepaired);
    kv_list(m, "not_clean_configs", r->unclean, r->nunclean);
    kv_list(m, "disagreed_configs", r->disagreed, r->ndisagreed);
    kv_list(m, "left_configs", r->left, r->nleft);
    map_end(m);
}

/* The drift watch: the sentinel, its drift, and the windows it was off in. */
static void emit_drift(struct em *m, const struct meta *mt)
{
    if (!mt->drift_sentinel)
        return;
    map_start(m, "drift");
    kv(m, "sentinel", mt->drift_sentinel);
    if (mt->drift) {
        const struct drift *d = mt->drift;
        kv_num(m, "readings", (unsigned long long)d->readings);
        kv_num(m, "good_readings", (unsigned long long)d->ok);
        kv_num(m, "basis_readings", (unsigned long long)d->basis);
        kv_double(m, "median_gbps", "%.6g", d->median_gbps);
        kv_double(m, "min_gbps", "%.6g", d->min_gbps);
        kv_double(m, "max_gbps", "%.6g", d->max_gbps);
        kv_double(m, "drift_pct", "%.3f", d->drift_pct);
        kv_double(m, "target_pct", "%g", d->floor_pct);
        kv_double(m, "noise_pct", "%.3f", d->noise_pct);
        kv_double(m, "threshold_pct", "%.3f", d->threshold_pct);
        kv_num(m, "windows", (unsigned long long)d->nwindows);
        for (size_t w = 0; w < d->nwindows; w++)
            emit_window(m, mt, w);
    }
    if (mt->repair)
        emit_repair(m, mt->repair);
    map_end(m);
}

/* Clocks, temperature and power at the start and end of the run (NVML). */
static void emit_nvml(struct em *m, const struct meta *mt)
{
    map_start(m, "gpu_state");
    if (mt->nvml_unavailable) {
        char buf[600];
        snprintf(buf, sizeof(buf), "unavailable: %s", mt->nvml_unavailable);
        kv(m, "nvml", buf);
    } else {
        kv(m, "nvml", "ok");
        if (mt->gpu_start.valid)
            emit_gpu_state(m, "start", &mt->gpu_start);
        if (mt->gpu_end.valid) {
            emit_gpu_state(m, "end", &mt->gpu_end);
            kv(m, "clocks_dropped",
               nvml_clocks_dropped(&mt->gpu_start, &mt->gpu_end) ? "yes" : "no");
        }
    }
    map_end(m);
}

static void emit_software(struct em *m, const struct meta *mt)
{
    map_start(m, "pinsweep");
    kv(m, "version", pinsweep_version);
    kv(m, "git_revision", pinsweep_git_rev);
    kv(m, "source_sha256", pinsweep_source_hash);
    kv(m, "compiler", "cc " __VERSION__);
    kv(m, "engine", mt->engine);
    kv(m, "command_line", mt->command_line);
    map_end(m);
    map_start(m, "driver");
    kv(m, "nvidia_driver", mt->host->nvidia_driver[0] ? mt->host->nvidia_driver : "unknown");
    kv_cuda_version(m, "cuda_driver_api", mt->gpu ? mt->gpu->driver_version : 0);
    kv_cuda_version(m, "cuda_runtime", mt->gpu ? mt->gpu->runtime_version : 0);
    map_end(m);
}

/* The host's CPU load over the run: other guests stealing CPU time disturb a measurement. */
static void emit_host_load(struct em *m, const struct meta *mt)
{
    double busy, steal;
    char buf[32];
    sysinfo_cpu_load(&mt->cpu_start, &mt->cpu_end, &busy, &steal);
    if (busy != busy) /* NaN: the run has not ended, or /proc/stat is unreadable */
        return;
    map_start(m, "load_during_run");
    snprintf(buf, sizeof(buf), "%.2f", busy);
    kv(m, "cpu_busy_pct", buf);
    snprintf(buf, sizeof(buf), "%.2f", steal);
    kv(m, "cpu_steal_pct", buf);
    map_end(m);
}

static void emit_host(struct em *m, const struct host_info *h, int numa_nodes)
{
    map_start(m, "host");
    kv(m, "hostname", h->hostname);
    kv(m, "os", h->os);
    kv(m, "kernel", h->kernel);
    kv(m, "cpu_model", h->cpu_model);
    kv_num(m, "cpus", (unsigned long long)h->cpus);
    kv_num(m, "memory_bytes", (unsigned long long)h->mem_total_bytes);
    kv_num(m, "numa_nodes", (unsigned long long)numa_nodes);
    map_end(m);
}

static void emit_experiment(struct em *m, const struct meta *mt)
{
    const struct experiment *e = mt->exp;
    char ms[32];
    map_start(m, "experiment");
    kv(m, "name", e->name);
    kv(m, "file", e->path);
    kv(m, "description", e->description);
    kv_num(m, "configurations", (unsigned long long)mt->configs);
    map_start(m, "measure");
    kv_num(m, "warmup", (unsigned long long)e->measure.warmup);
    if (e->measure.samples > 0) {
        kv_num(m, "samples", (unsigned long long)e->measure.samples);
    } else {
        kv(m, "samples", "adaptive");
        kv_num(m, "min_samples", (unsigned long long)e->measure.min_samples);
        kv_num(m, "max_samples", (unsigned long long)e->measure.max_samples);
        snprintf(ms, sizeof(ms), "%g%%", e->measure.target_rsd_pct);
        kv(m, "target_rsd", ms);
        snprintf(ms, sizeof(ms), "%gms", e->measure.max_time_ms);
        kv(m, "max_time", ms);
    }
    snprintf(ms, sizeof(ms), "%gms", e->measure.min_sample_ms);
    kv(m, "min_sample_time", ms);
    kv_num(m, "max_batch", (unsigned long long)e->measure.max_batch);
    kv(m, "order", e->measure.shuffled ? "shuffled" : "listed");
    if (e->measure.shuffled || e->measure.rounds > 1)
        kv_num(m, "seed", (unsigned long long)e->measure.seed);
    kv_num(m, "rounds", (unsigned long long)(e->measure.rounds > 1 ? e->measure.rounds : 1));
    if (e->measure.rounds > 1) {
        char seeds[4096];
        size_t len = 0;
        seeds[0] = '\0';
        for (int k = 1; k <= e->measure.rounds && len < sizeof(seeds); k++)
            len += (size_t)snprintf(seeds + len, sizeof(seeds) - len, "%s%lu", k > 1 ? " " : "",
                                    rounds_seed((unsigned long)e->measure.seed, k));
        kv(m, "round_seeds", seeds);
    }
    kv(m, "process_per_round", e->measure.process_per_round ? "yes" : "no");
    if (e->measure.sentinel_every_ms > 0) {
        snprintf(ms, sizeof(ms), "%gms", e->measure.sentinel_every_ms);
        kv(m, "sentinel_every", ms);
    } else {
        kv(m, "sentinel_every", "off");
    }
    map_end(m);
    map_end(m);
}

/* run.time_s: where the time went, seconds, each phase part of measuring. */
static void emit_time(struct em *m, const struct meta *mt)
{
    char v[32];
    map_start(m, "time_s");
    snprintf(v, sizeof(v), "%.2f", mt->measuring_ms / 1e3);
    kv(m, "measuring", v);
    for (int p = 0; p < RUN_PHASE_COUNT; p++) {
        snprintf(v, sizeof(v), "%.2f", mt->phase_ms[p] / 1e3);
        kv(m, run_phase_names[p], v);
    }
    snprintf(v, sizeof(v), "%.2f", mt->sentinel_ms / 1e3);
    kv(m, "sentinel", v);
    snprintf(v, sizeof(v), "%.2f", mt->writing_ms / 1e3);
    kv(m, "writing_rows", v);
    map_end(m);
}

static void emit_run(struct em *m, const struct meta *mt)
{
    char t[32];
    map_start(m, "run");
    kv(m, "status", mt->status);
    if (mt->reason)
        kv(m, "reason", mt->reason);
    kv(m, "started",
       mt->started_text ? mt->started_text : meta_iso_time(mt->started, t, sizeof(t)));
    if (mt->resumed)
        kv(m, "resumed", meta_iso_time(mt->resumed, t, sizeof(t)));
    kv(m, "finished", mt->finished ? meta_iso_time(mt->finished, t, sizeof(t)) : "");
    kv_num(m, "configurations_ok", (unsigned long long)mt->ok);
    kv_num(m, "configurations_failed", (unsigned long long)mt->failed);
    kv_num(m, "configurations_skipped", (unsigned long long)mt->skipped);
    if (mt->finished) {
        kv_num(m, "host_buffers_reused", (unsigned long long)mt->host_buffers_reused);
        emit_time(m, mt);
    }
    if (mt->shard_count) {
        char shard[32];
        snprintf(shard, sizeof(shard), "%d/%d", mt->shard_index, mt->shard_count);
        kv(m, "shard", shard);
    }
    map_end(m);
}

const char *const meta_job_env[META_JOB_KEYS] = {"SLURM_JOB_ID", "SLURM_ARRAY_JOB_ID",
                                                 "SLURM_ARRAY_TASK_ID", "CUDA_VISIBLE_DEVICES"};
const char *const meta_job_names[META_JOB_KEYS] = {"slurm_job_id", "slurm_array_job_id",
                                                   "slurm_array_task_id", "cuda_visible_devices"};

void meta_job_from_env(struct meta *m)
{
    for (int k = 0; k < META_JOB_KEYS; k++)
        m->job[k] = getenv(meta_job_env[k]);
}

/* job: the batch job's keys that are set; nothing when none is. */
static void emit_job(struct em *m, const struct meta *mt)
{
    int any = 0;
    for (int k = 0; k < META_JOB_KEYS; k++)
        any |= mt->job[k] != NULL;
    if (!any)
        return;
    map_start(m, "job");
    for (int k = 0; k < META_JOB_KEYS; k++)
        if (mt->job[k])
            kv(m, meta_job_names[k], mt->job[k]);
    map_end(m);
}

/* The whole document; a failure is m->failed. */
static void emit_all(struct em *m, const struct meta *mt)
{
    yaml_event_t ev;
    emit(m, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
    emit(m, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
    map_start(m, NULL);
    emit_run(m, mt);
    emit_job(m, mt);
    emit_experiment(m, mt);
    emit_gpu(m, mt);
    emit_topology(m, mt);
    emit_nvml(m, mt);
    emit_software(m, mt);
    emit_host(m, mt->host, mt->numa_nodes);
    emit_host_load(m, mt);
    emit_host_state(m, mt);
    emit_drift(m, mt);
    map_end(m);
    emit(m, &ev, yaml_document_end_event_initialize(&ev, 1));
    emit(m, &ev, yaml_stream_end_event_initialize(&ev));
}

/* meta.yaml as text (malloc'd, *len bytes); NULL with a message in err. */
static char *meta_text(const struct meta *mt, size_t *len, char *err, size_t errlen)
{
    struct em m = {0};
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f || !yaml_emitter_initialize(&m.e)) {
        snprintf(err, errlen, "cannot start the YAML emitter: out of memory");
        if (f)
            fclose(f);
        free(text);
        return NULL;
    }
    yaml_emitter_set_output_file(&m.e, f);
    yaml_emitter_set_unicode(&m.e, 1);
    yaml_emitter_set_width(&m.e, -1); /* no folding: one line per value, easy to grep */
    emit_all(&m, mt);
    if (m.failed)
        snprintf(err, errlen, "cannot emit meta.yaml: %s",
                 m.e.problem ? m.e.problem : "emitter error");
    yaml_emitter_delete(&m.e);
    if (fclose(f) != 0 || m.failed) {
        if (!m.failed)
            snprintf(err, errlen, "cannot emit meta.yaml: out of memory");
        free(text);
        return NULL;
    }
    return text;
}

/*
 * When the disk is full, NAME.tmp cannot be made, but an existing meta.yaml
 * may be rewritten in the blocks it holds already: how a failed run still
 * says why.  Only a regular file is written, and only when text fits.
 */
static int write_in_place(const char *path, const char *text, size_t len)
{
    struct stat st;
    int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC), rc = -1;
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (off_t)len <= (off_t)st.st_blocks * 512 &&
        pwrite(fd, text, len, 0) == (ssize_t)len && ftruncate(fd, (off_t)len) == 0 &&
        fsync(fd) == 0)
        rc = 0;
    close(fd);
    return rc;
}

int meta_write(const char *path, const struct meta *mt, char *err, size_t errlen)
{
    size_t len = 0;
    char *text = meta_text(mt, &len, err, errlen);
    if (!text)
        return -1;
    struct outfile *o = outfile_replace(path, err, errlen);
    int rc = -1;
    if (o) {
        fwrite(text, 1, len, o->f);
        rc = outfile_close(o, err, errlen);
    }
    if (rc < 0) {
        int saved = errno;
        if ((saved == ENOSPC || saved == EDQUOT) && write_in_place(path, text, len) == 0)
            rc = 0;
        else if (o == NULL) /* "cannot create meta.yaml.tmp": name the file the user knows */
            snprintf(err, errlen, "cannot write %s: %s", path, strerror(saved));
    }
    free(text);
    return rc;
}
