/*
 * fig_bandwidth.c - copy bandwidth against size, a panel per direction (see fig_bandwidth.h): the
 * curves, the band of page-locked kinds that coincide, fits and the PCIe
 * link over them; and what the fits and the host memcpy rows say, for the
 * figure's reading.
 */
#include "figures/fig_bandwidth.h"
#include "figures/figdef.h"
#include "figures/readings.h"
#include "figures/coincide.h"
#include "figures/curves.h"
#include "figures/kit/legend.h"
#include "analysis/fit.h"
#include "analysis/link.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
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
/* Panels: a direction and an api group (sync; async and zero-copy). */
#define BW_PANELS (DIR_COUNT * 2)
/* What the bandwidth figure's curves share and what sets them apart. */
struct bw_plan {
    int groups[2];       /* api groups present */
    int ngroups;         /* panels are split by api group when 2 */
    int dash_by_variant; /* several kinds of line (buffer, cache, touch, zerocopy) */
    int has_states;      /* curves of a host buffer flushed or first touched beside steady ones */
    const char *kinds[8];
    size_t nkinds;
    int seen_alloc[ALLOC_COUNT];
    int copy_api[API_COUNT]; /* the copies' apis drawn (sync, async) */
    struct interval_tally tally; /* the intervals of the points (analysis/interval.h) */
    char title[BW_PANELS][96];
    /* The band candidates of every panel as series (coincide.h), group dir * 2 + grp; the curve
       of each; their sizes and medians. */
    struct co_series *band;
    size_t *band_curve, nband;
    double *values;
};

/*
 * Is curve c drawn in the bandwidth figure?  Copies and zero-copy kernels
 * of reused buffers and of host buffers in other states; not reallocate
 * cycles: their copy alone says nothing of the cycle, and the
 * reuse-vs-reallocate figure draws what a cycle moves.
 */
static int bw_drawn_curve(const struct plot_input *in, const struct plot_curve *c)
{
    return in->rows[c->first].buffer != BUFFER_REALLOCATE;
}

/* Is curve c in the panel (dir, grp) of the bandwidth figure? */
static int bw_in_panel(const struct plot_input *in, const struct plot_curve *c, int dir, int grp)
{
    return bw_drawn_curve(in, c) && curve_in_panel(in, c, dir, grp);
}

/* Could curve c join the page-locked band: a reused page-locked buffer copied by the engine? */
static int band_candidate(const struct plot_input *in, const struct plot_curve *c)
{
    const struct plot_row *r = &in->rows[c->first];
    return r->alloc != ALLOC_PAGEABLE && r->buffer == BUFFER_REUSE && r->api != API_ZEROCOPY &&
           plot_host_steady(r) && c->n >= 2;
}

/* "host → device, async" for the panel of dir and grp, into buf. */
static void bw_panel_title(const struct bw_plan *p, int dir, int grp, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s", plot_dir_titles[dir], p->ngroups > 1 ? ", " : "",
             p->ngroups > 1 ? (grp ? "async" : "sync") : "");
}

/*
 * The band candidates as series and the kinds among them that coincide
 * (coincide_find): sizes and medians copied into p->values.  -1 when out
 * of memory.
 */
static int bw_bands_find(struct bw_plan *p, const struct plot_input *in)
{
    size_t n = 0, points = 0;
    for (size_t c = 0; c < in->ncurves; c++)
        if (bw_drawn_curve(in, &in->curves[c]) && band_candidate(in, &in->curves[c])) {
            n++;
            points += in->curves[c].n;
        }
    p->band = calloc(n ? n : 1, sizeof(*p->band));
    p->band_curve = calloc(n ? n : 1, sizeof(*p->band_curve));
    p->values = calloc(points ? 2 * points : 1, sizeof(*p->values));
    if (!p->band || !p->band_curve || !p->values)
        return -1;
    double *v = p->values;
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_curve *cv = &in->curves[c];
        const struct plot_row *r = &in->rows[cv->first];
        if (!bw_drawn_curve(in, cv) || !band_candidate(in, cv))
            continue;
        int grp = curve_api_group(r->api), g = r->dir * 2 + grp;
        for (size_t i = 0; i < cv->n; i++) {
            v[i] = r[i].size_bytes;
            v[cv->n + i] = r[i].gbps_median;
        }
        p->band_curve[p->nband] = c;
        p->band[p->nband++] = (struct co_series){r->alloc, g, p->title[g], cv->n, v, v + cv->n, 0};
        v += 2 * cv->n;
    }
    coincide_find(p->band, p->nband, COINCIDE_TOLERANCE, COINCIDE_MIN_MEMBERS);
    return 0;
}

