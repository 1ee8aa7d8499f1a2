/*
 * plot.c - from summary.csv to figures (see plot.h).
 *
 * The work is split so that gnuplot scripts hold no logic about the data:
 * C reads and checks summary.csv (and fits.csv, host-memcpy.csv), decides
 * what each figure shows (panels, curves, legend, ranges, size tics) and
 * writes it under figures/data/ as
 *
 *   NAME-PANEL.dat          the curves of one panel, one gnuplot data block
 *                           each (two blank lines apart, selected with `index`);
 *   NAME-PANEL-overlay.dat  plain lines drawn over them: fits, the memcpy
 *                           ceiling of the panel's direction (only where a
 *                           panel has some);
 *   NAME-vars.gp            gnuplot assignments naming the panels, each
 *                           block's colour, kind of line and point type
 *                           (struct fig_style, which style.gp maps), the
 *                           legend (key) and the notes under it that explain
 *                           line and point styles, ranges and titles.
 *
 * plots/NAME.gp loads NAME-vars.gp and draws.  gnuplot runs through
 * posix_spawnp with an argument vector, never a shell, so paths may hold
 * spaces and quotes; strings given to gnuplot are single-quoted with any
 * quote doubled, which gnuplot reads back verbatim.
 */
#include "plot.h"
#include "csv.h"
#include "schema.h"
#include "units.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define PLOT_MAX_PROBLEMS 10  /* bad cells listed before "and N more" */
#define PLOT_MAX_STDERR 65536 /* bytes of gnuplot's stderr kept */
#define PLOT_TIME_PANELS 3    /* alloc kinds in the reallocate-time figure */
#define PLOT_FIT_POINTS 60    /* sizes at which a fit's model bandwidth is drawn */
#define PLOT_LATENCY_MAX_BYTES (16.0 * 1048576) /* small copies: the latency figure's sizes */
#define OVERLAY_COLUMNS "size_bytes gbps (fit: the model n / (t0 + n/B); ceiling: host memcpy)"

enum phase { PHASE_ALLOC, PHASE_FILL, PHASE_COPY, PHASE_FREE, PHASE_COUNT };

/* One row of summary.csv with status ok, as the figures need it. */
struct plot_row {
    int dir, alloc, buffer, api, cache, touch; /* schema value indices */
    const char *device;                        /* owned by the table */
    size_t line;                               /* in summary.csv */
    double size_bytes;
    double gbps_median, gbps_min, gbps_max, effective_gbps;
    double us_per_copy;           /* pipelined: event time / copies; NaN when empty */
    double roundtrip_us;          /* one copy waited for, host clock; NaN when empty */
    double phase_ms[PHASE_COUNT]; /* medians; NaN when empty */
};

/*
 * The text columns naming a row's configuration, checked against schema.h.
 * An optional one (added after the first results folders were written)
 * takes its axis's default when the column or the cell is missing.
 */
static const struct {
    const char *name;
    enum axis_id axis;
    int required;
    size_t offset; /* of the int in struct plot_row */
} axis_cols[] = {
    {"alloc", AXIS_ALLOC, 1, offsetof(struct plot_row, alloc)},
    {"direction", AXIS_DIRECTION, 1, offsetof(struct plot_row, dir)},
    {"buffer", AXIS_BUFFER, 1, offsetof(struct plot_row, buffer)},
    {"api", AXIS_API, 1, offsetof(struct plot_row, api)},
    {"cache", AXIS_CACHE, 0, offsetof(struct plot_row, cache)},
    {"touch", AXIS_TOUCH, 0, offsetof(struct plot_row, touch)},
};

/* The numeric columns read; an empty cell reads as NaN. */
static const struct {
    const char *name;
    int required;  /* the column must exist, and the cell be filled in ok rows */
    size_t offset; /* of the double in struct plot_row */
} number_cols[] = {
    {"size_bytes", 1, offsetof(struct plot_row, size_bytes)},
    {"gbps_median", 1, offsetof(struct plot_row, gbps_median)},
    {"gbps_min", 0, offsetof(struct plot_row, gbps_min)},
    {"gbps_max", 0, offsetof(struct plot_row, gbps_max)},
    {"effective_gbps_median", 0, offsetof(struct plot_row, effective_gbps)},
    {"us_per_copy_median", 0, offsetof(struct plot_row, us_per_copy)},
    {"roundtrip_us_median", 0, offsetof(struct plot_row, roundtrip_us)},
    {"alloc_ms_median", 0, offsetof(struct plot_row, phase_ms[PHASE_ALLOC])},
    {"fill_ms_median", 0, offsetof(struct plot_row, phase_ms[PHASE_FILL])},
    {"copy_ms_median", 0, offsetof(struct plot_row, phase_ms[PHASE_COPY])},
    {"free_ms_median", 0, offsetof(struct plot_row, phase_ms[PHASE_FREE])},
};
#define NAXIS_COLS (sizeof(axis_cols) / sizeof(axis_cols[0]))
#define NNUMBER_COLS (sizeof(number_cols) / sizeof(number_cols[0]))

/* Panel titles by direction; the data files use the schema's names. */
static const char *const dir_titles[DIR_COUNT] = {
    [DIR_H2D] = "host → device",
    [DIR_D2H] = "device → host",
    [DIR_BIDIR] = "bidirectional (sum)",
};

/* A run of rows (sorted) sharing direction, alloc, buffer, api, cache, touch and device. */
struct plot_curve {
    size_t first, n;
};

/* A row of fits.csv: the model t(n) = t0 + n/B of a curve's time per copy. */
struct plot_fit {
    int dir, alloc, buffer, api, cache, touch;
    double t0_us, bandwidth_gbps;
};

/*
 * A row of host-memcpy.csv: single-thread host memcpy bandwidth at one size.
 * A file with a direction column says which copy a row stands for: h2d,
 * from the user's buffer into a small staging buffer (staging_bytes, reused
 * cyclically), as the driver does before the DMA of a pageable h2d copy;
 * d2h, from the staging buffer into the user's buffer.  An older file has
 * neither column: its rows stand for both directions.
 */
struct plot_memcpy {
    int dir; /* DIR_H2D, DIR_D2H, or -1: both (no direction column) */
    double size_bytes, gbps;
    double staging_bytes; /* NaN when not given */
};

/* Everything read from a results folder. */
struct plot_input {
    const char *dir; /* the results folder, as given */
    char *summary_path;
    struct csv_table table;
    struct plot_row *rows; /* ok rows, sorted by curve then size */
    size_t nrows;
    struct plot_curve *curves;
    size_t ncurves;
    int multi_device;      /* rows name more than one device */
    struct plot_fit *fits; /* from fits.csv; none when it is absent or malformed */
    size_t nfits;
    struct plot_memcpy *memcpy_pts; /* from host-memcpy.csv, by direction, then size; likewise */
    size_t nmemcpy;
    char experiment[128]; /* from the rows, else the folder's name */
    char gpu[128];        /* from meta.yaml, or "" */
    char host[128];
};

/* ---- small helpers ---- */

static void logf_line(FILE *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void logf_line(FILE *log, const char *fmt, ...)
{
    if (!log)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(log, fmt, ap);
    va_end(ap);
    fputc('\n', log);
    fflush(log);
}

/* a + "/" + b (no second slash when a ends in one), malloc'd; NULL when out of memory. */
static char *path_join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *p = malloc(la + lb + 2);
    if (!p)
        return NULL;
    memcpy(p, a, la);
    if (la == 0 || a[la - 1] != '/')
        p[la++] = '/';
    memcpy(p + la, b, lb + 1);
    return p;
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST)
        return 0;
    return -1;
}

