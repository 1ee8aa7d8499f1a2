/*
 * fig_compare.c - the compare-bandwidth and compare-ratio figures of a
 * comparison folder (see fig_compare.h and fig_machines.h), and the
 * machines described as their titles and legends name them.
 *
 * Like plot.c, C decides what is drawn and writes it under figures/data/
 * (compare-bandwidth-PANEL.dat, compare-ratio-PANEL.dat and the variables
 * files); plots/compare-bandwidth.gp and plots/compare-ratio.gp draw.  Here
 * a machine is a colour, a dash and a point fill ("machine:N" as colour and
 * line, plots/style.gp's machine palette and machine_dt: solid, dashed,
 * dash-dot ...; filled points for odd N, open for even), so that machines
 * are told apart in grayscale too, and an alloc kind is a point's shape
 * ("machine:N/KIND": square pageable, circle the merged page-locked line,
 * triangles pinned and registered ...).
 */
#include "figures/fig_compare.h"
#include "analysis/link.h"
#include "figures/coincide.h"
#include "figures/kit/legend.h"
#include "analysis/interval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- describing the machines ---- */

/* Does hay contain needle, ignoring case and spaces ("Gen5x16" holds "Gen5 x16")? */
static int says(const char *hay, const char *needle)
{
    char a[256], b[256];
    size_t na = 0, nb = 0;
    for (; *hay && na + 1 < sizeof(a); hay++)
        if (*hay != ' ')
            a[na++] = *hay;
    for (; *needle && nb + 1 < sizeof(b); needle++)
        if (*needle != ' ')
            b[nb++] = *needle;
    a[na] = b[nb] = '\0';
    return strcasestr(a, b) != NULL;
}

/* Machine m's GPU without "NVIDIA ". */
static const char *short_gpu(const struct machine_entry *x)
{
    return strncmp(x->gpu, "NVIDIA ", 7) == 0 ? x->gpu + 7 : x->gpu;
}

/* Has machine m a link name worth saying ("Gen5 x16", not "unknown")? */
static int link_known(const struct machine_entry *x)
{
    return x->pcie[0] && strcmp(x->pcie, "unknown") != 0;
}

void cmp_describe_machines(struct cmp_input *in)
{
    const struct machine_entry *a = &in->m[0];
    in->one_machine = in->nm > 1 && (a->gpu[0] || a->host[0]);
    for (size_t k = 1; k < in->nm && in->one_machine; k++)
        in->one_machine = !strcmp(a->gpu, in->m[k].gpu) && !strcmp(a->pcie, in->m[k].pcie) &&
                          !strcmp(a->host, in->m[k].host);
    if (!in->one_machine)
        return;
    in->one_gpu = a->uuid[0] && strcmp(a->uuid, "unknown") != 0;
    for (size_t k = 1; k < in->nm && in->one_gpu; k++)
        in->one_gpu = !strcmp(a->uuid, in->m[k].uuid);
    snprintf(in->described, sizeof(in->described), "%.60s%s%s%.40s%s%.60s", short_gpu(a),
             link_known(a) && a->gpu[0] ? ", " : "", link_known(a) ? "PCIe " : "",
             link_known(a) ? a->pcie : "", a->host[0] ? ", " : "", a->host);
}

/*
 * What the legend calls machine m: its label, then what it does not say of
 * GPU and link (unless every machine is the same one: the title says it);
 * fill: how its points are drawn, when machines are told apart by it.
 */
