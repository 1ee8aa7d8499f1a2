/*
 * doctor.c - `pinsweep doctor`'s diagnosis: the readings judged, each
 * cause found or not from its evidence, and the ranking (doctor.h).
 */
#include "analysis/doctor.h"
#include "engine/nvml.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct doctor_reading_def doctor_readings[DR_COUNT] = {
    [DR_H2D] = {"h2d", "pinned h2d", "pinned", "h2d", "sync", "256MiB", DIR_H2D},
    [DR_D2H] = {"d2h", "pinned d2h", "pinned", "d2h", "sync", "256MiB", DIR_D2H},
    [DR_BIDIR] = {"bidir", "pinned bidir", "pinned", "bidir", "async", "256MiB", DIR_BIDIR},
    [DR_PAGEABLE] = {"pageable", "pageable h2d", "pageable", "h2d", "sync", "256MiB", -1},
    [DR_MEMCPY] = {"memcpy", "host memcpy", NULL, "h2d", NULL, "256MiB", -1},
};

const struct doctor_cause_def doctor_causes[DC_COUNT] = {
    [DC_LINK_DOWN] = {"link_down", "the link trained below its maximum", DS_PINNED,
                      "reseat the card and check its slot, riser or cable; a firmware setting may "
                      "cap the slot's speed; lspci -vv shows LnkSta against LnkCap"},
    [DC_NUMA] = {"numa", "buffers on the wrong NUMA node", DS_PINNED,
                 "run next to the node that read fastest: numactl --cpunodebind=N --membind=N, "
                 "numa: auto in a pinsweep experiment, or the scheduler's GPU binding (Slurm: "
                 "--gpu-bind=closest)"},
    [DC_SIZES] = {"sizes", "small payload or read request size", DS_PINNED,
                  "the firmware and the kernel set them, to the smallest the path allows: see "
                  "the root port's DevCap (lspci -vv); pci=pcie_bus_perf on the kernel command "
                  "line raises the payload to the most each path allows"},
    [DC_OTHER_PROCESS] = {"other_process", "another process on the GPU", DS_PINNED,
                          "find it with nvidia-smi and measure again when the GPU is yours "
                          "alone (a scheduler's exclusive mode keeps it so)"},
    [DC_PCIE_ERRORS] = {"pcie_errors", "PCIe errors during the copies", DS_PINNED,
                        "errors under load point at the signal: reseat the card, check the riser "
                        "or cable; dmesg has the AER messages, and the root port counts its own "
                        "side (its aer_dev_* files)"},
    [DC_THROTTLED] = {"throttled", "GPU clocks throttled", DS_PINNED,
                      "nvidia-smi -q -d PERFORMANCE says why: check the cooling and the power "
                      "limit (nvidia-smi -q -d POWER)"},
    [DC_IOMMU] = {"iommu", "IOMMU translates the GPU's DMA", DS_PINNED,
                  "where nothing needs the translation (no VFIO, no isolation), passthrough "
                  "removes it: iommu=pt on the kernel command line, or identity written to the "
                  "group's type with the device unbound; measure again to see what it cost"},
    [DC_RELAXED_ORDERING] = {"relaxed_ordering", "relaxed ordering off", DS_PINNED,
                             "the firmware and the kernel set Device Control's relaxed "
                             "ordering bit (the kernel clears it below root ports known to "
                             "mishandle it: see dmesg); check the firmware's PCIe settings"},
    [DC_VM] = {"virtual_machine", "a virtual machine", DS_PINNED,
               "what sysfs shows here (the link, its errors, the IOMMU) is the guest's view: the "
               "host's IOMMU, where the host keeps the guest's memory and other guests on the "
               "same link are not visible; measure on the host, or ask the provider"},
    [DC_PERSISTENCE] = {"persistence", "persistence mode off", DS_PINNED,
                        "nvidia-smi -pm 1 (or the nvidia-persistenced service) keeps the driver "
                        "loaded between processes; without it each process starts the GPU from "
                        "cold, and short measurements such as these can read low"},
    [DC_GOVERNOR] = {"governor", "the CPU frequency governor is not performance", DS_PAGEABLE,
                     "a pageable copy's staging memcpy runs on the CPU: cpupower frequency-set "
                     "-g performance (or the firmware's power profile) while measuring"},
    [DC_THP] = {"thp", "transparent huge pages off", DS_PAGEABLE,
                "pageable buffers on 4 KiB pages cost the staging memcpy TLB misses: madvise or "
                "always in /sys/kernel/mm/transparent_hugepage/enabled, or measure pages: thp in "
                "a pinsweep experiment to see what it changes"},
    [DC_HOST_MEMCPY] = {"host_memcpy", "pageable copies held to the host's memcpy", DS_PAGEABLE,
                        "the driver copies pageable data into a pinned staging buffer with one "
                        "CPU thread, so the host's memcpy is their ceiling: copy from pinned "
                        "memory (cudaHostAlloc, cudaHostRegister), which reads pinned h2d above"},
};

