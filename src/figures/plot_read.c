/*
 * plot_read.c - reading a results folder for the figures: summary.csv's
 * rows (checked against schema.h, every problem reported with its line),
 * fits.csv, host-memcpy.csv, breakeven.csv and meta.yaml, into a struct
 * plot_input (plot_results.h).  plot.c, plot_headline.c and plot_beyond.c
 * describe the figures from it.
 */
#include "results/csv.h"
#include "results/meta.h"
#include "figures/plot.h"
#include "figures/plot_fig.h"
#include "figures/plot_results.h"
#include "experiment/schema.h"
#include "host/sysinfo.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
    {"pages", AXIS_PAGES, 0, offsetof(struct plot_row, pages)},
};

/*
 * The numeric axes: optional, a missing column or an empty cell taking the
 * axis's default, "-" (the axis does not apply to the row) AXIS_UNUSED.
 */
static const struct {
    const char *name;
    enum axis_id axis;
    size_t offset; /* of the uint64_t in struct plot_row */
} code_cols[] = {
    {"streams", AXIS_STREAMS, offsetof(struct plot_row, streams)},
    {"chunks", AXIS_CHUNKS, offsetof(struct plot_row, chunks)},
    {"kernel", AXIS_KERNEL, offsetof(struct plot_row, kernel)},
    {"threads", AXIS_THREADS, offsetof(struct plot_row, threads)},
    {"numa", AXIS_NUMA, offsetof(struct plot_row, numa)},
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
    {"pin_ms_median", 0, offsetof(struct plot_row, pin_ms)},
    {"link_gbps", 0, offsetof(struct plot_row, link_gbps)},
    {"pipeline_ms_median", 0, offsetof(struct plot_row, pipeline_ms)},
    {"serial_ms_median", 0, offsetof(struct plot_row, serial_ms)},
    {"ideal_ms_median", 0, offsetof(struct plot_row, ideal_ms)},
    {"overlap_median", 0, offsetof(struct plot_row, overlap)},
    {"host_numa_node", 0, offsetof(struct plot_row, host_numa_node)},
};
#define NAXIS_COLS (sizeof(axis_cols) / sizeof(axis_cols[0]))
#define NNUMBER_COLS (sizeof(number_cols) / sizeof(number_cols[0]))
#define NCODE_COLS (sizeof(code_cols) / sizeof(code_cols[0]))

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
        plot_log(log, "%s: no column '%s' in the header; is this a pinsweep summary.csv?",
                 in->summary_path, need[i]);
        missing++;
    }
    return missing ? -1 : 0;
}

/*
 * Axis column c (of axis_cols) of table row i into *v, the default for an
 * optional one left out; -1 after reporting a problem.
 */
