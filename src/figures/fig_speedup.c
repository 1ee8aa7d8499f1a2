/*
 * fig_speedup.c - how many times faster each page-locked kind copies than pageable
 * memory (see fig_speedup.h).
 */
#include "figures/fig_speedup.h"
#include "analysis/interval.h"
#include "figures/figdef.h"
#include "figures/coincide.h"
#include "figures/curves.h"
#include "figures/kit/legend.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- speedup: page-locked over pageable ---- */

/* Sizes at which both curves have a row. */
static size_t common_sizes(const struct plot_input *in, const struct plot_curve *c,
                           const struct plot_curve *base)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        n += curve_row_at(in, base, in->rows[c->first + i].size_bytes) != NULL;
    return n;
}

/*
 * Curve c's gbps_median over the pageable curve base's, size by size, with
 * the ratio's interval (interval_ratio: on the log scale, never below 0),
 * into x, y, lo, hi (c->n each), both sides' intervals tallied into t (may
 * be NULL); how many sizes both have.
 */
static size_t speedup_values(const struct plot_input *in, const struct plot_curve *c,
                             const struct plot_curve *base, double *x, double *y, double *lo,
                             double *hi, struct interval_tally *t)
{
    const struct plot_row *first = &in->rows[c->first];
    size_t k = 0;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *p = curve_row_at(in, base, first[i].size_bytes), *r = &first[i];
        if (!p || !(p->gbps_median > 0))
            continue;
        struct interval ratio;
        interval_ratio(&r->iv[IV_GBPS], &p->iv[IV_GBPS], &ratio);
        if (t) {
            interval_tally_add(t, &r->iv[IV_GBPS]);
            interval_tally_add(t, &p->iv[IV_GBPS]);
        }
        x[k] = r->size_bytes;
        y[k] = ratio.median;
        lo[k] = ratio.lo;
        hi[k++] = ratio.hi;
    }
    return k;
}

/* One block: curve c's speedup over base, its line broken at a size base lacks. */
static int speedup_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, const struct plot_curve *base)
{
    const struct plot_row *first = &in->rows[c->first];
    const char *kind = schema_value_name(AXIS_ALLOC, first->alloc);
    struct fig_style s = {kind, kind, kind};
    struct curve_pen pen;
    if (fig_block(g, f, &s, "gbps_median over pageable's, with the ratio's interval") < 0)
        return -1;
    double *v = malloc(4 * c->n * sizeof(*v));
    size_t n = v ? speedup_values(in, c, base, v, v + c->n, v + 2 * c->n, v + 3 * c->n, NULL) : 0;
    if (!v)
        return -1;
    curve_pen_start(&pen, in, first);
    for (size_t i = 0, k = 0; i < c->n && k < n; i++) {
        if (first[i].size_bytes != v[k]) { /* pageable has no row there */
            curve_pen_skip(&pen);
            continue;
        }
        curve_pen_at(&pen, f, v[k]);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", v[k], v[c->n + k], v[2 * c->n + k], v[3 * c->n + k]);
        fig_extend(g, v[k], v[2 * c->n + k]);
        fig_extend(g, v[k], v[3 * c->n + k]);
        k++;
    }
    free(v);
    return 0;
}

/* The pageable curve of dir and api, and kind a's beside it (same device), or NULL. */
static const struct plot_curve *speedup_pair(const struct plot_input *in, int dir, int api, int a,
                                             const struct plot_curve **base)
{
    *base = plot_find_curve(in, dir, ALLOC_PAGEABLE, BUFFER_REUSE, api, NULL);
    const struct plot_curve *c =
        *base ? plot_find_curve(in, dir, a, BUFFER_REUSE, api, in->rows[(*base)->first].device)
              : NULL;
    return c && common_sizes(in, c, *base) ? c : NULL;
}

