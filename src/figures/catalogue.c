/*
 * catalogue.c - the figures of a results folder, in drawing order (see
 * figdef.h); src/figures/README.md says the same in words.
 */
#include "figures/figdef.h"
#include "figures/plot.h"
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

#include <string.h>

/*
 * The figures, in drawing order, each defined in its own file (figdef.h):
 * plots/NAME.gp draws NAME.{png,pdf,svg}.
 */
const struct fig_def *const plot_figures[] = {
    &fig_headline_def,
    &fig_bandwidth_def,
    &fig_latency_def,
    &fig_reuse_vs_reallocate_def,
    &fig_reallocate_time_def,
    &fig_speedup_def,
    &fig_alloc_cost_def,
    &fig_breakeven_def,
    &fig_overlap_def,
    &fig_host_access_def,
    &fig_placement_def,
    &fig_placement_pin_def,
    &fig_gpus_bandwidth_def,
    &fig_gpus_scaling_def,
    &fig_sentinel_def,
};
const size_t plot_nfigures = sizeof(plot_figures) / sizeof(plot_figures[0]);
_Static_assert(sizeof(plot_figures) / sizeof(plot_figures[0]) <= PLOT_MAX_FIGURES,
               "PLOT_MAX_FIGURES is too small");

const struct fig_def *plot_figure_def(const char *name)
{
    for (size_t i = 0; i < plot_nfigures; i++)
        if (strcmp(plot_figures[i]->name, name) == 0)
            return plot_figures[i];
    return NULL;
}
