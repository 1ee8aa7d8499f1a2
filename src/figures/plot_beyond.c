/*
 * plot_beyond.c - the figures of what pinsweep measures besides plain
 * copies: a chunked pipeline against the number of streams (overlap), the
 * CPU reading and writing each kind of host memory (host-access), and copy
 * bandwidth and pinning cost by NUMA binding and page size (placement,
 * placement-pin).  They draw from in->all, every ok row of summary.csv;
 * plot.c reads the folder and draws them with its own (see plot_results.h).
 */
#include "results/csv.h"
#include "figures/plot_fig.h"
#include "figures/plot_results.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BEYOND_MAX_PANELS 4 /* panels side by side before the page is too wide */

/* ---- picking and ordering rows ---- */

typedef int (*row_keep_fn)(const struct plot_row *r);

static int cmp_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

static int cmp_double(double a, double b)
{
    return (a > b) - (a < b);
}

/* The row behind an element of a select_rows array, for the qsort comparators. */
static const struct plot_row *row_at(const void *p)
{
    return *(const struct plot_row *const *)p;
}

/*
 * The rows of in->all that keep accepts, on one device (the first such
 * row's), sorted by order, as a malloc'd array of pointers into in->all
 * (the caller frees it) of *n; -1 (errno set) when out of memory.
 */
static int select_rows(const struct plot_input *in, row_keep_fn keep,
                       int (*order)(const void *, const void *), const struct plot_row ***out,
                       size_t *n)
{
    const char *device = NULL;
    *n = 0;
    *out = malloc((in->nall ? in->nall : 1) * sizeof(**out));
    if (!*out)
        return -1;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (!keep(r) || (device && strcmp(r->device, device) != 0))
            continue;
        device = r->device;
        (*out)[(*n)++] = r;
    }
    if (*n > 1)
        qsort(*out, *n, sizeof(**out), order);
    return 0;
}

/* The end of the run that starts at rows[i]: the rows same() puts with it. */
static size_t run_end(const struct plot_row *const *rows, size_t n, size_t i,
                      int (*same)(const struct plot_row *, const struct plot_row *))
{
    size_t j = i + 1;
    while (j < n && same(rows[i], rows[j]))
        j++;
    return j;
}

/* ---- overlap: a pipeline against the number of streams ---- */

static int overlap_keep(const struct plot_row *r)
{
    return r->api == API_PIPELINE && r->pipeline_ms > 0 && r->streams != AXIS_UNUSED &&
           plot_default_place(r);
}

/* A panel of the overlap figure: a kernel, a size and a number of chunks. */
static int overlap_same_panel(const struct plot_row *a, const struct plot_row *b)
{
    return a->kernel == b->kernel && a->size_bytes == b->size_bytes && a->chunks == b->chunks;
}

static int overlap_same_curve(const struct plot_row *a, const struct plot_row *b)
{
    return overlap_same_panel(a, b) && a->alloc == b->alloc;
}

static int overlap_order(const void *pa, const void *pb)
{
    const struct plot_row *a = row_at(pa), *b = row_at(pb);
    int d;
    if ((d = cmp_u64(a->kernel, b->kernel)) || (d = cmp_double(a->size_bytes, b->size_bytes)) ||
        (d = cmp_u64(a->chunks, b->chunks)) || (d = a->alloc - b->alloc))
        return d;
    return cmp_u64(a->streams, b->streams);
}

/* "256 MiB in 32 chunks" for row r, into buf. */
static void overlap_split(const struct plot_row *r, char *buf, size_t n)
{
    char size[32];
    units_format_approx((uint64_t)r->size_bytes, size, sizeof(size));
    snprintf(buf, n, "%s in %llu chunk%s", size, (unsigned long long)r->chunks,
             r->chunks == 1 ? "" : "s");
}