/* Write s as a gnuplot string: single quotes, '' for a quote; line breaks become spaces. */
static void gp_string(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("''", f);
        else if (*s == '\n' || *s == '\r')
            fputc(' ', f);
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

/* Copy src into dst (size n), dropping control characters and surrounding spaces. */
static void copy_clean(char *dst, size_t n, const char *src)
{
    size_t len = 0;
    while (*src == ' ' || *src == '\t')
        src++;
    for (; *src && len + 1 < n; src++)
        if ((unsigned char)*src >= 0x20)
            dst[len++] = *src;
    while (len > 0 && dst[len - 1] == ' ')
        len--;
    dst[len] = '\0';
}

/* ---- reading summary.csv ---- */

/* Columns the figures cannot do without, or -1 (with a message) when one is missing. */
static int check_columns(const struct plot_input *in, FILE *log)
{
    const char *need[NAXIS_COLS + NNUMBER_COLS + 1];
    size_t nneed = 0, missing = 0;
    need[nneed++] = "status";
    for (size_t i = 0; i < NAXIS_COLS; i++)
        if (axis_cols[i].required)
            need[nneed++] = axis_cols[i].name;
    for (size_t i = 0; i < NNUMBER_COLS; i++)
        if (number_cols[i].required)
            need[nneed++] = number_cols[i].name;
    for (size_t i = 0; i < nneed; i++) {
        if (csv_table_col(&in->table, need[i]) >= 0)
            continue;
        logf_line(log, "%s: no column '%s' in the header; is this a pinsweep summary.csv?",
                  in->summary_path, need[i]);
        missing++;
    }
    return missing ? -1 : 0;
}

/* Parse a number cell: "" is NaN; returns -1 for anything else that is not a number. */
static int parse_number(const char *text, double *v)
{
    char *end;
    if (text[0] == '\0') {
        *v = NAN;
        return 0;
    }
    errno = 0;
    *v = strtod(text, &end);
    return (end == text || *end != '\0' || errno == ERANGE) ? -1 : 0;
}

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

static void problem(struct problems *p, size_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void problem(struct problems *p, size_t line, const char *fmt, ...)
{
    char why[512], at[32] = "";
    if (p->n++ >= PLOT_MAX_PROBLEMS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    if (line)
        snprintf(at, sizeof(at), ":%zu", line);
    logf_line(p->log, "%s%s%s: %s%s", p->prefix, p->path, at, why, p->suffix);
}

/* Say how many problems were not listed, if any. */
static void problems_end(const struct problems *p)
{
    if (p->n > PLOT_MAX_PROBLEMS)
        logf_line(p->log, "%s%s: and %d more problems like these", p->prefix, p->path,
                  p->n - PLOT_MAX_PROBLEMS);
}

/*
 * Axis column c (of axis_cols) of table row i into *v, the default for an
 * optional one left out; -1 after reporting a problem.
 */
static int read_axis(const struct csv_table *t, size_t i, size_t c, int *v, struct problems *p)
{
    char allowed[256];
    const char *text = csv_table_get(t, i, csv_table_col(t, axis_cols[c].name));
    if (!axis_cols[c].required && text[0] == '\0') {
        *v = schema_axes[axis_cols[c].axis].default_value;
        return 0;
    }
    *v = schema_value_find(axis_cols[c].axis, text);
    if (*v >= 0)
        return 0;
    problem(p, t->lines[i], "%s '%s' is not one of %s", axis_cols[c].name, text,
            schema_axis_allowed(axis_cols[c].axis, allowed, sizeof(allowed)));
    return -1;
}

/*
 * The number in column name of table row i into *v, NaN when the cell is
 * empty (or the column missing); -1 after reporting a problem: not a number,
 * or empty though required.
 */
static int read_number(const struct csv_table *t, size_t i, const char *name, int required,
                       double *v, struct problems *p)
{
    const char *text = csv_table_get(t, i, csv_table_col(t, name));
    if (parse_number(text, v) == 0 && !(required && isnan(*v)))
        return 0;
    if (text[0])
        problem(p, t->lines[i], "%s '%s' is not a number", name, text);
    else
        problem(p, t->lines[i], "%s is empty%s", name, p->where);
    return -1;
}

/*
 * Is bytes (column name of table row i) a whole number of bytes?  -1 after
 * reporting a problem.
 */
static int check_bytes(const struct csv_table *t, size_t i, const char *name, double bytes,
                       struct problems *p)
{
    if (bytes >= 1 && bytes == floor(bytes))
        return 0;
    problem(p, t->lines[i], "%s '%s' is not a whole number of bytes", name,
            csv_table_get(t, i, csv_table_col(t, name)));
    return -1;
}

static int check_size(const struct csv_table *t, size_t i, double size, struct problems *p)
{
    return check_bytes(t, i, "size_bytes", size, p);
}

/* Fill r from table row i; returns the number of problems reported. */
static int read_row(const struct csv_table *t, size_t i, struct plot_row *r, struct problems *p)
{
    int bad = 0;
    r->line = t->lines[i];
    r->device = csv_table_get(t, i, csv_table_col(t, "device"));
    for (size_t c = 0; c < NAXIS_COLS; c++)
        bad += read_axis(t, i, c, (int *)((char *)r + axis_cols[c].offset), p) < 0;
    for (size_t c = 0; c < NNUMBER_COLS; c++)
        bad += read_number(t, i, number_cols[c].name, number_cols[c].required,
                           (double *)((char *)r + number_cols[c].offset), p) < 0;
    if (!bad)
        bad += check_size(t, i, r->size_bytes, p) < 0;
    return bad;
}

static int row_order(const void *pa, const void *pb)
{
    const struct plot_row *a = pa, *b = pb;
    int d;
    if ((d = a->dir - b->dir) || (d = a->alloc - b->alloc) || (d = a->buffer - b->buffer) ||
        (d = a->api - b->api) || (d = a->cache - b->cache) || (d = a->touch - b->touch) ||
        (d = strcmp(a->device, b->device)))
        return d;
    return (a->size_bytes > b->size_bytes) - (a->size_bytes < b->size_bytes);
}

static int same_curve(const struct plot_row *a, const struct plot_row *b)
{
    return a->dir == b->dir && a->alloc == b->alloc && a->buffer == b->buffer && a->api == b->api &&
           a->cache == b->cache && a->touch == b->touch && strcmp(a->device, b->device) == 0;
}

/* Sort the rows and cut them into curves. */
static int build_curves(struct plot_input *in)
{
    qsort(in->rows, in->nrows, sizeof(in->rows[0]), row_order);
    in->curves = calloc(in->nrows, sizeof(in->curves[0]));
    if (!in->curves)
        return -1;
    for (size_t i = 0; i < in->nrows; i++) {
        if (i == 0 || !same_curve(&in->rows[i - 1], &in->rows[i]))
            in->curves[in->ncurves++].first = i;
        in->curves[in->ncurves - 1].n++;
        if (strcmp(in->rows[i].device, in->rows[0].device) != 0)
            in->multi_device = 1;
    }
    return 0;
}

/* Read the ok rows of the table into in->rows; -1 after reporting every problem. */
static int read_rows(struct plot_input *in, FILE *log)
{
    const struct csv_table *t = &in->table;
    struct problems p = {in->summary_path, "", "", " in a row with status ok", log, 0};
    int status_col = csv_table_col(t, "status");
    in->rows = calloc(t->nrows ? t->nrows : 1, sizeof(in->rows[0]));
    if (!in->rows) {
        logf_line(log, "%s: out of memory", in->summary_path);
        return -1;
    }
    for (size_t i = 0; i < t->nrows; i++) {
        if (strcmp(csv_table_get(t, i, status_col), "ok") != 0)
            continue;
        if (read_row(t, i, &in->rows[in->nrows], &p) == 0)
            in->nrows++;
    }
    problems_end(&p);
    if (p.n)
        return -1;
    if (in->nrows == 0) {
        logf_line(log, "%s: no row has status ok (of %zu row%s); nothing to draw", in->summary_path,
                  t->nrows, t->nrows == 1 ? "" : "s");
        return -1;
    }
    return 0;
}

/* ---- reading fits.csv and host-memcpy.csv (optional: a problem is a warning) ---- */

/*
 * Read the optional file at path into t, checking that it has the columns
 * cols: 1 when read, 0 when there is no such file, -1 after a warning.
 */
static int side_table(const char *path, const char *const cols[], size_t ncols, struct csv_table *t,
                      struct problems *p)
{
    char err[512];
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    if (csv_table_read(path, t, err, sizeof(err)) < 0) {
        logf_line(p->log, "%s%s%s", p->prefix, err, p->suffix);
        p->n++;
        return -1;
    }
    for (size_t c = 0; c < ncols; c++)
        if (csv_table_col(t, cols[c]) < 0)
            problem(p, 1, "no column '%s' in the header", cols[c]);
    return p->n ? -1 : 1;
}

/* Row i of fits.csv into f; -1 after reporting its problems. */
static int read_fit(const struct csv_table *t, size_t i, struct plot_fit *f, struct problems *p)
{
    int *axes[NAXIS_COLS] = {&f->alloc, &f->dir,   &f->buffer,
                             &f->api,   &f->cache, &f->touch}; /* as in axis_cols */
    int before = p->n;
    for (size_t c = 0; c < NAXIS_COLS; c++)
        read_axis(t, i, c, axes[c], p);
    if (read_number(t, i, "t0_us", 1, &f->t0_us, p) == 0 && !isfinite(f->t0_us))
        problem(p, t->lines[i], "t0_us '%s' is not a finite number",
                csv_table_get(t, i, csv_table_col(t, "t0_us")));
    if (read_number(t, i, "bandwidth_gbps", 1, &f->bandwidth_gbps, p) == 0 &&
        !(f->bandwidth_gbps > 0 && isfinite(f->bandwidth_gbps)))
        problem(p, t->lines[i], "bandwidth_gbps '%s' is not a positive number",
                csv_table_get(t, i, csv_table_col(t, "bandwidth_gbps")));
    return p->n > before ? -1 : 0;
}

/*
 * The fits of RESULTS/fits.csv, if there is one.  A file that cannot be used
 * is a warning (FILE:LINE: why) and the figures are drawn without fits: they
 * are a gloss on the measurements, which stand without them.
 */
static void read_fits(struct plot_input *in, FILE *log)
{
    static const char *const cols[] = {"alloc", "direction", "buffer",
                                       "api",   "t0_us",     "bandwidth_gbps"};
    struct csv_table t = {0};
    char *path = path_join(in->dir, "fits.csv");
    struct problems p = {path, "warning: ", "; no fit curves drawn", "", log, 0};
    if (!path || side_table(path, cols, sizeof(cols) / sizeof(cols[0]), &t, &p) <= 0)
        goto out;
    in->fits = calloc(t.nrows ? t.nrows : 1, sizeof(in->fits[0]));
    if (!in->fits)
        problem(&p, 0, "out of memory");
    for (size_t i = 0; in->fits && i < t.nrows; i++)
        if (read_fit(&t, i, &in->fits[in->nfits], &p) == 0)
            in->nfits++;
    problems_end(&p);
out:
    if (p.n) {
        free(in->fits);
        in->fits = NULL;
        in->nfits = 0;
    }
    csv_table_free(&t);
    free(path);
}

static int memcpy_order(const void *pa, const void *pb)
{
    const struct plot_memcpy *a = pa, *b = pb;
    if (a->dir != b->dir)
        return a->dir - b->dir;
    return (a->size_bytes > b->size_bytes) - (a->size_bytes < b->size_bytes);
}

/*
 * The direction of row i of host-memcpy.csv into *dir: -1 (both) when the
 * file has no direction column, else h2d or d2h; -1 after reporting a problem.
 */
static int read_memcpy_dir(const struct csv_table *t, size_t i, int *dir, struct problems *p)
{
    int col = csv_table_col(t, "direction");
    const char *text = csv_table_get(t, i, col);
    *dir = col < 0 ? -1 : schema_value_find(AXIS_DIRECTION, text);
    if (col < 0 || *dir == DIR_H2D || *dir == DIR_D2H)
        return 0;
    problem(p, t->lines[i], "direction '%s' is not one of h2d | d2h", text);
    return -1;
}

/* Row i of host-memcpy.csv into m; -1 after reporting its problems. */
static int read_memcpy(const struct csv_table *t, size_t i, struct plot_memcpy *m,
                       struct problems *p)
{
    int before = p->n;
    read_memcpy_dir(t, i, &m->dir, p);
    if (read_number(t, i, "size_bytes", 1, &m->size_bytes, p) == 0)
        check_size(t, i, m->size_bytes, p);
    if (read_number(t, i, "gbps_median", 1, &m->gbps, p) == 0 &&
        !(m->gbps > 0 && isfinite(m->gbps)))
        problem(p, t->lines[i], "gbps_median '%s' is not a positive number",
                csv_table_get(t, i, csv_table_col(t, "gbps_median")));
    if (read_number(t, i, "staging_bytes", 0, &m->staging_bytes, p) == 0 &&
        !isnan(m->staging_bytes))
        check_bytes(t, i, "staging_bytes", m->staging_bytes, p);
    return p->n > before ? -1 : 0;
}

/*
 * The host memcpy bandwidth of RESULTS/host-memcpy.csv, if there is one; as
 * read_fits.  Columns: size_bytes, gbps_median, and in files written since
 * the ceiling is measured per direction, direction and staging_bytes.
 */
static void read_host_memcpy(struct plot_input *in, FILE *log)
{
    static const char *const cols[] = {"size_bytes", "gbps_median"};
    struct csv_table t = {0};
    char *path = path_join(in->dir, "host-memcpy.csv");
    struct problems p = {path, "warning: ", "; no host memcpy ceiling drawn", "", log, 0};
    if (!path || side_table(path, cols, 2, &t, &p) <= 0)
        goto out;
    in->memcpy_pts = calloc(t.nrows ? t.nrows : 1, sizeof(in->memcpy_pts[0]));
    if (!in->memcpy_pts)
        problem(&p, 0, "out of memory");
    for (size_t i = 0; in->memcpy_pts && i < t.nrows; i++)
        if (read_memcpy(&t, i, &in->memcpy_pts[in->nmemcpy], &p) == 0)
            in->nmemcpy++;
    problems_end(&p);
    if (in->nmemcpy > 1)
        qsort(in->memcpy_pts, in->nmemcpy, sizeof(in->memcpy_pts[0]), memcpy_order);
out:
    if (p.n) {
        free(in->memcpy_pts);
        in->memcpy_pts = NULL;
        in->nmemcpy = 0;
    }
    csv_table_free(&t);
    free(path);
}

/* The value of a "key: value" line if it is one for key; NULL otherwise. */
static const char *yaml_value(const char *line, const char *key)
{
    while (*line == ' ' || *line == '-')
        line++;
    size_t n = strlen(key);
    if (strncmp(line, key, n) != 0 || line[n] != ':')
        return NULL;
    return line + n + 1;
}

/* Store a YAML scalar's text into dst, unquoted; keeps the first value found. */
static void yaml_store(char *dst, size_t n, const char *value)
{
    char buf[256];
    if (dst[0])
        return;
    copy_clean(buf, sizeof(buf), value);
    size_t len = strlen(buf);
    if (len >= 2 && (buf[0] == '"' || buf[0] == '\'') && buf[len - 1] == buf[0]) {
        buf[len - 1] = '\0';
        if (buf[0] == '"') /* the common escapes: \" and \\ */
            for (char *r = buf + 1, *w = buf + 1;; r++) {
                if (*r == '\\' && (r[1] == '"' || r[1] == '\\'))
                    r++;
                if (!(*w++ = *r))
                    break;
            }
        copy_clean(dst, n, buf + 1);
    } else {
        copy_clean(dst, n, buf);
    }
}

/*
 * The GPU's name and the hostname from meta.yaml, if it is there and says:
 * a `name:` under a top-level `gpu:` (or `gpus:`, `device:`) and a
 * `hostname:` anywhere.  Not a YAML parser: anything unexpected is skipped.
 */
static void read_meta(struct plot_input *in)
{
    char *path = path_join(in->dir, "meta.yaml");
    FILE *f = path ? fopen(path, "r") : NULL;
    char line[512];
    int in_gpu = 0;
    const char *v;
    while (f && fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] != ' ' && line[0] != '-' && line[0] != '#' && line[0] != '\0')
            in_gpu =
                yaml_value(line, "gpu") || yaml_value(line, "gpus") || yaml_value(line, "device");
        if (in_gpu && line[0] == ' ' && (v = yaml_value(line, "name")))
            yaml_store(in->gpu, sizeof(in->gpu), v);
        if ((v = yaml_value(line, "hostname")))
            yaml_store(in->host, sizeof(in->host), v);
    }
    if (f)
        fclose(f);
    free(path);
}

/* The experiment's name: the experiment column of the rows, else the folder's name. */
static void find_experiment(struct plot_input *in)
{
    const struct csv_table *t = &in->table;
    int col = csv_table_col(t, "experiment");
    for (size_t i = 0; i < t->nrows && !in->experiment[0]; i++)
        copy_clean(in->experiment, sizeof(in->experiment), csv_table_get(t, i, col));
    if (in->experiment[0])
        return;
    const char *dir = in->dir, *slash;
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/')
        len--;
    for (slash = dir + len; slash > dir && slash[-1] != '/'; slash--)
        ;
    snprintf(in->experiment, sizeof(in->experiment), "%.*s", (int)(dir + len - slash), slash);
}

/* Read and check everything plot_results needs from results_dir. */
static int input_read(struct plot_input *in, const char *results_dir, FILE *log)
{
    char err[512];
    in->dir = results_dir;
    in->summary_path = path_join(results_dir, "summary.csv");
    if (!in->summary_path)
        return -1;
    if (csv_table_read(in->summary_path, &in->table, err, sizeof(err)) < 0) {
        logf_line(log, "%s", err);
        return -1;
    }
    if (check_columns(in, log) < 0 || read_rows(in, log) < 0)
        return -1;
    if (build_curves(in) < 0) {
        logf_line(log, "%s: out of memory", in->summary_path);
        return -1;
    }
    find_experiment(in);
    read_meta(in);
    read_fits(in, log);
    read_host_memcpy(in, log);
    return 0;
}

static void input_free(struct plot_input *in)
{
    csv_table_free(&in->table);
    free(in->summary_path);
    free(in->rows);
    free(in->curves);
    free(in->fits);
    free(in->memcpy_pts);
}

/* ---- describing a figure to its gnuplot script ---- */

#define FIG_MAX_PANELS 8
#define FIG_MAX_BLOCKS 1024
#define FIG_MAX_KEYS 256

/*
 * How a curve or legend entry is drawn (plots/style.gp maps each field).
 * alloc is the colour: an alloc kind's, or "" dark grey (entries that
 * explain a line or point style), "host" light grey (host memcpy), "-"
 * invisible (a legend placeholder).  line is the dash and width: a buffer
 * mode (reuse solid, reallocate dashed) or another kind of line (pipelined,
 * roundtrip, fit, ceiling).  api is the point type ("" none).
 */
struct fig_style {
    const char *alloc, *line, *api;
    char title[96];
};

/*
 * Legend entries in cols columns, stored column by column as gnuplot fills
 * a legend (see legend_grid).
 */
struct fig_legend {
    struct fig_style e[FIG_MAX_KEYS];
    size_t n, cols;
};

/* A figure being described: written out as NAME-vars.gp. */
struct fig {
    const char *name;
    int log_y;         /* the y axis is logarithmic: only values > 0 count */
    char what[128];    /* what the figure shows: its title after the experiment's name */
    char detail[128];  /* a remark the script puts after the title or under it; may be "" */
    char title[300];   /* "experiment: what" */
    char machine[300]; /* "GPU, host" from meta.yaml; may be "" */
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
    struct fig_legend key;   /* the curves' colours, dashes and points */
    struct fig_legend notes; /* under the key, centred: what a kind of line or point means */
    double x_min, x_max, y_min, y_max; /* data extent: size_bytes and the y values */
};

static void fig_init(struct fig *g, const char *name, int log_y)
{
    memset(g, 0, sizeof(*g));
    g->name = name;
    g->log_y = log_y;
    g->x_min = g->y_min = INFINITY;
    g->x_max = g->y_max = -INFINITY;
}

static void fig_extend(struct fig *g, double x, double y)
{
    if (isnan(y) || (g->log_y && y <= 0))
        return;
    g->x_min = fmin(g->x_min, x);
    g->x_max = fmax(g->x_max, x);
    g->y_min = fmin(g->y_min, y);
    g->y_max = fmax(g->y_max, y);
}

/* The legend entry with these attributes, added when new; -1 when the legend is full. */
static int fig_key(struct fig *g, const struct fig_style *s)
{
    struct fig_legend *L = &g->key;
    for (size_t k = 0; k < L->n; k++)
        if (strcmp(L->e[k].alloc, s->alloc) == 0 && strcmp(L->e[k].line, s->line) == 0 &&
            strcmp(L->e[k].api, s->api) == 0 && strcmp(L->e[k].title, s->title) == 0)
            return (int)k;
    if (L->n == FIG_MAX_KEYS)
        return -1;
    L->e[L->n] = *s;
    return (int)L->n++;
}

/* A "nice" upper bound for a linear axis from 0: a whole number of 1, 2 or 5 steps. */
static double nice_ceiling(double v)
{
    if (!(v > 0))
        return 1;
    v *= 1.04; /* headroom above the highest error bar */
    double step = pow(10, floor(log10(v / 6)));
    if (v / step > 6 * 5)
        step *= 5;
    else if (v / step > 6 * 2)
        step *= 2;
    return ceil(v / step) * step;
}

/* Distance from exponent e to the nearest multiple of step within [lo, hi]; big if none. */
static int label_distance(int e, int step, int lo, int hi)
{
    int m = ((e % step) + step) % step, best = 1 << 20;
    if (e - m >= lo)
        best = m;
    if (m && e + step - m <= hi && step - m < best)
        best = step - m;
    return best;
}

/*
 * The gnuplot `set xtics` list for sizes lo..hi bytes on a log axis, as the
 * string variable called name: labels at powers of two people read (4K, 64K,
 * 1M, 16M, 256M, 1G), 2, 4, 16 or 1024 times apart so that at most
 * max_labels fit, plus either end of the range when not crowded; minor tics
 * at the other powers of two.
 */
static void write_size_tics(FILE *f, const char *name, double lo, double hi, int max_labels)
{
    static const int steps[] = {1, 2, 4, 10, 20};
    int e_lo = (int)ceil(log2(lo) - 1e-9), e_hi = (int)floor(log2(hi) + 1e-9);
    if (e_hi < e_lo) /* one size, not a power of two: the nearest one */
        e_hi = e_lo = (int)round(log2(lo));
    int step = steps[0];
    for (size_t i = 1; i < sizeof(steps) / sizeof(steps[0]) && (e_hi - e_lo) / step > max_labels;
         i++)
        step = steps[i];
    char label[32];
    fprintf(f, "%s = '(", name);
    for (int e = e_lo; e <= e_hi; e++) {
        int d = label_distance(e, step, e_lo, e_hi);
        int major = d == 0 || ((e == e_lo || e == e_hi) && d >= 2);
        units_format_size_short((uint64_t)1 << e, label, sizeof(label));
        fprintf(f, "%s\"%s\" %.0f%s", e > e_lo ? ", " : "", major ? label : "", ldexp(1, e),
                major ? "" : " 1");
    }
    fputs(")'\n", f);
}

/* Size tics for a panel of the usual width, and for a wide one (size_tics_wide). */
static void write_all_size_tics(FILE *f, double lo, double hi)
{
    write_size_tics(f, "size_tics", lo, hi, 5);
    write_size_tics(f, "size_tics_wide", lo, hi, 10);
}

enum style_field { STYLE_ALLOC, STYLE_LINE, STYLE_API, STYLE_TITLE };

static const char *style_get(const struct fig_style *s, enum style_field w)
{
    switch (w) {
    case STYLE_ALLOC:
        return s->alloc;
    case STYLE_LINE:
        return s->line;
    case STYLE_API:
        return s->api;
    default:
        return s->title;
    }
}

/* A gnuplot array of one field of n styles (gnuplot arrays cannot be empty: [''] then). */
static void write_style_array(FILE *f, const char *name, const struct fig_style *s, size_t n,
                              enum style_field w)
{
    fprintf(f, "array %s[%zu] = [", name, n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        gp_string(f, style_get(&s[i], w));
    }
    fputs(n ? "]\n" : "'']\n", f);
}

static void write_size_array(FILE *f, const char *name, size_t n, const size_t *v)
{
    fprintf(f, "array %s[%zu] = [", name, n ? n : 1);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%zu", i ? ", " : "", v[i]);
    fputs(n ? "]\n" : "0]\n", f);
}

/* The path of panel p's data file (suffix "") or overlay file ("-overlay"), malloc'd. */
static char *panel_path(const struct fig *g, size_t p, const char *suffix, const char *data_dir)
{
    char name[160];
    snprintf(name, sizeof(name), "%s-%s%s.dat", g->name, g->panel_tag[p], suffix);
    return path_join(data_dir, name);
}

/* "NAME[p] = 'PATH'" for panel p's file with this suffix; -1 when out of memory. */
static int write_panel_file(FILE *f, const struct fig *g, size_t p, const char *name,
                            const char *suffix, const char *data_dir)
{
    char *file = panel_path(g, p, suffix, data_dir);
    if (!file)
        return -1;
    fprintf(f, "%s[%zu] = ", name, p + 1);
    gp_string(f, file);
    fputc('\n', f);
    free(file);
    return 0;
}

static int write_panels(FILE *f, const struct fig *g, const char *data_dir)
{
    size_t n = g->npanels ? g->npanels : 1;
    fprintf(f, "array panel_title[%zu]\narray panel_file[%zu]\narray panel_over_file[%zu]\n", n, n,
            n);
    for (size_t p = 0; p < g->npanels; p++) {
        fprintf(f, "panel_title[%zu] = ", p + 1);
        gp_string(f, g->panel_title[p]);
        fputc('\n', f);
        if (write_panel_file(f, g, p, "panel_file", "", data_dir) < 0 ||
            write_panel_file(f, g, p, "panel_over_file", "-overlay", data_dir) < 0)
            return -1;
    }
    write_size_array(f, "panel_first", g->npanels, g->panel_first);
    write_size_array(f, "panel_nblocks", g->npanels, g->panel_nblocks);
    write_size_array(f, "panel_over_first", g->npanels, g->panel_over_first);
    write_size_array(f, "panel_nover", g->npanels, g->panel_nover);
    return 0;
}

/* v rounded down (dir < 0) or up (dir > 0) to the series ... 0.1, 0.2, 0.5, 1, 2, 5, 10 ... */
static double round_125(double v, int dir)
{
    static const double m[] = {1, 2, 5, 10};
    double decade = pow(10, floor(log10(v)));
    if (dir < 0) {
        for (int i = 2; i >= 0; i--)
            if (m[i] * decade <= v * (1 + 1e-9))
                return m[i] * decade;
        return decade;
    }
    for (int i = 0; i < 4; i++)
        if (m[i] * decade >= v * (1 - 1e-9))
            return m[i] * decade;
    return 10 * decade;
}

/*
 * The gnuplot `set ytics` list y_tics for a log axis from lo to hi: labels
 * at 1, 2 and 5 times the powers of ten when the range spans at most four
 * decades (so that 2.5 µs and 7 µs can be told apart), else at the powers
 * of ten only.
 */
static void write_log_tics(FILE *f, double lo, double hi)
{
    static const double m[] = {1, 2, 5};
    int e_lo = (int)floor(log10(lo) + 1e-9), e_hi = (int)ceil(log10(hi) - 1e-9);
    int all = e_hi - e_lo <= 4, first = 1;
    fputs("y_tics = '(", f);
    for (int e = e_lo; e <= e_hi; e++)
        for (size_t i = 0; i < (all ? 3u : 1u); i++) {
            double v = m[i] * pow(10, e);
            if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
                continue;
            fprintf(f, "%s\"%g\" %.17g", first ? "" : ", ", v, v);
            first = 0;
        }
    fputs(")'\n", f);
}

/*
 * The ranges: x in bytes with a margin either side; y linear from 0 to a
 * round number (bandwidth), or on a log axis from and to the 1-2-5 values
 * around the data.
 */
static void write_ranges(FILE *f, const struct fig *g)
{
    if (!(g->x_min <= g->x_max)) { /* no values at all: any range will do */
        fputs("x_min = 1024\nx_max = 1048576\ny_min = 0.1\ny_max = 1\n", f);
        write_all_size_tics(f, 1024, 1048576);
        return;
    }
    fprintf(f, "x_min = %.17g\nx_max = %.17g\n", g->x_min / 1.4, g->x_max * 1.4);
    if (g->log_y) {
        double lo = round_125(g->y_min / 1.15, -1), hi = round_125(g->y_max * 1.15, 1);
        fprintf(f, "y_min = %.17g\ny_max = %.17g\n", lo, hi);
        write_log_tics(f, lo, hi);
    } else
        fprintf(f, "y_min = 0\ny_max = %.17g\n", nice_ceiling(g->y_max));
    write_all_size_tics(f, g->x_min, g->x_max);
}

/* The length of the longest entry of L in characters (UTF-8 aware), for the page's width. */
static size_t legend_max_chars(const struct fig_legend *L)
{
    size_t most = 0;
    for (size_t k = 0; k < L->n; k++) {
        size_t n = 0;
        for (const char *p = L->e[k].title; *p; p++)
            n += ((unsigned char)*p & 0xC0) != 0x80;
        most = n > most ? n : most;
    }
    return most;
}

/* A legend as PREFIX_{alloc,line,api,title} arrays, nPREFIXs, PREFIX_cols, _rows, _max_chars. */
static void write_legend(FILE *f, const char *prefix, const struct fig_legend *L)
{
    static const char *const fields[] = {"alloc", "line", "api", "title"};
    static const enum style_field which[] = {STYLE_ALLOC, STYLE_LINE, STYLE_API, STYLE_TITLE};
    size_t cols = L->cols ? L->cols : 1;
    char name[64];
    fprintf(f, "n%ss = %zu\n%s_cols = %zu\n%s_rows = %zu\n%s_max_chars = %zu\n", prefix, L->n,
            prefix, cols, prefix, (L->n + cols - 1) / cols, prefix, legend_max_chars(L));
    for (size_t i = 0; i < 4; i++) {
        snprintf(name, sizeof(name), "%s_%s", prefix, fields[i]);
        write_style_array(f, name, L->e, L->n, which[i]);
    }
}

/* Write NAME-vars.gp for the script: every per-figure fact, as gnuplot assignments. */
static int fig_write_vars(const struct fig *g, const char *data_dir, const char *out_dir)
{
    char name[96];
    snprintf(name, sizeof(name), "%s-vars.gp", g->name);
    char *path = path_join(data_dir, name);
    FILE *f = path ? fopen(path, "w") : NULL;
    int rc = -1;
    if (!f)
        goto out;
    fprintf(f, "# %s - written by `pinsweep plot` for plots/%s.gp (see src/plot.c)\n", name,
            g->name);
    fputs("fig_title = ", f);
    gp_string(f, g->title);
    fputs("\nfig_detail = ", f);
    gp_string(f, g->detail);
    fputs("\nfig_machine = ", f);
    gp_string(f, g->machine);
    fputs("\nout_dir = ", f);
    gp_string(f, out_dir);
    fprintf(f, "\nnpanels = %zu\nnblocks = %zu\n", g->npanels, g->nblocks);
    if (write_panels(f, g, data_dir) < 0)
        goto out;
    write_style_array(f, "block_alloc", g->block, g->nblocks, STYLE_ALLOC);
    write_style_array(f, "block_line", g->block, g->nblocks, STYLE_LINE);
    write_style_array(f, "block_api", g->block, g->nblocks, STYLE_API);
    write_style_array(f, "over_alloc", g->over, g->nover, STYLE_ALLOC);
    write_style_array(f, "over_line", g->over, g->nover, STYLE_LINE);
    write_legend(f, "key", &g->key);
    write_legend(f, "note", &g->notes);
    write_ranges(f, g);
    rc = ferror(f) ? -1 : 0;
out:
    if (f && fclose(f) != 0)
        rc = -1;
    free(path);
    return rc;
}

/* ---- the figures' data ---- */

/* Start a new panel: its blocks are the ones added until the next. */
static int fig_panel(struct fig *g, const char *tag, const char *title)
{
    if (g->npanels == FIG_MAX_PANELS)
        return -1;
    snprintf(g->panel_tag[g->npanels], sizeof(g->panel_tag[0]), "%s", tag);
    snprintf(g->panel_title[g->npanels], sizeof(g->panel_title[0]), "%s", title);
    g->panel_first[g->npanels] = g->nblocks + 1; /* gnuplot arrays count from 1 */
    g->panel_over_first[g->npanels] = g->nover + 1;
    g->npanels++;
    return 0;
}

/*
 * Append style s to blocks (*n of them) as the next block of a panel that
 * has *in_panel, and write the block's heading into f.
 */
static int add_block(struct fig_style *blocks, size_t *n, size_t *in_panel, FILE *f,
                     const struct fig_style *s, const char *what)
{
    if (*n == FIG_MAX_BLOCKS)
        return -1;
    size_t index = (*in_panel)++;
    blocks[(*n)++] = *s;
    fprintf(f, "%s# index %zu: %s alloc=%s line=%s api=%s\n", index ? "\n\n" : "", index, what,
            s->alloc, s->line, s->api);
    return 0;
}

/* Add a block to the current panel and write its heading into f (its data file). */
static int fig_block(struct fig *g, FILE *f, const struct fig_style *s, const char *what)
{
    if (g->npanels == 0)
        return -1;
    return add_block(g->block, &g->nblocks, &g->panel_nblocks[g->npanels - 1], f, s, what);
}

/* Add an overlay to the current panel and write its heading into f (its overlay file). */
static int fig_overlay(struct fig *g, FILE *f, const struct fig_style *s, const char *what)
{
    if (g->npanels == 0)
        return -1;
    return add_block(g->over, &g->nover, &g->panel_nover[g->npanels - 1], f, s, what);
}

/* Create the current panel's data file (suffix "") or overlay file ("-overlay"). */
static FILE *panel_create(const struct fig *g, const char *data_dir, const char *suffix,
                          const char *columns)
{
    char *path = panel_path(g, g->npanels - 1, suffix, data_dir);
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f)
        fprintf(f,
                "# %s-%s%s.dat - written by `pinsweep plot` from the results folder's CSV files; "
                "a gnuplot data block per curve\n# columns: %s\n",
                g->name, g->panel_tag[g->npanels - 1], suffix, columns);
    free(path);
    return f;
}