static void machine_title(const struct cmp_input *in, size_t m, int fill, char *buf, size_t n)
{
    const struct machine_entry *x = &in->m[m];
    const char *gpu = short_gpu(x);
    char extra[200] = "";
    size_t len = 0;
    if (gpu[0] && !says(x->label, gpu) && !in->one_machine)
        len += (size_t)snprintf(extra + len, sizeof(extra) - len, "%s", gpu);
    if (link_known(x) && !says(x->label, x->pcie) && !in->one_machine && len < sizeof(extra))
        snprintf(extra + len, sizeof(extra) - len, "%sPCIe %s", len ? ", " : "", x->pcie);
    snprintf(buf, n, "%.50s%s%.50s%s%s%s", x->label, extra[0] ? " (" : "", extra,
             extra[0] ? ")" : "", m == 0 ? " — baseline" : "",
             !fill   ? ""
             : m % 2 ? ": open points"
                     : ": filled points");
}

/* ---- the figures ---- */

/* Has machine m rows of direction dir and api (with a ratio, when ratio is set)? */
static int machine_has(const struct cmp_input *in, size_t m, int dir, int api, int ratio)
{
    for (size_t i = 0; i < in->nrows; i++) {
        const struct compare_entry *r = &in->rows[i];
        if (r->machine == m && r->dir == dir && r->api == api && (!ratio || isfinite(r->ratio)))
            return 1;
    }
    return 0;
}

/*
 * The api of direction dir's panel: the one the most machines have rows of
 * (sync when as many have both); -1 when no machine has dir.
 */
static int panel_api(const struct cmp_input *in, int dir, int ratio)
{
    int best = -1;
    size_t most = 0;
    for (int api = 0; api < API_COUNT; api++) {
        size_t n = 0;
        for (size_t m = ratio ? 1 : 0; m < in->nm; m++)
            n += machine_has(in, m, dir, api, ratio);
        if (n > most) {
            most = n;
            best = api;
        }
    }
    return best;
}

/* The panel's title: direction, then the api drawn. */
static void panel_title(int dir, int api, char *buf, size_t n)
{
    static const char *const dirs[DIR_COUNT] = {
        [DIR_H2D] = "host → device",
        [DIR_D2H] = "device → host",
        [DIR_BIDIR] = "bidirectional (sum)",
    };
    snprintf(buf, n, "%s, %s", dirs[dir], schema_value_name(AXIS_API, api));
}

/* The group of machine m's curves in direction dir's panel (coincide.h). */
static int cmp_group(const struct cmp_input *in, int dir, size_t m)
{
    return dir * (int)in->nm + (int)m;
}

/* Row r's value (gbps or the ratio) and its bars: its interval (compare.csv's). */
static double cmp_value(const struct compare_entry *r, int ratio, double *lo, double *hi)
{
    /* the interval (compare.csv's, analysis/interval.h); where the ratio's does not reach 1,
       the difference is significant */
    double y = ratio ? r->ratio : r->gbps;
    *lo = ratio ? r->ratio_lo : r->gbps_lo;
    *hi = ratio ? r->ratio_hi : r->gbps_hi;
    *lo = isnan(*lo) ? y : *lo;
    *hi = isnan(*hi) ? y : *hi;
    return y;
}

/*
 * Does r's bar end at its machine's link's raw rate (twice it for bidir):
 * compare.csv's gbps_hi capped there (analysis/interval.h)?
 */
static int cmp_capped(const struct cmp_input *in, const struct compare_entry *r)
{
    double link = link_raw_gbps(in->m[r->machine].link_gbps, r->dir);
    return link > 0 && fabs(r->gbps_hi - link) <= 1e-5 * link;
}

/*
 * The curves of every page-locked kind of every machine, each panel's
 * (direction, its api) as series of the group of its machine there, and
 * those that coincide: one scope, so that a kind apart on one machine is
 * apart on all.  -1 when out of memory.
 */
