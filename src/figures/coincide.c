/*
 * coincide.c - series that coincide, drawn as one line (see coincide.h):
 * the merged lines' key entries and blocks.
 */
#include "figures/coincide.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The merged lines of one scope: their kinds, where each is a member, their spreads. */
struct co_set {
    int scope;
    const char *line;
    int kinds[COINCIDE_MAX_KINDS];             /* in how many of the scope's merged lines */
    const char *panels[COINCIDE_MAX_KINDS][8]; /* the panels of each kind's merged lines */
    size_t ngroups;
    double all, from;
};

/* Add the panel title t to the list p of n (at most 8), once. */
static void add_panel(const char *p[8], int *n, const char *t)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(p[i], t))
            return;
    if (*n < 8)
        p[(*n)++] = t;
}

/* "registered-readonly (host → device)": kind a, with the panels it is in when not all. */
static size_t set_names(const struct co_set *t, char *buf, size_t len)
{
    size_t used = 0, count = 0;
    buf[0] = '\0';
    for (int a = 0; a < ALLOC_COUNT && used < len; a++) {
        if (!t->kinds[a])
            continue;
        count++;
        used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
                                 schema_value_name(AXIS_ALLOC, a));
        if ((size_t)t->kinds[a] == t->ngroups || used >= len)
            continue;
        for (int p = 0; p < 8 && t->panels[a][p] && used < len; p++)
            used +=
                (size_t)snprintf(buf + used, len - used, "%s%s", p ? ", " : " (", t->panels[a][p]);
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, ")");
    }
    return count;
}

size_t coincide_keys(const struct co_series *s, size_t n, const struct fig_style *style,
                     double from, struct fig_style *out, size_t max)
{
    struct co_set sets[COINCIDE_SCOPES];
    size_t nsets = 0, nout = 0;
    for (size_t c = 0; c < n; c++) {
        size_t d = 0, k = 0;
        while (d < c && s[d].group != s[c].group)
            d++;
        if (d != c || !coincide_has(s, n, s[c].group))
            continue;
        while (k < nsets && sets[k].scope != s[c].scope)
            k++;
        if (k == nsets) {
            memset(&sets[k], 0, sizeof(sets[k]));
            sets[nsets++].scope = s[c].scope;
            sets[k].line = s[c].line;
        }
        struct co_set *t = &sets[k];
        t->ngroups++;
        t->all = fmax(t->all, coincide_spread(s, n, s[c].group, 0));
        t->from = fmax(t->from, coincide_spread(s, n, s[c].group, from));
        for (size_t m = 0; m < n; m++)
            if (s[m].group == s[c].group && s[m].member) {
                int np = 0;
                while (np < 8 && t->panels[s[m].kind][np])
                    np++;
                t->kinds[s[m].kind]++;
                add_panel(t->panels[s[m].kind], &np, s[c].panel ? s[c].panel : "");
            }
    }
    /* Scopes whose lines gather the same kinds (in the same panels) share one entry: the
       notes tell their dashes apart; its spread is the largest of theirs. */
    for (size_t k = 0; k < nsets; k++)
        for (size_t j = k + 1; j < nsets;) {
            int same = memcmp(sets[k].kinds, sets[j].kinds, sizeof(sets[k].kinds)) == 0 &&
                       sets[k].ngroups * sets[j].ngroups > 0;
            for (int a = 0; a < COINCIDE_MAX_KINDS && same; a++)
                for (int p = 0; p < 8 && same; p++)
                    same = (sets[k].kinds[a] == (int)sets[k].ngroups) ==
                               (sets[j].kinds[a] == (int)sets[j].ngroups) &&
                           !sets[k].panels[a][p] == !sets[j].panels[a][p] &&
                           (!sets[k].panels[a][p] ||
                            !strcmp(sets[k].panels[a][p], sets[j].panels[a][p]));
            if (!same) {
                j++;
                continue;
            }
            sets[k].all = fmax(sets[k].all, sets[j].all);
            sets[k].from = fmax(sets[k].from, sets[j].from);
            sets[j] = sets[--nsets];
        }
    for (size_t k = 0; k < nsets && nout < max; k++) {
        struct fig_style *e = &out[nout++];
        char names[400], spread[48], title[600];
        size_t count = set_names(&sets[k], names, sizeof(names));
        /* from 1M when it is smaller as written (to 0.1 %) */
        if (from > 0 && round(1000 * sets[k].from) < round(1000 * sets[k].all))
            snprintf(spread, sizeof(spread), "within %.1f%% (%.1f%% from 1M)",
                     fmax(100 * sets[k].all, 0.1), fmax(100 * sets[k].from, 0.1));
        else
            snprintf(spread, sizeof(spread), "within %.1f%%", fmax(100 * sets[k].all, 0.1));
        int len =
            snprintf(title, sizeof(title), "%zu page-locked kinds %s: %s", count, spread, names);
        *e = *style;
        if (sets[k].line)
            e->line = sets[k].line;
        if (len >= (int)sizeof(e->title)) /* cut short: say so */
            memcpy(title + sizeof(e->title) - 4, "...", 4);
        memcpy(e->title, title, sizeof(e->title));
        e->title[sizeof(e->title) - 1] = '\0';
    }
    return nout;
}

int coincide_block(struct fig *g, FILE *f, const struct co_series *s, size_t n, int group,
                   const struct fig_style *style, int bars)
{
    size_t points = coincide_points(s, n, group);
    char what[200];
    if (!coincide_has(s, n, group))
        return 0;
    snprintf(what, sizeof(what), "the median of the members' values; members: ");
    coincide_names(s, n, group, what + strlen(what), sizeof(what) - strlen(what));
    if (fig_block(g, f, style, what) < 0)
        return -1;
    for (size_t i = 0; i < points; i++) {
        double x, m, lo, hi;
        coincide_at(s, n, group, i, &x, &m, &lo, &hi);
        fprintf(f, x == floor(x) ? "%.0f" : "%.6g", x);
        if (!bars || bars == 3) { /* 3: bars of no length, for a panel drawn with bars */
            fprintf(f, bars ? " %.6g %.6g %.6g\n" : " %.6g\n", m, m, m);
            fig_extend(g, x, m);
            continue;
        }
        coincide_bar_ends(s, n, group, i, &lo, &hi);
        fprintf(f, " %.6g %.6g %.6g\n", m, lo, hi);
        fig_extend(g, x, bars == 2 ? m : hi);
        fig_extend(g, x, bars == 2 ? m : lo);
    }
    return 1;
}
