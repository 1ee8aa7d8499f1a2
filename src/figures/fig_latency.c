/*
 * fig_latency.c - time per small copy against size (see fig_latency.h): pipelined and
 * round trip.
 */
#include "figures/fig_latency.h"
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

#define PLOT_LATENCY_MAX_BYTES (16.0 * 1048576) /* small copies: the latency figure's sizes */
/* ---- the latency figure: time per copy ---- */

/*
 * Does row r belong in the latency figure (sizes up to max_bytes)?  Reuse,
 * one direction, the host buffer in its steady state: what a copy costs.
 */
static int latency_row(const struct plot_row *r, double max_bytes)
{
    return r->buffer == BUFFER_REUSE && r->dir != DIR_BIDIR && plot_host_steady(r) &&
           r->us_per_copy > 0 && r->size_bytes <= max_bytes;
}

/* Rows of curve c in the latency figure. */
static size_t latency_count(const struct plot_input *in, const struct plot_curve *c,
                            double max_bytes)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        n += latency_row(&in->rows[c->first + i], max_bytes);
    return n;
}

/*
 * The largest size the latency figure shows: PLOT_LATENCY_MAX_BYTES, where
 * small copies live, unless no curve has three sizes that small: then all.
 */
static double latency_max_bytes(const struct plot_input *in)
{
    for (size_t c = 0; c < in->ncurves; c++)
        if (latency_count(in, &in->curves[c], PLOT_LATENCY_MAX_BYTES) >= 3)
            return PLOT_LATENCY_MAX_BYTES;
    return INFINITY;
}

/* One block of the latency figure: a curve's pipelined time per copy or its round trip. */
static int latency_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, double max_bytes, int roundtrip)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    curve_style(&s, first);
    /* A zero-copy kernel's round trip has a dash of its own: the copy's round trip shares its
       panel and its kind's point. */
    int zc = first->api == API_ZEROCOPY;
    s.line = roundtrip ? (zc ? "zerocopy-roundtrip" : "roundtrip") : zc ? "zerocopy" : "pipelined";
    if (fig_block(g, f, &s, roundtrip ? "round trip" : "pipelined time per copy") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = first + i;
        double us = roundtrip ? r->roundtrip_us : r->us_per_copy;
        if (!latency_row(r, max_bytes) || !(us > 0))
            continue;
        fprintf(f, "%.0f %.6g\n", r->size_bytes, us);
        fig_extend(g, r->size_bytes, us);
    }
    return 0;
}

/* Does curve c have a round trip at a size the latency figure shows? */
static int has_roundtrip(const struct plot_input *in, const struct plot_curve *c, double max_bytes)
{
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        if (latency_row(r, max_bytes) && r->roundtrip_us > 0)
            return 1;
    }
    return 0;
}

/*
 * The panel of direction dir: per curve its pipelined time per copy and,
 * where measured, its round trip.  seen[] gathers the alloc kinds (and
 * ALLOC_COUNT + api the apis) drawn; *roundtrips gets 1 when a copy's round trip is
 * drawn, 2 when a zero-copy kernel's is.
 */
