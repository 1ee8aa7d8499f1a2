/*
 * coincide.c - series that coincide: which do, and their merged line's
 * numbers (see coincide.h).
 */
#include "analysis/coincide.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int same_sizes(const struct co_series *a, const struct co_series *b)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++)
        if (a->x[i] != b->x[i])
            return 0;
    return 1;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of the values at point i of the series idx[0..k). */
static double median_at(const struct co_series *s, const size_t *idx, size_t k, size_t i)
{
    double v[COINCIDE_MAX_KINDS];
    size_t m = 0;
    for (size_t j = 0; j < k && m < COINCIDE_MAX_KINDS; j++)
        v[m++] = s[idx[j]].y[i];
    qsort(v, m, sizeof(v[0]), cmp_dbl);
    return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

/* Series c's largest distance from the median of idx[0..k) from size from on (INFINITY: none). */
static double distance(const struct co_series *s, const size_t *idx, size_t k, size_t c,
                       double from)
{
    double d = 0;
    for (size_t i = 0; i < s[c].n; i++) {
        double m = median_at(s, idx, k, i), y = s[c].y[i];
        if (s[c].x[i] < from)
            continue;
        if (!(m > 0) || isnan(y))
            return INFINITY;
        d = fmax(d, fabs(y - m) / m);
    }
    return d;
}

/* The members of group g into idx (at most COINCIDE_MAX_KINDS); how many. */
static size_t members_of(const struct co_series *s, size_t n, int g, size_t *idx)
{
    size_t k = 0;
    for (size_t c = 0; c < n && k < COINCIDE_MAX_KINDS; c++)
        if (s[c].group == g && s[c].member)
            idx[k++] = c;
    return k;
}

/* Group g's merged line with the kinds not excluded: mark its members. */
static void find_group(struct co_series *s, size_t n, int g, const int *excluded, double tol,
                       size_t min_members)
{
    size_t idx[COINCIDE_MAX_KINDS], k = 0;
    for (size_t c = 0; c < n && k < COINCIDE_MAX_KINDS; c++)
        if (s[c].group == g && !excluded[s[c].kind] && s[c].n > 0 &&
            (k == 0 || same_sizes(&s[idx[0]], &s[c])))
            idx[k++] = c;
    while (k >= min_members) {
        size_t worst = 0;
        double far = -1;
        for (size_t j = 0; j < k; j++) {
            double d = distance(s, idx, k, idx[j], 0);
            if (d > far) {
                far = d;
                worst = j;
            }
        }
        if (far <= tol)
            break;
        idx[worst] = idx[--k];
    }
    for (size_t j = 0; k >= min_members && j < k; j++)
        s[idx[j]].member = 1;
}

/* Is kind a member of some merged line of scope? */
static int member_somewhere(const struct co_series *s, size_t n, int kind, int scope)
{
    for (size_t c = 0; c < n; c++)
        if (s[c].member && s[c].kind == kind && s[c].scope == scope)
            return 1;
    return 0;
}

size_t coincide_find(struct co_series *s, size_t n, double tol, size_t min_members)
{
    int excluded[COINCIDE_SCOPES][COINCIDE_MAX_KINDS] = {{0}}, changed = 1;
    size_t groups = 0;
    if (min_members < 2)
        min_members = 2;
    for (size_t c = 0; c < n; c++)
        if (s[c].kind < 0 || s[c].kind >= COINCIDE_MAX_KINDS || s[c].scope < 0 ||
            s[c].scope >= COINCIDE_SCOPES)
            return 0;
    while (changed) {
        changed = 0;
        groups = 0;
        for (size_t c = 0; c < n; c++)
            s[c].member = 0;
        for (size_t c = 0; c < n; c++) {
            size_t d = 0;
            while (d < c && s[d].group != s[c].group)
                d++;
            if (d == c) /* the first series of its group */
                find_group(s, n, s[c].group, excluded[s[c].scope], tol, min_members);
        }
        /* A kind drawn apart beside a merged line it is a member of elsewhere in the scope:
           apart in all the scope's groups. */
        for (size_t c = 0; c < n; c++)
            if (!s[c].member && !excluded[s[c].scope][s[c].kind] &&
                coincide_has(s, n, s[c].group) && member_somewhere(s, n, s[c].kind, s[c].scope)) {
                excluded[s[c].scope][s[c].kind] = 1;
                changed = 1;
            }
    }
    for (size_t c = 0; c < n; c++) {
        size_t d = 0;
        while (d < c && s[d].group != s[c].group)
            d++;
        groups += d == c && coincide_has(s, n, s[c].group);
    }
    return groups;
}

int coincide_has(const struct co_series *s, size_t n, int group)
{
    for (size_t c = 0; c < n; c++)
        if (s[c].group == group && s[c].member)
            return 1;
    return 0;
}

size_t coincide_points(const struct co_series *s, size_t n, int group)
{
    for (size_t c = 0; c < n; c++)
        if (s[c].group == group && s[c].member)
            return s[c].n;
    return 0;
}

size_t coincide_at(const struct co_series *s, size_t n, int group, size_t i, double *x,
                   double *median, double *lo, double *hi)
{
    size_t idx[COINCIDE_MAX_KINDS], k = members_of(s, n, group, idx);
    *x = *median = *lo = *hi = NAN;
    if (k == 0 || i >= s[idx[0]].n)
        return 0;
    *x = s[idx[0]].x[i];
    *median = median_at(s, idx, k, i);
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t j = 0; j < k; j++) {
        *lo = fmin(*lo, s[idx[j]].y[i]);
        *hi = fmax(*hi, s[idx[j]].y[i]);
    }
    return k;
}

