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

/*
 * The axes of panel p of g, about as gnuplot will draw them (both log):
 * sizes axes[0]..axes[1], copies axes[2]..axes[3]; the panel's own x range
 * where g's panels have their own axes, its own y range where it has one.
 */
void fig_breakeven_axes(const struct fig *g, size_t p, double axes[4]);

/*
 * Where a break-even panel's "1 copy" label goes (fig_hline's where): the
 * first of right-below, right-above, left-below and left-above whose box
 * no point, bar or line of the panel crosses, else the one fewest cross.
 * The panel's rows: breakeven.csv's of direction dir (-1: h2d and d2h),
 * api and alloc (-1: every kind); its axes: fig_breakeven_axes.
 */
const char *fig_breakeven_guide_where(const struct plot_input *in, int dir, int api, int alloc,
                                      const double axes[4]);

/* The breakeven figure, defined once (figdef.h). */
extern const struct fig_def fig_breakeven_def;

#endif
