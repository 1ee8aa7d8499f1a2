/*
 * figure.h - the figure model: a figure described for its gnuplot script
 * (struct fig): its panels, the curves of each (blocks of a data file per
 * panel), plain lines over them (overlays), horizontal reference lines with
 * a label, the legend, the ranges and the titles; and the panel data files
 * under figures/data/.  gnuplot_vars.h writes a struct fig out for the
 * script; legend.h lays out its legends.
 */
#ifndef PINSWEEP_FIGURE_H
#define PINSWEEP_FIGURE_H

#include <stddef.h>
#include <stdio.h>

#define FIG_MAX_PANELS 8
#define FIG_MAX_BLOCKS 1024
#define FIG_MAX_KEYS 256
#define FIG_MAX_HLINES 32
#define FIG_MAX_STRIP_ROWS 12
#define FIG_MAX_STRIP_BLOCKS 256
/* The distinct x values a figure counts (fig_extend), enough to tell a sweep of few sizes. */
#define FIG_MAX_SIZES 16

/* a + "/" + b (no second slash when a ends in one), malloc'd; NULL when out of memory. */
char *plot_path_join(const char *a, const char *b);

/* mkdir path unless it exists; -1 (errno set) on failure. */
int plot_make_dir(const char *path);

/* v with one decimal, or two when one would round it ("63.0", "15.75"), into buf. */
void plot_format_gbps(double v, char *buf, size_t n);

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
    char title[160]; /* a band's entry names up to 6 kinds: "registered-portable, ..." */
    /* words the caption adds after the title's first clause (up to its first "; ") and the
       legend leaves out: how a bars note's interval is computed; NULL: none (a long-lived
       string) */
    const char *said;
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
    int zoom_y;        /* linear: an axis around the values, not from 0; with log_y, a log
                          axis centred at 1, as far below it as above (ratios) */
    int x_linear;      /* x is a linear quantity (time), not sizes on a log axis */
    int fixed_y;       /* linear: the y axis is exactly the y extent, no margin or rounding
                          (the figure chose it: the sentinel's axis about its median) */
    char what[128];    /* what the figure shows: its title after the experiment's name */
    /* The question the caption opens with, when it depends on what is drawn (placement: only
       the axes that vary); "" for the figure's definition's.  In NAME-question.txt. */
    char question[200];
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
    /*
     * The distinct x values (sizes) of the points fig_extend drew, the first
     * FIG_MAX_SIZES of them, and how many (at most FIG_MAX_SIZES): what a
     * figure's data span, for the rule that a sweep of few sizes is a
     * table (figures/tables.h).  fig_extend_ref's points are not counted.
     */
    double sizes[FIG_MAX_SIZES];
    size_t nsizes;
    /* Points drawn at round decimal sizes (256MB) and at round binary ones (4KiB). */
    size_t x_decimal, x_binary;
    /* Each panel's y extent; panels share one y range unless own_y says otherwise. */
    double y_min[FIG_MAX_PANELS], y_max[FIG_MAX_PANELS];
    int own_y[FIG_MAX_PANELS];
    /*
     * A band per panel (bandwidth): curves that coincide within their noise,
     * drawn as one filled min..max band and the median of their medians, in
     * NAME-PANEL-band.dat; band[p].color "" when panel p has none.
     */
    struct fig_style band[FIG_MAX_PANELS];
    /* The raw link rate of each panel's right-hand percent axis (GB/s); 0 or NaN: none. */
    double panel_link[FIG_MAX_PANELS];
    /*
     * Panels with axes of their own (the headline figure): when panel_axes
     * is set, each panel has its own y label, a log y axis where
     * panel_log_y says so and its own x range (panel_x_min, panel_x_max:
     * its data's extent in bytes), and the panels are laid out in a grid.
     */
    int panel_axes;
    int panel_log_y[FIG_MAX_PANELS];
    char panel_y_label[FIG_MAX_PANELS][64];
    double panel_x_min[FIG_MAX_PANELS], panel_x_max[FIG_MAX_PANELS];
    /*
     * A strip of rows above every panel's plot area, on its x axis (the
     * breakeven figure: a row per kind, a glyph where its point is not
     * drawn, saying why), so that glyphs of several rows at one size never
     * cover each other and no glyph widens the y axis: row k (1-based)
     * headed at the left by strip_row[k - 1]'s point in its colour; a
     * panel's strip blocks (points "x row", each drawn alone) in
     * NAME-PANEL-strip.dat.  nstrip_rows 0: no strip.
     */
    struct fig_style strip_row[FIG_MAX_STRIP_ROWS];
    size_t nstrip_rows;
    size_t panel_strip_first[FIG_MAX_PANELS], panel_nstrip[FIG_MAX_PANELS];
    struct fig_style strip[FIG_MAX_STRIP_BLOCKS];
    size_t nstrip;
    /* Before the name of every output file ("F1-": pinsweep report); "" for none. */
    char out_prefix[32];
    /* Drawn for a paper (gnuplot.h's FIG_DRAW_PAPER): paper = 1 in the variables files. */
    int paper;
};