static void bw_plan_free(struct bw_plan *p)
{
    free(p->band);
    free(p->band_curve);
    free(p->values);
}

/* Is curve c drawn in its panel's band? */
static int is_member(const struct bw_plan *p, size_t c)
{
    for (size_t k = 0; k < p->nband; k++)
        if (p->band_curve[k] == c)
            return p->band[k].member;
    return 0;
}

/*
 * What the figure's bars stand on: every drawn curve's GB/s intervals; a
 * band member's are counted for their n, not for a capped end (a band has
 * no bars).
 */
static void bw_tally(struct bw_plan *p, const struct plot_input *in)
{
    interval_tally_init(&p->tally, 0);
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_curve *cv = &in->curves[c];
        if (!bw_drawn_curve(in, cv))
            continue;
        for (size_t i = cv->first; i < cv->first + cv->n; i++) {
            struct interval iv = in->rows[i].iv[IV_GBPS];
            iv.capped = iv.capped && !is_member(p, c);
            interval_tally_add(&p->tally, &iv);
        }
    }
}

static int bw_plan_make(struct bw_plan *p, const struct plot_input *in)
{
    memset(p, 0, sizeof(*p));
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_curve *cv = &in->curves[c];
        if (!bw_drawn_curve(in, cv))
            continue;
        for (size_t i = cv->first; i < cv->first + cv->n; i++) {
            const struct plot_row *r = &in->rows[i];
            const char *k = curve_line_kind(r);
            size_t j = 0;
            p->groups[curve_api_group(r->api)] = 1;
            p->copy_api[r->api] |= api_is_copy(r->api);
            while (j < p->nkinds && strcmp(p->kinds[j], k) != 0)
                j++;
            if (j == p->nkinds && p->nkinds < 8)
                p->kinds[p->nkinds++] = k;
            p->has_states |= !plot_host_steady(r);
        }
    }
    p->ngroups = p->groups[0] + p->groups[1];
    p->dash_by_variant = p->nkinds > 1;
    for (int d = 0; d < DIR_COUNT; d++)
        for (int grp = 0; grp < 2; grp++)
            bw_panel_title(p, d, grp, p->title[d * 2 + grp], sizeof(p->title[0]));
    if (bw_bands_find(p, in) < 0)
        return -1;
    bw_tally(p, in);
    return 0;
}

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
        if (!bw_in_panel(in, &in->curves[c], dir, grp) || is_member(p, c))
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

