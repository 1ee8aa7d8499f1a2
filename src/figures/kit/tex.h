/*
 * tex.h - text of a figure or table as LaTeX, for gnuplot's cairolatex
 * output and booktabs tables, and how wide LaTeX sets it.
 */
#ifndef PINSWEEP_TEX_H
#define PINSWEEP_TEX_H

/* s as LaTeX text: special characters escaped, arrows, µ, × and the like as math; malloc'd. */
char *plot_tex_text(const char *s);

/*
 * The width in points of s (UTF-8) as plot_tex_text writes it, set by LaTeX
 * in \footnotesize of \documentclass{article} at 10 pt (Computer Modern at
 * 8 pt), with the extra space after a sentence's end and the kerns that
 * widen a pair ("po"), not those that narrow one.  A character outside
 * ASCII that plot_tex_text does not know counts as wide as an arrow.
 */
double plot_tex_width_pt(const char *s);

#endif