/* A panel's title: its kernel, and its size and chunks when the panels differ in them. */
static void overlap_panel_title(const struct plot_row *r, int common, char *buf, size_t n)
{
    char kernel[32], split[64] = "";
    schema_value_text(AXIS_KERNEL, r->kernel, kernel, sizeof(kernel));
    if (!common)
        overlap_split(r, split, sizeof(split));
    if (r->kernel == KERNEL_NONE)
        snprintf(buf, n, "no kernel%s%s", common ? "" : ", ", split);
    else if (r->kernel & KERNEL_RATIO)
        snprintf(buf, n, "kernel %.*s× a chunk's h2d%s%s", (int)strlen(kernel) - 1, kernel,
                 common ? "" : ", ", split);
    else
        snprintf(buf, n, "kernel %s per chunk%s%s", kernel, common ? "" : ", ", split);
}

/*
 * The kinds whose serial sum and ideal are drawn in a panel (rows [first,
 * end), sorted by kind): pageable, and the first page-locked kind, which
 * stands for the others (their pipelines differ little; their references
 * would be drawn over each other).  *pageable and *locked get the kinds, -1
 * for none.
 */
static void overlap_references(const struct plot_row *const *rows, size_t first, size_t end,
                               int *pageable, int *locked)
{
    *pageable = *locked = -1;
    for (size_t i = first; i < end; i++) {
        if (rows[i]->alloc == ALLOC_PAGEABLE)
            *pageable = ALLOC_PAGEABLE;
        else if (*locked < 0)
            *locked = rows[i]->alloc;
    }
}

/*
 * The pipeline block of rows [first, end) of one kind: streams, time and,
 * at the most streams of a kind with references, the overlap factor as a
 * label ("" elsewhere).
 */
static int overlap_block(struct fig *g, FILE *f, const struct plot_row *const *rows, size_t first,
                         size_t end, int labelled)
{
    /* A point per kind too: the page-locked kinds' curves lie on one another. */
    const char *kind = schema_value_name(AXIS_ALLOC, rows[first]->alloc);
    struct fig_style s = {kind, "pipeline", kind};
    if (fig_block(g, f, &s, "pipeline_ms_median, and the overlap factor at the most streams") < 0)
        return -1;
    for (size_t i = first; i < end; i++) {
        const struct plot_row *r = rows[i];
        if (labelled && i == end - 1 && r->overlap > 0)
            fprintf(f, "%llu %.6g \"%.1f×\"\n", (unsigned long long)r->streams, r->pipeline_ms,
                    r->overlap);
        else
            fprintf(f, "%llu %.6g \"\"\n", (unsigned long long)r->streams, r->pipeline_ms);
        fig_extend(g, (double)r->streams, r->pipeline_ms);
    }
    return 0;
}

/* The serial sum (dashed) and the ideal (dotted) of rows [first, end), one kind, as overlays. */
static int overlap_reference(struct fig *g, FILE *f, const struct plot_row *const *rows,
                             size_t first, size_t end)
{
    static const char *const lines[] = {"serial", "ideal"};
    static const char *const what[] = {"serial_ms_median: the stages one after another",
                                       "ideal_ms_median: the longest stage alone"};
    for (int k = 0; k < 2; k++) {
        struct fig_style s = {schema_value_name(AXIS_ALLOC, rows[first]->alloc), lines[k], ""};
        if (fig_overlay(g, f, &s, what[k]) < 0)
            return -1;
        for (size_t i = first; i < end; i++) {
            double ms = k == 0 ? rows[i]->serial_ms : rows[i]->ideal_ms;
            if (!(ms > 0))
                continue;
            fprintf(f, "%llu %.6g\n", (unsigned long long)rows[i]->streams, ms);
            fig_extend(g, (double)rows[i]->streams, ms);
        }
    }
    return 0;
}

