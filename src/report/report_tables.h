/*
 * report_tables.h - the tables of pinsweep report, one results folder at a
 * time, each as a struct tabular (tabular.h): Markdown in report.md, and
 * with --latex a booktabs file beside the figures.  Every measurement has
 * its size as people read it (units_format_human), its 95 % interval
 * (analysis/interval.h: of another round's median, or another sample, on
 * the log scale) and n, the samples behind it; each caption ends with the
 * folder's interval statement (plot_interval_statement_as).
 *
 *   peaks      each kind's peak per direction (reused buffer), with its
 *              share of the PCIe link's raw rate
 *   speedup    pinned against pageable at the size nearest 256 MB that both
 *              have, each with its interval, and their ratio with its
 *              interval (interval_ratio)
 *   fits       t0, B and n_half of each curve (fits.csv), with the sizes
 *              fitted and the residual; a fit over FIT_MAX_RESIDUAL_PCT is
 *              flagged: the curve is not one t0 + n/B
 *   regimes    a pageable curve's two regimes (in the host's cache and
 *              beyond it, t = n/B each) where fits.csv has them
 *   pipelines, zerocopy, host-access   where the folder has them
 *   alloc      what allocating and freeing a buffer of each kind costs at
 *              its largest reallocate size, with their 95 % intervals
 *   copies, reallocate-cycle, reuse-vs-reallocate, breakeven, placement,
 *   placement-pin   the figures whose data span fewer than PLOT_MIN_SIZES
 *              sizes, as tables (tabled.h)
 *   gpus       every configuration measured on several GPUs at once: a row
 *              per GPU (alone, at once, scaling), then the aggregate against
 *              the sum alone, its scaling and the spans' overlap (fig_gpus.h)
 */
#ifndef PINSWEEP_REPORT_TABLES_H
#define PINSWEEP_REPORT_TABLES_H

#include "figures/input.h"
#include "figures/kit/tabular.h"

#include <stddef.h>

struct plot_tabled;

/* A folder as the tables read it: its rows, samples.csv, the figures that became tables. */
struct report_src {
    const struct plot_input *in;
    const struct csv_table *samples;  /* NULL when the folder has no samples.csv */
    const struct plot_tabled *tabled; /* tabled.h; NULL: none */
};

/* How a table stands in report.md. */
struct report_table_info {
    const char *heading; /* the ### heading it starts; NULL: it goes on under the one before */
    const char *none;    /* printed instead when it has no rows (a format taking the folder's
                            path); NULL: nothing is printed */
    int copies_only;     /* shown (or its note) only when the folder has reused copies */
};

/* The number of tables a folder may have. */
size_t report_table_count(void);

/*
 * Table i of src into t (tabular_free it, also on failure), and how it
 * stands in *info.  Returns its number of rows (0: none), or -1 when out of
 * memory.
 */
int report_table(size_t i, const struct report_src *src, struct tabular *t,
                 struct report_table_info *info);

/* Has the folder reused copies (a warm, prefaulted buffer; api sync or async)? */
int report_has_copies(const struct plot_input *in);

#endif
