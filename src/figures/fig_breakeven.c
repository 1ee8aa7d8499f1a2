/*
 * fig_breakeven.c - the copies after which a page-locked buffer has paid for itself
 * (see fig_breakeven.h), from breakeven.csv.
 */
#include "figures/fig_breakeven.h"
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

/* ---- breakeven: copies before a page-locked buffer pays off ---- */

/* Has direction dir a break-even count anywhere? */
static int breakeven_in(const struct plot_input *in, int dir)
{
    for (size_t i = 0; i < in->nbreakeven; i++)
        if (in->breakeven[i].dir == (uint64_t)dir && !isnan(in->breakeven[i].copies))
            return 1;
    return 0;
}


/* Where a break-even is no point: "not resolved" at its estimate, "never" along the top. */
struct be_glyph {
    double x, y;
    int alloc, never;
};

/*
 * The glyphs of the current panel as blocks, one per kind and glyph: each
 * point apart (a blank line after each: no line joins them), in its kind's
 * colour, the point type saying which.  never[0], never[1] are set when
 * a glyph of either is drawn.
 */
static int glyph_blocks(struct fig *g, FILE *f, const struct be_glyph *gl, size_t n, int drawn[2])
{
    static const char *const line[2] = {"unresolved", "never"};
    for (int a = 0; a < ALLOC_COUNT; a++)
        for (int never = 0; never < 2; never++) {
            int started = 0;
            for (size_t k = 0; k < n; k++) {
                if (gl[k].alloc != a || gl[k].never != never)
                    continue;
                const char *kind = schema_value_name(AXIS_ALLOC, a);
                struct fig_style s = {kind, line[never], line[never]};
                if (!started && fig_block(g, f, &s,
                                          never ? "never pays off: not faster at that size"
                                                : "not resolved: the estimate, its saving within "
                                                  "the copies' intervals") < 0)
                    return -1;
                started = drawn[never] = 1;
                fprintf(f, "%.0f %.6g %.6g %.6g\n\n", gl[k].x, gl[k].y, gl[k].y, gl[k].y);
            }
        }
    return 0;
}

/*
 * The panel of direction dir and api: a block per alloc kind with the
 * interval of each break-even, broken where there is none; then the
 * glyphs of those: "not resolved" at breakeven.csv's estimate, "never pays
 * off" at y_top.
 */
static int breakeven_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                           double y_top, const char *data_dir, int seen[ALLOC_COUNT],
                           int seen_api[API_COUNT], int drawn[2])
{
    FILE *f = NULL;
    int rc = 0, gaps = 0, unresolved = 0;
    struct curve_pen pen;
    struct be_glyph *gl = calloc(in->nbreakeven ? in->nbreakeven : 1, sizeof(*gl));
    size_t ngl = 0;
    if (!gl)
        return -1;
    for (size_t i = 0; i < in->nbreakeven && rc == 0; i++) {
        const struct breakeven_row *b = &in->breakeven[i], *prev = i ? b - 1 : NULL;
        if (b->dir != (uint64_t)dir || b->api != (uint64_t)api)
            continue;
        if (!f && (!breakeven_in(in, dir) ||
                   curve_api_panel(g, in, dir, api,
                                   "size_bytes breakeven_copies low high (a blank line: no "
                                   "point there; the glyph blocks after the curves say why)",
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
        int why = fig_breakeven_point(g, f, &pen, in, b, &gaps, &unresolved);
        if (why)
            gl[ngl++] = (struct be_glyph){b->size_bytes, why == 1 ? y_top : b->copies,
                                          (int)b->alloc, why == 1};
    }
    if (rc == 0 && f)
        rc = glyph_blocks(g, f, gl, ngl, drawn);
    for (size_t k = 0; k < ngl; k++)
        fig_extend(g, gl[k].x, gl[k].y);
    free(gl);
    if (!f)
        return rc;
    if (rc == 0)
        rc = fig_hline(g, 1, "", "guide", "left-above", "1 copy");
    return fig_panel_close(f) < 0 ? -1 : rc;
}

/*
 * Where "never pays off" is drawn: a factor of two above the highest
 * point or interval any panel draws (the panels share their y axis), so
 * that it stands apart at the top; 10 when nothing is drawn.
 */
static double never_y(const struct plot_input *in)
{
    double top = 0, lo, hi;
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        double v = curve_breakeven_interval(in, b, &lo, &hi);
        if (!isnan(v))
            top = fmax(top, fmax(v, hi));
        else if (!isnan(b->copies)) /* not resolved: drawn at its estimate */
            top = fmax(top, b->copies);
    }
    return top > 0 ? 2 * top : 10;
}

int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int seen[ALLOC_COUNT] = {0}, seen_api[API_COUNT] = {0}, drawn[2] = {0, 0};
    struct fig_style keys[ALLOC_COUNT], notes[3];
    double y_top = never_y(in);
    for (int d = 0; d < DIR_COUNT; d++)
        for (int api = 0; api < API_COUNT; api++)
            if (api_is_copy(api) &&
                breakeven_panel(g, in, d, api, y_top, data_dir, seen, seen_api, drawn) < 0)
                return -1;
    if (g->npanels == 0)
        return 0;
    snprintf(g->what, sizeof(g->what), "copies before pinning pays off");
    snprintf(g->detail, sizeof(g->detail), "%s", curve_one_api(seen_api));
    snprintf(g->y_label, sizeof(g->y_label), "copies of that size");
    size_t nnotes = 0;
    notes[nnotes++] = (struct fig_style){"-", "", "",
                                         "copies = (alloc + free) ÷ time saved per copy; bars: the "
                                         "saving at the ends of both copies' 95 % intervals"};
    /* a note for each glyph drawn, and only for those: its sample is the glyph */
    if (drawn[0])
        notes[nnotes++] = (struct fig_style){"", "unresolved", "unresolved",
                                             "not resolved: the saving is within the copies' "
                                             "95 % intervals (at the estimate)"};
    if (drawn[1])
        notes[nnotes++] = (struct fig_style){
            "", "never", "never", "never pays off: not faster at that size (at the top)"};
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