static int cmp_merge(struct co_list *co, const struct cmp_input *in, int ratio)
{
    double *v = malloc(4 * (in->nrows ? in->nrows : 1) * sizeof(*v));
    if (!v)
        return -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        int api = panel_api(in, d, ratio);
        for (size_t i = 0, j; i < in->nrows && api >= 0; i = j) {
            const struct compare_entry *r = &in->rows[i];
            size_t n = 0;
            for (j = i;
                 j < in->nrows && in->rows[j].dir == r->dir && in->rows[j].machine == r->machine &&
                 in->rows[j].alloc == r->alloc && in->rows[j].api == r->api;
                 j++) {
                double lo, hi, y = cmp_value(&in->rows[j], ratio, &lo, &hi);
                if (!isfinite(y))
                    continue;
                v[n] = in->rows[j].size_bytes;
                v[in->nrows + n] = y;
                v[2 * in->nrows + n] = lo;
                v[3 * in->nrows + n++] = hi;
            }
            if (r->dir != d || r->api != api || r->alloc == ALLOC_PAGEABLE || n < 2 ||
                (ratio && r->machine == 0))
                continue;
            if (coincide_add(co, r->alloc, cmp_group(in, d, r->machine), in->m[r->machine].label,
                             r->alloc, n, v, v + in->nrows, v + 2 * in->nrows,
                             v + 3 * in->nrows) < 0) {
                free(v);
                return -1;
            }
        }
    }
    free(v);
    /* a ratio carries the noise of two runs: the wider tolerance */
    coincide_list_find(co, ratio ? COINCIDE_TOLERANCE_TIME : COINCIDE_TOLERANCE,
                       COINCIDE_MIN_MEMBERS);
    return 0;
}

/* What a figure drew, for its legend. */
struct cmp_seen {
    int *m;         /* each machine: drawn */
    int a[CMP_PTS]; /* each point (cmp_input.pt): 1 + the first machine drawn with it; 0: none */
    /* each machine: the n of its drawn bars, by basis (compare_basis) */
    double (*n_lo)[3], (*n_hi)[3];
    int any_bars;  /* some drawn point has an interval */
    int apart;     /* compare-ratio: a merged kind's point drawn apart */
    size_t capped; /* compare-bandwidth: bars drawn to a link's raw rate */
};

/* Point a of machine m is drawn: remember the first machine with it (its legend sample). */
static void seen_point(struct cmp_seen *seen, size_t m, int a)
{
    seen->m[m] = 1;
    if (!seen->a[a])
        seen->a[a] = (int)m + 1;
}

/* Row r (of machine m) has a value drawn: what its interval stands on. */
static void seen_basis(struct cmp_seen *seen, const struct compare_entry *r, size_t m)
{
    if (r->basis == COMPARE_BASIS_NONE || !isfinite(r->interval_n))
        return;
    seen->n_lo[m][r->basis] = fmin(seen->n_lo[m][r->basis], r->interval_n);
    seen->n_hi[m][r->basis] = fmax(seen->n_hi[m][r->basis], r->interval_n);
}

/*
 * The kinds of a panel: compare-bandwidth draws every kind in a panel per
 * direction (CMP_ALL); compare-ratio draws pageable and the page-locked
 * kinds in panels of their own, one above the other, each on an axis its
 * values choose (pageable differs by tens of percent, page-locked kinds by
 * a few).
 */
enum { CMP_ALL = -1, CMP_PAGEABLE, CMP_LOCKED, CMP_GROUPS };

/* Is row r in the panel of direction dir, api and group grp? */
static int in_panel(const struct compare_entry *r, int dir, int api, int grp)
{
    return r->dir == dir && r->api == api &&
           (grp == CMP_ALL || (r->alloc == ALLOC_PAGEABLE) == (grp == CMP_PAGEABLE));
}

/* Has the panel of dir, api and grp a value to draw (a ratio of a machine past the baseline)? */
static int panel_has(const struct cmp_input *in, int dir, int api, int grp, int ratio)
{
    for (size_t i = 0; i < in->nrows; i++) {
        const struct compare_entry *r = &in->rows[i];
        if (in_panel(r, dir, api, grp) && (!ratio || (r->machine > 0 && isfinite(r->ratio))))
            return 1;
    }
    return 0;
}

