/*
 * fig_pipeline.c - the overlap figure: a chunked pipeline's time against
 * the number of streams, a panel per kernel (see fig_pipeline.h).
 */
#include "figures/fig_pipeline.h"
#include "analysis/interval.h"
#include "figures/figdef.h"
#include "figures/kit/legend.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define OVERLAP_MAX_PANELS 4 /* panels side by side before the page is too wide */

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
    const struct plot_row *a = plot_row_of(pa), *b = plot_row_of(pb);
    int d;
    if ((d = plot_cmp_u64(a->kernel, b->kernel)) ||
        (d = plot_cmp_double(a->size_bytes, b->size_bytes)) ||
        (d = plot_cmp_u64(a->chunks, b->chunks)) || (d = a->alloc - b->alloc))
        return d;
    return plot_cmp_u64(a->streams, b->streams);
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
                         size_t end, int labelled, struct interval_tally *t)
{
    /* A point per kind too: the page-locked kinds' curves lie on one another. */
    const char *kind = schema_value_name(AXIS_ALLOC, rows[first]->alloc);
    struct fig_style s = {kind, "pipeline", kind};
    if (fig_block(g, f, &s, "pipeline_ms_median, and the overlap factor at the most streams") < 0)
        return -1;
    for (size_t i = first; i < end; i++) {
        const struct plot_row *r = rows[i];
        /* the time's interval: its GB/s's (size over this time) on the log scale, scaled */
        struct interval ms = r->iv[IV_GBPS];
        if (interval_known(&ms))
            interval_recentre(&ms, r->pipeline_ms, &ms);
        else
            interval_none(r->pipeline_ms, &ms);
        interval_tally_add(t, &ms);
        fprintf(f, "%llu %.6g %.6g %.6g ", (unsigned long long)r->streams, r->pipeline_ms, ms.lo,
                ms.hi);
        if (labelled && i == end - 1 && r->overlap > 0)
            fprintf(f, "\"%.1f×\"\n", r->overlap);
        else
            fprintf(f, "\"\"\n");
        fig_extend(g, (double)r->streams, ms.lo);
        fig_extend(g, (double)r->streams, ms.hi);
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
                         size_t end, int common, const char *data_dir, int seen[ALLOC_COUNT],
                         struct interval_tally *t)
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
                  : fig_panel_create(g, data_dir, "",
                                     "streams pipeline_ms low high (its interval) label "
                                     "(overlap factor)");
    FILE *o = f ? fig_panel_create(g, data_dir, "-overlay", "streams ms") : NULL;
    if (!o)
        rc = -1;
    for (size_t i = first, j; i < end && rc == 0; i = j) {
        int alloc = rows[i]->alloc, refs = alloc == pageable || alloc == locked;
        j = plot_run_end(rows, end, i, overlap_same_curve);
        seen[alloc] = 1;
        rc = overlap_block(g, f, rows, i, j, refs, t);
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
        j = plot_run_end(rows, n, i, overlap_same_panel);
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

static int overlap_legend(struct fig *g, const int seen[ALLOC_COUNT], const char *refs,
                          const struct interval_tally *t)
{
    struct fig_style keys[ALLOC_COUNT],
        notes[5] = {
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
    plot_bars_note(&notes[4], t);
    return legend_flow(&g->notes, notes, 5, 1);
}

int fig_overlap(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    const struct plot_row **rows;
    size_t n, npanels = 0, drawn = 0;
    int seen[ALLOC_COUNT] = {0}, rc = 0;
    double *streams;
    char refs[128], split[64];
    struct interval_tally t;
    interval_tally_init(&t, 0);
    if (plot_select_rows(in, overlap_keep, overlap_order, &rows, &n) < 0)
        return -1;
    int common = 1;
    for (size_t i = 0, j; i < n; i = j, npanels++) {
        j = plot_run_end(rows, n, i, overlap_same_panel);
        common &= rows[i]->size_bytes == rows[0]->size_bytes && rows[i]->chunks == rows[0]->chunks;
    }
    streams = malloc((n ? n : 1) * sizeof(*streams));
    if (!streams)
        rc = -1;
    for (size_t i = 0, j; i < n && rc == 0 && drawn < OVERLAP_MAX_PANELS; i = j, drawn++) {
        j = plot_run_end(rows, n, i, overlap_same_panel);
        rc = overlap_panel(g, rows, i, j, common, data_dir, seen, &t);
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
        rc = overlap_legend(g, seen, refs, &t);
    }
    free(streams);
    free(rows);
    return rc;
}

const struct fig_def fig_overlap_def = {
    .name = "overlap",
    .question = "How much do more streams overlap copies with a kernel, against the serial sum of "
                "the stages and the longest stage?",
    .log_y = 1,
    .describe = fig_overlap,
    .read = reading_overlap,
    .needs = "rows of api pipeline with pipeline_ms_median",
    .family = FIG_FAMILY_PIPELINE,
    .one_gpu = 0,
};
