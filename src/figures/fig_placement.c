/*
 * fig_placement.c - the placement and placement-pin figures: copy bandwidth
 * and cudaHostRegister time by NUMA binding and page size (see
 * fig_placement.h).
 */
#include "figures/fig_placement.h"
#include "figures/figdef.h"
#include "figures/kit/legend.h"
#include "results/folder.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

uint64_t fig_placement_numa(const struct plot_row *r)
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
    const struct plot_row *a = plot_row_of(pa), *b = plot_row_of(pb);
    int d;
    if ((d = a->dir - b->dir) || (d = a->api - b->api) || (d = a->alloc - b->alloc) ||
        (d = a->pages - b->pages) ||
        (d = plot_cmp_u64(fig_placement_numa(a), fig_placement_numa(b))))
        return d;
    return plot_cmp_double(a->size_bytes, b->size_bytes);
}

static int place_same_panel(const struct plot_row *a, const struct plot_row *b)
{
    return a->dir == b->dir && a->api == b->api;
}

static int place_same_curve(const struct plot_row *a, const struct plot_row *b)
{
    return place_same_panel(a, b) && a->alloc == b->alloc && a->pages == b->pages &&
           fig_placement_numa(a) == fig_placement_numa(b);
}

/* What a placement figure drew: kinds, page sizes, bindings (numa codes, first 8). */
struct place_seen {
    int alloc[ALLOC_COUNT], pages[PAGES_COUNT];
    uint64_t numa[8];
    size_t nnuma;
    double node;                 /* the one NUMA node that held every buffer, or NaN */
    int nodes_set;               /* node has been set from a row */
    struct interval_tally tally; /* the intervals drawn (set up by place_seen_init) */
};

static void place_seen_init(struct place_seen *seen)
{
    *seen = (struct place_seen){0};
    interval_tally_init(&seen->tally, 0);
}

static void place_note_row(struct place_seen *seen, const struct plot_row *r)
{
    size_t c = 0;
    seen->alloc[r->alloc] = seen->pages[r->pages] = 1;
    while (c < seen->nnuma && seen->numa[c] != fig_placement_numa(r))
        c++;
    if (c == seen->nnuma && c < 8)
        seen->numa[seen->nnuma++] = fig_placement_numa(r);
    if (isnan(r->host_numa_node) || (seen->nodes_set && !(seen->node == r->host_numa_node)))
        seen->node = NAN;
    else if (!seen->nodes_set)
        seen->node = r->host_numa_node;
    seen->nodes_set = 1;
}

/* Do rows[0..n) have more than one NUMA binding, so that the point tells them apart? */
static int several_bindings(const struct plot_row *const *rows, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (fig_placement_numa(rows[i]) != fig_placement_numa(rows[0]))
            return 1;
    return 0;
}

/*
 * One block per kind, page size and binding of rows [first, end) (one
 * panel), against size: copy bandwidth (pin: the cudaHostRegister time)
 * with its interval.  The point is the binding when by_binding is
 * set, else the kind's own, as in its key entry.
 */