/* The row of fits.csv of regime (enum fit_regime_id) for the curve starting at row r, or NULL. */
static const struct fit_row *find_fit(const struct plot_input *in, const struct plot_row *r,
                                      int regime)
{
    const int axes[] = {AXIS_DIRECTION, AXIS_ALLOC, AXIS_BUFFER, AXIS_API,
                        AXIS_CACHE,     AXIS_TOUCH, AXIS_PAGES};
    const int values[] = {r->dir, r->alloc, r->buffer, r->api, r->cache, r->touch, r->pages};
    for (size_t i = 0; i < in->nfits; i++) {
        size_t k = 0;
        while (k < 7 && in->fits[i].axis[axes[k]] == (uint64_t)values[k])
            k++;
        if (k == 7 && in->fits[i].regime_id == regime)
            return &in->fits[i];
    }
    return NULL;
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

/* "pageable h2d sync" for curve c's first row r, into buf. */
static void curve_name(const struct plot_row *r, char *buf, size_t n)
{
    snprintf(buf, n, "%s %s %s", schema_value_name(AXIS_ALLOC, r->alloc),
             schema_value_name(AXIS_DIRECTION, r->dir), schema_value_name(AXIS_API, r->api));
}

/*
 * "pageable h2d sync" for the curve starting at row r or, in a folder whose
 * curves differ by the host buffer's state (p->has_states), "pageable h2d
 * sync with a flushed cache": every curve of the figure by a name of its
 * own.
 */
static void curve_full_name(const struct bw_plan *p, const struct plot_row *r, char *buf, size_t n)
{
    char name[64];
    curve_name(r, name, sizeof(name));
    snprintf(buf, n, "%s%s%s", name, p->has_states ? " " : "",
             p->has_states ? reading_host_state(r->cache, r->touch) : "");
}

/*
 * The note of a curve drawn as two regimes: each bandwidth and its sizes,
 * in decimal units when the figure's sizes are (decimal), else binary.
 */
static void regime_note(const struct plot_row *r, const struct fit_row *const regime[2],
                        int decimal, char *buf, size_t n)
{
    char name[64], size[4][32];
    curve_name(r, name, sizeof(name));
    for (int k = 0; k < 4; k++) {
        double v = k % 2 ? regime[k / 2]->to_bytes : regime[k / 2]->from_bytes;
        if (decimal)
            units_format_size_decimal((uint64_t)v, size[k], sizeof(size[0]));
        else
            units_format_approx((uint64_t)v, size[k], sizeof(size[0]));
    }
    int len = snprintf(
        buf, n, "%s: %.1f GB/s in the host's cache (%s–%s), %.1f GB/s beyond it (%s–%s)", name,
        regime[0]->bandwidth_gbps, size[0], size[1], regime[1]->bandwidth_gbps, size[2], size[3]);
    if (len >= (int)n && n > 4) /* cut short: say so */
        memcpy(buf + n - 4, "...", 4);
}

/* Is row m of host-memcpy.csv drawn in the panel of direction dir? */
static int ceiling_row(const struct hostmemcpy_row *m, int dir)
{
    return (dir == DIR_H2D || dir == DIR_D2H) && (m->dir == (uint64_t)dir || m->dir == AXIS_EMPTY);
}

/* bytes as a person writes it in a sentence: "2 MiB", "64 KiB", "1500 B". */
static void format_size_words(uint64_t bytes, char *buf, size_t n)
{
    char exact[32];
    units_format_size(bytes, exact, sizeof(exact));
    size_t digits = strspn(exact, "0123456789");
    snprintf(buf, n, "%.*s %s", (int)digits, exact, exact + digits);
}

/*
 * The legend's entry for the host memcpy line, into title (n bytes): what it
 * is, a single-thread memcpy through a staging buffer (named when
 * host-memcpy.csv gives one size for it) - the host's half of a pageable
 * copy, not a bound on it.
 */
static void ceiling_title(const struct plot_input *in, char *title, size_t n)
{
    double staging = in->memcpy_pts[0].staging_bytes;
    int given = 0, same = 1;
    char size[32], buffer[64] = "a staging buffer";
    for (size_t i = 0; i < in->nmemcpy; i++) {
        given |= !isnan(in->memcpy_pts[i].staging_bytes);
        same &= in->memcpy_pts[i].staging_bytes == staging; /* false for NaN */
    }
    if (!given) {
        snprintf(title, n, "single-thread host memcpy (a pageable copy's host side, not drawn)");
        return;
    }
    if (same) {
        format_size_words((uint64_t)staging, size, sizeof(size));
        /* "an 8 MiB", "an 11 MiB", "an 18 KiB"; "a 2 MiB" */
        int an = size[0] == '8' || !strncmp(size, "11 ", 3) || !strncmp(size, "18 ", 3);
        snprintf(buffer, sizeof(buffer), "a%s %s staging buffer", an ? "n" : "", size);
    }
    snprintf(title, n, "single-thread host memcpy via %s (a pageable copy's host side, not drawn)", buffer);
}

/*
 * The overlays of the current panel (direction dir, api group grp): the fit
 * of every reuse curve drawn alone whose fits.csv row describes it
 * (fit_describes), or, for a pageable curve no single fit describes, its two
 * regimes when fits.csv has them.  What was drawn goes into d, for the
 * notes; what the fits say goes into the figure's reading (readings.c).
 */
static int bandwidth_overlays(struct fig *g, const struct plot_input *in, const struct bw_plan *p,
                              int dir, int grp, const char *data_dir, struct bw_drawn *d)
{
    FILE *f = NULL;
    int rc = 0;
    for (size_t c = 0; c < in->ncurves && rc >= 0; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        const struct fit_row *fit = find_fit(in, first, FIT_ALL);
        const struct fit_row *regime[2] = {find_fit(in, first, FIT_IN_CACHE),
                                           find_fit(in, first, FIT_BEYOND_CACHE)};
        int regimes = !fit || fit_describes(fit) ? 0 : regime[0] && regime[1];
        if (!bw_in_panel(in, &in->curves[c], dir, grp) || first->buffer != BUFFER_REUSE || !fit ||
            in->curves[c].n < 2 || is_member(p, c))
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
 * The fits' and regimes' numbers are the reading's (readings.c).
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

/* ---- what the fits and the host memcpy say, for the reading ---- */

/* The host memcpy rows of direction dir: " h2d 113.6 GB/s at 8 KiB to 8.5 GB/s at 1 GiB". */
static size_t memcpy_finding(const struct plot_input *in, int dir, char *buf, size_t n)
{
    const struct hostmemcpy_row *peak = NULL, *last = NULL;
    char a[32], b[32];
    for (size_t i = 0; i < in->nmemcpy; i++) {
        const struct hostmemcpy_row *m = &in->memcpy_pts[i];
        if (!ceiling_row(m, dir) || !(m->gbps > 0))
            continue;
        if (!peak || m->gbps > peak->gbps)
            peak = m;
        if (!last || m->size_bytes > last->size_bytes)
            last = m;
    }
    if (!peak || n == 0)
        return 0;
    format_size_words((uint64_t)peak->size_bytes, a, sizeof(a));
    format_size_words((uint64_t)last->size_bytes, b, sizeof(b));
    int len = snprintf(buf, n, " %s %.1f GB/s at %s to %.1f GB/s at %s",
                       schema_value_name(AXIS_DIRECTION, dir), peak->gbps, a, last->gbps, b);
    return len < 0 ? 0 : (size_t)len < n ? (size_t)len : n - 1;
}

size_t fig_bandwidth_findings(const struct plot_input *in, char (*out)[FIG_FINDING_CHARS],
                              size_t max)
{
    size_t n = 0, len = 0;
    char unfit[FIG_FINDING_CHARS] = "";
    struct bw_plan p;
    if (bw_plan_make(&p, in) < 0) {
        bw_plan_free(&p);
        return 0;
    }
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        const struct fit_row *fit = find_fit(in, first, FIT_ALL);
        const struct fit_row *regime[2] = {find_fit(in, first, FIT_IN_CACHE),
                                           find_fit(in, first, FIT_BEYOND_CACHE)};
        char name[128];
        /* a curve drawn alone, in any host state; one of too few sizes for a fit is not
           "unfit" */
        if (first->buffer != BUFFER_REUSE || !bw_drawn_curve(in, &in->curves[c]) ||
            is_member(&p, c) || !fit || fit_describes(fit) || fit->points < FIT_MIN_POINTS)
            continue;
        curve_full_name(&p, first, name, sizeof(name));
        char why[16];
        if (fit->status_id != FIT_OK) /* not fitting at all: its t0 came out negative */
            snprintf(why, sizeof(why), "t0 < 0");
        else
            snprintf(why, sizeof(why), "%.0f%%", fit->residual_pct);
        if (len < sizeof(unfit))
            len += (size_t)snprintf(unfit + len, sizeof(unfit) - len, "%s%s (%s)",
                                    len ? ", " : "no single t0 + n/B fits (residual ≥ 5%, or t0 < 0): ",
                                    name, why);
        if (regime[0] && regime[1] && n < max)
            regime_note(first, regime, 0, out[n++], FIG_FINDING_CHARS);
    }
    bw_plan_free(&p);
    if (len && n < max)
        snprintf(out[n++], FIG_FINDING_CHARS, "%s", unfit);
    if (in->nmemcpy && n < max) { /* "TITLE: h2d ... to ..., d2h ... to ..." */
        size_t used = 0;
        ceiling_title(in, out[n], FIG_FINDING_CHARS);
        used = strlen(out[n]);
        for (int d = 0, k = 0; d < DIR_COUNT && used + 2 < FIG_FINDING_CHARS; d++) {
            char one[96];
            if (!memcpy_finding(in, d, one, sizeof(one)))
                continue;
            used += (size_t)snprintf(out[n] + used, FIG_FINDING_CHARS - used, "%s%s",
                                     k++ ? "," : ":", one);
        }
        n += strchr(out[n], ':') != NULL;
    }
    return n;
}

/* "a", "a and b", "a, b and c": the names of the kinds flagged in kinds[], into buf. */
static void kind_list(const int kinds[ALLOC_COUNT], char *buf, size_t n)
{
    size_t count = 0, done = 0, used = 0;
    for (int a = 0; a < ALLOC_COUNT; a++)
        count += kinds[a] != 0;
    buf[0] = '\0';
    for (int a = 0; a < ALLOC_COUNT && used < n; a++)
        if (kinds[a])
            used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                     done++ == 0       ? ""
                                     : done == count ? " and "
                                                     : ", ",
                                     schema_value_name(AXIS_ALLOC, a));
}

/* "41.24–44.82" (or "44.82" when lo and hi are the same) into buf. */
static const char *gbps_range(double lo, double hi, char *buf, size_t n)
{
    char a[32];
    snprintf(a, sizeof(a), "%s", reading_gbps(lo));
    if (!strcmp(a, reading_gbps(hi)))
        snprintf(buf, n, "%s", a);
    else
        snprintf(buf, n, "%s–%s", a, reading_gbps(hi));
    return buf;
}

/*
 * The zero-copy kernels of direction dir drawn (reused buffers, the
 * default placement) that fall from their peak by more than READ_HOLD_PCT
 * at their largest size, when others hold: "registered,
 * registered-portable and registered-mapped zerocopy d2h fall from 64 MiB
 * to 41.24–44.82 GB/s at 256 MiB (their peaks: 50.64–51.48 GB/s), while
 * mapped stays at 52.64 GB/s": from the first size from which each stays
 * more than READ_PLATEAU_PCT under its peak.
 */
static void read_zerocopy_falls(struct reading *t, const struct plot_input *in, int dir)
{
    int fall[ALLOC_COUNT] = {0}, hold[ALLOC_COUNT] = {0}, nfall = 0, nhold = 0;
    double peak_lo = INFINITY, peak_hi = -INFINITY, end_lo = INFINITY, end_hi = -INFINITY;
    double hold_lo = INFINITY, hold_hi = -INFINITY, from_lo = INFINITY, from_hi = -INFINITY;
    double last = -1;
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_curve *cv = &in->curves[c];
        const struct plot_row *r = &in->rows[cv->first];
        if (r->api != API_ZEROCOPY || r->dir != dir || r->buffer != BUFFER_REUSE ||
            !plot_host_steady(r) || cv->n < 3)
            continue;
        size_t peak = 0, end = cv->n - 1, from = end;
        for (size_t i = 1; i < cv->n; i++)
            peak = r[i].gbps_median > r[peak].gbps_median ? i : peak;
        double top = r[peak].gbps_median, g = r[end].gbps_median;
        if (g >= top * (1 - READ_HOLD_PCT / 100.)) {
            hold[r->alloc] = 1;
            nhold++;
            hold_lo = fmin(hold_lo, g);
            hold_hi = fmax(hold_hi, g);
            continue;
        }
        while (from > peak + 1 && r[from - 1].gbps_median < top * (1 - READ_PLATEAU_PCT / 100.))
            from--;
        fall[r->alloc] = 1;
        nfall++;
        peak_lo = fmin(peak_lo, top);
        peak_hi = fmax(peak_hi, top);
        end_lo = fmin(end_lo, g);
        end_hi = fmax(end_hi, g);
        from_lo = fmin(from_lo, r[from].size_bytes);
        from_hi = fmax(from_hi, r[from].size_bytes);
        last = last < 0 || last == r[end].size_bytes ? r[end].size_bytes : 0;
    }
    if (!nfall || !nhold)
        return;
    char falls[256], holds[256], from[64], a[64], b[64], c[64];
    kind_list(fall, falls, sizeof(falls));
    kind_list(hold, holds, sizeof(holds));
    snprintf(from, sizeof(from), "%s", reading_size(from_lo));
    if (from_hi > from_lo)
        snprintf(from + strlen(from), sizeof(from) - strlen(from), "–%s", reading_size(from_hi));
    reading_part(t,
                 "%s zerocopy %s fall%s from %s to %s GB/s at %s (%s peak%s: %s GB/s), while %s "
                 "stay%s at %s GB/s",
                 falls, schema_value_name(AXIS_DIRECTION, dir), nfall == 1 ? "s" : "", from,
                 gbps_range(end_lo, end_hi, a, sizeof(a)),
                 last > 0 ? reading_size(last) : "their largest sizes", nfall == 1 ? "its" : "their",
                 nfall == 1 ? "" : "s", gbps_range(peak_lo, peak_hi, b, sizeof(b)), holds,
                 nhold == 1 ? "s" : "", gbps_range(hold_lo, hold_hi, c, sizeof(c)));
}

