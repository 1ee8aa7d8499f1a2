/*
 * fig_copies.c - the figures of plain copies (see fig_copies.h): copy
 * bandwidth against size (bandwidth, with fits, the host memcpy ceiling and
 * the PCIe link over it), time per small copy (latency), reuse against
 * reallocate (reuse-vs-reallocate) and where a reallocate cycle's time goes
 * (reallocate-time).
 */
#include "figures/fig_copies.h"
#include "figures/kit/legend.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PLOT_TIME_PANELS 3 /* alloc kinds in the reallocate-time figure */
#define PLOT_FIT_POINTS 60 /* sizes at which a fit's model bandwidth is drawn */
#define PLOT_LATENCY_MAX_BYTES (16.0 * 1048576) /* small copies: the latency figure's sizes */
#define OVERLAY_COLUMNS                                                                            \
    "size_bytes gbps (fit: the model n / (t0 + n/B); regime: its B over its sizes; ceiling: host " \
    "memcpy)"

/* ---- the bandwidth figure ---- */

/* What the bandwidth figure's overlays drew and left out, for its notes. */
struct bw_drawn {
    int fits, ceiling;
    char unfit[FIG_MAX_PANELS * 2][48]; /* curves no single fit describes, with their residuals */
    size_t nunfit;
    /* the pageable curves drawn as two regimes: each one's first row and fits.csv rows */
    const struct plot_row *regime_curve[FIG_MAX_PANELS];
    const struct fit_row *regime[FIG_MAX_PANELS][2];
    size_t nregimes;
};
/*
 * Members of a band: within this share of the band's median at every size,
 * or reaching it with their bars.  Small copies of page-locked kinds differ
 * by up to ~10% within a run and by up to 18% between runs (README,
 * "Comparing machines"); the band's fill still spans every member's bars,
 * and its title says how far apart they are, below and from 1 MiB.
 */
#define BAND_TOLERANCE 0.12
#define BAND_SPLIT_BYTES 1048576.0

/*
 * The kind of line of a curve when a figure tells curves of one alloc kind
 * apart by dash (plots/style.gp gives each a dash): its buffer mode, or for
 * a host buffer not in its steady state (flushed from the caches, pages
 * touched for the first time) that state; a zero-copy kernel's curve has a
 * dash of its own, so that it is not taken for the copy engine's.
 */
static const char *line_kind(const struct plot_row *r)
{
    int flushed = r->cache == CACHE_FLUSHED, first = r->touch == TOUCH_FIRST;
    if (flushed || first)
        return flushed && first ? "flushed+first-touch" : flushed ? "flushed" : "first-touch";
    if (r->api == API_ZEROCOPY)
        return "zerocopy";
    return schema_value_name(AXIS_BUFFER, r->buffer);
}

/* The style table: an alloc kind's colour and point in every figure; line says the variant. */
static void style_of(struct fig_style *s, const struct plot_row *r)
{
    s->color = schema_value_name(AXIS_ALLOC, r->alloc);
    s->line = line_kind(r);
    s->point = s->color;
    s->title[0] = '\0';
}

static int key_order(const void *pa, const void *pb)
{
    const struct fig_style *a = pa, *b = pb;
    int d;
    if ((d = schema_value_find(AXIS_ALLOC, a->color) - schema_value_find(AXIS_ALLOC, b->color)) ||
        (d = schema_value_find(AXIS_BUFFER, a->line) - schema_value_find(AXIS_BUFFER, b->line)))
        return d;
    return strcmp(a->title, b->title);
}

/* The panel group of an api: sync alone; async with the zero-copy kernels it is compared with. */
static int api_group(int api)
{
    return api == API_SYNC ? 0 : 1;
}

/* What the bandwidth figure's curves share and what sets them apart. */
struct bw_plan {
    int groups[2];       /* api groups present */
    int ngroups;         /* panels are split by api group when 2 */
    int dash_by_variant; /* several kinds of line (buffer, cache, touch, zerocopy) */
    const char *kinds[8];
    size_t nkinds;
    int seen_alloc[ALLOC_COUNT];
    struct interval_tally tally; /* the intervals of the points (analysis/interval.h) */
    int band_alloc[ALLOC_COUNT]; /* the kinds in some band */
    double band_dev[2];          /* the bands' largest spread below and from 1 MiB */
};

static void bw_plan_make(struct bw_plan *p, const struct plot_input *in)
{
    memset(p, 0, sizeof(*p));
    interval_tally_init(&p->tally, 0);
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        const char *k = line_kind(r);
        size_t j = 0;
        p->groups[api_group(r->api)] = 1;
        while (j < p->nkinds && strcmp(p->kinds[j], k) != 0)
            j++;
        if (j == p->nkinds && p->nkinds < 8)
            p->kinds[p->nkinds++] = k;
        interval_tally_add(&p->tally, &r->iv[IV_GBPS]);
    }
    p->ngroups = p->groups[0] + p->groups[1];
    p->dash_by_variant = p->nkinds > 1;
}

/* The style of a curve in the bandwidth figure: its kind's dash unless dashes tell variants. */
static void bw_style(struct fig_style *s, const struct bw_plan *p, const struct plot_row *r)
{
    style_of(s, r);
    if (!p->dash_by_variant)
        s->line = s->color;
}

