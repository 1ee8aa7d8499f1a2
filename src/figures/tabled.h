/*
 * tabled.h - the figures of a folder that became tables, and the folder's
 * figures/tables.md and figures/tables.tex.  A figure across sizes is drawn
 * only when the data it draws span at least PLOT_MIN_SIZES sizes
 * (tables.h); plot.c records each one that spans fewer (struct
 * plot_tabled), and its numbers go into a table instead:
 *
 *   placement, placement-pin                by page size and NUMA binding
 *                                           (place_table.h)
 *   headline, bandwidth, latency, speedup   every copy (plot_copies_table)
 *   reallocate-time, alloc-cost             the phases of a reallocate cycle
 *   reuse-vs-reallocate                     reuse against a reallocate cycle
 *   breakeven                               the copies before pinning pays off
 *                                           (cycle_table.h, all three)
 *   gpus-bandwidth, gpus-scaling            several GPUs at once (gpus_table.h;
 *                                           pinsweep report has it always)
 *   sentinel                                its readings, when fewer than
 *                                           PLOT_MIN_SIZES (sentinel_view.h)
 */
#ifndef PINSWEEP_TABLED_H
#define PINSWEEP_TABLED_H

#include "figures/input.h"
#include "figures/kit/tabular.h"
#include "figures/plot.h"

#include <stddef.h>
#include <stdio.h>

/* The figures that became tables, in drawing order, and how many sizes each one's data span. */
struct plot_tabled {
    const char *name[PLOT_MAX_FIGURES];
    size_t sizes[PLOT_MAX_FIGURES];
    size_t n;
};

/* Record figure name (a long-lived string) as a table: its data span sizes sizes. */
void plot_tabled_add(struct plot_tabled *t, const char *name, size_t sizes);

/* Did figure name become a table?  t may be NULL (none did). */
int plot_tabled_has(const struct plot_tabled *t, const char *name);

/*
 * The figures of t in words, grouped by the sizes their data span, into
 * buf: "headline, bandwidth, speedup, placement: 3 sizes; latency,
 * breakeven: 2 sizes".  Returns buf.
 */
char *plot_tabled_text(const struct plot_tabled *t, char *buf, size_t n);

/* The tables a folder may have, in the order tables.md gives them. */
enum plot_table_id {
    PLOT_TABLE_PLACEMENT, /* a placement folder's subject first */
    PLOT_TABLE_PLACEMENT_PIN,
    PLOT_TABLE_COPIES,
    PLOT_TABLE_CYCLE,
    PLOT_TABLE_REUSE,
    PLOT_TABLE_BREAKEVEN,
    PLOT_TABLE_GPUS,
    PLOT_TABLE_SENTINEL, /* a drift sentinel of fewer readings than PLOT_MIN_SIZES, whatever tabled */
    PLOT_TABLE_COUNT
};

/*
 * Table id of in into t (tabular_free it, also on failure) when one of the
 * figures it stands for became a table (tabled), else an empty t.  Returns
 * its number of rows, or -1 when out of memory.
 */
int plot_table_build(enum plot_table_id id, const struct plot_input *in,
                     const struct plot_tabled *tabled, struct tabular *t);

/*
 * Write fig_dir/tables.md and fig_dir/tables.tex: every table of in whose
 * figure became a table (tabled), and one line on log saying which figures
 * are tables and why; with none, remove what an earlier run wrote.  0, or
 * -1 after saying why on log.
 */
int plot_tables_write(const struct plot_input *in, const struct plot_tabled *tabled,
                      const char *fig_dir, FILE *log);

#endif
