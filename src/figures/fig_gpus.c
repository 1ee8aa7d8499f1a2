/*
 * fig_gpus.c - several GPUs at once (fig_gpus.h): the rows of a together run
 * gathered into sets, and the gpus-bandwidth and gpus-scaling figures.
 */
#include "figures/fig_gpus.h"
#include "figures/figdef.h"
#include "figures/readings.h"
#include "figures/kit/legend.h"
#include "figures/tables.h"
#include "experiment/schema.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the sets ---- */

/* The ok row of in->at_once (together) or in->all (alone) of config on device, or NULL. */
static const struct plot_row *gpu_row(const struct plot_row *rows, size_t n, double config,
                                      const char *role, const char *device)
{
    for (size_t i = 0; i < n; i++)
        if (rows[i].config == config && strcmp(rows[i].gpus, role) == 0 &&
            strcmp(rows[i].device, device) == 0)
            return &rows[i];
    return NULL;
}

/* The set of aggregate row a: its GPUs in the order of its device ("0+1"); -1 when one is missing.
 */
static int gather(const struct plot_input *in, const struct plot_row *a, struct gpus_set *s)
{
    char devices[128], *save = NULL;
    memset(s, 0, sizeof(*s));
    s->aggregate = a;
    snprintf(devices, sizeof(devices), "%s", a->device);
    for (char *d = strtok_r(devices, "+", &save); d; d = strtok_r(NULL, "+", &save)) {
        if (s->n == GPUS_MAX)
            return -1;
        s->together[s->n] = gpu_row(in->at_once, in->nat_once, a->config, "together", d);
        s->alone[s->n] = gpu_row(in->all, in->nall, a->config, "alone", d);
        if (!s->together[s->n++])
            return -1;
    }
    return s->n ? 0 : -1;
}

static int set_order(const void *pa, const void *pb)
{
    const struct plot_row *a = ((const struct gpus_set *)pa)->aggregate,
                          *b = ((const struct gpus_set *)pb)->aggregate;
    int d;
    if ((d = a->alloc - b->alloc) || (d = a->api - b->api) || (d = a->buffer - b->buffer) ||
        (d = a->cache - b->cache) || (d = a->touch - b->touch) || (d = a->pages - b->pages) ||
        (d = plot_cmp_u64(a->numa, b->numa)) || (d = strcmp(a->device, b->device)) ||
        (d = a->dir - b->dir))
        return d;
    return plot_cmp_double(a->size_bytes, b->size_bytes);
}

int gpus_sets(const struct plot_input *in, struct gpus_set **out, size_t *n)
{
    *n = 0;
    *out = calloc(in->nat_once ? in->nat_once : 1, sizeof(**out));
    if (!*out)
        return -1;
    for (size_t i = 0; i < in->nat_once; i++)
        if (strcmp(in->at_once[i].gpus, "aggregate") == 0 &&
            gather(in, &in->at_once[i], &(*out)[*n]) == 0)
            (*n)++;
    qsort(*out, *n, sizeof(**out), set_order);
    return 0;
}

void gpus_alone_sum(const struct gpus_set *s, struct interval *out)
{
    const struct interval *t[GPUS_MAX];
    int all = s->n > 0;
    for (size_t k = 0; k < s->n; k++) {
        all &= s->alone[k] != NULL;
        t[k] = s->alone[k] ? &s->alone[k]->iv[IV_GBPS] : NULL;
    }
    if (!all) {
        interval_none(s->aggregate->alone_gbps, out);
        out->lo = out->hi = NAN;
        return;
    }
    interval_sum(t, s->n, out);
    interval_recentre(out, s->aggregate->alone_gbps, out);
}

void gpus_scaling_interval(const struct plot_row *r, const struct interval *ref,
                           struct interval *out)
{
    interval_ratio(&r->iv[IV_GBPS], ref, out);
    interval_recentre(out, r->scaling_pct, out);
}

