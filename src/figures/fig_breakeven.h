/*
 * fig_breakeven.h - the breakeven figure: the copies after which a page-locked buffer
 * has paid for itself (breakeven.csv), and its interval
 */
#ifndef PINSWEEP_FIG_BREAKEVEN_H
#define PINSWEEP_FIG_BREAKEVEN_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir);


/*
 * Write b's point, "SIZE COPIES LO HI", to f and widen g's range to its interval; a
 * point without one ("NaN") sets *gaps when b has no copies (not measured), else
 * *unresolved.
 */
void fig_breakeven_point(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct breakeven_row *b, int *gaps, int *unresolved);


/* The breakeven figure, defined once (figdef.h). */
extern const struct fig_def fig_breakeven_def;

#endif
