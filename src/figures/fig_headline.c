/*
 * fig_headline.c - the headline figure (see fig_headline.h).
 *
 * Six panels at most, in a grid (plots/headline.gp), each with an axis of
 * its own: copy bandwidth h2d, d2h and both directions at once (pinned and
 * pageable, reused buffers, warm cache, one api), the time per copy up to
 * 1 MiB, alloc + free of a pinned buffer per GiB, and the copies after which
 * it pays off.  The colour and point are the alloc kind; the dash is the
 * direction, so that one panel can hold both.  Bars are the samples'
 * min-max: of the copies for bandwidth and latency, of alloc + free
 * (samples.csv) for the allocation cost, and the break-even interval of
 * fig_breakeven_interval.
 */
#include "figures/fig_headline.h"
#include "figures/fig_pinning.h"
#include "figures/legend.h"
#include "results/csv.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The panels, in order. */
enum hl_panel { HL_H2D, HL_D2H, HL_BIDIR, HL_LATENCY, HL_ALLOC, HL_BREAKEVEN, HL_COUNT };

static const char *const hl_names[HL_COUNT] = {"h2d bandwidth",           "d2h bandwidth",
                                               "bidirectional bandwidth", "latency",
                                               "allocation cost",         "break-even"};

/* Small copies: the latency panel's sizes. */
#define HL_SMALL_BYTES (1024.0 * 1024)

/* What the panels found, for the legend and notes. */
struct hl {
    int api;
    int seen[ALLOC_COUNT], dir_seen[DIR_COUNT], missing[HL_COUNT];
    int unresolved, gaps, alloc_bars;
    double n_lo, n_hi; /* samples behind a point, fewest and most */
    struct csv_table samples;
    int have_samples;
};

/* Pinned and pageable, the kinds the headline compares. */
static const int hl_kinds[2] = {ALLOC_PINNED, ALLOC_PAGEABLE};

/*
 * The api of the copies drawn: sync (cudaMemcpy, the classic question) when
 * pinned or pageable reuse copies were measured with it, else async; -1
 * when neither was.
 */
static int hl_pick_api(const struct plot_input *in)
{
    static const int apis[2] = {API_SYNC, API_ASYNC};
    for (int i = 0; i < 2; i++)
        for (int d = 0; d < DIR_COUNT; d++)
            for (int k = 0; k < 2; k++)
                if (plot_find_curve(in, d, hl_kinds[k], BUFFER_REUSE, apis[i], NULL))
                    return apis[i];
    return -1;
}

/* A block of kind alloc in direction dir: colour and point the kind, dash the direction. */
static int hl_block(struct fig *g, FILE *f, struct hl *h, int alloc, int dir, const char *what)
{
    const char *kind = schema_value_name(AXIS_ALLOC, alloc);
    struct fig_style s = {kind, schema_value_name(AXIS_DIRECTION, dir), kind};
    h->seen[alloc] = h->dir_seen[dir] = 1;
    return fig_block(g, f, &s, what);
}

/* Count the samples behind row r into the notes' range. */
static void hl_count(struct hl *h, const struct plot_row *r)
{
    if (!(r->samples > 0))
        return;
    h->n_lo = isnan(h->n_lo) ? r->samples : fmin(h->n_lo, r->samples);
    h->n_hi = isnan(h->n_hi) ? r->samples : fmax(h->n_hi, r->samples);
}

/* Start panel which, titled, with its y label and axis; its data file into *f. */
static int hl_panel_start(struct fig *g, enum hl_panel which, const char *title,
                          const char *y_label, int log_y, const char *columns, const char *data_dir,
                          FILE **f)
{
    static const char *const tags[HL_COUNT] = {"h2d",   "d2h",   "bidir",
                                               "small", "alloc", "breakeven"};
    if (fig_panel(g, tags[which], title) < 0)
        return -1;
    fig_own_y(g);
    g->panel_log_y[g->npanels - 1] = log_y;
    snprintf(g->panel_y_label[g->npanels - 1], sizeof(g->panel_y_label[0]), "%s", y_label);
    *f = fig_panel_create(g, data_dir, "", columns);
    return *f ? 0 : -1;
}

/* The raw link rate across a bandwidth panel (twice it for both directions), when known. */
static int hl_link_line(struct fig *g, const struct plot_input *in, int dir)
{
    char rate[32], label[96];
    double link = in->link_gbps * (dir == DIR_BIDIR ? 2 : 1);
    if (!(link > 0))
        return 0;
    plot_format_gbps(link, rate, sizeof(rate));
    snprintf(label, sizeof(label), "PCIe raw rate%s %s GB/s",
             dir == DIR_BIDIR ? ", both ways:" : "", rate);
    return fig_hline(g, link, "", "link", "left-below", label);
}