int gpus_same_kind(const struct gpus_set *sa, const struct gpus_set *sb)
{
    const struct plot_row *a = sa->aggregate, *b = sb->aggregate;
    return a->alloc == b->alloc && a->api == b->api && a->buffer == b->buffer &&
           a->cache == b->cache && a->touch == b->touch && a->pages == b->pages &&
           a->numa == b->numa && strcmp(a->device, b->device) == 0;
}

/* The distinct sizes of the kind of sets[i] (sets sorted: the kind's sets are together). */
static size_t kind_sizes(const struct gpus_set *sets, size_t n, size_t i)
{
    size_t count = 0;
    for (size_t j = i; j < n && gpus_same_kind(&sets[i], &sets[j]); j++) {
        int seen = 0;
        for (size_t k = i; k < j && !seen; k++)
            seen = sets[k].aggregate->size_bytes == sets[j].aggregate->size_bytes;
        count += !seen;
    }
    return count;
}

long gpus_pick(const struct gpus_set *sets, size_t n)
{
    long best = -1;
    size_t best_sizes = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && gpus_same_kind(&sets[i - 1], &sets[i]))
            continue;
        size_t sizes = kind_sizes(sets, n, i);
        const struct plot_row *r = sets[i].aggregate;
        /* pinned at the default placement first, then the most sizes (async first: sorted) */
        sizes += (r->alloc == ALLOC_PINNED && plot_default_place(r) && plot_host_steady(r)) ? n : 0;
        if (best < 0 || sizes > best_sizes) {
            best = (long)i;
            best_sizes = sizes;
        }
    }
    return best;
}

const char *gpus_kind_text(const struct gpus_set *s)
{
    static char buf[160];
    const struct plot_row *r = s->aggregate;
    char numa[32];
    size_t len =
        (size_t)snprintf(buf, sizeof(buf), "%s %s", schema_value_name(AXIS_ALLOC, r->alloc),
                         schema_value_name(AXIS_API, r->api));
    if (r->pages != PAGES_DEFAULT && len < sizeof(buf))
        len += (size_t)snprintf(buf + len, sizeof(buf) - len, ", pages %s",
                                schema_value_name(AXIS_PAGES, r->pages));
    if (r->numa != NUMA_ANY && r->numa != AXIS_UNUSED && len < sizeof(buf))
        snprintf(buf + len, sizeof(buf) - len, ", numa %s",
                 schema_value_text(AXIS_NUMA, r->numa, numa, sizeof(numa)));
    return buf;
}

/* ---- drawing ---- */

/* What a figure of the pick draws: the sets of its kind, and which directions. */
struct gpus_fig {
    const struct gpus_set *sets; /* the pick's, by direction then size */
    size_t n;
    size_t ngpus;
    int scaling; /* gpus-scaling, else gpus-bandwidth */
};

/* GPU k's style: a colour and point of its own (the machine palette), the dash its mode. */
static struct fig_style gpu_style(size_t k, const char *mode)
{
    static const char *const look[] = {"machine:1",  "machine:2",  "machine:3",  "machine:4",
                                       "machine:5",  "machine:6",  "machine:7",  "machine:8",
                                       "machine:9",  "machine:10", "machine:11", "machine:12",
                                       "machine:13", "machine:14", "machine:15", "machine:16"};
    _Static_assert(sizeof(look) / sizeof(look[0]) == GPUS_MAX, "a look per GPU");
    return (struct fig_style){look[k], mode, look[k], ""};
}

/* A point x, y with its bars lo..hi (y itself where an end is unknown). */
static void point(struct fig *g, FILE *f, double x, double y, double lo, double hi)
{
    lo = isfinite(lo) ? lo : y;
    hi = isfinite(hi) ? hi : y;
    fprintf(f, "%.0f %.6g %.6g %.6g\n", x, y, lo, hi);
    fig_extend(g, x, y);
    fig_extend_y(g, lo);
    fig_extend_y(g, hi);
}