/* Remove the current panel's overlay file, left from an earlier run, when it has no overlays. */
static void panel_drop_overlay(const struct fig *g, const char *data_dir)
{
    char *path = panel_path(g, g->npanels - 1, "-overlay", data_dir);
    if (path)
        unlink(path);
    free(path);
}

static int panel_close(FILE *f)
{
    int bad = ferror(f);
    return (fclose(f) != 0 || bad) ? -1 : 0;
}

/*
 * What tells curves of one alloc kind apart, besides the device: buffer,
 * api, cache and touch (variant_axes), a column of the bandwidth legend.
 */
struct variant {
    int v[4];
};
#define NVARIANT_AXES 4
static const enum axis_id variant_axes[NVARIANT_AXES] = {AXIS_BUFFER, AXIS_API, AXIS_CACHE,
                                                         AXIS_TOUCH};

static struct variant variant_of(const struct plot_row *r)
{
    return (struct variant){{r->buffer, r->api, r->cache, r->touch}};
}

/*
 * The kind of line of a curve (plots/style.gp gives each a dash): its
 * buffer mode, or for a host buffer not in its steady state (flushed from
 * the caches, pages touched for the first time) that state.
 */
static const char *line_kind(const struct variant *x)
{
    int flushed = x->v[2] == CACHE_FLUSHED, first = x->v[3] == TOUCH_FIRST;
    if (flushed || first)
        return flushed && first ? "flushed+first-touch" : flushed ? "flushed" : "first-touch";
    return schema_value_name(AXIS_BUFFER, x->v[0]);
}

