/*
 * health.h - `pinsweep check`'s verdict: what a healthy node reads, the
 * expectation it is held to, and the verdict in the forms that Slurm, Node
 * Health Check, node_exporter and scripts read.
 *
 * The checks are one table (health.c): each names the configuration it
 * measures (so a results folder's row can stand as its expectation), the
 * number read from it, which way is worse, and how far from the expectation
 * a healthy node may be.  The PCIe link is checked apart: read while a copy
 * runs (an idle link trains down), it must be at its maximum generation and
 * width.  Without an expectation, the pinned bandwidth checks are held to
 * the link's own healthy floor (analysis/link.h); latency and pageable are
 * then not judged, and the verdict says which checks were.  A GPU that
 * another process used before or during its checks (NVML's processes and
 * PCIe counters, read by run/check.c) is busy: its copies are not judged,
 * and with nothing failed the verdict is "busy", neither healthy nor not.
 */
#ifndef PINSWEEP_HEALTH_H
#define PINSWEEP_HEALTH_H

#include "analysis/link.h"
#include "host/sysinfo.h"

#include <stddef.h>
#include <stdio.h>

enum health_check { HC_H2D, HC_D2H, HC_BIDIR, HC_LATENCY, HC_PAGEABLE, HC_COUNT };

struct health_check_def {
    const char *name; /* "h2d": in messages, JSON, metrics and --expect NAME=VALUE */
    const char *alloc, *direction, *api, *size; /* the configuration, as an experiment says it */
    int latency; /* 1: us_per_copy_median, higher is worse; 0: gbps_median, lower is worse */
    double tolerance_pct;     /* a healthy node is within this of the expectation */
    double min_tolerance_pct; /* the least a fleet's band may narrow it to: check's own noise */
    const char *what;         /* "pinned h2d bandwidth at 256 MiB" */
    int link_dir; /* the link's floor it is held to without an expectation (DIR_*), or -1 */
};

extern const struct health_check_def health_checks[HC_COUNT];

/* The unit of check i's number: "GB/s" or "us". */
const char *health_unit(int i);

/*
 * What a healthy node should read, per check (NaN: nothing expected), where it
 * came from, and how far from it a healthy node may be, % (NaN: the check's
 * tolerance_pct; a fleet's median sets its own, see health_expect_add).
 */
struct health_expect {
    double value[HC_COUNT];
    char source[HC_COUNT][256];
    double tolerance_pct[HC_COUNT];
};

/* The tolerance check i is held to under x, %. */
double health_tolerance(const struct health_expect *x, int i);

/* An expectation with nothing expected. */
void health_expect_init(struct health_expect *x);

/*
 * Add what src says to x, for the checks x does not have yet: src is
 * NAME=VALUE[,NAME=VALUE...] (stated numbers, GB/s or µs), a results
 * folder (its summary.csv rows of the checks' configurations), or a folder
 * of nodes' results folders (the fleet's median of each).  A fleet of
 * FLEET_MIN_NODES or more also sets the tolerance: FLEET_Z_OUTLIER robust
 * spreads (1.4826 MAD) of its nodes, as % of the median, within
 * min_tolerance_pct..tolerance_pct.  A folder that gives none of the
 * checks (a header-only or cut summary.csv, a sweep of other
 * configurations) is refused: it could not judge anything.  One that gives
 * some leaves the rest to later sources, the link's floor or "not judged",
 * as the table says.  Returns 0, or -1 after saying what is wrong on log.
 */
int health_expect_add(struct health_expect *x, const char *src, FILE *log);

/*
 * A GPU's other users, seen by NVML before and during its checks.  Busy:
 * another compute process on the GPU, or PCIe traffic of more than
 * HEALTH_BUSY_LINK_GBPS before the checks copied anything (an idle GPU's
 * link carries a few MB/s; a copy that shares it, tens of GB/s).
 */
#define HEALTH_BUSY_PIDS 4
#define HEALTH_BUSY_LINK_GBPS 1.0
struct health_busy {
    int others;                      /* most other processes seen at once; -1 unknown */
    unsigned pid[HEALTH_BUSY_PIDS];  /* the first of them */
    char comm[HEALTH_BUSY_PIDS][32]; /* their names from /proc ("": unreadable) */
    double idle_link_gbps;           /* the link's traffic before the checks; NaN unknown */
};

/* One GPU's readings. */
struct health_gpu {
    int index;
    char bus_id[32];
    char name[256];
    struct pcie_link link;  /* read during a copy, its sizes from config space; known 0: unread */
    double value[HC_COUNT]; /* NaN: not measured (error[] says why) */
    double first[HC_COUNT]; /* a first reading that failed, measured again; NaN: measured once */
    char error[HC_COUNT][640];
    struct health_busy busy;
};

/* g empty: no readings (NaN), none measured twice, its other users unknown. */
void health_gpu_init(struct health_gpu *g);

/* Was g busy (struct health_busy)?  Says why into buf ("" when not). */
int health_busy(const struct health_gpu *g, char *buf, size_t n);

/* The verdict of one check of one GPU. */
enum health_state { HEALTH_OK, HEALTH_FAIL, HEALTH_NOT_JUDGED };

