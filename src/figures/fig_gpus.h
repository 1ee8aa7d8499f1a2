/*
 * fig_gpus.h - several GPUs at once (`gpus: together`): each configuration's
 * rows gathered into a set (its aggregate, and per GPU its rows alone and
 * together), the two figures drawn from them and what the report's table
 * and readings ask of them.
 *
 *   gpus-bandwidth  a panel per direction: each GPU's copy bandwidth alone
 *                   (solid) and while every GPU copies (dashed), a colour
 *                   and point per GPU, against size; the aggregate (thick
 *                   solid) and the sum of the GPUs alone (thick dash-dot)
 *                   as references; bars each median's interval
 *                   (analysis/interval.h; the sum's: interval_sum of the
 *                   GPUs')
 *   gpus-scaling    a panel per direction: scaling_pct against size, the
 *                   aggregate's (over the sum alone) and each GPU's (over
 *                   itself alone), a line at 100 %; bars the ratio's
 *                   interval (interval_ratio)
 *
 * Both draw one kind of copy (the pick: pinned when it was measured at
 * once, else the kind and api with the most sizes); the report's table has
 * every configuration.  A folder without together rows has no set: the
 * figures are left out without a note.
 */
#ifndef PINSWEEP_FIG_GPUS_H
#define PINSWEEP_FIG_GPUS_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

#include <stddef.h>

/* The most GPUs of a set (measure/together.h's TOGETHER_MAX_GPUS). */
#define GPUS_MAX 16

/* One configuration measured on several GPUs at once. */
struct gpus_set {
    const struct plot_row *aggregate; /* gpus aggregate: device "0+1", alone_gbps the sum */
    const struct plot_row *together[GPUS_MAX]; /* per GPU, in the aggregate's device order */
    const struct plot_row *alone[GPUS_MAX];    /* the same GPU by itself; NULL when not ok */
    size_t n;                                  /* GPUs */
};

/*
 * The sets of in (one per aggregate row whose every GPU has a together
 * row), sorted by alloc, api, placement, direction and size, as a malloc'd
 * array (the caller frees it) of *n; -1 (errno set) when out of memory.
 */
int gpus_sets(const struct plot_input *in, struct gpus_set **out, size_t *n);

/*
 * The GPUs alone summed: the interval (interval_sum) of the sum of their
 * alone medians' intervals, scaled onto the aggregate's alone_gbps, into
 * out; no interval (and NaN ends when a GPU has no row alone) otherwise.
 */
void gpus_alone_sum(const struct gpus_set *s, struct interval *out);

/*
 * The interval of row r's scaling_pct: 100 x interval_ratio of r's GB/s
 * over ref (the GPU alone, or the sum alone), about scaling_pct.
 */
void gpus_scaling_interval(const struct plot_row *r, const struct interval *ref,
                           struct interval *out);

/*
 * Is set b of the same curve as set a (alloc, buffer, api, cache, touch,
 * placement, devices) in any direction?
 */
int gpus_same_kind(const struct gpus_set *a, const struct gpus_set *b);

/*
 * The index into sets of the first set of the kind the figures draw:
 * pinned when pinned was measured at once, else the kind with the most
 * sizes; -1 when there are no sets.
 */
long gpus_pick(const struct gpus_set *sets, size_t n);

/* "pinned async" (with the placement when not the default) of set s, in a static buffer. */
const char *gpus_kind_text(const struct gpus_set *s);

/* Figure descriptions for plot.c's table (see above); 0 with no panels when there is nothing. */
int fig_gpus_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir);
int fig_gpus_scaling(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The gpus-bandwidth figure, defined once (figdef.h). */
extern const struct fig_def fig_gpus_bandwidth_def;

/* The gpus-scaling figure, defined once (figdef.h). */
extern const struct fig_def fig_gpus_scaling_def;

#endif
