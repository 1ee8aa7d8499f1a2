/*
 * fig_bandwidth_reading.c - the bandwidth figure's reading (see
 * fig_bandwidth_plan.h): its curves' shapes, its bands as drawn, the
 * zero-copy kernels that fall, the kinds drawn at one placement only, and
 * what the fits and the host memcpy rows say (fig_bandwidth_findings).
 */
#include "figures/fig_bandwidth.h"
#include "figures/fig_bandwidth_plan.h"
#include "figures/curves.h"
#include "analysis/fit.h"
#include "base/units.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

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
        const struct fit_row *fit = bw_find_fit(in, first, FIT_ALL);
        const struct fit_row *regime[2] = {bw_find_fit(in, first, FIT_IN_CACHE),
                                           bw_find_fit(in, first, FIT_BEYOND_CACHE)};
        char name[128];
        /* a curve drawn alone, in any host state; one of too few sizes for a fit is not
           "unfit" */
        if (first->buffer != BUFFER_REUSE || !bw_drawn_curve(in, &in->curves[c]) ||
            bw_is_member(&p, c) || !fit || fit_describes(fit) || fit->points < FIT_MIN_POINTS)
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
            if (bw_is_member(p, (size_t)(c - in->curves))) {
                if (!banded[g]++)
                    read_band(t, p, g, d);
                continue;
            }
            snprintf(what, sizeof(what), "%s %s", reading_kind_dir(a, d),
                     schema_value_name(AXIS_API, api));
            reading_curve(t, in, c, what, a != ALLOC_PAGEABLE);
        }
}

void bw_read(struct reading *t, const struct plot_input *in)
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
