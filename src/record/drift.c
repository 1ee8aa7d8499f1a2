/*
 * drift.c - the sentinel's drift and its off windows (drift.h).
 */
#include "record/drift.h"
#include "base/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double drift_offset_pct(const struct drift *d, double gbps)
{
    if (isnan(gbps) || !(d->median_gbps > 0))
        return NAN;
    return 100.0 * (gbps / d->median_gbps - 1);
}

/* r[i] is good and off the median by more than the threshold: its signed offset (%), else NaN. */
static double off_pct(const struct drift *d, const struct drift_reading *r)
{
    double pct = drift_offset_pct(d, r->gbps);
    return fabs(pct) > d->threshold_pct ? pct : NAN;
}

int drift_off(const struct drift *d, double gbps)
{
    return fabs(drift_offset_pct(d, gbps)) > d->threshold_pct;
}

/*
 * The readings' noise (see drift.h): a robust sd of one reading, % of the
 * median, from the differences of successive good readings that are both
 * within limit_pct of the median (INFINITY: all).  0 with fewer than two such
 * differences.  diff has room for n.
 */
static double noise_of(const struct drift *d, const struct drift_reading *r, size_t n,
                       double limit_pct, double *diff)
{
    size_t m = 0;
    for (size_t i = 0, prev = n; i < n; i++) {
        if (isnan(r[i].gbps) || r[i].repair)
            continue;
        if (prev < n && fabs(drift_offset_pct(d, r[prev].gbps)) <= limit_pct &&
            fabs(drift_offset_pct(d, r[i].gbps)) <= limit_pct)
            diff[m++] = 100.0 * (r[i].gbps - r[prev].gbps) / d->median_gbps;
        prev = i;
    }
    if (m < 2)
        return 0;
    double centre = stats_median(diff, m);
    for (size_t i = 0; i < m; i++)
        diff[i] = fabs(diff[i] - centre);
    return 1.4826 * stats_median(diff, m) / sqrt(2.0);
}

/* threshold_pct from the noise, in two passes (drift.h). */
static void judge_noise(struct drift *d, const struct drift_reading *r, size_t n, double k,
                        double *diff)
{
    d->threshold_pct = d->floor_pct;
    if (!(k > 0) || d->basis < 3 || !(d->median_gbps > 0))
        return;
    d->noise_pct = noise_of(d, r, n, INFINITY, diff);
    double first = fmax(d->floor_pct, k * d->noise_pct);
    d->noise_pct = noise_of(d, r, n, first, diff);
    d->threshold_pct = fmax(d->floor_pct, k * d->noise_pct);
}

/* The time of the good reading before i (direction -1) or after it (+1); r[i]'s own if none. */
static double good_neighbour(const struct drift *d, const struct drift_reading *r, size_t n,
                             size_t i, int direction)
{
    for (size_t k = i; direction < 0 ? k-- > 0 : ++k < n;)
        if (!isnan(r[k].gbps) && isnan(off_pct(d, &r[k])))
            return r[k].time_s;
    return r[i].time_s;
}

int drift_analyse(const struct drift_reading *r, size_t n, double floor_pct, double k,
                  struct drift *out)
{
    struct stats st;
    double *g = malloc((n ? n : 1) * sizeof(*g));
    memset(out, 0, sizeof(*out));
    out->floor_pct = out->threshold_pct = floor_pct;
    out->windows = malloc((n ? n : 1) * sizeof(*out->windows));
    if (!g || !out->windows) {
        free(g);
        drift_free(out);
        return -1;
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        out->ok += !isnan(r[i].gbps);
        if (!r[i].repair)
            g[m++] = r[i].gbps;
    }
    out->readings = n;
    if (stats_compute(g, m, &st) < 0) {
        free(g);
        drift_free(out);
        return -1;
    }
    out->median_gbps = st.median;
    out->min_gbps = st.min;
    out->max_gbps = st.max;
    out->basis = st.n;
    out->drift_pct = out->basis >= 2 ? 100.0 * (st.max / st.min - 1) : NAN;
    judge_noise(out, r, n, k, g);
    free(g);
    for (size_t i = 0; i < n; i++) {
        if (isnan(off_pct(out, &r[i])))
            continue;
        size_t j = i; /* the run of off readings i..j (failed readings inside it do not end it) */
        double worst = off_pct(out, &r[i]);
        while (j + 1 < n && (isnan(r[j + 1].gbps) || !isnan(off_pct(out, &r[j + 1])))) {
            double p = off_pct(out, &r[++j]);
            if (!isnan(p) && fabs(p) > fabs(worst))
                worst = p;
        }
        out->windows[out->nwindows++] = (struct drift_window){
            good_neighbour(out, r, n, i, -1), good_neighbour(out, r, n, j, +1), worst};
        i = j;
    }
    return 0;
}

static int overlaps(const struct drift_window *w, const struct drift_span *s)
{
    return s->from_s < w->to_s && s->to_s > w->from_s;
}

const struct drift_window *drift_disturbed(const struct drift *d, const struct drift_span *s)
{
    for (size_t i = 0; i < d->nwindows; i++)
        if (overlaps(&d->windows[i], s))
            return &d->windows[i];
    return NULL;
}

double drift_depth(const struct drift *d, const struct drift_span *s)
{
    double depth = 0;
    for (size_t i = 0; i < d->nwindows; i++)
        if (overlaps(&d->windows[i], s) && fabs(d->windows[i].worst_pct) > depth)
            depth = fabs(d->windows[i].worst_pct);
    return depth;
}

size_t drift_episode_end(const struct drift *d, size_t first, double gap_s)
{
    size_t end = first + 1;
    while (end < d->nwindows && d->windows[end].from_s - d->windows[end - 1].to_s <= gap_s)
        end++;
    return end;
}

void drift_repair_free(struct drift_repair *r)
{
    free(r->disturbed);
    free(r->repaired);
    free(r->unclean);
    free(r->left);
    free(r->disagreed);
    memset(r, 0, sizeof(*r));
}

void drift_free(struct drift *d)
{
    free(d->windows);
    d->windows = NULL;
    d->nwindows = 0;
}
