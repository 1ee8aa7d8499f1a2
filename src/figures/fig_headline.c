/*
 * fig_headline.c - the headline figure (see fig_headline.h).
 *
 * Six panels at most, in a grid (plots/headline.gp), each with an axis of
 * its own: copy bandwidth h2d, d2h and both directions at once (pinned and
 * pageable, reused buffers, warm cache, one api), the time per copy up to
 * 1 MiB, alloc + free of one pinned buffer (ms), and the copies after which
 * it pays off.  The colour and point are the alloc kind; the dash is the
 * direction, so that one panel can hold both (the allocation, of none, is
 * dotted).  Bars are each median's
 * interval (plot_row.iv, analysis/interval.h): of gbps_median, of
 * us_per_copy_median, of alloc + free for the allocation cost; and the
 * break-even interval of curve_breakeven_interval.
 *
 * The bandwidth and latency panels are lists of curves (struct hl_curve),
 * so that the headline across machines is drawn by the same code: there a
 * panel holds one kind and direction, a curve per machine, and the colour,
 * dash and point are the machine's (hl_machine_style).
 */
#include "figures/fig_headline.h"
#include "analysis/link.h"
#include "figures/figdef.h"
#include "figures/tables.h"
#include "figures/readings.h"
#include "figures/fig_breakeven.h"
#include "figures/curves.h"
#include "figures/kit/drawn.h"
#include "figures/kit/gnuplot.h"
#include "figures/kit/legend.h"
#include "results/csv.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The panels, in order. */
enum hl_panel { HL_H2D, HL_D2H, HL_BIDIR, HL_LATENCY, HL_ALLOC, HL_BREAKEVEN, HL_COUNT };

/* Small copies: the latency panel's sizes. */
#define HL_SMALL_BYTES READ_SMALL_BYTES /* readings.h: its reading says what it draws */

/* What the panels found, for the legend and notes. */
struct hl {
    int api;
    int seen[ALLOC_COUNT], dir_seen[DIR_COUNT], missing[HL_COUNT];
    int unresolved, gaps, alloc_bars, alloc_line;
    struct interval_tally tally;  /* the intervals drawn */
    const struct hl_machines *ms; /* the headline across machines; NULL for one folder */
    int seen_m[HL_MAX_MACHINES], missing_m[6];
    struct interval_tally tally_m[HL_MAX_MACHINES]; /* across machines: each one's intervals */
};

/* Pinned and pageable, the kinds the headline compares. */
static const int hl_kinds[2] = {ALLOC_PINNED, ALLOC_PAGEABLE};


/* A block of kind alloc in direction dir: colour and point the kind, dash the direction. */
static int hl_block(struct fig *g, FILE *f, struct hl *h, int alloc, int dir, const char *what)
{
    const char *kind = schema_value_name(AXIS_ALLOC, alloc);
    struct fig_style s = {kind, schema_value_name(AXIS_DIRECTION, dir), kind};
    h->seen[alloc] = h->dir_seen[dir] = 1;
    return fig_block(g, f, &s, what);
}

/* Start panel tag, titled, with its y label and axis; its data file into *f. */
static int hl_panel_start(struct fig *g, const char *tag, const char *title, const char *y_label,
                          int log_y, const char *columns, const char *data_dir, FILE **f)
{
    if (fig_panel(g, tag, title) < 0)
        return -1;
    fig_own_y(g);
    g->panel_log_y[g->npanels - 1] = log_y;
    snprintf(g->panel_y_label[g->npanels - 1], sizeof(g->panel_y_label[0]), "%s", y_label);
    *f = fig_panel_create(g, data_dir, "", columns);
    return *f ? 0 : -1;
}


/* ---- panels of curves: bandwidth and small copies ---- */

/* One curve of a panel: a curve of a folder, and how it is drawn (NULL style: by kind). */
struct hl_curve {
    const struct plot_input *in;
    const struct plot_curve *c;
    int alloc, dir;
    size_t machine; /* the headline across machines: whose curve */
};