static int latency_panel(struct fig *g, const struct plot_input *in, int dir, int grp, int split,
                         double max_bytes, const char *data_dir, int seen[], int *roundtrips)
{
    FILE *f = NULL;
    int rc = 0;
    char tag[48], title[96];
    snprintf(tag, sizeof(tag), "%s%s", schema_value_name(AXIS_DIRECTION, dir),
             split && grp ? "-async" : "");
    snprintf(title, sizeof(title), "%s%s", plot_dir_titles[dir],
             split ? (grp ? ", async" : ", sync") : "");
    for (size_t c = 0; c < in->ncurves && rc == 0; c++) {
        const struct plot_curve *cv = &in->curves[c];
        const struct plot_row *first = &in->rows[cv->first];
        if (!curve_in_panel(in, cv, dir, grp) || latency_count(in, cv, max_bytes) == 0)
            continue;
        if (!f && (fig_panel(g, tag, title) < 0 ||
                   !(f = fig_panel_create(g, data_dir, "",
                                          "size_bytes us (pipelined: us_per_copy_median; round "
                                          "trip: roundtrip_us_median)"))))
            return -1;
        seen[first->alloc] = seen[ALLOC_COUNT + first->api] = 1;
        rc = latency_block(g, f, in, cv, max_bytes, 0);
        if (rc == 0 && has_roundtrip(in, cv, max_bytes)) {
            rc = latency_block(g, f, in, cv, max_bytes, 1);
            /* a copy's round trip and a kernel's are drawn, and explained, apart */
            *roundtrips |= first->api == API_ZEROCOPY ? 2 : 1;
        }
    }
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The legend of the latency figure: the alloc kinds' colours; the notes say
 * which point is which api (when both were measured) and what solid and
 * dashed lines are.
 */
static int latency_legend(struct fig *g, const int seen[], int roundtrips)
{
    static const char *const api_titles[API_COUNT] = {
        [API_SYNC] = "sync: cudaMemcpy",
        [API_ASYNC] = "async: cudaMemcpyAsync",
        [API_ZEROCOPY] = "zerocopy: a kernel on the host buffer",
    };
    struct fig_style allocs[ALLOC_COUNT], notes[API_COUNT + 3];
    size_t nallocs = plot_alloc_entries(seen, "pipelined", allocs), napis = 0, nnotes = 0;
    for (int a = 0; a < API_COUNT; a++)
        napis += seen[ALLOC_COUNT + a] != 0;
    for (int a = 0; a < API_COUNT; a++) {
        /* A zero-copy kernel's dash (the apis have panels of their own). */
        if (!seen[ALLOC_COUNT + a] || a != API_ZEROCOPY)
            continue;
        notes[nnotes] = (struct fig_style){"", "zerocopy", ""};
        snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s", api_titles[a]);
    }
    notes[nnotes++] = (struct fig_style){"", "pipelined", "", "pipelined: event time ÷ copies"};
    if (roundtrips & 1)
        notes[nnotes++] = (struct fig_style){"", "roundtrip", "",
                                             "round trip: one copy, waited for (host clock)"};
    if (roundtrips & 2)
        notes[nnotes++] = (struct fig_style){"", "zerocopy-roundtrip", "",
                                             "zerocopy round trip: one kernel, waited for"};
    if (legend_flow(&g->key, allocs, nallocs, 4) < 0)
        return -1;
    return legend_flow(&g->notes, notes, nnotes, 2);
}

/*
 * The detail of the latency figure's title: what is shown, the api when
 * only one, and the host state when the results hold others.
 */
static void latency_detail(struct fig *g, const struct plot_input *in, const int seen[],
                           double max_bytes)
{
    int api = -1, napis = 0, steady = 1;
    char upto[48] = "", size[32];
    for (int a = 0; a < API_COUNT; a++)
        if (seen[ALLOC_COUNT + a]) {
            api = a;
            napis++;
        }
    if (!isinf(max_bytes)) {
        /* "16 MiB", with its unit: the axis may be labelled in decimal units */
        units_format_approx((uint64_t)max_bytes, size, sizeof(size));
        snprintf(upto, sizeof(upto), ", sizes up to %s", size);
    }
    for (size_t i = 0; i < in->nrows; i++)
        steady &= plot_host_steady(&in->rows[i]);
    snprintf(g->detail, sizeof(g->detail), "reuse%s%s%s%s", napis == 1 ? ", " : "",
             napis == 1 ? schema_value_name(AXIS_API, api) : "", upto,
             steady ? "" : ", cache warm, pages prefaulted");
}

/* The latency figure: time per copy against size, small copies, a panel each for h2d and d2h. */
int fig_latency(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    static const int dirs[] = {DIR_H2D, DIR_D2H};
    int seen[ALLOC_COUNT + API_COUNT] = {0}, roundtrips = 0;
    double max_bytes = latency_max_bytes(in);
    snprintf(g->what, sizeof(g->what), "time per copy");
    snprintf(g->y_label, sizeof(g->y_label), "time per copy (µs)");
    int groups[2] = {0, 0};
    for (size_t c = 0; c < in->ncurves; c++)
        if (latency_count(in, &in->curves[c], max_bytes))
            groups[curve_api_group(in->rows[in->curves[c].first].api)] = 1;
    for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++)
        for (int grp = 0; grp < 2; grp++)
            if (groups[grp] && latency_panel(g, in, dirs[d], grp, groups[0] && groups[1], max_bytes,
                                             data_dir, seen, &roundtrips) < 0)
                return -1;
    if (g->npanels == 0)
        return 0;
    latency_detail(g, in, seen, max_bytes);
    return latency_legend(g, seen, roundtrips);
}

const struct fig_def fig_latency_def = {
    .name = "latency",
    .question =
        "How long does a small copy take: per copy when copies are queued back to back, "
        "and as the round trip an application waits for?",
    .log_y = 1,
    .describe = fig_latency,
    .read = reading_latency,
    .needs =
        "reuse rows of h2d or d2h with us_per_copy_median (cache warm, touch prefaulted)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
