/*
 * fig_fleet.c - each node of a fleet against the fleet's band (fig_fleet.h).
 */
#include "figures/fig_fleet.h"
#include "experiment/schema.h"
#include "figures/kit/figure.h"
#include "figures/kit/gnuplot.h"
#include "figures/input.h"
#include "figures/kit/legend.h"
#include "results/fleet_csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Nodes drawn one by one up to this many (the machine palette's colours); beyond, the flagged. */
#define FLEET_FIG_NODES 6

static const char *const node_colors[FLEET_FIG_NODES] = {"machine:1", "machine:2", "machine:3",
                                                         "machine:4", "machine:5", "machine:6"};

/*
 * Node k's style: its own colour, and (for grayscale) the dash and point of
 * the k-th alloc kind, which here name nothing but the node.
 */
static void node_style(struct fig_style *s, size_t k)
{
    const char *look = schema_value_name(AXIS_ALLOC, (int)(k % ALLOC_COUNT));
    *s = (struct fig_style){node_colors[k % FLEET_FIG_NODES], look, look, ""};
}

struct fleet_input {
    struct fleet_row *rows; /* the drawn configuration's rows, by direction, node, size */
    size_t n;
    char (*names)[64]; /* the nodes in fleet.csv's order */
    size_t nnodes;
    int *flagged;  /* per node: an outlier in the drawn rows */
    int *link_low; /* per node: its link trained below its maximum */
    uint64_t alloc;
};

static size_t node_index(const struct fleet_input *in, const char *name)
{
    for (size_t k = 0; k < in->nnodes; k++)
        if (strcmp(in->names[k], name) == 0)
            return k;
    return in->nnodes;
}

static int by_dir_node_size(const void *pa, const void *pb)
{
    const struct fleet_row *a = pa, *b = pb;
    int d = (a->axis[AXIS_DIRECTION] > b->axis[AXIS_DIRECTION]) -
            (a->axis[AXIS_DIRECTION] < b->axis[AXIS_DIRECTION]);
    if (d || (d = strcmp(a->node_name, b->node_name)) != 0)
        return d;
    return (a->size_bytes > b->size_bytes) - (a->size_bytes < b->size_bytes);
}

/* The rows of the kind drawn (pinned, else the first), reuse sync warm prefaulted. */
static int read_input(struct fleet_input *in, const char *dir, FILE *log)
{
    size_t n = 0;
    struct fleet_row *all = fleet_read(dir, &n, log);
    if (!all)
        return -1;
    in->alloc = ALLOC_PINNED;
    int have_pinned = 0;
    for (size_t i = 0; i < n; i++)
        have_pinned |= all[i].axis[AXIS_ALLOC] == ALLOC_PINNED;
    if (!have_pinned && n)
        in->alloc = all[0].axis[AXIS_ALLOC];
    in->names = calloc(n ? n : 1, sizeof(*in->names));
    in->flagged = calloc(n ? n : 1, sizeof(int));
    in->link_low = calloc(n ? n : 1, sizeof(int));
    if (!in->names || !in->flagged || !in->link_low) {
        free(all);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const struct fleet_row *r = &all[i];
        if (node_index(in, r->node_name) == in->nnodes)
            snprintf(in->names[in->nnodes++], sizeof(in->names[0]), "%s", r->node_name);
        in->link_low[node_index(in, r->node_name)] |= r->is_link_low;
        if (r->axis[AXIS_ALLOC] != in->alloc || r->axis[AXIS_BUFFER] != BUFFER_REUSE ||
            r->axis[AXIS_API] != API_SYNC || r->axis[AXIS_CACHE] != CACHE_WARM ||
            r->axis[AXIS_TOUCH] != TOUCH_PREFAULTED)
            continue;
        in->flagged[node_index(in, r->node_name)] |= r->is_outlier;
        all[in->n++] = *r;
    }
    qsort(all, in->n, sizeof(*all), by_dir_node_size);
    in->rows = all;
    return 0;
}

/* Whether node k is drawn as a curve of its own. */
static int drawn(const struct fleet_input *in, size_t k)
{
    return in->nnodes <= FLEET_FIG_NODES || in->flagged[k] || in->link_low[k];
}

/* The fleet's median and band edges of direction d as overlays (each size once). */
static int band_overlays(struct fig *g, FILE *f, const struct fleet_input *in, uint64_t d)
{
    static const char *what[] = {"fleet median", "band low (median - 3.5 spreads)",
                                 "band high (median + 3.5 spreads)"};
    for (int k = 0; k < 3; k++) {
        struct fig_style s = {"link", k ? "practical" : "guide", ""};
        if (fig_overlay(g, f, &s, what[k]) < 0)
            return -1;
        const char *first = NULL;
        for (size_t i = 0; i < in->n; i++) {
            const struct fleet_row *r = &in->rows[i];
            if (r->axis[AXIS_DIRECTION] != d)
                continue;
            if (!first)
                first = r->node_name;
            if (strcmp(r->node_name, first) != 0)
                continue; /* one node's sizes carry the band */
            double y = k == 0 ? r->fleet_median : k == 1 ? r->band_low : r->band_high;
            fprintf(f, "%.0f %.6g\n", r->size_bytes, y);
            fig_extend(g, r->size_bytes, y);
        }
        fprintf(f, "\n\n");
    }
    return 0;
}