/* A panel of curves: its data file's tag, title, y axis and what a row holds. */
struct hl_panel_def {
    const char *tag, *title, *y_label;
    int latency; /* time per copy of the small rows, else bandwidth */
};

#define HL_BANDWIDTH_COLUMNS "size_bytes gbps_median low high (its interval, analysis/interval.h)"
#define HL_LATENCY_COLUMNS                                                                         \
    "size_bytes us_per_copy_median low high (its interval, analysis/interval.h)"

/* Is row r small enough for the latency panel, with a time per copy? */
static int hl_small(const struct plot_row *r)
{
    return r->size_bytes <= HL_SMALL_BYTES && r->us_per_copy > 0;
}

/* Rows of curve c small enough for the latency panel. */
static size_t hl_small_rows(const struct plot_input *in, const struct plot_curve *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        n += hl_small(&in->rows[c->first + i]);
    return n;
}

/*
 * The rows of one curve: bandwidth, or the pipelined time per copy
 * (us_per_copy_median) of the small rows, each with its interval.
 */
static void hl_rows(struct fig *g, FILE *f, struct hl *h, const struct hl_curve *cv, int latency)
{
    struct curve_pen pen; /* the line breaks at a size copies like it have and it lacks */
    curve_pen_start(&pen, cv->in, &cv->in->rows[cv->c->first]);
    for (size_t i = 0; i < cv->c->n; i++) {
        const struct plot_row *r = &cv->in->rows[cv->c->first + i];
        const struct interval *iv = &r->iv[latency ? IV_US_PER_COPY : IV_GBPS];
        double v = latency ? r->us_per_copy : r->gbps_median;
        if (latency && r->size_bytes > HL_SMALL_BYTES)
            break;
        if (latency && !hl_small(r)) { /* no time per copy at this size */
            curve_pen_skip(&pen);
            continue;
        }
        curve_pen_at(&pen, f, r->size_bytes);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, v, iv->lo, iv->hi);
        /* a bandwidth axis holds the medians and the link, never a bar */
        fig_extend(g, r->size_bytes, latency ? iv->lo : v);
        fig_extend(g, r->size_bytes, latency ? iv->hi : v);
        interval_tally_add(&h->tally, iv);
        if (h->ms)
            interval_tally_add(&h->tally_m[cv->machine], iv);
    }
}

/* The style of a machine (headline across machines): its colour, dash and point. */
static const char *const hl_machine_style[HL_MAX_MACHINES] = {"machine:1", "machine:2", "machine:3",
                                                              "machine:4", "machine:5", "machine:6",
                                                              "machine:7", "machine:8"};

/* The block of curve cv: by kind and direction, or (across machines) by machine. */
static int hl_curve_block(struct fig *g, FILE *f, struct hl *h, const struct hl_curve *cv,
                          const char *what)
{
    if (!h->ms)
        return hl_block(g, f, h, cv->alloc, cv->dir, what);
    const char *m = hl_machine_style[cv->machine];
    struct fig_style s = {m, m, m};
    h->seen_m[cv->machine] = 1;
    return fig_block(g, f, &s, what);
}

/*
 * A panel of the n curves cv (those with rows for it): its blocks and data
 * file.  *drawn is set when it has any; a panel without is not made.
 */
static int hl_curves(struct fig *g, struct hl *h, const struct hl_panel_def *def,
                     const struct hl_curve *cv, size_t n, const char *data_dir, int *drawn)
{
    FILE *f = NULL;
    int rc = 0;
    *drawn = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        /* small copies of fewer than PLOT_MIN_SIZES sizes are no line across sizes (tables.h;
           the bandwidth panels are the figure's own count, plot.c) */
        if (!cv[i].c || (def->latency && hl_small_rows(cv[i].in, cv[i].c) < PLOT_MIN_SIZES))
            continue;
        if (!f && hl_panel_start(g, def->tag, def->title, def->y_label, def->latency,
                                 def->latency ? HL_LATENCY_COLUMNS : HL_BANDWIDTH_COLUMNS, data_dir,
                                 &f) < 0)
            return -1;
        rc = hl_curve_block(g, f, h, &cv[i],
                            def->latency ? "us_per_copy_median, up to 1 MiB"
                                         : "gbps_median, low, high");
        if (rc == 0)
            hl_rows(g, f, h, &cv[i], def->latency);
    }
    *drawn = f != NULL;
    return f && fig_panel_close(f) < 0 ? -1 : rc;
}