static void write_bandwidth_point(FILE *f, const struct plot_row *r)
{
    const struct interval *iv = &r->iv[IV_GBPS];
    fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, r->gbps_median, iv->lo, iv->hi);
}

/* Is curve c in the panel of direction dir and api group grp? */
static int in_panel(const struct plot_input *in, const struct plot_curve *c, int dir, int grp)
{
    const struct plot_row *r = &in->rows[c->first];
    return r->dir == dir && api_group(r->api) == grp;
}

/* Could curve c join the page-locked band: a reused page-locked buffer copied by the engine? */
static int band_candidate(const struct plot_input *in, const struct plot_curve *c)
{
    const struct plot_row *r = &in->rows[c->first];
    return r->alloc != ALLOC_PAGEABLE && r->buffer == BUFFER_REUSE && r->api != API_ZEROCOPY &&
           plot_host_steady(r) && c->n >= 2;
}

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of the medians of the member curves at point i (all share their sizes). */
static double band_median(const struct plot_input *in, const size_t *members, size_t n, size_t i)
{
    double v[ALLOC_COUNT * 4];
    size_t k = 0;
    for (size_t m = 0; m < n && k < sizeof(v) / sizeof(v[0]); m++)
        v[k++] = in->rows[in->curves[members[m]].first + i].gbps_median;
    qsort(v, k, sizeof(v[0]), cmp_dbl);
    return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

/*
 * Does curve c follow the band's median at every size: within
 * BAND_TOLERANCE of it, or with the median inside its own interval?  *dev
 * grows to its largest relative distance.
 */
static int band_follows(const struct plot_input *in, size_t c, const size_t *members, size_t n,
                        double dev[2])
{
    const struct plot_row *r = &in->rows[in->curves[c].first];
    for (size_t i = 0; i < in->curves[c].n; i++) {
        double m = band_median(in, members, n, i), d = fabs(r[i].gbps_median - m) / m;
        int big = r[i].size_bytes >= BAND_SPLIT_BYTES;
        if (d > BAND_TOLERANCE && !(r[i].iv[IV_GBPS].lo <= m && m <= r[i].iv[IV_GBPS].hi))
            return 0;
        dev[big] = fmax(dev[big], d);
    }
    return 1;
}

/*
 * The curves of the panel (dir, grp) that coincide within their noise: the
 * candidates with the same sizes as the first, then those of them that
 * follow the median of all.  Returns how many (0 when fewer than 3 would
 * form it); dev[0] and dev[1] are their largest distances from the band's
 * median below and from BAND_SPLIT_BYTES.
 */
static size_t band_members(const struct plot_input *in, int dir, int grp, size_t *members,
                           double dev[2])
{
    size_t cand[ALLOC_COUNT * 4], ncand = 0, n = 0;
    for (size_t c = 0; c < in->ncurves && ncand < sizeof(cand) / sizeof(cand[0]); c++) {
        const struct plot_curve *cv = &in->curves[c];
        if (!in_panel(in, cv, dir, grp) || !band_candidate(in, cv))
            continue;
        if (ncand) {
            const struct plot_curve *a = &in->curves[cand[0]];
            if (a->n != cv->n)
                continue;
            int same = 1;
            for (size_t i = 0; i < a->n; i++)
                same &= in->rows[a->first + i].size_bytes == in->rows[cv->first + i].size_bytes;
            if (!same)
                continue;
        }
        cand[ncand++] = c;
    }
    dev[0] = dev[1] = 0;
    for (size_t k = 0; k < ncand; k++) {
        double d[2] = {0, 0};
        if (band_follows(in, cand[k], cand, ncand, d))
            members[n++] = cand[k];
    }
    if (n < 3)
        return 0;
    for (size_t k = 0; k < n; k++) /* their distance from their own median */
        band_follows(in, members[k], members, n, dev);
    return n;
}

static int is_member(size_t c, const size_t *members, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (members[k] == c)
            return 1;
    return 0;
}

/*
 * The band of the current panel: size, the median of the members' medians,
 * the lowest low end and the highest high end of their intervals, in
 * NAME-PANEL-band.dat; its key entry names the members.
 */
static int band_write(struct fig *g, const struct plot_input *in, struct bw_plan *pl,
                      const size_t *members, size_t n, const double dev[2], const char *data_dir)
{
    size_t p = g->npanels - 1;
    FILE *f = fig_panel_create(g, data_dir, "-band",
                               "size_bytes gbps (median of the members' gbps_median) "
                               "low high (lowest and highest end of the members' intervals)");
    if (!f)
        return -1;
    const struct plot_curve *a = &in->curves[members[0]];
    fprintf(
        f,
        "# band: %zu page-locked kinds within %.2f%% of their median below 1 MiB, %.2f%% from it\n",
        n, 100 * dev[0], 100 * dev[1]);
    for (size_t i = 0; i < a->n; i++) {
        double lo = INFINITY, hi = -INFINITY;
        for (size_t k = 0; k < n; k++) {
            const struct plot_row *r = &in->rows[in->curves[members[k]].first + i];
            lo = fmin(lo, r->iv[IV_GBPS].lo);
            hi = fmax(hi, r->iv[IV_GBPS].hi);
        }
        double m = band_median(in, members, n, i);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", in->rows[a->first + i].size_bytes, m, lo, hi);
        fig_extend(g, in->rows[a->first + i].size_bytes, hi);
    }
    g->band[p] = (struct fig_style){"page-locked", "band", "page-locked", ""};
    for (size_t k = 0; k < n; k++)
        pl->band_alloc[in->rows[in->curves[members[k]].first].alloc] = 1;
    pl->band_dev[0] = fmax(pl->band_dev[0], dev[0]);
    pl->band_dev[1] = fmax(pl->band_dev[1], dev[1]);
    return fig_panel_close(f);
}

/* The curves of direction dir and api group grp as a panel of the bandwidth figure. */
static int bandwidth_panel(struct fig *g, const struct plot_input *in, struct bw_plan *p, int dir,
                           int grp, const char *data_dir)
{
    FILE *f = NULL;
    size_t members[ALLOC_COUNT * 4], nmembers;
    double dev[2];
    char title[96];
    for (size_t c = 0; c < in->ncurves; c++)
        if (in_panel(in, &in->curves[c], dir, grp))
            break;
        else if (c + 1 == in->ncurves)
            return 0;
    if (in->ncurves == 0)
        return 0;
    snprintf(title, sizeof(title), "%s%s%s", plot_dir_titles[dir], p->ngroups > 1 ? ", " : "",
             p->ngroups > 1 ? (grp ? "async" : "sync") : "");
    char tag[48];
    /* The sync panel keeps the direction's name: data files read before the split still match. */
    snprintf(tag, sizeof(tag), "%s%s", schema_value_name(AXIS_DIRECTION, dir),
             p->ngroups > 1 && grp ? "-async" : "");
    if (fig_panel(g, tag, title) < 0 ||
        !(f = fig_panel_create(g, data_dir, "", "size_bytes gbps_median low high (its interval)")))
        return -1;
    nmembers = band_members(in, dir, grp, members, dev);
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        struct fig_style s;
        if (!in_panel(in, &in->curves[c], dir, grp) || is_member(c, members, nmembers))
            continue;
        bw_style(&s, p, first);
        p->seen_alloc[first->alloc] = 1;
        if (fig_block(g, f, &s, "copy bandwidth") < 0) {
            fclose(f);
            return -1;
        }
        for (size_t i = 0; i < in->curves[c].n; i++) {
            const struct plot_row *r = first + i;
            write_bandwidth_point(f, r);
            fig_extend(g, r->size_bytes, r->iv[IV_GBPS].hi);
        }
    }
    if (fig_panel_close(f) < 0)
        return -1;
    if (nmembers)
        return band_write(g, in, p, members, nmembers, dev, data_dir);
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

int fig_fit_drawn(const struct fit_row *fit)
{
    return fit->status_id == FIT_OK && fit->points >= FIT_MIN_POINTS &&
           fit->residual_pct < FIT_MAX_RESIDUAL_PCT;
}

/* The bandwidth of the model t(n) = t0 + n/B at n bytes (GB/s); NaN where its time is not > 0. */
static double fit_gbps(const struct fit_row *fit, double n_bytes)
{
    double s = fit->t0_us * 1e-6 + n_bytes / (fit->bandwidth_gbps * 1e9);
    return s > 0 ? n_bytes / s / 1e9 : NAN;
}

static void write_xy(FILE *f, double x, double y)
{
    if (isnan(y))
        fprintf(f, "%.6g NaN\n", x);
    else
        fprintf(f, "%.6g %.6g\n", x, y);
}

/* Overlay block: the fit's model bandwidth over the size range of curve c, log-spaced. */
static int fit_overlay(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c, const struct fit_row *fit)
{
    const struct plot_row *first = &in->rows[c->first];
    double lo = first->size_bytes, hi = first[c->n - 1].size_bytes;
    struct fig_style s;
    style_of(&s, first);
    s.line = "fit";
    if (fig_overlay(g, f, &s, "fit t0 + n/B") < 0)
        return -1;
    for (int k = 0; k < PLOT_FIT_POINTS; k++) {
        double n = lo * pow(hi / lo, k / (PLOT_FIT_POINTS - 1.0));
        write_xy(f, n, fit_gbps(fit, n));
    }
    return 0;
}

/*
 * Overlay blocks: the two regimes of a pageable curve (fits.csv's in-cache
 * and beyond-cache rows), each its bandwidth B across its sizes.
 */
static int regime_overlay(struct fig *g, FILE *f, const struct plot_row *first,
                          const struct fit_row *const regime[2])
{
    struct fig_style s;
    style_of(&s, first);
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

/* Has the panel of direction dir a host memcpy line (only h2d and d2h can)? */
static int has_ceiling(const struct plot_input *in, int dir)
{
    for (size_t i = 0; i < in->nmemcpy; i++)
        if (ceiling_row(&in->memcpy_pts[i], dir))
            return 1;
    return 0;
}

/*
 * Overlay block: single-thread host memcpy bandwidth in direction dir: the
 * rows of host-memcpy.csv for dir, or all of them when the file does not
 * say (a file from before the direction column).
 */
static int ceiling_overlay(struct fig *g, FILE *f, const struct plot_input *in, int dir)
{
    struct fig_style s = {"host", "ceiling", "", "host memcpy"};
    char what[128];
    if (in->memcpy_pts[0].dir == AXIS_EMPTY)
        snprintf(what, sizeof(what), "host memcpy, 1 thread (all rows: no direction column)");
    else
        snprintf(what, sizeof(what), "host memcpy, 1 thread (the %s rows)",
                 schema_value_name(AXIS_DIRECTION, dir));
    if (fig_overlay(g, f, &s, what) < 0)
        return -1;
    for (size_t i = 0; i < in->nmemcpy; i++) {
        const struct hostmemcpy_row *m = &in->memcpy_pts[i];
        if (!ceiling_row(m, dir))
            continue;
        /* Not fig_extend: in-cache memcpy reads 100+ GB/s at small sizes and would squash
           the copies into the bottom of the panel; the line is clipped at the top instead. */
        fprintf(f, "%.0f %.6g\n", m->size_bytes, m->gbps);
    }
    return 0;
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
        snprintf(title, n, "single-thread host memcpy (a pageable copy's host side)");
        return;
    }
    if (same) {
        format_size_words((uint64_t)staging, size, sizeof(size));
        /* "an 8 MiB", "an 11 MiB", "an 18 KiB"; "a 2 MiB" */
        int an = size[0] == '8' || !strncmp(size, "11 ", 3) || !strncmp(size, "18 ", 3);
        snprintf(buffer, sizeof(buffer), "a%s %s staging buffer", an ? "n" : "", size);
    }
    snprintf(title, n, "single-thread host memcpy via %s (a pageable copy's host side)", buffer);
}

/* Has direction dir curves of api group grp? */
static int has_group(const struct plot_input *in, int dir, int grp)
{
    for (size_t c = 0; c < in->ncurves; c++)
        if (in_panel(in, &in->curves[c], dir, grp))
            return 1;
    return 0;
}

/*
 * The overlays of the current panel (direction dir, api group grp): the fit
 * of every reuse curve drawn alone whose fits.csv row describes it
 * (fig_fit_drawn), or, for a pageable curve no single fit describes, its two
 * regimes when fits.csv has them; then in h2d and d2h the host memcpy line.
 * What was drawn and left out goes into d, for the notes.
 */
static int bandwidth_overlays(struct fig *g, const struct plot_input *in, int dir, int grp,
                              const char *data_dir, struct bw_drawn *d)
{
    FILE *f = NULL;
    int rc = 0, ceiling = has_ceiling(in, dir);
    size_t p = g->npanels - 1;
    for (size_t c = 0; c < in->ncurves && rc == 0; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        const struct fit_row *fit = find_fit(in, first, FIT_ALL);
        const struct fit_row *regime[2] = {find_fit(in, first, FIT_IN_CACHE),
                                           find_fit(in, first, FIT_BEYOND_CACHE)};
        int regimes = !fit || fig_fit_drawn(fit) ? 0 : regime[0] && regime[1];
        if (!in_panel(in, &in->curves[c], dir, grp) || first->buffer != BUFFER_REUSE || !fit ||
            in->curves[c].n < 2 || (g->band[p].color && band_candidate(in, &in->curves[c])))
            continue;
        /* the note is of residuals: a curve of too few sizes for a fit is not "unfit" */
        if (!fig_fit_drawn(fit) && fit->points >= FIT_MIN_POINTS &&
            d->nunfit < sizeof(d->unfit) / sizeof(d->unfit[0])) {
            char name[40];
            curve_name(first, name, sizeof(name));
            if (fit->status_id != FIT_OK) /* not fitting at all: its t0 came out negative */
                snprintf(d->unfit[d->nunfit++], sizeof(d->unfit[0]), "%s t0 < 0", name);
            else
                snprintf(d->unfit[d->nunfit++], sizeof(d->unfit[0]), "%s %.0f%%", name,
                         fit->residual_pct);
        }
        if (!fig_fit_drawn(fit) && !(regimes && d->nregimes < FIG_MAX_PANELS))
            continue;
        if (!f && !(f = fig_panel_create(g, data_dir, "-overlay", OVERLAY_COLUMNS)))
            return -1;
        if (regimes) {
            d->regime_curve[d->nregimes] = first;
            memcpy(d->regime[d->nregimes++], regime, sizeof(regime));
            rc = regime_overlay(g, f, first, regime);
            continue;
        }
        rc = fit_overlay(g, f, in, &in->curves[c], fit);
        d->fits = 1;
    }
    /* The host memcpy line once per direction: in the sync panel, or the only one. */
    int ceiling_here = grp == api_group(API_SYNC) || !has_group(in, dir, api_group(API_SYNC));
    if (rc == 0 && ceiling && ceiling_here) {
        if (!f && !(f = fig_panel_create(g, data_dir, "-overlay", OVERLAY_COLUMNS)))
            return -1;
        rc = ceiling_overlay(g, f, in, dir);
        d->ceiling = 1;
    }
    if (!f)
        fig_panel_drop_overlay(g, data_dir);
    else if (fig_panel_close(f) < 0)
        rc = -1;
    return rc;
}

/* "PCIe Gen5 x16 raw: 63.0 GB/s" (both: the bidir panel's two directions) into buf. */
static void link_label(const struct plot_input *in, double gbps, int both, char *buf, size_t n)
{
    char v[32], pcie[48] = "PCIe link";
    plot_format_gbps(both ? 2 * gbps : gbps, v, sizeof(v));
    if (in->pcie_gen > 0 && in->pcie_width > 0)
        snprintf(pcie, sizeof(pcie), "PCIe Gen%d x%d", in->pcie_gen, in->pcie_width);
    snprintf(buf, n, both ? "%s raw, both directions: %s GB/s" : "%s raw: %s GB/s", pcie, v);
}

/*
 * The practical ceiling of a PCIe link of raw rate link_gbps in direction
 * dir: the share of each packet that is payload, with packets of
 * payload_bytes (the Max Payload Size).  h2d data comes back as read
 * completions (a 3-dword header: 4 B framing + 12 B + 4 B LCRC = 20 B),
 * d2h goes out as posted writes with 64-bit addresses (a 4-dword header:
 * 24 B).  Flow control and acknowledgements take a little more.
 */
static double practical_gbps(double link_gbps, int dir, double payload_bytes)
{
    double h2d = link_gbps * payload_bytes / (payload_bytes + 20);
    double d2h = link_gbps * payload_bytes / (payload_bytes + 24);
    return dir == DIR_H2D ? h2d : dir == DIR_D2H ? d2h : h2d + d2h;
}

/* The Max Payload Size assumed when meta.yaml does not give the one read: the usual one. */
#define PCIE_PAYLOAD_ASSUMED 256

/*
 * The link's raw rate and its practical ceiling in the current panel,
 * labelled, and its % axis.  The ceiling takes the Max Payload Size read
 * from config space when meta.yaml has it, else 256 B, and says which.
 */
static int link_lines(struct fig *g, const struct plot_input *in, int dir)
{
    char label[128], v[32];
    double link = in->link_gbps, raw = dir == DIR_BIDIR ? 2 * link : link;
    int mps = in->mps_bytes > 0 ? in->mps_bytes : PCIE_PAYLOAD_ASSUMED;
    if (isnan(link))
        return 0;
    link_label(in, link, dir == DIR_BIDIR, label, sizeof(label));
    if (fig_hline(g, raw, "link", "link", "right-above", label) < 0)
        return -1;
    plot_format_gbps(practical_gbps(link, dir, mps), v, sizeof(v));
    snprintf(label, sizeof(label), "practical ceiling (MPS %d B, %s): %s GB/s", mps,
             in->mps_bytes > 0 ? "read" : "assumed", v);
    g->panel_link[g->npanels - 1] = raw;
    return fig_hline(g, practical_gbps(link, dir, mps), "link", "practical", "left-above", label);
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

/* What each kind of line means, when the figure tells variants by dash. */
static size_t variant_notes(const struct bw_plan *p, struct fig_style *out)
{
    static const struct {
        const char *line, *title;
    } titles[] = {
        {"reuse", "reuse: buffer allocated once"},
        {"reallocate", "reallocate: effective, alloc + fill + copy + free"},
        {"flushed", "flushed: host buffer flushed from the CPU caches"},
        {"first-touch", "first-touch: never-touched pages"},
        {"flushed+first-touch", "flushed + first-touch"},
        {"zerocopy", "zerocopy: a kernel accesses the host buffer"},
    };
    size_t n = 0;
    if (!p->dash_by_variant)
        return 0;
    for (size_t t = 0; t < sizeof(titles) / sizeof(titles[0]); t++)
        for (size_t k = 0; k < p->nkinds; k++)
            if (strcmp(p->kinds[k], titles[t].line) == 0) {
                out[n] = (struct fig_style){"", titles[t].line, ""};
                snprintf(out[n++].title, sizeof(out[0].title), "%s", titles[t].title);
            }
    return n;
}

/*
 * The key entry of the bands: "6 page-locked kinds, within 11.3% (6.5% from
 * 1M): pinned, ..." - how many, their largest distance from the band's
 * median (and from 1 MiB on, when smaller), and which.
 */
static void band_title(struct fig_style *e, const struct bw_plan *p)
{
    size_t n = 0, len;
    double all = 100 * fmax(p->band_dev[0], p->band_dev[1]), big = 100 * p->band_dev[1];
    for (int a = 0; a < ALLOC_COUNT; a++)
        n += p->band_alloc[a] != 0;
    *e = (struct fig_style){"page-locked", "band", "page-locked", ""};
    if (p->band_dev[0] > 0 && big < all)
        len = (size_t)snprintf(e->title, sizeof(e->title),
                               "%zu page-locked kinds, within %.1f%% (%.1f%% from 1M):", n, all,
                               fmax(big, 0.1));
    else
        len = (size_t)snprintf(e->title, sizeof(e->title),
                               "%zu page-locked kinds, within %.1f%%:", n, fmax(all, 0.1));
    for (int a = 0, k = 0; a < ALLOC_COUNT && len < sizeof(e->title); a++)
        if (p->band_alloc[a])
            len += (size_t)snprintf(e->title + len, sizeof(e->title) - len, "%s%s",
                                    k++ ? ", " : " ", schema_value_name(AXIS_ALLOC, a));
}

/*
 * The curves no single fit describes, with their residuals, as notes of at
 * most NOTE_CHARS characters each (the first says what they are, the
 * others go on with the list); how many notes (at most 3).
 */
#define NOTE_CHARS 100
static size_t unfit_notes(const struct bw_drawn *d, struct fig_style *notes)
{
    size_t n = 0, len = 0;
    for (size_t k = 0; k < d->nunfit; k++) {
        char *t = notes[n > 0 ? n - 1 : 0].title;
        if (k == 0 || len + 2 + strlen(d->unfit[k]) > NOTE_CHARS) {
            if (n == 3)
                break;
            notes[n] = (struct fig_style){"-", "", "", ""};
            t = notes[n++].title;
            len = (size_t)snprintf(
                t, sizeof(notes[0].title), "%s%s",
                k ? "  " : "no single t0 + n/B fits (residual ≥ 5%, or t0 < 0): ", d->unfit[k]);
            continue;
        }
        len += (size_t)snprintf(t + len, sizeof(notes[0].title) - len, "; %s", d->unfit[k]);
    }
    return n;
}

/*
 * The legend of the bandwidth figure: one entry per alloc kind drawn alone
 * (its colour, dash and point), one per band; the notes: what the dashes
 * mean when they tell variants, the bars' statistic, the fits and the fits
 * left out, the host memcpy line.
 */
static int bandwidth_legend(struct fig *g, const struct plot_input *in, const struct bw_plan *p,
                            const struct bw_drawn *d)
{
    struct fig_style keys[ALLOC_COUNT + FIG_MAX_PANELS], notes[16 + FIG_MAX_PANELS];
    size_t nkeys = plot_alloc_entries(p->seen_alloc, p->dash_by_variant ? "reuse" : NULL, keys);
    size_t nnotes = variant_notes(p, notes);
    int banded = 0;
    for (size_t b = 0; b < g->npanels; b++)
        banded |= g->band[b].color != NULL;
    if (banded)
        band_title(&keys[nkeys++], p);
    plot_bars_note(&notes[nnotes++], &p->tally);
    if (banded)
        notes[nnotes++] = (struct fig_style){
            "-", "", "", "band: from its members' lowest to highest interval end"};
    if (d->fits)
        notes[nnotes++] = (struct fig_style){"", "fit", "", "dotted: fit t0 + n/B (residual < 5%)"};
    nnotes += unfit_notes(d, notes + nnotes);
    if (d->nregimes) /* what the thick dots are, then one line per curve so drawn */
        notes[nnotes++] = (struct fig_style){
            "", "regime", "",
            "thick dots: a pageable copy's two regimes, each t = n/B over its sizes (fits.csv)"};
    for (size_t k = 0; k < d->nregimes; k++) {
        notes[nnotes] = (struct fig_style){"-", "", "", ""};
        regime_note(d->regime_curve[k], d->regime[k], fig_sizes_decimal(g), notes[nnotes++].title,
                    sizeof(notes[0].title));
    }
    if (d->ceiling) {
        notes[nnotes] = (struct fig_style){"host", "ceiling", ""};
        ceiling_title(in, notes[nnotes++].title, sizeof(notes[0].title));
    }
    size_t cols = nkeys > 8 ? 4 : 7;
    for (size_t k = 0; k < nkeys; k++)
        if (strlen(keys[k].title) > 40)
            cols = 1; /* a band's entry: one column, or the page grows */
    if (legend_flow(&g->key, keys, nkeys, cols) < 0)
        return -1;
    return legend_flow(&g->notes, notes, nnotes, 1);
}

/*
 * Figure 1: gbps_median with its interval's bars against size, a panel per
 * direction (and per api, sync or async, when both were measured); the
 * page-locked curves that coincide as one band; the fits that describe
 * their curve and the host memcpy line over them; the PCIe link's raw rate
 * and practical ceiling as labelled lines and a percent axis.
 */
int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    struct bw_plan p;
    struct bw_drawn drawn = {0};
    bw_plan_make(&p, in);
    snprintf(g->what, sizeof(g->what), "copy bandwidth");
    snprintf(g->y_label, sizeof(g->y_label), "bandwidth (GB/s = 10⁹ B/s)");
    for (int d = 0; d < DIR_COUNT; d++)
        for (int grp = 0; grp < 2; grp++) {
            size_t before = g->npanels;
            if (!p.groups[grp])
                continue;
            if (bandwidth_panel(g, in, &p, d, grp, data_dir) < 0 ||
                (g->npanels > before && bandwidth_overlays(g, in, d, grp, data_dir, &drawn) < 0))
                return -1;
            if (g->npanels == before)
                continue;
            if (d == DIR_BIDIR)
                fig_own_y(g); /* a sum of two directions: its own scale */
            if (link_lines(g, in, d) < 0)
                return -1;
        }
    if (g->npanels == 0) /* no copy rows: the folder has other figures */
        return 0;
    if (has_zerocopy(in))
        snprintf(g->what, sizeof(g->what), "copy and zero-copy bandwidth");
    return bandwidth_legend(g, in, &p, &drawn);
}

/* Does any reallocate row of dir and api carry an effective bandwidth? */
static int has_effective(const struct plot_input *in, int dir, int api)
{
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        if (r->dir == dir && r->api == api && r->buffer == BUFFER_REALLOCATE &&
            plot_host_steady(r) && !isnan(r->effective_gbps))
            return 1;
    }
    return 0;
}