/*
 * The api of direction dir's bandwidth panel: the headline's, else the
 * other copy api when only it has pinned or pageable reuse copies there
 * (full-sweep measured both directions at once with async only); -1: none.
 */
static int hl_panel_api(const struct plot_input *in, const struct hl *h, int dir)
{
    int other = h->api == API_SYNC ? API_ASYNC : API_SYNC;
    for (int k = 0; k < 2; k++)
        if (plot_find_curve(in, dir, hl_kinds[k], BUFFER_REUSE, h->api, NULL))
            return h->api;
    for (int k = 0; k < 2; k++)
        if (plot_find_curve(in, dir, hl_kinds[k], BUFFER_REUSE, other, NULL))
            return other;
    return -1;
}

/* Panel dir: pinned and pageable bandwidth against size, min-max bars. */
static int hl_bandwidth(struct fig *g, const struct plot_input *in, struct hl *h, int dir,
                        const char *data_dir)
{
    FILE *f = NULL;
    int rc = 0, api = hl_panel_api(in, h, dir);
    char title[96];
    snprintf(title, sizeof(title), "%s%s", plot_dir_titles[dir],
             api == h->api      ? ""
             : api == API_ASYNC ? ", cudaMemcpyAsync"
                                : ", cudaMemcpy");
    for (int k = 0; k < 2 && rc == 0 && api >= 0; k++) {
        const struct plot_curve *c = plot_find_curve(in, dir, hl_kinds[k], BUFFER_REUSE, api, NULL);
        if (!c)
            continue;
        if (!f && hl_panel_start(g, (enum hl_panel)dir, title, "GB/s (median)", 0,
                                 "size_bytes gbps_median gbps_min gbps_max", data_dir, &f) < 0)
            return -1;
        rc = hl_block(g, f, h, hl_kinds[k], dir, "gbps_median, min, max");
        for (size_t i = 0; i < c->n && rc == 0; i++) {
            const struct plot_row *r = &in->rows[c->first + i];
            fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, r->gbps_median, r->gbps_min,
                    r->gbps_max);
            fig_extend(g, r->size_bytes, r->gbps_max);
            hl_count(h, r);
        }
    }
    if (!f) {
        h->missing[dir] = 1;
        return 0;
    }
    if (rc == 0)
        rc = hl_link_line(g, in, dir);
    return fig_panel_close(f) < 0 ? -1 : rc;
}

/* Rows of curve c small enough for the latency panel, with a time per copy. */
static size_t hl_small_rows(const struct plot_input *in, const struct plot_curve *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        n += r->size_bytes <= HL_SMALL_BYTES && r->us_per_copy > 0;
    }
    return n;
}

/*
 * One latency block: the pipelined time per copy (us_per_copy_median) of
 * the small rows of c, with the interval its bandwidth's min-max implies
 * (the time per copy is size over bandwidth).
 */
static void hl_latency_rows(struct fig *g, FILE *f, struct hl *h, const struct plot_input *in,
                            const struct plot_curve *c)
{
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        if (!(r->size_bytes <= HL_SMALL_BYTES && r->us_per_copy > 0))
            continue;
        double us = r->us_per_copy, lo = us, hi = us;
        if (r->gbps_max > 0 && r->gbps_min > 0 && r->gbps_median > 0) {
            lo = us * r->gbps_median / r->gbps_max;
            hi = us * r->gbps_median / r->gbps_min;
        }
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, us, lo, hi);
        fig_extend(g, r->size_bytes, lo);
        fig_extend(g, r->size_bytes, hi);
        hl_count(h, r);
    }
}

/* The latency panel: time per copy up to 1 MiB, pinned and pageable, h2d and d2h. */
static int hl_latency(struct fig *g, const struct plot_input *in, struct hl *h,
                      const char *data_dir)
{
    FILE *f = NULL;
    int rc = 0;
    for (int d = 0; d < DIR_BIDIR && rc == 0; d++)
        for (int k = 0; k < 2 && rc == 0; k++) {
            const struct plot_curve *c =
                plot_find_curve(in, d, hl_kinds[k], BUFFER_REUSE, h->api, NULL);
            if (!c || hl_small_rows(in, c) == 0)
                continue;
            if (!f && hl_panel_start(g, HL_LATENCY, "small copies: time per copy",
                                     "µs per copy (pipelined)", 1,
                                     "size_bytes us_per_copy_median low high (from gbps_max, "
                                     "gbps_min)",
                                     data_dir, &f) < 0)
                return -1;
            rc = hl_block(g, f, h, hl_kinds[k], d, "us_per_copy_median, up to 1 MiB");
            if (rc == 0)
                hl_latency_rows(g, f, h, in, c);
        }
    if (!f) {
        h->missing[HL_LATENCY] = 1;
        return 0;
    }
    return fig_panel_close(f) < 0 ? -1 : rc;
}

