/*
 * test_doctor.c - `pinsweep doctor`'s diagnosis (analysis/doctor.h) on
 * made-up evidence: the H200's healthy readings against its link's model
 * (PCIe 5.0 x16, MPS 256 B of 256, MRRS 4096 B: ceilings 58.45 h2d, 57.61
 * d2h, 115.75 bidir GB/s, worked out by hand in test_link.c), then one
 * thing changed at a time, and several together, each with the exact
 * order of causes and notes the ranking must give: costed causes by their
 * cost, the others by what the costed ones leave unexplained of the
 * shortfall below the floor, ties in the table's order.
 */
#include "check.h"
#include "analysis/doctor.h"

#include <math.h>
#include <string.h>

#define GEN5 63.01538461538462 /* 32 GT/s x 16 lanes x 128/130 / 8, GB/s */
#define H2D_CEIL (GEN5 * 256 / 276)
#define D2H_CEIL (GEN5 * 256 / 280)

/* The reference H200's evidence: every reading healthy, nothing found. */
static void healthy(struct doctor_evidence *e)
{
    doctor_evidence_init(e);
    e->link = (struct pcie_link){.known = 1,
                                 .cur_gen = 5,
                                 .max_gen = 5,
                                 .cur_width = 16,
                                 .max_width = 16,
                                 .mps_bytes = 256,
                                 .mps_supported_bytes = 256,
                                 .mrrs_bytes = 4096,
                                 .relaxed_ordering = 1};
    e->gbps[DR_H2D] = e->gbps[DR_D2H] = 55.4;
    e->gbps[DR_BIDIR] = 100.83;
    e->gbps[DR_PAGEABLE] = 9;
    e->gbps[DR_MEMCPY] = 11;
    e->gpu_node = 0;
    e->nnodes = 1;
    e->iommu.translating = 0;
    snprintf(e->iommu.why, sizeof(e->iommu.why), "the device has no IOMMU group");
    e->aer_before = e->aer_after = (struct aer_counts){1, 0, 0, 0};
    e->nvml = 1;
    e->other_processes = 0;
    e->throttle_reasons = 0;
    e->persistence = 1;
    e->replays_before = e->replays_after = 0;
    snprintf(e->governor, sizeof(e->governor), "performance");
    snprintf(e->thp, sizeof(e->thp), "madvise");
    e->vm.hypervisor_flag = 0;
}

/* All pinned readings at gbps (bidir at 91 % of it each way, as the H200's). */
static void pinned_at(struct doctor_evidence *e, double gbps)
{
    e->gbps[DR_H2D] = e->gbps[DR_D2H] = gbps;
    e->gbps[DR_BIDIR] = 2 * 0.91 * gbps;
}

/* The ids of d's findings in state, in order, joined by spaces, into buf. */
static const char *ids(const struct doctor_diagnosis *d, enum doctor_found state, char *buf,
                       size_t n)
{
    buf[0] = '\0';
    for (int i = 0; i < DC_COUNT; i++)
        if (d->f[i].found == state)
            snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? " " : "",
                     doctor_causes[d->f[i].cause].id);
    return buf;
}

/* The finding of cause c in d. */
static const struct doctor_finding *finding(const struct doctor_diagnosis *d, enum doctor_cause c)
{
    for (int i = 0; i < DC_COUNT; i++)
        if (d->f[i].cause == c)
            return &d->f[i];
    return NULL;
}

static void check_order(const char *name, const struct doctor_evidence *e, enum doctor_verdict v,
                        const char *causes, const char *notes)
{
    struct doctor_diagnosis d;
    char got[512], what[256];
    doctor_diagnose(e, &d);
    snprintf(what, sizeof(what), "%s: verdict %s", name, doctor_verdict_word(v));
    CHECK(what, d.verdict == v, "%s", doctor_verdict_word(d.verdict));
    snprintf(what, sizeof(what), "%s: causes, in order", name);
    CHECK_STR(what, ids(&d, DF_CAUSE, got, sizeof(got)), causes);
    snprintf(what, sizeof(what), "%s: notes", name);
    CHECK_STR(what, ids(&d, DF_NOTE, got, sizeof(got)), notes);
}

