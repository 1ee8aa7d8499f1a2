/*
 * plot.c - from a results folder to figures (see plot.h).
 *
 * The work is split so that gnuplot scripts hold no logic about the data:
 * C reads and checks summary.csv (and fits.csv, host-memcpy.csv,
 * breakeven.csv, meta.yaml), decides what each figure shows (panels,
 * curves, reference lines, legend, ranges, size tics) and writes it under
 * figures/data/ as
 *
 *   NAME-PANEL.dat          the curves of one panel, one gnuplot data block
 *                           each (two blank lines apart, selected with `index`);
 *   NAME-PANEL-overlay.dat  plain lines drawn over them: fits, the memcpy
 *                           ceiling of the panel's direction (only where a
 *                           panel has some);
 *   NAME-vars.gp            gnuplot assignments naming the panels, each
 *                           block's colour, kind of line and point type
 *                           (struct fig_style, which style.gp maps), the
 *                           reference lines (the PCIe link), the legend (key)
 *                           and the notes under it that explain line and
 *                           point styles, ranges and titles; with LaTeX
 *                           output also NAME-vars-tex.gp, its text in LaTeX.
 *
 * plots/NAME.gp loads NAME-vars.gp and draws (gnuplot.c runs it).
 * input.c reads the folder; this file is the table of a results folder's
 * figures, each drawn by its family's file: fig_copies.c (bandwidth,
 * latency, reuse-vs-reallocate, reallocate-time), fig_pinning.c (speedup,
 * alloc-cost, breakeven), fig_pipeline.c (overlap), fig_hostaccess.c
 * (host-access), fig_placement.c (placement, placement-pin) and fig_gpus.c
 * (gpus-bandwidth, gpus-scaling).
 */
#include "figures/plot.h"
#include "figures/fig_copies.h"
#include "figures/fig_gpus.h"
#include "figures/fig_headline.h"
#include "figures/fig_hostaccess.h"
#include "figures/fig_pinning.h"
#include "figures/fig_pipeline.h"
#include "figures/fig_placement.h"
#include "figures/fig_sentinel.h"
#include "figures/kit/gnuplot.h"
#include "figures/input.h"
#include "figures/place_table.h"
#include "figures/tables.h"
#include "results/problems.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

/* ---- plot_results ---- */

/*
 * The figures, in order: plots/NAME.gp draws NAME.{png,pdf,svg}.  describe
 * writes a figure's data files and fills in g; a figure it gives no panels
 * is left out with a note saying what it needs.
 */
static const struct {
    const char *name;
    int log_y;
    int (*describe)(struct fig *g, const struct plot_input *in, const char *data_dir);
    const char *needs;
    int one_gpu; /* drawn from in->rows: of several GPUs, the first's (input.h) */
} figures[] = {
    {"headline", 0, fig_headline,
     "reuse rows of pinned or pageable memory, api sync or async (cache warm, touch "
     "prefaulted)",
     1},
    {"bandwidth", 0, fig_bandwidth,
     "copy or zerocopy rows with status ok (numa any, pages default; the placement figure "
     "draws the others)",
     1},
    {"latency", 1, fig_latency,
     "reuse rows of h2d or d2h with us_per_copy_median (cache warm, touch prefaulted)", 1},
    {"reuse-vs-reallocate", 1, fig_reuse,
     "rows of both buffer modes, reuse and reallocate, with effective_gbps_median", 1},
    {"reallocate-time", 1, fig_time, "reallocate rows with alloc_ms_median, fill_ms_median, ...",
     1},
    {"speedup", 1, fig_speedup,
     "reuse rows of pageable and of a page-locked kind at the same sizes, direction and api "
     "(cache warm, touch prefaulted)",
     1},
    {"alloc-cost", 1, fig_alloc_cost, "reallocate rows with alloc_ms_median and free_ms_median", 1},
    {"breakeven", 1, fig_breakeven,
     "breakeven.csv with a breakeven_copies value (pinsweep plot writes it from reuse rows of "
     "pageable and a page-locked kind and reallocate rows of that kind)",
     1},
    {"overlap", 1, fig_overlap, "rows of api pipeline with pipeline_ms_median"},
    {"host-access", 0, fig_host_access, "rows of api host-read or host-write"},
    {"placement", 0, fig_placement,
     "reuse rows of api sync or async with numa or pages other than the default (any, "
     "default)"},
    {"placement-pin", 1, fig_placement_pin,
     "reallocate rows of a registered kind with pin_ms_median and numa or pages other than "
     "the default"},
    {"gpus-bandwidth", 0, fig_gpus_bandwidth,
     "rows of several GPUs at once (gpus: together) of one kind at 2 or more sizes (the report's "
     "table has them all)"},
    {"gpus-scaling", 0, fig_gpus_scaling,
     "rows of several GPUs at once (gpus: together) of one kind at 2 or more sizes (the report's "
     "table has them all)"},
    {"sentinel", 0, fig_sentinel, "sentinel.csv with good readings (measure.sentinel_every)"},
};
#define NFIGURES (sizeof(figures) / sizeof(figures[0]))

/* The title's parts; the script joins them on one line or more, as the page's width allows. */
static void compose_title(struct fig *g, const struct plot_input *in, int one_gpu)
{
    snprintf(g->title, sizeof(g->title), "%s: %s", in->experiment, g->what);
    char which[64] = "";
    if (one_gpu && in->multi_device) /* the copy figures draw the first GPU's rows (input.h) */
        snprintf(which, sizeof(which), "%sGPU %s of the %d measured", in->gpu[0] ? ", " : "",
                 in->shown_device, in->multi_device);
    snprintf(g->machine, sizeof(g->machine), "%s%s%s%s", in->gpu, which,
             (in->gpu[0] || which[0]) && in->host[0] ? ", " : "", in->host);
}

