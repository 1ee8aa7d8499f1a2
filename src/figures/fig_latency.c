/*
 * fig_latency.c - time per small copy against size (see fig_latency.h): pipelined and
 * round trip.
 */
#include "figures/fig_latency.h"
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

/* The kind of line of a curve's pipelined time (roundtrip 0) or its round trip. */
static const char *latency_line(const struct plot_row *first, int roundtrip)
{
    /* A zero-copy kernel's round trip has a dash of its own: the copy's round trip shares its
       panel and its kind's point. */
    int zc = first->api == API_ZEROCOPY;
    return roundtrip ? (zc ? "zerocopy-roundtrip" : "roundtrip") : zc ? "zerocopy" : "pipelined";
}

/*
 * The group of curves whose line (roundtrip or not) may merge
 * (coincide.h): the same panel (dir, grp) and kind of line.
 */
static int latency_group(const struct plot_row *first, int roundtrip)
{
    int grp = curve_api_group(first->api);
    return ((first->dir * 2 + grp) * 2 + roundtrip) * 2 + (first->api == API_ZEROCOPY);
}

/* The sizes and times (µs) curve c's line draws into x and y (c->n each); how many. */
static size_t latency_values(const struct plot_input *in, const struct plot_curve *c,
                             double max_bytes, int roundtrip, double *x, double *y, double *lo,
                             double *hi)
{
    size_t k = 0;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        double us = roundtrip ? r->roundtrip_us : r->us_per_copy;
        const struct interval *iv = &r->iv[IV_US_PER_COPY];
        if (latency_row(r, max_bytes) && us > 0) {
            x[k] = r->size_bytes;
            /* a round trip is a median samples.csv keeps no samples of: no interval */
            lo[k] = roundtrip ? us : iv->lo;
            hi[k] = roundtrip ? us : iv->hi;
            y[k++] = us;
        }
    }
    return k;
}

/*
 * One block of the latency figure: a curve's pipelined time per copy or its
 * round trip, its line broken where a size has none.
 */
static int latency_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, double max_bytes, int roundtrip,
                         struct interval_tally *t)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    struct curve_pen pen;
    curve_style(&s, first);
    s.line = latency_line(first, roundtrip);
    if (fig_block(g, f, &s, roundtrip ? "round trip" : "pipelined time per copy") < 0)
        return -1;
    curve_pen_start(&pen, in, first);
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = first + i;
        double us = roundtrip ? r->roundtrip_us : r->us_per_copy;
        if (r->size_bytes > max_bytes)
            break;
        if (!latency_row(r, max_bytes) || !(us > 0)) {
            curve_pen_skip(&pen);
            continue;
        }
        /* the pipelined time's interval; a round trip is a median (no samples of it kept) */
        const struct interval *iv = &r->iv[IV_US_PER_COPY];
        double lo = roundtrip ? us : iv->lo, hi = roundtrip ? us : iv->hi;
        curve_pen_at(&pen, f, r->size_bytes);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, us, lo, hi);
        fig_extend(g, r->size_bytes, lo);
        fig_extend(g, r->size_bytes, hi);
        if (!roundtrip)
            interval_tally_add(t, iv);
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

/* What the latency figure draws: its sizes, its panels' titles and the lines that merge. */
struct lat_plan {
    double max_bytes;
    int groups[2]; /* the api groups drawn (sync; async and zero-copy) */
    int split;     /* panels per api group (sync; async and zero-copy) */
    char title[DIR_COUNT * 2][96];
    struct co_list co;            /* the page-locked kinds' lines, tagged by curve */
    struct interval_tally *tally; /* the pipelined times' intervals drawn, for the bars' note */
};

/*
 * The lines of the page-locked kinds, each a series of its group
 * (latency_group), and those that coincide (coincide.h).  -1 when out of
 * memory.
 */
