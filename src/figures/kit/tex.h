/*
 * tex.h - text of a figure as LaTeX, for gnuplot's cairolatex output.
 */
#ifndef PINSWEEP_TEX_H
#define PINSWEEP_TEX_H

/* s as LaTeX text: special characters escaped, arrows, µ, × and the like as math; malloc'd. */
char *plot_tex_text(const char *s);

#endif