/* The raw link rate across a bandwidth panel (twice it for both directions), when known. */
static int hl_link_line(struct fig *g, const struct plot_input *in, int dir)
{
    char rate[32], label[96];
    double link = link_raw_gbps(in->link_gbps, dir);
    if (!(link > 0))
        return 0;
    plot_format_gbps(link, rate, sizeof(rate));
    snprintf(label, sizeof(label), "PCIe raw rate%s %s GB/s",
             dir == DIR_BIDIR ? ", both ways:" : "", rate);
    return fig_hline(g, link, "", "link", "left-below", label);
}

/* Panel dir: pinned and pageable bandwidth against size, with their spread. */
static int hl_bandwidth(struct fig *g, const struct plot_input *in, struct hl *h, int dir,
                        const char *data_dir)
{
    static const char *const tags[DIR_COUNT] = {"h2d", "d2h", "bidir"};
    int api = plot_headline_panel_api(in, h->api, dir), drawn;
    char title[96];
    struct hl_curve cv[2];
    snprintf(title, sizeof(title), "%s%s", plot_dir_titles[dir],
             api == h->api      ? ""
             : api == API_ASYNC ? ", cudaMemcpyAsync"
                                : ", cudaMemcpy");
    for (int k = 0; k < 2; k++)
        cv[k] = (struct hl_curve){
            in, api < 0 ? NULL : plot_find_curve(in, dir, hl_kinds[k], BUFFER_REUSE, api, NULL),
            hl_kinds[k], dir, 0};
    struct hl_panel_def def = {tags[dir], title, "GB/s (median)", 0};
    if (hl_curves(g, h, &def, cv, 2, data_dir, &drawn) < 0)
        return -1;
    h->missing[dir] = !drawn;
    return drawn ? hl_link_line(g, in, dir) : 0;
}

/* The latency panel: time per copy up to 1 MiB, pinned and pageable, h2d and d2h. */
static int hl_latency(struct fig *g, const struct plot_input *in, struct hl *h,
                      const char *data_dir)
{
    struct hl_curve cv[4];
    int drawn;
    for (int d = 0; d < DIR_BIDIR; d++)
        for (int k = 0; k < 2; k++)
            cv[2 * d + k] = (struct hl_curve){
                in, plot_find_curve(in, d, hl_kinds[k], BUFFER_REUSE, h->api, NULL), hl_kinds[k], d,
                0};
    struct hl_panel_def def = {"small", "small copies: time per copy", "µs per copy (pipelined)",
                               1};
    if (hl_curves(g, h, &def, cv, 4, data_dir, &drawn) < 0)
        return -1;
    h->missing[HL_LATENCY] = !drawn;
    return 0;
}

/*
 * The allocation panel: alloc + free of one pinned buffer, in ms on a log
 * axis (reallocate rows), so that a small buffer's microseconds read as
 * what they cost, not as seconds per GiB; its line (alloc+free) claims no
 * direction.
 */
/* The allocation's block: pinned's colour and point, a dotted line of no direction. */
static int hl_alloc_block(struct fig *g, FILE *f, struct hl *h)
{
    const char *kind = schema_value_name(AXIS_ALLOC, ALLOC_PINNED);
    struct fig_style s = {kind, "alloc+free", kind, ""};
    h->seen[ALLOC_PINNED] = h->alloc_line = 1;
    return fig_block(g, f, &s, "alloc + free of one buffer");
}