/* A row's median and spread as a point. */
static void row_point(struct fig *g, FILE *f, const struct plot_row *r)
{
    double lo, hi;
    plot_row_spread(r, &lo, &hi);
    point(g, f, r->size_bytes, r->gbps_median, lo, hi);
}

/*
 * Curve c of direction d: 2k alone and 2k + 1 together of GPU k, then
 * 2n the aggregate and 2n + 1 the sum alone (bandwidth); k of GPU k's
 * together ÷ alone and n the aggregate's over the sum (scaling).  Each
 * drawn interval is tallied into t.
 */
static void curve_point(struct fig *g, FILE *f, const struct gpus_fig *G, const struct gpus_set *s,
                        size_t c, struct interval_tally *t)
{
    size_t k = G->scaling ? c : c / 2;
    struct interval sum, iv;
    gpus_alone_sum(s, &sum);
    if (!G->scaling) {
        const struct plot_row *r = k == G->ngpus ? s->aggregate
                                   : c % 2       ? s->together[k]
                                                 : s->alone[k];
        if (k == G->ngpus && c % 2)
            point(g, f, s->aggregate->size_bytes, sum.median, sum.lo, sum.hi);
        else if (r)
            row_point(g, f, r);
        if (r && !(k == G->ngpus && c % 2))
            interval_tally_add(t, &r->iv[IV_GBPS]);
        return;
    }
    const struct plot_row *r = k == G->ngpus ? s->aggregate : s->together[k];
    struct interval none;
    interval_none(NAN, &none);
    gpus_scaling_interval(r,
                          k == G->ngpus ? &sum
                          : s->alone[k] ? &s->alone[k]->iv[IV_GBPS]
                                        : &none,
                          &iv);
    point(g, f, r->size_bytes, r->scaling_pct, iv.lo, iv.hi);
    interval_tally_add(t, &r->iv[IV_GBPS]);
}

/* Curve c's style and what its data block holds (curve_point's numbering). */
static struct fig_style curve_style(const struct gpus_fig *G, size_t c, const char **what)
{
    size_t k = G->scaling ? c : c / 2;
    if (k == G->ngpus && (G->scaling || c % 2 == 0)) {
        *what = G->scaling ? "aggregate scaling_pct" : "aggregate gbps_median min max";
        return (struct fig_style){"", "aggregate", "aggregate", ""};
    }
    if (k == G->ngpus) {
        *what = "sum of the GPUs alone: alone_gbps, sums of their min and max";
        return (struct fig_style){"", "alone-sum", "alone-sum", ""};
    }
    *what = G->scaling ? "together scaling_pct"
            : c % 2    ? "together gbps_median min max"
                       : "alone gbps_median min max";
    return gpu_style(k, G->scaling || c % 2 ? "together" : "alone");
}

/* The panel of direction d: every curve, a data block each; the intervals drawn into t. */
static int gpus_panel(struct fig *g, const struct gpus_fig *G, int d, const char *data_dir,
                      struct interval_tally *t)
{
    size_t ncurves = G->scaling ? G->ngpus + 1 : 2 * G->ngpus + 2;
    FILE *f;
    if (fig_panel(g, schema_value_name(AXIS_DIRECTION, d), plot_dir_titles[d]) < 0 ||
        !(f = fig_panel_create(g, data_dir, "",
                               G->scaling ? "size_bytes scaling_pct low high (%)"
                                          : "size_bytes gbps low high (GB/s)")))
        return -1;
    if (d == DIR_BIDIR && !G->scaling)
        fig_own_y(g);                    /* both directions' sum: twice the others */
    for (size_t c = ncurves; c-- > 0;) { /* the references under the GPUs, GPU 0 on top */
        const char *what;
        struct fig_style s = curve_style(G, c, &what);
        if (fig_block(g, f, &s, what) < 0)
            break;
        for (size_t i = 0; i < G->n; i++)
            if (G->sets[i].aggregate->dir == d)
                curve_point(g, f, G, &G->sets[i], c, t);
    }
    int rc = fig_panel_close(f);
    if (rc == 0 && G->scaling)
        rc = fig_hline(g, 100, "", "guide", "left-above", "100 %: the host shares nothing");
    return rc;
}

