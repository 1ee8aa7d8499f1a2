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
 * width.
 */
#ifndef PINSWEEP_HEALTH_H
#define PINSWEEP_HEALTH_H

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
 * min_tolerance_pct..tolerance_pct.  Returns 0, or -1 after saying what is
 * wrong on log.
 */
int health_expect_add(struct health_expect *x, const char *src, FILE *log);

/* One GPU's readings. */
struct health_gpu {
    int index;
    char bus_id[32];
    char name[256];
    struct pcie_link link;  /* read during a copy; known 0: could not be read */
    double value[HC_COUNT]; /* NaN: not measured (error[] says why) */
    char error[HC_COUNT][640];
};

/* The verdict of one check of one GPU. */
enum health_state { HEALTH_OK, HEALTH_FAIL, HEALTH_UNKNOWN };

/* Check i of g against x; the limit it was held to in *limit (NaN when none). */
enum health_state health_judge(const struct health_gpu *g, const struct health_expect *x, int i,
                               double *limit);

/* The link: HEALTH_FAIL when it trained below its maximum, HEALTH_UNKNOWN when unread. */
enum health_state health_judge_link(const struct health_gpu *g);

/*
 * One line per failed check on out, for Slurm (HealthCheckProgram and a
 * prolog drain the node with it as the reason) and Node Health Check:
 * "ERROR: pinsweep check: HOST GPU 0 (BUS) h2d: 41.20 GB/s, below 49.86
 * (90% of 55.40 expected, from SRC)".  Returns how many.
 */
int health_print_failures(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                          const struct health_expect *x);

/* A table of every reading and its verdict, for people (stderr). */
void health_print_table(FILE *out, const struct health_gpu *g, size_t n,
                        const struct health_expect *x);

/* The same as JSON. Returns 0 or -1 (errno) when out could not be written. */
int health_write_json(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, int healthy);

/* The Prometheus text exposition format (node_exporter's textfile collector). */
int health_write_prom(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, int healthy, double time_s);

#endif
