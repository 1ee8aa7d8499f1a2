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


/*
 * The panel of direction dir and api: a block per alloc kind with the
 * interval of each break-even; NaN (a gap) where the page-locked copy is
 * not faster (*gaps) or the saving is within the samples' spread
 * (*unresolved, the sizes named in unresolved_at).
 */
static int breakeven_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                           const char *data_dir, int seen[ALLOC_COUNT], int seen_api[API_COUNT],
                           int *gaps, int *unresolved)
{
    FILE *f = NULL;
    int rc = 0;
    for (size_t i = 0; i < in->nbreakeven && rc == 0; i++) {
        const struct breakeven_row *b = &in->breakeven[i], *prev = i ? b - 1 : NULL;
        if (b->dir != (uint64_t)dir || b->api != (uint64_t)api)
            continue;
        if (!f && (!breakeven_in(in, dir) ||
                   curve_api_panel(g, in, dir, api,
                             "size_bytes breakeven_copies low high (NaN: the page-locked copy "
                             "is not faster, or not resolved: the time saved is within the "
                             "samples' min-max)",
                             data_dir, &f) < 0))
            return f ? -1 : 0;
        if (!prev || prev->dir != b->dir || prev->alloc != b->alloc || prev->api != b->api) {
            const char *kind = schema_value_name(AXIS_ALLOC, (int)b->alloc);
            struct fig_style s = {kind, kind, kind};
            rc = fig_block(g, f, &s, "copies before the buffer pays off");
            seen[b->alloc] = seen_api[b->api] = 1;
        }
        fig_breakeven_point(g, f, in, b, gaps, unresolved);
    }
    if (!f)
        return 0;
    if (rc == 0)
        rc = fig_hline(g, 1, "", "guide", "left-above", "1 copy");
    return fig_panel_close(f) < 0 ? -1 : rc;
}

int fig_breakeven(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int seen[ALLOC_COUNT] = {0}, seen_api[API_COUNT] = {0}, gaps = 0, unresolved = 0;
    struct fig_style keys[ALLOC_COUNT], notes[4];
    for (int d = 0; d < DIR_COUNT; d++)
        for (int api = 0; api < API_COUNT; api++)
            if (api_is_copy(api) &&
                breakeven_panel(g, in, d, api, data_dir, seen, seen_api, &gaps, &unresolved) < 0)
                return -1;
    if (g->npanels == 0)
        return 0;
    snprintf(g->what, sizeof(g->what), "copies before pinning pays off");
    snprintf(g->detail, sizeof(g->detail), "%s", curve_one_api(seen_api));
    snprintf(g->y_label, sizeof(g->y_label), "copies of that size");
    size_t nnotes = 0;
    notes[nnotes++] = (struct fig_style){"-", "", "",
                                         "copies = (alloc + free) ÷ time saved per copy; bars: the "
                                         "saving from the copies' min–max samples"};
    if (gaps)
        notes[nnotes++] = (struct fig_style){"-", "", "", "a gap: page-locked is not faster there"};
    if (unresolved)
        notes[nnotes++] = (struct fig_style){"-", "", "",
                                             "not resolved (no point): the saving is within the "
                                             "copies' min–max"};
    if (legend_flow(&g->key, keys, plot_alloc_entries(seen, NULL, keys), 6) < 0)
        return -1;
    /* One column: the sentences would make a second one as wide as the page. */
    return legend_flow(&g->notes, notes, nnotes, 1);
}

void fig_breakeven_point(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct breakeven_row *b, int *gaps, int *unresolved)
{
    double lo, hi, v = curve_breakeven_interval(in, b, &lo, &hi);
    if (isnan(v)) {
        fprintf(f, "%.0f NaN NaN NaN\n", b->size_bytes);
        *(isnan(b->copies) ? gaps : unresolved) = 1;
        return;
    }
    fprintf(f, "%.0f %.6g %.6g %.6g\n", b->size_bytes, v, lo, hi);
    fig_extend(g, b->size_bytes, lo);
    fig_extend(g, b->size_bytes, hi);
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