/* Was the host buffer of row r in its steady state: warm in the caches, pages prefaulted? */
static int host_steady(const struct plot_row *r)
{
    return r->cache == CACHE_WARM && r->touch == TOUCH_PREFAULTED;
}

static void style_of(struct fig_style *s, const struct plot_row *r)
{
    struct variant x = variant_of(r);
    s->alloc = schema_value_name(AXIS_ALLOC, r->alloc);
    s->line = line_kind(&x);
    s->api = schema_value_name(AXIS_API, r->api);
    s->title[0] = '\0';
}

/* How many values each of the variant axes takes in the rows. */
static void count_values(const struct plot_input *in, int nvalues[NVARIANT_AXES])
{
    int seen[NVARIANT_AXES][8] = {{0}};
    for (int k = 0; k < NVARIANT_AXES; k++)
        nvalues[k] = 0;
    for (size_t i = 0; i < in->nrows; i++) {
        struct variant x = variant_of(&in->rows[i]);
        for (int k = 0; k < NVARIANT_AXES; k++)
            nvalues[k] += !seen[k][x.v[k]]++;
    }
}

static int key_order(const void *pa, const void *pb)
{
    const struct fig_style *a = pa, *b = pb;
    int d;
    if ((d = schema_value_find(AXIS_ALLOC, a->alloc) - schema_value_find(AXIS_ALLOC, b->alloc)) ||
        (d = schema_value_find(AXIS_BUFFER, a->line) - schema_value_find(AXIS_BUFFER, b->line)) ||
        (d = schema_value_find(AXIS_API, a->api) - schema_value_find(AXIS_API, b->api)))
        return d;
    return strcmp(a->title, b->title);
}