/* The api to compare reuse and reallocate with in direction dir: async first; -1 if none. */
static int compare_api(const struct plot_input *in, int dir)
{
    static const int order[] = {API_ASYNC, API_SYNC};
    for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
        int reuse = 0;
        for (int a = 0; a < ALLOC_COUNT; a++)
            reuse |= plot_find_curve(in, dir, a, BUFFER_REUSE, order[i], NULL) != NULL;
        if (reuse && has_effective(in, dir, order[i]))
            return order[i];
    }
    return -1;
}

/*
 * One block of figure 2: a reuse curve's gbps_median or a reallocate
 * curve's effective, each with its interval (tallied into t).
 */
static int reuse_block(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c, struct interval_tally *t)
{
    const struct plot_row *first = &in->rows[c->first];
    int reuse = first->buffer == BUFFER_REUSE;
    struct fig_style s;
    style_of(&s, first);
    if (fig_block(g, f, &s, reuse ? "copy bandwidth" : "effective bandwidth of the cycle") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        double v = reuse ? first[i].gbps_median : first[i].effective_gbps;
        const struct interval *iv = &first[i].iv[reuse ? IV_GBPS : IV_EFFECTIVE_GBPS];
        fprintf(f, "%.0f %.6g %.6g %.6g\n", first[i].size_bytes, v, iv->lo, iv->hi);
        fig_extend(g, first[i].size_bytes, iv->lo);
        fig_extend(g, first[i].size_bytes, iv->hi);
        interval_tally_add(t, iv);
    }
    return 0;
}

