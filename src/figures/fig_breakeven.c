/*
 * fig_breakeven.c - the copies after which a page-locked buffer has paid for itself
 * (see fig_breakeven.h), from breakeven.csv.
 */
#include "figures/fig_breakeven.h"
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

/* ---- breakeven: copies before a page-locked buffer pays off ---- */

/* Has direction dir a break-even count anywhere? */
static int breakeven_in(const struct plot_input *in, int dir)
{
    for (size_t i = 0; i < in->nbreakeven; i++)
        if (in->breakeven[i].dir == (uint64_t)dir && !isnan(in->breakeven[i].copies))
            return 1;
    return 0;
}

/* Is b in the panel of direction dir (-1: h2d or d2h), api and alloc (-1: any kind)? */
static int in_panel(const struct breakeven_row *b, int dir, int api, int alloc)
{
    return (dir < 0 ? b->dir != DIR_BIDIR : b->dir == (uint64_t)dir) && b->api == (uint64_t)api &&
           (alloc < 0 || b->alloc == (uint64_t)alloc);
}

/*
 * The strip's rows: a row for each kind with a break-even drawn as no point
 * in a panel the figure draws, in the kinds' order, headed by the kind's
 * point.  -1 when the strip is full.
 */
static int strip_rows(struct fig *g, const struct plot_input *in)
{
    int want[ALLOC_COUNT] = {0};
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        if (api_is_copy((int)b->api) && breakeven_in(in, (int)b->dir) &&
            curve_breakeven_status(in, b))
            want[b->alloc] = 1;
    }
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const char *kind = schema_value_name(AXIS_ALLOC, a);
        struct fig_style s = {kind, "", kind, ""};
        snprintf(s.title, sizeof(s.title), "%s", kind);
        if (want[a] && fig_strip_row(g, &s) < 0)
            return -1;
    }
    return 0;
}

/*
 * The strip of the current panel (direction dir and api), in its own data
 * file: a block per kind and glyph, each point "SIZE ROW" alone (a blank
 * line after it), in the kind's colour, in its row, the glyph saying why
 * there is no point: "?" not resolved, "×" never pays off.  drawn[0],
 * drawn[1] are set when a glyph of either is drawn.  Without a strip in the
 * figure, a strip file of an earlier run is removed.
 */
static int strip_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                       const char *data_dir, int drawn[2])
{
    static const char *const line[2] = {"unresolved", "never"};
    static const char *const what[2] = {"not resolved: the saving within the copies' intervals",
                                        "never pays off: not faster at that size"};
    if (g->nstrip_rows == 0) {
        fig_panel_drop_strip(g, data_dir);
        return 0;
    }
    FILE *f = fig_panel_create(g, data_dir, "-strip",
                               "size_bytes strip_row (the row of the kind: a glyph where its "
                               "break-even is no point, saying why)");
    int rc = f ? 0 : -1;
    for (size_t r = 0; r < g->nstrip_rows && rc == 0; r++)
        for (int never = 1; never >= 0 && rc == 0; never--) {
            const char *kind = g->strip_row[r].color;
            int started = 0;
            for (size_t i = 0; i < in->nbreakeven && rc == 0; i++) {
                const struct breakeven_row *b = &in->breakeven[i];
                if (!in_panel(b, dir, api, -1) ||
                    strcmp(schema_value_name(AXIS_ALLOC, (int)b->alloc), kind) != 0 ||
                    curve_breakeven_status(in, b) != 2 - never)
                    continue;
                struct fig_style s = {kind, line[never], line[never], ""};
                if (!started && (rc = fig_strip_block(g, f, &s, what[never])) < 0)
                    break;
                started = drawn[never] = 1;
                fprintf(f, "%.0f %zu\n\n", b->size_bytes, r + 1);
                fig_extend_x(g, b->size_bytes);
            }
        }
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The panel of direction dir and api: a block per alloc kind with the
 * interval of each break-even, broken where there is none; its strip says
 * why there is none (strip_panel).
 */
static int breakeven_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                           const char *data_dir, int seen[ALLOC_COUNT], int seen_api[API_COUNT],
                           int drawn[2])
{
    FILE *f = NULL;
    int rc = 0, gaps = 0, unresolved = 0;
    struct curve_pen pen;
    for (size_t i = 0; i < in->nbreakeven && rc == 0; i++) {
        const struct breakeven_row *b = &in->breakeven[i], *prev = i ? b - 1 : NULL;
        if (b->dir != (uint64_t)dir || b->api != (uint64_t)api)
            continue;
        if (!f && (!breakeven_in(in, dir) ||
                   curve_api_panel(g, in, dir, api,
                                   "size_bytes breakeven_copies low high (a blank line: no "
                                   "point there; the panel's strip file says why)",
                                   data_dir, &f) < 0)) {
            rc = f ? -1 : 0;
            break;
        }
        if (!prev || prev->dir != b->dir || prev->alloc != b->alloc || prev->api != b->api) {
            const char *kind = schema_value_name(AXIS_ALLOC, (int)b->alloc);
            struct fig_style s = {kind, kind, kind};
            rc = fig_block(g, f, &s, "copies before the buffer pays off");
            seen[b->alloc] = seen_api[b->api] = 1;
            curve_pen_start(&pen, in, NULL);
        }
        fig_breakeven_point(g, f, &pen, in, b, &gaps, &unresolved);
    }
    if (!f)
        return rc;
    if (rc == 0)
        rc = strip_panel(g, in, dir, api, data_dir, drawn);
    if (rc == 0)
        rc = fig_hline(g, 1, "", "guide", "left-above", "1 copy");
    return fig_panel_close(f) < 0 ? -1 : rc;
}