/* One panel of the overlap figure: rows [first, end), one kernel, size and chunks. */
static int overlap_panel(struct fig *g, const struct plot_row *const *rows, size_t first,
                         size_t end, int common, const char *data_dir, int seen[ALLOC_COUNT])
{
    char tag[48], kernel[24], title[96];
    int pageable, locked, rc = 0;
    schema_value_text(AXIS_KERNEL, rows[first]->kernel, kernel, sizeof(kernel));
    if (common)
        snprintf(tag, sizeof(tag), "kernel-%s", kernel);
    else
        snprintf(tag, sizeof(tag), "%zu-kernel-%s", g->npanels + 1, kernel);
    overlap_panel_title(rows[first], common, title, sizeof(title));
    overlap_references(rows, first, end, &pageable, &locked);
    FILE *f = fig_panel(g, tag, title) < 0
                  ? NULL
                  : fig_panel_create(g, data_dir, "", "streams pipeline_ms label (overlap factor)");
    FILE *o = f ? fig_panel_create(g, data_dir, "-overlay", "streams ms") : NULL;
    if (!o)
        rc = -1;
    for (size_t i = first, j; i < end && rc == 0; i = j) {
        int alloc = rows[i]->alloc, refs = alloc == pageable || alloc == locked;
        j = run_end(rows, end, i, overlap_same_curve);
        seen[alloc] = 1;
        rc = overlap_block(g, f, rows, i, j, refs);
        if (rc == 0 && refs)
            rc = overlap_reference(g, o, rows, i, j);
    }
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    if (o && fig_panel_close(o) < 0)
        rc = -1;
    return rc;
}

/* The names of the kinds with references in some panel, "pageable, pinned", into buf. */
static void overlap_ref_names(const struct plot_row *const *rows, size_t n, char *buf, size_t len)
{
    int seen[ALLOC_COUNT] = {0}, pageable, locked;
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0, j; i < n; i = j) {
        j = run_end(rows, n, i, overlap_same_panel);
        overlap_references(rows, i, j, &pageable, &locked);
        if (pageable >= 0)
            seen[pageable] = 1;
        if (locked >= 0)
            seen[locked] = 1;
    }
    for (int a = 0; a < ALLOC_COUNT && used < len; a++)
        if (seen[a])
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
                                     schema_value_name(AXIS_ALLOC, a));
}

static int overlap_legend(struct fig *g, const int seen[ALLOC_COUNT], const char *refs)
{
    struct fig_style keys[ALLOC_COUNT],
        notes[4] = {
            {"", "pipeline", "", "solid: every chunk through h2d → kernel → d2h"},
            {"", "serial", "", ""},
            {"", "ideal", "", ""},
            {"-", "", "", "at the right end: the overlap factor, serial ÷ pipeline"},
        };
    snprintf(notes[1].title, sizeof(notes[1].title), "dashed: the stages one after another (%s)",
             refs);
    snprintf(notes[2].title, sizeof(notes[2].title), "dotted: the longest stage alone (%s)", refs);
    size_t nkeys = plot_alloc_entries(seen, "pipeline", keys);
    for (size_t k = 0; k < nkeys; k++)
        keys[k].point = keys[k].color;
    if (legend_flow(&g->key, keys, nkeys, 6) < 0)
        return -1;
    return legend_flow(&g->notes, notes, 4, 1);
}

int fig_overlap(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    const struct plot_row **rows;
    size_t n, npanels = 0, drawn = 0;
    int seen[ALLOC_COUNT] = {0}, rc = 0;
    double *streams;
    char refs[128], split[64];
    if (select_rows(in, overlap_keep, overlap_order, &rows, &n) < 0)
        return -1;
    int common = 1;
    for (size_t i = 0, j; i < n; i = j, npanels++) {
        j = run_end(rows, n, i, overlap_same_panel);
        common &= rows[i]->size_bytes == rows[0]->size_bytes && rows[i]->chunks == rows[0]->chunks;
    }
    streams = malloc((n ? n : 1) * sizeof(*streams));
    if (!streams)
        rc = -1;
    for (size_t i = 0, j; i < n && rc == 0 && drawn < BEYOND_MAX_PANELS; i = j, drawn++) {
        j = run_end(rows, n, i, overlap_same_panel);
        rc = overlap_panel(g, rows, i, j, common, data_dir, seen);
    }
    if (rc == 0 && g->npanels) {
        for (size_t i = 0; i < n; i++)
            streams[i] = (double)rows[i]->streams;
        fig_count_tics(g, streams, n);
        overlap_split(rows[0], split, sizeof(split));
        snprintf(g->what, sizeof(g->what), "pipeline time against streams");
        snprintf(g->detail, sizeof(g->detail), "%s%s%s", common ? split : "",
                 common && npanels > drawn ? "; " : "",
                 npanels > drawn ? "the first panels only: see summary.csv" : "");
        snprintf(g->x_label, sizeof(g->x_label), "streams (the chunks round-robin over them)");
        snprintf(g->y_label, sizeof(g->y_label), "time for all chunks, median (ms)");
        overlap_ref_names(rows, n, refs, sizeof(refs));
        rc = overlap_legend(g, seen, refs);
    }
    free(streams);
    free(rows);
    return rc;
}

