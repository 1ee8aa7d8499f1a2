/*
 * tabular.h - a table as a report prints it: a caption, a header and rows of
 * text cells, written as Markdown (report.md, tables.md) or as a LaTeX
 * booktabs table (\toprule, \midrule, \bottomrule) that a paper can \input.
 * One description, two writers, so the two never disagree.
 */
#ifndef PINSWEEP_TABULAR_H
#define PINSWEEP_TABULAR_H

#include <stddef.h>
#include <stdio.h>

#define TABULAR_MAX_COLS 14

struct tabular {
    char name[64];     /* what the table is, as a file stem: "peaks" (LaTeX label, file) */
    char caption[768]; /* plain UTF-8 text, without the closing full stop */
    size_t ncols;
    char head[TABULAR_MAX_COLS][64];
    char align[TABULAR_MAX_COLS + 1]; /* 'l' or 'r' per column */
    char **cells;                     /* nrows x ncols, each malloc'd */
    size_t nrows, cap;
    /*
     * The leading columns that name a row, repeated in each part of a LaTeX
     * table split to fit the page; tabular_init sets the leading left-aligned
     * ones (all but the last at most): set it after when they are fewer.
     */
    size_t nkey;
    /*
     * Columns of one nonzero group, next to each other, stay in one part of
     * a split LaTeX table (a measurement and its spread); 0: none.
     */
    unsigned char group[TABULAR_MAX_COLS];
};

/*
 * Start table name with the columns of align ("llrr": one letter a column,
 * at most TABULAR_MAX_COLS) headed by head[] (copied).  The caption is
 * printf-formatted.
 */
void tabular_init(struct tabular *t, const char *name, const char *align, const char *const head[],
                  const char *caption_fmt, ...) __attribute__((format(printf, 5, 6)));

/* Append a row of ncols cells (copied; NULL is an empty cell).  -1 when out of memory. */
int tabular_row(struct tabular *t, const char *const cells[]);

void tabular_free(struct tabular *t);

/*
 * Markdown: "*Table N. CAPTION.*" (number 0: "Table: CAPTION.", pandoc's
 * caption), a blank line, then the table; '|' in a cell is escaped.
 */
void tabular_md(FILE *f, const struct tabular *t, size_t number);

/* How wide a LaTeX table may be: \textwidth of \documentclass{article} at 10 pt. */
#define TABULAR_TEX_WIDTH_PT 345.0

/*
 * LaTeX: a table float with the caption, \label{tab:LABEL} (label NULL: the
 * table's name) and a booktabs tabular, its text turned into LaTeX
 * (plot_tex_text), in \footnotesize with \tabcolsep 4 pt.  It is made to
 * fit TABULAR_TEX_WIDTH_PT (the widths of plot_tex_width_pt): headings
 * wider than their column's cells are broken over lines when the table
 * would be wider than that on one line each, and a table still too wide is
 * split into parts one under the other in the same float, the fewest that
 * fit and as even as they can be, each with the key columns (nkey) and some
 * of the others, in order.  Needs \usepackage{booktabs}.
 */
void tabular_tex(FILE *f, const struct tabular *t, const char *label);

#endif