/* A row of the bandwidth figure's legend: an alloc kind (on one device). */
struct legend_row {
    int alloc;
    const char *device;
};

static int legend_row_order(const void *pa, const void *pb)
{
    const struct legend_row *a = pa, *b = pb;
    return a->alloc != b->alloc ? a->alloc - b->alloc : strcmp(a->device, b->device);
}

/* The distinct (alloc, device) pairs of the curves, sorted; at most max. */
static size_t legend_rows(const struct plot_input *in, struct legend_row *rows, size_t max)
{
    size_t n = 0;
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r = &in->rows[in->curves[c].first];
        size_t i = 0;
        while (i < n && !(rows[i].alloc == r->alloc && strcmp(rows[i].device, r->device) == 0))
            i++;
        if (i == n && n < max)
            rows[n++] = (struct legend_row){r->alloc, r->device};
    }
    qsort(rows, n, sizeof(rows[0]), legend_row_order);
    return n;
}

/* Is there a curve of this alloc kind, device and variant, in any direction? */
static int has_curve(const struct plot_input *in, const struct legend_row *row,
                     const struct variant *x)
{
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r = &in->rows[in->curves[c].first];
        struct variant y = variant_of(r);
        if (r->alloc == row->alloc && memcmp(&y, x, sizeof(y)) == 0 &&
            strcmp(r->device, row->device) == 0)
            return 1;
    }
    return 0;
}

/*
 * Put entries into L as a grid: cells holds nrows x ncols entries row by row
 * (key_blank for an empty cell).  gnuplot fills a legend column by column,
 * so they go in column by column.
 */
static int legend_grid(struct fig_legend *L, const struct fig_style *cells, size_t nrows,
                       size_t ncols)
{
    if (L->n + nrows * ncols > FIG_MAX_KEYS)
        return -1;
    for (size_t c = 0; c < ncols; c++)
        for (size_t r = 0; r < nrows; r++)
            L->e[L->n++] = cells[r * ncols + c];
    L->cols = ncols;
    return 0;
}

/* A legend cell left empty: drawn invisibly, titled " " (gnuplot drops "" titles). */
static const struct fig_style key_blank = {"-", "", "", " "};

/*
 * Put entries into L in rows of ncols: each of the ngroups groups (counts[i]
 * entries at groups[i]) starts a new row.
 */
static int legend_groups(struct fig_legend *L, const struct fig_style *const groups[],
                         const size_t counts[], size_t ngroups, size_t ncols)
{
    size_t nrows = 0, row = 0;
    for (size_t i = 0; i < ngroups; i++)
        nrows += (counts[i] + ncols - 1) / ncols;
    if (nrows == 0)
        return 0;
    struct fig_style *cells = calloc(nrows * ncols, sizeof(*cells));
    if (!cells)
        return -1;
    for (size_t i = 0; i < nrows * ncols; i++)
        cells[i] = key_blank;
    for (size_t i = 0; i < ngroups; i++) {
        memcpy(cells + row * ncols, groups[i], counts[i] * sizeof(*cells));
        row += (counts[i] + ncols - 1) / ncols;
    }
    int rc = legend_grid(L, cells, nrows, ncols);
    free(cells);
    return rc;
}

/* Put n entries into L row by row, at most max_cols to a row. */
static int legend_flow(struct fig_legend *L, const struct fig_style *entries, size_t n,
                       size_t max_cols)
{
    const struct fig_style *groups[] = {entries};
    size_t counts[] = {n};
    return n ? legend_groups(L, groups, counts, 1, n < max_cols ? n : max_cols) : 0;
}

/*
 * One cell of the bandwidth legend: the curve of row and variant x, titled
 * with the alloc kind and the values of the variant axes that vary, or an
 * empty cell.
 */
static void bandwidth_cell(struct fig_style *s, const struct plot_input *in,
                           const struct legend_row *row, const struct variant *x,
                           const int nvalues[NVARIANT_AXES])
{
    size_t len;
    s->alloc = schema_value_name(AXIS_ALLOC, row->alloc);
    s->line = line_kind(x);
    s->api = schema_value_name(AXIS_API, x->v[1]);
    len = (size_t)snprintf(s->title, sizeof(s->title), "%s", s->alloc);
    for (int k = 0; k < NVARIANT_AXES && len < sizeof(s->title); k++)
        if (nvalues[k] > 1)
            len += (size_t)snprintf(s->title + len, sizeof(s->title) - len, ", %s",
                                    schema_value_name(variant_axes[k], x->v[k]));
    if (in->multi_device && len < sizeof(s->title))
        snprintf(s->title + len, sizeof(s->title) - len, ", device %s", row->device);
    if (!has_curve(in, row, x))
        *s = key_blank;
}

#define LEGEND_MAX_COLS 4 /* variants side by side in the bandwidth legend */

/* The variants of the curves, in schema order; returns how many (at most max). */
static size_t legend_variants(const struct plot_input *in, const struct legend_row *rows,
                              size_t nrows, struct variant *out, size_t max)
{
    size_t n = 0;
    for (int i = 0; i < BUFFER_COUNT * API_COUNT * CACHE_COUNT * TOUCH_COUNT && n < max; i++) {
        struct variant x = {{i / (API_COUNT * CACHE_COUNT * TOUCH_COUNT),
                             i / (CACHE_COUNT * TOUCH_COUNT) % API_COUNT,
                             i / TOUCH_COUNT % CACHE_COUNT, i % TOUCH_COUNT}};
        for (size_t r = 0; r < nrows; r++)
            if (has_curve(in, &rows[r], &x)) {
                out[n++] = x;
                break;
            }
    }
    return n;
}

/* Move the filled cells of n to the front; returns how many there are. */
static size_t drop_blanks(struct fig_style *cells, size_t n)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(cells[i].alloc, "-") != 0)
            cells[kept++] = cells[i];
    return kept;
}

/*
 * The legend of the bandwidth figure: a row per alloc kind, a column per
 * variant (buffer, api, cache, touch) measured; one row when only the alloc
 * kind varies, and the entries in rows of four when there are more than
 * four variants.  The nextra entries explaining the overlays go in the notes.
 */
static int bandwidth_legend(struct fig *g, const struct plot_input *in,
                            const struct fig_style *extra, size_t nextra)
{
    struct legend_row rows[FIG_MAX_KEYS];
    struct variant cols[BUFFER_COUNT * API_COUNT * CACHE_COUNT * TOUCH_COUNT];
    size_t nrows = legend_rows(in, rows, FIG_MAX_KEYS);
    size_t ncols = legend_variants(in, rows, nrows, cols, sizeof(cols) / sizeof(cols[0]));
    int nvalues[NVARIANT_AXES], rc;
    count_values(in, nvalues);
    struct fig_style *cells = calloc(nrows * ncols, sizeof(*cells));
    if (!cells)
        return -1;
    for (size_t r = 0; r < nrows; r++)
        for (size_t c = 0; c < ncols; c++)
            bandwidth_cell(&cells[r * ncols + c], in, &rows[r], &cols[c], nvalues);
    if (ncols == 1) /* only the alloc kind varies */
        rc = legend_flow(&g->key, cells, nrows, 7);
    else if (ncols <= LEGEND_MAX_COLS)
        rc = legend_grid(&g->key, cells, nrows, ncols);
    else
        rc = legend_flow(&g->key, cells, drop_blanks(cells, nrows * ncols), LEGEND_MAX_COLS);
    free(cells);
    return rc < 0 ? -1 : legend_flow(&g->notes, extra, nextra, 2);
}

static void write_bandwidth_point(FILE *f, const struct plot_row *r)
{
    double lo = isnan(r->gbps_min) ? r->gbps_median : r->gbps_min;
    double hi = isnan(r->gbps_max) ? r->gbps_median : r->gbps_max;
    fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, r->gbps_median, lo, hi);
}

/* The curves of direction dir as a panel of the bandwidth figure; no panel when there are none. */
static int bandwidth_panel(struct fig *g, const struct plot_input *in, int dir,
                           const char *data_dir)
{
    FILE *f = NULL;
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        struct fig_style s;
        if (first->dir != dir)
            continue;
        if (!f &&
            (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), dir_titles[dir]) < 0 ||
             !(f = panel_create(g, data_dir, "", "size_bytes gbps_median gbps_min gbps_max"))))
            return -1;
        style_of(&s, first);
        if (fig_block(g, f, &s, "copy bandwidth") < 0) {
            fclose(f);
            return -1;
        }
        for (size_t i = 0; i < in->curves[c].n; i++) {
            const struct plot_row *r = first + i;
            write_bandwidth_point(f, r);
            fig_extend(g, r->size_bytes, isnan(r->gbps_max) ? r->gbps_median : r->gbps_max);
        }
    }
    return f ? panel_close(f) : 0;
}

