/*
 * fig_pinning.c - the figures of what pinning buys and costs (see
 * fig_pinning.h): speedup over pageable, alloc-cost, and breakeven from
 * breakeven.csv.
 */
#include "figures/fig_pinning.h"
#include "figures/kit/legend.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The row of curve c at size bytes, or NULL. */
static const struct plot_row *row_at(const struct plot_input *in, const struct plot_curve *c,
                                     double size)
{
    for (size_t i = 0; i < c->n; i++)
        if (in->rows[c->first + i].size_bytes == size)
            return &in->rows[c->first + i];
    return NULL;
}

/* The one api drawn, "sync" or "async" (a title's detail), or "" when both were. */
static const char *one_api(const int seen_api[API_COUNT])
{
    if (seen_api[API_SYNC] && !seen_api[API_ASYNC])
        return "sync";
    if (seen_api[API_ASYNC] && !seen_api[API_SYNC])
        return "async";
    return "";
}

/* ---- speedup: page-locked over pageable ---- */

/* Sizes at which both curves have a row. */
static size_t common_sizes(const struct plot_input *in, const struct plot_curve *c,
                           const struct plot_curve *base)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        n += row_at(in, base, in->rows[c->first + i].size_bytes) != NULL;
    return n;
}

/*
 * One block: curve c's gbps_median over the pageable curve base's, size by
 * size, with the ratio's interval (interval_ratio: on the log scale, never
 * below 0); both sides' intervals are tallied into t.
 */
static int speedup_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, const struct plot_curve *base,
                         struct interval_tally *t)
{
    const struct plot_row *first = &in->rows[c->first];
    const char *kind = schema_value_name(AXIS_ALLOC, first->alloc);
    struct fig_style s = {kind, kind, kind};
    if (fig_block(g, f, &s, "gbps_median over pageable's, with the ratio's interval") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *p = row_at(in, base, first[i].size_bytes), *r = &first[i];
        struct interval x;
        if (!p || !(p->gbps_median > 0))
            continue;
        interval_ratio(&r->iv[IV_GBPS], &p->iv[IV_GBPS], &x);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, x.median, x.lo, x.hi);
        fig_extend(g, r->size_bytes, x.lo);
        fig_extend(g, r->size_bytes, x.hi);
        interval_tally_add(t, &r->iv[IV_GBPS]);
        interval_tally_add(t, &p->iv[IV_GBPS]);
    }
    return 0;
}

/* The panel of direction dir and api, titled with the api when the figure has both. */
static int api_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                     const char *columns, const char *data_dir, FILE **f)
{
    char tag[48], title[96];
    int both = 0;
    for (size_t c = 0; c < in->ncurves; c++)
        both |= in->rows[in->curves[c].first].api != api &&
                api_is_copy(in->rows[in->curves[c].first].api);
    /* The sync panel keeps the direction's name. */
    snprintf(tag, sizeof(tag), "%s%s%s", schema_value_name(AXIS_DIRECTION, dir),
             both && api != API_SYNC ? "-" : "",
             both && api != API_SYNC ? schema_value_name(AXIS_API, api) : "");
    snprintf(title, sizeof(title), "%s%s%s", plot_dir_titles[dir], both ? ", " : "",
             both ? schema_value_name(AXIS_API, api) : "");
    if (fig_panel(g, tag, title) < 0 || !(*f = fig_panel_create(g, data_dir, "", columns)))
        return -1;
    return 0;
}

/*
 * The panel of direction dir: for each api with a pageable reuse curve, the
 * speedup of every page-locked kind measured beside it.
 */