/*
 * The kinds drawn whose folder has copies or zero-copy kernels at another
 * placement, which this figure leaves out: "registered is drawn in default
 * 4 KiB pages only (its thp rows are not drawn here)".
 */
static void read_placed_elsewhere(struct reading *t, const struct plot_input *in)
{
    int kinds[ALLOC_COUNT] = {0}, pages[PAGES_COUNT] = {0}, numa = 0, n = 0;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (plot_default_place(r) || r->buffer != BUFFER_REUSE ||
            !(api_is_copy(r->api) || r->api == API_ZEROCOPY))
            continue;
        n += !kinds[r->alloc];
        kinds[r->alloc] = 1;
        if (r->pages < PAGES_COUNT && r->pages != PAGES_DEFAULT)
            pages[r->pages] = 1;
        numa |= !(r->numa == NUMA_ANY || r->numa == AXIS_UNUSED);
    }
    if (!n)
        return;
    char names[256], other[96] = "";
    size_t used = 0;
    kind_list(kinds, names, sizeof(names));
    for (int p = 0; p < PAGES_COUNT; p++)
        if (pages[p])
            used += (size_t)snprintf(other + used, sizeof(other) - used, "%s%s", used ? ", " : "",
                                     schema_value_name(AXIS_PAGES, p));
    if (numa)
        snprintf(other + used, sizeof(other) - used, "%sother NUMA bindings'", used ? " and " : "");
    reading_part(t, "%s %s drawn in default 4 KiB pages%s only (%s %s rows are not drawn here)",
                 names, n == 1 ? "is" : "are", numa ? ", numa any," : "", n == 1 ? "its" : "their",
                 other);
}