/* Why a copy of a busy GPU (health_busy) is not judged. */
#define HEALTH_BUSY "the GPU was busy"

/* Why a pinned check is not judged where the GPU has no PCIe link (NVLink-C2C, a hidden link). */
#define HEALTH_NO_LINK "no PCIe link to the host"

/* What one check of one GPU is held to, and where that comes from. */
struct health_basis {
    double expected;        /* the expectation's value; NaN: none (a link's floor is not one) */
    double tolerance_pct;   /* how far from expected a healthy node may be; NaN without one */
    double ceiling;         /* the link's practical ceiling when its floor is the limit, else NaN */
    double floor_share;     /* the floor's share of ceiling (LINK_FLOOR_*), else NaN */
    double limit;           /* the least (latency: the most) a healthy node reads; NaN: none */
    char source[384];       /* "stated", a folder, "link: PCIe 5.0 x16, ... (read)"; "" */
    const char *not_judged; /* why there is no limit ("no --expect for it", HEALTH_NO_LINK) */
};

/*
 * The link's model for g (analysis/link.h): its maximum generation and
 * width (the current ones where the maximum is unread) and the sizes read
 * from config space, or assumed.  Returns 0, or -1 when g has no link.
 */
int health_link_model(const struct health_gpu *g, struct link_model *m);

/*
 * Check i of g: its basis (into *b) and its verdict.  An expectation in x
 * for i wins; else a pinned bandwidth check is held to the floor of g's
 * link (not judged without a link); else it is not judged.  A check that
 * could not be measured (NaN with an error) fails either way.
 */
enum health_state health_judge(const struct health_gpu *g, const struct health_expect *x, int i,
                               struct health_basis *b);

/* The link: HEALTH_FAIL when it trained below its maximum, HEALTH_NOT_JUDGED when unread. */
enum health_state health_judge_link(const struct health_gpu *g);

/*
 * The node's verdict: every check of every GPU judged, failed and not.
 * Unhealthy wins (a link trained down is read right on a busy GPU); then
 * busy; then healthy, or unjudged when nothing was judged.
 */
enum health_verdict { HEALTH_HEALTHY, HEALTH_UNHEALTHY, HEALTH_UNJUDGED, HEALTH_BUSY_NODE };

struct health_tally {
    enum health_verdict verdict; /* unhealthy: some check failed; unjudged: none was judged */
    int failed, judged;          /* checks of every GPU, the link one of them */
    int busy;                    /* busy GPUs */
    char busy_why[512];          /* "GPU 0: 1 other process on it: pid 4242 (copyd)"; "" */
    /* "link, h2d, d2h, bidir" and "latency, pageable"; "h2d (GPU 1)" where GPUs differ */
    char judged_names[512], not_judged_names[512];
};

/* Tally every check of g[0..n) against x. */
void health_tally(const struct health_gpu *g, size_t n, const struct health_expect *x,
                  struct health_tally *t);

/*
 * The verdict line on out: "pinsweep: check: HOST: healthy (0 failed;
 * judged: link, h2d, d2h, bidir; not judged: latency, pageable)", or
 * "not judged" when nothing was: never healthy then.
 */
void health_print_verdict(FILE *out, const char *host, const struct health_tally *t);

/*
 * One line per failed check on out, for Slurm (HealthCheckProgram and a
 * prolog drain the node with it as the reason) and Node Health Check:
 * "ERROR: pinsweep check: HOST GPU 0 (BUS) h2d: 41.20 GB/s, below 49.86
 * (10% under 55.40 expected, from SRC)", or against the link's floor
 * "... below 49.10 (84% of a 58.45 ceiling, from link: PCIe 5.0 x16, MPS
 * 256 B, MRRS 4096 B (read))".  Returns how many.
 */
int health_print_failures(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                          const struct health_expect *x);

/*
 * One line per busy GPU on out: "BUSY: pinsweep check: HOST GPU 0 (BUS): 1
 * other process on it: pid 4242 (copyd); its copies are not judged".
 * Returns how many.
 */
int health_print_busy(FILE *out, const char *host, const struct health_gpu *g, size_t n);

/* A table of every reading, its limit and verdict (or why not judged), for people (stderr). */
void health_print_table(FILE *out, const struct health_gpu *g, size_t n,
                        const struct health_expect *x);

/* The same as JSON, with t's verdict. Returns 0 or -1 (errno) when out could not be written. */
int health_write_json(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, const struct health_tally *t);

/*
 * The Prometheus text exposition format (node_exporter's textfile
 * collector), with t's verdict (healthy NaN when nothing was judged), in
 * base units: pinsweep_check_bandwidth_bytes_per_second and
 * pinsweep_check_latency_seconds, each with its _expected_ and _limit_
 * series (where known), the link, ok, judged, busy, healthy, not_run 0 and
 * timestamp_seconds.  Returns 0 or -1 when out could not be written.
 */
int health_write_prom(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, const struct health_tally *t, double time_s);

/*
 * The same file when the check could not run (no usable GPU, a GPU that
 * failed): healthy 0, not_run 1 and the timestamp, so that a verdict of an
 * earlier check does not stand.  Returns 0 or -1.
 */
int health_write_prom_not_run(FILE *out, const char *host, double time_s);

#endif