static void test_healthy(void)
{
    struct doctor_evidence e;
    struct doctor_diagnosis d;
    healthy(&e);
    check_order("healthy", &e, DV_HEALTHY, "", "");
    doctor_diagnose(&e, &d);
    CHECK_NEAR("healthy: h2d as % of its ceiling", d.r[DR_H2D].share_pct, 100 * 55.4 / H2D_CEIL,
               1e-12);
    CHECK_NEAR("healthy: d2h as % of its ceiling", d.r[DR_D2H].share_pct, 100 * 55.4 / D2H_CEIL,
               1e-12);
    CHECK("healthy: floors 84 %, 84 %, 68 %; pageable 12 % of pinned h2d",
          d.r[DR_H2D].floor_share == 0.84 && d.r[DR_BIDIR].floor_share == 0.68 &&
              d.r[DR_PAGEABLE].floor_share == 0.12 && d.r[DR_PAGEABLE].ceiling == 55.4,
          "%g %g %g %g", d.r[DR_H2D].floor_share, d.r[DR_BIDIR].floor_share,
          d.r[DR_PAGEABLE].floor_share, d.r[DR_PAGEABLE].ceiling);
    CHECK("healthy: no shortfall",
          d.shortfall_pct[DS_PINNED] == 0 && d.shortfall_pct[DS_PAGEABLE] == 0, "%g %g",
          d.shortfall_pct[DS_PINNED], d.shortfall_pct[DS_PAGEABLE]);
    CHECK("healthy: the memcpy is not judged", d.r[DR_MEMCPY].state == DJ_NOT_JUDGED, "%d",
          d.r[DR_MEMCPY].state);
    CHECK_STR("healthy: the link's evidence", finding(&d, DC_LINK_DOWN)->evidence,
              "Gen5 x16 during a copy: its maximum");
    CHECK_STR("healthy: the memcpy's evidence", finding(&d, DC_HOST_MEMCPY)->evidence,
              "pageable h2d 9.00 GB/s, 82% of the host's memcpy, 11.00 GB/s (pinned h2d: 55.40); "
              "pageable h2d reaches its floor");
}

/* Each cause alone, with the readings it acts on short: named first, and alone. */
static void test_each_cause(void)
{
    struct doctor_evidence e;
    healthy(&e);
    e.link.cur_gen = 4;
    pinned_at(&e, 27);
    check_order("link at Gen4 of Gen5", &e, DV_CAUSES, "link_down", "");
    healthy(&e);
    e.nnodes = 2, e.node[0] = 0, e.node[1] = 1, e.node_gbps[0] = 55.4, e.node_gbps[1] = 30;
    pinned_at(&e, 30);
    check_order("buffers on the remote node", &e, DV_CAUSES, "numa", "");
    healthy(&e);
    e.link.mps_bytes = 128;
    pinned_at(&e, 51.5);
    check_order("MPS 128 B of 256", &e, DV_CAUSES, "sizes", "");
    healthy(&e);
    e.link.mrrs_bytes = 128;
    check_order("MRRS 128 B under MPS 256 B", &e, DV_CAUSES, "sizes", "");
    healthy(&e);
    e.aer_after.correctable = 15;
    check_order("AER correctable errors during the copies", &e, DV_CAUSES, "pcie_errors", "");
    healthy(&e);
    e.replays_after = 40;
    check_order("NVML replays during the copies", &e, DV_CAUSES, "pcie_errors", "");

    static const struct {
        const char *name, *id;
        void (*set)(struct doctor_evidence *);
    } suspects[] = {
        {"another process", "other_process", NULL},
        {"throttled", "throttled", NULL},
        {"IOMMU translating", "iommu", NULL},
        {"relaxed ordering off", "relaxed_ordering", NULL},
        {"a virtual machine", "virtual_machine", NULL},
        {"persistence off", "persistence", NULL},
    };
    for (size_t i = 0; i < sizeof(suspects) / sizeof(suspects[0]); i++) {
        char name[128];
        healthy(&e);
        pinned_at(&e, 40);
        e.other_processes = i == 0;
        e.throttle_reasons = i == 1 ? 0x20 : 0; /* sw_thermal_slowdown */
        e.iommu.translating = i == 2;
        e.link.relaxed_ordering = i != 3;
        e.vm.is_vm = i == 4;
        e.persistence = i != 5;
        snprintf(name, sizeof(name), "%s, pinned at 40 GB/s", suspects[i].name);
        check_order(name, &e, DV_CAUSES, suspects[i].id, "");
        /* The same with healthy readings: a note, not a cause. */
        pinned_at(&e, 55.4);
        e.gbps[DR_BIDIR] = 100.83;
        snprintf(name, sizeof(name), "%s, readings healthy", suspects[i].name);
        check_order(name, &e, DV_HEALTHY, "", suspects[i].id);
    }
    healthy(&e);
    e.gbps[DR_PAGEABLE] = 3, e.gbps[DR_MEMCPY] = 3.2;
    check_order("pageable held to a slow memcpy", &e, DV_CAUSES, "host_memcpy", "");
    snprintf(e.governor, sizeof(e.governor), "powersave");
    check_order("powersave: before the memcpy it acts through", &e, DV_CAUSES,
                "governor host_memcpy", "");
    snprintf(e.thp, sizeof(e.thp), "never");
    check_order("powersave and THP never", &e, DV_CAUSES, "governor thp host_memcpy", "");
    e.gbps[DR_PAGEABLE] = 9, e.gbps[DR_MEMCPY] = 11;
    check_order("powersave and THP never, pageable healthy: notes", &e, DV_HEALTHY, "",
                "governor thp");
    healthy(&e);
    e.governors_differ = 1;
    check_order("cpu0 at performance, other CPUs not: a note", &e, DV_HEALTHY, "", "governor");
}

