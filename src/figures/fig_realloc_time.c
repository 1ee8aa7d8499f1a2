/*
 * fig_realloc_time.c - where a reallocate cycle's time goes, per alloc kind (see
 * fig_realloc_time.h).
 */
#include "figures/fig_realloc_time.h"
#include "figures/figdef.h"
#include "figures/curves.h"
#include "figures/kit/legend.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PLOT_TIME_PANELS 3 /* alloc kinds in the reallocate-time figure */

static int time_panel(struct fig *g, const struct plot_input *in, const struct plot_curve *c,
                      const char *data_dir)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    curve_style(&s, first);
    if (fig_panel(g, s.color, s.color) < 0)
        return -1;
    FILE *f = fig_panel_create(g, data_dir, "",
                               "size_bytes alloc_ms fill_ms copy_ms free_ms total_ms "
                               "(medians; total is their sum)");
    if (!f || fig_block(g, f, &s, "time per reallocate cycle") < 0) {
        if (f)
            fclose(f);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        const double *ms = first[i].phase_ms;
        double total = ms[0] + ms[1] + ms[2] + ms[3];
        fprintf(f, "%.0f %.6g %.6g %.6g %.6g %.6g\n", first[i].size_bytes, ms[0], ms[1], ms[2],
                ms[3], total);
        for (int p = 0; p < PHASE_COUNT; p++)
            if (ms[p] > 0)
                fig_extend(g, first[i].size_bytes, ms[p]);
        if (total > 0)
            fig_extend(g, first[i].size_bytes, total);
    }
    return fig_panel_close(f);
}

/* Figure 3: alloc, fill, copy and free time of a reallocate cycle, for up to 3 alloc kinds. */
int fig_time(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    static const int prefer[] = {ALLOC_PAGEABLE,
                                 ALLOC_PINNED,
                                 ALLOC_REGISTERED,
                                 ALLOC_MALLOCHOST,
                                 ALLOC_PORTABLE,
                                 ALLOC_WRITE_COMBINED,
                                 ALLOC_MAPPED,
                                 ALLOC_REGISTERED_READONLY,
                                 ALLOC_REGISTERED_PORTABLE,
                                 ALLOC_REGISTERED_MAPPED};
    _Static_assert(sizeof(prefer) / sizeof(prefer[0]) == ALLOC_COUNT, "every alloc kind once");
    int dir, api;
    if (plot_time_pick(in, &dir, &api) < 0)
        return 0;
    for (size_t i = 0; i < ALLOC_COUNT && g->npanels < PLOT_TIME_PANELS; i++) {
        const struct plot_curve *c =
            plot_find_curve(in, dir, prefer[i], BUFFER_REALLOCATE, api, NULL);
        if (c && !isnan(in->rows[c->first].phase_ms[PHASE_ALLOC]) &&
            time_panel(g, in, c, data_dir) < 0)
            return -1;
    }
    /* The phases' key is drawn by reallocate-time.gp from phase_name; the caption says it here. */
    static const struct fig_style notes[2] = {
        {"", "", "", "curves: each phase's median, alloc, fill, copy and free, and their total "
                     "(dashed)"},
        {"", "", "", "bars: none, each phase is a median of its samples (alloc's and free's "
                     "intervals are in alloc-cost)"}};
    if (g->npanels && legend_flow(&g->notes, notes, 2, 1) < 0)
        return -1;
    snprintf(g->what, sizeof(g->what), "time of a reallocate cycle");
    snprintf(g->y_label, sizeof(g->y_label), "time per cycle (ms)");
    snprintf(g->detail, sizeof(g->detail), "%s, %s", plot_dir_titles[dir],
             schema_value_name(AXIS_API, api));
    return 0;
}

const struct fig_def fig_reallocate_time_def = {
    .name = "reallocate-time",
    .question =
        "Where does the time of an alloc + fill + copy + free cycle go, for each kind of "
        "host memory?",
    .log_y = 1,
    .describe = fig_time,
    .read = reading_realloc_time,
    .needs =
        "reallocate rows with alloc_ms_median, fill_ms_median, ...",
    .family = FIG_FAMILY_COPIES,
    .one_gpu = 1,
};
