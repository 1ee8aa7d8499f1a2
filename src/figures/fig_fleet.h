/*
 * fig_fleet.h - the fleet figure, from the folder `pinsweep fleet DIR... -o
 * OUT` writes (fleet.csv).  Return codes and struct plot_opts are those of
 * plot.h.
 */
#ifndef PINSWEEP_FIG_FLEET_H
#define PINSWEEP_FIG_FLEET_H

#include "figures/plot.h"

#include <stdio.h>

/*
 * Draw out_dir/figures/fleet.{png,pdf,svg} (data under figures/data/): a
 * panel per direction of pinned reuse sync copies (cache warm, pages
 * prefaulted; another kind when there is no pinned), bandwidth against
 * size: the fleet's median and its band (median +- 3.5 robust spreads) as
 * references, and the nodes as curves: every node when there are at most
 * FLEET_FIG_NODES, else the flagged ones only (a note counts the others).
 * A node with an outlier in a panel is named so in the key.  Returns
 * PLOT_OK, or a PLOT_E* code after saying why on log; no fleet.csv: no
 * figure, PLOT_OK.
 */
int plot_fleet(const char *out_dir, const char *scripts_dir, FILE *log, const struct plot_opts *o);

#endif