static int by_kind_then_size(const void *pa, const void *pb)
{
    const struct compare_entry *a = *(const struct compare_entry *const *)pa,
                               *b = *(const struct compare_entry *const *)pb;
    if (a->alloc != b->alloc)
        return a->alloc - b->alloc;
    return (a->size_bytes > b->size_bytes) - (a->size_bytes < b->size_bytes);
}

/*
 * compare-ratio: the members of machine m's merged line whose own ratio is
 * significant at a size (compare.csv's significant), drawn apart as points
 * with their own bars, each in its kind's own point shape (a block per
 * kind; the notes give each shape its kind), so that the figure shows
 * every significant difference compare.md lists.  Returns how many
 * points, or -1.
 */
static int cmp_apart(struct fig *g, FILE *f, const struct cmp_input *in, const struct co_list *co,
                     int dir, int api, size_t m, struct cmp_seen *seen)
{
    const struct compare_entry **hit = calloc(in->nrows ? in->nrows : 1, sizeof(*hit));
    size_t n = 0;
    if (!hit)
        return -1;
    for (size_t i = 0; i < in->nrows; i++) {
        const struct compare_entry *r = &in->rows[i];
        if (r->machine == m && in_panel(r, dir, api, CMP_ALL) && r->significant == 1 &&
            isfinite(r->ratio) && coincide_member(co, cmp_group(in, dir, m), r->alloc))
            hit[n++] = r;
    }
    qsort(hit, n, sizeof(*hit), by_kind_then_size);
    int rc = (int)n;
    for (size_t i = 0; rc > 0 && i < n; i++) {
        if (i == 0 || hit[i - 1]->alloc != hit[i]->alloc) {
            struct fig_style s = {in->color[m], in->color[m], in->pt[m][hit[i]->alloc], ""};
            if (fig_block(g, f, &s,
                          "points apart: a member of the merged line whose own ratio is "
                          "significant") < 0)
                rc = -1;
            seen_point(seen, m, hit[i]->alloc);
            seen->apart = 1;
        }
        double lo, hi, y = cmp_value(hit[i], 1, &lo, &hi);
        /* (a blank line after each: points alone, no line between them) */
        fprintf(f, "%.0f %.6g %.6g %.6g\n\n", hit[i]->size_bytes, y, lo, hi);
        fig_extend(g, hit[i]->size_bytes, y);
    }
    free(hit);
    return rc;
}

/*
 * Has a row before rows[i] of its machine, direction, api and size a capped
 * bar in its machine's merged line?  (The line's bar there, the members'
 * envelope, ends at the raw rate once: counted for the first.)
 */
static int merged_capped_before(const struct cmp_input *in, const struct co_list *co, size_t i)
{
    const struct compare_entry *r = &in->rows[i];
    for (size_t j = 0; j < i; j++) {
        const struct compare_entry *q = &in->rows[j];
        if (q->machine == r->machine && q->dir == r->dir && q->api == r->api &&
            q->size_bytes == r->size_bytes && cmp_capped(in, q) &&
            coincide_member(co, cmp_group(in, q->dir, q->machine), q->alloc))
            return 1;
    }
    return 0;
}

/*
 * The blocks of one panel: for every machine from first_machine, every
 * alloc kind's rows of dir and api (gbps or the ratio, with their
 * intervals), but those that coincide with others of their machine (one
 * merged line each, after the others); in compare-ratio, the merged lines'
 * significant members apart.  seen gathers what is drawn.  The y range
 * holds the values and, in compare-bandwidth, their bars; a ratio's bars
 * may run off its axis, which the values choose (never a bar).
 */