/* "GPU 1" of set s's GPU k. */
static void gpu_name(char *buf, size_t n, const struct gpus_set *s, size_t k, const char *after)
{
    snprintf(buf, n, "GPU %s%s", s->together[k]->device, after);
}

/* GPU k's value in set s that curve mode m draws: 0 alone, 1 together, 2 its scaling. */
static double gpu_value(const struct gpus_set *s, size_t k, int m)
{
    const struct plot_row *r = m == 0 ? s->alone[k] : s->together[k];
    return !r ? NAN : m == 2 ? r->scaling_pct : r->gbps_median;
}

/* Do two GPUs' curves of one mode lie within 1 % of each other at every size (one hides the
 * other)? */
static int gpus_coincide(const struct gpus_fig *G)
{
    for (int m = G->scaling ? 2 : 0; m < (G->scaling ? 3 : 2); m++)
        for (size_t k = 0; k < G->ngpus; k++)
            for (size_t j = k + 1; j < G->ngpus; j++) {
                int same = 1;
                for (size_t i = 0; i < G->n && same; i++) {
                    double a = gpu_value(&G->sets[i], k, m), b = gpu_value(&G->sets[i], j, m);
                    same = fabs(a - b) <= 0.01 * fabs(b);
                }
                if (same)
                    return 1;
            }
    return 0;
}

/* The key: every curve (bandwidth: GPU by GPU, alone then together); the notes: the bars. */
static int gpus_legend(struct fig *g, const struct gpus_fig *G, const struct interval_tally *t)
{
    struct fig_style keys[2 * GPUS_MAX + 2], notes[3];
    size_t ncurves = G->scaling ? G->ngpus + 1 : 2 * G->ngpus + 2;
    for (size_t c = 0; c < ncurves; c++) {
        const char *what;
        size_t k = G->scaling ? c : c / 2;
        keys[c] = curve_style(G, c, &what);
        if (k < G->ngpus)
            gpu_name(keys[c].title, sizeof(keys[0].title), G->sets, k,
                     G->scaling ? ": together ÷ alone"
                     : c % 2    ? " together"
                                : " alone");
        else
            snprintf(keys[c].title, sizeof(keys[0].title), "%s",
                     G->scaling   ? "all: aggregate ÷ sum alone"
                     : c % 2 == 0 ? "aggregate: all at once"
                                  : "sum of the GPUs alone");
    }
    plot_bars_note(&notes[0], t);
    size_t nnotes = 1;
    snprintf((notes[nnotes++] = (struct fig_style){"-", "", "", ""}).title, sizeof(notes[0].title),
             "%s",
             G->scaling ? "the ratio's h: its sides' in quadrature"
                        : "the sum's bars: its GPUs' combined; solid alone, dashed together");
    if (gpus_coincide(G))
        snprintf((notes[nnotes++] = (struct fig_style){"-", "", "", ""}).title,
                 sizeof(notes[0].title),
                 "GPUs whose curves coincide are drawn on one another, GPU %s on top: the "
                 "report's table has each",
                 G->sets[0].together[0]->device);
    return legend_flow(&g->key, keys, ncurves, 4) < 0 ? -1
                                                      : legend_flow(&g->notes, notes, nnotes, 1);
}

