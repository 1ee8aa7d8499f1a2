/*
 * fig_sentinel.c - the drift sentinel over time (fig_sentinel.h).
 */
#include "figures/fig_sentinel.h"
#include "figures/figdef.h"
#include "figures/sentinel_view.h"
#include "figures/tables.h"
#include "figures/kit/legend.h"
#include "analysis/interval.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* v as a percentage off median m. */
static double off_median(double v, double m)
{
    return 100.0 * (v / m - 1);
}

/*
 * The readings' style: the sentinel copy's kind, buffer and api as
 * meta.yaml names them ("pinned h2d reuse sync 64MiB"); dark grey, solid,
 * no point where it does not say.
 */
static struct fig_style copy_style(const struct sentinel_view *v)
{
    struct fig_style s = {"", "reuse", "", ""};
    char words[sizeof(v->copy)], *save = NULL;
    snprintf(words, sizeof(words), "%s", v->copy);
    for (char *w = strtok_r(words, " ,()", &save); w; w = strtok_r(NULL, " ,()", &save)) {
        int k;
        if ((k = schema_value_find(AXIS_ALLOC, w)) >= 0)
            s.color = schema_value_name(AXIS_ALLOC, k);
        else if ((k = schema_value_find(AXIS_BUFFER, w)) >= 0)
            s.line = schema_value_name(AXIS_BUFFER, k);
        else if ((k = schema_value_find(AXIS_API, w)) >= 0)
            s.point = schema_value_name(AXIS_API, k);
    }
    return s;
}

/* The panel's title: the sentinel copy, without "(automatic)", when it is short enough. */
static void copy_title(const struct sentinel_view *v, char *buf, size_t n)
{
    const char *cut = strstr(v->copy, " (automatic)");
    int len = cut ? (int)(cut - v->copy) : (int)strlen(v->copy);
    if (len > 0 && len <= 37)
        snprintf(buf, n, "sentinel: %.*s", len, v->copy);
    else
        snprintf(buf, n, "the sentinel copy");
}

/*
 * The key (the readings, the median, the drift check's band) and the
 * notes (the bars; the axis when it is wider than ±5 %; bars cut at it).
 */
static int sentinel_legend(struct fig *g, const struct sentinel_view *v,
                           const struct fig_style *readings, const struct interval_tally *t,
                           double axis, int cut)
{
    struct fig_style keys[3] = {
        *readings, {"", "guide", "", ""}, {"reference", "reference", "", ""}};
    struct fig_style notes[3];
    size_t nn = 0;
    snprintf(keys[0].title, sizeof(keys[0].title), "readings (median of %.0f samples each)",
             v->samples_max);
    if (v->shards > 1)
        snprintf(keys[1].title, sizeof(keys[1].title), "each shard's median (0 %%)");
    else
        snprintf(keys[1].title, sizeof(keys[1].title), "the run's median (0 %% = %.2f GB/s)",
                 v->median_gbps[0]);
    snprintf(keys[2].title, sizeof(keys[2].title),
             "the drift check's band (%g %% either side: %s%s)", v->target_pct,
             v->noise_judged ? "5 x the reading noise, at least target_rsd" : "target_rsd",
             v->target_known ? "" : "'s default");
    /* a bar's end at the link's raw rate means nothing on a % axis, where bars are cut at its
       ends (said below): the note leaves the cap out */
    struct interval_tally said = *t;
    said.capped = 0;
    plot_bars_note(&notes[nn++], &said);
    if (axis > 5) {
        notes[nn] = (struct fig_style){"-", "", "", ""};
        snprintf(notes[nn++].title, sizeof(notes[0].title),
                 "axis %g %% either side (5 %% unless a reading lies beyond 4.5 %%)", axis);
    }
    if (cut) {
        notes[nn] = (struct fig_style){"-", "", "", ""};
        snprintf(notes[nn++].title, sizeof(notes[0].title), "bars cut at the axis's ends");
    }
    return legend_flow(&g->key, keys, 3, 1) < 0 ? -1 : legend_flow(&g->notes, notes, nn, 1);
}

/*
 * The drift check's band, ±target_pct about 0, and the median's line at
 * 0, as the panel's overlays, from far before the first reading to far
 * after the last (the axis cuts them).
 */
