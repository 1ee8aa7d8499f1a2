/*
 * coincide.h - series that coincide: the page-locked kinds of a panel whose
 * medians agree within a stated tolerance at every size, which a figure
 * draws as one labelled line (or band) in place of one line each, the
 * exceptions apart.  Which series coincide, their merged line's median,
 * range, bar ends and spread are computed here; figures/coincide.h draws
 * them (the bandwidth figure's band, the latency, speedup and compare
 * figures' merged lines).
 */
#ifndef PINSWEEP_ANALYSIS_COINCIDE_H
#define PINSWEEP_ANALYSIS_COINCIDE_H

#include <stddef.h>

/*
 * Members of a merged line: within this share of the members' median at
 * every size.  Small copies of page-locked kinds differ by up to ~10% within
 * a run and ~18% between runs (docs/comparing.md); the key entry
 * says how far apart the members really are.
 */
#define COINCIDE_TOLERANCE 0.15
/*
 * The same for the ratio of two machines' bandwidths (compare-ratio), which
 * carries the noise of both runs.
 */
#define COINCIDE_TOLERANCE_TIME 0.25
/*
 * The same for the time of a small copy (the latency figure): what one
 * kind's own median varies from run to run.  In the four reference runs of
 * one H200 (default, default-lease1, alloc-cost, full-sweep) the same
 * page-locked kind's time per copy up to 16 MiB differed from the runs'
 * median by up to 19.0 % (pipelined; registered h2d at 16 KiB: 8.71-10.51
 * µs) and 20.9 % (round trip), while the kinds of one run lay within
 * 15.3 % (pipelined) and 24.4 % (round trip) of theirs: a difference
 * between kinds under 20 % is one a second run of the same kind can show,
 * not a property of the kind.  A kind farther from the others is drawn
 * apart; the key entry says how far apart the members are.
 */
#define COINCIDE_TOLERANCE_LATENCY 0.20
/* The fewest members a merged line has: two coinciding lines are still told apart. */
#define COINCIDE_MIN_MEMBERS 3
/* The most kinds (alloc kinds) that can be told apart, and the most points of a series. */
#define COINCIDE_MAX_KINDS 64

/* One series of a figure that may coincide with others of its group. */
struct co_series {
    int kind;              /* an alloc kind: what the members are called */
    int group;             /* series of one group may merge: a panel (and a kind of line) */
    const char *panel;     /* the title of its panel, for the key (kept: a long-lived string) */
    size_t n;              /* its points */
    const double *x;       /* their sizes (or counts), ascending; the caller's */
    const double *y;       /* their values (> 0; NaN: not measured); the caller's */
    int member;            /* set by coincide_find: drawn in its group's merged line */
    const double *lo, *hi; /* each value's interval (bars), or NULL */
    long tag;              /* the caller's: which curve it is */
    /* The kind of line its group's merged line is (its key entry's dash; NULL: the style's),
       and its scope: the groups of one scope (0..COINCIDE_SCOPES-1), the panels of one kind of
       line, keep a kind in or out of all their merged lines. */
    const char *line;
    int scope;
};
#define COINCIDE_SCOPES 8

/*
 * Find the merged lines of the n series: in each group, the series of the
 * same sizes whose values stay within tol of their median at every size,
 * at least min_members of them (the farthest is left out until the rest
 * agree).  A kind is in the merged line of every group of a scope it is
 * drawn in that has one, or in none: a kind left out of one group's is
 * drawn apart in all of its scope (so that a kind has one look across the
 * panels).  Sets each member.
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

/*
 * At point i of group g's merged line: the lowest of its members' bar
 * ends into *lo and the highest into *hi (a member's lo and hi, or its
 * value where it has no bars).  Returns the members' count.
 */
size_t coincide_bar_ends(const struct co_series *s, size_t n, int group, size_t i, double *lo,
                         double *hi);

/*
 * Group g's merged line at size x: the median of its members' values there
 * into *median; returns the members' count, 0 (and NaN) when g has no
 * merged line or no point at x.
 */
size_t coincide_at_size(const struct co_series *s, size_t n, int group, double x, double *median);

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
 * Series gathered one by one, their values copied (struct co_list): add
 * each, then coincide_list_find; the series are list.s[0..list.n).
 */
struct co_list {
    struct co_series *s;
    size_t n, cap;
    double *v; /* every series' x, y, lo, hi */
    size_t nv, cap_v;
    size_t *off; /* where series i's values start in v */
};

/*
 * Add a series of n points x, y (and bars lo, hi, which may be NULL); -1
 * when out of memory.  panel must outlive the list.
 */
int coincide_add(struct co_list *l, int kind, int group, const char *panel, long tag, size_t n,
                 const double *x, const double *y, const double *lo, const double *hi);

/* The last series added: its line and scope (coincide_find). */
void coincide_scope(struct co_list *l, const char *line, int scope);

/* Point the series at their values and find the merged lines (coincide_find). */
size_t coincide_list_find(struct co_list *l, double tol, size_t min_members);

/* Is the series of group and tag in its group's merged line? */
int coincide_member(const struct co_list *l, int group, long tag);

void coincide_list_free(struct co_list *l);

#endif
