/*
 * fig_bandwidth.c - copy bandwidth against size, a panel per direction (see
 * fig_bandwidth.h): the curves, the band of page-locked kinds that
 * coincide, fits and the PCIe link over them.  What it draws is planned in
 * fig_bandwidth_plan.c; its reading is fig_bandwidth_reading.c's.
 */
#include "figures/fig_bandwidth.h"
#include "figures/fig_bandwidth_plan.h"
#include "figures/figdef.h"
#include "figures/coincide.h"
#include "figures/curves.h"
#include "figures/kit/legend.h"
#include "analysis/fit.h"
#include "analysis/link.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define PLOT_FIT_POINTS 60 /* sizes at which a fit's model bandwidth is drawn */
#define OVERLAY_COLUMNS                                                                            \
    "size_bytes gbps (fit: the model n / (t0 + n/B) over its sizes; regime: its B over its sizes)"

/* ---- the bandwidth figure ---- */

/* What the bandwidth figure's overlays drew, for its notes. */
struct bw_drawn {
    int fits;
    size_t nregimes;          /* curves drawn as two regimes */
    const char *regime_color; /* their colour when they share one, else "" */
};
/* The band's spread is told apart below and from 1 MiB (its key entry). */
#define BAND_SPLIT_BYTES 1048576.0

/* The style of a curve in the bandwidth figure: its kind's dash unless dashes tell variants. */
static void bw_style(struct fig_style *s, const struct bw_plan *p, const struct plot_row *r)
{
    curve_style(s, r);
    if (!p->dash_by_variant)
        s->line = s->color;
}

static void write_bandwidth_point(FILE *f, const struct plot_row *r)
{
    const struct interval *iv = &r->iv[IV_GBPS];
    fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, r->gbps_median, iv->lo, iv->hi);
}

/*
 * The band of the current panel (group g of the plan): at each size the
 * median of the members' medians and the lowest and highest of those
 * medians, in NAME-PANEL-band.dat, with a line naming the members.
 */
static int band_write(struct fig *g, const struct bw_plan *pl, int group, const char *data_dir)
{
    size_t p = g->npanels - 1, n = coincide_points(pl->band, pl->nband, group);
    char names[160];
    FILE *f = fig_panel_create(g, data_dir, "-band",
                               "size_bytes gbps (median of the members' gbps_median) "
                               "low high (lowest and highest of the members' gbps_median)");
    if (!f)
        return -1;
    coincide_names(pl->band, pl->nband, group, names, sizeof(names));
    fprintf(f, "# band: page-locked kinds whose medians are within %.2f%% of their median\n",
            100 * coincide_spread(pl->band, pl->nband, group, 0));
    fprintf(f, "# members: %s\n", names);
    for (size_t i = 0; i < n; i++) {
        double x, m, lo, hi;
        coincide_at(pl->band, pl->nband, group, i, &x, &m, &lo, &hi);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", x, m, lo, hi);
        fig_extend(g, x, hi);
    }
    g->band[p] = (struct fig_style){"page-locked", "band", "page-locked", ""};
    return fig_panel_close(f);
}

