/*
 * fig_speedup.c - how many times faster each page-locked kind copies than pageable
 * memory (see fig_speedup.h).
 */
#include "figures/fig_speedup.h"
#include "figures/figdef.h"
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
 * One block: curve c's gbps_median over the pageable curve base's, size by
 * size, with the interval the samples allow: c's min over base's max to c's
 * max over base's min.
 */
static int speedup_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, const struct plot_curve *base)
{
    const struct plot_row *first = &in->rows[c->first];
    const char *kind = schema_value_name(AXIS_ALLOC, first->alloc);
    struct fig_style s = {kind, kind, kind};
    if (fig_block(g, f, &s, "gbps_median over pageable's; min/max over max/min") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *p = curve_row_at(in, base, first[i].size_bytes), *r = &first[i];
        if (!p || !(p->gbps_median > 0))
            continue;
        double x = r->gbps_median / p->gbps_median;
        double lo = curve_or_else(r->gbps_min, r->gbps_median) / curve_or_else(p->gbps_max, p->gbps_median);
        double hi = curve_or_else(r->gbps_max, r->gbps_median) / curve_or_else(p->gbps_min, p->gbps_median);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, x, lo, hi);
        fig_extend(g, r->size_bytes, hi);
    }
    return 0;
}

/*
 * The panel of direction dir: for each api with a pageable reuse curve, the
 * speedup of every page-locked kind measured beside it.
 */
static int speedup_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                         const char *data_dir, int seen[ALLOC_COUNT], int seen_api[API_COUNT])
{
    FILE *f = NULL;
    int rc = 0;
    for (int a = 1; a < ALLOC_COUNT && rc == 0; a++) {
        const struct plot_curve *base =
            plot_find_curve(in, dir, ALLOC_PAGEABLE, BUFFER_REUSE, api, NULL);
        const struct plot_curve *c =
            base ? plot_find_curve(in, dir, a, BUFFER_REUSE, api, in->rows[base->first].device)
                 : NULL;
        if (!c || common_sizes(in, c, base) == 0)
            continue;
        if (!f && curve_api_panel(g, in, dir, api,
                            "size_bytes speedup (gbps_median / pageable's gbps_median at the "
                            "same size) low high (gbps_min / pageable's gbps_max, gbps_max / "
                            "pageable's gbps_min)",
                            data_dir, &f) < 0)
            return -1;
        seen[a] = seen_api[api] = 1;
        rc = speedup_block(g, f, in, c, base);
    }
    if (!f)
        return rc;
    if (rc == 0)
        rc = fig_hline(g, 1, "", "guide", "right-below", "1×: as fast as pageable");
    return fig_panel_close(f) < 0 ? -1 : rc;
}

int fig_speedup(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int seen[ALLOC_COUNT] = {0}, seen_api[API_COUNT] = {0};
    struct fig_style keys[ALLOC_COUNT], notes[API_COUNT];
    for (int d = 0; d < DIR_COUNT; d++)
        for (int api = 0; api < API_COUNT; api++)
            if (api_is_copy(api) && speedup_panel(g, in, d, api, data_dir, seen, seen_api) < 0)
                return -1;
    if (g->npanels == 0)
        return 0;
    snprintf(g->what, sizeof(g->what), "how many times faster than pageable");
    snprintf(g->detail, sizeof(g->detail), "%s", curve_one_api(seen_api));
    snprintf(g->y_label, sizeof(g->y_label), "speedup over pageable (×)");
    if (legend_flow(&g->key, keys, plot_alloc_entries(seen, NULL, keys), 6) < 0)
        return -1;
    notes[0] = (struct fig_style){"-", "", "",
                                  "bars: the kind's min over pageable's max to its "
                                  "max over pageable's min (the samples' extremes)"};
    return legend_flow(&g->notes, notes, 1, 1);
}

const struct fig_def fig_speedup_def = {
    .name = "speedup",
    .question =
        "How many times faster than pageable memory does each page-locked kind copy, by "
        "size?",
    .log_y = 0,
    .describe = fig_speedup,
    .read = reading_speedup,
    .needs =
        "reuse rows of pageable and of a page-locked kind at the same sizes, direction "
        "and api (cache warm, touch prefaulted)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