/*
 * The fewest and most milliseconds of alloc + free over the samples of
 * config (samples.csv); 0, or -1 when the folder has no such samples.
 */
static int hl_alloc_spread(const struct hl *h, double config, double *lo, double *hi)
{
    if (!h->have_samples)
        return -1;
    int cc = csv_table_col(&h->samples, "config"), ca = csv_table_col(&h->samples, "alloc_ms");
    int cf = csv_table_col(&h->samples, "free_ms");
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t i = 0; i < h->samples.nrows; i++) {
        double c = strtod(csv_table_get(&h->samples, i, cc), NULL);
        if (c != config)
            continue;
        double a = strtod(csv_table_get(&h->samples, i, ca), NULL);
        double fr = strtod(csv_table_get(&h->samples, i, cf), NULL);
        if (a > 0 && fr > 0) {
            *lo = fmin(*lo, a + fr);
            *hi = fmax(*hi, a + fr);
        }
    }
    return *lo <= *hi ? 0 : -1;
}

/* Seconds per GiB of ms milliseconds spent on a buffer of size bytes. */
static double per_gib(double ms, double size)
{
    return ms / 1e3 / (size / 1073741824.0);
}

/* The allocation panel: alloc + free of a pinned buffer per GiB (reallocate rows). */
static int hl_alloc(struct fig *g, const struct plot_input *in, struct hl *h, const char *data_dir)
{
    int dir, api;
    const struct plot_curve *c =
        plot_time_pick(in, &dir, &api) < 0
            ? NULL
            : plot_find_curve(in, dir, ALLOC_PINNED, BUFFER_REALLOCATE, api, NULL);
    FILE *f = NULL;
    for (size_t i = 0; c && i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        double ms = r->phase_ms[PHASE_ALLOC] + r->phase_ms[PHASE_FREE], lo = ms, hi = ms;
        if (!(ms > 0))
            continue;
        if (!f && (hl_panel_start(g, HL_ALLOC, "pinned: cudaHostAlloc + cudaFreeHost",
                                  "seconds per GiB (median)", 1,
                                  "size_bytes s_per_gib (alloc_ms_median + free_ms_median) "
                                  "low high (the samples' min-max of alloc + free)",
                                  data_dir, &f) < 0 ||
                   hl_block(g, f, h, ALLOC_PINNED, dir, "alloc + free per GiB") < 0))
            return f ? (fig_panel_close(f), -1) : -1;
        if (hl_alloc_spread(h, r->config, &lo, &hi) == 0)
            h->alloc_bars = 1;
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, per_gib(ms, r->size_bytes),
                per_gib(lo, r->size_bytes), per_gib(hi, r->size_bytes));
        fig_extend(g, r->size_bytes, per_gib(lo, r->size_bytes));
        fig_extend(g, r->size_bytes, per_gib(hi, r->size_bytes));
        hl_count(h, r);
    }
    if (!f) {
        h->missing[HL_ALLOC] = 1;
        return 0;
    }
    return fig_panel_close(f);
}

/* Does breakeven.csv give pinned in direction dir and the headline's api a count? */
static int hl_has_breakeven(const struct plot_input *in, const struct hl *h, int dir)
{
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        if (b->alloc == ALLOC_PINNED && b->dir == (uint64_t)dir && b->api == (uint64_t)h->api &&
            !isnan(b->copies))
            return 1;
    }
    return 0;
}

/* One break-even block: pinned in direction dir, with its interval or no point. */
static void hl_breakeven_rows(struct fig *g, FILE *f, struct hl *h, const struct plot_input *in,
                              int dir)
{
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        double lo, hi, v;
        if (b->alloc != ALLOC_PINNED || b->dir != (uint64_t)dir || b->api != (uint64_t)h->api)
            continue;
        v = fig_breakeven_interval(in, b, &lo, &hi);
        if (isnan(v)) {
            fprintf(f, "%.0f NaN NaN NaN\n", b->size_bytes);
            *(isnan(b->copies) ? &h->gaps : &h->unresolved) = 1;
            continue;
        }
        fprintf(f, "%.0f %.6g %.6g %.6g\n", b->size_bytes, v, lo, hi);
        fig_extend(g, b->size_bytes, lo);
        fig_extend(g, b->size_bytes, hi);
    }
}

