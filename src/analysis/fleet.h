/*
 * fleet.h - `pinsweep fleet`: many nodes' results folders against the fleet
 * itself.
 *
 * For each copy configuration measured on at least FLEET_MIN_NODES nodes,
 * the fleet's median and its robust spread: the median absolute deviation
 * scaled to a standard deviation (1.4826 MAD), and never less than the
 * nodes' own median run-to-run noise (rsd_pct), so a fleet of identical
 * readings does not flag a node for noise.  A node's reading is an outlier
 * when its robust z-score, (x - median) / spread, is beyond
 * FLEET_Z_OUTLIER: the usual cut-off for modified z-scores (Iglewicz and
 * Hoaglin), a property of the statistic, not a threshold set per machine.
 * A node whose PCIe link trained below its maximum (meta.yaml) is flagged
 * too.
 */
#ifndef PINSWEEP_FLEET_H
#define PINSWEEP_FLEET_H

#include <stddef.h>
#include <stdio.h>

#define FLEET_MIN_NODES 3
#define FLEET_Z_OUTLIER 3.5

/* One node's verdict: what the per-node table prints. */
struct fleet_node {
    char node[64];       /* its hostname (meta.yaml), else its folder */
    size_t configs;      /* configurations compared with the fleet (on 3 or more nodes) */
    size_t outliers;     /* of which beyond FLEET_Z_OUTLIER robust spreads */
    int link_low;        /* its PCIe link trained below its maximum */
    int flagged;         /* outliers or link_low */
    char worst_key[160]; /* its lowest reading's configuration, "" when none compared */
    double worst_gbps, worst_median, worst_spread, worst_z;
    int left_out; /* 1: not judged, why says why (node is then its folder) */
    char why[512];
};

/*
 * Read dirs[0..n-1] (one results folder per node, named by its hostname in
 * meta.yaml), print the per-node table on out (none when NULL), fill
 * nodes[0..n-1] when not NULL (the nodes judged first, then those left
 * out), write fleet.csv (every node's reading of every configuration, with
 * the fleet's median, spread, band and z-score) into out_dir when not NULL,
 * and the verdict as JSON to json_path when not NULL ("-": stdout).
 *
 * A fleet is one experiment on one GPU model, each host once: an input
 * that is not a folder or has no summary.csv, a folder that cannot be
 * read, one of another experiment (experiment.yaml's text: most folders'
 * is the fleet's) or GPU (gpu.name: most folders'), and a host seen before
 * are left out, each with a line on log that says why, and the rest are
 * judged.  Returns 0 when no node is flagged, 1 when some are, -1 after a
 * message on log when a file cannot be written (-2: fewer than
 * FLEET_MIN_NODES folders to judge, said on log).
 */
int fleet_run(const char *const *dirs, size_t n, const char *out_dir, const char *json_path,
              FILE *out, FILE *log, struct fleet_node *nodes);

#endif