/* The fit of fits.csv for the curve starting at row r, or NULL. */
static const struct plot_fit *find_fit(const struct plot_input *in, const struct plot_row *r)
{
    for (size_t i = 0; i < in->nfits; i++) {
        const struct plot_fit *f = &in->fits[i];
        if (f->dir == r->dir && f->alloc == r->alloc && f->buffer == r->buffer &&
            f->api == r->api && f->cache == r->cache && f->touch == r->touch)
            return f;
    }
    return NULL;
}

/* The bandwidth of the model t(n) = t0 + n/B at n bytes (GB/s); NaN where its time is not > 0. */
static double fit_gbps(const struct plot_fit *fit, double n_bytes)
{
    double s = fit->t0_us * 1e-6 + n_bytes / (fit->bandwidth_gbps * 1e9);
    return s > 0 ? n_bytes / s / 1e9 : NAN;
}

static void write_xy(FILE *f, double x, double y)
{
    if (isnan(y))
        fprintf(f, "%.6g NaN\n", x);
    else
        fprintf(f, "%.6g %.6g\n", x, y);
}

/* Overlay block: the fit's model bandwidth over the size range of curve c, log-spaced. */
static int fit_overlay(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c, const struct plot_fit *fit)
{
    const struct plot_row *first = &in->rows[c->first];
    double lo = first->size_bytes, hi = first[c->n - 1].size_bytes;
    struct fig_style s;
    style_of(&s, first);
    s.line = "fit";
    if (fig_overlay(g, f, &s, "fit t0 + n/B") < 0)
        return -1;
    for (int k = 0; k < PLOT_FIT_POINTS; k++) {
        double n = lo * pow(hi / lo, k / (PLOT_FIT_POINTS - 1.0));
        write_xy(f, n, fit_gbps(fit, n));
    }
    return 0;
}

/* Is row m of host-memcpy.csv drawn in the panel of direction dir? */
static int ceiling_row(const struct plot_memcpy *m, int dir)
{
    return (dir == DIR_H2D || dir == DIR_D2H) && (m->dir == dir || m->dir < 0);
}

/* Has the panel of direction dir a host memcpy ceiling (only h2d and d2h can)? */
static int has_ceiling(const struct plot_input *in, int dir)
{
    for (size_t i = 0; i < in->nmemcpy; i++)
        if (ceiling_row(&in->memcpy_pts[i], dir))
            return 1;
    return 0;
}

/*
 * Overlay block: host memcpy bandwidth, the ceiling of a pageable copy in
 * direction dir: the rows of host-memcpy.csv for dir, or all of them when
 * the file does not say (a file from before the direction column).
 */
static int ceiling_overlay(struct fig *g, FILE *f, const struct plot_input *in, int dir)
{
    struct fig_style s = {"host", "ceiling", "", "host memcpy"};
    char what[128];
    if (in->memcpy_pts[0].dir < 0)
        snprintf(what, sizeof(what), "host memcpy, 1 thread (all rows: no direction column)");
    else
        snprintf(what, sizeof(what), "host memcpy, 1 thread (the %s rows)",
                 schema_value_name(AXIS_DIRECTION, dir));
    if (fig_overlay(g, f, &s, what) < 0)
        return -1;
    for (size_t i = 0; i < in->nmemcpy; i++) {
        const struct plot_memcpy *m = &in->memcpy_pts[i];
        if (!ceiling_row(m, dir))
            continue;
        /* Not fig_extend: in-cache memcpy reads 100+ GB/s at small sizes and would squash
           the copies into the bottom of the panel; the line is clipped at the top instead. */
        fprintf(f, "%.0f %.6g\n", m->size_bytes, m->gbps);
    }
    return 0;
}

/* bytes as a person writes it in a sentence: "2 MiB", "64 KiB", "1500 B". */
static void format_size_words(uint64_t bytes, char *buf, size_t n)
{
    char exact[32];
    units_format_size(bytes, exact, sizeof(exact));
    size_t digits = strspn(exact, "0123456789");
    snprintf(buf, n, "%.*s %s", (int)digits, exact, exact + digits);
}

/*
 * The legend's entry for the host memcpy ceiling, into title (n bytes): it
 * names the staging buffer when host-memcpy.csv gives one size for it.
 */
static void ceiling_title(const struct plot_input *in, char *title, size_t n)
{
    double staging = in->memcpy_pts[0].staging_bytes;
    int given = 0, same = 1;
    char size[32], buffer[64] = "a staging buffer";
    for (size_t i = 0; i < in->nmemcpy; i++) {
        given |= !isnan(in->memcpy_pts[i].staging_bytes);
        same &= in->memcpy_pts[i].staging_bytes == staging; /* false for NaN */
    }
    if (!given) {
        snprintf(title, n, "host memcpy, 1 thread (pageable ceiling)");
        return;
    }
    if (same) {
        format_size_words((uint64_t)staging, size, sizeof(size));
        /* "an 8 MiB", "an 11 MiB", "an 18 KiB"; "a 2 MiB" */
        int an = size[0] == '8' || !strncmp(size, "11 ", 3) || !strncmp(size, "18 ", 3);
        snprintf(buffer, sizeof(buffer), "a%s %s staging buffer", an ? "n" : "", size);
    }
    snprintf(title, n, "host memcpy via %s, 1 thread (pageable ceiling)", buffer);
}

/*
 * The overlays of the current panel (direction dir) of the bandwidth figure:
 * the fit of every reuse curve with a row in fits.csv, then in h2d and d2h
 * the host memcpy ceiling of that direction.  drawn[0] and drawn[1] are set
 * when some are.
 */
static int bandwidth_overlays(struct fig *g, const struct plot_input *in, int dir,
                              const char *data_dir, int drawn[2])
{
    FILE *f = NULL;
    int rc = 0, ceiling = has_ceiling(in, dir);
    for (size_t c = 0; c < in->ncurves && rc == 0; c++) {
        const struct plot_row *first = &in->rows[in->curves[c].first];
        const struct plot_fit *fit = find_fit(in, first);
        if (first->dir != dir || first->buffer != BUFFER_REUSE || !fit || in->curves[c].n < 2)
            continue;
        if (!f && !(f = panel_create(g, data_dir, "-overlay", OVERLAY_COLUMNS)))
            return -1;
        rc = fit_overlay(g, f, in, &in->curves[c], fit);
        drawn[0] = 1;
    }
    if (rc == 0 && ceiling) {
        if (!f && !(f = panel_create(g, data_dir, "-overlay", OVERLAY_COLUMNS)))
            return -1;
        rc = ceiling_overlay(g, f, in, dir);
        drawn[1] = 1;
    }
    if (!f)
        panel_drop_overlay(g, data_dir);
    else if (panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * Figure 1: gbps_median with min..max bars against size, a panel per
 * direction; the fits of fits.csv and the host memcpy ceiling over them.
 */
static int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    struct fig_style extras[] = {
        {"", "fit", "", "dotted: fit t0 + n/B"},
        {"host", "ceiling", "", ""},
    };
    struct fig_style extra[2];
    int drawn[2] = {0, 0};
    size_t nextra = 0;
    snprintf(g->what, sizeof(g->what), "copy bandwidth");
    for (int d = 0; d < DIR_COUNT; d++) {
        size_t before = g->npanels;
        if (bandwidth_panel(g, in, d, data_dir) < 0 ||
            (g->npanels > before && bandwidth_overlays(g, in, d, data_dir, drawn) < 0))
            return -1;
    }
    if (drawn[1])
        ceiling_title(in, extras[1].title, sizeof(extras[1].title));
    for (int i = 0; i < 2; i++)
        if (drawn[i])
            extra[nextra++] = extras[i];
    return bandwidth_legend(g, in, extra, nextra);
}

/*
 * The curve of (dir, alloc, buffer, api) with the host buffer in its steady
 * state on the first device that has one, or NULL.
 */
static const struct plot_curve *find_curve(const struct plot_input *in, int dir, int alloc,
                                           int buffer, int api)
{
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r = &in->rows[in->curves[c].first];
        if (r->dir == dir && r->alloc == alloc && r->buffer == buffer && r->api == api &&
            host_steady(r))
            return &in->curves[c];
    }
    return NULL;
}

/* Does any reallocate row of dir and api carry an effective bandwidth? */
static int has_effective(const struct plot_input *in, int dir, int api)
{
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        if (r->dir == dir && r->api == api && r->buffer == BUFFER_REALLOCATE && host_steady(r) &&
            !isnan(r->effective_gbps))
            return 1;
    }
    return 0;
}

/* The api to compare reuse and reallocate with in direction dir: async first; -1 if none. */
static int compare_api(const struct plot_input *in, int dir)
{
    static const int order[] = {API_ASYNC, API_SYNC};
    for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
        int reuse = 0;
        for (int a = 0; a < ALLOC_COUNT; a++)
            reuse |= find_curve(in, dir, a, BUFFER_REUSE, order[i]) != NULL;
        if (reuse && has_effective(in, dir, order[i]))
            return order[i];
    }
    return -1;
}

/* One block of figure 2: a reuse curve's gbps_median or a reallocate curve's effective. */
static int reuse_block(struct fig *g, FILE *f, const struct plot_input *in,
                       const struct plot_curve *c)
{
    const struct plot_row *first = &in->rows[c->first];
    int reuse = first->buffer == BUFFER_REUSE;
    struct fig_style s;
    style_of(&s, first);
    if (fig_block(g, f, &s, reuse ? "copy bandwidth" : "effective bandwidth of the cycle") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        double v = reuse ? first[i].gbps_median : first[i].effective_gbps;
        fprintf(f, "%.0f %.6g\n", first[i].size_bytes, v);
        fig_extend(g, first[i].size_bytes, v);
    }
    return 0;
}