/*
 * The band of group g (direction dir), as drawn: the median of its
 * members' medians, by the rule of reading_curve's first two shapes, with
 * the members' range at the peak: "the cudaMemcpyAsync h2d copies of the 5
 * page-locked kinds drawn as a band are within 3 % of their peak, a median
 * of 55.12 GB/s (the kinds 54.79–55.39), from 16 MiB".
 */
static void read_band(struct reading *t, const struct bw_plan *p, int g, int dir)
{
    size_t n = coincide_points(p->band, p->nband, g), peak = 0, from, k = 0;
    double x[64], m[64], lo[64], hi[64];
    if (n < 2 || n > 64)
        return;
    for (size_t i = 0; i < n; i++) {
        k = coincide_at(p->band, p->nband, g, i, &x[i], &m[i], &lo[i], &hi[i]);
        peak = m[i] > m[peak] ? i : peak;
    }
    for (from = n - 1; from > 0 && m[from - 1] >= m[peak] * (1 - READ_PLATEAU_PCT / 100.);)
        from--;
    char what[160], range[64];
    snprintf(what, sizeof(what), "the %s %s copies of the %zu page-locked kinds drawn as a band",
             reading_api_call(g % 2 ? API_ASYNC : API_SYNC), schema_value_name(AXIS_DIRECTION, dir),
             k);
    gbps_range(lo[peak], hi[peak], range, sizeof(range));
    if (m[n - 1] >= m[peak] * (1 - READ_PLATEAU_PCT / 100.))
        reading_part(t,
                     "%s are within %d %% of their peak, a median of %s GB/s (the kinds %s), from "
                     "%s",
                     what, READ_PLATEAU_PCT, reading_gbps(m[peak]), range, reading_size(x[from]));
    else
        reading_part(t, "%s peak at a median of %s GB/s (the kinds %s) at %s, and end at %s GB/s at %s",
                     what, reading_gbps(m[peak]), range, reading_size(x[peak]),
                     reading_gbps(m[n - 1]), reading_size(x[n - 1]));
}