static int cmp_blocks(struct fig *g, FILE *f, const struct cmp_input *in, const struct co_list *co,
                      int dir, int api, int grp, int ratio, struct cmp_seen *seen)
{
    const struct compare_entry *prev = NULL;
    size_t p = g->npanels - 1;
    for (size_t i = 0; i < in->nrows; i++) {
        const struct compare_entry *r = &in->rows[i];
        double y = ratio ? r->ratio : r->gbps;
        if (!in_panel(r, dir, api, grp) || (ratio && r->machine == 0) || !isfinite(y))
            continue;
        seen_basis(seen, r, r->machine);
        if (ratio) /* the baseline's side of the ratio */
            for (size_t b = 0; b < in->nrows; b++)
                if (in->rows[b].machine == 0 && in->rows[b].alloc == r->alloc &&
                    in_panel(&in->rows[b], dir, api, grp) &&
                    in->rows[b].size_bytes == r->size_bytes)
                    seen_basis(seen, &in->rows[b], 0);
        if (coincide_member(co, cmp_group(in, dir, r->machine), r->alloc)) {
            /* drawn in its machine's merged line, whose bar at a size is counted once */
            seen->capped += !ratio && cmp_capped(in, r) && !merged_capped_before(in, co, i);
            continue;
        }
        if (!prev || prev->machine != r->machine || prev->alloc != r->alloc) {
            struct fig_style s = {in->color[r->machine], in->color[r->machine],
                                  in->pt[r->machine][r->alloc], ""};
            if (fig_block(g, f, &s, ratio ? "ratio to the baseline" : "copy bandwidth") < 0)
                return -1;
            seen_point(seen, r->machine, r->alloc);
        }
        prev = r;
        double lo, hi;
        cmp_value(r, ratio, &lo, &hi);
        seen->any_bars |= lo < hi;
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, y, lo, hi);
        fig_extend(g, r->size_bytes, y); /* the axis holds the values, never a bar */
        seen->capped += !ratio && cmp_capped(in, r);
    }
    for (size_t m = ratio ? 1 : 0; m < in->nm && grp != CMP_PAGEABLE; m++) {
        struct fig_style s = {in->color[m], in->color[m], in->pt[m][CMP_PT_MERGED], ""};
        double y0 = g->y_min[p], y1 = g->y_max[p];
        /* a ratio's merged line has no bars: every member's interval holds 1 there, or the
           member is drawn apart (cmp_apart); the envelope of six would hide both */
        int rc = coincide_block(g, f, co->s, co->n, cmp_group(in, dir, m), &s, ratio ? 3 : 2);
        if (rc < 0)
            return -1;
        if (rc == 0)
            continue;
        seen_point(seen, m, CMP_PT_MERGED);
        if (ratio) { /* the members' median chooses the axis, not their bars */
            g->y_min[p] = y0;
            g->y_max[p] = y1;
            for (size_t i = 0, n = coincide_points(co->s, co->n, cmp_group(in, dir, m)); i < n;
                 i++) {
                double x, med, lo, hi;
                coincide_at(co->s, co->n, cmp_group(in, dir, m), i, &x, &med, &lo, &hi);
                fig_extend(g, x, med);
            }
            if (cmp_apart(g, f, in, co, dir, api, m, seen) < 0)
                return -1;
        }
    }
    return 0;
}

/* Each machine's PCIe link in the current panel (direction dir) in its colour (fig_link_lines). */
static int link_lines(struct fig *g, const struct cmp_input *in, int dir, const int seen_m[],
                      int *links)
{
    double *link = calloc(in->nm ? in->nm : 1, sizeof(*link));
    const char **color = calloc(in->nm ? in->nm : 1, sizeof(*color));
    const char **name = calloc(in->nm ? in->nm : 1, sizeof(*name));
    int rc = -1;
    if (link && color && name) {
        for (size_t m = 0; m < in->nm; m++) {
            const struct machine_entry *x = &in->m[m];
            link[m] = link_raw_gbps(x->link_gbps, dir);
            color[m] = in->color[m];
            name[m] = link_known(x) ? x->pcie : "link";
        }
        rc = fig_link_lines(g, in->nm, link, color, name, seen_m, dir == DIR_BIDIR, links);
    }
    free(link);
    free(color);
    free(name);
    return rc;
}

