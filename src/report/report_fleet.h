/*
 * report_fleet.h - the report's fleet section: when the report's folders
 * are one experiment on one GPU model from three or more hosts, each node
 * against the fleet itself (analysis/fleet.h), as a table and the fleet
 * figure (fig_fleet.h).
 */
#ifndef PINSWEEP_REPORT_FLEET_H
#define PINSWEEP_REPORT_FLEET_H

#include "figures/plot.h"
#include "figures/kit/tabular.h"
#include "results/folder.h"

#include <stddef.h>
#include <stdio.h>

/*
 * Whether folders f[0..n-1] are a fleet: at least FLEET_MIN_NODES, every one
 * of the same experiment and GPU (meta.yaml's experiment.name, gpu.name) and
 * each from another host (host.hostname).
 */
int report_is_fleet(const struct folder *f, size_t n);

/*
 * Compare the fleet f[0..n-1]: write fleet.csv into out_dir and draw
 * out_dir/figures/fleet.{png,pdf,svg}, the per-node table into t (freed by
 * the caller with tabular_free) and what the figure says into *reading
 * (malloc'd).  Returns how many nodes are flagged, or -1 after a message on
 * log; *drew is plot_fleet's code.
 */
int report_fleet(const struct folder *f, size_t n, const char *out_dir, const char *scripts_dir,
                 const struct plot_opts *po, FILE *log, struct tabular *t, char **reading,
                 int *drew);

#endif