/* The panel of direction d: the nodes drawn, then the band as overlays. */
static int fleet_panel(struct fig *g, const struct fleet_input *in, uint64_t d,
                       const char *data_dir, int seen[])
{
    char title[96];
    snprintf(title, sizeof(title), "%s, %s reuse sync", plot_dir_titles[d],
             schema_value_name(AXIS_ALLOC, (int)in->alloc));
    FILE *f = NULL, *o = NULL;
    int rc = -1;
    if (fig_panel(g, schema_value_name(AXIS_DIRECTION, (int)d), title) < 0 ||
        !(f = fig_panel_create(g, data_dir, "", "size_bytes gbps_median (one block per node)")) ||
        !(o = fig_panel_create(g, data_dir, "-overlay",
                               "size_bytes gbps: fleet median, band low, band high")))
        goto out;
    const char *prev = NULL;
    for (size_t i = 0; i < in->n; i++) {
        const struct fleet_row *r = &in->rows[i];
        size_t k = node_index(in, r->node_name);
        if (r->axis[AXIS_DIRECTION] != d || !drawn(in, k))
            continue;
        if (!prev || strcmp(prev, r->node_name) != 0) {
            struct fig_style s;
            node_style(&s, k);
            if (fig_block(g, f, &s, r->node_name) < 0)
                goto out;
            seen[k] = 1;
        }
        prev = r->node_name;
        fprintf(f, "%.0f %.6g\n", r->size_bytes, r->gbps_median);
        fig_extend(g, r->size_bytes, r->gbps_median);
    }
    rc = band_overlays(g, o, in, d);
out:
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    if (o && fig_panel_close(o) < 0)
        rc = -1;
    return rc;
}

/* The key: each node drawn (flagged ones say so); the notes: the band's lines. */
static int fleet_legend(struct fig *g, const struct fleet_input *in, const int seen[])
{
    struct fig_style keys[FIG_MAX_KEYS], notes[3];
    size_t nkeys = 0, hidden = 0;
    for (size_t k = 0; k < in->nnodes; k++) {
        if (!seen[k]) {
            hidden += !drawn(in, k);
            continue;
        }
        if (nkeys + 1 >= FIG_MAX_KEYS)
            break;
        node_style(&keys[nkeys], k);
        snprintf(keys[nkeys].title, sizeof(keys[0].title), "%s%s%s%s", in->names[k],
                 in->flagged[k] || in->link_low[k] ? ": " : "",
                 in->flagged[k] ? "outside the band" : "",
                 in->link_low[k]
                     ? (in->flagged[k] ? ", link below its maximum" : "link below its maximum")
                     : "");
        nkeys++;
    }
    notes[0] = (struct fig_style){"link", "guide", "", "fleet median"};
    notes[1] = (struct fig_style){"link", "practical", "", "band: median ± 3.5 robust spreads"};
    size_t nnotes = 2;
    if (hidden)
        snprintf((notes[nnotes++] = (struct fig_style){"", "", "", ""}).title,
                 sizeof(notes[0].title),
                 "%zu more nodes inside the band, links at their maximum, "
                 "not drawn",
                 hidden);
    int rc =
        legend_flow(&g->key, keys, nkeys, 3) < 0 || legend_flow(&g->notes, notes, nnotes, 3) < 0
            ? -1
            : 0;
    return rc;
}

static int describe_figure(struct fig *g, size_t i, const void *vin, const char *data_dir,
                           const char **needs)
{
    const struct fleet_input *in = vin;
    int *seen = calloc(in->nnodes ? in->nnodes : 1, sizeof(int)), rc = 0;
    (void)i;
    if (!seen)
        return -1;
    fig_init(g, "fleet", 0);
    *needs = "reuse sync rows (cache warm, pages prefaulted) in fleet.csv";
    for (uint64_t d = 0; d < DIR_COUNT && rc == 0; d++) {
        int any = 0;
        for (size_t r = 0; r < in->n; r++)
            any |= in->rows[r].axis[AXIS_DIRECTION] == d;
        if (any)
            rc = fleet_panel(g, in, d, data_dir, seen);
    }
    if (rc == 0 && g->npanels)
        rc = fleet_legend(g, in, seen);
    snprintf(g->title, sizeof(g->title), "fleet: %zu nodes against the fleet's band", in->nnodes);
    snprintf(g->detail, sizeof(g->detail), "reuse, cache warm, pages prefaulted");
    snprintf(g->y_label, sizeof(g->y_label), "copy bandwidth (GB/s = 10⁹ B/s)");
    free(seen);
    return rc;
}

int plot_fleet(const char *out_dir, const char *scripts_dir, FILE *log, const struct plot_opts *o)
{
    struct fleet_input in = {0};
    int rc = PLOT_OK;
    if (read_input(&in, out_dir, log) == 0 && in.n)
        rc = fig_render(describe_figure, 1, &in, out_dir, scripts_dir, plot_draw_flags(o),
                        "run pinsweep fleet again where gnuplot is", log);
    free(in.rows);
    free(in.names);
    free(in.flagged);
    free(in.link_low);
    return rc;
}