/* The figure of the pick's sets, a panel per direction; 0 with no panels when too few sizes. */
static int gpus_figure(struct fig *g, const struct plot_input *in, const char *data_dir,
                       int scaling)
{
    struct gpus_set *sets;
    size_t n, first, end;
    int rc = 0;
    if (gpus_sets(in, &sets, &n) < 0)
        return -1;
    long pick = gpus_pick(sets, n);
    if (pick < 0) /* of too few sizes, plot.c makes the figure a table (tables.h) */
        goto out;
    first = (size_t)pick;
    for (end = first; end < n && gpus_same_kind(&sets[first], &sets[end]); end++)
        ;
    struct gpus_fig G = {&sets[first], end - first, sets[first].n, scaling};
    struct interval_tally tally;
    interval_tally_init(&tally, scaling);
    g->log_y = !scaling && G.ngpus > 4; /* the sum of many GPUs would squash each GPU's curves */
    for (int d = 0; d < DIR_COUNT && rc == 0; d++)
        for (size_t i = 0; i < G.n; i++)
            if (G.sets[i].aggregate->dir == d) {
                rc = gpus_panel(g, &G, d, data_dir, &tally);
                break;
            }
    if (rc == 0)
        rc = gpus_legend(g, &G, &tally);
    snprintf(g->what, sizeof(g->what), "%zu GPUs %s, %s", G.ngpus,
             scaling ? "at once over alone" : "alone and at once", gpus_kind_text(&sets[first]));
    snprintf(g->detail, sizeof(g->detail), "reused buffer%s",
             first > 0 || end < n ? "; the other kinds in pinsweep report's table" : "");
    snprintf(g->y_label, sizeof(g->y_label), "%s",
             scaling ? "scaling: at once ÷ alone (%)" : "copy bandwidth (GB/s = 10⁹ B/s)");
out:
    free(sets);
    return rc;
}

int fig_gpus_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    return gpus_figure(g, in, data_dir, 0);
}

int fig_gpus_scaling(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    return gpus_figure(g, in, data_dir, 1);
}

/* ---- several GPUs at once ---- */

/* The figures' sets (the pick's, fig_gpus.h) into *first..*end of *sets; 0 when none. */
static int gpus_picked(const struct plot_input *in, struct gpus_set **sets, size_t *first,
                       size_t *end)
{
    size_t n;
    if (gpus_sets(in, sets, &n) < 0)
        return 0;
    long pick = gpus_pick(*sets, n);
    if (pick < 0)
        return 0;
    *first = (size_t)pick;
    for (*end = *first; *end < n && gpus_same_kind(&(*sets)[*first], &(*sets)[*end]); (*end)++)
        ;
    return 1;
}

/* The largest size of direction d among sets[first..end), or NULL. */
static const struct gpus_set *gpus_largest(const struct gpus_set *sets, size_t first, size_t end,
                                           int d)
{
    const struct gpus_set *best = NULL;
    for (size_t i = first; i < end; i++)
        if (sets[i].aggregate->dir == d &&
            (!best || sets[i].aggregate->size_bytes > best->aggregate->size_bytes))
            best = &sets[i];
    return best;
}

/*
 * At the largest size of each direction: the aggregate against the sum
 * alone, each GPU at once against alone; then the spans' least overlap.
 */
static void read_gpus_bandwidth(struct reading *t, const struct plot_input *in)
{
    struct gpus_set *sets = NULL;
    size_t first, end;
    double overlap = INFINITY;
    if (gpus_picked(in, &sets, &first, &end)) {
        fprintf(t->f, "%s on %zu GPUs: ", gpus_kind_text(&sets[first]), sets[first].n);
        for (int d = 0; d < DIR_COUNT; d++) {
            const struct gpus_set *s = gpus_largest(sets, first, end, d);
            if (!s)
                continue;
            reading_part(t, "%s at %s, %s GB/s at once in all against %s alone summed (%.1f %%)",
                 schema_value_name(AXIS_DIRECTION, d), reading_size(s->aggregate->size_bytes),
                 reading_gbps(s->aggregate->gbps_median), reading_gbps(s->aggregate->alone_gbps),
                 s->aggregate->scaling_pct);
            for (size_t k = 0; k < s->n; k++)
                fprintf(t->f, "%s GPU %s %s of %s", k ? "," : ":", s->together[k]->device,
                        reading_gbps(s->together[k]->gbps_median),
                        s->alone[k] ? reading_gbps(s->alone[k]->gbps_median) : "–");
        }
        for (size_t i = first; i < end; i++)
            overlap = fmin(overlap, sets[i].aggregate->overlap_pct);
        if (isfinite(overlap))
            reading_part(t, "the GPUs' spans overlap %.1f %% (the least of the configurations' medians)%s",
                 overlap, overlap < 90 ? ": some did not copy at once" : "");
    }
    free(sets);
}

