/*
 * fig_bandwidth_plan.c - what the bandwidth figure and its reading share
 * (see fig_bandwidth_plan.h): its curves, panels and bands, and a curve's
 * fits.
 */
#include "figures/fig_bandwidth_plan.h"
#include "figures/curves.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int bw_drawn_curve(const struct plot_input *in, const struct plot_curve *c)
{
    return in->rows[c->first].buffer != BUFFER_REALLOCATE;
}

int bw_in_panel(const struct plot_input *in, const struct plot_curve *c, int dir, int grp)
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

void bw_plan_free(struct bw_plan *p)
{
    free(p->band);
    free(p->band_curve);
    free(p->values);
}

int bw_is_member(const struct bw_plan *p, size_t c)
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
            iv.capped = iv.capped && !bw_is_member(p, c);
            interval_tally_add(&p->tally, &iv);
        }
    }
}

int bw_plan_make(struct bw_plan *p, const struct plot_input *in)
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

const struct fit_row *bw_find_fit(const struct plot_input *in, const struct plot_row *r, int regime)
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
