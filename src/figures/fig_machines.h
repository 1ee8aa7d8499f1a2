/*
 * fig_machines.h - figures of several machines side by side, from the
 * comparison folder `pinsweep compare DIR... -o OUT` writes (compare.csv and
 * machines.csv).  Return codes and struct plot_opts are those of plot.h.
 */
#ifndef PINSWEEP_FIG_MACHINES_H
#define PINSWEEP_FIG_MACHINES_H

#include "figures/plot.h"

#include <stdio.h>

/*
 * Draw the figures of a comparison folder out_dir (written by `pinsweep
 * compare`: compare.csv and machines.csv) into out_dir/figures/, data under
 * out_dir/figures/data/:
 *
 *   compare-bandwidth  copy bandwidth against size, a panel per direction, a
 *                      colour, dash and point fill per machine and a point
 *                      shape per alloc kind (reuse, cache warm, pages
 *                      prefaulted; one api per panel, sync unless fewer
 *                      machines have it), each machine's PCIe link as a thin
 *                      line in its colour; the notes say per machine what
 *                      its bars stand on when that differs
 *   compare-ratio      each other machine's bandwidth over the baseline's
 *                      (compare.csv's ratio), with a line at 1: pageable in
 *                      a row of panels over the page-locked kinds, each row
 *                      on a log axis centred at 1 that its values choose,
 *                      the members of a merged line whose own ratio is
 *                      significant drawn apart and named
 *
 * Folders whose machines are described alike (GPU, link, host) are titled
 * as runs of one machine, named in the title.
 *
 * Machines are the rows of machines.csv in order, the first the baseline;
 * their colours repeat after six (a note says so).  Return codes and o as
 * for plot_results_opts; PLOT_EBAD_SUMMARY with "FILE:LINE: why" when
 * compare.csv or machines.csv is missing or malformed.
 */
int plot_compare_opts(const char *out_dir, const char *scripts_dir, FILE *log,
                      const struct plot_opts *o);

/* plot_compare_opts without LaTeX output. */
int plot_compare(const char *out_dir, const char *scripts_dir, FILE *log);

#endif