/* ---- host-access: the CPU reading and writing host memory ---- */

static int host_keep(const struct plot_row *r)
{
    return api_is_host(r->api) && r->gbps_median > 0 && r->threads != AXIS_UNUSED &&
           plot_default_place(r);
}

static int host_order(const void *pa, const void *pb)
{
    const struct plot_row *a = row_at(pa), *b = row_at(pb);
    int d;
    if ((d = a->api - b->api) || (d = a->alloc - b->alloc) || (d = cmp_u64(a->threads, b->threads)))
        return d;
    return cmp_double(a->size_bytes, b->size_bytes);
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
                      int by_threads, const char *data_dir, int seen[ALLOC_COUNT])
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
                                     by_threads ? "threads gbps_median gbps_min gbps_max"
                                                : "size_bytes gbps_median gbps_min gbps_max");
    if (!f)
        return -1;
    for (size_t i = first, j; i < end && rc == 0; i = j) {
        j = run_end(rows, end, i, host_same_curve);
        struct fig_style s = {schema_value_name(AXIS_ALLOC, rows[i]->alloc), "reuse", ""};
        seen[rows[i]->alloc] = 1;
        rc = fig_block(g, f, &s, "CPU bandwidth");
        for (size_t k = i; k < j && rc == 0; k++) {
            const struct plot_row *r = rows[k];
            double x = by_threads ? (double)r->threads : r->size_bytes;
            if (by_threads && r->size_bytes != at)
                continue;
            fprintf(f, "%.0f %.6g %.6g %.6g\n", x, r->gbps_median,
                    isnan(r->gbps_min) ? r->gbps_median : r->gbps_min,
                    isnan(r->gbps_max) ? r->gbps_median : r->gbps_max);
            fig_extend(g, x, isnan(r->gbps_max) ? r->gbps_median : r->gbps_max);
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
        j = run_end(rows, n, i, host_same_api);
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
    if (select_rows(in, host_keep, host_order, &rows, &n) < 0)
        return -1;
    int by_threads = host_thread_counts(rows, n) > 1;
    for (size_t i = 0, j; i < n && rc == 0; i = j) {
        j = run_end(rows, n, i, host_same_api);
        rc = host_panel(g, rows, i, j, by_threads, data_dir, seen);
    }
    if (rc == 0 && g->npanels) {
        struct fig_style keys[ALLOC_COUNT], note;
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
        if (legend_flow(&g->key, keys, plot_alloc_entries(seen, "reuse", keys), 6) < 0 ||
            (by_threads && host_other_sizes(rows, n, &note) &&
             legend_flow(&g->notes, &note, 1, 1) < 0))
            rc = -1;
    }
    free(rows);
    return rc;
}

/* ---- placement: NUMA binding and page size ---- */

/* The point type of a NUMA binding (plots/style.gp): numa:any, numa:auto, numa:N. */
static const char *numa_point(uint64_t numa)
{
    static const char *const nodes[] = {"numa:0", "numa:1", "numa:2", "numa:3",
                                        "numa:4", "numa:5", "numa:6", "numa:7"};
    if (numa == NUMA_ANY || numa == AXIS_UNUSED)
        return "numa:any";
    if (numa == NUMA_AUTO)
        return "numa:auto";
    return numa - NUMA_NODE < 8 ? nodes[numa - NUMA_NODE] : "numa:node";
}

/* The same binding, unused counted as any. */
static uint64_t numa_of(const struct plot_row *r)
{
    return r->numa == AXIS_UNUSED ? NUMA_ANY : r->numa;
}

static int place_copy_keep(const struct plot_row *r)
{
    return (api_is_copy(r->api) || r->api == API_ZEROCOPY) && r->buffer == BUFFER_REUSE &&
           plot_host_steady(r) && r->gbps_median > 0;
}

static int place_pin_keep(const struct plot_row *r)
{
    return r->buffer == BUFFER_REALLOCATE && alloc_is_registered(r->alloc) && r->pin_ms > 0 &&
           plot_host_steady(r);
}

static int place_order(const void *pa, const void *pb)
{
    const struct plot_row *a = row_at(pa), *b = row_at(pb);
    int d;
    if ((d = a->dir - b->dir) || (d = a->api - b->api) || (d = a->alloc - b->alloc) ||
        (d = a->pages - b->pages) || (d = cmp_u64(numa_of(a), numa_of(b))))
        return d;
    return cmp_double(a->size_bytes, b->size_bytes);
}

static int place_same_panel(const struct plot_row *a, const struct plot_row *b)
{
    return a->dir == b->dir && a->api == b->api;
}

static int place_same_curve(const struct plot_row *a, const struct plot_row *b)
{
    return place_same_panel(a, b) && a->alloc == b->alloc && a->pages == b->pages &&
           numa_of(a) == numa_of(b);
}

/* What a placement figure drew: kinds, page sizes, bindings (numa codes, first 8). */
struct place_seen {
    int alloc[ALLOC_COUNT], pages[PAGES_COUNT];
    uint64_t numa[8];
    size_t nnuma;
    double node;   /* the one NUMA node that held every buffer, or NaN */
    int nodes_set; /* node has been set from a row */
};

static void place_note_row(struct place_seen *seen, const struct plot_row *r)
{
    size_t c = 0;
    seen->alloc[r->alloc] = seen->pages[r->pages] = 1;
    while (c < seen->nnuma && seen->numa[c] != numa_of(r))
        c++;
    if (c == seen->nnuma && c < 8)
        seen->numa[seen->nnuma++] = numa_of(r);
    if (isnan(r->host_numa_node) || (seen->nodes_set && !(seen->node == r->host_numa_node)))
        seen->node = NAN;
    else if (!seen->nodes_set)
        seen->node = r->host_numa_node;
    seen->nodes_set = 1;
}

/*
 * One block per kind, page size and binding of rows [first, end) (one
 * panel), against size: copy bandwidth with min..max (pin: the
 * cudaHostRegister time).
 */
static int place_blocks(struct fig *g, FILE *f, const struct plot_row *const *rows, size_t first,
                        size_t end, int pin, struct place_seen *seen)
{
    int rc = 0;
    for (size_t i = first, j; i < end && rc == 0; i = j) {
        const struct plot_row *r0 = rows[i];
        struct fig_style s = {schema_value_name(AXIS_ALLOC, r0->alloc),
                              schema_value_name(AXIS_PAGES, r0->pages), numa_point(numa_of(r0))};
        j = run_end(rows, end, i, place_same_curve);
        rc = fig_block(g, f, &s, pin ? "pin_ms_median" : "copy bandwidth");
        for (size_t k = i; k < j && rc == 0; k++) {
            const struct plot_row *r = rows[k];
            place_note_row(seen, r);
            if (pin) {
                fprintf(f, "%.0f %.6g\n", r->size_bytes, r->pin_ms);
                fig_extend(g, r->size_bytes, r->pin_ms);
                continue;
            }
            fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, r->gbps_median,
                    isnan(r->gbps_min) ? r->gbps_median : r->gbps_min,
                    isnan(r->gbps_max) ? r->gbps_median : r->gbps_max);
            fig_extend(g, r->size_bytes, isnan(r->gbps_max) ? r->gbps_median : r->gbps_max);
        }
    }
    return rc;
}

