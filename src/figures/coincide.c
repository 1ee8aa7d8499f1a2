/*
 * coincide.c - series that coincide, drawn as one line (see coincide.h).
 */
#include "figures/coincide.h"
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

/* The largest distance of series c from the median of idx[0..k) at sizes >= from; INFINITY: unusable. */
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

/* Is kind a member of some group's merged line? */
static int member_somewhere(const struct co_series *s, size_t n, int kind)
{
    for (size_t c = 0; c < n; c++)
        if (s[c].member && s[c].kind == kind)
            return 1;
    return 0;
}

size_t coincide_find(struct co_series *s, size_t n, double tol, size_t min_members)
{
    int excluded[COINCIDE_MAX_KINDS] = {0}, changed = 1;
    size_t groups = 0;
    if (min_members < 2)
        min_members = 2;
    for (size_t c = 0; c < n; c++)
        if (s[c].kind < 0 || s[c].kind >= COINCIDE_MAX_KINDS)
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
                find_group(s, n, s[c].group, excluded, tol, min_members);
        }
        /* A kind drawn apart beside a merged line it is a member of elsewhere: apart everywhere. */
        for (size_t c = 0; c < n; c++)
            if (!s[c].member && !excluded[s[c].kind] && coincide_has(s, n, s[c].group) &&
                member_somewhere(s, n, s[c].kind)) {
                excluded[s[c].kind] = 1;
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

/* One set of members and what it gathers: its spreads and the panels it is in. */
struct co_set {
    int kinds[COINCIDE_MAX_KINDS];
    double all, from;
    const char *panels[8];
    size_t npanels;
};

size_t coincide_keys(const struct co_series *s, size_t n, const struct fig_style *style,
                     double from, struct fig_style *out, size_t max)
{
    struct co_set sets[16];
    size_t nsets = 0, nout = 0;
    for (size_t c = 0; c < n; c++) {
        size_t d = 0, k = 0;
        int kinds[COINCIDE_MAX_KINDS];
        while (d < c && s[d].group != s[c].group)
            d++;
        if (d != c || !coincide_has(s, n, s[c].group))
            continue;
        member_kinds(s, n, s[c].group, kinds);
        while (k < nsets && memcmp(sets[k].kinds, kinds, sizeof(kinds)) != 0)
            k++;
        if (k == nsets && nsets == sizeof(sets) / sizeof(sets[0]))
            continue;
        if (k == nsets)
            sets[nsets++] = (struct co_set){.all = 0, .from = 0};
        struct co_set *t = &sets[k];
        memcpy(t->kinds, kinds, sizeof(kinds));
        t->all = fmax(t->all, coincide_spread(s, n, s[c].group, 0));
        t->from = fmax(t->from, coincide_spread(s, n, s[c].group, from));
        size_t p = 0;
        while (p < t->npanels && strcmp(t->panels[p], s[c].panel ? s[c].panel : "") != 0)
            p++;
        if (p == t->npanels && p < sizeof(t->panels) / sizeof(t->panels[0]))
            t->panels[t->npanels++] = s[c].panel ? s[c].panel : "";
    }
    for (size_t k = 0; k < nsets && nout < max; k++) {
        struct fig_style *e = &out[nout++];
        char names[128], where[128] = "", spread[48];
        size_t used = 0, count = 0;
        for (int a = 0; a < COINCIDE_MAX_KINDS; a++)
            count += sets[k].kinds[a] != 0;
        names_of(sets[k].kinds, names, sizeof(names));
        for (size_t p = 0; nsets > 1 && p < sets[k].npanels && used < sizeof(where); p++)
            used += (size_t)snprintf(where + used, sizeof(where) - used, "%s%s", p ? ", " : "",
                                     sets[k].panels[p]);
        if (used && used < sizeof(where))
            snprintf(where + used, sizeof(where) - used, ": ");
        /* from 1M when it is smaller as written (to 0.1 %) */
        if (from > 0 && round(1000 * sets[k].from) < round(1000 * sets[k].all))
            snprintf(spread, sizeof(spread), "within %.1f%% (%.1f%% from 1M)",
                     fmax(100 * sets[k].all, 0.1), fmax(100 * sets[k].from, 0.1));
        else
            snprintf(spread, sizeof(spread), "within %.1f%%", fmax(100 * sets[k].all, 0.1));
        char title[400];
        int len = snprintf(title, sizeof(title), "%s%zu page-locked kinds %s: %s", where, count,
                           spread, names);
        *e = *style;
        if (len >= (int)sizeof(e->title)) /* cut short: say so */
            memcpy(title + sizeof(e->title) - 4, "...", 4);
        memcpy(e->title, title, sizeof(e->title));
        e->title[sizeof(e->title) - 1] = '\0';
    }
    return nout;
}