static int latency_merge(struct lat_plan *p, const struct plot_input *in)
{
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_curve *cv = &in->curves[c];
        const struct plot_row *first = &in->rows[cv->first];
        if (first->alloc == ALLOC_PAGEABLE || latency_count(in, cv, p->max_bytes) < 2)
            continue;
        double *x = malloc(4 * cv->n * sizeof(*x));
        if (!x)
            return -1;
        for (int rt = 0; rt < 2; rt++) {
            int grp = curve_api_group(first->api);
            size_t n = latency_values(in, cv, p->max_bytes, rt, x, x + cv->n, x + 2 * cv->n,
                                      x + 3 * cv->n);
            if (n < 2)
                continue;
            if (coincide_add(&p->co, first->alloc, latency_group(first, rt),
                             p->title[first->dir * 2 + grp], (long)c, n, x, x + cv->n,
                             x + 2 * cv->n, x + 3 * cv->n) < 0) {
                free(x);
                return -1;
            }
            /* a kind of line is a scope: a kind may join the pipelined line, not the round trip */
            coincide_scope(&p->co, latency_line(first, rt), rt * 2 + (first->api == API_ZEROCOPY));
        }
        free(x);
    }
    coincide_list_find(&p->co, COINCIDE_TOLERANCE_LATENCY, COINCIDE_MIN_MEMBERS);
    return 0;
}

/*
 * The plan of the latency figure of in: its sizes, api groups, panels'
 * titles and merged lines (free p->co with coincide_list_free).  -1 when
 * out of memory.
 */
static int latency_plan(struct lat_plan *p, const struct plot_input *in)
{
    memset(p, 0, sizeof(*p));
    p->max_bytes = latency_max_bytes(in);
    for (size_t c = 0; c < in->ncurves; c++)
        if (latency_count(in, &in->curves[c], p->max_bytes))
            p->groups[curve_api_group(in->rows[in->curves[c].first].api)] = 1;
    p->split = p->groups[0] && p->groups[1];
    for (int d = 0; d < DIR_COUNT; d++)
        for (int grp = 0; grp < 2; grp++)
            snprintf(p->title[d * 2 + grp], sizeof(p->title[0]), "%s%s", plot_dir_titles[d],
                     p->split ? (grp ? ", async" : ", sync") : "");
    return latency_merge(p, in);
}

/* The intervals of curve c's pipelined times that the figure draws, into t. */
static void latency_tally(const struct plot_input *in, const struct plot_curve *c, double max_bytes,
                          struct interval_tally *t)
{
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        if (latency_row(r, max_bytes))
            interval_tally_add(t, &r->iv[IV_US_PER_COPY]);
    }
}

/*
 * The panel of direction dir: per curve its pipelined time per copy and,
 * where measured, its round trip, but those of the page-locked kinds that
 * coincide, which are one line each (the median of theirs).  seen[]
 * gathers the alloc kinds drawn apart (and ALLOC_COUNT + api the apis);
 * *roundtrips gets 1 when a copy's round trip is drawn,
 * 2 when a zero-copy kernel's is; *merged 1 when a merged line is.
 */