/*
 * Keep, of rows[0..*n) (sorted by place_order), those of the api (with
 * one_dir, and the direction) of the first row placed other than by
 * default, and of the kinds measured at such a placement with it: their
 * default rows are what the others are compared with.  *n becomes 0 when
 * no row has another placement.
 */
static void place_narrow(const struct plot_row **rows, size_t *n, int one_dir)
{
    int kinds[ALLOC_COUNT] = {0}, dir = -1, api = -1;
    size_t kept = 0;
    for (size_t i = 0; i < *n; i++)
        if (!plot_default_place(rows[i]) && dir < 0) {
            dir = rows[i]->dir;
            api = rows[i]->api;
        }
    for (size_t i = 0; i < *n; i++)
        if (!plot_default_place(rows[i]) && rows[i]->api == api)
            kinds[rows[i]->alloc] = 1;
    for (size_t i = 0; i < *n; i++)
        if (rows[i]->api == api && kinds[rows[i]->alloc] && (!one_dir || rows[i]->dir == dir))
            rows[kept++] = rows[i];
    *n = dir < 0 ? 0 : kept;
}

/* Is cell (row i, column col) of t empty, "-" or dflt: the axis's default? */
static int cell_default(const struct csv_table *t, size_t i, int col, const char *dflt)
{
    const char *v = csv_table_get(t, i, col);
    return !v[0] || strcmp(v, "-") == 0 || strcmp(v, dflt) == 0;
}