static int read_axis(const struct csv_table *t, size_t i, size_t c, int *v, struct problems *p)
{
    char allowed[256];
    const char *text = csv_table_get(t, i, csv_table_col(t, axis_cols[c].name));
    if ((!axis_cols[c].required && text[0] == '\0') || strcmp(text, "-") == 0) {
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

/* Numeric axis column c (of code_cols) of table row i into *v; -1 after reporting a problem. */
static int read_code(const struct csv_table *t, size_t i, size_t c, uint64_t *v, struct problems *p)
{
    char why[160];
    const char *text = csv_table_get(t, i, csv_table_col(t, code_cols[c].name));
    if (text[0] == '\0') {
        *v = (uint64_t)schema_axes[code_cols[c].axis].default_value;
        return 0;
    }
    if (strcmp(text, "-") == 0) {
        *v = AXIS_UNUSED;
        return 0;
    }
    if (schema_parse_number_value(code_cols[c].axis, text, v, why, sizeof(why)) == 0)
        return 0;
    problem(p, t->lines[i], "%s '%s' is not %s", code_cols[c].name, text, why);
    return -1;
}

static int check_size(const struct csv_table *t, size_t i, double size, struct problems *p)
{
    return plot_check_bytes(t, i, "size_bytes", size, p);
}

/* Fill r from table row i; returns the number of problems reported. */
static int read_row(const struct csv_table *t, size_t i, struct plot_row *r, struct problems *p)
{
    int bad = 0;
    r->line = t->lines[i];
    r->device = csv_table_get(t, i, csv_table_col(t, "device"));
    for (size_t c = 0; c < NAXIS_COLS; c++)
        bad += read_axis(t, i, c, (int *)((char *)r + axis_cols[c].offset), p) < 0;
    for (size_t c = 0; c < NCODE_COLS; c++)
        bad += read_code(t, i, c, (uint64_t *)((char *)r + code_cols[c].offset), p) < 0;
    for (size_t c = 0; c < NNUMBER_COLS; c++)
        bad += plot_read_number(t, i, number_cols[c].name, number_cols[c].required,
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
    in->curves = calloc(in->nrows ? in->nrows : 1, sizeof(in->curves[0]));
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

int plot_default_place(const struct plot_row *r)
{
    return (r->numa == NUMA_ANY || r->numa == AXIS_UNUSED) && r->pages == PAGES_DEFAULT;
}

int plot_copy_row(const struct plot_row *r)
{
    return (api_is_copy(r->api) || r->api == API_ZEROCOPY) && plot_default_place(r);
}

/*
 * Read the ok rows of the table into in->all, and those of the copy
 * figures into in->rows; -1 after reporting every problem.
 */
static int read_rows(struct plot_input *in, FILE *log)
{
    const struct csv_table *t = &in->table;
    struct problems p = {in->summary_path, "", "", " in a row with status ok", log, 0};
    int status_col = csv_table_col(t, "status");
    in->all = calloc(t->nrows ? t->nrows : 1, sizeof(in->all[0]));
    in->rows = calloc(t->nrows ? t->nrows : 1, sizeof(in->rows[0]));
    if (!in->all || !in->rows) {
        plot_log(log, "%s: out of memory", in->summary_path);
        return -1;
    }
    for (size_t i = 0; i < t->nrows; i++) {
        if (strcmp(csv_table_get(t, i, status_col), "ok") != 0)
            continue;
        if (read_row(t, i, &in->all[in->nall], &p) == 0)
            in->nall++;
    }
    problems_end(&p);
    if (p.n)
        return -1;
    if (in->nall == 0) {
        plot_log(log, "%s: no row has status ok (of %zu row%s); nothing to draw", in->summary_path,
                 t->nrows, t->nrows == 1 ? "" : "s");
        return -1;
    }
    for (size_t i = 0; i < in->nall; i++)
        if (plot_copy_row(&in->all[i]))
            in->rows[in->nrows++] = in->all[i];
    return 0;
}

/* ---- reading fits.csv and host-memcpy.csv (optional: a problem is a warning) ---- */

/* Row i of fits.csv into row (a struct plot_fit); -1 after reporting its problems. */
static int read_fit(const struct csv_table *t, size_t i, void *row, struct problems *p)
{
    struct plot_fit *f = row;
    int *axes[NAXIS_COLS] = {&f->alloc, &f->dir,   &f->buffer, &f->api,
                             &f->cache, &f->touch, &f->pages}; /* as in axis_cols */
    int before = p->n;
    for (size_t c = 0; c < NAXIS_COLS; c++)
        read_axis(t, i, c, axes[c], p);
    if (plot_read_number(t, i, "t0_us", 1, &f->t0_us, p) == 0 && !isfinite(f->t0_us))
        problem(p, t->lines[i], "t0_us '%s' is not a finite number",
                csv_table_get(t, i, csv_table_col(t, "t0_us")));
    if (plot_read_number(t, i, "bandwidth_gbps", 1, &f->bandwidth_gbps, p) == 0 &&
        !(f->bandwidth_gbps > 0 && isfinite(f->bandwidth_gbps)))
        problem(p, t->lines[i], "bandwidth_gbps '%s' is not a positive number",
                csv_table_get(t, i, csv_table_col(t, "bandwidth_gbps")));
    return p->n > before ? -1 : 0;
}

/*
 * RESULTS/fits.csv, if there is one: the fits of the reuse curves.  A file
 * that cannot be used is a warning and the figures are drawn without fits.
 */
static void read_fits(struct plot_input *in, FILE *log)
{
    static const char *const cols[] = {"alloc", "direction", "buffer",
                                       "api",   "t0_us",     "bandwidth_gbps"};
    static const struct plot_side_file fits = {
        .name = "fits.csv",
        .cols = cols,
        .ncols = sizeof(cols) / sizeof(cols[0]),
        .suffix = "; no fit curves drawn",
        .row_size = sizeof(struct plot_fit),
        .read_row = read_fit,
    };
    in->fits = plot_read_side_file(&fits, in->dir, &in->nfits, log);
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

/* Row i of host-memcpy.csv into row (a struct plot_memcpy); -1 after reporting its problems. */
static int read_memcpy(const struct csv_table *t, size_t i, void *row, struct problems *p)
{
    struct plot_memcpy *m = row;
    int before = p->n;
    read_memcpy_dir(t, i, &m->dir, p);
    if (plot_read_number(t, i, "size_bytes", 1, &m->size_bytes, p) == 0)
        check_size(t, i, m->size_bytes, p);
    if (plot_read_number(t, i, "gbps_median", 1, &m->gbps, p) == 0 &&
        !(m->gbps > 0 && isfinite(m->gbps)))
        problem(p, t->lines[i], "gbps_median '%s' is not a positive number",
                csv_table_get(t, i, csv_table_col(t, "gbps_median")));
    if (plot_read_number(t, i, "staging_bytes", 0, &m->staging_bytes, p) == 0 &&
        !isnan(m->staging_bytes))
        plot_check_bytes(t, i, "staging_bytes", m->staging_bytes, p);
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
    static const struct plot_side_file host_memcpy = {
        .name = "host-memcpy.csv",
        .cols = cols,
        .ncols = sizeof(cols) / sizeof(cols[0]),
        .suffix = "; no host memcpy ceiling drawn",
        .row_size = sizeof(struct plot_memcpy),
        .read_row = read_memcpy,
        .order = memcpy_order,
    };
    in->memcpy_pts = plot_read_side_file(&host_memcpy, in->dir, &in->nmemcpy, log);
}

/* A whole number from 1 to 999 in text into *v; 0 is left for anything else. */
static void meta_int(int *v, const char *text)
{
    char *end;
    long n = text ? strtol(text, &end, 10) : 0;
    if (text && end != text && *end == '\0' && n > 0 && n < 1000)
        *v = (int)n;
}

/*
 * The GPU's name, the hostname and the PCIe link's generation and width
 * from meta.yaml (read with libyaml, meta.h), when it is there and says;
 * `current: unknown` leaves the link unknown.
 */
static void read_meta(struct plot_input *in)
{
    char *path = plot_path_join(in->dir, "meta.yaml"), err[512];
    struct meta_doc m;
    if (!path || meta_read(path, &m, err, sizeof(err)) < 0) {
        free(path);
        return;
    }
    const char *gpu = meta_get(&m, "gpu.name"), *host = meta_get(&m, "host.hostname");
    plot_copy_clean(in->gpu, sizeof(in->gpu), gpu ? gpu : "");
    plot_copy_clean(in->host, sizeof(in->host), host ? host : "");
    meta_int(&in->pcie_gen, meta_get(&m, "gpu.pcie.current.generation"));
    meta_int(&in->pcie_width, meta_get(&m, "gpu.pcie.current.width"));
    meta_doc_free(&m);
    free(path);
}

/* The experiment's name: the experiment column of the rows, else the folder's name. */
static void find_experiment(struct plot_input *in)
{
    const struct csv_table *t = &in->table;
    int col = csv_table_col(t, "experiment");
    for (size_t i = 0; i < t->nrows && !in->experiment[0]; i++)
        plot_copy_clean(in->experiment, sizeof(in->experiment), csv_table_get(t, i, col));
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

/*
 * The PCIe link's raw rate per direction when every row gives the same
 * one; NaN when any row lacks it or they differ (the line is never guessed).
 * *some is set when at least one row gives one.
 */
static double common_link(const struct plot_input *in, int *some)
{
    double link = NAN;
    int all = 1;
    *some = 0;
    for (size_t i = 0; i < in->nrows; i++) {
        double v = in->rows[i].link_gbps;
        if (!(v > 0) || !isfinite(v)) {
            all = 0;
            continue;
        }
        *some = 1;
        if (isnan(link))
            link = v;
        else if (fabs(v - link) > 1e-9 * link)
            all = 0;
    }
    return all ? link : NAN;
}

/* Read and check everything plot_results needs from results_dir. */
int plot_input_read(struct plot_input *in, const char *results_dir, FILE *log)
{
    int some_link;
    in->dir = results_dir;
    in->summary_path = plot_path_join(results_dir, "summary.csv");
    if (!in->summary_path || plot_read_table(in->summary_path, &in->table, log) < 0)
        return -1;
    if (check_columns(in, log) < 0 || read_rows(in, log) < 0)
        return -1;
    if (build_curves(in) < 0) {
        plot_log(log, "%s: out of memory", in->summary_path);
        return -1;
    }
    find_experiment(in);
    read_meta(in);
    in->link_gbps = common_link(in, &some_link);
    /* Folders from before the link_gbps column: the link meta.yaml read, when it was read. */
    if (!some_link && in->pcie_gen > 0 && in->pcie_width > 0)
        in->link_gbps = sysinfo_link_gbps(in->pcie_gen, in->pcie_width);
    if (some_link && isnan(in->link_gbps))
        plot_log(log, "note: %s: link_gbps is not the same in every row; no PCIe link line drawn",
                 in->summary_path);
    read_fits(in, log);
    read_host_memcpy(in, log);
    plot_read_breakeven(in, log);
    return 0;
}

void plot_input_free(struct plot_input *in)
{
    csv_table_free(&in->table);
    free(in->summary_path);
    free(in->all);
    free(in->rows);
    free(in->curves);
    free(in->fits);
    free(in->memcpy_pts);
    free(in->breakeven);
}