size_t coincide_bar_ends(const struct co_series *s, size_t n, int group, size_t i, double *lo,
                         double *hi)
{
    size_t idx[COINCIDE_MAX_KINDS], k = members_of(s, n, group, idx);
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t j = 0; j < k; j++) {
        *lo = fmin(*lo, s[idx[j]].lo ? s[idx[j]].lo[i] : s[idx[j]].y[i]);
        *hi = fmax(*hi, s[idx[j]].hi ? s[idx[j]].hi[i] : s[idx[j]].y[i]);
    }
    return k;
}

size_t coincide_at_size(const struct co_series *s, size_t n, int group, double x, double *median)
{
    double at, lo, hi;
    for (size_t i = 0, m = coincide_points(s, n, group); i < m; i++) {
        size_t k = coincide_at(s, n, group, i, &at, median, &lo, &hi);
        if (at == x)
            return k;
    }
    *median = NAN;
    return 0;
}

double coincide_spread(const struct co_series *s, size_t n, int group, double from)
{
    size_t idx[COINCIDE_MAX_KINDS], k = members_of(s, n, group, idx);
    double d = 0;
    for (size_t j = 0; j < k; j++)
        d = fmax(d, distance(s, idx, k, idx[j], from));
    return d;
}

/* The kinds of group g's members as flags. */
static void member_kinds(const struct co_series *s, size_t n, int g, int kinds[COINCIDE_MAX_KINDS])
{
    memset(kinds, 0, COINCIDE_MAX_KINDS * sizeof(kinds[0]));
    for (size_t c = 0; c < n; c++)
        if (s[c].group == g && s[c].member)
            kinds[s[c].kind] = 1;
}

static void names_of(const int kinds[COINCIDE_MAX_KINDS], char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int a = 0; a < ALLOC_COUNT && used < len; a++)
        if (kinds[a])
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
                                     schema_value_name(AXIS_ALLOC, a));
}

void coincide_names(const struct co_series *s, size_t n, int group, char *buf, size_t len)
{
    int kinds[COINCIDE_MAX_KINDS];
    member_kinds(s, n, group, kinds);
    names_of(kinds, buf, len);
}

int coincide_add(struct co_list *l, int kind, int group, const char *panel, long tag, size_t n,
                 const double *x, const double *y, const double *lo, const double *hi)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        struct co_series *s = realloc(l->s, cap * sizeof(*s));
        size_t *off = s ? realloc(l->off, cap * sizeof(*off)) : NULL;
        if (s)
            l->s = s;
        if (!s || !off)
            return -1;
        l->off = off;
        l->cap = cap;
    }
    if (l->nv + 4 * n > l->cap_v) {
        size_t cap = l->cap_v ? 2 * l->cap_v : 256;
        while (cap < l->nv + 4 * n)
            cap *= 2;
        double *v = realloc(l->v, cap * sizeof(*v));
        if (!v)
            return -1;
        l->v = v;
        l->cap_v = cap;
    }
    double *v = l->v + l->nv;
    for (size_t i = 0; i < n; i++) {
        v[i] = x[i];
        v[n + i] = y[i];
        v[2 * n + i] = lo ? lo[i] : y[i];
        v[3 * n + i] = hi ? hi[i] : y[i];
    }
    l->off[l->n] = l->nv;
    l->s[l->n++] =
        (struct co_series){kind, group, panel, n, NULL, NULL, 0, NULL, NULL, tag, NULL, 0};
    l->nv += 4 * n;
    return 0;
}

void coincide_scope(struct co_list *l, const char *line, int scope)
{
    if (l->n) {
        l->s[l->n - 1].line = line;
        l->s[l->n - 1].scope = scope;
    }
}

size_t coincide_list_find(struct co_list *l, double tol, size_t min_members)
{
    for (size_t i = 0; i < l->n; i++) {
        double *v = l->v + l->off[i];
        size_t n = l->s[i].n;
        l->s[i].x = v;
        l->s[i].y = v + n;
        l->s[i].lo = v + 2 * n;
        l->s[i].hi = v + 3 * n;
    }
    return coincide_find(l->s, l->n, tol, min_members);
}

int coincide_member(const struct co_list *l, int group, long tag)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->s[i].group == group && l->s[i].tag == tag)
            return l->s[i].member;
    return 0;
}

void coincide_list_free(struct co_list *l)
{
    free(l->s);
    free(l->v);
    free(l->off);
    memset(l, 0, sizeof(*l));
}