static int latency_panel(struct fig *g, const struct plot_input *in, const struct lat_plan *p,
                         int dir, int grp, const char *data_dir, int seen[], int *roundtrips,
                         int *any_merged)
{
    FILE *f = NULL;
    int rc = 0, merged[2][2] = {{0, 0}, {0, 0}};
    char tag[48];
    snprintf(tag, sizeof(tag), "%s%s", schema_value_name(AXIS_DIRECTION, dir),
             p->split && grp ? "-async" : "");
    for (size_t c = 0; c < in->ncurves && rc == 0; c++) {
        const struct plot_curve *cv = &in->curves[c];
        const struct plot_row *first = &in->rows[cv->first];
        if (!curve_in_panel(in, cv, dir, grp) || latency_count(in, cv, p->max_bytes) == 0)
            continue;
        if (!f && (fig_panel(g, tag, p->title[dir * 2 + grp]) < 0 ||
                   !(f = fig_panel_create(g, data_dir, "",
                                          "size_bytes us (pipelined: us_per_copy_median; round "
                                          "trip: roundtrip_us_median)"))))
            return -1;
        seen[ALLOC_COUNT + first->api] = 1;
        for (int rt = 0; rt < 2 && rc == 0; rt++) {
            if (rt && !has_roundtrip(in, cv, p->max_bytes))
                continue;
            /* a copy's round trip and a kernel's are drawn, and explained, apart */
            *roundtrips |= rt ? (first->api == API_ZEROCOPY ? 2 : 1) : 0;
            if (coincide_member(&p->co, latency_group(first, rt), (long)c)) {
                merged[rt][first->api == API_ZEROCOPY] = 1;
                if (!rt) /* its bar is in the merged line's */
                    latency_tally(in, cv, p->max_bytes, p->tally);
                continue;
            }
            seen[first->alloc] = 1;
            rc = latency_block(g, f, in, cv, p->max_bytes, rt, p->tally);
        }
    }
    /* the merged lines after the curves drawn apart: pipelined, then round trip */
    for (int rt = 0; rt < 2 && rc == 0; rt++)
        for (int zc = 0; zc < 2 && rc == 0; zc++) {
            struct plot_row like = {.dir = dir,
                                    .api = zc    ? API_ZEROCOPY
                                           : grp ? API_ASYNC
                                                 : API_SYNC};
            struct fig_style s = {"page-locked", latency_line(&like, rt), "page-locked", ""};
            if (merged[rt][zc]) {
                *any_merged = 1;
                rc = coincide_block(g, f, p->co.s, p->co.n, latency_group(&like, rt), &s, 1) < 0
                         ? -1
                         : 0;
            }
        }
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The point of a note's sample for the curves drawn as line: the first of
 * the kinds whose point is filled (plots/style.gp) that a curve of g is
 * drawn with that line in, so that the samples of a pipelined and a round
 * trip note show the fill swapped; "" (no point) when none is.
 */
static const char *note_point(const struct fig *g, const char *line)
{
    static const char *const filled[] = {"page-locked", "pinned", "registered", "portable",
                                         "registered-portable"};
    for (size_t k = 0; k < sizeof(filled) / sizeof(filled[0]); k++)
        for (size_t b = 0; b < g->nblocks; b++)
            if (!strcmp(g->block[b].line, line) && !strcmp(g->block[b].point, filled[k]))
                return filled[k];
    return "";
}

/* What a kind of line of the latency figure is, in words: "round trip". */
static const char *line_words(const char *line)
{
    return !strcmp(line, "roundtrip")            ? "round trip"
           : !strcmp(line, "zerocopy-roundtrip") ? "zerocopy round trip"
                                                 : line;
}

/*
 * A kind's key entry e, drawn with the line of its curves: a kind whose
 * pipelined time is in a merged line and whose round trip is drawn apart
 * has the round trip's dash (and point) in its entry, named: "pinned
 * (round trip)".
 */
static void key_line_drawn(const struct fig *g, struct fig_style *e)
{
    const char *line = NULL;
    for (size_t b = 0; b < g->nblocks; b++)
        if (!strcmp(g->block[b].color, e->color)) {
            if (!strcmp(g->block[b].line, "pipelined") || !strcmp(g->block[b].line, "zerocopy"))
                return;
            line = line ? line : g->block[b].line;
        }
    if (!line)
        return;
    e->line = line;
    snprintf(e->title, sizeof(e->title), "%s (%s)", e->color, line_words(line));
}

/*
 * A merged line's key entry e, its kind of line said first ("round trip: 5
 * page-locked kinds within ..."), when the figure has merged lines of
 * several kinds of line whose members differ (coincide_keys: one entry
 * each), so that the words tell them apart as the samples' dashes do.
 */
static void key_say_line(struct fig_style *e)
{
    char title[sizeof(e->title) + 32];
    snprintf(title, sizeof(title), "%s: %s", line_words(e->line), e->title);
    if (strlen(title) >= sizeof(e->title)) /* cut short: say so */
        memcpy(title + sizeof(e->title) - 4, "...", 4);
    memcpy(e->title, title, sizeof(e->title));
    e->title[sizeof(e->title) - 1] = '\0';
}

/*
 * The legend of the latency figure: the colours of the alloc kinds drawn
 * apart, an entry per set of kinds drawn as one line (coincide_keys); the
 * notes say what each kind of line is (the pipelined time solid, the round
 * trip dashed with its kind's point in the other fill, a zero-copy kernel
 * and its round trip) and what the bars are, a merged line's too.
 */
static int latency_legend(struct fig *g, const struct lat_plan *p, const int seen[], int roundtrips,
                          int merged)
{
    static const struct fig_style merged_key = {"page-locked", "pipelined", "page-locked", ""};
    struct fig_style allocs[ALLOC_COUNT + 16], notes[API_COUNT + 6];
    size_t nallocs = plot_alloc_entries(seen, "pipelined", allocs), nnotes = 0, cols = 4;
    for (size_t k = 0; k < nallocs; k++)
        key_line_drawn(g, &allocs[k]);
    size_t nmerged = coincide_keys(p->co.s, p->co.n, &merged_key, 0, allocs + nallocs, 16);
    for (size_t k = 0; k < nmerged && nmerged > 1; k++)
        key_say_line(&allocs[nallocs + k]);
    nallocs += nmerged;
    for (size_t k = 0; k < nallocs; k++)
        if (strlen(allocs[k].title) > 40)
            cols = 1; /* a merged line's entry: one column, or the page grows */
    /* the samples show the page-locked point's fills; pageable's point is open, so its fills are
       the other way round: said, where pageable is drawn */
    notes[nnotes++] = (struct fig_style){"", "pipelined", note_point(g, "pipelined"),
                                         "pipelined: event time ÷ copies"};
    if (seen[ALLOC_PAGEABLE])
        strcat(notes[nnotes - 1].title, "; its kind's own point (pageable's open)");
    if (roundtrips & 1) {
        notes[nnotes++] = (struct fig_style){"", "roundtrip", note_point(g, "roundtrip"),
                                             "round trip: one copy, waited for (host clock); its "
                                             "point in the other fill"};
        if (seen[ALLOC_PAGEABLE])
            strcat(notes[nnotes - 1].title, " (pageable's filled)");
    }
    if (seen[ALLOC_COUNT + API_ZEROCOPY]) /* a zero-copy kernel's dash */
        notes[nnotes++] = (struct fig_style){"", "zerocopy", note_point(g, "zerocopy"),
                                             "zerocopy: a kernel on the host buffer"};
    if (roundtrips & 2)
        notes[nnotes++] =
            (struct fig_style){"", "zerocopy-roundtrip", note_point(g, "zerocopy-roundtrip"),
                               "zerocopy round trip: one kernel, waited for; its "
                               "point in the other fill"};
    plot_bars_note(&notes[nnotes++], p->tally);
    if (roundtrips && strlen(notes[nnotes - 1].title) + 24 < sizeof(notes[0].title))
        strcat(notes[nnotes - 1].title, "; round trips: medians");
    if (merged)
        notes[nnotes++] = (struct fig_style){"-", "", "", COINCIDE_BARS_NOTE};
    if (legend_flow(&g->key, allocs, nallocs, cols) < 0)
        return -1;
    return legend_flow(&g->notes, notes, nnotes,
                       1); /* one column: a page no wider than its panels need */
}

/*
 * The detail of the latency figure's title: what is shown, the api when
 * only one, the largest size drawn (as people read it: "16 MiB", "16.0 MB")
 * and the host state when the results hold others.
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
    if (!isinf(max_bytes) && g->x_max > 0) {
        /* the largest size drawn: "16 MiB", or "16.0 MB" (16 047 503 B: the axis is decimal) */
        units_format_human((uint64_t)g->x_max, size, sizeof(size));
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
    int seen[ALLOC_COUNT + API_COUNT] = {0}, roundtrips = 0, merged = 0, rc = 0;
    struct lat_plan p;
    struct interval_tally tally;
    snprintf(g->what, sizeof(g->what), "time per copy");
    snprintf(g->y_label, sizeof(g->y_label), "time per copy (µs)");
    interval_tally_init(&tally, 0);
    if (latency_plan(&p, in) < 0)
        rc = -1;
    p.tally = &tally;
    for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]) && rc == 0; d++)
        for (int grp = 0; grp < 2 && rc == 0; grp++)
            if (p.groups[grp])
                rc = latency_panel(g, in, &p, dirs[d], grp, data_dir, seen, &roundtrips, &merged);
    if (rc == 0 && g->npanels) {
        latency_detail(g, in, seen, p.max_bytes);
        rc = latency_legend(g, &p, seen, roundtrips, merged);
    }
    coincide_list_free(&p.co);
    return rc;
}

