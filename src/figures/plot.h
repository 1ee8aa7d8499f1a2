/*
 * plot.h - figures with gnuplot: of a results folder (plot_results), and
 * many PDF figures bound into one file (plot_pdf_book).  fig_machines.h
 * draws several machines side by side.
 *
 * plot_results reads DIR/summary.csv, writes what each figure shows as
 * gnuplot data and variables files under DIR/figures/data/, then runs the
 * gnuplot scripts of the repository's plots/ folder on them, which write
 * DIR/figures/NAME.{png,pdf,svg}:
 *
 *   headline             what a reader wants first, one panel each in a grid:
 *                        pinned and pageable bandwidth h2d, d2h and bidir,
 *                        the time of a copy up to 1 MiB, alloc + free of a
 *                        pinned buffer per GiB and the break-even copies,
 *                        each with its 95 % interval; the panels the
 *                        folder has no data for are named in a note
 *   bandwidth            copy bandwidth against size, a panel per direction;
 *                        over it, when DIR has them, each reuse curve's fit
 *                        t0 + n/B (fits.csv, dotted) and, in h2d and d2h,
 *                        single-thread host memcpy bandwidth, the ceiling of
 *                        a pageable copy (host-memcpy.csv, grey dashes): the
 *                        rows of the panel's direction, or every row of a
 *                        file without a direction column; and the PCIe
 *                        link's raw rate (summary.csv's link_gbps, twice it
 *                        for bidir) as a labelled line, when every row gives
 *                        the same one (named "PCIe GenG xW" from meta.yaml)
 *   latency              time per copy against size for small copies (reuse,
 *                        up to 16 MiB), a panel per direction (h2d, d2h): the
 *                        pipelined time (us_per_copy_median, solid) and the
 *                        round trip of one copy (roundtrip_us_median, dashed)
 *   reuse-vs-reallocate  reuse copy bandwidth against the effective bandwidth
 *                        of a whole alloc+fill+copy+free cycle (when both
 *                        buffer modes were measured)
 *   reallocate-time      where a reallocate cycle's time goes, per alloc kind
 *   speedup              each page-locked kind's bandwidth over pageable's
 *                        (reuse, same direction, api and size), a panel per
 *                        direction, with a line at 1x
 *   alloc-cost           from reallocate rows: alloc (solid), free (dashed)
 *                        and, for registered, the cudaHostRegister part
 *                        (pin_ms_median, dotted) against size, with one
 *                        pinned copy's time in grey for scale
 *   breakeven            breakeven.csv: the copies after which allocating a
 *                        page-locked buffer once has paid for itself, a panel
 *                        per direction, with a line at 1 copy
 *   overlap              api pipeline: the pipeline's time against streams, a
 *                        panel per kernel, a curve per alloc kind; for
 *                        pageable and one page-locked kind the serial sum of
 *                        the stages (dashed), the longest stage (dotted) and
 *                        the overlap factor at the most streams
 *   host-access          api host-read and host-write: CPU bandwidth per alloc
 *                        kind against threads at the largest size (against
 *                        size when one thread count was measured)
 *   placement            copy bandwidth (reuse, one api) of the kinds measured
 *                        at a NUMA binding or page size other than the
 *                        default, beside their default: a dash per page size,
 *                        a point per binding, a panel per direction
 *   placement-pin        the same for the cudaHostRegister time of the
 *                        registered kinds' reallocate rows (pin_ms_median)
 *   gpus-bandwidth       several GPUs at once (gpus: together): each GPU's
 *                        bandwidth alone and at once, the aggregate and the
 *                        sum alone, a panel per direction (fig_gpus.h)
 *   gpus-scaling         the same rows' scaling_pct, with a line at 100 %
 *
 * Copies, zero-copy kernels and the latency figure keep to the default
 * placement (numa any, pages default); rows of api pipeline, host-read and
 * host-write are drawn only by their own figures.
 *
 * A figure the results have nothing for is left out, with a "note:" line.
 * fits.csv, host-memcpy.csv and breakeven.csv are optional: a missing one is
 * not mentioned, and one that cannot be used gets "warning: FILE:LINE: why;
 * ..." lines and the figures are drawn without it (the return code is not
 * affected).
 *
 * With LaTeX output (struct plot_opts) each figure is also written as
 * NAME.tex + NAME-inc.pdf (gnuplot's cairolatex): the graphics in the PDF,
 * every text in the .tex, set by LaTeX in the document's font.  Use it with
 * \usepackage{graphicx,color} and \graphicspath{{DIR/figures/}} (or the
 * import package), then \input{NAME.tex}; the text is sized for
 * \footnotesize, one-panel figures for a 3.4 in column, others for a 7 in
 * page.  The figure's title is left to the \caption.
 *
 * The data files are written before gnuplot is looked for, so a results
 * folder made on a machine without gnuplot can be drawn later, anywhere.
 */
#ifndef PINSWEEP_PLOT_H
#define PINSWEEP_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "figures/kit/program.h"

/* Return codes: PLOT_OK and PLOT_E* (figures/kit/program.h). */

/* How to draw. */
struct plot_opts {
    int latex; /* also NAME.tex + NAME-inc.pdf for each figure (cairolatex) */
};

/*
 * Draw the figures of results_dir (which holds summary.csv and, optionally,
 * meta.yaml, read for the GPU's name, the hostname and the PCIe link's
 * generation and width, fits.csv, host-memcpy.csv and breakeven.csv) with
 * the scripts in scripts_dir (normally the repository's plots/).  Progress
 * and problems go to log, one line each (log may be NULL).  o may be NULL
 * (the defaults: no LaTeX).  Returns PLOT_OK or one of the negative codes
 * above; on PLOT_EGNUPLOT gnuplot's stderr is passed through to log.  Paths
 * may hold any character but a newline.
 */
int plot_results_opts(const char *results_dir, const char *scripts_dir, FILE *log,
                      const struct plot_opts *o);

/* The most figures one results folder has (the table in plot.c). */
#define PLOT_MAX_FIGURES 16

struct plot_input;

/*
 * The figures of a folder already read (input.h) drawn into fig_dir as
 * PREFIX + NAME.{png,pdf,svg} (and LaTeX with o->latex), their data and
 * variables files into data_dir: for pinsweep report, which writes nothing
 * into the folders it reads.  made[i] is the name of the table's figure i
 * when it was described (NULL when the folder has nothing for it), in the
 * table's order.  Returns as plot_results_opts; PLOT_ENO_GNUPLOT after one
 * line on log when gnuplot is missing (the data files are written).
 */
int plot_input_draw(const struct plot_input *in, const char *fig_dir, const char *data_dir,
                    const char *prefix, const char *scripts_dir, const struct plot_opts *o,
                    const char *made[PLOT_MAX_FIGURES], FILE *log);

/* plot_results_opts without LaTeX output. */
int plot_results(const char *results_dir, const char *scripts_dir, FILE *log);

#endif