/* Start describing figure name (x: transfer size in bytes, log). */
void fig_init(struct fig *g, const char *name, int log_y);

/*
 * Widen the data extent to hold (x, y) in the current panel, and count x
 * among the sizes the figure's data span (sizes, nsizes); NaN (and y <= 0
 * on a log axis) is ignored.
 */
void fig_extend(struct fig *g, double x, double y);

/*
 * fig_extend for a point drawn for reference beside the figure's own data
 * (a baseline, a scale): the axes hold it, but x is not counted among the
 * sizes the figure's data span.
 */
void fig_extend_ref(struct fig *g, double x, double y);

/*
 * Label the x axis at the n values v (counts such as streams or threads, in
 * any order, repeated or not) instead of at sizes.
 */
void fig_count_tics(struct fig *g, const double *v, size_t n);

/*
 * Are the figure's sizes decimal: more of its points at round decimal sizes
 * (1KB, 256MB) than at round binary ones (4KiB)?  Its size axis is then
 * labelled in decimal units (1 KB, 10 KB, ...) at their true positions.
 */
int fig_sizes_decimal(const struct fig *g);

/* Is panel p's y axis logarithmic (the figure's, or the panel's own)? */
int fig_log_y(const struct fig *g, size_t p);

/* Widen the data extent (all panels' and the current panel's) to hold size x; y unchanged. */
void fig_extend_x(struct fig *g, double x);

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
 * The strip's row (1-based) headed by style s (its colour and point), added
 * after the others when new; -1 when the strip is full.  Add the rows
 * before the panels: every panel's strip has them all, in this order.
 */
int fig_strip_row(struct fig *g, const struct fig_style *s);

/* Add a block to the current panel's strip and write its heading into f (its strip file). */
int fig_strip_block(struct fig *g, FILE *f, const struct fig_style *s, const char *what);

/*
 * A horizontal line at y across the current panel, labelled; the y extent
 * grows to hold it and its label.  -1 when there are too many.
 */
int fig_hline(struct fig *g, double y, const char *color, const char *line, const char *where,
              const char *label);

/*
 * Put reference line k's label at where instead (as fig_hline: "left-above"
 * ...), its panel's y extent grown to hold the label there.
 */
void fig_hline_move(struct fig *g, size_t k, const char *where);

/*
 * The PCIe links of n machines across the current panel: for each m with
 * show[m], a thin line at raw[m] GB/s (the link's raw rate in the panel's
 * direction, analysis/link.h) in colour color[m] (kept: a long-lived
 * string), labelled "NAME: RATE GB/s" (name[m]; "NAME × 2: RATE GB/s" for
 * bidir) once per distinct rate, at the right above it.  *drawn is set when
 * any is drawn.  -1 when there are too many lines.
 */
int fig_link_lines(struct fig *g, size_t n, const double raw[], const char *const color[],
                   const char *const name[], const int show[], int bidir, int *drawn);

/* Create the current panel's data file (suffix "") or overlay file ("-overlay"). */
FILE *fig_panel_create(const struct fig *g, const char *data_dir, const char *suffix,
                       const char *columns);

/* Remove the current panel's overlay file, left from an earlier run, when it has no overlays. */
void fig_panel_drop_overlay(const struct fig *g, const char *data_dir);

/* Remove the current panel's strip file, left from an earlier run, when it has no strip. */
void fig_panel_drop_strip(const struct fig *g, const char *data_dir);

/* Close a data file; -1 when anything failed to be written. */
int fig_panel_close(FILE *f);

/* The path of panel p's data file (suffix "") or overlay file ("-overlay"), malloc'd. */
char *fig_panel_path(const struct fig *g, size_t p, const char *suffix, const char *data_dir);

#endif
