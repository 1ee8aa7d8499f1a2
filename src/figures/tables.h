/*
 * tables.h - tables instead of degenerate figures: a figure across sizes is
 * drawn only when the data it draws span at least PLOT_MIN_SIZES sizes
 * (one point a panel, or lines joining two or three sizes between which
 * nothing was measured, are no curve), so the numbers of one that spans
 * fewer go into figures/tables.md and figures/tables.tex (LaTeX, booktabs)
 * instead (tabled.h says which, and writes them); and the cells every
 * table of measurements shares: the median, its interval and n.
 */
#ifndef PINSWEEP_TABLES_H
#define PINSWEEP_TABLES_H

#include "figures/input.h"
#include "figures/kit/tabular.h"

#include <stddef.h>
#include <stdio.h>

/* A figure whose data span fewer sizes than this is a table (figures/tables.md, tables.tex). */
#define PLOT_MIN_SIZES 4

/*
 * The cells of one measurement in a table (GB/s): its median, its interval
 * (r->iv[IV_GBPS], analysis/interval.h) and n, the samples behind it.
 */
struct spread_cells {
    char med[24];   /* gbps_median: "55.43" (three significant digits below 1) */
    char range[56]; /* the interval: "55.20–55.61"; "–" without one */
    char n[32];     /* the samples: "20", or "30 in 3 rounds" */
};
void plot_spread_cells(const struct plot_row *r, struct spread_cells *c);

/* A GB/s value as the tables write it: two decimals from 1, three significant digits below. */
void plot_gbps_text(double v, char *buf, size_t n);

/* The heading of an interval column of GB/s: "95 % interval GB/s". */
const char *plot_spread_head(void);

/* What a table's caption says of an interval whose end is marked capped (analysis/interval.h). */
#define PLOT_TABLE_MARK_NOTE                                                                       \
    "an end marked " INTERVAL_CAPPED_MARK " is the link's raw rate, which no copy exceeds: the "   \
    "interval reached past it"

/*
 * When a cell of t has an interval's capped end (INTERVAL_CAPPED_MARK), end
 * t's caption with "; " PLOT_TABLE_MARK_NOTE (once: a caption that says it
 * already is left); else leave it.  Call it after the rows.
 */
void plot_table_mark_note(struct tabular *t);

/* A time in µs as the tables write it: 4 significant digits, whole µs from 1 ms; "–" if not > 0. */
void plot_us_text(double us, char *buf, size_t n);

/* A time in ms as the tables write it: three significant digits ("75.4", "0.0531"). */
void plot_ms_text(double v, char *buf, size_t n);

/*
 * "75.4 (69.7–81.4)": a median and its interval in one cell, each number
 * written by num; the median alone without an interval; "–" when it is not
 * > 0.  Returns buf.
 */
char *plot_median_iv_text(double median, const struct interval *iv,
                          void (*num)(double v, char *buf, size_t n), char *buf, size_t n);

/*
 * The columns that name a row of copies: kind, direction, api, buffer mode
 * and host buffer state.  A table leaves out those whose value every row
 * shares and says them in its caption (plot_keys_of).
 */
enum plot_key {
    PLOT_KEY_KIND,
    PLOT_KEY_DIRECTION,
    PLOT_KEY_API,
    PLOT_KEY_BUFFER,
    PLOT_KEY_HOST,
    PLOT_KEY_COUNT
};

struct plot_keys {
    int shown[PLOT_KEY_COUNT];
    size_t nshown;
    char shared[160]; /* what every row shares, "all h2d, sync, reuse, warm"; "" for none */
};

/*
 * Which key columns rows[0..n) need: kind always, the others when their
 * rows differ, but never those of the bits (1 << key) of skip (what the
 * table's caption says itself); the values shared, and not skipped, into
 * k->shared.
 */
void plot_keys_of(const struct plot_row *const *rows, size_t n, unsigned skip, struct plot_keys *k);

/* The heading of key column key, and row r's cell in it. */
const char *plot_key_head(enum plot_key key);
const char *plot_key_cell(const struct plot_row *r, enum plot_key key);

/*
 * The table of every copy row of in into t (tabular_free it, also on
 * failure): its key columns (plot_keys_of), size, median GB/s, its
 * interval, n, µs per copy pipelined and as a round trip (where measured),
 * and a page-locked copy's speedup over pageable at the same size with its
 * interval (where pageable was measured beside it); its caption ends with
 * the folder's interval statement.  -1 when out of memory.
 */
int plot_copies_table(const struct plot_input *in, struct tabular *t);

/* The number of distinct sizes of the copy rows of in (plot_copy_row). */
size_t plot_copy_sizes(const struct plot_input *in);

#endif