static int reuse_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                       const char *data_dir)
{
    char title[96];
    snprintf(title, sizeof(title), "%s, %s", dir_titles[dir], schema_value_name(AXIS_API, api));
    if (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), title) < 0)
        return -1;
    FILE *f = panel_create(g, data_dir, "",
                           "size_bytes gbps (reuse: gbps_median; reallocate: "
                           "effective_gbps_median)");
    if (!f)
        return -1;
    int rc = 0;
    for (int a = 0; a < ALLOC_COUNT && rc == 0; a++) {
        for (int b = 0; b < BUFFER_COUNT && rc == 0; b++) {
            const struct plot_curve *c = find_curve(in, dir, a, b, api);
            if (c)
                rc = reuse_block(g, f, in, c);
        }
        struct fig_style s = {schema_value_name(AXIS_ALLOC, a), "reuse",
                              schema_value_name(AXIS_API, api), ""};
        snprintf(s.title, sizeof(s.title), "%s", s.alloc);
        if (find_curve(in, dir, a, BUFFER_REUSE, api) ||
            find_curve(in, dir, a, BUFFER_REALLOCATE, api))
            rc = rc < 0 || fig_key(g, &s) < 0 ? -1 : 0;
    }
    if (panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The legend of figure 2: the alloc kinds' colours in rows of up to three;
 * the notes say what solid and dashed lines are.
 */
static int reuse_legend(struct fig *g)
{
    static const struct fig_style notes[] = {
        {"", "reuse", "", "reuse: copy bandwidth"},
        {"", "reallocate", "", "reallocate: bytes ÷ cycle time"},
    };
    struct fig_style entries[FIG_MAX_KEYS];
    size_t n = g->key.n;
    memcpy(entries, g->key.e, n * sizeof(entries[0]));
    qsort(entries, n, sizeof(entries[0]), key_order);
    g->key.n = 0;
    return legend_flow(&g->key, entries, n, 3) < 0 ? -1 : legend_flow(&g->notes, notes, 2, 2);
}

/* Figure 2: reuse copy bandwidth against reallocate effective bandwidth. */
static int fig_reuse(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    snprintf(g->what, sizeof(g->what), "reuse vs reallocate");
    snprintf(g->detail, sizeof(g->detail), "a cycle: alloc + fill + copy + free");
    for (int d = 0; d < DIR_COUNT; d++) {
        int api = compare_api(in, d);
        if (api >= 0 && reuse_panel(g, in, d, api, data_dir) < 0)
            return -1;
    }
    return g->npanels ? reuse_legend(g) : 0;
}

/* The direction and api of figure 3: h2d and async when measured; -1 if nothing to show. */
static int time_pick(const struct plot_input *in, int *dir, int *api)
{
    static const int dirs[] = {DIR_H2D, DIR_D2H, DIR_BIDIR}, apis[] = {API_ASYNC, API_SYNC};
    for (size_t d = 0; d < 3; d++)
        for (size_t a = 0; a < 2; a++)
            for (size_t i = 0; i < in->nrows; i++) {
                const struct plot_row *r = &in->rows[i];
                if (r->dir == dirs[d] && r->api == apis[a] && r->buffer == BUFFER_REALLOCATE &&
                    host_steady(r) && !isnan(r->phase_ms[PHASE_ALLOC])) {
                    *dir = dirs[d];
                    *api = apis[a];
                    return 0;
                }
            }
    return -1;
}

static int time_panel(struct fig *g, const struct plot_input *in, const struct plot_curve *c,
                      const char *data_dir)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    style_of(&s, first);
    if (fig_panel(g, s.alloc, s.alloc) < 0)
        return -1;
    FILE *f = panel_create(g, data_dir, "",
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
    return panel_close(f);
}

/* Figure 3: alloc, fill, copy and free time of a reallocate cycle, for up to 3 alloc kinds. */
static int fig_time(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    static const int prefer[] = {ALLOC_PAGEABLE,   ALLOC_PINNED,   ALLOC_REGISTERED,
                                 ALLOC_MALLOCHOST, ALLOC_PORTABLE, ALLOC_WRITE_COMBINED,
                                 ALLOC_MAPPED};
    int dir, api;
    if (time_pick(in, &dir, &api) < 0)
        return 0;
    for (size_t i = 0; i < ALLOC_COUNT && g->npanels < PLOT_TIME_PANELS; i++) {
        const struct plot_curve *c = find_curve(in, dir, prefer[i], BUFFER_REALLOCATE, api);
        if (c && !isnan(in->rows[c->first].phase_ms[PHASE_ALLOC]) &&
            time_panel(g, in, c, data_dir) < 0)
            return -1;
    }
    snprintf(g->what, sizeof(g->what), "time of a reallocate cycle");
    snprintf(g->detail, sizeof(g->detail), "%s, %s", dir_titles[dir],
             schema_value_name(AXIS_API, api));
    return 0;
}

/* ---- the latency figure: time per copy ---- */

/*
 * Does row r belong in the latency figure (sizes up to max_bytes)?  Reuse,
 * one direction, the host buffer in its steady state: what a copy costs.
 */
static int latency_row(const struct plot_row *r, double max_bytes)
{
    return r->buffer == BUFFER_REUSE && r->dir != DIR_BIDIR && host_steady(r) &&
           r->us_per_copy > 0 && r->size_bytes <= max_bytes;
}

/* Rows of curve c in the latency figure. */
static size_t latency_count(const struct plot_input *in, const struct plot_curve *c,
                            double max_bytes)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        n += latency_row(&in->rows[c->first + i], max_bytes);
    return n;
}

/*
 * The largest size the latency figure shows: PLOT_LATENCY_MAX_BYTES, where
 * small copies live, unless no curve has three sizes that small: then all.
 */
static double latency_max_bytes(const struct plot_input *in)
{
    for (size_t c = 0; c < in->ncurves; c++)
        if (latency_count(in, &in->curves[c], PLOT_LATENCY_MAX_BYTES) >= 3)
            return PLOT_LATENCY_MAX_BYTES;
    return INFINITY;
}

/* One block of the latency figure: a curve's pipelined time per copy or its round trip. */
static int latency_block(struct fig *g, FILE *f, const struct plot_input *in,
                         const struct plot_curve *c, double max_bytes, int roundtrip)
{
    const struct plot_row *first = &in->rows[c->first];
    struct fig_style s;
    style_of(&s, first);
    s.line = roundtrip ? "roundtrip" : "pipelined";
    if (fig_block(g, f, &s, roundtrip ? "round trip" : "pipelined time per copy") < 0)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = first + i;
        double us = roundtrip ? r->roundtrip_us : r->us_per_copy;
        if (!latency_row(r, max_bytes) || !(us > 0))
            continue;
        fprintf(f, "%.0f %.6g\n", r->size_bytes, us);
        fig_extend(g, r->size_bytes, us);
    }
    return 0;
}

/* Does curve c have a round trip at a size the latency figure shows? */
static int has_roundtrip(const struct plot_input *in, const struct plot_curve *c, double max_bytes)
{
    for (size_t i = 0; i < c->n; i++) {
        const struct plot_row *r = &in->rows[c->first + i];
        if (latency_row(r, max_bytes) && r->roundtrip_us > 0)
            return 1;
    }
    return 0;
}

/*
 * The panel of direction dir: per curve its pipelined time per copy and,
 * where measured, its round trip.  seen[] gathers the alloc kinds (and
 * ALLOC_COUNT + api the apis) drawn; *roundtrips is set when one is.
 */
static int latency_panel(struct fig *g, const struct plot_input *in, int dir, double max_bytes,
                         const char *data_dir, int seen[], int *roundtrips)
{
    FILE *f = NULL;
    int rc = 0;
    for (size_t c = 0; c < in->ncurves && rc == 0; c++) {
        const struct plot_curve *cv = &in->curves[c];
        const struct plot_row *first = &in->rows[cv->first];
        if (first->dir != dir || latency_count(in, cv, max_bytes) == 0)
            continue;
        if (!f && (fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), dir_titles[dir]) < 0 ||
                   !(f = panel_create(g, data_dir, "",
                                      "size_bytes us (pipelined: us_per_copy_median; round "
                                      "trip: roundtrip_us_median)"))))
            return -1;
        seen[first->alloc] = seen[ALLOC_COUNT + first->api] = 1;
        rc = latency_block(g, f, in, cv, max_bytes, 0);
        if (rc == 0 && has_roundtrip(in, cv, max_bytes)) {
            rc = latency_block(g, f, in, cv, max_bytes, 1);
            *roundtrips = 1;
        }
    }
    if (f && panel_close(f) < 0)
        rc = -1;
    return rc;
}

/*
 * The legend of the latency figure: the alloc kinds' colours; the notes say
 * which point is which api (when both were measured) and what solid and
 * dashed lines are.
 */
static int latency_legend(struct fig *g, const int seen[], int roundtrips)
{
    static const char *const api_titles[API_COUNT] = {
        [API_SYNC] = "sync: cudaMemcpy",
        [API_ASYNC] = "async: cudaMemcpyAsync",
    };
    struct fig_style allocs[ALLOC_COUNT], notes[API_COUNT + 2];
    size_t nallocs = 0, napis = 0, nnotes = 0;
    for (int a = 0; a < ALLOC_COUNT; a++)
        if (seen[a]) {
            allocs[nallocs] = (struct fig_style){schema_value_name(AXIS_ALLOC, a), "pipelined", ""};
            snprintf(allocs[nallocs].title, sizeof(allocs[0].title), "%s", allocs[nallocs].alloc);
            nallocs++;
        }
    for (int a = 0; a < API_COUNT; a++)
        napis += seen[ALLOC_COUNT + a] != 0;
    for (int a = 0; a < API_COUNT && napis > 1; a++) {
        notes[nnotes] = (struct fig_style){"", "pipelined", schema_value_name(AXIS_API, a)};
        snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s", api_titles[a]);
    }
    notes[nnotes++] = (struct fig_style){"", "pipelined", "", "pipelined: event time ÷ copies"};
    if (roundtrips)
        notes[nnotes++] = (struct fig_style){"", "roundtrip", "",
                                             "round trip: one copy, waited for (host clock)"};
    if (legend_flow(&g->key, allocs, nallocs, 4) < 0)
        return -1;
    return legend_flow(&g->notes, notes, nnotes, 2);
}

/*
 * The detail of the latency figure's title: what is shown, the api when
 * only one, and the host state when the results hold others.
 */
static void latency_detail(struct fig *g, const struct plot_input *in, const int seen[],
                           double max_bytes)
{
    int api = -1, napis = 0, steady = 1;
    char upto[48] = "", size[32];
    for (int a = 0; a < API_COUNT; a++)
        if (seen[ALLOC_COUNT + a]) {
            api = a;
            napis++;
        }
    if (!isinf(max_bytes)) {
        units_format_size_short((uint64_t)max_bytes, size, sizeof(size));
        snprintf(upto, sizeof(upto), ", sizes up to %s", size);
    }
    for (size_t i = 0; i < in->nrows; i++)
        steady &= host_steady(&in->rows[i]);
    snprintf(g->detail, sizeof(g->detail), "reuse%s%s%s%s", napis == 1 ? ", " : "",
             napis == 1 ? schema_value_name(AXIS_API, api) : "", upto,
             steady ? "" : ", cache warm, pages prefaulted");
}

/* The latency figure: time per copy against size, small copies, a panel each for h2d and d2h. */
static int fig_latency(struct fig *g, const struct plot_input *in, const char *data_dir)
{
    static const int dirs[] = {DIR_H2D, DIR_D2H};
    int seen[ALLOC_COUNT + API_COUNT] = {0}, roundtrips = 0;
    double max_bytes = latency_max_bytes(in);
    snprintf(g->what, sizeof(g->what), "time per copy");
    for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++)
        if (latency_panel(g, in, dirs[d], max_bytes, data_dir, seen, &roundtrips) < 0)
            return -1;
    if (g->npanels == 0)
        return 0;
    latency_detail(g, in, seen, max_bytes);
    return latency_legend(g, seen, roundtrips);
}

