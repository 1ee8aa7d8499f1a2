/*
 * gnuplot.h - from described figures to drawn ones: the figures/ and
 * figures/data/ folders, every figure of a table described and its
 * variables written, then plots/NAME.gp run by gnuplot on each, its
 * outputs checked and what an earlier run left removed.
 */
#ifndef PINSWEEP_GNUPLOT_H
#define PINSWEEP_GNUPLOT_H

#include "figures/kit/figure.h"

#include <stddef.h>
#include <stdio.h>

/* How the figures of a table are drawn: the draw argument below, a set of these bits (or 0). */
#define FIG_DRAW_LATEX 1u /* also PREFIX + NAME.tex + PREFIX + NAME-inc.pdf (cairolatex) */
#define FIG_DRAW_PAPER 2u /* for a paper: a column or a page wide, no title or notes (style.gp) */

/*
 * Describe figure i of a table of figures into g (fig_init first) and its
 * data files into data_dir, from in, and title it; *needs says what the
 * figure needs, for the note when it gets no panels.  -1 on failure, with
 * errno set (0: too many panels or curves).
 */
typedef int (*fig_describe_fn)(struct fig *g, size_t i, const void *in, const char *data_dir,
                               const char **needs);

/*
 * Describe the n figures of a table (describe) and write their variables
 * files into data_dir (with FIG_DRAW_LATEX in draw also the LaTeX ones;
 * FIG_DRAW_PAPER says paper = 1 in them), for outputs named
 * PREFIX + NAME in fig_dir; made[i] names those that have something to draw
 * (NULL for the others).  A figure without panels gets a "note: no NAME
 * figure: it needs NEEDS" line (none when needs is NULL), and what an
 * earlier run drew of it is removed: its outputs from fig_dir, its data,
 * variables and drawn files (NAME-*) from data_dir.  Returns 0, or
 * PLOT_EWRITE after saying why on log.
 */
int fig_write_all(fig_describe_fn describe, size_t n, const void *in, const char *fig_dir,
                  const char *data_dir, const char *prefix, unsigned draw, const char *made[],
                  FILE *log);

/*
 * Make dir/figures and dir/figures/data; their paths (malloc'd, the caller
 * frees both, also on failure) into *fig_dir and *data_dir.  -1 after
 * saying why on log.
 */
int plot_make_fig_dirs(const char *dir, char **fig_dir, char **data_dir, FILE *log);

/*
 * 0 when gnuplot is on PATH; else PLOT_ENO_GNUPLOT after one line on log
 * saying that the data in data_dir was written but nothing drawn, and how
 * to draw it: install gnuplot, "then " and what fmt says.
 */
int plot_need_gnuplot(FILE *log, const char *data_dir, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Draw figure name: plots/NAME.gp on data_dir/NAME-vars.gp into fig_dir as
 * PREFIX + NAME.{png,pdf,svg} (prefix as given to fig_write_all), and with
 * FIG_DRAW_LATEX in draw also PREFIX + NAME.tex + PREFIX + NAME-inc.pdf
 * (gnuplot's cairolatex: the text set by LaTeX in the document's own font).
 * Returns 0 or a PLOT_E* code after saying why on log.
 */
int fig_draw(const char *name, const char *prefix, const char *scripts_dir, const char *fig_dir,
             const char *data_dir, unsigned draw, FILE *log);

/*
 * Draw figure name (its variables in data_dir) as one page of a book: the
 * PDF that book_file describes (plots/style.gp, "A page of a book": page
 * size, caption, book_out).  Returns 0 or a PLOT_E* code after saying why
 * on log.
 */
int fig_draw_page(const char *name, const char *scripts_dir, const char *data_dir,
                  const char *book_file, const char *book_out, FILE *log);

/* Remove what an earlier run left of the output stem (PREFIX + NAME) in fig_dir: every format, and
 * LaTeX. */
void fig_remove_outputs(const char *stem, const char *fig_dir);

/* Remove only the LaTeX files of the output stem (a run without LaTeX output). */
void fig_remove_tex(const char *stem, const char *fig_dir);

/*
 * The whole of drawing a table of n figures of in: dir/figures and
 * dir/figures/data made, every figure described and its variables written
 * (fig_write_all), then, when gnuplot is on PATH, each figure with panels
 * drawn (fig_draw) as draw (FIG_DRAW_* bits) says; without gnuplot the
 * data stays and how_later says what to run where gnuplot is.  Returns
 * PLOT_OK or a PLOT_E* code after saying why on log.
 */
int fig_render(fig_describe_fn describe, size_t n, const void *in, const char *dir,
               const char *scripts_dir, unsigned draw, const char *how_later, FILE *log);

/*
 * fig_render into folders of the caller's: the figures into fig_dir as
 * PREFIX + NAME, their data into data_dir (both made when missing);
 * made[0..n) as fig_write_all's.  Without gnuplot it returns
 * PLOT_ENO_GNUPLOT after one line on log saying how_later.
 */
int fig_render_into(fig_describe_fn describe, size_t n, const void *in, const char *fig_dir,
                    const char *data_dir, const char *prefix, const char *scripts_dir,
                    unsigned draw, const char *how_later, const char *made[], FILE *log);

#endif