/* The curves of direction dir and api group grp as a panel of the bandwidth figure. */
static int bandwidth_panel(struct fig *g, const struct plot_input *in, struct bw_plan *p, int dir,
                           int grp, const char *data_dir)
{
    FILE *f = NULL;
    size_t c = 0;
    while (c < in->ncurves && !bw_in_panel(in, &in->curves[c], dir, grp))
        c++;
    if (c == in->ncurves)
        return 0;
    char tag[48];
    /* The sync panel keeps the direction's name: data files read before the split still match. */
    snprintf(tag, sizeof(tag), "%s%s", schema_value_name(AXIS_DIRECTION, dir),
             p->ngroups > 1 && grp ? "-async" : "");
    if (fig_panel(g, tag, p->title[dir * 2 + grp]) < 0 ||
        !(f = fig_panel_create(g, data_dir, "", "size_bytes gbps_median low high (its interval)")))
        return -1;
    for (c = 0; c < in->ncurves; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        struct fig_style s;
        struct curve_pen pen;
        if (!bw_in_panel(in, &in->curves[c], dir, grp) || bw_is_member(p, c))
            continue;
        bw_style(&s, p, first);
        p->seen_alloc[first->alloc] = 1;
        if (fig_block(g, f, &s, "copy bandwidth") < 0) {
            fclose(f);
            return -1;
        }
        curve_pen_start(&pen, in, first);
        for (size_t i = 0; i < in->curves[c].n; i++) {
            const struct plot_row *r = first + i;
            curve_pen_at(&pen, f, r->size_bytes);
            write_bandwidth_point(f, r);
            fig_extend(g, r->size_bytes, r->gbps_median); /* the axis: medians, never bars */
        }
    }
    if (fig_panel_close(f) < 0)
        return -1;
    if (coincide_has(p->band, p->nband, dir * 2 + grp))
        return band_write(g, p, dir * 2 + grp, data_dir);
    return 0;
}

static void write_xy(FILE *f, double x, double y)
{
    if (isnan(y))
        fprintf(f, "%.6g NaN\n", x);
    else
        fprintf(f, "%.6g %.6g\n", x, y);
}

/*
 * Overlay block: the fit's model bandwidth, log-spaced, over the sizes it
 * was fitted to (fits.csv's from_bytes..to_bytes, where it says) within the
 * size range of curve c: no fit is drawn where it was not fitted.
 */
static int fit_overlay(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c, const struct fit_row *fit)
{
    const struct plot_row *first = &in->rows[c->first];
    double lo = first->size_bytes, hi = first[c->n - 1].size_bytes;
    struct fig_style s;
    if (fit->from_bytes > lo) /* false for NaN: an older fits.csv without the sizes */
        lo = fit->from_bytes;
    if (fit->to_bytes < hi)
        hi = fit->to_bytes;
    curve_style(&s, first);
    s.line = "fit";
    if (!(lo < hi))
        return 0;
    if (fig_overlay(g, f, &s, "fit t0 + n/B") < 0)
        return -1;
    for (int k = 0; k < PLOT_FIT_POINTS; k++) {
        double n = lo * pow(hi / lo, k / (PLOT_FIT_POINTS - 1.0));
        write_xy(f, n, fit_model_gbps(fit, n));
    }
    return 1;
}

/*
 * Overlay blocks: the two regimes of a pageable curve (fits.csv's in-cache
 * and beyond-cache rows), each its bandwidth B across its sizes.
 */
static int regime_overlay(struct fig *g, FILE *f, const struct plot_row *first,
                          const struct fit_row *const regime[2])
{
    struct fig_style s;
    curve_style(&s, first);
    s.line = "regime";
    for (int k = 0; k < 2; k++) {
        if (fig_overlay(g, f, &s, fit_regime_names[regime[k]->regime_id]) < 0)
            return -1;
        write_xy(f, regime[k]->from_bytes, regime[k]->bandwidth_gbps);
        write_xy(f, regime[k]->to_bytes, regime[k]->bandwidth_gbps);
    }
    return 0;
}

/*
 * The overlays of the current panel (direction dir, api group grp): the fit
 * of every reuse curve drawn alone whose fits.csv row describes it
 * (fit_describes), or, for a pageable curve no single fit describes, its two
 * regimes when fits.csv has them.  What was drawn goes into d, for the
 * notes; what the fits say goes into the figure's reading
 * (fig_bandwidth_reading.c).
 */
