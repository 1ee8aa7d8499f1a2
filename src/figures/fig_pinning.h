/*
 * fig_pinning.h - the figures of what pinning buys and costs: how many times
 * faster page-locked memory copies than pageable (speedup), what a
 * page-locked buffer costs to allocate and free (alloc-cost), and after
 * how many copies that cost is repaid (breakeven, from breakeven.csv).
 */
#ifndef PINSWEEP_FIG_PINNING_H
#define PINSWEEP_FIG_PINNING_H

#include "figures/kit/figure.h"
#include "figures/input.h"

/*
 * Each describes its figure's data into data_dir and g (fig_init first),
 * and leaves g without panels when the results have nothing to draw.
 */
int fig_speedup(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_alloc_cost(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir);

/*
 * The copies after which the buffer of break-even row b pays off, with the
 * interval its copies' intervals allow (analysis/interval.h): the time
 * saved per copy at their ends (pageable's slowest against the kind's
 * fastest, and the other way round), alloc + free at their medians.  *lo
 * and *hi; NaN for *hi (and the return value) when the saving is within
 * the intervals: not resolved.
 */
double fig_breakeven_interval(const struct plot_input *in, const struct breakeven_row *b,
                              double *lo, double *hi);

/*
 * Write b's point, "SIZE COPIES LO HI", to f and widen g's range to its interval; a
 * point without one ("NaN") sets *gaps when b has no copies (not measured), else
 * *unresolved.
 */
void fig_breakeven_point(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct breakeven_row *b, int *gaps, int *unresolved);

#endif
