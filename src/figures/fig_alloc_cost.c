/*
 * fig_alloc_cost.c - what allocating, pinning and freeing a buffer of each kind costs
 * (see fig_alloc_cost.h).
 */
#include "figures/fig_alloc_cost.h"
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

/* ---- alloc-cost: allocating and freeing a host buffer ---- */

enum cost_part { COST_ALLOC, COST_FREE, COST_PIN, COST_COUNT };
static const char *const cost_line[COST_COUNT] = {"alloc", "free", "pin"};
/* The milliseconds of part p in row r (NaN when not measured). */
static double cost_ms(const struct plot_row *r, enum cost_part p)
{
    return p == COST_ALLOC  ? r->phase_ms[PHASE_ALLOC]
           : p == COST_FREE ? r->phase_ms[PHASE_FREE]
                            : r->pin_ms;
}

/* Does curve c have part p at some size? */
static int has_cost(const struct plot_input *in, const struct plot_curve *c, enum cost_part p)
{
    for (size_t i = 0; i < c->n; i++)
        if (cost_ms(&in->rows[c->first + i], p) > 0)
            return 1;
    return 0;
}

/* One block: part p of reallocate curve c against size. */
static int cost_block(struct fig *g, FILE *f, const struct plot_input *in,
                      const struct plot_curve *c, enum cost_part p)
{
    static const char *const what[COST_COUNT] = {"alloc_ms_median", "free_ms_median",
                                                 "pin_ms_median"};
    const struct plot_row *first = &in->rows[c->first];
    const char *kind = schema_value_name(AXIS_ALLOC, first->alloc);
    struct fig_style s = {kind, cost_line[p], kind};
    if (fig_block(g, f, &s, what[p]) < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        double ms = cost_ms(&first[i], p);
        if (!(ms > 0))
            continue;
        fprintf(f, "%.0f %.6g\n", first[i].size_bytes, ms);
        fig_extend(g, first[i].size_bytes, ms);
    }
    return 0;
}

/*
 * The time of one copy from pinned memory at the sizes of the figure, for
 * scale: the pinned reallocate curve's copy_ms_median, else the pinned
 * reuse curve's us_per_copy_median.  An overlay; 1 when drawn.
 */
static int cost_reference(struct fig *g, const struct plot_input *in, int dir, int api,
                          const char *data_dir)
{
    const struct plot_curve *c =
        plot_find_curve(in, dir, ALLOC_PINNED, BUFFER_REALLOCATE, api, NULL);
    int reuse = !c || !(in->rows[c->first].phase_ms[PHASE_COPY] > 0);
    if (reuse)
        c = plot_find_curve(in, dir, ALLOC_PINNED, BUFFER_REUSE, api, NULL);
    if (!c || (reuse && !(in->rows[c->first].us_per_copy > 0)))
        return 0;
    FILE *f = fig_panel_create(g, data_dir, "-overlay", "size_bytes ms (one pinned copy)");
    struct fig_style s = {"reference", "reference", ""};
    if (!f || fig_overlay(g, f, &s,
                          reuse ? "one pinned copy: us_per_copy_median / 1000 (reuse)"
                                : "one pinned copy: copy_ms_median (reallocate)") < 0) {
        if (f)
            fig_panel_close(f);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        double ms = reuse ? r->us_per_copy / 1000 : r->phase_ms[PHASE_COPY];
        if (ms > 0)
            fprintf(f, "%.0f %.6g\n", r->size_bytes, ms);
    }
    return fig_panel_close(f) < 0 ? -1 : 1;
}

/* The legend of alloc-cost: the kinds' colours; the notes say which line is which part. */
static int cost_legend(struct fig *g, const int seen[ALLOC_COUNT], const int parts[COST_COUNT],
                       int reference)
{
    static const char *const titles[COST_COUNT] = {"alloc", "free",
                                                   "pin: cudaHostRegister (part of alloc)"};
    struct fig_style keys[ALLOC_COUNT], notes[COST_COUNT + 1];
    size_t nnotes = 0;
    for (int p = 0; p < COST_COUNT; p++)
        if (parts[p]) {
            notes[nnotes] = (struct fig_style){"", cost_line[p], ""};
            snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s", titles[p]);
        }
    if (reference)
        notes[nnotes++] =
            (struct fig_style){"reference", "reference", "", "one pinned copy, for scale"};
    if (legend_flow(&g->key, keys, plot_alloc_entries(seen, "alloc", keys), 4) < 0)
        return -1;
    return legend_flow(&g->notes, notes, nnotes, 2);
}

int fig_alloc_cost(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int dir, api, seen[ALLOC_COUNT] = {0}, parts[COST_COUNT] = {0}, rc = 0, reference;
    char title[96];
    FILE *f = NULL;
    if (plot_time_pick(in, &dir, &api) < 0)
        return 0;
    snprintf(title, sizeof(title), "reallocate cycles, %s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++) {
        const struct plot_curve *c = plot_find_curve(in, dir, a, BUFFER_REALLOCATE, api, NULL);
        if (!c || !has_cost(in, c, COST_ALLOC))
            continue;
        if (!f && (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), title) < 0 ||
                   !(f = fig_panel_create(g, data_dir, "", "size_bytes ms (medians)"))))
            return -1;
        seen[a] = 1;
        for (int p = 0; p < COST_COUNT && rc == 0; p++)
            if (has_cost(in, c, p)) {
                parts[p] = 1;
                rc = cost_block(g, f, in, c, p);
            }
    }
    if (!f)
        return 0;
    if (fig_panel_close(f) < 0 || rc < 0 ||
        (reference = cost_reference(g, in, dir, api, data_dir)) < 0)
        return -1;
    if (!reference)
        fig_panel_drop_overlay(g, data_dir);
    snprintf(g->what, sizeof(g->what), "alloc and free time");
    snprintf(g->y_label, sizeof(g->y_label), "time, median (ms)");
    return cost_legend(g, seen, parts, reference);
}

const struct fig_def fig_alloc_cost_def = {
    .name = "alloc-cost",
    .question =
        "How long does allocating, pinning and freeing a host buffer of each kind take, "
        "by size?",
    .log_y = 1,
    .describe = fig_alloc_cost,
    .read = reading_alloc_cost,
    .needs =
        "reallocate rows with alloc_ms_median and free_ms_median",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