static int reuse_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                       const char *data_dir, struct interval_tally *t)
{
    char title[96];
    snprintf(title, sizeof(title), "%s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    if (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), title) < 0)
        return -1;
    FILE *f = fig_panel_create(g, data_dir, "",
                               "size_bytes gbps (reuse: gbps_median; reallocate: "
                               "effective_gbps_median) low high (its interval)");
    if (!f)
        return -1;
    int rc = 0;
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++) {
        for (int b = 0; b < BUFFER_COUNT && rc == 0; b++) {
            const struct plot_curve *c = plot_find_curve(in, dir, a, b, api, NULL);
            if (c)
                rc = reuse_block(g, f, in, c, t);
        }
        struct fig_style s = {schema_value_name(AXIS_ALLOC, a), "reuse",
                              schema_value_name(AXIS_ALLOC, a), ""};
        snprintf(s.title, sizeof(s.title), "%s", s.color);
        if (plot_find_curve(in, dir, a, BUFFER_REUSE, api, NULL) ||
            plot_find_curve(in, dir, a, BUFFER_REALLOCATE, api, NULL))
            rc = rc < 0 || fig_key(g, &s) < 0 ? -1 : 0;
    }
    if (fig_panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The legend of figure 2: the alloc kinds' colours in rows of up to three;
 * the notes say what solid and dashed lines are, and the bars.
 */
static int reuse_legend(struct fig *g, const struct interval_tally *t)
{
    struct fig_style notes[] = {
        {"", "reuse", "", "reuse: copy bandwidth"},
        {"", "reallocate", "", "reallocate: bytes ÷ cycle time"},
        {"-", "", "", ""},
    };
    plot_bars_note(&notes[2], t);
    struct fig_style entries[FIG_MAX_KEYS];
    size_t n = g->key.n;
    memcpy(entries, g->key.e, n * sizeof(entries[0]));
    qsort(entries, n, sizeof(entries[0]), key_order);
    g->key.n = 0;
    return legend_flow(&g->key, entries, n, 3) < 0 ? -1 : legend_flow(&g->notes, notes, 3, 2);
}

/* Figure 2: reuse copy bandwidth against reallocate effective bandwidth. */
int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    snprintf(g->what, sizeof(g->what), "reuse vs reallocate");
    snprintf(g->y_label, sizeof(g->y_label), "bandwidth (GB/s = 10⁹ B/s)");
    snprintf(g->detail, sizeof(g->detail), "a cycle: alloc + fill + copy + free");
    struct interval_tally t;
    interval_tally_init(&t, 0);
    for (int d = 0; d < DIR_COUNT; d++) {
        int api = compare_api(in, d);
        if (api >= 0 && reuse_panel(g, in, d, api, data_dir, &t) < 0)
            return -1;
    }
    return g->npanels ? reuse_legend(g, &t) : 0;
}

static int time_panel(struct fig *g, const struct plot_input *in, const struct plot_curve *c,
                      const char *data_dir)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    style_of(&s, first);
    if (fig_panel(g, s.color, s.color) < 0)
        return -1;
    FILE *f = fig_panel_create(g, data_dir, "",
                               "size_bytes alloc_ms fill_ms copy_ms free_ms total_ms "
                               "(medians; total is their sum)");
    if (!f || fig_block(g, f, &s, "time per reallocate cycle") < 0) {
        if (f)
            fclose(f);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        const double *ms = first[i].phase_ms;
        double total = ms[0] + ms[1] + ms[2] + ms[3];
        fprintf(f, "%.0f %.6g %.6g %.6g %.6g %.6g\n", first[i].size_bytes, ms[0], ms[1], ms[2],
                ms[3], total);
        for (int p = 0; p < PHASE_COUNT; p++)
            if (ms[p] > 0)
                fig_extend(g, first[i].size_bytes, ms[p]);
        if (total > 0)
            fig_extend(g, first[i].size_bytes, total);
    }
    return fig_panel_close(f);
}

