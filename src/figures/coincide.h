/*
 * coincide.h - series that coincide: the page-locked kinds of a panel whose
 * medians agree within a stated tolerance at every size, drawn as one
 * labelled line (or band) in place of one line each, the exceptions drawn
 * apart.  The bandwidth figure's band, the latency, speedup and compare
 * figures' merged lines all come from here.
 */
#ifndef PINSWEEP_COINCIDE_H
#define PINSWEEP_COINCIDE_H

#include "figures/kit/figure.h"

#include <stddef.h>

/*
 * Members of a merged line: within this share of the members' median at
 * every size.  Small copies of page-locked kinds differ by up to ~10% within
 * a run (README, "Comparing machines"); the key entry says how far apart the
 * members really are.
 */
#define COINCIDE_TOLERANCE 0.12
/* The fewest members a merged line has: two coinciding lines are still told apart. */
#define COINCIDE_MIN_MEMBERS 3
/* The most kinds (alloc kinds) that can be told apart, and the most points of a series. */
#define COINCIDE_MAX_KINDS 64

/* One series of a figure that may coincide with others of its group. */
struct co_series {
    int kind;           /* an alloc kind: what the members are called */
    int group;          /* series of one group may merge: a panel (and a kind of line) */
    const char *panel;  /* the title of its panel, for the key (kept: a long-lived string) */
    size_t n;           /* its points */
    const double *x;    /* their sizes (or counts), ascending; the caller's */
    const double *y;    /* their values (> 0; NaN: not measured); the caller's */
    int member;         /* set by coincide_find: drawn in its group's merged line */
};

/*
 * Find the merged lines of the n series: in each group, the series of the
 * same sizes whose values stay within tol of their median at every size,
 * at least min_members of them (the farthest is left out until the rest
 * agree).  A kind is in the merged line of every group it is drawn in that
 * has one, or in none: a kind left out of one group's is drawn apart in all
 * (so that a kind has one look across the figure).  Sets each member.
 * Returns how many groups have a merged line.
 */
size_t coincide_find(struct co_series *s, size_t n, double tol, size_t min_members);

/* Has group g a merged line? */
int coincide_has(const struct co_series *s, size_t n, int group);

/*
 * At point i of group g's merged line (its members share their sizes): the
 * median of the members' values, their lowest and highest; the size in *x.
 * Returns the members' count.
 */
size_t coincide_at(const struct co_series *s, size_t n, int group, size_t i, double *x,
                   double *median, double *lo, double *hi);

/* The points of group g's merged line (its first member's); 0 when it has none. */
size_t coincide_points(const struct co_series *s, size_t n, int group);

/*
 * The largest distance of a member of group g from the members' median, as
 * a share of it, over the sizes >= from (0: all).
 */
double coincide_spread(const struct co_series *s, size_t n, int group, double from);

/* "pinned, mallochost, registered": the members of group g, in schema order, into buf. */
void coincide_names(const struct co_series *s, size_t n, int group, char *buf, size_t len);

/*
 * The key entries of the merged lines, drawn as style: one per distinct
 * set of members, titled "N page-locked kinds within X%: a, b, c" (X the
 * largest spread of those groups, with " (Y% from 1M)" when from > 0 and
 * the spread from there is smaller), prefixed with the panels' titles when
 * the sets differ between panels.  At most max into out; how many.
 */
size_t coincide_keys(const struct co_series *s, size_t n, const struct fig_style *style,
                     double from, struct fig_style *out, size_t max);

#endif
