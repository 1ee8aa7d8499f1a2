/*
 * caption.h - a figure's caption, the same wherever it is printed (the
 * report, figures.pdf, figures/captions.md): the question the figure
 * answers (its definition's, or where it depends on what is drawn its own,
 * NAME-question.txt), its reading (from the rows drawn), what it
 * draws (NAME-drawn.txt, written from the described figure by the kit) and,
 * last, what its bars are.
 */
#ifndef PINSWEEP_CAPTION_H
#define PINSWEEP_CAPTION_H

#include <stdio.h>

/* The question figure name answers, or "" when it is not one pinsweep draws. */
const char *fig_question(const char *name);

/*
 * "QUESTION? READING. Drawn: WHAT. Bars: ..." for figure name, with its
 * reading (may be NULL or "") and the drawing's words from
 * data_dir/NAME-drawn.txt (data_dir may be NULL: none), its question
 * data_dir/NAME-question.txt's when there is one; each part only when
 * there is one.  malloc'd; NULL when out of memory.
 */
char *fig_caption(const char *name, const char *reading, const char *data_dir);

/*
 * Write fig_dir/captions.md: every figure of plot_figures[] drawn into
 * data_dir (its NAME-drawn.txt there), "![NAME](NAME.png)" and its caption,
 * for in (struct plot_input, for the readings).  0, or -1 after saying why on log.
 */
struct plot_input;
int fig_captions_write(const struct plot_input *in, const char *fig_dir, const char *data_dir,
                       FILE *log);

#endif