/* The break-even panel: pinned h2d and d2h, from breakeven.csv. */
static int hl_breakeven(struct fig *g, const struct plot_input *in, struct hl *h,
                        const char *data_dir)
{
    FILE *f = NULL;
    int rc = 0;
    for (int d = 0; d < DIR_BIDIR && rc == 0; d++) {
        if (!hl_has_breakeven(in, h, d))
            continue;
        if (!f && hl_panel_start(g, HL_BREAKEVEN, "copies before pinning pays off",
                                 "copies of that size", 1,
                                 "size_bytes breakeven_copies low high (NaN: not faster, or "
                                 "not resolved)",
                                 data_dir, &f) < 0)
            return -1;
        rc = hl_block(g, f, h, ALLOC_PINNED, d, "copies before alloc + free pays off");
        if (rc == 0)
            hl_breakeven_rows(g, f, h, in, d);
    }
    if (!f) {
        h->missing[HL_BREAKEVEN] = 1;
        return 0;
    }
    if (rc == 0)
        rc = fig_hline(g, 1, "", "guide", "left-above", "1 copy");
    return fig_panel_close(f) < 0 ? -1 : rc;
}

/*
 * The key: the kinds' colours and points, then which dash is which
 * direction; the notes under it: what the bars are and what is not drawn.
 */
static int hl_legend(struct fig *g, const struct hl *h)
{
    static const char *const dash[DIR_COUNT] = {[DIR_H2D] = "solid: host → device",
                                                [DIR_D2H] = "dashed: device → host",
                                                [DIR_BIDIR] = "dash-dot: both at once"};
    struct fig_style keys[ALLOC_COUNT + DIR_COUNT], notes[3];
    size_t nk = plot_alloc_entries(h->seen, "h2d", keys), n = 0, len = 0;
    char missing[160] = "", count[48];
    for (int d = 0; d < DIR_COUNT; d++)
        if (h->dir_seen[d]) {
            keys[nk] = (struct fig_style){"", schema_value_name(AXIS_DIRECTION, d), ""};
            snprintf(keys[nk++].title, sizeof(keys[0].title), "%s", dash[d]);
        }
    if (h->n_lo == h->n_hi)
        snprintf(count, sizeof(count), "%.0f samples a point", h->n_lo);
    else
        snprintf(count, sizeof(count), "%.0f–%.0f samples a point", h->n_lo, h->n_hi);
    notes[n] = (struct fig_style){"-", "", ""};
    snprintf(notes[n++].title, sizeof(notes[0].title), "bars: the samples' min–max (%s)%s", count,
             h->missing[HL_ALLOC] || h->alloc_bars ? "" : "; allocation: medians only");
    if (h->unresolved || h->gaps) {
        notes[n] = (struct fig_style){"-", "", ""};
        snprintf(notes[n++].title, sizeof(notes[0].title), "break-even: no point where %s",
                 h->unresolved ? "the saving is within the copies' min–max (not resolved)"
                               : "pinned is not faster");
    }
    for (int p = 0; p < HL_COUNT; p++)
        if (h->missing[p] && len < sizeof(missing))
            len += (size_t)snprintf(missing + len, sizeof(missing) - len, "%s%s", len ? ", " : "",
                                    hl_names[p]);
    if (len) {
        notes[n] = (struct fig_style){"-", "", ""};
        snprintf(notes[n++].title, sizeof(notes[0].title), "not in this folder: %s", missing);
    }
    if (legend_flow(&g->key, keys, nk, 5) < 0)
        return -1;
    return legend_flow(&g->notes, notes, n, 1);
}

int fig_headline(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    struct hl h = {.n_lo = NAN, .n_hi = NAN};
    char err[256], *path = NULL;
    int rc = 0;
    h.api = hl_pick_api(in);
    if (h.api < 0)
        return 0;
    g->panel_axes = 1;
    if ((path = plot_path_join(in->dir, "samples.csv")))
        h.have_samples = csv_table_read(path, &h.samples, err, sizeof(err)) == 0;
    free(path);
    for (int d = 0; d < DIR_COUNT && rc == 0; d++)
        rc = hl_bandwidth(g, in, &h, d, data_dir);
    if (rc == 0)
        rc = hl_latency(g, in, &h, data_dir);
    if (rc == 0)
        rc = hl_alloc(g, in, &h, data_dir);
    if (rc == 0)
        rc = hl_breakeven(g, in, &h, data_dir);
    if (h.have_samples)
        csv_table_free(&h.samples);
    if (rc < 0 || g->npanels == 0)
        return rc;
    snprintf(g->what, sizeof(g->what), "headline, pinned against pageable");
    snprintf(g->detail, sizeof(g->detail), "%s, reused buffers, warm cache, default placement",
             h.api == API_SYNC ? "cudaMemcpy" : "cudaMemcpyAsync");
    snprintf(g->y_label, sizeof(g->y_label), "%s", g->panel_y_label[0]);
    return hl_legend(g, &h);
}