/* The speedups of every panel (group dir * API_COUNT + api), and those that coincide. */
static int speedup_merge(struct co_list *co, const struct plot_input *in, char titles[][96],
                         struct interval_tally *t)
{
    for (int d = 0; d < DIR_COUNT; d++)
        for (int api = 0; api < API_COUNT; api++)
            for (int a = 1; a < ALLOC_COUNT && api_is_copy(api); a++) {
                const struct plot_curve *base, *c = speedup_pair(in, d, api, a, &base);
                if (!c)
                    continue;
                double *v = malloc(4 * c->n * sizeof(*v));
                size_t n =
                    v ? speedup_values(in, c, base, v, v + c->n, v + 2 * c->n, v + 3 * c->n, t)
                      : 0;
                snprintf(titles[d * API_COUNT + api], 96, "%s", plot_dir_titles[d]);
                int rc = !v || (n >= 2 && coincide_add(co, a, d * API_COUNT + api,
                                                       titles[d * API_COUNT + api], a, n, v,
                                                       v + c->n, v + 2 * c->n, v + 3 * c->n) < 0);
                free(v);
                if (rc)
                    return -1;
            }
    coincide_list_find(co, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    return 0;
}

/*
 * The panel of direction dir: for each api with a pageable reuse curve, the
 * speedup of every page-locked kind measured beside it, but those that
 * coincide: one line, the median of theirs, its bars from their lowest to
 * their highest.
 */
static int speedup_panel(struct fig *g, const struct plot_input *in, const struct co_list *co,
                         int dir, int api, const char *data_dir, int seen[ALLOC_COUNT],
                         int seen_api[API_COUNT])
{
    static const struct fig_style merged = {"page-locked", "band", "page-locked", ""};
    FILE *f = NULL;
    int rc = 0;
    for (int a = 1; a < ALLOC_COUNT && rc == 0; a++) {
        const struct plot_curve *base, *c = speedup_pair(in, dir, api, a, &base);
        if (!c)
            continue;
        if (!f && curve_api_panel(g, in, dir, api,
                                  "size_bytes speedup (gbps_median / pageable's gbps_median at "
                                  "the same size) low high (the ratio's interval, "
                                  "analysis/interval.h)",
                                  data_dir, &f) < 0)
            return -1;
        seen_api[api] = 1;
        if (coincide_member(co, dir * API_COUNT + api, a))
            continue;
        seen[a] = 1;
        rc = speedup_block(g, f, in, c, base);
    }
    if (!f)
        return rc;
    if (rc == 0 && coincide_block(g, f, co->s, co->n, dir * API_COUNT + api, &merged, 1) < 0)
        rc = -1;
    if (rc == 0)
        rc = fig_hline(g, 1, "", "guide", "right-below", "1×: as fast as pageable");
    return fig_panel_close(f) < 0 ? -1 : rc;
}

int fig_speedup(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    static const struct fig_style merged = {"page-locked", "band", "page-locked", ""};
    int seen[ALLOC_COUNT] = {0}, seen_api[API_COUNT] = {0}, rc = 0;
    struct fig_style keys[ALLOC_COUNT + COINCIDE_SCOPES], notes[API_COUNT];
    struct co_list co = {0};
    char titles[DIR_COUNT * API_COUNT][96] = {{0}};
    struct interval_tally t; /* every ratio's sides, drawn apart or as one (speedup_merge) */
    interval_tally_init(&t, 1);
    if (speedup_merge(&co, in, titles, &t) < 0)
        rc = -1;
    for (int d = 0; d < DIR_COUNT && rc == 0; d++)
        for (int api = 0; api < API_COUNT && rc == 0; api++)
            if (api_is_copy(api))
                rc = speedup_panel(g, in, &co, d, api, data_dir, seen, seen_api);
    if (rc == 0 && g->npanels) {
        size_t nkeys = plot_alloc_entries(seen, NULL, keys), cols = 6, nmerged;
        nmerged = coincide_keys(co.s, co.n, &merged, 0, keys + nkeys, COINCIDE_SCOPES);
        nkeys += nmerged;
        for (size_t k = 0; k < nkeys; k++)
            if (strlen(keys[k].title) > 40)
                cols = 1; /* a merged line's entry: one column, or the page grows */
        /* where the folder has pageable copies of a flushed or never-touched buffer too, which
           pageable this is over */
        int states = 0;
        for (size_t c = 0; c < in->ncurves; c++)
            states |= in->rows[in->curves[c].first].alloc == ALLOC_PAGEABLE &&
                      !plot_host_steady(&in->rows[in->curves[c].first]);
        snprintf(g->what, sizeof(g->what), "how many times faster than pageable%s%s",
                 states ? " " : "", states ? reading_host_state(CACHE_WARM, TOUCH_PREFAULTED) : "");
        snprintf(g->detail, sizeof(g->detail), "%s", curve_one_api(seen_api));
        snprintf(g->y_label, sizeof(g->y_label), "speedup over pageable (×)");
        g->zoom_y = 1; /* ratios: a log axis (the definition's) centred at 1 */
        plot_bars_note(&notes[0], &t);
        if (nmerged && strlen(notes[0].title) + 40 < sizeof(notes[0].title))
            strcat(notes[0].title, "; of kinds drawn as one: lowest to highest");
        rc = legend_flow(&g->key, keys, nkeys, cols) < 0 ? -1 : legend_flow(&g->notes, notes, 1, 1);
    }
    coincide_list_free(&co);
    return rc;
}

const struct fig_def fig_speedup_def = {
    .name = "speedup",
    .question =
        "How many times faster than pageable memory does each page-locked kind copy, by "
        "size?",
    .log_y = 1, /* ratios: a log axis centred at 1 (zoom_y) */
    .describe = fig_speedup,
    .read = reading_speedup,
    .needs =
        "reuse rows of pageable and of a page-locked kind at the same sizes, direction "
        "and api (cache warm, touch prefaulted)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