/* "another round's median (3 rounds)", "another sample (n = 10, one round)": machine m's bars. */
static void basis_words(const struct cmp_seen *seen, size_t m, char *buf, size_t n)
{
    static const char *const of[3] = {"", "another round's median", "another sample"};
    size_t len = 0;
    buf[0] = '\0';
    for (int b = COMPARE_BASIS_ROUNDS; b <= COMPARE_BASIS_SAMPLES && len < n; b++) {
        double lo = seen->n_lo[m][b], hi = seen->n_hi[m][b];
        char count[48];
        if (!(lo <= hi))
            continue;
        if (lo == hi)
            snprintf(count, sizeof(count), "%.0f", lo);
        else
            snprintf(count, sizeof(count), "%.0f–%.0f", lo, hi);
        if (b == COMPARE_BASIS_ROUNDS)
            len += (size_t)snprintf(buf + len, n - len, "%s%s (%s rounds)", len ? " or " : "",
                                    of[b], count);
        else
            len += (size_t)snprintf(buf + len, n - len, "%s%s (n = %s, one round)",
                                    len ? " or " : "", of[b], count);
    }
}

/*
 * The notes that say what the bars are: one when every machine's bars
 * stand on the same values, else one per machine drawn (and the baseline,
 * whose medians a ratio divides by), so that bars of 3 rounds are not
 * taken for bars of 10 samples of one round.  In compare-ratio the first
 * note says what a ratio's bar is and that one missing 1 is significant.
 * Returns how many notes.
 */
static size_t bars_notes(const struct cmp_input *in, const struct cmp_seen *seen, int ratio,
                         struct fig_style *out, size_t max)
{
    char words[160], first[160] = "";
    size_t n = 0, said = 0;
    int alike = 1;
    for (size_t m = 0; m < in->nm; m++) {
        if (!seen->m[m] && !(ratio && m == 0))
            continue;
        basis_words(seen, m, words, sizeof(words));
        if (!words[0])
            continue;
        if (said++ == 0)
            snprintf(first, sizeof(first), "%s", words);
        else
            alike &= strcmp(first, words) == 0;
    }
    char cap[64] = "";
    if (seen->capped)
        snprintf(cap, sizeof(cap), "; %zu end%s at the raw rate", seen->capped,
                 seen->capped == 1 ? "s" : "");
    /* the caption adds how the interval is computed (analysis/interval.h) */
    out[n] = (struct fig_style){"-", "", "", "", INTERVAL_NOTE_SAID};
    if (!seen->any_bars)
        snprintf(out[n++].title, sizeof(out[0].title), "no bars: compare.csv has no intervals");
    else if (ratio)
        snprintf(out[n++].title, sizeof(out[0].title),
                 "bars: the ratio's 95 %% prediction interval (its medians' intervals%s%s in "
                 "quadrature); missing 1: significant",
                 said && alike ? ", each of " : "", said && alike ? first : "");
    else if (!said || alike)
        snprintf(out[n++].title, sizeof(out[0].title), "bars: 95 %% prediction interval of %s%s",
                 said ? first : "each median", cap);
    for (size_t m = 0; seen->any_bars && said && !alike && m < in->nm && n < max; m++) {
        if (!seen->m[m] && !(ratio && m == 0))
            continue;
        basis_words(seen, m, words, sizeof(words));
        out[n] = (struct fig_style){"-", "", "", "", INTERVAL_NOTE_SAID};
        snprintf(out[n++].title, sizeof(out[0].title),
                 "bars: %.45s%s: 95 %% prediction interval of %.60s", in->m[m].label,
                 ratio ? "'s medians" : "", words[0] ? words : "each median");
    }
    if (seen->capped && said && !alike && n < max) {
        out[n] = (struct fig_style){"-", "", "", ""};
        snprintf(out[n++].title, sizeof(out[0].title), "%s", cap + 2);
    }
    return n;
}