static int sentinel_overlays(struct fig *g, const struct sentinel_view *v, const char *data_dir)
{
    FILE *f = fig_panel_create(g, data_dir, "-overlay",
                               "time_s low high (the band), time_s 0 (the median)");
    struct fig_style band = {"reference", "reference", "", ""}, median = {"", "guide", "", ""};
    double span = g->x_max - g->x_min + 1, a = g->x_min - 10 * span, b = g->x_max + 10 * span;
    if (!f)
        return -1;
    if (fig_overlay(g, f, &band, "the drift check's band") == 0)
        fprintf(f, "%.6g %.6g %.6g\n%.6g %.6g %.6g\n", a, -v->target_pct, v->target_pct, b,
                -v->target_pct, v->target_pct);
    if (fig_overlay(g, f, &median, "the median") == 0)
        fprintf(f, "%.6g 0\n%.6g 0\n", a, b);
    return fig_panel_close(f) < 0 || g->nover != 2 ? -1 : 0;
}

/* Write the readings (time, % off the median, the interval's ends) into f; *cut: a bar is cut. */
static void sentinel_points(struct fig *g, FILE *f, const struct sentinel_view *v,
                            double link_gbps, struct interval_tally *t, double axis, int *cut)
{
    size_t shards = 0;
    double shard = NAN;
    for (size_t i = 0; i < v->n; i++) {
        const struct sentinel_row *r = &v->rows[i];
        if (r->shard != shard && !(isnan(r->shard) && isnan(shard))) {
            if (shards++)
                fputc('\n', f); /* a merged run: each shard's readings are a line of their own */
            shard = r->shard;
        }
        struct interval iv; /* sentinel.csv keeps no samples: the delta method from its rsd */
        interval_of_rsd(r->gbps_median, r->rsd_pct, r->samples, INTERVAL_SAMPLES, &iv);
        interval_cap(&iv, link_gbps); /* pinned copies: at most the link's raw rate */
        interval_tally_add(t, &iv);
        double m = v->median_gbps[i], lo = off_median(iv.lo, m), hi = off_median(iv.hi, m);
        fprintf(f, "%.3f %.6g %.6g %.6g\n", r->time_s, v->off_pct[i], lo, hi);
        *cut |= lo < -axis || hi > axis;
        fig_extend(g, r->time_s, v->off_pct[i]);
    }
}

int fig_sentinel(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    struct sentinel_view v;
    struct interval_tally tally;
    char title[96];
    int rc = sentinel_view_read(in, &v, stderr), cut = 0;
    /* none: no figure (its note says what it needs); fewer than PLOT_MIN_SIZES: a table */
    if (rc < 0 || v.n < PLOT_MIN_SIZES)
        goto out;
    double axis = sentinel_view_axis_pct(&v);
    struct fig_style s = copy_style(&v);
    interval_tally_init(&tally, 0);
    g->x_linear = 1;
    g->fixed_y = 1; /* the axis is chosen from the readings, never from their bars */
    snprintf(g->what, sizeof(g->what), "drift sentinel");
    snprintf(g->x_label, sizeof(g->x_label), "time since the run started (s)");
    snprintf(g->y_label, sizeof(g->y_label), "off the run's median (%%)");
    copy_title(&v, title, sizeof(title));
    FILE *f = fig_panel(g, "time", title) < 0
                  ? NULL
                  : fig_panel_create(g, data_dir, "",
                                     "time_s off_pct low high (% off the run's median; its "
                                     "interval, from its rsd: analysis/interval.h)");
    rc = -1;
    if (!f || fig_block(g, f, &s, "sentinel readings") < 0)
        goto out_close;
    sentinel_points(g, f, &v, in->link_gbps, &tally, axis, &cut);
    fig_extend_y(g, -axis);
    fig_extend_y(g, axis);
    if (v.shards > 1)
        snprintf(g->detail, sizeof(g->detail),
                 "%zu shards merged, each line from its own shard's start", v.shards);
    rc = 0;
out_close:
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    if (rc == 0 && (sentinel_overlays(g, &v, data_dir) < 0 ||
                    sentinel_legend(g, &v, &s, &tally, axis, cut) < 0))
        rc = -1;
out:
    sentinel_view_free(&v);
    return rc;
}

const struct fig_def fig_sentinel_def = {
    .name = "sentinel",
    .question = "Did the link's bandwidth stay the same from the start of the run to its end?",
    .log_y = 0,
    .describe = fig_sentinel,
    .read = reading_sentinel,
    .needs = "sentinel.csv with at least 4 good readings (measure.sentinel_every)",
    .family = FIG_FAMILY_SENTINEL,
    .one_gpu = 0,
};
