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
 * The figures and the one question each answers are the catalogue in
 * src/figures/README.md; each is defined once in its own file (figdef.h).
 * Copies, zero-copy kernels and the latency figure keep to the default
 * placement (numa any, pages default); rows of api pipeline, host-read and
 * host-write are drawn only by their own figures.  Beside each figure's
 * variables, figures/data/NAME-drawn.txt says what it draws in words (its
 * caption's "Drawn:" clause, figures/kit/drawn.h).
 *
 * A figure the results have nothing for is left out, with a "note:" line.
 * A figure across sizes whose data span fewer than four sizes (tables.h's
 * PLOT_MIN_SIZES) is a table instead, in figures/tables.md and tables.tex,
 * and one "note:" line says which figures became tables and why (tabled.h).
 * fits.csv, host-memcpy.csv and breakeven.csv are optional: a missing one is
 * not mentioned, and one that cannot be used gets "warning: FILE:LINE: why;
 * ..." lines and the figures are drawn without it (the return code is not
 * affected).
 *
 * For a paper (struct plot_opts' paper, and always with LaTeX output) a
 * figure of one panel is 3.33 in wide (a column of a two-column paper), one
 * of more 7 in (the page), its text 8 pt, and neither its title nor its
 * notes (what a kind of line or point means) are drawn in it: they belong
 * in the \caption.  With LaTeX output each figure is also written as
 * NAME.tex + NAME-inc.pdf (gnuplot's cairolatex): the graphics in the PDF,
 * every text in the .tex, set by LaTeX in the document's font at 8 pt
 * whatever the size around it.  Use it with \usepackage{graphicx,color}
 * and \graphicspath{{DIR/figures/}} (or the import package), then
 * \input{NAME.tex}.
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
    int latex; /* also NAME.tex + NAME-inc.pdf for each figure (cairolatex); implies paper */
    int paper; /* for a paper: 3.33 in or 7 in wide, no title or notes inside (above) */
};

/* The drawing kit's FIG_DRAW_* bits (figures/kit/gnuplot.h) for o; NULL: none. */
unsigned plot_draw_flags(const struct plot_opts *o);

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

struct plot_tabled;

/*
 * The figures of a folder already read (input.h) drawn into fig_dir as
 * PREFIX + NAME.{png,pdf,svg} (and LaTeX with o->latex), their data and
 * variables files into data_dir: for pinsweep report, which writes nothing
 * into the folders it reads.  made[i] is the name of the table's figure i
 * when it was described (NULL when the folder has nothing for it), in the
 * table's order; the figures whose data span too few sizes are recorded in
 * *tabled (tabled.h; may be NULL), for their tables.  Returns as
 * plot_results_opts; PLOT_ENO_GNUPLOT after one line on log when gnuplot
 * is missing (the data files are written).
 */
int plot_input_draw(const struct plot_input *in, const char *fig_dir, const char *data_dir,
                    const char *prefix, const char *scripts_dir, const struct plot_opts *o,
                    const char *made[PLOT_MAX_FIGURES], struct plot_tabled *tabled, FILE *log);

/* plot_results_opts without LaTeX output. */
int plot_results(const char *results_dir, const char *scripts_dir, FILE *log);

#endif
