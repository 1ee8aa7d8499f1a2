/*
 * gnuplot_vars.h - a described figure (figure.h) written as the gnuplot
 * variables file its script loads: NAME-vars.gp, and with LaTeX output
 * NAME-vars-tex.gp, whose text is LaTeX.  plots/NAME.gp then draws it
 * (gnuplot.h).
 */
#ifndef PINSWEEP_GNUPLOT_VARS_H
#define PINSWEEP_GNUPLOT_VARS_H

#include "figures/kit/figure.h"

#include <stdio.h>

/* Write s as a gnuplot string: single quotes, '' for a quote; line breaks become spaces. */
void gnuplot_string(FILE *f, const char *s);

/*
 * Write NAME-vars.gp into data_dir (tex: NAME-vars-tex.gp, every text
 * turned into LaTeX), for the script to draw into out_dir.  -1 on failure.
 */
int fig_write_vars(const struct fig *g, const char *data_dir, const char *out_dir, int tex);

#endif
