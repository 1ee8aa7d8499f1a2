/*
 * fig_alloc_cost.c - what allocating, pinning and freeing a buffer of each kind costs
 * (see fig_alloc_cost.h).
 */
#include "figures/fig_alloc_cost.h"
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

/* The interval of part p of row r (analysis/interval.h). */
static const struct interval *cost_interval(const struct plot_row *r, enum cost_part p)
{
    return &r->iv[p == COST_ALLOC ? IV_ALLOC_MS : p == COST_FREE ? IV_FREE_MS : IV_PIN_MS];
}

/*
 * One block: part p of reallocate curve c against size, in its kind's
 * colour, the part's dash and point (the panel is the kind's), its line
 * broken at a size without the part.
 */
static int cost_block(struct fig *g, FILE *f, const struct plot_input *in,
                      const struct plot_curve *c, enum cost_part p, struct interval_tally *t)
{
    static const char *const what[COST_COUNT] = {"alloc_ms_median", "free_ms_median",
                                                 "pin_ms_median"};
    const struct plot_row *first = &in->rows[c->first];
    const char *kind = schema_value_name(AXIS_ALLOC, first->alloc);
    struct fig_style s = {kind, cost_line[p], cost_line[p]};
    struct curve_pen pen;
    if (fig_block(g, f, &s, what[p]) < 0)
        return -1;
    curve_pen_start(&pen, in, first);
    for (size_t i = 0; i < c->n; i++) {
        double ms = cost_ms(&first[i], p);
        if (!(ms > 0)) {
            curve_pen_skip(&pen);
            continue;
        }
        const struct interval *iv = cost_interval(&first[i], p);
        curve_pen_at(&pen, f, first[i].size_bytes);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", first[i].size_bytes, ms, iv->lo, iv->hi);
        fig_extend(g, first[i].size_bytes, iv->lo);
        fig_extend(g, first[i].size_bytes, iv->hi);
        interval_tally_add(t, iv);
    }
    return 0;
}

/* The pinned curve whose one copy is the figure's scale, and whether it is a reuse curve. */
static const struct plot_curve *cost_scale(const struct plot_input *in, int dir, int api,
                                           int *reuse)
{
    const struct plot_curve *c =
        plot_find_curve(in, dir, ALLOC_PINNED, BUFFER_REALLOCATE, api, NULL);
    *reuse = !c || !(in->rows[c->first].phase_ms[PHASE_COPY] > 0);
    if (*reuse)
        c = plot_find_curve(in, dir, ALLOC_PINNED, BUFFER_REUSE, api, NULL);
    if (!c || (*reuse && !(in->rows[c->first].us_per_copy > 0)))
        return NULL;
    return c;
}

/*
 * The time of one copy from pinned memory at the sizes of the figure, for
 * scale, in the current panel: the pinned reallocate curve's
 * copy_ms_median, else the pinned reuse curve's us_per_copy_median.  An
 * overlay; 1 when drawn.
 */
static int cost_reference(struct fig *g, const struct plot_input *in, int dir, int api,
                          const char *data_dir)
{
    int reuse;
    const struct plot_curve *c = cost_scale(in, dir, api, &reuse);
    if (!c)
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
        if (ms > 0) {
            fprintf(f, "%.0f %.6g\n", r->size_bytes, ms);
            fig_extend_ref(g, r->size_bytes, ms); /* a scale, not the figure's data */
        }
    }
    return fig_panel_close(f) < 0 ? -1 : 1;
}

/* The notes of alloc-cost: which dash and point is which part; the grey scale line. */
static int cost_legend(struct fig *g, const struct plot_input *in, const int parts[COST_COUNT],
                       int reference, const struct interval_tally *t)
{
    static const char *const titles[COST_COUNT] = {"alloc", "free",
                                                   "pin: cudaHostRegister (part of alloc)"};
    struct fig_style notes[COST_COUNT + 1];
    size_t nnotes = 0;
    for (int p = 0; p < COST_COUNT; p++)
        if (parts[p]) {
            notes[nnotes] = (struct fig_style){"", cost_line[p], cost_line[p]};
            snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s", titles[p]);
        }
    if (reference)
        notes[nnotes++] =
            (struct fig_style){"reference", "reference", "", "one pinned copy, for scale"};
    /* The kinds are the panels' titles: the key is the parts, two to a row (the page keeps to
       the panels' width). */
    struct fig_style under[2];
    size_t nunder = (size_t)reading_pool_note(in, &under[0]);
    plot_bars_note(&under[nunder++], t);
    if (legend_flow(&g->key, notes, nnotes, 2) < 0)
        return -1;
    return legend_flow(&g->notes, under, nunder, 1);
}

/*
 * The alloc-cost figure: small multiples, a panel per kind (its title),
 * each its alloc, free and (registered kinds) pin time against size, one
 * pinned copy's time grey under them for scale; the panels share their y
 * axis.  Seven kinds on one panel were fifteen curves; apart, each is three.
 */
int fig_alloc_cost(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int dir, api, parts[COST_COUNT] = {0}, rc = 0, reference = 0;
    struct interval_tally t;
    interval_tally_init(&t, 0);
    if (plot_time_pick(in, &dir, &api) < 0)
        return 0;
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++) {
        const struct plot_curve *c = plot_find_curve(in, dir, a, BUFFER_REALLOCATE, api, NULL);
        const char *kind = schema_value_name(AXIS_ALLOC, a);
        FILE *f = NULL;
        int drawn;
        if (!c || !has_cost(in, c, COST_ALLOC))
            continue;
        if (fig_panel(g, kind, kind) < 0 ||
            !(f = fig_panel_create(g, data_dir, "", "size_bytes ms (medians) low high (their intervals)")))
            return -1;
        for (int p = 0; p < COST_COUNT && rc == 0; p++)
            if (has_cost(in, c, p)) {
                parts[p] = 1;
                rc = cost_block(g, f, in, c, p, &t);
            }
        if (fig_panel_close(f) < 0 || rc < 0 ||
            (drawn = cost_reference(g, in, dir, api, data_dir)) < 0)
            return -1;
        if (!drawn)
            fig_panel_drop_overlay(g, data_dir);
        reference |= drawn;
    }
    if (g->npanels == 0)
        return 0;
    snprintf(g->what, sizeof(g->what), "alloc and free time");
    snprintf(g->detail, sizeof(g->detail), "reallocate cycles, %s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    snprintf(g->y_label, sizeof(g->y_label), "time, median (ms)");
    return cost_legend(g, in, parts, reference, &t);
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
