/*
 * fig_breakeven.h - the breakeven figure: the copies after which a page-locked buffer
 * has paid for itself (breakeven.csv), and its interval
 */
#ifndef PINSWEEP_FIG_BREAKEVEN_H
#define PINSWEEP_FIG_BREAKEVEN_H

#include "figures/kit/figure.h"
#include "figures/curves.h"
#include "figures/input.h"

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir);

/*
 * The copies after which the buffer of break-even row b pays off, with the
 * interval its copies' samples allow: the time saved per copy from the
 * reuse rows' extremes (pageable's slowest against the kind's fastest, and
 * the other way round), alloc + free at their medians.  *lo and *hi; NaN
 * for *hi (and the return value) when the saving is within the samples'
 * spread: not resolved.
 */
double fig_breakeven_interval(const struct plot_input *in, const struct breakeven_row *b,
                              double *lo, double *hi);

/*
 * Write b's point, "SIZE COPIES LO HI", to f (after the blank line pen says
 * is due) and widen g's range to its interval.  A break-even without one is
 * no point, and the line breaks there (curve_pen_skip): *gaps is set when b
 * has no copies (the page-locked copy is not faster: it never pays off),
 * else *unresolved (the saving is within the samples' spread).  Returns 0
 * for a point, 1 for never, 2 for not resolved.
 */
int fig_breakeven_point(struct fig *g, FILE *f, struct curve_pen *pen, const struct plot_input *in,
                        const struct breakeven_row *b, int *gaps, int *unresolved);

#endif