/* How causes rank against each other. */
static void test_ranking(void)
{
    struct doctor_evidence e;
    struct doctor_diagnosis d;
    /* Gen4 costs 50 %; readings at 27 GB/s fall 45 % below the floor (49.10): nothing is left
       for the others, which follow at 0 in the table's order. */
    healthy(&e);
    e.link.cur_gen = 4;
    pinned_at(&e, 27);
    e.iommu.translating = 1;
    e.other_processes = 2;
    check_order("link down, IOMMU, another process", &e, DV_CAUSES, "link_down other_process iommu",
                "");
    doctor_diagnose(&e, &d);
    CHECK_NEAR("link down: costs 1 - 31.51/63.02 = 50 %", d.f[0].cost_pct, 50, 1e-12);
    CHECK("link down: the others' score is 0", d.f[1].score == 0 && d.f[2].score == 0, "%g %g",
          d.f[1].score, d.f[2].score);
    /* MPS 128 B costs 7.9 % of d2h's ceiling (256/280 against 128/152); at 40 GB/s h2d falls
       12.6 % under its floor (0.84 x 54.50), so the IOMMU explains 4.7 %: after the sizes.  At
       30 GB/s, 34.5 %: the IOMMU's 26.6 % comes first. */
    healthy(&e);
    e.link.mps_bytes = 128;
    e.iommu.translating = 1;
    pinned_at(&e, 40);
    check_order("MPS 128 B and the IOMMU at 40 GB/s", &e, DV_CAUSES, "sizes iommu", "");
    doctor_diagnose(&e, &d);
    double sizes = 100 * (1 - (GEN5 * 128 / 152) / D2H_CEIL);
    double short40 = 100 * (1 - 40 / (0.84 * GEN5 * 128 / 148));
    CHECK_NEAR("MPS 128 B: its cost, the worst direction's (d2h)", d.f[0].cost_pct, sizes, 1e-9);
    CHECK_NEAR("the shortfall: h2d's below its floor", d.shortfall_pct[DS_PINNED], short40, 1e-9);
    CHECK_NEAR("the IOMMU's score: the shortfall the sizes leave", d.f[1].score, short40 - sizes,
               1e-9);
    pinned_at(&e, 30);
    check_order("MPS 128 B and the IOMMU at 30 GB/s", &e, DV_CAUSES, "iommu sizes", "");
    /* The wrong node costs 45.8 % (30 of 55.4), more than MPS 128's 7.9 %; a VM follows at 0. */
    healthy(&e);
    e.nnodes = 2, e.node[0] = 0, e.node[1] = 1, e.node_gbps[0] = 55.4, e.node_gbps[1] = 30;
    e.link.mps_bytes = 128;
    e.vm.is_vm = 1;
    pinned_at(&e, 30);
    check_order("wrong node, MPS 128 B, a VM", &e, DV_CAUSES, "numa sizes virtual_machine", "");
    doctor_diagnose(&e, &d);
    CHECK_NEAR("wrong node: its cost, 1 - 30/55.4", d.f[0].cost_pct, 100 * (1 - 30 / 55.4), 1e-9);
    /* Pinned 18.5 % under its floor with the IOMMU, pageable 37.5 % under its own (3 of 4.8,
       12 % of 40) with powersave: the pageable causes first, governor before the memcpy. */
    healthy(&e);
    pinned_at(&e, 40);
    e.iommu.translating = 1;
    e.gbps[DR_PAGEABLE] = 3, e.gbps[DR_MEMCPY] = 3.2;
    snprintf(e.governor, sizeof(e.governor), "powersave");
    check_order("pinned and pageable short", &e, DV_CAUSES, "governor host_memcpy iommu", "");
    doctor_diagnose(&e, &d);
    CHECK_NEAR("pageable's shortfall: 1 - 3 / (0.12 x 40)", d.shortfall_pct[DS_PAGEABLE], 37.5,
               1e-9);
    /* Errors rising are a cause with healthy readings too, at score 0, after costed ones. */
    healthy(&e);
    e.link.mps_bytes = 128;
    pinned_at(&e, 51.5);
    e.aer_before.nonfatal = 1, e.aer_after.nonfatal = 3;
    check_order("MPS 128 B and non-fatal errors", &e, DV_CAUSES, "sizes pcie_errors", "");
}