static int hl_alloc(struct fig *g, const struct plot_input *in, struct hl *h, const char *data_dir)
{
    /* the api of the copy panels and the break-even, as its reading's */
    const struct plot_curve *c = reading_headline_alloc(in, h->api);
    FILE *f = NULL;
    struct curve_pen pen;
    curve_pen_start(&pen, in, c ? &in->rows[c->first] : NULL);
    for (size_t i = 0; c && i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        double ms = r->phase_ms[PHASE_ALLOC] + r->phase_ms[PHASE_FREE];
        struct interval s;
        if (!(ms > 0)) {
            curve_pen_skip(&pen);
            continue;
        }
        if (!f && (hl_panel_start(g, "alloc", "pinned buffer: cudaHostAlloc + cudaFreeHost",
                                  "ms per buffer (median)", 1,
                                  "size_bytes ms (alloc_ms_median + free_ms_median) "
                                  "low high (its interval, analysis/interval.h)",
                                  data_dir, &f) < 0 ||
                   hl_alloc_block(g, f, h) < 0))
            return f ? (fig_panel_close(f), -1) : -1;
        interval_scale(&r->iv[IV_ALLOC_FREE_MS], 1, &s);
        h->alloc_bars |= interval_known(&s);
        curve_pen_at(&pen, f, r->size_bytes);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, s.median, s.lo, s.hi);
        fig_extend(g, r->size_bytes, s.lo);
        fig_extend(g, r->size_bytes, s.hi);
        interval_tally_add(&h->tally, &s);
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
    struct curve_pen pen;
    curve_pen_start(&pen, in, NULL);
    for (size_t i = 0; i < in->nbreakeven; i++) {
        const struct breakeven_row *b = &in->breakeven[i];
        if (b->alloc == ALLOC_PINNED && b->dir == (uint64_t)dir && b->api == (uint64_t)h->api)
            fig_breakeven_point(g, f, &pen, in, b, &h->gaps, &h->unresolved);
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
        if (!f && hl_panel_start(g, "breakeven", "copies before pinning pays off",
                                 "copies of that size", 1,
                                 "size_bytes breakeven_copies low high (a blank line: no "
                                 "point, not faster or not resolved, the line broken)",
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
    if (rc == 0) { /* its label where none of the panel's points, bars or lines is */
        double axes[4];
        fig_breakeven_axes(g, g->npanels - 1, axes);
        fig_hline_move(g, g->nhlines - 1,
                       fig_breakeven_guide_where(in, -1, h->api, ALLOC_PINNED, axes));
    }
    return fig_panel_close(f) < 0 ? -1 : rc;
}

/*
 * The break-even panel's note when it lacks points: where pinned is not
 * faster and where the saving is not resolved, each with its sizes by
 * direction ("(h2d 4 KiB–16 KiB, d2h 4 KiB)"), into buf (n bytes).
 */
static void hl_breakeven_note(const struct plot_input *in, const struct hl *h, char *buf, size_t n)
{
    static const char *const why[3] = {"", "pinned is not faster",
                                       "the saving is within the copies' intervals"};
    char sizes[128];
    size_t len = 0;
    int said = 0;
    fig_text_add(buf, n, &len, "break-even: no point where");
    for (int st = 1; st <= 2; st++) {
        size_t k = 0;
        sizes[0] = '\0';
        for (int d = 0; d < DIR_BIDIR; d++) {
            char one[96] = "";
            size_t m = 0;
            if (hl_has_breakeven(in, h, d) && /* a direction the panel draws */
                curve_breakeven_sizes(in, ALLOC_PINNED, d, h->api, st, one, sizeof(one), &m))
                fig_text_add(sizes, sizeof(sizes), &k, "%s%s %s", k ? ", " : "",
                       schema_value_name(AXIS_DIRECTION, d), one);
        }
        if (k)
            fig_text_add(buf, n, &len, "%s %s (%s)", said++ ? " or" : "", why[st], sizes);
    }
}

/*
 * The key: the kinds' colours and points, then which dash is which
 * direction; the notes under it: what the bars are, the allocation's line
 * (of no direction) and what is not drawn.
 */
static int hl_legend(struct fig *g, const struct plot_input *in, const struct hl *h)
{
    static const char *const dash[DIR_COUNT] = {[DIR_H2D] = "solid: host → device",
                                                [DIR_D2H] = "dashed: device → host",
                                                [DIR_BIDIR] = "dash-dot: both at once"};
    struct fig_style keys[ALLOC_COUNT + DIR_COUNT], notes[4];
    size_t nk = plot_alloc_entries(h->seen, "h2d", keys), n = 0;
    for (int d = 0; d < DIR_COUNT; d++)
        if (h->dir_seen[d]) {
            keys[nk] = (struct fig_style){"", schema_value_name(AXIS_DIRECTION, d), ""};
            snprintf(keys[nk++].title, sizeof(keys[0].title), "%s", dash[d]);
        }

    plot_bars_note(&notes[n++], &h->tally);
    if (h->alloc_line) /* a note, not a key entry: the key stays one row */
        notes[n++] = (struct fig_style){
            "", "alloc+free", "", "dotted: alloc + free of one pinned buffer, of no direction"};
    if (!h->missing[HL_ALLOC] && !h->alloc_bars)
        snprintf((notes[n++] = (struct fig_style){"-", "", "", ""}).title, sizeof(notes[0].title),
                 "allocation: medians only (no samples.csv)");
    if (h->unresolved || h->gaps) {
        notes[n] = (struct fig_style){"-", "", ""};
        hl_breakeven_note(in, h, notes[n++].title, sizeof(notes[0].title));
    }
    /* What the folder lacks is no note: a figure says what it draws (the panels are titled). */
    if (legend_flow(&g->key, keys, nk, 5) < 0)
        return -1;
    return legend_flow(&g->notes, notes, n, 1);
}

int fig_headline(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    struct hl h = {0};
    int rc = 0;
    interval_tally_init(&h.tally, 0);
    h.api = plot_headline_api(in);
    if (h.api < 0)
        return 0;
    g->panel_axes = 1;
    for (int d = 0; d < DIR_COUNT && rc == 0; d++)
        rc = hl_bandwidth(g, in, &h, d, data_dir);
    if (rc == 0)
        rc = hl_latency(g, in, &h, data_dir);
    if (rc == 0)
        rc = hl_alloc(g, in, &h, data_dir);
    if (rc == 0)
        rc = hl_breakeven(g, in, &h, data_dir);
    if (rc < 0 || g->npanels == 0)
        return rc;
    /* The title says what is drawn: pinned against pageable only when both are. */
    snprintf(g->what, sizeof(g->what), "headline, %s",
             h.seen[ALLOC_PINNED] && h.seen[ALLOC_PAGEABLE] ? "pinned against pageable"
             : h.seen[ALLOC_PINNED]                         ? "pinned"
                                                            : "pageable");
    /* what every copy panel shares; the allocation panels are of reallocate cycles */
    snprintf(g->detail, sizeof(g->detail),
             "%s, reused buffers, warm cache, prefaulted pages, default placement%s",
             h.api == API_SYNC ? "cudaMemcpy" : "cudaMemcpyAsync",
             !h.missing[HL_ALLOC] || !h.missing[HL_BREAKEVEN]
                 ? "; alloc + free from reallocate cycles"
                 : "");
    snprintf(g->y_label, sizeof(g->y_label), "%s", g->panel_y_label[0]);
    return hl_legend(g, in, &h);
}

/* ---- the headline across machines ---- */

void fig_headline_group(struct hl_machines *ms, const struct plot_input *const in[],
                        const char *const key[], const char *const label[], size_t n)
{
    memset(ms, 0, sizeof(*ms));
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < ms->n && strcmp(ms->m[j].key, key[i]) != 0)
            j++;
        if (j == ms->n) {
            if (ms->n == HL_MAX_MACHINES) {
                ms->left_out++;
                continue;
            }
            snprintf(ms->m[j].key, sizeof(ms->m[j].key), "%s", key[i]);
            snprintf(ms->m[j].label, sizeof(ms->m[j].label), "%s", label[i]);
            ms->n++;
        }
        if (ms->m[j].nin < HL_MAX_FOLDERS)
            ms->m[j].in[ms->m[j].nin++] = in[i];
    }
}

const struct plot_curve *fig_machine_curve(const struct hl_machine *m, int alloc, int dir, int api,
                                           const struct plot_input **in)
{
    const struct plot_curve *best = NULL;
    *in = NULL;
    for (size_t i = 0; i < m->nin; i++) {
        const struct plot_curve *c = plot_find_curve(m->in[i], dir, alloc, BUFFER_REUSE, api, NULL);
        if (c && (!best || c->n > best->n)) {
            best = c;
            *in = m->in[i];
        }
    }
    return best;
}

int fig_machines_api(const struct hl_machines *ms)
{
    int api = -1;
    for (size_t m = 0; m < ms->n; m++)
        for (size_t i = 0; i < ms->m[m].nin; i++) {
            int a = plot_headline_api(ms->m[m].in[i]);
            if (a == API_SYNC)
                return a;
            api = a >= 0 ? a : api;
        }
    return api;
}

/* The panels across machines: three to a row, pinned above pageable, small copies at the right. */
static const struct {
    int alloc, dir, latency;
    const char *tag, *title, *name;
} hl_mpanels[6] = {
    {ALLOC_PINNED, DIR_H2D, 0, "pinned-h2d", "pinned, host → device", "pinned h2d"},
    {ALLOC_PINNED, DIR_D2H, 0, "pinned-d2h", "pinned, device → host", "pinned d2h"},
    {ALLOC_PINNED, DIR_H2D, 1, "small-h2d", "small pinned copies, host → device",
     "small copies h2d"},
    {ALLOC_PAGEABLE, DIR_H2D, 0, "pageable-h2d", "pageable, host → device", "pageable h2d"},
    {ALLOC_PAGEABLE, DIR_D2H, 0, "pageable-d2h", "pageable, device → host", "pageable d2h"},
    {ALLOC_PINNED, DIR_D2H, 1, "small-d2h", "small pinned copies, device → host",
     "small copies d2h"},
};

/* Each machine's PCIe link across the current panel, in its colour. */
static int hl_machine_links(struct fig *g, const struct hl_curve *cv, size_t n, int *drawn)
{
    double link[HL_MAX_MACHINES];
    const char *name[HL_MAX_MACHINES];
    char text[HL_MAX_MACHINES][32];
    int show[HL_MAX_MACHINES];
    for (size_t m = 0; m < n; m++) {
        const struct plot_input *in = cv[m].in;
        show[m] = cv[m].c != NULL;
        link[m] = in ? in->link_gbps : NAN;
        snprintf(text[m], sizeof(text[m]), "Gen%d x%d", in ? in->pcie_gen : 0,
                 in ? in->pcie_width : 0);
        name[m] = in && in->pcie_gen > 0 ? text[m] : "link";
    }
    return fig_link_lines(g, n, link, hl_machine_style, name, show, 0, drawn);
}

/* Panel k across machines: each machine's curve from its folder with the most sizes. */
static int hl_machine_panel(struct fig *g, struct hl *h, size_t k, const char *data_dir, int *links)
{
    struct hl_curve cv[HL_MAX_MACHINES];
    int drawn;
    for (size_t m = 0; m < h->ms->n; m++) {
        const struct plot_input *in;
        const struct plot_curve *c =
            fig_machine_curve(&h->ms->m[m], hl_mpanels[k].alloc, hl_mpanels[k].dir, h->api, &in);
        cv[m] = (struct hl_curve){in, c, hl_mpanels[k].alloc, hl_mpanels[k].dir, m};
    }
    struct hl_panel_def def = {hl_mpanels[k].tag, hl_mpanels[k].title,
                               hl_mpanels[k].latency ? "µs per copy (pipelined)" : "GB/s (median)",
                               hl_mpanels[k].latency};
    if (hl_curves(g, h, &def, cv, h->ms->n, data_dir, &drawn) < 0)
        return -1;
    h->missing_m[k] = !drawn;
    /* pinned copies only: the link would squash pageable's curves, far under it */
    return drawn && !def.latency && hl_mpanels[k].alloc != ALLOC_PAGEABLE
               ? hl_machine_links(g, cv, h->ms->n, links)
               : 0;
}

/*
 * The notes on the bars across machines: one, when every machine's stand
 * on the same values; else one per machine ("bars: LABEL: 95 % PI of
 * another round (3 rounds), log scale"), so that bars of rounds are not
 * taken for bars of one round's samples.  Returns how many.
 */
static size_t hl_machine_bars(const struct hl *h, struct fig_style *out, size_t max)
{
    char first[160] = "", note[160];
    int alike = 1, said = 0;
    size_t n = 0;
    for (size_t m = 0; m < h->ms->n; m++)
        if (h->seen_m[m]) {
            interval_note(&h->tally_m[m], note, sizeof(note));
            alike &= !said++ || strcmp(note, first) == 0;
            snprintf(first, sizeof(first), "%s", said == 1 ? note : first);
        }
    if (alike) {
        plot_bars_note(&out[n++], &h->tally);
        return n;
    }
    for (size_t m = 0; m < h->ms->n && n < max; m++)
        if (h->seen_m[m]) {
            interval_note(&h->tally_m[m], note, sizeof(note));
            const char *what = strncmp(note, "bars: ", 6) == 0 ? note + 6 : "none, too few values";
            out[n] = (struct fig_style){"-", "", "", "", INTERVAL_NOTE_SAID};
            snprintf(out[n++].title, sizeof(out[0].title), "bars: %.45s: %.100s", h->ms->m[m].label,
                     what);
        }
    return n;
}

/* The key: each machine's colour, dash and point; the notes: bars, links, what is missing. */
static int hl_machine_legend(struct fig *g, const struct hl *h, int links)
{
    struct fig_style keys[HL_MAX_MACHINES], notes[HL_MAX_MACHINES + 3];
    size_t nk = 0, n = 0, len = 0;
    char missing[160] = "";
    for (size_t m = 0; m < h->ms->n; m++)
        if (h->seen_m[m]) {
            const char *s = hl_machine_style[m];
            keys[nk] = (struct fig_style){s, s, s};
            snprintf(keys[nk++].title, sizeof(keys[0].title), "%s", h->ms->m[m].label);
        }
    n += hl_machine_bars(h, notes, HL_MAX_MACHINES);
    if (links)
        notes[n++] = (struct fig_style){"", "link", "", "thin: each machine's PCIe link, raw rate"};
    for (size_t k = 0; k < 6; k++)
        if (h->missing_m[k] && len < sizeof(missing))
            len += (size_t)snprintf(missing + len, sizeof(missing) - len, "%s%s", len ? ", " : "",
                                    hl_mpanels[k].name);
    if (len) {
        notes[n] = (struct fig_style){"-", "", ""};
        snprintf(notes[n++].title, sizeof(notes[0].title), "measured on no machine: %s", missing);
    }
    if (h->ms->left_out) {
        notes[n] = (struct fig_style){"-", "", ""};
        snprintf(notes[n++].title, sizeof(notes[0].title), "%zu more machines are not drawn",
                 h->ms->left_out);
    }
    if (legend_flow(&g->key, keys, nk, 3) < 0)
        return -1;
    return legend_flow(&g->notes, notes, n, 1);
}

int fig_headline_machines(struct fig *g, const struct hl_machines *ms, const char *data_dir)
{
    struct hl h = {.ms = ms};
    int rc = 0, links = 0;
    interval_tally_init(&h.tally, 0);
    for (size_t m = 0; m < HL_MAX_MACHINES; m++)
        interval_tally_init(&h.tally_m[m], 0);
    h.api = fig_machines_api(ms);
    if (h.api < 0)
        return 0;
    g->panel_axes = 1;
    for (size_t k = 0; k < 6 && rc == 0; k++)
        rc = hl_machine_panel(g, &h, k, data_dir, &links);
    if (rc < 0 || g->npanels == 0)
        return rc;
    snprintf(g->title, sizeof(g->title), "copy bandwidth and small copies on %zu machines", ms->n);
    snprintf(g->detail, sizeof(g->detail),
             "%s, reused buffers, warm cache, prefaulted pages, default placement",
             h.api == API_SYNC ? "cudaMemcpy" : "cudaMemcpyAsync");
    snprintf(g->y_label, sizeof(g->y_label), "%s", g->panel_y_label[0]);
    return hl_machine_legend(g, &h, links);
}

/* The table of one figure fig_render_into draws: the headline across machines. */
static int hl_machines_describe(struct fig *g, size_t i, const void *in, const char *data_dir,
                                const char **needs)
{
    (void)i;
    fig_init(g, "headline-machines", 0);
    *needs = "reuse rows of pinned or pageable memory, api sync or async, on two or more "
             "machines";
    return fig_headline_machines(g, in, data_dir);
}

int fig_headline_machines_draw(const struct hl_machines *ms, const char *fig_dir,
                               const char *data_dir, const char *prefix, const char *scripts_dir,
                               unsigned draw, int *made, FILE *log)
{
    const char *names[1] = {NULL};
    int rc = fig_render_into(hl_machines_describe, 1, ms, fig_dir, data_dir, prefix, scripts_dir,
                             draw, "pinsweep compare or report again where gnuplot is", names, log);
    *made = names[0] != NULL;
    return rc;
}

/* ---- the reading of the headline across machines ---- */

/* ---- the headline across machines ---- */

/* Machine m in words: its pinned and pageable curves, then its smallest pinned copies. */
static void read_machine(struct reading *t, const struct hl_machine *m, int api)
{
    static const int order[4][2] = {{ALLOC_PINNED, DIR_H2D},
                                    {ALLOC_PAGEABLE, DIR_H2D},
                                    {ALLOC_PINNED, DIR_D2H},
                                    {ALLOC_PAGEABLE, DIR_D2H}};
    char what[160];
    int first = 1;
    for (int k = 0; k < 4; k++) {
        const struct plot_input *in;
        const struct plot_curve *c = fig_machine_curve(m, order[k][0], order[k][1], api, &in);
        if (!c)
            continue;
        snprintf(what, sizeof(what), "%s%s%s", first ? m->label : "", first ? ": " : "",
                 reading_kind_dir(order[k][0], order[k][1]));
        reading_curve(t, in, c, what, order[k][0] != ALLOC_PAGEABLE);
        first = 0;
    }
    for (int d = 0; d < DIR_BIDIR; d++) {
        const struct plot_input *in;
        const struct plot_curve *c = fig_machine_curve(m, ALLOC_PINNED, d, api, &in);
        const struct plot_row *r = c ? reading_smallest_timed(in, c) : NULL;
        if (r)
            reading_part(t, "a %s %s copy takes %s µs pipelined", reading_size(r->size_bytes),
                 reading_kind_dir(ALLOC_PINNED, d), reading_us(r->us_per_copy));
    }
}

char *plot_reading_machines(const struct hl_machines *ms)
{
    struct reading t;
    int api = fig_machines_api(ms);
    if (reading_open(&t) < 0)
        return NULL;
    if (api >= 0) {
        fprintf(t.f, "%s: ", reading_api_call(api));
        for (size_t m = 0; m < ms->n; m++)
            read_machine(&t, &ms->m[m], api);
    }
    char *s = reading_close(&t);
    if (s && t.parts == 0)
        s[0] = '\0';
    return s;
}

const struct fig_def fig_headline_def = {
    .name = "headline",
    .question = "What does pinning buy on this machine, on one page?",
    .log_y = 0,
    .describe = fig_headline,
    .read = reading_headline,
    .needs =
        "reuse rows of pinned or pageable memory, api sync or async (cache warm, touch "
        "prefaulted)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
