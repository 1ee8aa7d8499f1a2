/*
 * fig_breakeven.h - the breakeven figure: the copies after which a page-locked buffer
 * has paid for itself (breakeven.csv), and its interval
 */
#ifndef PINSWEEP_FIG_BREAKEVEN_H
#define PINSWEEP_FIG_BREAKEVEN_H

#include "figures/kit/figure.h"
#include "figures/curves.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir);


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

/* The breakeven figure, defined once (figdef.h). */
extern const struct fig_def fig_breakeven_def;

#endif