/* The NUMA cause's thresholds and notes. */
static void test_numa(void)
{
    struct doctor_evidence e;
    struct doctor_diagnosis d;
    healthy(&e);
    e.nnodes = 2, e.node[0] = 0, e.node[1] = 1, e.node_gbps[0] = 55.4, e.node_gbps[1] = 30;
    check_order("node 1 slow, this run's buffers on node 0: a note", &e, DV_HEALTHY, "", "numa");
    pinned_at(&e, 52.8); /* 4.7 % below node 0: under the 5 % it takes */
    e.gbps[DR_BIDIR] = 100.83;
    check_order("4.7 % below the fastest node: a note", &e, DV_HEALTHY, "", "numa");
    pinned_at(&e, 52.6); /* 5.05 % */
    e.gbps[DR_BIDIR] = 100.83;
    check_order("5.05 % below the fastest node: a cause", &e, DV_CAUSES, "numa", "");
    healthy(&e);
    e.nnodes = 2, e.node[0] = 0, e.node[1] = 1, e.node_gbps[0] = 55.4, e.node_gbps[1] = 51;
    check_order("every node within 10 %: nothing", &e, DV_HEALTHY, "", "");
    e.gpu_node = -1;
    e.node_gbps[1] = NAN;
    snprintf(e.node_why[1], sizeof(e.node_why[1]), "NUMA node 1 has no CPUs to run on");
    pinned_at(&e, 30);
    e.gbps[DR_BIDIR] = 100.83;
    doctor_diagnose(&e, &d);
    CHECK_STR("a node not measured, the GPU's node unknown: the evidence",
              finding(&d, DC_NUMA)->evidence,
              "pinned h2d without binding 30.00 GB/s; bound to node 0 55.40, node 1 not measured: "
              "NUMA node 1 has no CPUs to run on; the GPU's node unknown (sysfs numa_node says "
              "-1): 45.8% below node 0's");
    healthy(&e);
    doctor_diagnose(&e, &d);
    CHECK_STR("one node: nothing to place wrong", finding(&d, DC_NUMA)->evidence,
              "one NUMA node: nothing to place wrong");
}