/*
 * Without pinned or pageable copies (zero-copy folders): the first kind's
 * curves drawn apart, each api in each direction (reading_curve), and the
 * bands, as drawn (read_band), in place of a member's own curve.
 */
static void read_first_kind_drawn(struct reading *t, const struct plot_input *in,
                                  const struct bw_plan *p)
{
    int a = -1, banded[BW_PANELS] = {0};
    for (int k = 0; k < ALLOC_COUNT && a < 0; k++)
        for (int d = 0; d < DIR_COUNT && a < 0; d++)
            for (int api = 0; api < API_COUNT && a < 0; api++)
                if ((api_is_copy(api) || api == API_ZEROCOPY) && reading_reuse_curve(in, k, d, api))
                    a = k;
    for (int d = 0; d < DIR_COUNT && a >= 0; d++)
        for (int api = 0; api < API_COUNT; api++) {
            const struct plot_curve *c =
                api_is_copy(api) || api == API_ZEROCOPY ? reading_reuse_curve(in, a, d, api) : NULL;
            int g = d * 2 + curve_api_group(api);
            char what[96];
            if (!c)
                continue;
            if (is_member(p, (size_t)(c - in->curves))) {
                if (!banded[g]++)
                    read_band(t, p, g, d);
                continue;
            }
            snprintf(what, sizeof(what), "%s %s", reading_kind_dir(a, d),
                     schema_value_name(AXIS_API, api));
            reading_curve(t, in, c, what, a != ALLOC_PAGEABLE);
        }
}