/*
 * How many rows of summary.csv that are not ok (skipped, error) are of
 * buffer mode buffer and api api (with registered, of a registered kind)
 * and placed other than by default: the holes in a placement figure, which
 * it says it has.
 */
static size_t place_not_measured(const struct plot_input *in, const char *buffer, const char *api,
                                 int registered)
{
    const struct csv_table *t = &in->table;
    int status = csv_table_col(t, "status"), numa = csv_table_col(t, "numa"),
        pages = csv_table_col(t, "pages"), buf = csv_table_col(t, "buffer"),
        api_col = csv_table_col(t, "api"), alloc = csv_table_col(t, "alloc");
    size_t n = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        int kind = schema_value_find(AXIS_ALLOC, csv_table_get(t, i, alloc));
        n += strcmp(csv_table_get(t, i, status), "ok") != 0 &&
             strcmp(csv_table_get(t, i, buf), buffer) == 0 &&
             strcmp(csv_table_get(t, i, api_col), api) == 0 &&
             (!registered || (kind >= 0 && alloc_is_registered(kind))) &&
             !(cell_default(t, i, numa, "any") && cell_default(t, i, pages, "default"));
    }
    return n;
}

/* The notes of a placement figure: each page size's dash, each binding's point, the holes. */
static int place_notes(struct fig *g, const struct place_seen *seen, size_t holes)
{
    static const char *const pages_titles[PAGES_COUNT] = {
        [PAGES_DEFAULT] = "default pages (4 KiB)",
        [PAGES_THP] = "thp: transparent huge pages",
        [PAGES_HUGETLB] = "hugetlb: reserved huge pages",
    };
    struct fig_style notes[PAGES_COUNT + 8 + 1];
    size_t n = 0;
    for (int p = 0; p < PAGES_COUNT; p++)
        if (seen->pages[p]) {
            notes[n] = (struct fig_style){"", schema_value_name(AXIS_PAGES, p), ""};
            snprintf(notes[n++].title, sizeof(notes[0].title), "%s", pages_titles[p]);
        }
    for (size_t c = 0; c < seen->nnuma && !(seen->nnuma == 1 && seen->numa[0] == NUMA_ANY); c++) {
        uint64_t v = seen->numa[c];
        notes[n] = (struct fig_style){"", "", numa_point(v)};
        if (v == NUMA_ANY)
            snprintf(notes[n].title, sizeof(notes[0].title), "numa any: not bound");
        else if (v == NUMA_AUTO)
            snprintf(notes[n].title, sizeof(notes[0].title), "numa auto: the GPU's node");
        else
            snprintf(notes[n].title, sizeof(notes[0].title), "numa %llu: node %llu",
                     (unsigned long long)(v - NUMA_NODE), (unsigned long long)(v - NUMA_NODE));
        n++;
    }
    if (holes) {
        notes[n] = (struct fig_style){"-", "", ""};
        snprintf(notes[n++].title, sizeof(notes[0].title),
                 "%zu configuration%s skipped or failed: see summary.csv", holes,
                 holes == 1 ? "" : "s");
    }
    return legend_flow(&g->notes, notes, n, 2);
}