/* Figure 3: alloc, fill, copy and free time of a reallocate cycle, for up to 3 alloc kinds. */
int fig_time(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    static const int prefer[] = {ALLOC_PAGEABLE,
                                 ALLOC_PINNED,
                                 ALLOC_REGISTERED,
                                 ALLOC_MALLOCHOST,
                                 ALLOC_PORTABLE,
                                 ALLOC_WRITE_COMBINED,
                                 ALLOC_MAPPED,
                                 ALLOC_REGISTERED_READONLY,
                                 ALLOC_REGISTERED_PORTABLE,
                                 ALLOC_REGISTERED_MAPPED};
    _Static_assert(sizeof(prefer) / sizeof(prefer[0]) == ALLOC_COUNT, "every alloc kind once");
    int dir, api;
    if (plot_time_pick(in, &dir, &api) < 0)
        return 0;
    for (size_t i = 0; i < ALLOC_COUNT && g->npanels < PLOT_TIME_PANELS; i++) {
        const struct plot_curve *c =
            plot_find_curve(in, dir, prefer[i], BUFFER_REALLOCATE, api, NULL);
        if (c && !isnan(in->rows[c->first].phase_ms[PHASE_ALLOC]) &&
            time_panel(g, in, c, data_dir) < 0)
            return -1;
    }
    snprintf(g->what, sizeof(g->what), "time of a reallocate cycle");
    snprintf(g->y_label, sizeof(g->y_label), "time per cycle (ms)");
    snprintf(g->detail, sizeof(g->detail), "%s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    return 0;
}

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

/*
 * One block of the latency figure: a curve's pipelined time per copy with
 * its interval (tallied into t), or its round trip (a median of round trips
 * samples.csv does not keep: no interval, lo = hi).
 */
static int latency_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, double max_bytes, int roundtrip,
                         struct interval_tally *t)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    style_of(&s, first);
    /* A zero-copy kernel's round trip has a dash of its own: the copy's round trip shares its
       panel and its kind's point. */
    int zc = first->api == API_ZEROCOPY;
    s.line = roundtrip ? (zc ? "zerocopy-roundtrip" : "roundtrip") : zc ? "zerocopy" : "pipelined";
    if (fig_block(g, f, &s, roundtrip ? "round trip" : "pipelined time per copy") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = first + i;
        double us = roundtrip ? r->roundtrip_us : r->us_per_copy;
        struct interval iv = r->iv[IV_US_PER_COPY];
        if (!latency_row(r, max_bytes) || !(us > 0))
            continue;
        if (roundtrip)
            interval_none(us, &iv);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, us, iv.lo, iv.hi);
        fig_extend(g, r->size_bytes, iv.lo);
        fig_extend(g, r->size_bytes, iv.hi);
        interval_tally_add(t, &iv);
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
 * ALLOC_COUNT + api the apis) drawn; *roundtrips is set when one is.
 */