static int place_blocks(struct fig *g, FILE *f, const struct plot_row *const *rows, size_t first,
                        size_t end, int pin, int by_binding, struct place_seen *seen)
{
    int rc = 0;
    for (size_t i = first, j; i < end && rc == 0; i = j) {
        const struct plot_row *r0 = rows[i];
        struct fig_style s = {schema_value_name(AXIS_ALLOC, r0->alloc),
                              schema_value_name(AXIS_PAGES, r0->pages),
                              by_binding ? numa_point(fig_placement_numa(r0))
                                         : schema_value_name(AXIS_ALLOC, r0->alloc)};
        j = plot_run_end(rows, end, i, place_same_curve);
        rc = fig_block(g, f, &s, pin ? "pin_ms_median" : "copy bandwidth");
        for (size_t k = i; k < j && rc == 0; k++) {
            const struct plot_row *r = rows[k];
            place_note_row(seen, r);
            const struct interval *iv = &r->iv[pin ? IV_PIN_MS : IV_GBPS];
            fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, pin ? r->pin_ms : r->gbps_median,
                    iv->lo, iv->hi);
            fig_extend(g, r->size_bytes, iv->lo);
            fig_extend(g, r->size_bytes, iv->hi);
            interval_tally_add(&seen->tally, iv);
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

/*
 * How many rows of summary.csv that are not ok (skipped, error) are of
 * buffer mode buffer and api api (with registered, of a registered kind)
 * and placed other than by default: the holes in a placement figure, which
 * it says it has.
 */
static size_t place_not_measured(const struct plot_input *in, int buffer, int api, int registered)
{
    size_t n = 0;
    for (size_t i = 0; i < in->summary.nrows; i++) {
        const struct summary_row *r = &in->summary.rows[i];
        uint64_t kind = r->axis[AXIS_ALLOC];
        n += !summary_ok(r) && r->axis[AXIS_BUFFER] == (uint64_t)buffer &&
             r->axis[AXIS_API] == (uint64_t)api &&
             (!registered || (kind < ALLOC_COUNT && alloc_is_registered((int)kind))) &&
             !(folder_default(r, AXIS_NUMA) && folder_default(r, AXIS_PAGES));
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
    struct fig_style notes[PAGES_COUNT + 8 + 2];
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
    plot_bars_note(&notes[n++], &seen->tally);
    return legend_flow(&g->notes, notes, n, 2);
}

/*
 * What varies among the placements drawn, in words joined by and_or ("page
 * size", "NUMA binding", "NUMA binding and page size"), into buf;
 * "placement" when nothing does.
 */
static const char *place_axes(const struct place_seen *seen, const char *and_or, char *buf,
                              size_t n)
{
    int pages = 0;
    for (int p = 0; p < PAGES_COUNT; p++)
        pages += seen->pages[p] != 0;
    snprintf(buf, n, "%s%s%s", seen->nnuma > 1 ? "NUMA binding" : "",
             seen->nnuma > 1 && pages > 1 ? and_or : "", pages > 1 ? "page size" : "");
    if (!buf[0])
        snprintf(buf, n, "placement");
    return buf;
}

/*
 * The title's detail: the api; that the machine has one NUMA node, so
 * that numa any and auto are the same memory, when it has and both are
 * drawn; else the NUMA node that held every buffer when one did.
 */
static void place_detail(struct fig *g, const struct place_seen *seen, const char *what,
                         int numa_nodes)
{
    int any = 0, autos = 0;
    for (size_t c = 0; c < seen->nnuma; c++) {
        any |= seen->numa[c] == NUMA_ANY;
        autos |= seen->numa[c] == NUMA_AUTO;
    }
    if (numa_nodes == 1 && any && autos)
        snprintf(g->detail, sizeof(g->detail),
                 "%s; one NUMA node, so numa any and auto are the same memory", what);
    else if (seen->nodes_set && !isnan(seen->node) && seen->nnuma > 1)
        snprintf(g->detail, sizeof(g->detail), "%s; NUMA node %.0f held every buffer", what,
                 seen->node);
    else
        snprintf(g->detail, sizeof(g->detail), "%s", what);
}

int fig_placement_rows(const struct plot_input *in, int pin, const struct plot_row ***rows,
                       size_t *n)
{
    if (plot_select_rows(in, pin ? place_pin_keep : place_copy_keep, place_order, rows, n) < 0)
        return -1;
    place_narrow(*rows, n, pin);
    return 0;
}

int fig_placement(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    const struct plot_row **rows;
    size_t n;
    struct place_seen seen;
    struct fig_style keys[ALLOC_COUNT];
    char what[64];
    int rc = 0;
    place_seen_init(&seen);
    if (fig_placement_rows(in, 0, &rows, &n) < 0)
        return -1;
    for (size_t i = 0, j; i < n && rc == 0; i = j) {
        int dir = rows[i]->dir;
        FILE *f;
        j = plot_run_end(rows, n, i, place_same_panel);
        if (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), plot_dir_titles[dir]) < 0 ||
            !(f = fig_panel_create(g, data_dir, "",
                                   "size_bytes gbps_median low high (its interval)"))) {
            rc = -1;
            break;
        }
        rc = place_blocks(g, f, rows, i, j, 0, several_bindings(rows, n), &seen);
        if (fig_panel_close(f) < 0)
            rc = -1;
        if (dir == DIR_BIDIR)
            fig_own_y(g);
    }
    if (rc == 0 && g->npanels) {
        /* what is measured: a copy's bandwidth, or a zero-copy kernel's access to the host
           buffer; by what varies among the placements drawn, and only that */
        int zc = rows[0]->api == API_ZEROCOPY;
        char by[64], which[64];
        snprintf(what, sizeof(what), "reuse, %s", schema_value_name(AXIS_API, rows[0]->api));
        snprintf(g->what, sizeof(g->what), "%s by %s", zc ? "zero-copy bandwidth" : "copy bandwidth",
                 place_axes(&seen, " and ", by, sizeof(by)));
        snprintf(g->question, sizeof(g->question), "Does a host buffer's %s change its %s?",
                 place_axes(&seen, " or ", which, sizeof(which)),
                 zc ? "bandwidth to a zero-copy kernel" : "copy bandwidth");
        snprintf(g->y_label, sizeof(g->y_label), "%s (GB/s = 10⁹ B/s)",
                 rows[0]->api == API_ZEROCOPY ? "zero-copy kernel bandwidth" : "copy bandwidth");
        place_detail(g, &seen, what, in->numa_nodes);
        rc =
            legend_flow(&g->key, keys, plot_alloc_entries(seen.alloc, "default", keys), 6) < 0 ||
                    place_notes(g, &seen, place_not_measured(in, BUFFER_REUSE, rows[0]->api, 0)) < 0
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
    struct place_seen seen;
    struct fig_style keys[ALLOC_COUNT];
    char title[96], what[64];
    int rc = 0;
    place_seen_init(&seen);
    FILE *f = NULL;
    if (fig_placement_rows(in, 1, &rows, &n) < 0)
        return -1;
    if (n) {
        snprintf(title, sizeof(title), "cudaHostRegister of a malloc'd buffer");
        if (fig_panel(g, "pin", title) < 0 ||
            !(f = fig_panel_create(g, data_dir, "",
                                   "size_bytes pin_ms (medians) low high (its "
                                   "interval)")))
            rc = -1;
    }
    if (f) {
        rc = place_blocks(g, f, rows, 0, n, 1, several_bindings(rows, n), &seen);
        if (fig_panel_close(f) < 0)
            rc = -1;
    }
    if (rc == 0 && g->npanels) {
        snprintf(what, sizeof(what), "reallocate, %s, %s", plot_dir_titles[rows[0]->dir],
                 schema_value_name(AXIS_API, rows[0]->api));
        char by[64], which[64];
        snprintf(g->what, sizeof(g->what), "pinning time by %s",
                 place_axes(&seen, " and ", by, sizeof(by)));
        snprintf(g->question, sizeof(g->question),
                 "Does a buffer's %s change what cudaHostRegister costs?",
                 place_axes(&seen, " or ", which, sizeof(which)));
        snprintf(g->y_label, sizeof(g->y_label), "cudaHostRegister time, median (ms)");
        place_detail(g, &seen, what, in->numa_nodes);
        rc = legend_flow(&g->key, keys, plot_alloc_entries(seen.alloc, "default", keys), 6) < 0 ||
                     place_notes(g, &seen,
                                 place_not_measured(in, BUFFER_REALLOCATE, rows[0]->api, 1)) < 0
                 ? -1
                 : 0;
    }
    free(rows);
    return rc;
}

/* ---- the readings: what the figures draw, in words ---- */

/* A placement in words: "thp", "default, numa auto" (the api is said once, before). */
static const char *place_text(const struct plot_row *r)
{
    static char bufs[4][96];
    static int next;
    char *b = bufs[next++ % 4], numa[32];
    size_t len =
        (size_t)snprintf(b, sizeof(bufs[0]), "%s", schema_value_name(AXIS_PAGES, r->pages));
    if (r->numa != NUMA_ANY && r->numa != AXIS_UNUSED)
        snprintf(b + len, sizeof(bufs[0]) - len, ", numa %s",
                 schema_value_text(AXIS_NUMA, r->numa, numa, sizeof(numa)));
    return b;
}

/*
 * Of the rows the placement figure (pin 0) or placement-pin (pin 1) draws
 * (fig_placement_rows: one api), for each kind and direction, every
 * placement's value at the largest size placed other than by default:
 * "registered h2d zerocopy at 256 MiB: 47.97 GB/s (default), 50.54 (thp)";
 * or (pin) what registering took: "registered: registering 256 MiB takes
 * 75 ms (default), 40 (thp)".  Nothing the figure does not draw.
 */
static void read_placement(struct reading *t, const struct plot_input *in, int pin)
{
    const struct plot_row **rows = NULL;
    size_t n = 0;
    if (fig_placement_rows(in, pin, &rows, &n) < 0)
        return;
    for (int a = 0; a < ALLOC_COUNT; a++)
        for (int d = 0; d < DIR_BIDIR; d++) {
            double size = -1;
            for (size_t i = 0; i < n; i++)
                if (rows[i]->alloc == a && rows[i]->dir == d && !plot_default_place(rows[i]))
                    size = fmax(size, rows[i]->size_bytes);
            if (size < 0)
                continue;
            if (pin)
                fprintf(t->f, "%s%s: registering %s takes", t->parts++ ? "; " : "",
                        schema_value_name(AXIS_ALLOC, a), reading_size(size));
            else
                fprintf(t->f, "%s%s %s at %s:", t->parts++ ? "; " : "", reading_kind_dir(a, d),
                        schema_value_name(AXIS_API, rows[0]->api), reading_size(size));
            int first = 1;
            for (size_t i = 0; i < n; i++) {
                const struct plot_row *r = rows[i];
                if (!(r->alloc == a && r->dir == d && r->size_bytes == size))
                    continue;
                fprintf(t->f, "%s %s%s (%s)", first ? "" : ",",
                        pin ? reading_count(r->pin_ms) : reading_gbps(r->gbps_median),
                        first ? (pin ? " ms" : " GB/s") : "", place_text(r));
                first = 0;
            }
        }
    free(rows);
}


/* The placement figures' readings (figdef.h), of the rows they draw. */
static void read_placement_copy(struct reading *t, const struct plot_input *in)
{
    read_placement(t, in, 0);
}

static void read_placement_pin(struct reading *t, const struct plot_input *in)
{
    read_placement(t, in, 1);
}

const struct fig_def fig_placement_def = {
    .name = "placement",
    .question =
        "Does a host buffer's NUMA node or page size change its copy bandwidth?",
    .log_y = 0,
    .describe = fig_placement,
    .read = read_placement_copy,
    .needs =
        "reuse rows of api sync or async with numa or pages other than the default (any, "
        "default)",
    .family = FIG_FAMILY_PLACEMENT,
    .one_gpu = 0,
};

const struct fig_def fig_placement_pin_def = {
    .name = "placement-pin",
    .question =
        "Does a buffer's NUMA node or page size change what cudaHostRegister costs?",
    .log_y = 1,
    .describe = fig_placement_pin,
    .read = read_placement_pin,
    .needs =
        "reallocate rows of a registered kind with pin_ms_median and numa or pages other "
        "than the default",
    .family = FIG_FAMILY_PLACEMENT,
    .one_gpu = 0,
};