void doctor_evidence_init(struct doctor_evidence *e)
{
    memset(e, 0, sizeof(*e));
    for (int i = 0; i < DR_COUNT; i++)
        e->gbps[i] = NAN;
    for (int i = 0; i < DOCTOR_MAX_NODES; i++)
        e->node_gbps[i] = NAN;
    e->host_node = e->gpu_node = -1;
    e->iommu.translating = -1;
    snprintf(e->iommu.why, sizeof(e->iommu.why), "not read");
    e->aer_before.correctable = e->aer_before.nonfatal = e->aer_before.fatal = -1;
    e->aer_after = e->aer_before;
    snprintf(e->nvml_why, sizeof(e->nvml_why), "not read");
    e->other_processes = e->persistence = -1;
    e->throttle_reasons = e->replays_before = e->replays_after = -1;
    e->link.relaxed_ordering = -1;
    e->vm.hypervisor_flag = -1;
}

/* Append to f's evidence, printf-style. */
static void say(struct doctor_finding *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(struct doctor_finding *f, const char *fmt, ...)
{
    size_t len = strlen(f->evidence);
    va_list ap;
    if (len + 1 >= sizeof(f->evidence))
        return;
    va_start(ap, fmt);
    vsnprintf(f->evidence + len, sizeof(f->evidence) - len, fmt, ap);
    va_end(ap);
}

/* The link's model at its maximum (its current state where that is unread); -1 without a link. */
static int link_at_max(const struct pcie_link *l, struct link_model *m)
{
    int max = l->max_gen > 0 && l->max_width > 0;
    if (!l->known)
        return -1;
    return link_model_init(m, max ? l->max_gen : l->cur_gen, max ? l->max_width : l->cur_width,
                           l->mps_bytes, l->mrrs_bytes);
}

/* Judge each reading, and each scope's shortfall below its floor. */
static void judge(const struct doctor_evidence *e, struct doctor_diagnosis *d)
{
    d->link_known = link_at_max(&e->link, &d->model) == 0;
    for (int i = 0; i < DR_COUNT; i++) {
        struct doctor_judged *j = &d->r[i];
        int dir = doctor_readings[i].link_dir;
        j->ceiling = j->floor_share = j->share_pct = NAN;
        j->not_judged = NULL;
        j->state = DJ_NOT_JUDGED;
        if (isnan(e->gbps[i])) {
            j->state = DJ_NOT_MEASURED;
            continue;
        }
        if (i == DR_MEMCPY) {
            j->not_judged = "the ceiling of a pageable copy's staging step";
            continue;
        }
        if (dir >= 0 && !d->link_known) {
            j->not_judged = "no PCIe link to the host";
            continue;
        }
        if (dir < 0 && isnan(e->gbps[DR_H2D])) {
            j->not_judged = "pinned h2d was not measured";
            continue;
        }
        j->ceiling = dir >= 0 ? d->model.ceiling_gbps[dir] : e->gbps[DR_H2D];
        j->floor_share = dir >= 0 ? link_floor_share(dir) : DOCTOR_PAGEABLE_FLOOR;
        j->share_pct = 100 * e->gbps[i] / j->ceiling;
        double floor = j->floor_share * j->ceiling, *s = &d->shortfall_pct[dir >= 0 ? 0 : 1];
        j->state = e->gbps[i] < floor ? DJ_BELOW : DJ_OK;
        if (j->state == DJ_BELOW && 100 * (1 - e->gbps[i] / floor) > *s)
            *s = 100 * (1 - e->gbps[i] / floor);
    }
}

/*
 * Each cause from its evidence: found (DF_CAUSE or DF_NOTE, with its cost
 * where it has one), unknown or not found, with the evidence in words.
 * One that returns 1 is present without a cost: doctor_diagnose makes it a
 * cause when its readings fall short, else a note.
 */
static int find_link_down(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                          struct doctor_finding *f)
{
    const struct pcie_link *l = &e->link;
    (void)d;
    if (!l->known) {
        f->found = DF_UNKNOWN;
        say(f, "no PCIe link read in sysfs (NVLink-C2C, or a machine that hides it)");
    } else if (l->max_gen <= 0 || l->max_width <= 0) {
        say(f, "Gen%d x%d during a copy; its maximum unread", l->cur_gen, l->cur_width);
    } else if (l->cur_gen < l->max_gen || l->cur_width < l->max_width) {
        double cur = sysinfo_link_gbps(l->cur_gen, l->cur_width);
        double max = sysinfo_link_gbps(l->max_gen, l->max_width);
        f->found = DF_CAUSE;
        f->cost_pct = 100 * (1 - cur / max);
        say(f,
            "Gen%d x%d during a copy, below its maximum Gen%d x%d: %.2f of %.2f GB/s raw "
            "per direction",
            l->cur_gen, l->cur_width, l->max_gen, l->max_width, cur, max);
    } else {
        say(f, "Gen%d x%d during a copy: its maximum", l->cur_gen, l->cur_width);
    }
    return 0;
}

/* "node 0 (the GPU's) 55.40, node 1 30.00" into f. */
static void say_nodes(const struct doctor_evidence *e, struct doctor_finding *f)
{
    say(f, "; bound to");
    for (int i = 0; i < e->nnodes && i < DOCTOR_MAX_NODES; i++) {
        say(f, "%s node %d%s ", i ? "," : "", e->node[i],
            e->node[i] == e->gpu_node ? " (the GPU's)" : "");
        if (isnan(e->node_gbps[i]))
            say(f, "not measured: %s", e->node_why[i]);
        else
            say(f, "%.2f", e->node_gbps[i]);
    }
    if (e->gpu_node < 0)
        say(f, "; the GPU's node unknown (sysfs numa_node says -1)");
}

static int find_numa(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                     struct doctor_finding *f)
{
    double best = NAN, worst = NAN;
    int best_node = -1;
    (void)d;
    if (e->nnodes < 2) {
        say(f, "one NUMA node: nothing to place wrong");
        return 0;
    }
    for (int i = 0; i < e->nnodes && i < DOCTOR_MAX_NODES; i++) {
        if (!isnan(e->node_gbps[i]) && !(e->node_gbps[i] <= best)) {
            best = e->node_gbps[i];
            best_node = e->node[i];
        }
        if (!isnan(e->node_gbps[i]) && !(e->node_gbps[i] >= worst))
            worst = e->node_gbps[i];
    }
    if (isnan(best) || isnan(e->gbps[DR_H2D])) {
        f->found = DF_UNKNOWN;
        say(f, "pinned h2d %s", isnan(best) ? "from no node measured" : "not measured");
        say_nodes(e, f);
        return 0;
    }
    say(f, "pinned h2d without binding %.2f GB/s", e->gbps[DR_H2D]);
    if (e->host_node >= 0)
        say(f, " (its pages on node %d)", e->host_node);
    say_nodes(e, f);
    double cost = 100 * (1 - e->gbps[DR_H2D] / best), remote = 100 * (1 - worst / best);
    if (cost >= DOCTOR_NUMA_COST_PCT) {
        f->found = DF_CAUSE;
        f->cost_pct = cost;
        say(f, ": %.1f%% below node %d's", cost, best_node);
    } else if (remote >= DOCTOR_NUMA_REMOTE_PCT) {
        f->found = DF_NOTE;
        say(f, ": this run's buffers read as node %d's, but the slowest node reads %.1f%% less",
            best_node, remote);
    }
    return 0;
}

/* The sizes the device could have: the payload it supports, read requests no smaller. */
static int find_sizes(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                      struct doctor_finding *f)
{
    const struct pcie_link *l = &e->link;
    struct link_model ideal;
    if (!d->link_known || l->mps_bytes <= 0 || l->mrrs_bytes <= 0) {
        f->found = DF_UNKNOWN;
        say(f, "%s",
            !d->link_known  ? "no PCIe link to model"
            : l->mps_why[0] ? l->mps_why
                            : "config space not read");
        return 0;
    }
    int mps = l->mps_supported_bytes > l->mps_bytes ? l->mps_supported_bytes : l->mps_bytes;
    int mrrs = l->mrrs_bytes > mps ? l->mrrs_bytes : mps;
    say(f, "MPS %d B of the %d B it supports, MRRS %d B", l->mps_bytes, l->mps_supported_bytes,
        l->mrrs_bytes);
    if (mps == l->mps_bytes && mrrs == l->mrrs_bytes)
        return 0;
    link_model_init(&ideal, d->model.gen, d->model.width, mps, mrrs);
    f->cost_pct = 0;
    for (int dir = 0; dir < DIR_COUNT; dir++)
        f->cost_pct =
            fmax(f->cost_pct, 100 * (1 - d->model.ceiling_gbps[dir] / ideal.ceiling_gbps[dir]));
    f->found = f->cost_pct >= DOCTOR_SIZES_MIN_PCT ? DF_CAUSE : DF_NOTE;
    say(f,
        "%s: the model's ceilings %.2f h2d, %.2f d2h, %.2f bidir GB/s against %.2f, %.2f, "
        "%.2f at MPS %d B, MRRS %d B",
        l->mrrs_bytes < l->mps_bytes ? ", read requests smaller than the payload" : "",
        d->model.ceiling_gbps[DIR_H2D], d->model.ceiling_gbps[DIR_D2H],
        d->model.ceiling_gbps[DIR_BIDIR], ideal.ceiling_gbps[DIR_H2D], ideal.ceiling_gbps[DIR_D2H],
        ideal.ceiling_gbps[DIR_BIDIR], mps, mrrs);
    return 0;
}

/* NVML's reading: -1 (unknown) leaves f unknown, saying why; else 0. */
static int nvml_unknown(const struct doctor_evidence *e, long long value, const char *what,
                        struct doctor_finding *f)
{
    if (!e->nvml) {
        f->found = DF_UNKNOWN;
        say(f, "NVML: %s", e->nvml_why);
        return 1;
    }
    if (value < 0) {
        f->found = DF_UNKNOWN;
        say(f, "this NVML cannot say %s", what);
        return 1;
    }
    return 0;
}

static int find_other_process(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                              struct doctor_finding *f)
{
    (void)d;
    if (nvml_unknown(e, e->other_processes, "which processes use the GPU", f))
        return 0;
    if (e->other_processes == 0) {
        say(f, "no other compute process on the GPU (NVML)");
        return 0;
    }
    say(f, "%d other compute process%s on the GPU during the copies (NVML)", e->other_processes,
        e->other_processes == 1 ? "" : "es");
    return 1;
}

/* " correctable 0 -> 12" for one counter (sep before it); nothing when both are unknown. */
static void say_counter(struct doctor_finding *f, const char *sep, const char *what, long long a,
                        long long b)
{
    if (a < 0 && b < 0)
        return;
    if (a < 0 || b < 0)
        say(f, "%s %s unread %s", sep, what, a < 0 ? "before" : "after");
    else
        say(f, "%s %s %lld -> %lld", sep, what, a, b);
}

static int find_pcie_errors(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                            struct doctor_finding *f)
{
    const struct aer_counts *a = &e->aer_before, *b = &e->aer_after;
    long long cor = aer_rise(a->correctable, b->correctable);
    long long nonfatal = aer_rise(a->nonfatal, b->nonfatal);
    long long fatal = aer_rise(a->fatal, b->fatal);
    long long replays = aer_rise(e->replays_before, e->replays_after);
    (void)d;
    if (!a->known && !b->known && replays < 0) {
        f->found = DF_UNKNOWN;
        say(f, "the device has no AER counters in sysfs, and NVML's replay counter was not read");
        return 0;
    }
    say(f, "before and after the copies:");
    if (a->known || b->known) {
        say_counter(f, " AER", "correctable", a->correctable, b->correctable);
        say_counter(f, ",", "non-fatal", a->nonfatal, b->nonfatal);
        say_counter(f, ",", "fatal", a->fatal, b->fatal);
    } else {
        say(f, " no AER counters in sysfs");
    }
    if (replays >= 0)
        say(f, "; NVML's PCIe replays %lld -> %lld", e->replays_before, e->replays_after);
    if (cor > 0 || nonfatal > 0 || fatal > 0 || replays > 0) {
        f->found = DF_CAUSE;
        return 0;
    }
    if (b->correctable > 0 || b->nonfatal > 0 || b->fatal > 0 || e->replays_after > 0) {
        f->found = DF_NOTE;
        say(f, ": errors since boot, none during the copies");
    }
    return 0;
}

static int find_throttled(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                          struct doctor_finding *f)
{
    char text[256];
    (void)d;
    if (nvml_unknown(e, e->throttle_reasons, "why the clocks are held", f))
        return 0;
    say(f, "clock event reasons during the copies: %s (NVML)",
        nvml_throttle_text(e->throttle_reasons, text, sizeof(text)));
    return (e->throttle_reasons & NVML_THROTTLE_SLOWING) != 0;
}

static int find_iommu(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                      struct doctor_finding *f)
{
    (void)d;
    say(f, "%s; kernel command line: %s", e->iommu.why,
        e->iommu.cmdline[0] ? e->iommu.cmdline : "no IOMMU options");
    if (e->iommu.translating < 0)
        f->found = DF_UNKNOWN;
    return e->iommu.translating == 1;
}

static int find_relaxed_ordering(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                                 struct doctor_finding *f)
{
    (void)d;
    if (e->link.relaxed_ordering < 0) {
        f->found = DF_UNKNOWN;
        say(f, "%s", e->link.mps_why[0] ? e->link.mps_why : "config space not read");
        return 0;
    }
    say(f, "Device Control: relaxed ordering %s",
        e->link.relaxed_ordering ? "enabled" : "disabled (bit 4 clear)");
    return e->link.relaxed_ordering == 0;
}

static int find_vm(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                   struct doctor_finding *f)
{
    (void)d;
    say(f, "%s", e->vm.evidence[0] ? e->vm.evidence : "not read");
    return e->vm.is_vm;
}

static int find_persistence(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                            struct doctor_finding *f)
{
    (void)d;
    if (nvml_unknown(e, e->persistence, "the persistence mode", f))
        return 0;
    say(f, "persistence mode %s (NVML)", e->persistence ? "on" : "off");
    return e->persistence == 0;
}

static int find_governor(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                         struct doctor_finding *f)
{
    (void)d;
    if (!e->governor[0]) {
        f->found = DF_UNKNOWN;
        say(f, "no cpufreq governor (many virtual machines have none)");
        return 0;
    }
    say(f, "cpu0's governor: %s%s", e->governor, e->governors_differ ? " (others differ)" : "");
    return strcmp(e->governor, "performance") != 0 || e->governors_differ;
}

static int find_thp(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                    struct doctor_finding *f)
{
    (void)d;
    if (!e->thp[0]) {
        f->found = DF_UNKNOWN;
        say(f, "the transparent huge page mode was not read");
        return 0;
    }
    say(f, "transparent huge pages: %s", e->thp);
    return strcmp(e->thp, "never") == 0;
}

static int find_host_memcpy(const struct doctor_evidence *e, const struct doctor_diagnosis *d,
                            struct doctor_finding *f)
{
    double p = e->gbps[DR_PAGEABLE], m = e->gbps[DR_MEMCPY];
    if (isnan(p) || isnan(m)) {
        f->found = DF_UNKNOWN;
        say(f, "%s not measured: %s", isnan(p) ? "pageable h2d" : "the host's memcpy",
            e->why[isnan(p) ? DR_PAGEABLE : DR_MEMCPY]);
        return 0;
    }
    say(f, "pageable h2d %.2f GB/s, %.0f%% of the host's memcpy, %.2f GB/s", p, 100 * p / m, m);
    if (!isnan(e->gbps[DR_H2D]))
        say(f, " (pinned h2d: %.2f)", e->gbps[DR_H2D]);
    if (d->r[DR_PAGEABLE].state != DJ_BELOW) {
        say(f, "; pageable h2d reaches its floor");
        return 0;
    }
    if (p < DOCTOR_MEMCPY_HOLDS * m) {
        say(f, ": below half of it, so the memcpy does not hold it");
        return 0;
    }
    return 1;
}

static int (*const finders[DC_COUNT])(const struct doctor_evidence *,
                                      const struct doctor_diagnosis *, struct doctor_finding *) = {
    [DC_LINK_DOWN] = find_link_down,
    [DC_NUMA] = find_numa,
    [DC_SIZES] = find_sizes,
    [DC_OTHER_PROCESS] = find_other_process,
    [DC_PCIE_ERRORS] = find_pcie_errors,
    [DC_THROTTLED] = find_throttled,
    [DC_IOMMU] = find_iommu,
    [DC_RELAXED_ORDERING] = find_relaxed_ordering,
    [DC_VM] = find_vm,
    [DC_PERSISTENCE] = find_persistence,
    [DC_GOVERNOR] = find_governor,
    [DC_THP] = find_thp,
    [DC_HOST_MEMCPY] = find_host_memcpy,
};

/* Causes by score, highest first, then notes, unknown and not found; each in table order. */
static int by_rank(const void *pa, const void *pb)
{
    const struct doctor_finding *a = pa, *b = pb;
    if (a->found != b->found)
        return a->found < b->found ? -1 : 1;
    if (a->found == DF_CAUSE && a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return a->cause < b->cause ? -1 : a->cause > b->cause;
}

void doctor_diagnose(const struct doctor_evidence *e, struct doctor_diagnosis *d)
{
    int uncosted[DC_COUNT];
    double explained[DS_COUNT] = {0};
    memset(d, 0, sizeof(*d));
    judge(e, d);
    for (int c = 0; c < DC_COUNT; c++) {
        struct doctor_finding *f = &d->f[c];
        f->cause = (enum doctor_cause)c;
        f->found = DF_NOT_FOUND;
        f->cost_pct = NAN;
        uncosted[c] = finders[c](e, d, f);
        if (uncosted[c])
            f->found = d->shortfall_pct[doctor_causes[c].scope] > 0 ? DF_CAUSE : DF_NOTE;
        if (f->found == DF_CAUSE && !isnan(f->cost_pct))
            explained[doctor_causes[c].scope] += f->cost_pct;
    }
    for (int c = 0; c < DC_COUNT; c++) {
        struct doctor_finding *f = &d->f[c];
        double left = d->shortfall_pct[doctor_causes[c].scope] - explained[doctor_causes[c].scope];
        if (f->found == DF_CAUSE)
            f->score = isnan(f->cost_pct) ? fmax(left, 0) : f->cost_pct;
        d->ncauses += f->found == DF_CAUSE;
        d->nnotes += f->found == DF_NOTE;
    }
    qsort(d->f, DC_COUNT, sizeof(d->f[0]), by_rank);
    d->verdict = d->ncauses ? DV_CAUSES : d->link_known ? DV_HEALTHY : DV_NOT_JUDGED;
    for (int i = 0; i < DR_COUNT && d->verdict != DV_CAUSES; i++)
        if (d->r[i].state == DJ_BELOW || (d->r[i].state == DJ_NOT_MEASURED && i != DR_MEMCPY))
            d->verdict = DV_UNEXPLAINED;
}

const char *doctor_verdict_word(enum doctor_verdict v)
{
    static const char *const words[] = {"healthy", "causes found", "unexplained", "not judged"};
    return words[v];
}

const char *doctor_found_word(enum doctor_found f)
{
    static const char *const words[] = {"cause", "note", "unknown", "not found"};
    return words[f];
}
