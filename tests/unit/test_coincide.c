/*
 * test_coincide.c - series that coincide (analysis/coincide.h) against
 * values worked by hand: three kinds at sizes 1, 2, 3 with medians
 * 10/11/12, 20/21/22 and 30/31/33 coincide (the farthest is 1/11 of their
 * median at size 1), a fourth at twice them is left out, two are too few;
 * the merged line's median, range, bar ends and spread; a kind apart in
 * one group of a scope is apart in all of it; the list form.
 */
#include "check.h"
#include "analysis/coincide.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double X[3] = {1, 2, 3};
static const double A[3] = {10, 20, 30}, B[3] = {11, 21, 31}, C[3] = {12, 22, 33};
static const double D[3] = {20, 40, 60};

static struct co_series series(int kind, int group, const double *y)
{
    return (struct co_series){kind, group, "panel", 3, X, y, 0, NULL, NULL, kind, NULL, 0};
}

static void check_find(void)
{
    struct co_series s[4] = {series(ALLOC_PINNED, 0, A), series(ALLOC_MALLOCHOST, 0, B),
                             series(ALLOC_REGISTERED, 0, C), series(ALLOC_MAPPED, 0, D)};
    size_t groups = coincide_find(s, 4, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    CHECK("find: one merged line", groups == 1 && coincide_has(s, 4, 0), "%zu", groups);
    CHECK("find: the three within 15 % are members, the one at twice them is not",
          s[0].member && s[1].member && s[2].member && !s[3].member, "%d %d %d %d", s[0].member,
          s[1].member, s[2].member, s[3].member);
    double x, m, lo, hi;
    size_t k = coincide_at(s, 4, 0, 0, &x, &m, &lo, &hi);
    CHECK("at point 0: 3 members, size 1, median 11, range 10-12",
          k == 3 && x == 1 && m == 11 && lo == 10 && hi == 12, "k %zu x %g m %g lo %g hi %g", k, x,
          m, lo, hi);
    k = coincide_at(s, 4, 0, 2, &x, &m, &lo, &hi);
    CHECK("at point 2: median 31, range 30-33", k == 3 && m == 31 && lo == 30 && hi == 33,
          "k %zu m %g lo %g hi %g", k, m, lo, hi);
    CHECK("points: 3", coincide_points(s, 4, 0) == 3, "%zu", coincide_points(s, 4, 0));
    CHECK("spread: the farthest member's distance, 1/11 at size 1",
          coincide_spread(s, 4, 0, 0) == 1.0 / 11, "%.17g", coincide_spread(s, 4, 0, 0));
    CHECK("spread from size 2: 2/31 (33 at size 3)", coincide_spread(s, 4, 0, 2) == 2.0 / 31,
          "%.17g", coincide_spread(s, 4, 0, 2));
    k = coincide_at_size(s, 4, 0, 2, &m);
    CHECK("at size 2: median 21", k == 3 && m == 21, "k %zu m %g", k, m);
    k = coincide_at_size(s, 4, 0, 5, &m);
    CHECK("at a size not drawn: none, NaN", k == 0 && isnan(m), "k %zu m %g", k, m);
    char names[128], want[128];
    coincide_names(s, 4, 0, names, sizeof(names));
    snprintf(want, sizeof(want), "%s, %s, %s", schema_value_name(AXIS_ALLOC, ALLOC_PINNED),
             schema_value_name(AXIS_ALLOC, ALLOC_MALLOCHOST),
             schema_value_name(AXIS_ALLOC, ALLOC_REGISTERED));
    CHECK("names: the members in schema order", strcmp(names, want) == 0, "'%s'", names);
    CHECK("spread from size 1, its own first size: 1/11", coincide_spread(s, 4, 0, 1) == 1.0 / 11,
          "%.17g", coincide_spread(s, 4, 0, 1));
    /* an even number of members: the median is the mean of the middle two */
    static const double F[3] = {11.5, 21.5, 32};
    struct co_series even[4] = {series(ALLOC_PINNED, 0, A), series(ALLOC_MALLOCHOST, 0, B),
                                series(ALLOC_REGISTERED, 0, C), series(ALLOC_PORTABLE, 0, F)};
    coincide_find(even, 4, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    coincide_at(even, 4, 0, 0, &x, &m, &lo, &hi);
    CHECK("four members at point 0 (10, 11, 11.5, 12): median 11.25", m == 11.25, "%g", m);
    struct co_series two[2] = {series(ALLOC_PINNED, 0, A), series(ALLOC_MALLOCHOST, 0, B)};
    CHECK("two series: too few for a merged line",
          coincide_find(two, 2, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS) == 0 && !two[0].member &&
              !two[1].member,
          "merged");
    struct co_series tight[3] = {series(ALLOC_PINNED, 0, A), series(ALLOC_MALLOCHOST, 0, B),
                                 series(ALLOC_REGISTERED, 0, C)};
    CHECK("tolerance under the spread (1/11 > 0.09): no merged line",
          coincide_find(tight, 3, 0.09, 3) == 0, "merged");
    CHECK("tolerance over the spread (0.091 > 1/11): merged",
          coincide_find(tight, 3, 0.091, 3) == 1, "not merged");
    CHECK("tolerance equal to the spread (1/11): merged", coincide_find(tight, 3, 1.0 / 11, 3) == 1,
          "not merged");
}

static void check_bar_ends(void)
{
    const double alo[3] = {9, 19, 29}, ahi[3] = {11, 21, 35}, bhi[3] = {13, 23, 32};
    struct co_series s[3] = {series(ALLOC_PINNED, 0, A), series(ALLOC_MALLOCHOST, 0, B),
                             series(ALLOC_REGISTERED, 0, C)};
    s[0].lo = alo;
    s[0].hi = ahi;
    s[1].lo = B; /* bars from its value up */
    s[1].hi = bhi;
    coincide_find(s, 3, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    double lo, hi;
    size_t k = coincide_bar_ends(s, 3, 0, 0, &lo, &hi);
    CHECK("bar ends at point 0: lowest lo 9, highest hi 13 (a member without bars: its value)",
          k == 3 && lo == 9 && hi == 13, "k %zu lo %g hi %g", k, lo, hi);
    coincide_bar_ends(s, 3, 0, 2, &lo, &hi);
    CHECK("bar ends at point 2: 29 and 35", lo == 29 && hi == 35, "lo %g hi %g", lo, hi);
}

/* Group 0: A, B, C coincide; group 1 (the same scope): A, B, E do, C is apart there. */
static void check_scope(void)
{
    static const double C1[3] = {30, 60, 90}, E[3] = {10.5, 20.5, 30.5};
    struct co_series s[7] = {series(ALLOC_PINNED, 0, A),     series(ALLOC_MALLOCHOST, 0, B),
                             series(ALLOC_REGISTERED, 0, C), series(ALLOC_PINNED, 1, A),
                             series(ALLOC_MALLOCHOST, 1, B), series(ALLOC_REGISTERED, 1, C1),
                             series(ALLOC_PORTABLE, 1, E)};
    size_t groups = coincide_find(s, 7, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    CHECK("scope: a kind apart in group 1 is apart in group 0 too, which is left with two",
          groups == 1 && !coincide_has(s, 7, 0) && coincide_has(s, 7, 1) && !s[2].member &&
              !s[5].member && s[3].member && s[4].member && s[6].member,
          "groups %zu has0 %d has1 %d", groups, coincide_has(s, 7, 0), coincide_has(s, 7, 1));
    s[3].scope = s[4].scope = s[5].scope = s[6].scope = 1;
    groups = coincide_find(s, 7, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    CHECK("scopes apart: each group decides alone", groups == 2 && s[2].member && !s[5].member,
          "groups %zu", groups);
}

static void check_list(void)
{
    struct co_list l = {0};
    int rc = coincide_add(&l, ALLOC_PINNED, 0, "p", 10, 3, X, A, NULL, NULL) |
             coincide_add(&l, ALLOC_MALLOCHOST, 0, "p", 11, 3, X, B, NULL, NULL) |
             coincide_add(&l, ALLOC_REGISTERED, 0, "p", 12, 3, X, C, NULL, NULL) |
             coincide_add(&l, ALLOC_MAPPED, 0, "p", 13, 3, X, D, NULL, NULL);
    size_t groups = coincide_list_find(&l, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    CHECK("list: one merged line of tags 10-12, not 13",
          rc == 0 && groups == 1 && coincide_member(&l, 0, 10) && coincide_member(&l, 0, 12) &&
              !coincide_member(&l, 0, 13) && !coincide_member(&l, 1, 10),
          "rc %d groups %zu", rc, groups);
    double lo, hi;
    coincide_bar_ends(l.s, l.n, 0, 1, &lo, &hi);
    CHECK("list: without bars, the bar ends are the values' range", lo == 20 && hi == 22,
          "lo %g hi %g", lo, hi);
    coincide_list_free(&l);
    CHECK("list: freed", l.s == NULL && l.n == 0, "not reset");
}

int main(void)
{
    check_find();
    check_bar_ends();
    check_scope();
    check_list();
    return check_exit();
}