/* The bandwidth figure's reading: its curves' shapes, then what its notes leave out. */
static void read_bandwidth(struct reading *t, const struct plot_input *in)
{
    char found[8][FIG_FINDING_CHARS];
    int api = reading_lead_api(t, in);
    struct bw_plan p;
    if (api < 0 && bw_plan_make(&p, in) == 0)
        read_first_kind_drawn(t, in, &p);
    if (api < 0)
        bw_plan_free(&p);
    for (int d = 0; d < DIR_COUNT && api >= 0; d++) {
        reading_pinned_pageable(t, in, d, api, 0);
        reading_page_locked(t, in, d, api);
    }
    for (int d = 0; d < DIR_BIDIR; d++) /* a visible fall of some zero-copy kernels */
        read_zerocopy_falls(t, in, d);
    read_placed_elsewhere(t, in);
    /* the regimes, the curves no fit describes and host memcpy: said here, not on the figure */
    for (size_t k = 0, n = fig_bandwidth_findings(in, found, 8); k < n; k++)
        reading_part(t, "%s", found[k]);
    /* what a flushed cache or first-touch pages do, where the folder has them */
    reading_host_states(t, in, api);
}

const struct fig_def fig_bandwidth_def = {
    .name = "bandwidth",
    .question =
        "How fast does each kind of host memory move data to and from the GPU, by "
        "transfer size?",
    .log_y = 0,
    .describe = fig_bandwidth,
    .read = read_bandwidth,
    .needs =
        "copy or zerocopy rows with status ok (numa any, pages default; the placement "
        "figure draws the others)",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
