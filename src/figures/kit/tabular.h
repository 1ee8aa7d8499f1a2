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

/*
 * LaTeX: a table float with the caption, \label{tab:LABEL} (label NULL: the
 * table's name) and a booktabs tabular, its text turned into LaTeX
 * (plot_tex_text).  Needs \usepackage{booktabs}.
 */
void tabular_tex(FILE *f, const struct tabular *t, const char *label);

#endif
