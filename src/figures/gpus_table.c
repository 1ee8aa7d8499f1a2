/*
 * gpus_table.c - the table of several GPUs at once (see gpus_table.h).
 */
#include "figures/gpus_table.h"
#include "figures/fig_gpus.h"
#include "figures/tables.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    G_KIND,
    G_DIR,
    G_SIZE,
    G_WHO,
    G_ALONE,
    G_ALONE_IV,
    G_ONCE,
    G_ONCE_IV,
    G_N,
    G_SCALING,
    G_OVERLAP,
    G_COUNT
};

/* A row's cells, each with room for its text. */
struct gpus_cells {
    char text[G_COUNT][160];
    const char *v[G_COUNT];
};

/* The first cells of a row of set s: kind, direction, size, then who ("GPU 0", "all: 0+1"). */
static void head_cells(struct gpus_cells *k, const struct gpus_set *s)
{
    k->v[G_KIND] = gpus_kind_text(s);
    k->v[G_DIR] = schema_value_name(AXIS_DIRECTION, s->aggregate->dir);
    k->v[G_SIZE] =
        units_format_human_bytes(s->aggregate->size_bytes, k->text[G_SIZE], sizeof(k->text[0]));
    k->v[G_WHO] = k->text[G_WHO];
}

/* "80.0 %", or "–" when v is unknown. */
static const char *pct_text(double v, char *buf, size_t n)
{
    if (isfinite(v))
        snprintf(buf, n, "%.1f %%", v);
    else
        snprintf(buf, n, "–");
    return buf;
}

/* GPU j of set s: alone, together, their n and the scaling. */
static int gpu_row(struct tabular *t, const struct gpus_set *s, size_t j)
{
    const struct plot_row *a = s->alone[j], *r = s->together[j];
    struct spread_cells sa = {"–", "–", "–"}, sr;
    struct gpus_cells k;
    if (a)
        plot_spread_cells(a, &sa);
    plot_spread_cells(r, &sr);
    snprintf(k.text[G_WHO], sizeof(k.text[0]), "GPU %s", r->device);
    head_cells(&k, s);
    k.v[G_ALONE] = sa.med;
    k.v[G_ALONE_IV] = sa.range;
    k.v[G_ONCE] = sr.med;
    k.v[G_ONCE_IV] = sr.range;
    snprintf(k.text[G_N], sizeof(k.text[0]), "%s / %s", sa.n, sr.n);
    k.v[G_N] = k.text[G_N];
    k.v[G_SCALING] = pct_text(r->scaling_pct, k.text[G_SCALING], sizeof(k.text[0]));
    k.v[G_OVERLAP] = "";
    return tabular_row(t, k.v);
}

/* All the GPUs of set s: the sum alone, the aggregate, its scaling and the spans' overlap. */
static int all_row(struct tabular *t, const struct gpus_set *s)
{
    const struct plot_row *r = s->aggregate;
    struct spread_cells sr;
    struct gpus_cells k;
    struct interval sum;
    gpus_alone_sum(s, &sum);
    plot_spread_cells(r, &sr);
    snprintf(k.text[G_WHO], sizeof(k.text[0]), "all: %s", r->device);
    head_cells(&k, s);
    plot_gbps_text(sum.median, k.text[G_ALONE], sizeof(k.text[0]));
    k.v[G_ALONE] = isfinite(sum.median) ? k.text[G_ALONE] : "–";
    k.v[G_ALONE_IV] =
        interval_range_text(&sum, plot_gbps_text, k.text[G_ALONE_IV], sizeof(k.text[0]));
    k.v[G_ONCE] = sr.med;
    k.v[G_ONCE_IV] = sr.range;
    snprintf(k.text[G_N], sizeof(k.text[0]), "– / %s", sr.n);
    k.v[G_N] = k.text[G_N];
    k.v[G_SCALING] = pct_text(r->scaling_pct, k.text[G_SCALING], sizeof(k.text[0]));
    if (isfinite(r->overlap_pct))
        snprintf(k.text[G_OVERLAP], sizeof(k.text[0]), "%.1f %%%s", r->overlap_pct,
                 r->overlap_pct < 90 ? " (not at once)" : "");
    else
        snprintf(k.text[G_OVERLAP], sizeof(k.text[0]), "–");
    k.v[G_OVERLAP] = k.text[G_OVERLAP];
    return tabular_row(t, k.v);
}

int gpus_table_build(const struct plot_input *in, struct tabular *t)
{
    static const char *const head[G_COUNT] = {"kind",
                                              "direction",
                                              "size",
                                              "GPU",
                                              "alone GB/s",
                                              "alone 95 % interval",
                                              "at once GB/s",
                                              "at once 95 % interval",
                                              "n alone / at once",
                                              "scaling",
                                              "overlap"};
    struct gpus_set *sets;
    char bars[256];
    size_t n, len = strlen(plot_interval_statement_as(in, "Intervals", bars, sizeof(bars)));
    if (len && bars[len - 1] == '.') /* the caption ends with its own */
        bars[len - 1] = '\0';
    tabular_init(t, "gpus", "llrlrrrrrrr", head,
                 "%s: each configuration measured on several GPUs at once (gpus: together). Per "
                 "GPU: alone (the GPUs one after another) and at once (while every GPU copied), "
                 "each with its 95 %% interval, and scaling = at once ÷ alone. All: the sum of "
                 "the GPUs alone (its interval theirs combined, the delta method) and the "
                 "aggregate, the bytes all moved over the union of their spans; scaling = "
                 "aggregate ÷ sum (100 %%: the host side shares nothing); overlap, the median "
                 "share of that union during which every GPU copied (under 90 %%: they did not "
                 "copy at once). %s",
                 in->experiment, bars);
    t->nkey = 4; /* a row is its kind, direction, size and GPU: in each part of a split */
    if (gpus_sets(in, &sets, &n) < 0)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        for (size_t j = 0; j < sets[i].n && rc == 0; j++)
            rc = gpu_row(t, &sets[i], j);
        if (rc == 0)
            rc = all_row(t, &sets[i]);
    }
    free(sets);
    return rc;
}