static int speedup_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                         const char *data_dir, int seen[ALLOC_COUNT], int seen_api[API_COUNT],
                         struct interval_tally *t)
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
        if (!f && api_panel(g, in, dir, api,
                            "size_bytes speedup (gbps_median / pageable's gbps_median at the "
                            "same size) low high (the ratio's interval, analysis/interval.h)",
                            data_dir, &f) < 0)
            return -1;
        seen[a] = seen_api[api] = 1;
        rc = speedup_block(g, f, in, c, base, t);
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
    struct interval_tally t;
    interval_tally_init(&t, 1);
    for (int d = 0; d < DIR_COUNT; d++)
        for (int api = 0; api < API_COUNT; api++)
            if (api_is_copy(api) && speedup_panel(g, in, d, api, data_dir, seen, seen_api, &t) < 0)
                return -1;
    if (g->npanels == 0)
        return 0;
    g->zoom_y = 1; /* ratios: plot.c gives speedup a log axis; zoom_y centres it at 1 */
    snprintf(g->what, sizeof(g->what), "how many times faster than pageable");
    snprintf(g->detail, sizeof(g->detail), "%s", one_api(seen_api));
    snprintf(g->y_label, sizeof(g->y_label), "speedup over pageable (×)");
    if (legend_flow(&g->key, keys, plot_alloc_entries(seen, NULL, keys), 6) < 0)
        return -1;
    plot_bars_note(&notes[0], &t);
    return legend_flow(&g->notes, notes, 1, 1);
}

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

/* The interval of part p of row r. */
static const struct interval *cost_interval(const struct plot_row *r, enum cost_part p)
{
    return &r->iv[p == COST_ALLOC ? IV_ALLOC_MS : p == COST_FREE ? IV_FREE_MS : IV_PIN_MS];
}

/* One block: part p of reallocate curve c against size, with its interval (tallied into t). */
static int cost_block(struct fig *g, FILE *f, const struct plot_input *in,
                      const struct plot_curve *c, enum cost_part p, struct interval_tally *t)
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
        const struct interval *iv = cost_interval(&first[i], p);
        if (!(ms > 0))
            continue;
        fprintf(f, "%.0f %.6g %.6g %.6g\n", first[i].size_bytes, ms, iv->lo, iv->hi);
        fig_extend(g, first[i].size_bytes, iv->lo);
        fig_extend(g, first[i].size_bytes, iv->hi);
        interval_tally_add(t, iv);
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
                       int reference, const struct interval_tally *t)
{
    static const char *const titles[COST_COUNT] = {"alloc", "free",
                                                   "pin: cudaHostRegister (part of alloc)"};
    struct fig_style keys[ALLOC_COUNT], notes[COST_COUNT + 2];
    size_t nnotes = 0;
    for (int p = 0; p < COST_COUNT; p++)
        if (parts[p]) {
            notes[nnotes] = (struct fig_style){"", cost_line[p], ""};
            snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s", titles[p]);
        }
    if (reference)
        notes[nnotes++] =
            (struct fig_style){"reference", "reference", "", "one pinned copy, for scale"};
    plot_bars_note(&notes[nnotes++], t);
    if (legend_flow(&g->key, keys, plot_alloc_entries(seen, "alloc", keys), 4) < 0)
        return -1;
    return legend_flow(&g->notes, notes, nnotes, 2);
}

int fig_alloc_cost(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    int dir, api, seen[ALLOC_COUNT] = {0}, parts[COST_COUNT] = {0}, rc = 0, reference;
    char title[96];
    FILE *f = NULL;
    struct interval_tally t;
    interval_tally_init(&t, 0);
    if (plot_time_pick(in, &dir, &api) < 0)
        return 0;
    snprintf(title, sizeof(title), "reallocate cycles, %s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++) {
        const struct plot_curve *c = plot_find_curve(in, dir, a, BUFFER_REALLOCATE, api, NULL);
        if (!c || !has_cost(in, c, COST_ALLOC))
            continue;
        if (!f && (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), title) < 0 ||
                   !(f = fig_panel_create(g, data_dir, "",
                                          "size_bytes ms (medians) low high (their intervals)"))))
            return -1;
        seen[a] = 1;
        for (int p = 0; p < COST_COUNT && rc == 0; p++)
            if (has_cost(in, c, p)) {
                parts[p] = 1;
                rc = cost_block(g, f, in, c, p, &t);
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
    return cost_legend(g, seen, parts, reference, &t);
}