static int latency_panel(struct fig *g, const struct plot_input *in, int dir, int grp, int split,
                         double max_bytes, const char *data_dir, int seen[], int *roundtrips,
                         struct interval_tally *t)
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
        if (!in_panel(in, cv, dir, grp) || latency_count(in, cv, max_bytes) == 0)
            continue;
        if (!f && (fig_panel(g, tag, title) < 0 ||
                   !(f = fig_panel_create(g, data_dir, "",
                                          "size_bytes us (pipelined: us_per_copy_median; round "
                                          "trip: roundtrip_us_median) low high (its interval; "
                                          "a round trip has none)"))))
            return -1;
        seen[first->alloc] = seen[ALLOC_COUNT + first->api] = 1;
        rc = latency_block(g, f, in, cv, max_bytes, 0, t);
        if (rc == 0 && has_roundtrip(in, cv, max_bytes)) {
            rc = latency_block(g, f, in, cv, max_bytes, 1, t);
            *roundtrips = 1;
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
static int latency_legend(struct fig *g, const int seen[], int roundtrips,
                          const struct interval_tally *t)
{
    static const char *const api_titles[API_COUNT] = {
        [API_SYNC] = "sync: cudaMemcpy",
        [API_ASYNC] = "async: cudaMemcpyAsync",
        [API_ZEROCOPY] = "zerocopy: a kernel on the host buffer",
    };
    struct fig_style allocs[ALLOC_COUNT], notes[API_COUNT + 4];
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
    if (roundtrips)
        notes[nnotes++] = (struct fig_style){"", "roundtrip", "",
                                             "round trip: one copy, waited for (host clock)"};
    if (roundtrips && seen[ALLOC_COUNT + API_ZEROCOPY])
        notes[nnotes++] = (struct fig_style){"", "zerocopy-roundtrip", "",
                                             "zerocopy round trip: one kernel, waited for"};
    plot_bars_note(&notes[nnotes++], t);
    if (roundtrips) /* samples.csv has no round trips: a median only */
        snprintf(notes[nnotes - 1].title + strlen(notes[nnotes - 1].title),
                 sizeof(notes[0].title) - strlen(notes[nnotes - 1].title),
                 " Round trips: medians.");
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
    struct interval_tally t;
    interval_tally_init(&t, 0);
    snprintf(g->what, sizeof(g->what), "time per copy");
    snprintf(g->y_label, sizeof(g->y_label), "time per copy (µs)");
    int groups[2] = {0, 0};
    for (size_t c = 0; c < in->ncurves; c++)
        if (latency_count(in, &in->curves[c], max_bytes))
            groups[api_group(in->rows[in->curves[c].first].api)] = 1;
    for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++)
        for (int grp = 0; grp < 2; grp++)
            if (groups[grp] && latency_panel(g, in, dirs[d], grp, groups[0] && groups[1], max_bytes,
                                             data_dir, seen, &roundtrips, &t) < 0)
                return -1;
    if (g->npanels == 0)
        return 0;
    latency_detail(g, in, seen, max_bytes);
    return latency_legend(g, seen, roundtrips, &t);
}