/* ---- the reading: the smallest copy's time, as drawn ---- */

/*
 * The time of the smallest copy drawn of alloc in dir with api, pipelined
 * and waited for, each as its line is drawn: the kind's own, or the median
 * of the merged line it is in (coincide.h), which is then said:
 *   "a 4 KiB pinned h2d copy takes 7.39 µs pipelined, 7.53 µs waited for"
 *   "the median 4 KiB h2d copy of the 6 page-locked kinds drawn as one
 *    takes 8.30 µs pipelined, 7.28 µs waited for"
 * and, when one of the two is merged and the other not, or they merge
 * with different kinds, each with its own words.
 */
static void read_line(struct reading *t, const struct plot_input *in, const struct lat_plan *p,
                      int alloc, int dir, int api, int say_api)
{
    const struct plot_curve *c = reading_reuse_curve(in, alloc, dir, api);
    const struct plot_row *r = NULL;
    for (size_t i = 0; c && i < c->n && !r; i++)
        if (latency_row(&in->rows[c->first + i], p->max_bytes))
            r = &in->rows[c->first + i];
    if (!r)
        return;
    const struct plot_row *first = &in->rows[c->first];
    long tag = (long)(c - in->curves);
    double us[2] = {r->us_per_copy, r->roundtrip_us};
    size_t k[2] = {0, 0};
    char what[96];
    const char *kind = schema_value_name(AXIS_ALLOC, alloc);
    for (int rt = 0; rt < 2; rt++)
        if (coincide_member(&p->co, latency_group(first, rt), tag))
            k[rt] = coincide_at_size(p->co.s, p->co.n, latency_group(first, rt), r->size_bytes,
                                     &us[rt]);
    /* "h2d copy", "h2d async copy", "h2d zerocopy kernel" */
    snprintf(what, sizeof(what), "%s%s%s %s", schema_value_name(AXIS_DIRECTION, dir),
             say_api ? " " : "", say_api ? schema_value_name(AXIS_API, api) : "",
             api == API_ZEROCOPY ? "kernel" : "copy");
    if (k[0])
        reading_part(t,
                     "the median %s %s of the %zu page-locked kinds drawn as one takes %s µs "
                     "pipelined",
                     reading_size(r->size_bytes), what, k[0], reading_us(us[0]));
    else
        reading_part(t, "a %s %s %s takes %s µs pipelined", reading_size(r->size_bytes), kind, what,
                     reading_us(us[0]));
    if (!(us[1] > 0))
        return;
    if (k[0] == k[1])
        fprintf(t->f, ", %s µs waited for", reading_us(us[1]));
    else if (!k[1])
        fprintf(t->f, "; %s's round trip, drawn apart, %s µs", kind, reading_us(us[1]));
    else
        fprintf(t->f, "; the median round trip of the %zu page-locked kinds drawn as one, %s µs",
                k[1], reading_us(us[1]));
}

