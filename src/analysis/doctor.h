/*
 * doctor.h - `pinsweep doctor`'s diagnosis of one GPU: its readings judged
 * against the link's model (analysis/link.h), and the likely causes of what
 * falls short, ranked, each with its evidence and what to do.  A pure
 * function of the evidence (struct doctor_evidence): it measures and reads
 * nothing; run/doctor.h gathers the evidence, cli/doctor.c prints it.
 *
 * The readings: pinned h2d, d2h and bidir at 256 MiB (check's own
 * configurations) against the practical ceiling of the link at its
 * maximum generation and width with the payload and read request sizes it
 * is set to, each held to the link's healthy floor (LINK_FLOOR_*); pageable
 * h2d at 256 MiB against pinned h2d (DOCTOR_PAGEABLE_FLOOR); the host's
 * single-thread memcpy, the ceiling of a pageable copy's staging step.
 *
 * A cause is found or not from its own evidence (doctor_diagnose's table
 * says what each rests on).  Some cost a known share of a reading, modelled
 * (the link below its maximum, small payload or read request sizes) or
 * measured (buffers on another NUMA node): those are causes whenever found.
 * The others cost what cannot be measured here (an IOMMU, another process,
 * a virtual machine ...): found while the readings they act on (pinned or
 * pageable) reach their floors, they are notes, not causes; PCIe errors
 * rising during the copies are a cause either way.
 *
 * Ranking: each cause by the share of the shortfall it can account for:
 * one with a cost by its cost; one without by what the costed causes of
 * its readings leave unexplained of the shortfall (how far the worst
 * reading falls below its floor, % of the floor); ties in the table's
 * order (enum doctor_cause), most direct first.
 */
#ifndef PINSWEEP_DOCTOR_H
#define PINSWEEP_DOCTOR_H

#include "analysis/link.h"
#include "host/aer.h"
#include "host/iommu.h"
#include "host/sysinfo.h"
#include "host/vm.h"

#include <stddef.h>

/*
 * Pageable h2d's floor, as a share of pinned h2d: three quarters of the
 * 16 % the reference H200 reads at 256 MiB (about 9 of 55.4 GB/s,
 * ../shared/GPU.md), since a pageable copy's speed is the host's and
 * scatters from lease to lease (7.4-15.4 GB/s at 64 MiB).  One machine's
 * calibration, like the link's floors.
 */
#define DOCTOR_PAGEABLE_FLOOR 0.12

/*
 * Pageable h2d at half the host's memcpy or more: the memcpy holds it (the
 * H200 reads about 9 GB/s pageable against an 11 GB/s memcpy, 0.8 of it);
 * well below half, something else does.
 */
#define DOCTOR_MEMCPY_HOLDS 0.5

/*
 * Buffers on the wrong node: pinned h2d without binding at least this
 * much, %, below the fastest node's: above check's own noise (2 %, the
 * least health.c lets a fleet narrow h2d's tolerance to) with room.
 */
#define DOCTOR_NUMA_COST_PCT 5.0

/* A node that reads this much, %, below the fastest is worth a note even when unused. */
#define DOCTOR_NUMA_REMOTE_PCT 10.0

/* Sizes that cost less than this, %, of a modelled ceiling are a note, not a cause. */
#define DOCTOR_SIZES_MIN_PCT 1.0

/* The most NUMA nodes measured one by one. */
#define DOCTOR_MAX_NODES 8

/* What doctor reads on a GPU, in the order it measures and prints them. */
enum doctor_reading { DR_H2D, DR_D2H, DR_BIDIR, DR_PAGEABLE, DR_MEMCPY, DR_COUNT };

struct doctor_reading_def {
    const char *name;                           /* "h2d": JSON and tests */
    const char *what;                           /* "pinned h2d": the text */
    const char *alloc, *direction, *api, *size; /* the configuration; alloc NULL: memcpy */
    int link_dir;                               /* the link's ceiling it is judged by, or -1 */
};

extern const struct doctor_reading_def doctor_readings[DR_COUNT];

/* The causes doctor looks for; this order breaks ties in the ranking. */
enum doctor_cause {
    DC_LINK_DOWN,
    DC_NUMA,
    DC_SIZES,
    DC_OTHER_PROCESS,
    DC_PCIE_ERRORS,
    DC_THROTTLED,
    DC_IOMMU,
    DC_RELAXED_ORDERING,
    DC_VM,
    DC_PERSISTENCE,
    DC_GOVERNOR,
    DC_THP,
    DC_HOST_MEMCPY,
    DC_COUNT
};

