/*
 * fig_copies.c - the figures of plain copies (see fig_copies.h): copy
 * bandwidth against size (bandwidth, with fits, the host memcpy ceiling and
 * the PCIe link over it), time per small copy (latency), reuse against
 * reallocate (reuse-vs-reallocate) and where a reallocate cycle's time goes
 * (reallocate-time).
 */
#include "figures/fig_copies.h"
#include "figures/legend.h"
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
#define OVERLAY_COLUMNS "size_bytes gbps (fit: the model n / (t0 + n/B); ceiling: host memcpy)"

/* ---- the bandwidth figure ---- */

/*
 * What tells curves of one alloc kind apart, besides the device: buffer,
 * api, cache and touch (variant_axes), a column of the bandwidth legend.
 */
struct variant {
    int v[4];
};
#define NVARIANT_AXES 4
static const enum axis_id variant_axes[NVARIANT_AXES] = {AXIS_BUFFER, AXIS_API, AXIS_CACHE,
                                                         AXIS_TOUCH};

static struct variant variant_of(const struct plot_row *r)
{
    return (struct variant){{r->buffer, r->api, r->cache, r->touch}};
}

/*
 * The kind of line of a curve (plots/style.gp gives each a dash): its
 * buffer mode, or for a host buffer not in its steady state (flushed from
 * the caches, pages touched for the first time) that state; a zero-copy
 * kernel's curve has a dash of its own, so that it is not taken for the
 * copy engine's.
 */
static const char *line_kind(const struct variant *x)
{
    int flushed = x->v[2] == CACHE_FLUSHED, first = x->v[3] == TOUCH_FIRST;
    if (flushed || first)
        return flushed && first ? "flushed+first-touch" : flushed ? "flushed" : "first-touch";
    if (x->v[1] == API_ZEROCOPY)
        return "zerocopy";
    return schema_value_name(AXIS_BUFFER, x->v[0]);
}

static void style_of(struct fig_style *s, const struct plot_row *r)
{
    struct variant x = variant_of(r);
    s->color = schema_value_name(AXIS_ALLOC, r->alloc);
    s->line = line_kind(&x);
    s->point = schema_value_name(AXIS_API, r->api);
    s->title[0] = '\0';
}

/* How many values each of the variant axes takes in the rows. */
static void count_values(const struct plot_input *in, int nvalues[NVARIANT_AXES])
{
    int seen[NVARIANT_AXES][8] = {{0}};
    for (int k = 0; k < NVARIANT_AXES; k++)
        nvalues[k] = 0;
    for (size_t i = 0; i < in->nrows; i++) {
        struct variant x = variant_of(&in->rows[i]);
        for (int k = 0; k < NVARIANT_AXES; k++)
            nvalues[k] += !seen[k][x.v[k]]++;
    }
}

static int key_order(const void *pa, const void *pb)
{
    const struct fig_style *a = pa, *b = pb;
    int d;
    if ((d = schema_value_find(AXIS_ALLOC, a->color) - schema_value_find(AXIS_ALLOC, b->color)) ||
        (d = schema_value_find(AXIS_BUFFER, a->line) - schema_value_find(AXIS_BUFFER, b->line)) ||
        (d = schema_value_find(AXIS_API, a->point) - schema_value_find(AXIS_API, b->point)))
        return d;
    return strcmp(a->title, b->title);
}

/* A row of the bandwidth figure's legend: an alloc kind (on one device). */
struct legend_row {
    int alloc;
    const char *device;
};

static int legend_row_order(const void *pa, const void *pb)
{
    const struct legend_row *a = pa, *b = pb;
    return a->alloc != b->alloc ? a->alloc - b->alloc : strcmp(a->device, b->device);
}

/* The distinct (alloc, device) pairs of the curves, sorted; at most max. */
static size_t legend_rows(const struct plot_input *in, struct legend_row *rows, size_t max)
{
    size_t n = 0;
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r = &in->rows[in->curves[c].first];
        size_t i = 0;
        while (i < n && !(rows[i].alloc == r->alloc && strcmp(rows[i].device, r->device) == 0))
            i++;
        if (i == n && n < max)
            rows[n++] = (struct legend_row){r->alloc, r->device};
    }
    qsort(rows, n, sizeof(rows[0]), legend_row_order);
    return n;
}