static int bandwidth_overlays(struct fig *g, const struct plot_input *in, const struct bw_plan *p,
                              int dir, int grp, const char *data_dir, struct bw_drawn *d)
{
    FILE *f = NULL;
    int rc = 0;
    for (size_t c = 0; c < in->ncurves && rc >= 0; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        const struct fit_row *fit = bw_find_fit(in, first, FIT_ALL);
        const struct fit_row *regime[2] = {bw_find_fit(in, first, FIT_IN_CACHE),
                                           bw_find_fit(in, first, FIT_BEYOND_CACHE)};
        int regimes = !fit || fit_describes(fit) ? 0 : regime[0] && regime[1];
        if (!bw_in_panel(in, &in->curves[c], dir, grp) || first->buffer != BUFFER_REUSE || !fit ||
            in->curves[c].n < 2 || bw_is_member(p, c))
            continue;
        if (!fit_describes(fit) && !regimes)
            continue;
        if (!f && !(f = fig_panel_create(g, data_dir, "-overlay", OVERLAY_COLUMNS)))
            return -1;
        if (regimes) {
            const char *color = schema_value_name(AXIS_ALLOC, first->alloc);
            d->regime_color = d->nregimes++ == 0 || !strcmp(d->regime_color, color) ? color : "";
            rc = regime_overlay(g, f, first, regime);
            continue;
        }
        rc = fit_overlay(g, f, in, &in->curves[c], fit);
        d->fits |= rc > 0;
    }
    if (!f)
        fig_panel_drop_overlay(g, data_dir);
    else if (fig_panel_close(f) < 0)
        rc = -1;
    return rc < 0 ? -1 : 0;
}

/* "PCIe Gen5 x16 raw: 63.0 GB/s" (both: the bidir panel's two directions) into buf. */
static void link_label(const struct plot_input *in, double raw_gbps, int both, char *buf, size_t n)
{
    char v[32], pcie[48] = "PCIe link";
    plot_format_gbps(raw_gbps, v, sizeof(v));
    if (in->pcie_gen > 0 && in->pcie_width > 0)
        snprintf(pcie, sizeof(pcie), "PCIe Gen%d x%d", in->pcie_gen, in->pcie_width);
    snprintf(buf, n, both ? "%s raw, both directions: %s GB/s" : "%s raw: %s GB/s", pcie, v);
}

/*
 * The link's raw rate and its practical ceiling (analysis/link.h) in the
 * current panel, labelled, and its % axis.  The ceiling takes the Max
 * Payload Size read from config space when meta.yaml has it, else 256 B,
 * and says which.
 */
static int link_lines(struct fig *g, const struct plot_input *in, int dir)
{
    char label[128], v[32];
    double raw = link_raw_gbps(in->link_gbps, dir);
    int mps = link_payload_bytes(in->mps_bytes);
    double practical = link_practical_gbps(in->link_gbps, dir, mps);
    if (isnan(in->link_gbps))
        return 0;
    link_label(in, raw, dir == DIR_BIDIR, label, sizeof(label));
    if (fig_hline(g, raw, "link", "link", "right-above", label) < 0)
        return -1;
    plot_format_gbps(practical, v, sizeof(v));
    snprintf(label, sizeof(label), "practical ceiling (MPS %d B, %s): %s GB/s", mps,
             in->mps_bytes > 0 ? "read" : "assumed", v);
    g->panel_link[g->npanels - 1] = raw;
    return fig_hline(g, practical, "link", "practical", "left-above", label);
}

/* What the zero-copy kernel's dash means, in the notes of the bandwidth figure. */
/* Are there zero-copy curves? */
static int has_zerocopy(const struct plot_input *in)
{
    for (size_t i = 0; i < in->nrows; i++)
        if (in->rows[i].api == API_ZEROCOPY)
            return 1;
    return 0;
}

/*
 * Is some curve of g drawn with line (a variant's dash)?  A variant whose
 * curves all went into a band has no dash of its own to explain.
 */
static int line_drawn(const struct fig *g, const char *line)
{
    for (size_t b = 0; b < g->nblocks; b++)
        if (strcmp(g->block[b].line, line) == 0)
            return 1;
    return 0;
}

