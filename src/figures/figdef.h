/*
 * figdef.h - one figure, defined once (struct fig_def): its name, the one
 * question it answers, how it is described from a results folder, what it
 * needs, and the reading its caption opens with.  Each figure's own file
 * (fig_NAME.c) defines its fig_def; plot.c lists them in drawing order; the
 * catalogue in figures/README.md says the same in words.
 *
 * A figure's caption is built from the definition and the described figure
 * itself (fig_caption, figure.h's key, notes, panels and lines), so it can
 * name no curve, panel or line that is not drawn.
 */
#ifndef PINSWEEP_FIGDEF_H
#define PINSWEEP_FIGDEF_H

#include "figures/input.h"
#include "figures/kit/figure.h"
#include "figures/readings.h"

/* Which rows a figure is drawn from: a folder without any gets no note about it. */
enum fig_family {
    FIG_FAMILY_COPIES,    /* copies and zero-copy kernels against size (plot_copy_row) */
    FIG_FAMILY_PIPELINE,  /* api pipeline */
    FIG_FAMILY_HOST,      /* api host-read, host-write */
    FIG_FAMILY_PLACEMENT, /* buffers at a NUMA binding or page size other than the default */
    FIG_FAMILY_GPUS,      /* several GPUs at once */
    FIG_FAMILY_SENTINEL,  /* sentinel.csv */
};

struct fig_def {
    const char *name;     /* plots/NAME.gp draws figures/NAME.{png,pdf,svg} */
    const char *question; /* the one question the figure answers: its caption's first sentence */
    int log_y;
    /* Describe into g and data_dir (fig_init done); no panels when in has nothing for it. */
    int (*describe)(struct fig *g, const struct plot_input *in, const char *data_dir);
    reading_fn read;      /* the caption's reading, from the rows drawn; NULL: none */
    const char *needs;    /* what a folder must have, for the note when it has nothing */
    enum fig_family family;
    int one_gpu; /* drawn from in->rows: of several GPUs, the first's (input.h) */
};

/* The figures of a results folder, in drawing order (plot.c). */
extern const struct fig_def *const plot_figures[];
extern const size_t plot_nfigures;

/* The figure called name, or NULL. */
const struct fig_def *plot_figure_def(const char *name);

#endif