/* Is there a curve of this alloc kind, device and variant, in any direction? */
static int has_curve(const struct plot_input *in, const struct legend_row *row,
                     const struct variant *x)
{
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r = &in->rows[in->curves[c].first];
        struct variant y = variant_of(r);
        if (r->alloc == row->alloc && memcmp(&y, x, sizeof(y)) == 0 &&
            strcmp(r->device, row->device) == 0)
            return 1;
    }
    return 0;
}

/*
 * One cell of the bandwidth legend: the curve of row and variant x, titled
 * with the alloc kind and the values of the variant axes that vary, or an
 * empty cell.
 */
static void bandwidth_cell(struct fig_style *s, const struct plot_input *in,
                           const struct legend_row *row, const struct variant *x,
                           const int nvalues[NVARIANT_AXES])
{
    size_t len;
    s->color = schema_value_name(AXIS_ALLOC, row->alloc);
    s->line = line_kind(x);
    s->point = schema_value_name(AXIS_API, x->v[1]);
    len = (size_t)snprintf(s->title, sizeof(s->title), "%s", s->color);
    for (int k = 0; k < NVARIANT_AXES && len < sizeof(s->title); k++)
        if (nvalues[k] > 1)
            len += (size_t)snprintf(s->title + len, sizeof(s->title) - len, ", %s",
                                    schema_value_name(variant_axes[k], x->v[k]));
    if (in->multi_device && len < sizeof(s->title))
        snprintf(s->title + len, sizeof(s->title) - len, ", device %s", row->device);
    if (!has_curve(in, row, x))
        *s = fig_key_blank;
}

#define LEGEND_MAX_COLS 4 /* variants side by side in the bandwidth legend */

/* The variants of the curves, in schema order; returns how many (at most max). */
static size_t legend_variants(const struct plot_input *in, const struct legend_row *rows,
                              size_t nrows, struct variant *out, size_t max)
{
    size_t n = 0;
    for (int i = 0; i < BUFFER_COUNT * API_COUNT * CACHE_COUNT * TOUCH_COUNT && n < max; i++) {
        struct variant x = {{i / (API_COUNT * CACHE_COUNT * TOUCH_COUNT),
                             i / (CACHE_COUNT * TOUCH_COUNT) % API_COUNT,
                             i / TOUCH_COUNT % CACHE_COUNT, i % TOUCH_COUNT}};
        for (size_t r = 0; r < nrows; r++)
            if (has_curve(in, &rows[r], &x)) {
                out[n++] = x;
                break;
            }
    }
    return n;
}

/* Move the filled cells of n to the front; returns how many there are. */
static size_t drop_blanks(struct fig_style *cells, size_t n)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(cells[i].color, "-") != 0)
            cells[kept++] = cells[i];
    return kept;
}

/*
 * The legend of the bandwidth figure: a row per alloc kind, a column per
 * variant (buffer, api, cache, touch) measured; one row when only the alloc
 * kind varies, and the entries in rows of four when there are more than
 * four variants.  The nextra entries explaining the overlays go in the notes.
 */
static int bandwidth_legend(struct fig *g, const struct plot_input *in,
                            const struct fig_style *extra, size_t nextra)
{
    struct legend_row rows[FIG_MAX_KEYS];
    struct variant cols[BUFFER_COUNT * API_COUNT * CACHE_COUNT * TOUCH_COUNT];
    size_t nrows = legend_rows(in, rows, FIG_MAX_KEYS);
    size_t ncols = legend_variants(in, rows, nrows, cols, sizeof(cols) / sizeof(cols[0]));
    int nvalues[NVARIANT_AXES], rc;
    count_values(in, nvalues);
    struct fig_style *cells = calloc(nrows * ncols, sizeof(*cells));
    if (!cells)
        return -1;
    for (size_t r = 0; r < nrows; r++)
        for (size_t c = 0; c < ncols; c++)
            bandwidth_cell(&cells[r * ncols + c], in, &rows[r], &cols[c], nvalues);
    if (ncols == 1) /* only the alloc kind varies */
        rc = legend_flow(&g->key, cells, nrows, 7);
    else if (ncols <= LEGEND_MAX_COLS)
        rc = legend_grid(&g->key, cells, nrows, ncols);
    else
        rc = legend_flow(&g->key, cells, drop_blanks(cells, nrows * ncols), LEGEND_MAX_COLS);
    free(cells);
    return rc < 0 ? -1 : legend_flow(&g->notes, extra, nextra, 2);
}