/* What each kind of line means, when the figure tells variants by dash. */
static size_t variant_notes(const struct fig *g, const struct bw_plan *p, struct fig_style *out)
{
    /* where curves differ by the host buffer's state, each line says both states (every curve
       reuses its buffer: "reuse" is the warm, prefaulted one) */
    static const struct {
        const char *line, *title, *state;
    } titles[] = {
        {"reuse", "reuse: buffer allocated once", "warm cache and prefaulted pages"},
        {"reallocate", "reallocate: effective, alloc + fill + copy + free", NULL},
        {"flushed", "flushed: host buffer flushed from the CPU caches",
         "flushed cache (flushed from the CPU caches before each copy) and prefaulted pages"},
        {"first-touch", "first-touch: never-touched pages",
         "warm cache and first-touch pages (never touched before the copy)"},
        {"flushed+first-touch", "flushed + first-touch", "flushed cache and first-touch pages"},
        {"zerocopy", "zerocopy: a kernel accesses the host buffer", NULL},
    };
    size_t n = 0;
    if (!p->dash_by_variant)
        return 0;
    for (size_t t = 0; t < sizeof(titles) / sizeof(titles[0]); t++)
        for (size_t k = 0; k < p->nkinds; k++)
            if (strcmp(p->kinds[k], titles[t].line) == 0 && line_drawn(g, titles[t].line)) {
                out[n] = (struct fig_style){"", titles[t].line, ""};
                snprintf(out[n++].title, sizeof(out[0].title), "%s",
                         p->has_states && titles[t].state ? titles[t].state : titles[t].title);
            }
    return n;
}


/*
 * A kind's key entry e with the dash its curves are drawn with when the
 * figure tells variants by dash: the buffer reused ("reuse") when one of its
 * curves is, else its first curve's (a kind whose copies are all in the band
 * and whose zero-copy kernels are drawn apart: the zero-copy dash).
 */
static void key_line_drawn(const struct fig *g, struct fig_style *e)
{
    const char *line = NULL;
    for (size_t b = 0; b < g->nblocks; b++)
        if (!strcmp(g->block[b].color, e->color)) {
            if (!strcmp(g->block[b].line, "reuse"))
                return;
            line = line ? line : g->block[b].line;
        }
    if (line)
        e->line = line;
}

/*
 * Beside zero-copy kernels, the note that names the copies (a copy engine's
 * cudaMemcpy or cudaMemcpyAsync) by their line: "reuse" when a copy is
 * drawn apart, else the band's, when every copy drawn is in it.  How many
 * notes: 0 or 1.
 */
static size_t copy_note(const struct fig *g, const struct bw_plan *p, struct fig_style *out)
{
    int zerocopy = 0, band = 0;
    for (size_t k = 0; k < p->nkinds; k++)
        zerocopy |= !strcmp(p->kinds[k], "zerocopy");
    for (size_t k = 0; k < p->nband; k++)
        band |= p->band[k].member;
    const char *line = line_drawn(g, "reuse") ? "reuse" : band ? "band" : NULL;
    if (!zerocopy || !line)
        return 0;
    out[0] = (struct fig_style){"", line, ""};
    snprintf(out[0].title, sizeof(out[0].title), "copy: %s%s%s, by the copy engine",
             p->copy_api[API_SYNC] ? "cudaMemcpy" : "",
             p->copy_api[API_SYNC] && p->copy_api[API_ASYNC] ? " or " : "",
             p->copy_api[API_ASYNC] ? "cudaMemcpyAsync" : "");
    return 1;
}

/*
 * The legend of the bandwidth figure: one entry per alloc kind drawn alone
 * (its colour, dash and point), one per band (coincide_keys: the kinds in
 * it and how far apart their medians are); the notes: what the dashes mean
 * when they tell variants, the bars' statistic, the fits and the regimes.
 * The fits' and regimes' numbers are the reading's (fig_bandwidth_reading.c).
 */
