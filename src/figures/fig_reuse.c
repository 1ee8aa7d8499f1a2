/*
 * fig_reuse.c - reuse against reallocate (see fig_reuse.h): a reused buffer's copy
 * bandwidth beside the effective bandwidth of a whole alloc + fill + copy +
 * free cycle.
 */
#include "figures/fig_reuse.h"
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

/* The key in the style table's order: alloc kind, then buffer mode, then title. */
static int key_order(const void *pa, const void *pb)
{
    const struct fig_style *a = pa, *b = pb;
    int d;
    if ((d = schema_value_find(AXIS_ALLOC, a->color) - schema_value_find(AXIS_ALLOC, b->color)) ||
        (d = schema_value_find(AXIS_BUFFER, a->line) - schema_value_find(AXIS_BUFFER, b->line)))
        return d;
    return strcmp(a->title, b->title);
}

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

/* One block of figure 2: a reuse curve's gbps_median or a reallocate curve's effective. */
static int reuse_block(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c)
{
    const struct plot_row *first = &in->rows[c->first];
    int reuse = first->buffer == BUFFER_REUSE;
    struct fig_style s;
    curve_style(&s, first);
    if (fig_block(g, f, &s, reuse ? "copy bandwidth" : "effective bandwidth of the cycle") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        double v = reuse ? first[i].gbps_median : first[i].effective_gbps;
        fprintf(f, "%.0f %.6g\n", first[i].size_bytes, v);
        fig_extend(g, first[i].size_bytes, v);
    }
    return 0;
}

static int reuse_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                       const char *data_dir)
{
    char title[96];
    snprintf(title, sizeof(title), "%s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    if (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), title) < 0)
        return -1;
    FILE *f = fig_panel_create(g, data_dir, "",
                               "size_bytes gbps (reuse: gbps_median; reallocate: "
                               "effective_gbps_median)");
    if (!f)
        return -1;
    int rc = 0;
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++) {
        for (int b = 0; b < BUFFER_COUNT && rc == 0; b++) {
            const struct plot_curve *c = plot_find_curve(in, dir, a, b, api, NULL);
            if (c)
                rc = reuse_block(g, f, in, c);
        }
        struct fig_style s = {schema_value_name(AXIS_ALLOC, a), "reuse",
                              schema_value_name(AXIS_ALLOC, a), ""};
        snprintf(s.title, sizeof(s.title), "%s", s.color);
        if (plot_find_curve(in, dir, a, BUFFER_REUSE, api, NULL) ||
            plot_find_curve(in, dir, a, BUFFER_REALLOCATE, api, NULL))
            rc = rc < 0 || fig_key(g, &s) < 0 ? -1 : 0;
    }
    if (fig_panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The legend of figure 2: the alloc kinds' colours in rows of up to three;
 * the notes say what solid and dashed lines are.
 */
static int reuse_legend(struct fig *g)
{
    static const struct fig_style notes[] = {
        {"", "reuse", "", "reuse: copy bandwidth"},
        {"", "reallocate", "", "reallocate: bytes ÷ cycle time"},
    };
    struct fig_style entries[FIG_MAX_KEYS];
    size_t n = g->key.n;
    memcpy(entries, g->key.e, n * sizeof(entries[0]));
    qsort(entries, n, sizeof(entries[0]), key_order);
    g->key.n = 0;
    return legend_flow(&g->key, entries, n, 3) < 0 ? -1 : legend_flow(&g->notes, notes, 2, 2);
}

/* Figure 2: reuse copy bandwidth against reallocate effective bandwidth. */
int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    snprintf(g->what, sizeof(g->what), "reuse vs reallocate");
    snprintf(g->y_label, sizeof(g->y_label), "bandwidth (GB/s = 10⁹ B/s)");
    snprintf(g->detail, sizeof(g->detail), "a cycle: alloc + fill + copy + free");
    for (int d = 0; d < DIR_COUNT; d++) {
        int api = compare_api(in, d);
        if (api >= 0 && reuse_panel(g, in, d, api, data_dir) < 0)
            return -1;
    }
    return g->npanels ? reuse_legend(g) : 0;
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