/* ---- breakeven: copies before a page-locked buffer pays off ---- */

/* Has direction dir a break-even count anywhere? */
static int breakeven_in(const struct plot_input *in, int dir)
{
    for (size_t i = 0; i < in->nbreakeven; i++)
        if (in->breakeven[i].dir == (uint64_t)dir && !isnan(in->breakeven[i].copies))
            return 1;
    return 0;
}

/* (see fig_pinning.h) */
double fig_breakeven_interval(const struct plot_input *in, const struct breakeven_row *b,
                              double *lo, double *hi)
{
    const struct plot_curve *pc =
        plot_find_curve(in, (int)b->dir, ALLOC_PAGEABLE, BUFFER_REUSE, (int)b->api, NULL);
    const struct plot_curve *kc =
        plot_find_curve(in, (int)b->dir, (int)b->alloc, BUFFER_REUSE, (int)b->api, NULL);
    const struct plot_row *p = pc ? row_at(in, pc, b->size_bytes) : NULL;
    const struct plot_row *k = kc ? row_at(in, kc, b->size_bytes) : NULL;
    double cost_us = (b->alloc_ms + b->free_ms) * 1000;
    *lo = *hi = b->copies;
    if (!p || !k || isnan(b->copies) || isnan(cost_us))
        return b->copies;
    /* microseconds per copy at a rate of gbps: bytes / (gbps * 1e3); the saving's least and
       most at the ends of both copies' intervals */
    double us = b->size_bytes / 1e3;
    double save_lo = us / p->iv[IV_GBPS].hi - us / k->iv[IV_GBPS].lo;
    double save_hi = us / p->iv[IV_GBPS].lo - us / k->iv[IV_GBPS].hi;
    *lo = save_hi > 0 ? cost_us / save_hi : NAN;
    *hi = save_lo > 0 ? cost_us / save_lo : NAN;
    return isnan(*hi) ? NAN : b->copies;
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
                   api_panel(g, in, dir, api,
                             "size_bytes breakeven_copies low high (NaN: the page-locked copy "
                             "is not faster, or not resolved: the time saved is within the "
                             "copies' intervals)",
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
    snprintf(g->detail, sizeof(g->detail), "%s", one_api(seen_api));
    snprintf(g->y_label, sizeof(g->y_label), "copies of that size");
    size_t nnotes = 0;
    notes[nnotes++] = (struct fig_style){"-", "", "",
                                         "copies = (alloc + free) ÷ time saved per copy; bars: the "
                                         "saving at the ends of both copies' 95 % intervals"};
    if (gaps)
        notes[nnotes++] = (struct fig_style){"-", "", "", "a gap: page-locked is not faster there"};
    if (unresolved)
        notes[nnotes++] = (struct fig_style){"-", "", "",
                                             "not resolved (no point): the saving is within the "
                                             "copies' 95 % intervals"};
    if (legend_flow(&g->key, keys, plot_alloc_entries(seen, NULL, keys), 6) < 0)
        return -1;
    /* One column: the sentences would make a second one as wide as the page. */
    return legend_flow(&g->notes, notes, nnotes, 1);
}

void fig_breakeven_point(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct breakeven_row *b, int *gaps, int *unresolved)
{
    double lo, hi, v = fig_breakeven_interval(in, b, &lo, &hi);
    if (isnan(v)) {
        fprintf(f, "%.0f NaN NaN NaN\n", b->size_bytes);
        *(isnan(b->copies) ? gaps : unresolved) = 1;
        return;
    }
    fprintf(f, "%.0f %.6g %.6g %.6g\n", b->size_bytes, v, lo, hi);
    fig_extend(g, b->size_bytes, lo);
    fig_extend(g, b->size_bytes, hi);
}