/* The least and most scaling of direction d over sets[first..end): GPU k's, or (k = n) all's. */
static int scaling_range(const struct gpus_set *sets, size_t first, size_t end, int d, size_t k,
                         double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t i = first; i < end; i++) {
        const struct gpus_set *s = &sets[i];
        double v = k == s->n ? s->aggregate->scaling_pct : s->together[k]->scaling_pct;
        if (s->aggregate->dir == d && isfinite(v)) {
            *lo = fmin(*lo, v);
            *hi = fmax(*hi, v);
        }
    }
    return *lo <= *hi;
}

/* "80.0 %", or "62.5–80.0 %" when they differ as written. */
static const char *pct_range(double lo, double hi)
{
    static char bufs[4][48];
    static int next;
    char *b = bufs[next++ % 4], a[16], z[16];
    snprintf(a, sizeof(a), "%.1f", lo);
    snprintf(z, sizeof(z), "%.1f", hi);
    snprintf(b, sizeof(bufs[0]), strcmp(a, z) ? "%s–%s %%" : "%s %%", a, z);
    return b;
}

/* Per direction: the least and most scaling over sizes, of the aggregate, then of each GPU. */
static void read_gpus_scaling(struct reading *t, const struct plot_input *in)
{
    struct gpus_set *sets = NULL;
    size_t first, end;
    double lo, hi;
    if (gpus_picked(in, &sets, &first, &end)) {
        size_t n = sets[first].n;
        fprintf(t->f, "%s: ", gpus_kind_text(&sets[first]));
        for (int d = 0; d < DIR_COUNT; d++) {
            if (!scaling_range(sets, first, end, d, n, &lo, &hi))
                continue;
            reading_part(t, "%s: the aggregate keeps %s of the sum alone",
                 schema_value_name(AXIS_DIRECTION, d), pct_range(lo, hi));
            for (size_t k = 0; k < n; k++)
                if (scaling_range(sets, first, end, d, k, &lo, &hi))
                    fprintf(t->f, "%sGPU %s %s",
                            k ? ", " : ", each GPU of itself: ", sets[first].together[k]->device,
                            pct_range(lo, hi));
        }
    }
    free(sets);
}

const struct fig_def fig_gpus_bandwidth_def = {
    .name = "gpus-bandwidth",
    .question =
        "How fast does each GPU copy while every GPU copies at once, against each alone?",
    .log_y = 0,
    .describe = fig_gpus_bandwidth,
    .read = read_gpus_bandwidth,
    .needs =
        "rows of several GPUs at once (gpus: together) of one kind at 2 or more sizes "
        "(the report's table has them all)",
    .family = FIG_FAMILY_GPUS,
    .one_gpu = 0,
};

const struct fig_def fig_gpus_scaling_def = {
    .name = "gpus-scaling",
    .question =
        "What share of their bandwidth alone do the GPUs keep when they all copy at once?",
    .log_y = 0,
    .describe = fig_gpus_scaling,
    .read = read_gpus_scaling,
    .needs =
        "rows of several GPUs at once (gpus: together) of one kind at 2 or more sizes "
        "(the report's table has them all)",
    .family = FIG_FAMILY_GPUS,
    .one_gpu = 0,
};
