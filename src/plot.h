/*
 * plot.h - turning a results folder's summary.csv into figures with gnuplot.
 *
 * plot_results reads DIR/summary.csv, writes what each figure shows as
 * gnuplot data and variables files under DIR/figures/data/, then runs the
 * gnuplot scripts of the repository's plots/ folder on them, which write
 * DIR/figures/NAME.{png,pdf,svg}:
 *
 *   bandwidth            copy bandwidth against size, a panel per direction;
 *                        over it, when DIR has them, each reuse curve's fit
 *                        t0 + n/B (fits.csv, dotted) and, in h2d and d2h,
 *                        single-thread host memcpy bandwidth, the ceiling of
 *                        a pageable copy (host-memcpy.csv, grey dashes): the
 *                        rows of the panel's direction, or every row of a
 *                        file without a direction column
 *   latency              time per copy against size for small copies (reuse,
 *                        up to 16 MiB), a panel per direction (h2d, d2h): the
 *                        pipelined time (us_per_copy_median, solid) and the
 *                        round trip of one copy (roundtrip_us_median, dashed)
 *   reuse-vs-reallocate  reuse copy bandwidth against the effective bandwidth
 *                        of a whole alloc+fill+copy+free cycle (when both
 *                        buffer modes were measured)
 *   reallocate-time      where a reallocate cycle's time goes, per alloc kind
 *
 * A figure the results have nothing for is left out, with a "note:" line.
 * fits.csv and host-memcpy.csv are optional: a missing one is not mentioned,
 * and one that cannot be used gets "warning: FILE:LINE: why; ..." lines and
 * the figures are drawn without it (the return code is not affected).
 *
 * The data files are written before gnuplot is looked for, so a results
 * folder made on a machine without gnuplot can be drawn later, anywhere.
 */
#ifndef PINSWEEP_PLOT_H
#define PINSWEEP_PLOT_H

#include <stdio.h>

/* Return codes of plot_results. */
enum {
    PLOT_OK = 0,
    PLOT_EBAD_SUMMARY = -1, /* summary.csv missing, unreadable or malformed */
    PLOT_ENO_GNUPLOT = -2,  /* gnuplot is not on PATH */
    PLOT_EGNUPLOT = -3,     /* gnuplot ran and failed, or could not be run */
    PLOT_EWRITE = -4,       /* figures/ or figures/data/ could not be written */
};

/*
 * Draw the figures of results_dir (which holds summary.csv and, optionally,
 * meta.yaml, read for the GPU's name and the hostname, fits.csv and
 * host-memcpy.csv) with the scripts in
 * scripts_dir (normally the repository's plots/).  Progress and problems go
 * to log, one line each (log may be NULL).  Returns PLOT_OK or one of the
 * negative codes above; on PLOT_EGNUPLOT gnuplot's stderr is passed through
 * to log.  Paths may hold any character but a newline.
 */
int plot_results(const char *results_dir, const char *scripts_dir, FILE *log);

/* 1 when an executable called gnuplot is on PATH, else 0. */
int plot_gnuplot_available(void);

#endif