/*
 * The latency figure's reading: pinned's and pageable's smallest copies of
 * each copy api drawn; without them (zero-copy folders), the first kind's
 * of each api; each value as drawn (read_line).
 */
static void read_latency(struct reading *t, const struct plot_input *in)
{
    static const int kinds[2] = {ALLOC_PINNED, ALLOC_PAGEABLE};
    struct lat_plan p;
    int api = plot_headline_api(in), first = -1, apis[2] = {0, 0};
    if (latency_plan(&p, in) == 0) {
        /* each copy api drawn (sync and async: a panel each), named when both are */
        for (int x = 0; x < 2 && api >= 0; x++)
            for (int d = 0; d < DIR_BIDIR; d++)
                for (int k = 0; k < 2; k++)
                    apis[x] |= reading_reuse_curve(in, kinds[k], d, x ? API_ASYNC : API_SYNC) != 0;
        for (int x = 0; x < 2 && api >= 0; x++)
            for (int d = 0; d < DIR_BIDIR && apis[x]; d++)
                for (int k = 0; k < 2; k++)
                    read_line(t, in, &p, kinds[k], d, x ? API_ASYNC : API_SYNC,
                              apis[0] && apis[1]);
        for (int a = 0; a < ALLOC_COUNT && api < 0 && first < 0; a++)
            for (int d = 0; d < DIR_BIDIR; d++)
                for (int x = 0; x < API_COUNT; x++)
                    if ((api_is_copy(x) || x == API_ZEROCOPY) && reading_reuse_curve(in, a, d, x))
                        first = a;
        for (int d = 0; d < DIR_BIDIR && first >= 0; d++)
            for (int x = 0; x < API_COUNT; x++)
                if (api_is_copy(x) || x == API_ZEROCOPY)
                    read_line(t, in, &p, first, d, x, 1);
    }
    coincide_list_free(&p.co);
}

const struct fig_def fig_latency_def = {
    .name = "latency",
    .question = "How long does a small copy take: per copy when copies are queued back to back, "
                "and as the round trip an application waits for?",
    .log_y = 1,
    .describe = fig_latency,
    .read = read_latency,
    .needs = "reuse rows of h2d or d2h with us_per_copy_median (cache warm, touch prefaulted)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
