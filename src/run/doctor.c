/*
 * doctor.c - `pinsweep doctor`'s measuring (see doctor.h).
 */
#include "run/doctor.h"
#include "base/timer.h"
#include "base/units.h"
#include "engine/nvml.h"
#include "experiment/sweep.h"
#include "host/hostmem.h"
#include "host/hoststate.h"
#include "host/numabind.h"
#include "measure/measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The readings measured through the engine: every one but the host's memcpy. */
#define DOCTOR_COPIES DR_MEMCPY

/* The host memcpy's batches last at least this long, ms; five are taken after a first. */
#define MEMCPY_SAMPLE_MS 20.0
#define MEMCPY_SAMPLES 5

/*
 * The configurations as an experiment: the readings, then pinned h2d bound
 * to each of the nodes[0..nnodes) when there are two or more; plan number
 * i + 1 is configuration i.
 */
static int doctor_sweep(struct experiment *e, struct sweep *s, const int *nodes, int nnodes)
{
    char text[4096];
    const struct doctor_reading_def *h2d = &doctor_readings[DR_H2D];
    size_t len = (size_t)snprintf(text, sizeof(text),
                                  "name: doctor\nmeasure: {warmup: 1, max_time: 1s}\nsweep:\n");
    for (int i = 0; i < DOCTOR_COPIES; i++)
        len += (size_t)snprintf(text + len, sizeof(text) - len,
                                "  - {alloc: %s, direction: %s, api: %s, size: %s}\n",
                                doctor_readings[i].alloc, doctor_readings[i].direction,
                                doctor_readings[i].api, doctor_readings[i].size);
    for (int i = 0; nnodes > 1 && i < nnodes; i++)
        len += (size_t)snprintf(text + len, sizeof(text) - len,
                                "  - {alloc: %s, direction: %s, api: %s, size: %s, numa: %d}\n",
                                h2d->alloc, h2d->direction, h2d->api, h2d->size, nodes[i]);
    size_t want = DOCTOR_COPIES + (size_t)(nnodes > 1 ? nnodes : 0);
    return sweep_from_text("doctor", text, len, e, s, want, stderr);
}

/* Configuration c measured into *gbps (its median), or NaN with why; *host_node where it landed. */
static void measure_one(struct measure_ctx *mc, const struct experiment *e, const struct config *c,
                        double *gbps, char *why, size_t whylen, int *host_node)
{
    struct result r;
    struct summary sum;
    *gbps = NAN;
    if (measure_config(mc, &e->measure, c, &r) < 0) {
        snprintf(why, whylen, "out of memory");
        return;
    }
    if (r.status != RESULT_OK)
        snprintf(why, whylen, "%s", r.error);
    else if (record_summarise(&r, &sum) < 0)
        snprintf(why, whylen, "out of memory");
    else
        *gbps = sum.gbps.median;
    if (host_node)
        *host_node = r.host_node;
    result_free(&r);
}

/* NVML's state before the copies (st) and the replay counter into ev; NVML open after. */
static void nvml_before(const char *bus_id, struct doctor_evidence *ev, struct nvml_state *st)
{
    memset(st, 0, sizeof(*st));
    ev->nvml = nvml_open(bus_id, ev->nvml_why, sizeof(ev->nvml_why)) == 0;
    if (!ev->nvml)
        return;
    nvml_read(st);
    ev->replays_before = nvml_pcie_replays();
}

/* "Either": both known, the worse; else the one known, or -1. */
static long long either(long long a, long long b, int or_bits)
{
    if (a < 0 || b < 0)
        return a < 0 ? b : a;
    return or_bits ? (a | b) : (a > b ? a : b);
}

/* NVML's state after the copies, with before's, into ev; NVML closed. */
static void nvml_after(struct doctor_evidence *ev, const struct nvml_state *before)
{
    struct nvml_state after;
    if (!ev->nvml)
        return;
    ev->replays_after = nvml_pcie_replays();
    nvml_read(&after);
    ev->other_processes = (int)either(before->other_processes, after.other_processes, 0);
    /* gpu_idle before the copies is no throttling: only the reasons that slow it count */
    long long b = before->throttle_reasons, a = after.throttle_reasons;
    ev->throttle_reasons = either(b < 0 ? b : b & (long long)NVML_THROTTLE_SLOWING, a, 1);
    ev->persistence = after.persistence >= 0 ? after.persistence : before->persistence;
    nvml_close();
}

/* What the machine says, read once: IOMMU, hypervisor, governor and THP. */
static void read_machine(const char *bus_id, struct doctor_evidence *ev)
{
    struct host_state hs = {0};
    const char *sys = sysinfo_sysfs_root(), *proc = sysinfo_procfs_root();
    iommu_read(sys, proc, bus_id, &ev->iommu);
    vm_read(sys, proc, &ev->vm);
    hoststate_read_at(sys, proc, &hs);
    snprintf(ev->governor, sizeof(ev->governor), "%s", hs.governor);
    snprintf(ev->thp, sizeof(ev->thp), "%s", hs.thp);
    ev->governors_differ = hs.governors_differ;
    ev->gpu_node = numabind_gpu_node(sys, bus_id);
}

