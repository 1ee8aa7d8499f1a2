/*
 * fig_reuse.c - reuse against reallocate (see fig_reuse.h): a reused buffer's copy
 * bandwidth beside the effective bandwidth of a whole alloc + fill + copy +
 * free cycle.
 */
#include "figures/fig_reuse.h"
#include "analysis/interval.h"
#include "figures/figdef.h"
#include "figures/readings.h"
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

/* Does any reallocate row of dir and api carry an effective bandwidth? */
static int has_effective(const struct plot_input *in, int dir, int api)
{
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        if (r->dir == dir && r->api == api && r->buffer == BUFFER_REALLOCATE &&
            plot_host_steady(r) && !isnan(r->effective_gbps))
            return 1;
    }
    return 0;
}

/* The api to compare reuse and reallocate with in direction dir: async first; -1 if none. */
static int compare_api(const struct plot_input *in, int dir)
{
    static const int order[] = {API_ASYNC, API_SYNC};
    for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
        int reuse = 0;
        for (int a = 0; a < ALLOC_COUNT; a++)
            reuse |= plot_find_curve(in, dir, a, BUFFER_REUSE, order[i], NULL) != NULL;
        if (reuse && has_effective(in, dir, order[i]))
            return order[i];
    }
    return -1;
}

/*
 * One block of figure 2: a reuse curve's gbps_median or a reallocate
 * curve's effective bandwidth, in its kind's colour, its buffer mode's dash
 * and its direction's point (the panel is the kind's), its line broken at
 * a size without a value.
 */
static int reuse_block(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c, struct interval_tally *t)
{
    const struct plot_row *first = &in->rows[c->first];
    int reuse = first->buffer == BUFFER_REUSE;
    struct fig_style s;
    struct curve_pen pen;
    curve_style(&s, first);
    s.point = schema_value_name(AXIS_DIRECTION, first->dir);
    if (fig_block(g, f, &s, reuse ? "copy bandwidth" : "effective bandwidth of the cycle") < 0)
        return -1;
    curve_pen_start(&pen, in, first);
    for (size_t i = 0; i < c->n; i++) {
        double v = reuse ? first[i].gbps_median : first[i].effective_gbps;
        if (!(v > 0)) {
            curve_pen_skip(&pen);
            continue;
        }
        const struct interval *iv = &first[i].iv[reuse ? IV_GBPS : IV_EFFECTIVE_GBPS];
        curve_pen_at(&pen, f, first[i].size_bytes);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", first[i].size_bytes, v, iv->lo, iv->hi);
        /* the reallocate cycles are the figure's data; a reused buffer is their baseline */
        void (*extend)(struct fig *, double, double) = reuse ? fig_extend_ref : fig_extend;
        extend(g, first[i].size_bytes, iv->lo);
        extend(g, first[i].size_bytes, iv->hi);
        interval_tally_add(t, iv);
    }
    return 0;
}

/*
 * The panel of kind a: in each direction with an api to compare (apis[]),
 * its reused buffer's copy bandwidth and its reallocate cycle's effective
 * bandwidth.  *dirs gathers the directions drawn.
 */
static int reuse_panel(struct fig *g, const struct plot_input *in, int a, const int apis[],
                       const char *data_dir, int dirs[DIR_COUNT], struct interval_tally *t)
{
    const char *kind = schema_value_name(AXIS_ALLOC, a);
    FILE *f = NULL;
    int rc = 0;
    for (int d = 0; d < DIR_COUNT && rc == 0; d++)
        for (int b = 0; b < BUFFER_COUNT && rc == 0 && apis[d] >= 0; b++) {
            const struct plot_curve *c = plot_find_curve(in, d, a, b, apis[d], NULL);
            if (!c)
                continue;
            if (!f && (fig_panel(g, kind, kind) < 0 ||
                       !(f = fig_panel_create(g, data_dir, "",
                                              "size_bytes gbps (reuse: gbps_median; reallocate: "
                                              "effective_gbps_median) low high (its "
                                              "interval)"))))
                return -1;
            dirs[d] = 1;
            rc = reuse_block(g, f, in, c, t);
        }
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The legend of figure 2: which point is which direction (and api); the
 * notes say what solid and dashed lines are.  The kinds are the panels'
 * titles.
 */
static int reuse_legend(struct fig *g, const struct plot_input *in, const int apis[],
                        const int dirs[DIR_COUNT], const struct interval_tally *t)
{
    struct fig_style notes[4] = {
        {"", "reuse", "", "reuse: copy bandwidth"},
        {"", "reallocate", "", "reallocate: bytes ÷ cycle time (alloc + fill + copy + free)"},
        {"-", "", "", ""},
    };
    plot_bars_note(&notes[2], t);
    size_t nnotes = 3 + (size_t)reading_pool_note(in, &notes[3]);
    struct fig_style keys[DIR_COUNT];
    size_t n = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        if (dirs[d]) {
            keys[n] = (struct fig_style){"", "reuse", schema_value_name(AXIS_DIRECTION, d)};
            snprintf(keys[n++].title, sizeof(keys[0].title), "%s, %s", plot_dir_titles[d],
                     schema_value_name(AXIS_API, apis[d]));
        }
    return legend_flow(&g->key, keys, n, 3) < 0 ? -1 : legend_flow(&g->notes, notes, nnotes, 2);
}

/*
 * Figure 2: reuse copy bandwidth against reallocate effective bandwidth,
 * small multiples: a panel per kind (its title), each direction a point
 * type; the panels share their y axis.  Seven kinds in a panel were
 * fourteen curves; apart, each has one line per direction and buffer mode.
 */
int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int apis[DIR_COUNT], dirs[DIR_COUNT] = {0}, any = 0;
    struct interval_tally t;
    interval_tally_init(&t, 0);
    snprintf(g->what, sizeof(g->what), "reuse vs reallocate");
    snprintf(g->y_label, sizeof(g->y_label), "bandwidth (GB/s = 10⁹ B/s)");
    snprintf(g->detail, sizeof(g->detail), "a cycle: alloc + fill + copy + free");
    for (int d = 0; d < DIR_COUNT; d++)
        any |= (apis[d] = compare_api(in, d)) >= 0;
    for (int a = 0; a < ALLOC_COUNT && any; a++)
        if (reuse_panel(g, in, a, apis, data_dir, dirs, &t) < 0)
            return -1;
    return g->npanels ? reuse_legend(g, in, apis, dirs, &t) : 0;
}

const struct fig_def fig_reuse_vs_reallocate_def = {
    .name = "reuse-vs-reallocate",
    .question =
        "What is left of a copy's bandwidth when its host buffer is allocated, filled and "
        "freed for every transfer?",
    .log_y = 1,
    .describe = fig_reuse,
    .read = reading_reuse,
    .needs =
        "rows of both buffer modes, reuse and reallocate, with effective_gbps_median",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
