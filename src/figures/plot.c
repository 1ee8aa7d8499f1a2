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
 * figures, each in its own file named for it (fig_bandwidth.c, fig_latency.c,
 * fig_reuse.c, fig_realloc_time.c, fig_speedup.c, fig_alloc_cost.c,
 * fig_breakeven.c; curves.c holds what they share), fig_pipeline.c (overlap), fig_hostaccess.c
 * (host-access), fig_placement.c (placement, placement-pin) and fig_gpus.c
 * (gpus-bandwidth, gpus-scaling).
 */
#include "figures/plot.h"
#include "figures/figdef.h"
#include "figures/caption.h"
#include "figures/fig_bandwidth.h"
#include "figures/fig_latency.h"
#include "figures/fig_realloc_time.h"
#include "figures/fig_reuse.h"
#include "figures/fig_gpus.h"
#include "figures/fig_headline.h"
#include "figures/fig_hostaccess.h"
#include "figures/fig_alloc_cost.h"
#include "figures/fig_breakeven.h"
#include "figures/fig_speedup.h"
#include "figures/fig_pipeline.h"
#include "figures/fig_placement.h"
#include "figures/fig_sentinel.h"
#include "figures/kit/gnuplot.h"
#include "figures/input.h"
#include "figures/place_table.h"
#include "figures/sentinel_view.h"
#include "figures/tabled.h"
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
#define NFIGURES plot_nfigures

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
 * Whether the folder has any row of def's family (figdef.h).  A figure of a
 * family the folder has no row of is left out without a note: an overlap
 * folder is not missing a speedup figure.
 */
static int family_present(const struct plot_input *in, const struct fig_def *def)
{
    if (def->family == FIG_FAMILY_GPUS)
        return in->nat_once > 0;
    if (def->family == FIG_FAMILY_SENTINEL) /* drawn when there is one; no note */
        return 0;
    for (size_t k = 0; k < in->nall; k++) {
        const struct plot_row *r = &in->all[k];
        int hit = def->family == FIG_FAMILY_PIPELINE ? r->api == API_PIPELINE
                  : def->family == FIG_FAMILY_HOST   ? api_is_host(r->api)
                  : def->family == FIG_FAMILY_PLACEMENT
                      ? !plot_default_place(r) && !api_is_host(r->api)
                      : plot_copy_row(r);
        if (hit)
            return 1;
    }
    return 0;
}

/* What describe_figure reads, and where it records the figures that became tables. */
struct plot_ctx {
    const struct plot_input *in;
    struct plot_tabled *tabled; /* may be NULL */
};

/* Is def drawn against size, so that a sweep of few sizes makes it a table? */
static int drawn_by_size(const struct fig_def *def)
{
    return def->family == FIG_FAMILY_COPIES || def->family == FIG_FAMILY_GPUS;
}

/*
 * Figure i of plot_figures[] from ctx (a struct plot_ctx), titled; see
 * fig_describe_fn.  A figure across sizes whose data span fewer than
 * PLOT_MIN_SIZES sizes is no curve: it is left out (no panels, no note: the
 * one line of plot_tables_write says it) and recorded in ctx->tabled, for
 * its table.  The placement figures count their buffers' sizes before
 * describing (place_table.h), as their tables do.
 */
static int describe_figure(struct fig *g, size_t i, const void *arg, const char *data_dir,
                           const char **needs)
{
    const struct plot_ctx *ctx = arg;
    const struct plot_input *in = ctx->in;
    const struct fig_def *def = plot_figures[i];
    fig_init(g, def->name, def->log_y);
    *needs = family_present(in, def) ? def->needs : NULL;
    size_t placed = *needs && def->family == FIG_FAMILY_PLACEMENT
                        ? place_table_sizes(in, def == &fig_placement_pin_def)
                        : 0;
    if (placed && placed < PLOT_MIN_SIZES) {
        plot_tabled_add(ctx->tabled, def->name, placed);
        *needs = NULL;
        return 0;
    }
    size_t readings = def->family == FIG_FAMILY_SENTINEL ? sentinel_view_count(in) : 0;
    if (readings && readings < PLOT_MIN_SIZES) {
        /* Three points are no line through a run: a table, as for sizes (tables.h). */
        static char few[160];
        snprintf(few, sizeof(few), "at least %d readings (this run has %zu: see figures/tables.md)",
                 PLOT_MIN_SIZES, readings);
        *needs = few;
        return 0;
    }
    if (def->describe(g, in, data_dir) < 0)
        return -1;
    if (g->npanels && drawn_by_size(def) && g->nsizes < PLOT_MIN_SIZES) {
        plot_tabled_add(ctx->tabled, def->name, g->nsizes);
        g->npanels = 0; /* its data files are removed with what an earlier run drew */
        *needs = NULL;
        return 0;
    }
    compose_title(g, in, def->one_gpu);
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
    char *how_later = NULL, *fig_dir = NULL, *data_dir = NULL;
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
    if (plot_make_fig_dirs(results_dir, &fig_dir, &data_dir, log) < 0)
        goto out;
    struct plot_tabled tabled = {0};
    struct plot_ctx ctx = {&in, &tabled};
    rc = fig_render(describe_figure, NFIGURES, &ctx, results_dir, scripts_dir, plot_draw_flags(o),
                    how_later, log);
    /* the tables of the figures that became tables, once every figure has been described */
    if ((rc == PLOT_OK || rc == PLOT_ENO_GNUPLOT || rc == PLOT_EGNUPLOT) &&
        plot_tables_write(&in, &tabled, fig_dir, log) < 0)
        rc = PLOT_EWRITE;
    /* the captions, from the data files written even without gnuplot */
    if ((rc == PLOT_OK || rc == PLOT_ENO_GNUPLOT) &&
        fig_captions_write(&in, fig_dir, data_dir, log) < 0)
        rc = PLOT_EWRITE;
out:
    plot_input_free(&in);
    free(how_later);
    free(fig_dir);
    free(data_dir);
    return rc;
}

int plot_input_draw(const struct plot_input *in, const char *fig_dir, const char *data_dir,
                    const char *prefix, const char *scripts_dir, const struct plot_opts *o,
                    const char *made[PLOT_MAX_FIGURES], struct plot_tabled *tabled, FILE *log)
{
    char *how_later = NULL;
    struct plot_ctx ctx = {in, tabled};
    int rc;
    for (size_t i = 0; i < PLOT_MAX_FIGURES; i++)
        made[i] = NULL;
    if (asprintf(&how_later, "pinsweep report %s (where gnuplot is)", in->dir) < 0)
        return PLOT_EWRITE;
    rc = fig_render_into(describe_figure, NFIGURES, &ctx, fig_dir, data_dir, prefix, scripts_dir,
                         plot_draw_flags(o), how_later, made, log);
    free(how_later);
    return rc;
}

unsigned plot_draw_flags(const struct plot_opts *o)
{
    if (!o)
        return 0;
    return (o->latex ? FIG_DRAW_LATEX : 0) | (o->latex || o->paper ? FIG_DRAW_PAPER : 0);
}

int plot_results(const char *results_dir, const char *scripts_dir, FILE *log)
{
    return plot_results_opts(results_dir, scripts_dir, log, NULL);
}