/* The copies of s on mc with the link watched, AER and NVML read around them. */
static void measure_copies(struct measure_ctx *mc, const struct experiment *e,
                           const struct sweep *s, struct doctor_gpu *g)
{
    struct doctor_evidence *ev = &g->e;
    const char *sys = sysinfo_sysfs_root();
    struct nvml_state before;
    struct link_watch w;
    nvml_before(g->bus_id, ev, &before);
    aer_read(sys, g->bus_id, &ev->aer_before);
    link_watch_start(&w, sys, g->bus_id); /* no thread: the link reads unknown */
    for (int i = 0; i < DOCTOR_COPIES; i++)
        measure_one(mc, e, &s->configs[i], &ev->gbps[i], ev->why[i], sizeof(ev->why[i]),
                    i == DR_H2D ? &ev->host_node : NULL);
    for (int i = 0; i < ev->nnodes && ev->nnodes > 1; i++)
        measure_one(mc, e, &s->configs[DOCTOR_COPIES + i], &ev->node_gbps[i], ev->node_why[i],
                    sizeof(ev->node_why[i]), NULL);
    link_watch_stop(&w, &ev->link);
    aer_read(sys, g->bus_id, &ev->aer_after);
    nvml_after(ev, &before);
    sysinfo_pcie_payload(sys, g->bus_id, &ev->link); /* once: see sysinfo.h */
}

/* The host's memcpy into the staging buffer (a pageable h2d copy's first step) into g. */
static void measure_memcpy(const struct timer_clock *clock, struct doctor_gpu *g)
{
    uint64_t bytes = 0;
    char *why = g->e.why[DR_MEMCPY];
    size_t n = sizeof(g->e.why[DR_MEMCPY]);
    if (units_parse_size(doctor_readings[DR_MEMCPY].size, &bytes, why, n) < 0)
        return;
    g->e.gbps[DR_MEMCPY] = hostmem_memcpy_gbps(clock, bytes, 1, MEMCPY_SAMPLE_MS, MEMCPY_SAMPLES);
    if (isnan(g->e.gbps[DR_MEMCPY]))
        snprintf(why, n, "its buffers could not be allocated");
}

/*
 * The evidence of GPU device into g; -1 when it cannot be opened (err says
 * why), -2 when its configurations cannot be set up (said on stderr).
 */
static int doctor_gpu(const struct gpu_ops *ops, int device, struct doctor_gpu *g, int *count,
                      char *err, size_t errlen)
{
    struct gpu_info info;
    struct gpu *gpu;
    struct timer_clock clock = {0}; /* each GPU's readings on a clock of their own */
    struct experiment e = {0};
    struct sweep s = {0};
    double t0 = timer_now_ms();
    int rc = -1;
    if (ops->open(device, &clock, &info, &gpu, err, errlen) < 0)
        return -1;
    *count = info.device_count;
    memset(g, 0, sizeof(*g));
    doctor_evidence_init(&g->e);
    g->index = device;
    snprintf(g->bus_id, sizeof(g->bus_id), "%s", info.pci_bus_id);
    snprintf(g->name, sizeof(g->name), "%s", info.name);
    g->e.nnodes = numabind_node_ids(g->e.node, DOCTOR_MAX_NODES); /* after open: see gpu_fake.c */
    if (doctor_sweep(&e, &s, g->e.node, g->e.nnodes) < 0) {
        rc = -2;
        goto out;
    }
    read_machine(g->bus_id, &g->e);
    struct measure_ctx mc = {.gpu = gpu, .gpu_node = g->e.gpu_node};
    measure_copies(&mc, &e, &s, g);
    measure_memcpy(&clock, g);
    devpool_release(&mc.pool, gpu);
    rc = 0;
out:
    ops->close(gpu);
    timer_clock_release(&clock);
    sweep_free(&s);
    experiment_free(&e);
    g->seconds = (timer_now_ms() - t0) / 1e3;
    return rc;
}

int doctor_measure(const struct gpu_ops *ops, int device, struct doctor_gpu **g, size_t *n,
                   int *bad_device, char *err, size_t errlen)
{
    int count = 1;
    *g = NULL;
    *n = 0;
    *bad_device = -1;
    for (int d = device < 0 ? 0 : device; d < (device < 0 ? count : device + 1); d++) {
        struct doctor_gpu *grown = realloc(*g, (*n + 1) * sizeof(**g));
        if (!grown)
            return -1;
        *g = grown;
        int rc = doctor_gpu(ops, d, &(*g)[*n], &count, err, errlen);
        if (rc < 0) {
            *bad_device = rc == -1 ? d : -1;
            return -1;
        }
        (*n)++;
    }
    return 0;
}