/*
 * The legend: the machines drawn (colour and dash; how their points are
 * filled), then in the notes each alloc kind's point shape (the first
 * machine drawn with it as the sample), the merged lines, the points drawn
 * apart, what a thin line is (links, in compare-bandwidth; in
 * compare-ratio, the line at 1) and what the bars are.
 */
static int cmp_legend(struct fig *g, const struct cmp_input *in, const struct co_list *co,
                      const struct cmp_seen *seen, int links, int ratio)
{
    struct fig_style keys[FIG_MAX_KEYS], notes[CMP_PTS + 8 + COINCIDE_SCOPES];
    size_t nkeys = 0, nnotes = 0, drawn = 0;
    for (size_t m = 0; m < in->nm; m++)
        drawn += seen->m[m] != 0;
    for (size_t m = 0; m < in->nm && nkeys + 1 < FIG_MAX_KEYS; m++)
        if (seen->m[m]) {
            keys[nkeys] = (struct fig_style){in->color[m], in->color[m], ""};
            machine_title(in, m, drawn > 1, keys[nkeys].title, sizeof(keys[0].title));
            nkeys++;
        }
    if (ratio) /* the line at 1, among the machines: it is the baseline's place */
        keys[nkeys++] = (struct fig_style){"", "guide", "", "1: as fast as the baseline"};
    for (int a = 0; a < ALLOC_COUNT; a++)
        if (seen->a[a]) {
            size_t m = (size_t)seen->a[a] - 1;
            notes[nnotes] = (struct fig_style){"", in->color[m], in->pt[m][a]};
            snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s",
                     schema_value_name(AXIS_ALLOC, a));
        }
    size_t nmerged = 0;
    if (seen->a[CMP_PT_MERGED]) {
        size_t m = (size_t)seen->a[CMP_PT_MERGED] - 1;
        struct fig_style merged = {"", in->color[m], in->pt[m][CMP_PT_MERGED], ""};
        nmerged = coincide_keys(co->s, co->n, &merged, 0, notes + nnotes, COINCIDE_SCOPES);
        nnotes += nmerged;
    }
    if (seen->apart)
        notes[nnotes++] =
            (struct fig_style){"-", "", "",
                               "a point off a merged line: that kind's own ratio, significant there"
                               ""};
    if (nmerged && ratio) {
        notes[nnotes] = (struct fig_style){"-", "", "", ""};
        snprintf(notes[nnotes++].title, sizeof(notes[0].title),
                 "a merged line: its members' median ratio, without bars as their intervals "
                 "differ; each holds 1%s",
                 seen->apart ? " but those drawn apart" : "");
    } else if (nmerged)
        notes[nnotes++] = (struct fig_style){
            "-", "", "", "a merged line's bars: its members' lowest to highest end"};
    if (links)
        notes[nnotes++] = (struct fig_style){"", "link", "", "thin: PCIe link, raw rate"};
    if (ratio && seen->any_bars)
        notes[nnotes++] = (struct fig_style){
            "-", "", "", "each row of panels has the axis its values need; a bar may run past it"};
    nnotes += bars_notes(in, seen, ratio, notes + nnotes, 8);
    if (legend_flow(&g->key, keys, nkeys, 2) < 0)
        return -1;
    /* a merged line's entry names its kinds: one column, or the page grows */
    return legend_flow(&g->notes, notes, nnotes, nmerged ? 1 : 4);
}

/*
 * The panel of direction dir (api as chosen) and group grp of
 * compare-bandwidth (ratio 0) or compare-ratio (1): its curves, and the
 * links or the line at 1.  seen gathers what is drawn.
 */