static int bandwidth_legend(struct fig *g, const struct bw_plan *p, const struct bw_drawn *d)
{
    struct fig_style keys[ALLOC_COUNT + 16], notes[16];
    static const struct fig_style band = {"page-locked", "band", "page-locked", ""};
    size_t nkeys = plot_alloc_entries(p->seen_alloc, p->dash_by_variant ? "reuse" : NULL, keys);
    for (size_t k = 0; k < nkeys && p->dash_by_variant; k++)
        key_line_drawn(g, &keys[k]);
    size_t nnotes = copy_note(g, p, notes), nbands;
    nnotes += variant_notes(g, p, notes + nnotes);
    nbands = coincide_keys(p->band, p->nband, &band, BAND_SPLIT_BYTES, keys + nkeys, 16);
    nkeys += nbands;
    plot_bars_note(&notes[nnotes++], &p->tally);
    if (nbands)
        notes[nnotes++] =
            (struct fig_style){"-", "", "", "band: its members' lowest to highest median"};
    if (d->fits)
        notes[nnotes++] = (struct fig_style){
            "", "fit", "", "dotted, in a curve's colour: its fit t0 + n/B (residual < 5%)"};
    if (d->nregimes && d->regime_color[0]) /* drawn in the colour of the lines it explains */
        notes[nnotes++] = (struct fig_style){d->regime_color, "regime", "",
                                             "thick dots: a pageable copy's two regimes, each "
                                             "t = n/B over its sizes (fits.csv)"};
    else if (d->nregimes)
        notes[nnotes++] = (struct fig_style){"", "regime", "",
                                             "thick dots, in a curve's colour: its two regimes, "
                                             "each t = n/B over its sizes (fits.csv)"};
    size_t cols = nkeys > 8 ? 4 : 7;
    for (size_t k = 0; k < nkeys; k++)
        if (strlen(keys[k].title) > 40)
            cols = 1; /* a band's entry: one column, or the page grows */
    if (legend_flow(&g->key, keys, nkeys, cols) < 0)
        return -1;
    return legend_flow(&g->notes, notes, nnotes, 1);
}

/*
 * Figure 1: gbps_median with min..max bars against size, a panel per
 * direction (and per api, sync or async, when both were measured); the
 * page-locked curves that coincide as one band; the fits that describe
 * their curve over them; the PCIe link's raw rate and practical ceiling as
 * labelled lines and a percent axis.
 */
int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    struct bw_plan p;
    struct bw_drawn drawn = {0, 0, ""};
    int rc = bw_plan_make(&p, in);
    snprintf(g->what, sizeof(g->what), "copy bandwidth");
    snprintf(g->y_label, sizeof(g->y_label), "bandwidth (GB/s = 10⁹ B/s)");
    for (int d = 0; d < DIR_COUNT && rc == 0; d++)
        for (int grp = 0; grp < 2 && rc == 0; grp++) {
            size_t before = g->npanels;
            if (!p.groups[grp])
                continue;
            if (bandwidth_panel(g, in, &p, d, grp, data_dir) < 0 ||
                (g->npanels > before &&
                 bandwidth_overlays(g, in, &p, d, grp, data_dir, &drawn) < 0)) {
                rc = -1;
                break;
            }
            if (g->npanels == before)
                continue;
            if (d == DIR_BIDIR)
                fig_own_y(g); /* a sum of two directions: its own scale */
            rc = link_lines(g, in, d);
        }
    if (rc == 0 && g->npanels > 0) { /* none: no copy rows, the folder has other figures */
        if (has_zerocopy(in))
            snprintf(g->what, sizeof(g->what), "copy and zero-copy bandwidth");
        rc = bandwidth_legend(g, &p, &drawn);
    }
    bw_plan_free(&p);
    return rc;
}

const struct fig_def fig_bandwidth_def = {
    .name = "bandwidth",
    .question =
        "How fast does each kind of host memory move data to and from the GPU, by "
        "transfer size?",
    .log_y = 0,
    .describe = fig_bandwidth,
    .read = bw_read,
    .needs =
        "copy or zerocopy rows with status ok (numa any, pages default; the placement "
        "figure draws the others)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
