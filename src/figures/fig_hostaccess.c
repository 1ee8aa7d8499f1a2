/*
 * fig_hostaccess.c - the host-access figure: the CPU reading and writing
 * each kind of host memory (see fig_hostaccess.h).
 */
#include "figures/fig_hostaccess.h"
#include "figures/figdef.h"
#include "figures/kit/legend.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int host_keep(const struct plot_row *r)
{
    return api_is_host(r->api) && r->gbps_median > 0 && r->threads != AXIS_UNUSED &&
           plot_default_place(r);
}

static int host_order(const void *pa, const void *pb)
{
    const struct plot_row *a = plot_row_of(pa), *b = plot_row_of(pb);
    int d;
    if ((d = a->api - b->api) || (d = a->alloc - b->alloc) ||
        (d = plot_cmp_u64(a->threads, b->threads)))
        return d;
    return plot_cmp_double(a->size_bytes, b->size_bytes);
}

static int host_same_api(const struct plot_row *a, const struct plot_row *b)
{
    return a->api == b->api;
}

static int host_same_curve(const struct plot_row *a, const struct plot_row *b)
{
    return a->api == b->api && a->alloc == b->alloc;
}

/* How many thread counts rows[0..n) have (sorted by host_order: counts ascend per kind). */
static size_t host_thread_counts(const struct plot_row *const *rows, size_t n)
{
    uint64_t counts[64];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t c = 0;
        while (c < k && counts[c] != rows[i]->threads)
            c++;
        if (c == k && k < sizeof(counts) / sizeof(counts[0]))
            counts[k++] = rows[i]->threads;
    }
    return k;
}

/* The largest size of rows [first, end). */
static double host_largest(const struct plot_row *const *rows, size_t first, size_t end)
{
    double most = 0;
    for (size_t i = first; i < end; i++)
        most = fmax(most, rows[i]->size_bytes);
    return most;
}

/*
 * The panel of one api, rows [first, end): a curve per kind, against
 * threads at size (by_threads), or against size (one thread count).
 */
static int host_panel(struct fig *g, const struct plot_row *const *rows, size_t first, size_t end,
                      int by_threads, const char *data_dir, int seen[ALLOC_COUNT],
                      struct interval_tally *t)
{
    static const char *const verbs[API_COUNT] = {
        [API_HOST_READ] = "CPU reads", [API_HOST_WRITE] = "CPU writes"};
    char title[96], size[32];
    double at = host_largest(rows, first, end);
    int api = rows[first]->api, rc = 0;
    units_format_approx((uint64_t)at, size, sizeof(size));
    if (by_threads)
        snprintf(title, sizeof(title), "%s, %s buffer", verbs[api], size);
    else
        snprintf(title, sizeof(title), "%s, %llu thread%s", verbs[api],
                 (unsigned long long)rows[first]->threads, rows[first]->threads == 1 ? "" : "s");
    FILE *f = fig_panel(g, schema_value_name(AXIS_API, api), title) < 0
                  ? NULL
                  : fig_panel_create(g, data_dir, "",
                                     by_threads ? "threads gbps_median low high (its interval)"
                                                : "size_bytes gbps_median low high (its interval)");
    if (!f)
        return -1;
    for (size_t i = first, j; i < end && rc == 0; i = j) {
        j = plot_run_end(rows, end, i, host_same_curve);
        /* the style table's: the kind's colour, dash and point, as its key entry shows them */
        const char *kind = schema_value_name(AXIS_ALLOC, rows[i]->alloc);
        struct fig_style s = {kind, kind, kind};
        seen[rows[i]->alloc] = 1;
        rc = fig_block(g, f, &s, "CPU bandwidth");
        for (size_t k = i; k < j && rc == 0; k++) {
            const struct plot_row *r = rows[k];
            double x = by_threads ? (double)r->threads : r->size_bytes;
            if (by_threads && r->size_bytes != at)
                continue;
            fprintf(f, "%.0f %.6g %.6g %.6g\n", x, r->gbps_median, r->iv[IV_GBPS].lo,
                    r->iv[IV_GBPS].hi);
            fig_extend(g, x, r->iv[IV_GBPS].hi);
            interval_tally_add(t, &r->iv[IV_GBPS]);
        }
    }
    return fig_panel_close(f) < 0 ? -1 : rc;
}