static int cmp_panel(struct fig *g, const struct cmp_input *in, const struct co_list *co, int dir,
                     int api, int grp, int ratio, const char *data_dir, struct cmp_seen *seen,
                     int *links)
{
    char title[128], tag[64];
    FILE *f = NULL;
    int *all_m = seen->m, *panel_m = calloc(in->nm, sizeof(int)), rc = -1;
    panel_title(dir, api, title, sizeof(title));
    snprintf(tag, sizeof(tag), "%s%s", schema_value_name(AXIS_DIRECTION, dir),
             grp == CMP_ALL        ? ""
             : grp == CMP_PAGEABLE ? "-pageable"
                                   : "-page-locked");
    if (grp != CMP_ALL && strlen(title) < sizeof(title) - 24)
        strcat(title, grp == CMP_PAGEABLE ? ": pageable" : ": page-locked kinds");
    if (!panel_m || fig_panel(g, tag, title) < 0 ||
        !(f = fig_panel_create(g, data_dir, "",
                               ratio ? "size_bytes ratio (gbps_median / the baseline's) ratio_lo "
                                       "ratio_hi (its interval)"
                                     : "size_bytes gbps_median gbps_lo gbps_hi (its interval)")))
        goto out;
    if ((dir == DIR_BIDIR && !ratio) || grp == CMP_LOCKED)
        fig_own_y(g); /* a sum of two directions; page-locked ratios: scales of their own */
    seen->m = panel_m;
    rc = cmp_blocks(g, f, in, co, dir, api, grp, ratio, seen);
    seen->m = all_m;
    if (rc == 0 && !ratio)
        rc = link_lines(g, in, dir, panel_m, links);
    if (rc == 0 && ratio) /* (explained in the legend: data lie on either side of it) */
        rc = fig_hline(g, 1, "", "guide", "right-above", "");
    for (size_t m = 0; m < in->nm; m++)
        seen->m[m] |= panel_m[m];
out:
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    free(panel_m);
    return rc;
}

/* The panels of own y (page-locked ratios) share one range: the extent of all of them. */
static void share_own_y(struct fig *g)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t p = 0; p < g->npanels; p++)
        if (g->own_y[p]) {
            lo = fmin(lo, g->y_min[p]);
            hi = fmax(hi, g->y_max[p]);
        }
    for (size_t p = 0; p < g->npanels; p++)
        if (g->own_y[p]) {
            g->y_min[p] = lo;
            g->y_max[p] = hi;
        }
}

/* compare-bandwidth or compare-ratio (see fig_compare.h). */
int fig_compare(struct fig *g, const struct cmp_input *in, const char *data_dir, int ratio)
{
    size_t nm = in->nm ? in->nm : 1;
    struct cmp_seen seen = {calloc(nm, sizeof(int)),
                            {0},
                            calloc(nm, sizeof(*seen.n_lo)),
                            calloc(nm, sizeof(*seen.n_hi)),
                            0};
    int links = 0, rc = 0;
    struct co_list co = {0};
    if (!seen.m || !seen.n_lo || !seen.n_hi || cmp_merge(&co, in, ratio) < 0)
        rc = -1;
    for (size_t m = 0; rc == 0 && m < nm; m++)
        for (int b = 0; b < 3; b++) {
            seen.n_lo[m][b] = INFINITY;
            seen.n_hi[m][b] = -INFINITY;
        }
    for (int grp = ratio ? 0 : CMP_ALL; grp < (ratio ? CMP_GROUPS : 0) && rc == 0; grp++)
        for (int d = 0; d < DIR_COUNT && rc == 0; d++) {
            int api = panel_api(in, d, ratio);
            if (api >= 0 && panel_has(in, d, api, grp, ratio))
                rc = cmp_panel(g, in, &co, d, api, grp, ratio, data_dir, &seen, &links);
        }
    if (ratio)
        share_own_y(g);
    if (rc == 0 && g->npanels)
        rc = cmp_legend(g, in, &co, &seen, links, ratio);
    coincide_list_free(&co);
    free(seen.m);
    free(seen.n_lo);
    free(seen.n_hi);
    return rc;
}