static void write_bandwidth_point(FILE *f, const struct plot_row *r)
{
    double lo = isnan(r->gbps_min) ? r->gbps_median : r->gbps_min;
    double hi = isnan(r->gbps_max) ? r->gbps_median : r->gbps_max;
    fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, r->gbps_median, lo, hi);
}

/* The curves of direction dir as a panel of the bandwidth figure; no panel when there are none. */
static int bandwidth_panel(struct fig *g, const struct plot_input *in, int dir,
                           const char *data_dir)
{
    FILE *f = NULL;
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        struct fig_style s;
        if (first->dir != dir)
            continue;
        if (!f &&
            (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), plot_dir_titles[dir]) < 0 ||
             !(f = fig_panel_create(g, data_dir, "", "size_bytes gbps_median gbps_min gbps_max"))))
            return -1;
        style_of(&s, first);
        if (fig_block(g, f, &s, "copy bandwidth") < 0) {
            fclose(f);
            return -1;
        }
        for (size_t i = 0; i < in->curves[c].n; i++) {
            const struct plot_row *r = first + i;
            write_bandwidth_point(f, r);
            fig_extend(g, r->size_bytes, isnan(r->gbps_max) ? r->gbps_median : r->gbps_max);
        }
    }
    return f ? fig_panel_close(f) : 0;
}

/* The fit of fits.csv for the curve starting at row r, or NULL. */
static const struct fit_row *find_fit(const struct plot_input *in, const struct plot_row *r)
{
    const int axes[] = {AXIS_DIRECTION, AXIS_ALLOC, AXIS_BUFFER, AXIS_API,
                        AXIS_CACHE,     AXIS_TOUCH, AXIS_PAGES};
    const int values[] = {r->dir, r->alloc, r->buffer, r->api, r->cache, r->touch, r->pages};
    for (size_t i = 0; i < in->nfits; i++) {
        size_t k = 0;
        while (k < 7 && in->fits[i].axis[axes[k]] == (uint64_t)values[k])
            k++;
        if (k == 7)
            return &in->fits[i];
    }
    return NULL;
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

/* Is row m of host-memcpy.csv drawn in the panel of direction dir? */
static int ceiling_row(const struct hostmemcpy_row *m, int dir)
{
    return (dir == DIR_H2D || dir == DIR_D2H) && (m->dir == (uint64_t)dir || m->dir == AXIS_EMPTY);
}

/* Has the panel of direction dir a host memcpy ceiling (only h2d and d2h can)? */
static int has_ceiling(const struct plot_input *in, int dir)
{
    for (size_t i = 0; i < in->nmemcpy; i++)
        if (ceiling_row(&in->memcpy_pts[i], dir))
            return 1;
    return 0;
}

/*
 * Overlay block: host memcpy bandwidth, the ceiling of a pageable copy in
 * direction dir: the rows of host-memcpy.csv for dir, or all of them when
 * the file does not say (a file from before the direction column).
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
 * The legend's entry for the host memcpy ceiling, into title (n bytes): it
 * names the staging buffer when host-memcpy.csv gives one size for it.
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
        snprintf(title, n, "host memcpy, 1 thread (pageable ceiling)");
        return;
    }
    if (same) {
        format_size_words((uint64_t)staging, size, sizeof(size));
        /* "an 8 MiB", "an 11 MiB", "an 18 KiB"; "a 2 MiB" */
        int an = size[0] == '8' || !strncmp(size, "11 ", 3) || !strncmp(size, "18 ", 3);
        snprintf(buffer, sizeof(buffer), "a%s %s staging buffer", an ? "n" : "", size);
    }
    snprintf(title, n, "host memcpy via %s, 1 thread (pageable ceiling)", buffer);
}

/*
 * The overlays of the current panel (direction dir) of the bandwidth figure:
 * the fit of every reuse curve with a row in fits.csv, then in h2d and d2h
 * the host memcpy ceiling of that direction.  drawn[0] and drawn[1] are set
 * when some are.
 */
