/*
 * fig_sentinel.c - the drift sentinel over time (fig_sentinel.h).
 */
#include "figures/fig_sentinel.h"
#include "figures/figdef.h"
#include "analysis/interval.h"
#include "base/stats.h"
#include "results/sentinel_csv.h"

#include <math.h>
#include <stdlib.h>

int fig_sentinel(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    size_t n = 0, good = 0;
    struct sentinel_row *rows = sentinel_read(in->dir, &n, stderr);
    double *g_all = malloc((n ? n : 1) * sizeof(double));
    char median_text[32], label[160];
    int rc = -1;
    if (!rows || !g_all) {
        rc = rows ? -1 : 0; /* no sentinel.csv: no figure (its note says what it needs) */
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        if (!isnan(rows[i].gbps_median))
            g_all[good++] = rows[i].gbps_median;
    if (good == 0) {
        rc = 0;
        goto out;
    }
    g->x_linear = 1;
    snprintf(g->what, sizeof(g->what), "drift sentinel");
    snprintf(g->x_label, sizeof(g->x_label), "time since the run started (s)");
    snprintf(g->y_label, sizeof(g->y_label), "sentinel bandwidth (GB/s)");
    g->zoom_y = 1;
    /* The median goes in the title: a label on its line would lie on the readings. */
    double median = stats_median(g_all, good);
    plot_format_gbps(median, median_text, sizeof(median_text));
    snprintf(label, sizeof(label),
             "readings: median, 95 %% interval; dotted: their median, %s GB/s", median_text);
    FILE *f = fig_panel(g, "time", label) < 0
                  ? NULL
                  : fig_panel_create(g, data_dir, "",
                                     "time_s gbps_median low high (its interval, from its rsd: "
                                     "analysis/interval.h)");
    struct fig_style s = {"pinned", "reuse", "sync"};
    if (!f || fig_block(g, f, &s, "sentinel readings") < 0)
        goto out_close;
    size_t shards = 0;
    double shard = NAN;
    for (size_t i = 0; i < n; i++) {
        const struct sentinel_row *r = &rows[i];
        if (isnan(r->gbps_median))
            continue;
        if (r->shard != shard && !(isnan(r->shard) && isnan(shard))) {
            if (shards++)
                fputc('\n', f); /* a merged run: each shard's readings are a line of their own */
            shard = r->shard;
        }
        struct interval iv; /* sentinel.csv keeps no samples: the delta method from its rsd */
        interval_of_rsd(r->gbps_median, r->rsd_pct, r->samples, INTERVAL_SAMPLES, &iv);
        interval_cap(&iv, in->link_gbps); /* pinned h2d copies: at most the link's raw rate */
        fprintf(f, "%.3f %.6g %.6g %.6g\n", r->time_s, r->gbps_median, iv.lo, iv.hi);
        fig_extend(g, r->time_s, iv.lo);
        fig_extend(g, r->time_s, iv.hi);
    }
    if (shards > 1)
        snprintf(g->detail, sizeof(g->detail),
                 "%zu shards merged, each line from its own shard's start", shards);
    rc = fig_hline(g, median, "pinned", "link", "right-above", "");
out_close:
    if (f && fig_panel_close(f) < 0)
        rc = -1;
out:
    free(rows);
    free(g_all);
    return rc;
}

const struct fig_def fig_sentinel_def = {
    .name = "sentinel",
    .question =
        "Did the link's bandwidth stay the same from the start of the run to its end?",
    .log_y = 0,
    .describe = fig_sentinel,
    .read = reading_sentinel,
    .needs =
        "sentinel.csv with good readings (measure.sentinel_every)",
    .family = FIG_FAMILY_SENTINEL,
    .one_gpu = 0,
};