/* What cannot be known, and readings that cannot be judged. */
static void test_unknown(void)
{
    struct doctor_evidence e;
    struct doctor_diagnosis d;
    char got[512];
    healthy(&e);
    e.link.known = 0;
    check_order("no PCIe link", &e, DV_NOT_JUDGED, "", "");
    doctor_diagnose(&e, &d);
    CHECK("no PCIe link: the pinned readings not judged, never a PCIe number",
          d.r[DR_H2D].state == DJ_NOT_JUDGED && isnan(d.r[DR_H2D].ceiling) &&
              strcmp(d.r[DR_H2D].not_judged, "no PCIe link to the host") == 0,
          "%d %g", d.r[DR_H2D].state, d.r[DR_H2D].ceiling);
    CHECK_STR("no PCIe link: the link and the sizes unknown", ids(&d, DF_UNKNOWN, got, sizeof(got)),
              "link_down sizes");
    healthy(&e);
    e.nvml = 0;
    snprintf(e.nvml_why, sizeof(e.nvml_why), "cannot load libnvidia-ml.so.1");
    e.replays_before = e.replays_after = -1;
    doctor_diagnose(&e, &d);
    CHECK_STR("no NVML: its three causes unknown", ids(&d, DF_UNKNOWN, got, sizeof(got)),
              "other_process throttled persistence");
    CHECK_STR("no NVML: says why", finding(&d, DC_PERSISTENCE)->evidence,
              "NVML: cannot load libnvidia-ml.so.1");
    CHECK_STR(
        "no NVML: the AER counters alone", finding(&d, DC_PCIE_ERRORS)->evidence,
        "before and after the copies: AER correctable 0 -> 0, non-fatal 0 -> 0, fatal 0 -> 0");
    e.aer_before = e.aer_after = (struct aer_counts){0, -1, -1, -1};
    doctor_diagnose(&e, &d);
    CHECK("no AER and no NVML: errors unknown", finding(&d, DC_PCIE_ERRORS)->found == DF_UNKNOWN,
          "%s", finding(&d, DC_PCIE_ERRORS)->evidence);
    healthy(&e);
    e.aer_before.correctable = e.aer_after.correctable = 12;
    check_order("errors since boot, none during: a note", &e, DV_HEALTHY, "", "pcie_errors");
    healthy(&e);
    e.throttle_reasons = 1; /* gpu_idle: not slowing */
    check_order("idle is no throttling", &e, DV_HEALTHY, "", "");
    healthy(&e);
    e.gbps[DR_H2D] = NAN;
    snprintf(e.why[DR_H2D], sizeof(e.why[DR_H2D]), "cudaErrorMemoryAllocation");
    check_order("pinned h2d not measured", &e, DV_UNEXPLAINED, "", "");
    doctor_diagnose(&e, &d);
    CHECK("pinned h2d not measured: pageable not judged",
          d.r[DR_PAGEABLE].state == DJ_NOT_JUDGED && d.r[DR_H2D].state == DJ_NOT_MEASURED, "%d %d",
          d.r[DR_PAGEABLE].state, d.r[DR_H2D].state);
    healthy(&e);
    pinned_at(&e, 40);
    check_order("short with nothing to blame", &e, DV_UNEXPLAINED, "", "");
    healthy(&e);
    e.gbps[DR_PAGEABLE] = 1; /* under half the memcpy: the memcpy does not hold it */
    check_order("pageable far below the memcpy", &e, DV_UNEXPLAINED, "", "");
    healthy(&e);
    e.link.mps_bytes = e.link.mrrs_bytes = 0;
    e.link.relaxed_ordering = -1;
    snprintf(e.link.mps_why, sizeof(e.link.mps_why),
             "config space past its first 64 bytes is readable only by root");
    doctor_diagnose(&e, &d);
    CHECK_STR("config space unread: sizes and relaxed ordering unknown",
              ids(&d, DF_UNKNOWN, got, sizeof(got)), "sizes relaxed_ordering");
    CHECK_STR("config space unread: says why", finding(&d, DC_SIZES)->evidence,
              "config space past its first 64 bytes is readable only by root");
}

int main(void)
{
    test_healthy();
    test_each_cause();
    test_ranking();
    test_numa();
    test_unknown();
    return check_exit();
}