/* The title's detail: the api, and the NUMA node that held every buffer when one did. */
static void place_detail(struct fig *g, const struct place_seen *seen, const char *what)
{
    if (seen->nodes_set && !isnan(seen->node) && seen->nnuma > 1)
        snprintf(g->detail, sizeof(g->detail), "%s; NUMA node %.0f held every buffer", what,
                 seen->node);
    else
        snprintf(g->detail, sizeof(g->detail), "%s", what);
}

int fig_placement(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    const struct plot_row **rows;
    size_t n;
    struct place_seen seen = {0};
    struct fig_style keys[ALLOC_COUNT];
    char what[64];
    int rc = 0;
    if (select_rows(in, place_copy_keep, place_order, &rows, &n) < 0)
        return -1;
    place_narrow(rows, &n, 0);
    for (size_t i = 0, j; i < n && rc == 0; i = j) {
        int dir = rows[i]->dir;
        FILE *f;
        j = run_end(rows, n, i, place_same_panel);
        if (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), plot_dir_titles[dir]) < 0 ||
            !(f = fig_panel_create(g, data_dir, "", "size_bytes gbps_median gbps_min gbps_max"))) {
            rc = -1;
            break;
        }
        rc = place_blocks(g, f, rows, i, j, 0, &seen);
        if (fig_panel_close(f) < 0)
            rc = -1;
        if (dir == DIR_BIDIR)
            fig_own_y(g);
    }
    if (rc == 0 && g->npanels) {
        snprintf(what, sizeof(what), "reuse, %s", schema_value_name(AXIS_API, rows[0]->api));
        snprintf(g->what, sizeof(g->what), "copy bandwidth by NUMA binding and page size");
        snprintf(g->y_label, sizeof(g->y_label), "copy bandwidth (GB/s = 10⁹ B/s)");
        place_detail(g, &seen, what);
        rc = legend_flow(&g->key, keys, plot_alloc_entries(seen.alloc, "default", keys), 6) < 0 ||
                     place_notes(g, &seen,
                                 place_not_measured(
                                     in, "reuse", schema_value_name(AXIS_API, rows[0]->api), 0)) < 0
                 ? -1
                 : 0;
    }
    free(rows);
    return rc;
}

int fig_placement_pin(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    const struct plot_row **rows;
    size_t n;
    struct place_seen seen = {0};
    struct fig_style keys[ALLOC_COUNT];
    char title[96], what[64];
    int rc = 0;
    FILE *f = NULL;
    if (select_rows(in, place_pin_keep, place_order, &rows, &n) < 0)
        return -1;
    place_narrow(rows, &n, 1);
    if (n) {
        snprintf(title, sizeof(title), "cudaHostRegister of a malloc'd buffer");
        if (fig_panel(g, "pin", title) < 0 ||
            !(f = fig_panel_create(g, data_dir, "", "size_bytes pin_ms (medians)")))
            rc = -1;
    }
    if (f) {
        rc = place_blocks(g, f, rows, 0, n, 1, &seen);
        if (fig_panel_close(f) < 0)
            rc = -1;
    }
    if (rc == 0 && g->npanels) {
        snprintf(what, sizeof(what), "reallocate, %s, %s", plot_dir_titles[rows[0]->dir],
                 schema_value_name(AXIS_API, rows[0]->api));
        snprintf(g->what, sizeof(g->what), "pinning time by page size");
        snprintf(g->y_label, sizeof(g->y_label), "cudaHostRegister time, median (ms)");
        place_detail(g, &seen, what);
        rc = legend_flow(&g->key, keys, plot_alloc_entries(seen.alloc, "default", keys), 6) < 0 ||
                     place_notes(g, &seen,
                                 place_not_measured(in, "reallocate",
                                                    schema_value_name(AXIS_API, rows[0]->api), 1)) <
                         0
                 ? -1
                 : 0;
    }
    free(rows);
    return rc;
}
