/*
 * fig_bandwidth_plan.h - what the bandwidth figure (fig_bandwidth.c) and its
 * reading (fig_bandwidth_reading.c) share: which curves it draws and in
 * which panel, which page-locked kinds coincide as a panel's band
 * (analysis/coincide.h), what its bars stand on, and a curve's rows of
 * fits.csv.
 */
#ifndef PINSWEEP_FIG_BANDWIDTH_PLAN_H
#define PINSWEEP_FIG_BANDWIDTH_PLAN_H

#include "figures/input.h"
#include "figures/readings.h"
#include "analysis/coincide.h"
#include "analysis/interval.h"
#include "experiment/schema.h"

#include <stddef.h>

/* Panels: a direction and an api group (sync; async and zero-copy). */
#define BW_PANELS (DIR_COUNT * 2)
/* What the bandwidth figure's curves share and what sets them apart. */
struct bw_plan {
    int groups[2];       /* api groups present */
    int ngroups;         /* panels are split by api group when 2 */
    int dash_by_variant; /* several kinds of line (buffer, cache, touch, zerocopy) */
    int has_states;      /* curves of a host buffer flushed or first touched beside steady ones */
    const char *kinds[8];
    size_t nkinds;
    int seen_alloc[ALLOC_COUNT];
    int copy_api[API_COUNT]; /* the copies' apis drawn (sync, async) */
    struct interval_tally tally; /* the intervals of the points (analysis/interval.h) */
    char title[BW_PANELS][96];
    /* The band candidates of every panel as series (coincide.h), group dir * 2 + grp; the curve
       of each; their sizes and medians. */
    struct co_series *band;
    size_t *band_curve, nband;
    double *values;
};

/*
 * Is curve c drawn in the bandwidth figure?  Copies and zero-copy kernels
 * of reused buffers and of host buffers in other states; not reallocate
 * cycles: their copy alone says nothing of the cycle, and the
 * reuse-vs-reallocate figure draws what a cycle moves.
 */
int bw_drawn_curve(const struct plot_input *in, const struct plot_curve *c);

/* Is curve c in the panel (dir, grp) of the bandwidth figure? */
int bw_in_panel(const struct plot_input *in, const struct plot_curve *c, int dir, int grp);

/*
 * The plan of in's bandwidth figure into p: the kinds of line, api groups
 * and panel titles, the band candidates and which coincide
 * (coincide_find), the bars' tally.  -1 when out of memory; bw_plan_free
 * after, either way.
 */
int bw_plan_make(struct bw_plan *p, const struct plot_input *in);
void bw_plan_free(struct bw_plan *p);

/* Is curve c drawn in its panel's band? */
int bw_is_member(const struct bw_plan *p, size_t c);

/* The row of fits.csv of regime (enum fit_regime_id) for the curve starting at row r, or NULL. */
const struct fit_row *bw_find_fit(const struct plot_input *in, const struct plot_row *r, int regime);

/* The bandwidth figure's reading (fig_bandwidth_reading.c): its curves' shapes, then what its
   notes leave out. */
void bw_read(struct reading *t, const struct plot_input *in);

#endif