/* Graph fraction of v on a log axis from a to b. */
static double frac(double v, double a, double b)
{
    return (log(v) - log(a)) / (log(b) - log(a));
}

/* A box in graph fractions. */
struct be_box {
    double x0, x1, y0, y1;
};

static int box_has(const struct be_box *k, double x, double y0, double y1)
{
    return x >= k->x0 && x <= k->x1 && y1 >= k->y0 && y0 <= k->y1;
}

/* The points, bars and lines of a panel's rows (in_panel) that cross box k. */
static int box_crossings(const struct plot_input *in, const struct be_box *k, int dir, int api,
                         int alloc, const double axes[4])
{
    const double pad = 0.025; /* half a point's marker */
    int n = 0;
    double px = NAN, py = NAN;
    const struct breakeven_row *prev = NULL;
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        double lo, hi, v = NAN;
        if (!in_panel(b, dir, api, alloc))
            continue;
        if (!prev || prev->dir != b->dir || prev->alloc != b->alloc || prev->api != b->api)
            px = NAN; /* a new curve */
        prev = b;
        v = curve_breakeven_interval(in, b, &lo, &hi);
        if (isnan(v)) {
            px = NAN; /* the line breaks */
            continue;
        }
        double x = frac(b->size_bytes, axes[0], axes[1]), y = frac(v, axes[2], axes[3]);
        struct be_box wide = {k->x0 - pad, k->x1 + pad, k->y0 - pad, k->y1 + pad};
        n += box_has(&wide, x, fmin(y, frac(lo, axes[2], axes[3])),
                     fmax(y, frac(hi, axes[2], axes[3])));
        for (int s = 1; !isnan(px) && s < 24; s++) /* the line from the point before */
            if (box_has(k, px + (x - px) * s / 24, py + (y - py) * s / 24,
                        py + (y - py) * s / 24)) {
                n++;
                break;
            }
        px = x;
        py = y;
    }
    return n;
}

const char *fig_breakeven_guide_where(const struct plot_input *in, int dir, int api, int alloc,
                                      const double axes[4])
{
    static const char *const where[4] = {"right-below", "right-above", "left-below", "left-above"};
    /* "1 copy": about a sixth of a panel's width, an eleventh of its height */
    const double w = 0.17, h = 0.09, one = frac(1, axes[2], axes[3]);
    int best = 0, fewest = -1;
    for (int k = 0; k < 4 && fewest != 0; k++) {
        int right = k < 2, above = k % 2;
        struct be_box box = {right ? 0.98 - w : 0.02, right ? 0.98 : 0.02 + w,
                             above ? one : one - h, above ? one + h : one};
        int n = box_crossings(in, &box, dir, api, alloc, axes);
        if (fewest < 0 || n < fewest) {
            fewest = n;
            best = k;
        }
    }
    return where[best];
}

void fig_breakeven_axes(const struct fig *g, size_t p, double axes[4])
{
    double lo = INFINITY, hi = -INFINITY, x0 = g->x_min, x1 = g->x_max;
    if (g->panel_axes && g->panel_x_min[p] <= g->panel_x_max[p]) {
        x0 = g->panel_x_min[p];
        x1 = g->panel_x_max[p];
    }
    for (size_t q = 0; q < g->npanels; q++)
        if (q == p || (!g->own_y[p] && !g->own_y[q])) {
            lo = fmin(lo, g->y_min[q]);
            hi = fmax(hi, g->y_max[q]);
        }
    /* the axes as gnuplot_vars.c draws them, about: a margin of 1.4 either side of the sizes,
       1.15 of the copies */
    axes[0] = x0 / 1.4;
    axes[1] = x1 * 1.4;
    axes[2] = lo > 0 ? lo / 1.15 : 0.1;
    axes[3] = hi > 0 ? hi * 1.15 : 10;
}

