/*
 * input.c - a results folder read for the figures (see input.h): the rows
 * of summary.csv checked through results/summary_csv.h, fits.csv,
 * host-memcpy.csv and breakeven.csv through their readers in results/, the
 * GPU, host and PCIe link from meta.yaml; and the questions every figure
 * family asks of them.
 */
#include "figures/input.h"
#include "analysis/link.h"
#include "figures/kit/figure.h"
#include "results/meta_doc.h"
#include "results/problems.h"
#include "host/sysinfo.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Panel titles by direction; the data files use the schema's names. */
const char *const plot_dir_titles[DIR_COUNT] = {
    [DIR_H2D] = "host → device",
    [DIR_D2H] = "device → host",
    [DIR_BIDIR] = "bidirectional (sum)",
};

/* ---- reading summary.csv ---- */

/* Columns the figures cannot do without, or -1 (with a message) when one is missing. */
static int check_columns(const struct plot_input *in, FILE *log)
{
    const char *missing[16];
    size_t n = summary_missing(&in->summary, 0, missing, 16);
    for (size_t i = 0; i < n; i++)
        log_line(log, "%s: no column '%s' in the header; is this a pinsweep %s?", in->summary_path,
                 missing[i], summary_format.file);
    return n ? -1 : 0;
}

/* The figures' row from a checked summary row, with its intervals from samples (may be empty). */
static int plot_row_from(struct plot_row *r, const struct summary_row *s,
                         const struct samples_file *samples)
{
    *r = (struct plot_row){
        .dir = (int)s->axis[AXIS_DIRECTION],
        .alloc = (int)s->axis[AXIS_ALLOC],
        .buffer = (int)s->axis[AXIS_BUFFER],
        .api = (int)s->axis[AXIS_API],
        .cache = (int)s->axis[AXIS_CACHE],
        .touch = (int)s->axis[AXIS_TOUCH],
        .pages = (int)s->axis[AXIS_PAGES],
        .streams = s->axis[AXIS_STREAMS],
        .chunks = s->axis[AXIS_CHUNKS],
        .kernel = s->axis[AXIS_KERNEL],
        .threads = s->axis[AXIS_THREADS],
        .numa = s->axis[AXIS_NUMA],
        .device = s->device,
        .line = s->line,
        .config = s->config,
        .size_bytes = s->size_bytes,
        .gbps_median = s->gbps_median,
        .gbps_min = s->gbps_min,
        .gbps_max = s->gbps_max,
        .samples = s->samples,
        .rounds = s->rounds,
        .round_gbps_min = s->round_gbps_min,
        .round_gbps_max = s->round_gbps_max,
        .effective_gbps = s->effective_gbps,
        .us_per_copy = s->us_per_copy,
        .roundtrip_us = s->roundtrip_us,
        .phase_ms = {s->alloc_ms, s->fill_ms, s->copy_ms, s->free_ms},
        .pin_ms = s->pin_ms,
        .link_gbps = s->link_gbps,
        .pipeline_ms = s->pipeline_ms,
        .kernel_us = s->kernel_us,
        .serial_ms = s->serial_ms,
        .ideal_ms = s->ideal_ms,
        .overlap = s->overlap,
        .host_numa_node = s->host_numa_node,
        .gpus = s->gpus ? s->gpus : "",
        .overlap_pct = s->overlap_pct,
        .alone_gbps = s->alone_gbps,
        .scaling_pct = s->scaling_pct,
    };
    for (int q = 0; q < IV_COUNT; q++)
        if (interval_of_row(samples->nrows ? samples : NULL, s, q, &r->iv[q]) < 0)
            return -1;
    return 0;
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
 * The copy figures draw one GPU: a curve's style is its kind's, so two GPUs'
 * curves of one kind could not be told apart.  Rows of several GPUs (alone,
 * device: a list or all) keep the first GPU's in in->rows, and say how many
 * there were; the gpus figures and summary.csv have them all.
 */
static void one_device(struct plot_input *in)
{
    size_t kept = 0;
    in->multi_device = 0;
    for (size_t i = 0; i < in->nrows; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(in->rows[j].device, in->rows[i].device) == 0;
        in->multi_device += !seen;
    }
    if (in->multi_device < 2) {
        in->multi_device = 0;
        return;
    }
    snprintf(in->shown_device, sizeof(in->shown_device), "%s", in->rows[0].device);
    for (size_t i = 0; i < in->nrows; i++)
        if (strcmp(in->rows[i].device, in->shown_device) == 0)
            in->rows[kept++] = in->rows[i];
    in->nrows = kept;
}

/*
 * Read the ok rows of summary.csv into in->all, checked, those of the copy
 * figures into in->rows and those measured on several GPUs at once into
 * in->at_once; -1 after reporting every problem.
 */
static int read_rows(struct plot_input *in, FILE *log)
{
    const struct summary_file *s = &in->summary;
    struct problems p = {in->summary_path, "", "", " in a row with status ok", log, 0};
    in->all = calloc(s->nrows ? s->nrows : 1, sizeof(in->all[0]));
    in->rows = calloc(s->nrows ? s->nrows : 1, sizeof(in->rows[0]));
    in->at_once = calloc(s->nrows ? s->nrows : 1, sizeof(in->at_once[0]));
    if (!in->all || !in->rows || !in->at_once) {
        log_line(log, "%s: out of memory", in->summary_path);
        return -1;
    }
    for (size_t i = 0; i < s->nrows; i++) {
        struct summary_row checked;
        int at_once = summary_at_once(&s->rows[i]) && strcmp(s->rows[i].status, "ok") == 0;
        if (!summary_ok(&s->rows[i]) && !at_once)
            continue;
        if (summary_check_row(s, i, &checked, &p) == 0 &&
            plot_row_from(at_once ? &in->at_once[in->nat_once++] : &in->all[in->nall++], &checked,
                          &in->samples) < 0) {
            log_line(log, "%s: out of memory", in->summary_path);
            return -1;
        }
    }
    problems_end(&p);
    if (p.n)
        return -1;
    if (in->nall == 0) {
        log_line(log, "%s: no row has status ok (of %zu row%s); nothing to draw", in->summary_path,
                 s->nrows, s->nrows == 1 ? "" : "s");
        return -1;
    }
    for (size_t i = 0; i < in->nall; i++)
        if (plot_copy_row(&in->all[i]))
            in->rows[in->nrows++] = in->all[i];
    one_device(in);
    return 0;
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
 * The GPU's name, the hostname, the host's NUMA nodes, the PCIe link's
 * generation and width and its Max Payload Size from meta.yaml (read with libyaml, meta.h), when it
 * is there and says; `current: unknown` leaves the link unknown, and
 * `max_payload_bytes: unknown` (or none) the payload size.
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
    text_copy_clean(in->gpu, sizeof(in->gpu), gpu ? gpu : "");
    text_copy_clean(in->host, sizeof(in->host), host ? host : "");
    meta_int(&in->pcie_gen, meta_get(&m, "gpu.pcie.current.generation"));
    meta_int(&in->pcie_width, meta_get(&m, "gpu.pcie.current.width"));
    meta_int(&in->mps_bytes, meta_get(&m, "gpu.pcie.max_payload_bytes"));
    meta_int(&in->numa_nodes, meta_get(&m, "host.numa_nodes"));
    meta_doc_free(&m);
    free(path);
}

/* The experiment's name: the experiment column of the rows, else the folder's name. */
static void find_experiment(struct plot_input *in)
{
    const struct summary_file *s = &in->summary;
    for (size_t i = 0; i < s->nrows && !in->experiment[0]; i++)
        text_copy_clean(in->experiment, sizeof(in->experiment), s->rows[i].experiment);
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

/*
 * The cap (analysis/interval.h) of row r's GB/s and effective GB/s at its
 * link's raw rate per direction (twice it for bidir), when r moves data over
 * the link (a copy or a zero-copy kernel; not the CPU's own access, not a
 * pipeline) and the rate is known: r's link_gbps, else, in a folder from
 * before that column, link (meta.yaml's) for a row of one GPU.
 */
static void cap_at_link(struct plot_row *r, double link)
{
    double raw = r->link_gbps > 0 && isfinite(r->link_gbps) ? r->link_gbps
                 : strcmp(r->gpus, "aggregate") != 0        ? link
                                                            : NAN;
    if (!api_is_copy(r->api) && r->api != API_ZEROCOPY)
        return;
    raw = link_raw_gbps(raw, r->dir);
    interval_cap(&r->iv[IV_GBPS], raw);
    interval_cap(&r->iv[IV_EFFECTIVE_GBPS], raw);
}

/* Read and check everything plot_results needs from results_dir. */
int plot_input_read(struct plot_input *in, const char *results_dir, FILE *log)
{
    char err[512];
    int some_link;
    in->dir = results_dir;
    in->summary_path = plot_path_join(results_dir, summary_format.file);
    if (!in->summary_path)
        return -1;
    if (summary_read(&in->summary, results_dir, err, sizeof(err)) < 0) {
        log_line(log, "%s", err);
        return -1;
    }
    /* An unreadable samples.csv costs the intervals their exactness, not the figures. */
    if (samples_read(&in->samples, results_dir, err, sizeof(err)) < 0)
        log_line(log, "warning: %s; the bars are from summary.csv's rsd", err);
    if (check_columns(in, log) < 0 || read_rows(in, log) < 0)
        return -1;
    if (build_curves(in) < 0) {
        log_line(log, "%s: out of memory", in->summary_path);
        return -1;
    }
    find_experiment(in);
    read_meta(in);
    in->link_gbps = common_link(in, &some_link);
    /* Folders from before the link_gbps column: the link meta.yaml read, when it was read. */
    if (!some_link && in->pcie_gen > 0 && in->pcie_width > 0)
        in->link_gbps = sysinfo_link_gbps(in->pcie_gen, in->pcie_width);
    if (some_link && isnan(in->link_gbps))
        log_line(log, "note: %s: link_gbps is not the same in every row; no PCIe link line drawn",
                 in->summary_path);
    for (size_t i = 0; i < in->nall; i++)
        cap_at_link(&in->all[i], in->link_gbps);
    for (size_t i = 0; i < in->nrows; i++)
        cap_at_link(&in->rows[i], in->link_gbps);
    for (size_t i = 0; i < in->nat_once; i++)
        cap_at_link(&in->at_once[i], in->link_gbps);
    in->fits = fits_read(results_dir, &in->nfits, log);
    in->memcpy_pts = hostmemcpy_read(results_dir, &in->nmemcpy, log);
    in->breakeven = breakeven_read(results_dir, &in->nbreakeven, log);
    return 0;
}

void plot_input_free(struct plot_input *in)
{
    summary_close(&in->summary);
    free(in->summary_path);
    free(in->all);
    free(in->rows);
    free(in->at_once);
    free(in->curves);
    free(in->fits);
    free(in->memcpy_pts);
    free(in->breakeven);
    samples_close(&in->samples);
}

/* ---- what the figures ask of the rows ---- */

int plot_host_steady(const struct plot_row *r)
{
    return r->cache == CACHE_WARM && r->touch == TOUCH_PREFAULTED;
}

int plot_row_has_rounds(const struct plot_row *r)
{
    return r->rounds > 1 && isfinite(r->round_gbps_min) && isfinite(r->round_gbps_max);
}

void plot_row_spread(const struct plot_row *r, double *lo, double *hi)
{
    *lo = r->iv[IV_GBPS].lo;
    *hi = r->iv[IV_GBPS].hi;
}

char *plot_interval_statement(const struct plot_input *in, char *buf, size_t n)
{
    return plot_interval_statement_as(in, "Bars", buf, n);
}

char *plot_interval_statement_as(const struct plot_input *in, const char *lead, char *buf, size_t n)
{
    struct interval_tally t;
    interval_tally_init(&t, 0);
    for (size_t i = 0; i < in->nall; i++)
        interval_tally_add(&t, &in->all[i].iv[IV_GBPS]);
    for (size_t i = 0; i < in->nat_once; i++)
        interval_tally_add(&t, &in->at_once[i].iv[IV_GBPS]);
    t.capped = 0; /* a table marks its own capped ends (plot_table_mark_note) */
    return interval_statement_as(&t, lead, buf, n);
}

void plot_bars_note(struct fig_style *note, const struct interval_tally *t)
{
    *note = (struct fig_style){"-", "", "", ""};
    interval_note(t, note->title, sizeof(note->title));
    if (t->rounds || t->samples)
        note->said = INTERVAL_NOTE_SAID;
}

const struct plot_curve *plot_find_curve(const struct plot_input *in, int dir, int alloc,
                                         int buffer, int api, const char *device)
{
    for (size_t c = 0; c < in->ncurves; c++) {
        const struct plot_row *r = &in->rows[in->curves[c].first];
        if (r->dir == dir && r->alloc == alloc && r->buffer == buffer && r->api == api &&
            plot_host_steady(r) && (!device || strcmp(r->device, device) == 0))
            return &in->curves[c];
    }
    return NULL;
}

int plot_time_pick(const struct plot_input *in, int *dir, int *api)
{
    static const int dirs[] = {DIR_H2D, DIR_D2H, DIR_BIDIR}, apis[] = {API_ASYNC, API_SYNC};
    for (size_t d = 0; d < 3; d++)
        for (size_t a = 0; a < 2; a++)
            for (size_t i = 0; i < in->nrows; i++) {
                const struct plot_row *r = &in->rows[i];
                if (r->dir == dirs[d] && r->api == apis[a] && r->buffer == BUFFER_REALLOCATE &&
                    plot_host_steady(r) && !isnan(r->phase_ms[PHASE_ALLOC])) {
                    *dir = dirs[d];
                    *api = apis[a];
                    return 0;
                }
            }
    return -1;
}

/* ---- choosing and ordering rows ---- */

int plot_cmp_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

int plot_cmp_double(double a, double b)
{
    return (a > b) - (a < b);
}

/* The row behind an element of a select_rows array, for the qsort comparators. */
const struct plot_row *plot_row_of(const void *p)
{
    return *(const struct plot_row *const *)p;
}

int plot_select_rows(const struct plot_input *in, row_keep_fn keep,
                     int (*order)(const void *, const void *), const struct plot_row ***out,
                     size_t *n)
{
    const char *device = NULL;
    *n = 0;
    *out = malloc((in->nall ? in->nall : 1) * sizeof(**out));
    if (!*out)
        return -1;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (!keep(r) || (device && strcmp(r->device, device) != 0))
            continue;
        device = r->device;
        (*out)[(*n)++] = r;
    }
    if (*n > 1)
        qsort(*out, *n, sizeof(**out), order);
    return 0;
}

size_t plot_run_end(const struct plot_row *const *rows, size_t n, size_t i,
                    int (*same)(const struct plot_row *, const struct plot_row *))
{
    size_t j = i + 1;
    while (j < n && same(rows[i], rows[j]))
        j++;
    return j;
}

/* ---- the headline's api ---- */

/* The headline's kinds: pinned against pageable. */
static const int headline_kinds[2] = {ALLOC_PINNED, ALLOC_PAGEABLE};

int plot_headline_api(const struct plot_input *in)
{
    static const int apis[2] = {API_SYNC, API_ASYNC};
    for (int i = 0; i < 2; i++)
        for (int d = 0; d < DIR_COUNT; d++)
            for (int k = 0; k < 2; k++)
                if (plot_find_curve(in, d, headline_kinds[k], BUFFER_REUSE, apis[i], NULL))
                    return apis[i];
    return -1;
}

int plot_headline_panel_api(const struct plot_input *in, int api, int dir)
{
    int other = api == API_SYNC ? API_ASYNC : API_SYNC;
    for (int k = 0; k < 2; k++)
        if (plot_find_curve(in, dir, headline_kinds[k], BUFFER_REUSE, api, NULL))
            return api;
    for (int k = 0; k < 2; k++)
        if (plot_find_curve(in, dir, headline_kinds[k], BUFFER_REUSE, other, NULL))
            return other;
    return -1;
}