/*
 * Whether the folder has any row of figure i's family: copies for the first
 * eight figures, pipelines for overlap, CPU access for host-access, placed
 * buffers for placement and placement-pin, rows of several GPUs at once for
 * gpus-bandwidth and gpus-scaling.  A figure of a family the folder
 * has no row of is left out without a note: an overlap folder is not missing
 * a speedup figure.
 */
static int family_present(const struct plot_input *in, const char *name)
{
    if (strncmp(name, "gpus-", 5) == 0)
        return in->nat_once > 0;
    for (size_t k = 0; k < in->nall; k++) {
        const struct plot_row *r = &in->all[k];
        int hit = strcmp(name, "overlap") == 0       ? r->api == API_PIPELINE
                  : strcmp(name, "host-access") == 0 ? api_is_host(r->api)
                  : strcmp(name, "sentinel") == 0    ? 0 /* drawn when there is one; no note */
                  : strncmp(name, "placement", 9) == 0
                      ? !plot_default_place(r) && !api_is_host(r->api)
                      : plot_copy_row(r);
        if (hit)
            return 1;
    }
    return 0;
}

/*
 * Is figure name one of the copy figures drawn against size (not overlap,
 * host-access, placement, the gpus figures)?
 */
static int copy_family(const char *name)
{
    return strcmp(name, "overlap") != 0 && strcmp(name, "host-access") != 0 &&
           strncmp(name, "placement", 9) != 0 && strncmp(name, "gpus-", 5) != 0;
}

/* Figure i of figures[] from in (a struct plot_input), titled; see fig_describe_fn. */
static int describe_figure(struct fig *g, size_t i, const void *in, const char *data_dir,
                           const char **needs)
{
    static char few[160];
    const struct plot_input *pin = in;
    const char *name = figures[i].name;
    size_t nsizes = plot_copy_sizes(pin);
    fig_init(g, name, figures[i].log_y);
    *needs = family_present(in, name) ? figures[i].needs : NULL;
    if (*needs && copy_family(name) && nsizes < PLOT_MIN_FIGURE_SIZES) {
        /* A point a panel, or lines across sizes nothing was measured at: a table instead. */
        snprintf(few, sizeof(few), "at least %d sizes (this sweep has %zu: see figures/tables.md)",
                 PLOT_MIN_FIGURE_SIZES, nsizes);
        *needs = few;
        return 0;
    }
    size_t placed = *needs && !copy_family(name) && strncmp(name, "placement", 9) == 0
                        ? place_table_sizes(pin, strcmp(name, "placement-pin") == 0)
                        : 0;
    if (placed && placed < PLOT_MIN_SIZES) {
        /* Lines joining two or three sizes would cross sizes nothing was measured at. */
        snprintf(few, sizeof(few),
                 "at least %d sizes (its buffers have %zu: see figures/tables.md)", PLOT_MIN_SIZES,
                 placed);
        *needs = few;
        return 0;
    }
    if (figures[i].describe(g, in, data_dir) < 0)
        return -1;
    compose_title(g, in, figures[i].one_gpu);
    return 0;
}

/*
 * Read, describe, then draw (see plot.h).  The data files are written before
 * gnuplot is looked for, so that they can be drawn later elsewhere.
 */
int plot_results_opts(const char *results_dir, const char *scripts_dir, FILE *log,
                      const struct plot_opts *o)
{
    struct plot_input in = {0};
    char *how_later = NULL;
    int rc = PLOT_EBAD_SUMMARY;
    if (plot_input_read(&in, results_dir, log) < 0)
        goto out;
    rc = PLOT_EWRITE;
    if (asprintf(&how_later, "pinsweep plot %s (here, or on any machine with gnuplot)",
                 results_dir) < 0) {
        how_later = NULL;
        log_line(log, "%s: out of memory", results_dir);
        goto out;
    }
    char *fig_dir = NULL, *data_dir = NULL;
    int made = plot_make_fig_dirs(results_dir, &fig_dir, &data_dir, log);
    int tables = made == 0 ? plot_tables_write(&in, fig_dir, log) : -1;
    free(fig_dir);
    free(data_dir);
    if (tables < 0)
        goto out;
    rc = fig_render(describe_figure, NFIGURES, &in, results_dir, scripts_dir, o && o->latex,
                    how_later, log);
out:
    plot_input_free(&in);
    free(how_later);
    return rc;
}

int plot_input_draw(const struct plot_input *in, const char *fig_dir, const char *data_dir,
                    const char *prefix, const char *scripts_dir, const struct plot_opts *o,
                    const char *made[PLOT_MAX_FIGURES], FILE *log)
{
    char *how_later = NULL;
    int rc;
    _Static_assert(NFIGURES <= PLOT_MAX_FIGURES, "PLOT_MAX_FIGURES is too small");
    for (size_t i = 0; i < PLOT_MAX_FIGURES; i++)
        made[i] = NULL;
    if (asprintf(&how_later, "pinsweep report %s (where gnuplot is)", in->dir) < 0)
        return PLOT_EWRITE;
    rc = fig_render_into(describe_figure, NFIGURES, in, fig_dir, data_dir, prefix, scripts_dir,
                         o && o->latex, how_later, made, log);
    free(how_later);
    return rc;
}

int plot_results(const char *results_dir, const char *scripts_dir, FILE *log)
{
    return plot_results_opts(results_dir, scripts_dir, log, NULL);
}