/*
 * A note naming the sizes measured but not drawn (against threads, only the
 * largest size of each api is), into s; 0 when there are none.
 */
static int host_other_sizes(const struct plot_row *const *rows, size_t n, struct fig_style *s)
{
    double sizes[16];
    size_t k = 0, len;
    for (size_t i = 0, j; i < n; i = j) {
        j = plot_run_end(rows, n, i, host_same_api);
        double at = host_largest(rows, i, j);
        for (size_t m = i; m < j; m++) {
            size_t c = 0;
            while (c < k && sizes[c] != rows[m]->size_bytes)
                c++;
            if (c == k && rows[m]->size_bytes != at && k < sizeof(sizes) / sizeof(sizes[0]))
                sizes[k++] = rows[m]->size_bytes;
        }
    }
    if (k == 0)
        return 0;
    *s = (struct fig_style){"-", "", "", ""};
    len = (size_t)snprintf(s->title, sizeof(s->title), "also measured, in summary.csv:");
    for (size_t c = 0; c < k && len < sizeof(s->title); c++) {
        char size[32];
        units_format_approx((uint64_t)sizes[c], size, sizeof(size));
        len +=
            (size_t)snprintf(s->title + len, sizeof(s->title) - len, "%s %s", c ? "," : "", size);
    }
    return 1;
}

int fig_host_access(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    const struct plot_row **rows;
    size_t n;
    int seen[ALLOC_COUNT] = {0}, rc = 0;
    struct interval_tally t;
    interval_tally_init(&t, 0);
    if (plot_select_rows(in, host_keep, host_order, &rows, &n) < 0)
        return -1;
    int by_threads = host_thread_counts(rows, n) > 1;
    for (size_t i = 0, j; i < n && rc == 0; i = j) {
        j = plot_run_end(rows, n, i, host_same_api);
        rc = host_panel(g, rows, i, j, by_threads, data_dir, seen, &t);
    }
    if (rc == 0 && g->npanels) {
        struct fig_style keys[ALLOC_COUNT], notes[2];
        size_t nnotes = 0;
        double *threads = malloc(n * sizeof(*threads));
        for (size_t i = 0; threads && by_threads && i < n; i++)
            threads[i] = (double)rows[i]->threads;
        if (by_threads && threads) {
            fig_count_tics(g, threads, n);
            snprintf(g->x_label, sizeof(g->x_label), "CPU threads");
        } else {
            snprintf(g->x_label, sizeof(g->x_label), "buffer size (bytes, 1K = 1024)");
        }
        free(threads);
        snprintf(g->what, sizeof(g->what), "CPU read and write bandwidth of host memory");
        snprintf(g->y_label, sizeof(g->y_label), "CPU bandwidth (GB/s = 10⁹ B/s)");
        plot_bars_note(&notes[nnotes++], &t);
        if (by_threads)
            nnotes += (size_t)host_other_sizes(rows, n, &notes[nnotes]);
        if (legend_flow(&g->key, keys, plot_alloc_entries(seen, NULL, keys), 6) < 0 ||
            legend_flow(&g->notes, notes, nnotes, 1) < 0)
            rc = -1;
    }
    free(rows);
    return rc;
}

const struct fig_def fig_host_access_def = {
    .name = "host-access",
    .question =
        "How fast does the CPU itself read and write each kind of host memory?",
    .log_y = 0,
    .describe = fig_host_access,
    .read = reading_host_access,
    .needs =
        "rows of api host-read or host-write",
    .family = FIG_FAMILY_HOST,
    .one_gpu = 0,
};
