/*
 * plot_fig.h - describing a figure to its gnuplot script, and running
 * gnuplot: what plot.c (a results folder's figures), plot_headline.c (the
 * speedup, allocation cost and break-even figures) and plot_compare.c
 * (several machines side by side) share.  Internal to the plot_* files.
 *
 * A figure is described in a struct fig: its panels, the curves of each
 * (blocks of a data file per panel), plain lines over them (overlays),
 * horizontal reference lines with a label, the legend, the ranges and the
 * titles.  fig_write_vars writes it as gnuplot assignments (NAME-vars.gp,
 * and with LaTeX output NAME-vars-tex.gp, whose text is LaTeX); then
 * plots/NAME.gp draws it (fig_draw).
 */
#ifndef PINSWEEP_PLOT_FIG_H
#define PINSWEEP_PLOT_FIG_H

#include <stddef.h>
#include <stdio.h>

#define FIG_MAX_PANELS 8
#define FIG_MAX_BLOCKS 1024
#define FIG_MAX_KEYS 256
#define FIG_MAX_HLINES 32

/* ---- small helpers ---- */

/* printf a line (a newline is added) to log; nothing when log is NULL. */
void plot_log(FILE *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* a + "/" + b (no second slash when a ends in one), malloc'd; NULL when out of memory. */
char *plot_path_join(const char *a, const char *b);

/* mkdir path unless it exists; -1 (errno set) on failure. */
int plot_make_dir(const char *path);

/* Copy src into dst (size n), dropping control characters and surrounding spaces. */
void plot_copy_clean(char *dst, size_t n, const char *src);

/* Parse a number cell: "" is NaN; returns -1 for anything else that is not a number. */
int plot_parse_number(const char *text, double *v);

/* v with one decimal, or two when one would round it ("63.0", "15.75"), into buf. */
void plot_format_gbps(double v, char *buf, size_t n);

/*
 * Where the problems found in one file go: one line each, "PREFIXPATH:LINE:
 * why SUFFIX", the first PLOT_MAX_PROBLEMS of them, then a count of the rest.
 */
struct problems {
    const char *path;
    const char *prefix; /* "" for an error, "warning: " for a warning */
    const char *suffix; /* what follows from the problem, e.g. "; no fit curves drawn" */
    const char *where;  /* after "COLUMN is empty", e.g. " in a row with status ok" */
    FILE *log;
    int n;
};

/* Report one problem (line 0: the file as a whole). */
void problem(struct problems *p, size_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Say how many problems were not listed, if any. */
void problems_end(const struct problems *p);

struct csv_table;

/*
 * The number in column name of table row i into *v, NaN when the cell is
 * empty (or the column missing); -1 after reporting a problem: not a number,
 * or empty though required.
 */
int plot_read_number(const struct csv_table *t, size_t i, const char *name, int required, double *v,
                     struct problems *p);

/* Is bytes (column name of table row i) a whole number >= 1?  -1 after reporting a problem. */
int plot_check_bytes(const struct csv_table *t, size_t i, const char *name, double bytes,
                     struct problems *p);

/* Read the CSV file at path into t; -1 after saying why on log (FILE:LINE: why). */
int plot_read_table(const char *path, struct csv_table *t, FILE *log);

/*
 * Read the optional file at path into t, checking that it has the columns
 * cols: 1 when read, 0 when there is no such file, -1 after reporting why.
 */
int plot_side_table(const char *path, const char *const cols[], size_t ncols, struct csv_table *t,
                    struct problems *p);

/*
 * An optional file of a results folder read into an array of rows (fits.csv,
 * host-memcpy.csv, breakeven.csv): one entry each in a table.
 */
struct plot_side_file {
    const char *name;        /* in the results folder, e.g. "fits.csv" */
    const char *const *cols; /* the columns it must have */
    size_t ncols;
    const char *suffix; /* after each warning, e.g. "; no fit curves drawn" */
    size_t row_size;    /* bytes of one element of the array */
    /* Row i of t into row (an element of the array); -1 after reporting its problems. */
    int (*read_row)(const struct csv_table *t, size_t i, void *row, struct problems *p);
    int (*order)(const void *a, const void *b); /* sorts the rows; NULL: file order */
};

/*
 * The rows of file f of folder dir, as an array (malloc'd; the caller frees
 * it) of *n elements.  NULL and *n = 0 when there is no such file (not
 * mentioned), or when it cannot be used: then "warning: FILE:LINE: why
 * SUFFIX" lines go to log and none of it is used, since what it adds to
 * the figures is a gloss on the measurements, which stand without it.
 */
void *plot_read_side_file(const struct plot_side_file *f, const char *dir, size_t *n, FILE *log);

/* ---- describing a figure ---- */

/*
 * How a curve, line or legend entry is drawn; plots/style.gp maps each
 * field.  color: an alloc kind's colour, "machine:N" the Nth machine's
 * (compare figures), "host" light grey (host memcpy), "-" invisible (a
 * legend placeholder), "" or anything else dark grey (entries explaining a
 * line or point style).  line: the dash and width (a buffer mode, a kind of
 * line such as fit, ceiling, link, guide, or an alloc kind in the compare
 * figures).  point: the point type (an api, a phase, an alloc kind; "" none).
 */
struct fig_style {
    const char *color, *line, *point;
    char title[128];
};

/* Legend entries in cols columns, stored column by column as gnuplot fills a legend. */
struct fig_legend {
    struct fig_style e[FIG_MAX_KEYS];
    size_t n, cols;
};

/*
 * A horizontal reference line across panel (0-based) at y, labelled in its
 * colour at where: "left-above", "left-below", "right-above", "right-below".
 */
struct fig_hline {
    size_t panel;
    double y;
    const char *color, *line, *where;
    char label[128];
};

/* A figure being described: written out as NAME-vars.gp. */
struct fig {
    const char *name;
    int log_y;         /* the y axis is logarithmic: only values > 0 count */
    int zoom_y;        /* a linear y axis around the values, not from 0 (ratios near 1) */
    char what[128];    /* what the figure shows: its title after the experiment's name */
    char detail[160];  /* a remark the script puts after the title or under it; may be "" */
    char title[300];   /* "experiment: what" */
    char machine[300]; /* "GPU, host" from meta.yaml; may be "" */
    char x_label[128], y_label[128];
    char x_tics[512]; /* "" (the x axis is sizes: size tics) or a gnuplot tics list */
    char panel_title[FIG_MAX_PANELS][96];
    char panel_tag[FIG_MAX_PANELS][32]; /* in the data file's name */
    size_t panel_first[FIG_MAX_PANELS], panel_nblocks[FIG_MAX_PANELS];
    size_t npanels;
    struct fig_style block[FIG_MAX_BLOCKS];
    size_t nblocks;
    /* Overlays: plain lines over a panel's data (models, ceilings), in NAME-PANEL-overlay.dat. */
    size_t panel_over_first[FIG_MAX_PANELS], panel_nover[FIG_MAX_PANELS];
    struct fig_style over[FIG_MAX_BLOCKS];
    size_t nover;
    struct fig_hline hline[FIG_MAX_HLINES];
    size_t nhlines;
    struct fig_legend key;   /* the curves' colours, dashes and points */
    struct fig_legend notes; /* under the key, centred: what a kind of line or point means */
    double x_min, x_max;     /* data extent in size_bytes, all panels */
    /* Each panel's y extent; panels share one y range unless own_y says otherwise. */
    double y_min[FIG_MAX_PANELS], y_max[FIG_MAX_PANELS];
    int own_y[FIG_MAX_PANELS];
};

/* Start describing figure name (x: transfer size in bytes, log). */
void fig_init(struct fig *g, const char *name, int log_y);

/*
 * Widen the data extent to hold (x, y) in the current panel; NaN (and
 * y <= 0 on a log axis) is ignored.
 */
void fig_extend(struct fig *g, double x, double y);

/*
 * Label the x axis at the n values v (counts such as streams or threads, in
 * any order, repeated or not) instead of at sizes.
 */
void fig_count_tics(struct fig *g, const double *v, size_t n);

/* Widen only the current panel's y extent to hold y. */
void fig_extend_y(struct fig *g, double y);

/*
 * Give the current panel a y range of its own (a bidir panel, whose sum of
 * two directions would squash the others); the rest share theirs.
 */
void fig_own_y(struct fig *g);

/* The legend entry with these attributes, added when new; -1 when the legend is full. */
int fig_key(struct fig *g, const struct fig_style *s);

/* Start a new panel: its blocks are the ones added until the next. -1 when full. */
int fig_panel(struct fig *g, const char *tag, const char *title);

/* Add a block to the current panel and write its heading into f (its data file). */
int fig_block(struct fig *g, FILE *f, const struct fig_style *s, const char *what);

/* Add an overlay to the current panel and write its heading into f (its overlay file). */
int fig_overlay(struct fig *g, FILE *f, const struct fig_style *s, const char *what);

/*
 * A horizontal line at y across the current panel, labelled; the y extent
 * grows to hold it and its label.  -1 when there are too many.
 */
int fig_hline(struct fig *g, double y, const char *color, const char *line, const char *where,
              const char *label);

/* Create the current panel's data file (suffix "") or overlay file ("-overlay"). */
FILE *fig_panel_create(const struct fig *g, const char *data_dir, const char *suffix,
                       const char *columns);

/* Remove the current panel's overlay file, left from an earlier run, when it has no overlays. */
void fig_panel_drop_overlay(const struct fig *g, const char *data_dir);

/* Close a data file; -1 when anything failed to be written. */
int fig_panel_close(FILE *f);

/* A legend cell left empty: drawn invisibly, titled " " (gnuplot drops "" titles). */
extern const struct fig_style fig_key_blank;

/* Put nrows x ncols cells (row by row; fig_key_blank for an empty one) into L. */
int legend_grid(struct fig_legend *L, const struct fig_style *cells, size_t nrows, size_t ncols);

/* Put entries into L in rows of ncols: each of the ngroups groups starts a new row. */
int legend_groups(struct fig_legend *L, const struct fig_style *const groups[],
                  const size_t counts[], size_t ngroups, size_t ncols);

/* Put n entries into L row by row, at most max_cols to a row. */
int legend_flow(struct fig_legend *L, const struct fig_style *entries, size_t n, size_t max_cols);

/*
 * Write NAME-vars.gp into data_dir (tex: NAME-vars-tex.gp, every text
 * turned into LaTeX), for the script to draw into out_dir.  -1 on failure.
 */
int fig_write_vars(const struct fig *g, const char *data_dir, const char *out_dir, int tex);

/*
 * Describe figure i of a table of figures into g (fig_init first) and its
 * data files into data_dir, from in, and title it; *needs says what the
 * figure needs, for the note when it gets no panels.  -1 on failure, with
 * errno set (0: too many panels or curves).
 */
typedef int (*fig_describe_fn)(struct fig *g, size_t i, const void *in, const char *data_dir,
                               const char **needs);

/*
 * Describe the n figures of a table (describe) and write their variables
 * files into data_dir (with latex also the LaTeX ones); made[i] says which
 * have something to draw.  A figure without panels gets a "note: no NAME
 * figure: it needs NEEDS" line, and what an earlier run drew of it is
 * removed from fig_dir.  Returns 0, or PLOT_EWRITE after saying why on log.
 */
int fig_write_all(fig_describe_fn describe, size_t n, const void *in, const char *fig_dir,
                  const char *data_dir, int latex, int made[], FILE *log);

/* s as LaTeX text: special characters escaped, arrows, µ, × and the like as math; malloc'd. */
char *plot_tex_text(const char *s);

/* ---- drawing ---- */

/*
 * Make dir/figures and dir/figures/data; their paths (malloc'd, the caller
 * frees both, also on failure) into *fig_dir and *data_dir.  -1 after
 * saying why on log.
 */
int plot_make_fig_dirs(const char *dir, char **fig_dir, char **data_dir, FILE *log);

/*
 * 0 when gnuplot is on PATH; else PLOT_ENO_GNUPLOT after one line on log
 * saying that the data in data_dir was written but nothing drawn, and how
 * to draw it: install gnuplot, "then " and what fmt says.
 */
int plot_need_gnuplot(FILE *log, const char *data_dir, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* 1 when an executable file called prog is on PATH, else 0. */
int plot_program_available(const char *prog);

/*
 * Run argv (argv[0] looked up on PATH) with stdin and stdout on /dev/null,
 * its stderr collected.  Returns 0; PLOT_ENO_GNUPLOT-like -2 when it cannot
 * be found; -3 when it failed (what it wrote to stderr then goes to log,
 * after "what failed ..."), with a one-line reason on log either way.
 */
int plot_run_program(char *const argv[], const char *what, FILE *log);

/*
 * Draw figure name: plots/NAME.gp on data_dir/NAME-vars.gp into fig_dir as
 * NAME.{png,pdf,svg}, and with latex also NAME.tex + NAME-inc.pdf (gnuplot's
 * cairolatex: the text set by LaTeX in the document's own font).  Returns 0
 * or a PLOT_E* code after saying why on log.
 */
int fig_draw(const char *name, const char *scripts_dir, const char *fig_dir, const char *data_dir,
             int latex, FILE *log);

/* Remove what an earlier run left of figure name in fig_dir (every format, and LaTeX). */
void fig_remove_outputs(const char *name, const char *fig_dir);

/* Remove only the LaTeX files of figure name (a run without LaTeX output). */
void fig_remove_tex(const char *name, const char *fig_dir);

#endif