static int bandwidth_overlays(struct fig *g, const struct plot_input *in, int dir,
                              const char *data_dir, int drawn[2])
{
    FILE *f = NULL;
    int rc = 0, ceiling = has_ceiling(in, dir);
    for (size_t c = 0; c < in->ncurves && rc == 0; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        const struct fit_row *fit = find_fit(in, first);
        if (first->dir != dir || first->buffer != BUFFER_REUSE || !fit || in->curves[c].n < 2)
            continue;
        if (!f && !(f = fig_panel_create(g, data_dir, "-overlay", OVERLAY_COLUMNS)))
            return -1;
        rc = fit_overlay(g, f, in, &in->curves[c], fit);
        drawn[0] = 1;
    }
    if (rc == 0 && ceiling) {
        if (!f && !(f = fig_panel_create(g, data_dir, "-overlay", OVERLAY_COLUMNS)))
            return -1;
        rc = ceiling_overlay(g, f, in, dir);
        drawn[1] = 1;
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

/* What the zero-copy kernel's dash and point mean, in the notes of the bandwidth figure. */
static const struct fig_style zerocopy_note = {"", "zerocopy", "zerocopy",
                                               "zerocopy: a kernel accesses the host buffer"};

/* Are there zero-copy curves? */
static int has_zerocopy(const struct plot_input *in)
{
    for (size_t i = 0; i < in->nrows; i++)
        if (in->rows[i].api == API_ZEROCOPY)
            return 1;
    return 0;
}

/*
 * Figure 1: gbps_median with min..max bars against size, a panel per
 * direction; the fits of fits.csv and the host memcpy ceiling over them,
 * and the PCIe link's raw rate as a labelled line when summary.csv gives it.
 */
int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    struct fig_style extras[] = {
        {"", "fit", "", "dotted: fit t0 + n/B"},
        {"host", "ceiling", "", ""},
    };
    struct fig_style extra[3];
    int drawn[2] = {0, 0};
    size_t nextra = 0;
    if (has_zerocopy(in))
        extra[nextra++] = zerocopy_note;
    double link = in->link_gbps;
    char label[128];
    snprintf(g->what, sizeof(g->what), "copy bandwidth");
    snprintf(g->y_label, sizeof(g->y_label), "copy bandwidth (GB/s = 10⁹ B/s)");
    for (int d = 0; d < DIR_COUNT; d++) {
        size_t before = g->npanels;
        if (bandwidth_panel(g, in, d, data_dir) < 0 ||
            (g->npanels > before && bandwidth_overlays(g, in, d, data_dir, drawn) < 0))
            return -1;
        if (g->npanels > before && d == DIR_BIDIR)
            fig_own_y(g); /* a sum of two directions: its own scale */
        if (g->npanels == before || isnan(link))
            continue;
        link_label(in, link, d == DIR_BIDIR, label, sizeof(label));
        if (fig_hline(g, d == DIR_BIDIR ? 2 * link : link, "link", "link", "right-above", label) <
            0)
            return -1;
    }
    if (g->npanels == 0) /* no copy rows: the folder has other figures */
        return 0;
    if (drawn[1])
        ceiling_title(in, extras[1].title, sizeof(extras[1].title));
    for (int i = 0; i < 2; i++)
        if (drawn[i])
            extra[nextra++] = extras[i];
    return bandwidth_legend(g, in, extra, nextra);
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

/* One block of figure 2: a reuse curve's gbps_median or a reallocate curve's effective. */
static int reuse_block(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c)
{
    const struct plot_row *first = &in->rows[c->first];
    int reuse = first->buffer == BUFFER_REUSE;
    struct fig_style s;
    style_of(&s, first);
    if (fig_block(g, f, &s, reuse ? "copy bandwidth" : "effective bandwidth of the cycle") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        double v = reuse ? first[i].gbps_median : first[i].effective_gbps;
        fprintf(f, "%.0f %.6g\n", first[i].size_bytes, v);
        fig_extend(g, first[i].size_bytes, v);
    }
    return 0;
}

static int reuse_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                       const char *data_dir)
{
    char title[96];
    snprintf(title, sizeof(title), "%s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    if (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), title) < 0)
        return -1;
    FILE *f = fig_panel_create(g, data_dir, "",
                               "size_bytes gbps (reuse: gbps_median; reallocate: "
                               "effective_gbps_median)");
    if (!f)
        return -1;
    int rc = 0;
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++) {
        for (int b = 0; b < BUFFER_COUNT && rc == 0; b++) {
            const struct plot_curve *c = plot_find_curve(in, dir, a, b, api, NULL);
            if (c)
                rc = reuse_block(g, f, in, c);
        }
        struct fig_style s = {schema_value_name(AXIS_ALLOC, a), "reuse",
                              schema_value_name(AXIS_API, api), ""};
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
 * the notes say what solid and dashed lines are.
 */
static int reuse_legend(struct fig *g)
{
    static const struct fig_style notes[] = {
        {"", "reuse", "", "reuse: copy bandwidth"},
        {"", "reallocate", "", "reallocate: bytes ÷ cycle time"},
    };
    struct fig_style entries[FIG_MAX_KEYS];
    size_t n = g->key.n;
    memcpy(entries, g->key.e, n * sizeof(entries[0]));
    qsort(entries, n, sizeof(entries[0]), key_order);
    g->key.n = 0;
    return legend_flow(&g->key, entries, n, 3) < 0 ? -1 : legend_flow(&g->notes, notes, 2, 2);
}

/* Figure 2: reuse copy bandwidth against reallocate effective bandwidth. */
int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    snprintf(g->what, sizeof(g->what), "reuse vs reallocate");
    snprintf(g->y_label, sizeof(g->y_label), "bandwidth (GB/s = 10⁹ B/s)");
    snprintf(g->detail, sizeof(g->detail), "a cycle: alloc + fill + copy + free");
    for (int d = 0; d < DIR_COUNT; d++) {
        int api = compare_api(in, d);
        if (api >= 0 && reuse_panel(g, in, d, api, data_dir) < 0)
            return -1;
    }
    return g->npanels ? reuse_legend(g) : 0;
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

/* One block of the latency figure: a curve's pipelined time per copy or its round trip. */
static int latency_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, double max_bytes, int roundtrip)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    style_of(&s, first);
    s.line = roundtrip ? "roundtrip" : first->api == API_ZEROCOPY ? "zerocopy" : "pipelined";
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
 * ALLOC_COUNT + api the apis) drawn; *roundtrips is set when one is.
 */
static int latency_panel(struct fig *g, const struct plot_input *in, int dir, double max_bytes,
                         const char *data_dir, int seen[], int *roundtrips)
{
    FILE *f = NULL;
    int rc = 0;
    for (size_t c = 0; c < in->ncurves && rc == 0; c++) {
        const struct plot_curve *cv = &in->curves[c];
        const struct plot_row *first = &in->rows[cv->first];
        if (first->dir != dir || latency_count(in, cv, max_bytes) == 0)
            continue;
        if (!f && (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), plot_dir_titles[dir]) < 0 ||
                   !(f = fig_panel_create(g, data_dir, "",
                                          "size_bytes us (pipelined: us_per_copy_median; round "
                                          "trip: roundtrip_us_median)"))))
            return -1;
        seen[first->alloc] = seen[ALLOC_COUNT + first->api] = 1;
        rc = latency_block(g, f, in, cv, max_bytes, 0);
        if (rc == 0 && has_roundtrip(in, cv, max_bytes)) {
            rc = latency_block(g, f, in, cv, max_bytes, 1);
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
static int latency_legend(struct fig *g, const int seen[], int roundtrips)
{
    static const char *const api_titles[API_COUNT] = {
        [API_SYNC] = "sync: cudaMemcpy",
        [API_ASYNC] = "async: cudaMemcpyAsync",
        [API_ZEROCOPY] = "zerocopy: a kernel on the host buffer",
    };
    struct fig_style allocs[ALLOC_COUNT], notes[API_COUNT + 2];
    size_t nallocs = plot_alloc_entries(seen, "pipelined", allocs), napis = 0, nnotes = 0;
    for (int a = 0; a < API_COUNT; a++)
        napis += seen[ALLOC_COUNT + a] != 0;
    for (int a = 0; a < API_COUNT; a++) {
        /* The apis' points when several are drawn; a zero-copy kernel's dash always. */
        if (!seen[ALLOC_COUNT + a] || !api_titles[a] || (napis < 2 && a != API_ZEROCOPY))
            continue;
        notes[nnotes] = (struct fig_style){"", a == API_ZEROCOPY ? "zerocopy" : "pipelined",
                                           schema_value_name(AXIS_API, a)};
        snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s", api_titles[a]);
    }
    notes[nnotes++] = (struct fig_style){"", "pipelined", "", "pipelined: event time ÷ copies"};
    if (roundtrips)
        notes[nnotes++] = (struct fig_style){"", "roundtrip", "",
                                             "round trip: one copy, waited for (host clock)"};
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
        units_format_size_short((uint64_t)max_bytes, size, sizeof(size));
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
    for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++)
        if (latency_panel(g, in, dirs[d], max_bytes, data_dir, seen, &roundtrips) < 0)
            return -1;
    if (g->npanels == 0)
        return 0;
    latency_detail(g, in, seen, max_bytes);
    return latency_legend(g, seen, roundtrips);
}