/* Each panel's "1 copy" label where none of its points, bars or lines is. */
static void place_guides(struct fig *g, const struct plot_input *in, const int dir[],
                         const int api[])
{
    double axes[FIG_MAX_PANELS][4];
    for (size_t p = 0; p < g->npanels; p++)
        fig_breakeven_axes(g, p, axes[p]);
    for (size_t k = 0; k < g->nhlines; k++) {
        size_t p = g->hline[k].panel;
        if (strcmp(g->hline[k].line, "guide") == 0)
            fig_hline_move(g, k, fig_breakeven_guide_where(in, dir[p], api[p], -1, axes[p]));
    }
}

int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int seen[ALLOC_COUNT] = {0}, seen_api[API_COUNT] = {0}, drawn[2] = {0, 0};
    int pdir[FIG_MAX_PANELS], papi[FIG_MAX_PANELS];
    struct fig_style keys[ALLOC_COUNT], notes[6];
    if (strip_rows(g, in) < 0)
        return -1;
    for (int d = 0; d < DIR_COUNT; d++)
        for (int api = 0; api < API_COUNT; api++) {
            size_t before = g->npanels;
            if (api_is_copy(api) &&
                breakeven_panel(g, in, d, api, data_dir, seen, seen_api, drawn) < 0)
                return -1;
            if (g->npanels > before) {
                pdir[before] = d;
                papi[before] = api;
            }
        }
    if (g->npanels == 0)
        return 0;
    place_guides(g, in, pdir, papi);
    snprintf(g->what, sizeof(g->what), "copies before pinning pays off");
    snprintf(g->detail, sizeof(g->detail), "%s", curve_one_api(seen_api));
    snprintf(g->y_label, sizeof(g->y_label), "copies of that size");
    size_t nnotes = 0;
    notes[nnotes++] = (struct fig_style){"-", "", "",
                                         "copies = (alloc + free) ÷ time saved per copy, at their "
                                         "medians, against a pageable buffer already allocated "
                                         "and touched (a fresh one: the caption)"};
    notes[nnotes++] = (struct fig_style){"-", "", "",
                                         "bars: the copies at the largest and the smallest "
                                         "saving within both copies' 95 % intervals"};
    /* the strip and each glyph drawn in it, and only those: its sample is the glyph */
    if (drawn[0] || drawn[1])
        notes[nnotes++] = (struct fig_style){"-", "", "",
                                             "above each panel, a row per kind (its point at the "
                                             "left): a glyph where it has no point, saying why"};
    if (drawn[0])
        notes[nnotes++] = (struct fig_style){"", "unresolved", "unresolved",
                                             "not resolved: the saving is within the copies' "
                                             "95 % intervals"};
    if (drawn[1])
        notes[nnotes++] =
            (struct fig_style){"", "never", "never", "never pays off: not faster at that size"};
    nnotes += (size_t)reading_pool_note(in, &notes[nnotes]);
    if (legend_flow(&g->key, keys, plot_alloc_entries(seen, NULL, keys), 6) < 0)
        return -1;
    /* One column: the sentences would make a second one as wide as the page. */
    return legend_flow(&g->notes, notes, nnotes, 1);
}

int fig_breakeven_point(struct fig *g, FILE *f, struct curve_pen *pen, const struct plot_input *in,
                        const struct breakeven_row *b, int *gaps, int *unresolved)
{
    double lo, hi, v = curve_breakeven_interval(in, b, &lo, &hi);
    if (isnan(v)) {
        curve_pen_skip(pen); /* a blank line before the next point: the line breaks */
        *(isnan(b->copies) ? gaps : unresolved) = 1;
        return isnan(b->copies) ? 1 : 2;
    }
    curve_pen_at(pen, f, b->size_bytes);
    fprintf(f, "%.0f %.6g %.6g %.6g\n", b->size_bytes, v, lo, hi);
    fig_extend(g, b->size_bytes, lo);
    fig_extend(g, b->size_bytes, hi);
    return 0;
}

const struct fig_def fig_breakeven_def = {
    .name = "breakeven",
    .question =
        "After how many copies of a size has allocating a page-locked buffer once paid "
        "for itself?",
    .log_y = 1,
    .describe = fig_breakeven,
    .read = reading_breakeven,
    .needs =
        "breakeven.csv with a breakeven_copies value (pinsweep plot writes it from reuse "
        "rows of pageable and a page-locked kind and reallocate rows of that kind)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