/* The readings a cause acts on. */
enum doctor_scope { DS_PINNED, DS_PAGEABLE, DS_COUNT };

struct doctor_cause_def {
    const char *id;    /* "iommu": JSON and tests */
    const char *title; /* "IOMMU translates the GPU's DMA" */
    enum doctor_scope scope;
    const char *advice; /* what to do */
};

extern const struct doctor_cause_def doctor_causes[DC_COUNT];

/* What was measured and read on one GPU; run/doctor.h fills it. */
struct doctor_evidence {
    struct pcie_link link; /* read while the copies ran, with config space's sizes */
    double gbps[DR_COUNT]; /* GB/s; NaN: not measured, why[] says why */
    char why[DR_COUNT][640];
    int host_node;              /* the node pinned h2d's buffer landed on; -1 unknown */
    int gpu_node;               /* the GPU's node from sysfs (numa_node); -1 unknown */
    int nnodes;                 /* the machine's NUMA nodes (at most DOCTOR_MAX_NODES kept) */
    int node[DOCTOR_MAX_NODES]; /* their numbers */
    double node_gbps[DOCTOR_MAX_NODES]; /* pinned h2d bound to each (nnodes > 1); NaN: why */
    char node_why[DOCTOR_MAX_NODES][640];
    struct iommu_state iommu;
    struct aer_counts aer_before, aer_after; /* around the copies */
    int nvml;                                /* 1: NVML read the GPU; 0: nvml_why says why not */
    char nvml_why[256];
    int other_processes;        /* compute processes besides doctor's, -1 unknown */
    long long throttle_reasons; /* NVML's clock event reasons during the copies, -1 unknown */
    int persistence;            /* 1 on, 0 off, -1 unknown */
    long long replays_before, replays_after; /* NVML's PCIe replay counter, -1 unknown */
    char governor[32];                       /* cpu0's cpufreq governor; "" none */
    int governors_differ;
    char thp[32]; /* the transparent huge page mode; "" unknown */
    struct vm_state vm;
};

/* Fill e with "nothing known": readings NaN, counters and NVML unknown. */
void doctor_evidence_init(struct doctor_evidence *e);

/* How a reading fared. */
enum doctor_state { DJ_OK, DJ_BELOW, DJ_NOT_MEASURED, DJ_NOT_JUDGED };

struct doctor_judged {
    double ceiling;     /* what it is judged against, GB/s (pageable: pinned h2d); NaN none */
    double floor_share; /* the floor's share of it; NaN none */
    double share_pct;   /* the reading as % of the ceiling; NaN none */
    enum doctor_state state;
    const char *not_judged; /* why, for DJ_NOT_JUDGED */
};

/* What became of a cause. */
enum doctor_found { DF_CAUSE, DF_NOTE, DF_UNKNOWN, DF_NOT_FOUND };

struct doctor_finding {
    enum doctor_cause cause;
    enum doctor_found found;
    double cost_pct; /* modelled or measured: how much lower it makes its reading, %; NaN */
    double score;    /* the rank key (see the top of this file); 0 but for causes */
    char evidence[1024];
};

enum doctor_verdict {
    DV_HEALTHY,     /* every reading judged reached its floor, and no cause */
    DV_CAUSES,      /* some cause found */
    DV_UNEXPLAINED, /* a reading below its floor (or not measured), no cause found */
    DV_NOT_JUDGED,  /* no cause found, and no PCIe link to judge the pinned readings by */
};

struct doctor_diagnosis {
    int link_known;          /* 0: no PCIe link read; model unset */
    struct link_model model; /* the link at its maximum, with its sizes */
    struct doctor_judged r[DR_COUNT];
    double shortfall_pct[DS_COUNT];    /* the worst reading's distance below its floor, % of it */
    struct doctor_finding f[DC_COUNT]; /* causes by rank, notes, unknown, not found */
    int ncauses, nnotes;
    enum doctor_verdict verdict;
};

/* Judge e's readings and rank the causes into *d. */
void doctor_diagnose(const struct doctor_evidence *e, struct doctor_diagnosis *d);

/* The verdict as a word for JSON and the last line: "healthy", "causes found", "unexplained",
   "not judged". */
const char *doctor_verdict_word(enum doctor_verdict v);

/* A finding's state as a word: "cause", "note", "unknown", "not found". */
const char *doctor_found_word(enum doctor_found f);

#endif
