/*
 * curves.h - what the copy figures share: the style table (an alloc kind's
 * colour and point in every figure, its variant's dash), which panel a
 * curve is in, and a curve's row at a size.
 */
#ifndef PINSWEEP_CURVES_H
#define PINSWEEP_CURVES_H

#include "figures/kit/figure.h"
#include "figures/input.h"

/*
 * The kind of line of row r's curve when a figure tells curves of one
 * alloc kind apart by dash (plots/style.gp gives each a dash): its buffer
 * mode, or a host buffer's state when it is not steady (flushed,
 * first-touch), or "zerocopy".
 */
const char *curve_line_kind(const struct plot_row *r);

/* The style table: row r's alloc kind's colour and point, and its line kind; no title. */
void curve_style(struct fig_style *s, const struct plot_row *r);

/* The panel group of an api: 0 for sync, 1 for async and the zero-copy kernels. */
int curve_api_group(int api);

/* Is curve c in the panel of direction dir and api group grp? */
int curve_in_panel(const struct plot_input *in, const struct plot_curve *c, int dir, int grp);

/* Row i of curve c (i < c->n). */
const struct plot_row *curve_row(const struct plot_input *in, const struct plot_curve *c, size_t i);

/* The row of curve c at size bytes, or NULL. */
const struct plot_row *curve_row_at(const struct plot_input *in, const struct plot_curve *c,
                                    double size);

/* The one api drawn, "sync" or "async" (a title's detail), or "" when both were. */
const char *curve_one_api(const int seen_api[API_COUNT]);

/*
 * Start the panel of direction dir and api (titled with the api when the
 * folder has copies of another api too) and create its data file, with
 * columns as its heading, into *f.  -1 on failure.
 */
int curve_api_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                    const char *columns, const char *data_dir, FILE **f);

/*
 * The break-even of row b with its interval, from the folder's copies:
 * analysis/breakeven.h's breakeven_interval of pageable's and b's kind's
 * reused copies' GB/s intervals at b's size, direction and api.  *lo and
 * *hi; NaN for *hi (and the return value) when not resolved.
 */
double curve_breakeven_interval(const struct plot_input *in, const struct breakeven_row *b,
                                double *lo, double *hi);

/*
 * How break-even row b is drawn (analysis/breakeven.h's breakeven_status
 * of the same copies): 0 a point (with its interval), 1 no point because
 * it never pays off, 2 no point because it is not resolved.
 */
int curve_breakeven_status(const struct plot_input *in, const struct breakeven_row *b);

/*
 * The sizes at which alloc's break-even in direction dir and api has
 * status st (curve_breakeven_status), appended to buf (n bytes, *len used,
 * cut when full) as "4 KiB–16 KiB, 1 MiB": sizes one after another in
 * breakeven.csv as a run, runs ", "-apart.  The number of sizes.
 */
size_t curve_breakeven_sizes(const struct plot_input *in, int alloc, int dir, int api, int st,
                             char *buf, size_t n, size_t *len);

/*
 * A curve being written into a data file, point by point, so that its line
 * breaks where nothing was drawn: before a point, a blank line (gnuplot
 * breaks a line at one; a NaN joins the points either side) when a point of
 * the curve was skipped since the last (not measured, not resolved:
 * curve_pen_skip) or when copies like it (its direction, buffer mode, api
 * and device) were measured at a size between the two.
 */
struct curve_pen {
    const struct plot_input *in;
    const struct plot_row *like; /* the curve's first row */
    double last;                 /* the size of the last point written; NaN: none yet */
    int broken;                  /* a point was skipped since */
};

/* Start a curve like row r (its first row). */
void curve_pen_start(struct curve_pen *p, const struct plot_input *in, const struct plot_row *r);

/* Before the point at size x is written into f: the blank line that breaks the line, if due. */
void curve_pen_at(struct curve_pen *p, FILE *f, double x);

/* A point of the curve not drawn: the line breaks there. */
void curve_pen_skip(struct curve_pen *p);

#endif