/* ---- running gnuplot ---- */

/* Whether posix_spawnp would find gnuplot: an executable file of that name on PATH. */
int plot_gnuplot_available(void)
{
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        char file[4096];
        struct stat st;
        snprintf(file, sizeof(file), "%.*s/gnuplot", (int)(n ? n : 1), n ? path : ".");
        if (stat(file, &st) == 0 && S_ISREG(st.st_mode) && access(file, X_OK) == 0)
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

/* Read all of fd into buf (at most cap - 1 bytes kept, the rest drained); NUL-terminated. */
static void read_all(int fd, char *buf, size_t cap)
{
    size_t len = 0;
    char sink[4096];
    for (;;) {
        char *dst = len + 1 < cap ? buf + len : sink;
        size_t room = len + 1 < cap ? cap - 1 - len : sizeof(sink);
        ssize_t n = read(fd, dst, room);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        if (dst == buf + len)
            len += (size_t)n;
    }
    buf[len] = '\0';
}

/* Strip line breaks and spaces from both ends of s, in place. */
static void trim(char *s)
{
    size_t start = strspn(s, "\n\r "), len = strlen(s);
    while (len > start && strchr("\n\r ", s[len - 1]))
        len--;
    memmove(s, s + start, len - start);
    s[len - start] = '\0';
}

/* "name='value'" as a gnuplot assignment, the value quoted for gnuplot; malloc'd. */
static char *gp_assign(const char *name, const char *value)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fprintf(f, "%s = ", name);
    gp_string(f, value);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Spawn gnuplot on argv with stdin and stdout on /dev/null and stderr into a pipe. */
static int spawn_gnuplot(char *const argv[], pid_t *pid, int *err_fd)
{
    int fds[2];
    posix_spawn_file_actions_t fa;
    if (pipe(fds) < 0)
        return errno;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    int e = posix_spawnp(pid, "gnuplot", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (e != 0)
        close(fds[0]);
    else
        *err_fd = fds[0];
    return e;
}

/* Say how gnuplot ended, with what it wrote to stderr; returns 0 or PLOT_EGNUPLOT. */
static int report_exit(const char *script, int status, const char *err_text, FILE *log)
{
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        if (err_text[0])
            logf_line(log, "gnuplot warned on %s:\n%s", script, err_text);
        return 0;
    }
    if (WIFEXITED(status))
        logf_line(log, "gnuplot failed on %s (exit status %d):", script, WEXITSTATUS(status));
    else
        logf_line(log, "gnuplot failed on %s (killed by signal %d):", script,
                  WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    logf_line(log, "%s", err_text);
    return PLOT_EGNUPLOT;
}

/*
 * Run `gnuplot -e "plots_dir='...'; vars_file='...'" SCRIPT`.  Returns 0, or
 * PLOT_ENO_GNUPLOT / PLOT_EGNUPLOT after saying why on log, gnuplot's
 * stderr included.  Warnings on a successful run are passed through too.
 */
static int run_gnuplot(const char *script, const char *scripts_dir, const char *vars_file,
                       FILE *log)
{
    char *dir_arg = gp_assign("plots_dir", scripts_dir);
    char *vars_arg = gp_assign("vars_file", vars_file);
    char *expr = NULL, *err_text = malloc(PLOT_MAX_STDERR);
    int rc = PLOT_EGNUPLOT, err_fd = -1, status = 0;
    pid_t pid;
    if (!dir_arg || !vars_arg || !err_text || asprintf(&expr, "%s; %s", dir_arg, vars_arg) < 0) {
        expr = NULL;
        logf_line(log, "cannot run gnuplot: out of memory");
        goto out;
    }
    char *argv[] = {"gnuplot", "-e", expr, (char *)script, NULL};
    int e = spawn_gnuplot(argv, &pid, &err_fd);
    if (e != 0) {
        rc = e == ENOENT ? PLOT_ENO_GNUPLOT : PLOT_EGNUPLOT;
        logf_line(log, "cannot run gnuplot: %s", strerror(e));
        goto out;
    }
    read_all(err_fd, err_text, PLOT_MAX_STDERR);
    trim(err_text);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    rc = report_exit(script, status, err_text, log);
out:
    if (err_fd >= 0)
        close(err_fd);
    free(dir_arg);
    free(vars_arg);
    free(expr);
    free(err_text);
    return rc;
}

/* ---- plot_results ---- */

/*
 * The figures, in order: plots/NAME.gp draws NAME.{png,pdf,svg}.  describe
 * writes a figure's data files and fills in g; a figure it gives no panels
 * is left out with a note saying what it needs.
 */
static const struct {
    const char *name;
    int log_y;
    int (*describe)(struct fig *g, const struct plot_input *in, const char *data_dir);
    const char *needs;
} figures[] = {
    {"bandwidth", 0, fig_bandwidth, "rows with status ok"},
    {"latency", 1, fig_latency,
     "reuse rows of h2d or d2h with us_per_copy_median (cache warm, touch prefaulted)"},
    {"reuse-vs-reallocate", 1, fig_reuse,
     "rows of both buffer modes, reuse and reallocate, with effective_gbps_median"},
    {"reallocate-time", 1, fig_time, "reallocate rows with alloc_ms_median, fill_ms_median, ..."},
};
#define NFIGURES (sizeof(figures) / sizeof(figures[0]))
static const char *const formats[] = {"png", "pdf", "svg"};

/* The title's parts; the script joins them on one line or more, as the page's width allows. */
static void compose_title(struct fig *g, const struct plot_input *in)
{
    snprintf(g->title, sizeof(g->title), "%s: %s", in->experiment, g->what);
    snprintf(g->machine, sizeof(g->machine), "%s%s%s", in->gpu,
             in->gpu[0] && in->host[0] ? ", " : "", in->host);
}

/* Remove what an earlier run left of a figure this run does not draw. */
static void remove_stale(const char *name, const char *fig_dir)
{
    char file[160];
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        snprintf(file, sizeof(file), "%s.%s", name, formats[i]);
        char *path = path_join(fig_dir, file);
        if (path)
            unlink(path);
        free(path);
    }
}

/* Describe every figure into data_dir; made[i] says which have something to draw. */
static int write_figures(const struct plot_input *in, const char *fig_dir, const char *data_dir,
                         int made[], FILE *log)
{
    struct fig *g = malloc(sizeof(*g));
    int rc = PLOT_EWRITE;
    if (!g) {
        logf_line(log, "%s: out of memory", data_dir);
        return rc;
    }
    for (size_t i = 0; i < NFIGURES; i++) {
        fig_init(g, figures[i].name, figures[i].log_y);
        errno = 0;
        if (figures[i].describe(g, in, data_dir) < 0) {
            logf_line(log, "%s: cannot write the data of %s: %s", data_dir, g->name,
                      errno ? strerror(errno) : "too many panels or curves");
            goto out;
        }
        made[i] = g->npanels > 0;
        if (!made[i]) {
            logf_line(log, "note: no %s figure: it needs %s", g->name, figures[i].needs);
            remove_stale(g->name, fig_dir);
            continue;
        }
        compose_title(g, in);
        if (fig_write_vars(g, data_dir, fig_dir) < 0) {
            logf_line(log, "%s: cannot write %s-vars.gp: %s", data_dir, g->name, strerror(errno));
            goto out;
        }
    }
    rc = 0;
out:
    free(g);
    return rc;
}

/* Did gnuplot leave name.{png,pdf,svg} in fig_dir, none empty? */
static int check_outputs(const char *name, const char *fig_dir, FILE *log)
{
    char file[160];
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        struct stat st;
        snprintf(file, sizeof(file), "%s.%s", name, formats[i]);
        char *path = path_join(fig_dir, file);
        int ok = path && stat(path, &st) == 0 && st.st_size > 0;
        if (!ok)
            logf_line(log, "gnuplot did not write %s", path ? path : file);
        free(path);
        if (!ok)
            return PLOT_EGNUPLOT;
    }
    logf_line(log, "wrote %s/%s.{png,pdf,svg}", fig_dir, name);
    return 0;
}

/* Run the script of every figure made. */
static int draw_figures(const char *scripts_dir, const char *fig_dir, const char *data_dir,
                        const int made[], FILE *log)
{
    char file[160];
    int rc = 0;
    for (size_t i = 0; i < NFIGURES && rc == 0; i++) {
        if (!made[i])
            continue;
        snprintf(file, sizeof(file), "%s.gp", figures[i].name);
        char *script = path_join(scripts_dir, file);
        snprintf(file, sizeof(file), "%s-vars.gp", figures[i].name);
        char *vars = path_join(data_dir, file);
        if (!script || !vars)
            rc = PLOT_EGNUPLOT;
        else if (access(script, R_OK) != 0) {
            logf_line(log,
                      "%s: %s; set PINSWEEP_PLOTS to the folder of pinsweep's gnuplot "
                      "scripts",
                      script, strerror(errno));
            rc = PLOT_EGNUPLOT;
        } else if ((rc = run_gnuplot(script, scripts_dir, vars, log)) == 0)
            rc = check_outputs(figures[i].name, fig_dir, log);
        free(script);
        free(vars);
    }
    return rc;
}

/*
 * Read, describe, then draw (see plot.h).  The data files are written before
 * gnuplot is looked for, so that they can be drawn later elsewhere.
 */
int plot_results(const char *results_dir, const char *scripts_dir, FILE *log)
{
    struct plot_input in = {0};
    int made[NFIGURES] = {0};
    char *fig_dir = NULL, *data_dir = NULL;
    int rc = PLOT_EBAD_SUMMARY;
    if (input_read(&in, results_dir, log) < 0)
        goto out;
    rc = PLOT_EWRITE;
    fig_dir = path_join(results_dir, "figures");
    data_dir = fig_dir ? path_join(fig_dir, "data") : NULL;
    if (!data_dir || make_dir(fig_dir) < 0 || make_dir(data_dir) < 0) {
        logf_line(log, "cannot create %s: %s", data_dir ? data_dir : results_dir, strerror(errno));
        goto out;
    }
    if ((rc = write_figures(&in, fig_dir, data_dir, made, log)) < 0)
        goto out;
    if (!plot_gnuplot_available()) {
        logf_line(log,
                  "gnuplot is not installed (not found on PATH), so no figures were drawn; "
                  "their data is in %s. To draw them: apt-get install gnuplot-nox, then "
                  "pinsweep plot %s (here, or on any machine with gnuplot)",
                  data_dir, results_dir);
        rc = PLOT_ENO_GNUPLOT;
        goto out;
    }
    rc = draw_figures(scripts_dir, fig_dir, data_dir, made, log);
out:
    input_free(&in);
    free(fig_dir);
    free(data_dir);
    return rc;
}
