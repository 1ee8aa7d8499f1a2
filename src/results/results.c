/*
 * results.c - creating a results folder and appending CSV rows (see results.h).
 */
#include "results/results.h"
#include "results/csv.h"
#include "results/samples_csv.h"
#include "results/summary_csv.h"
#include "base/fileio.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const status_names[] = {"ok", "error", "skipped", "corrupt"};

char *results_default_dir(const char *name, const char *host, time_t t)
{
    struct tm tm;
    char stamp[32], *dir = NULL;
    localtime_r(&t, &tm);
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    if (asprintf(&dir, "results/%s/%s-%s", name, host[0] ? host : "host", stamp) < 0)
        return NULL;
    return dir;
}

char *results_path(const struct results *res, const char *file)
{
    char *p = NULL;
    if (asprintf(&p, "%s/%s", res->dir, file) < 0)
        return NULL;
    return p;
}

/* mkdir -p. */
static int make_dirs(const char *dir, char *err, size_t errlen)
{
    char *p = strdup(dir);
    if (!p)
        return -1;
    for (char *s = p + 1;; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0777) < 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create %s: %s", p, strerror(errno));
            free(p);
            return -1;
        }
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    return 0;
}

static FILE *open_csv(const struct results *res, const struct csv_format *fmt, char *err,
                      size_t errlen)
{
    char *path = results_path(res, fmt->file);
    FILE *f = path ? fopen(path, "w") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path ? path : fmt->file, strerror(errno));
        free(path);
        return NULL;
    }
    format_write_header(f, fmt);
    fflush(f);
    free(path);
    return f;
}

static int copy_experiment(const struct results *res, const struct experiment *e, char *err,
                           size_t errlen)
{
    char *path = results_path(res, "experiment.yaml");
    FILE *f = path ? fopen(path, "wb") : NULL;
    int rc = -1;
    if (f && fwrite(e->text, 1, e->text_len, f) == e->text_len)
        rc = 0;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc < 0)
        snprintf(err, errlen, "cannot write %s: %s", path ? path : "experiment.yaml",
                 strerror(errno));
    free(path);
    return rc;
}

int results_open(struct results *res, const char *dir, const struct experiment *e, char *err,
                 size_t errlen)
{
    memset(res, 0, sizeof(*res));
    res->link_gbps = NAN;
    res->dir = strdup(dir);
    if (!res->dir || make_dirs(dir, err, errlen) < 0)
        goto fail;
    char *existing = results_path(res, summary_format.file);
    int taken = existing && access(existing, F_OK) == 0;
    free(existing);
    if (taken) {
        snprintf(err, errlen,
                 "%s already holds results (%s); pinsweep never "
                 "overwrites them: choose another -o DIR or move that folder away",
                 dir, summary_format.file);
        goto fail;
    }
    if (copy_experiment(res, e, err, errlen) < 0)
        goto fail;
    res->summary = open_csv(res, &summary_format, err, errlen);
    if (!res->summary)
        goto fail;
    res->samples = open_csv(res, &samples_format, err, errlen);
    if (!res->samples)
        goto fail;
    return 0;
fail:
    results_close(res);
    return -1;
}

/* The config number a CSV line starts with (after skip fields), or 0. */
static long line_config(const char *line, int skip)
{
    for (int i = 0; i < skip && line; i++) {
        line = strchr(line, ',');
        if (line)
            line++;
    }
    return line ? strtol(line, NULL, 10) : 0;
}

/*
 * Rewrite path keeping the header and the complete lines that keep(config)
 * accepts; a line cut short by a kill (no newline at the end) is dropped.
 * The file is replaced atomically.  Returns 0 or -1.
 */
static int rewrite_csv(const char *path, int skip, int (*keep)(long config, void *ctx), void *ctx)
{
    size_t len = 0;
    char *buf = fileio_read_all(path, &len), tmp[4200];
    if (!buf)
        return -1;
    snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    int rc = f ? 0 : -1;
    for (char *p = buf, *nl; f && (nl = memchr(p, '\n', (size_t)(buf + len - p))); p = nl + 1) {
        *nl = '\0';
        if (p == buf || keep(line_config(p, skip), ctx))
            fprintf(f, "%s\n", p);
    }
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc == 0 && rename(tmp, path) < 0)
        rc = -1;
    free(buf);
    return rc;
}

struct resume_ctx {
    unsigned char *done;
    size_t n;
};

static int keep_valid(long config, void *ctx)
{
    struct resume_ctx *r = ctx;
    return config >= 1 && (size_t)config <= r->n;
}

static int keep_done(long config, void *ctx)
{
    struct resume_ctx *r = ctx;
    return config >= 1 && (size_t)config <= r->n && r->done[config - 1];
}

/* Mark the configurations summary.csv has rows for, counting them by status. */
static int read_done(const char *dir, struct resume_ctx *rc, size_t *ok, size_t *failed,
                     size_t *skipped, char *err, size_t errlen)
{
    struct summary_file t;
    if (summary_read(&t, dir, err, errlen) < 0) {
        summary_close(&t);
        return -1;
    }
    for (size_t r = 0; r < t.nrows; r++) {
        const struct summary_row *row = &t.rows[r];
        long c = isnan(row->config) ? 0 : (long)row->config;
        if (c < 1 || (size_t)c > rc->n || rc->done[c - 1])
            continue;
        rc->done[c - 1] = 1;
        if (summary_ok(row))
            (*ok)++;
        else if (strcmp(row->status, status_names[RESULT_SKIPPED]) == 0)
            (*skipped)++;
        else
            (*failed)++;
    }
    summary_close(&t);
    return 0;
}

static FILE *append_to(const struct results *res, const char *name, char *err, size_t errlen)
{
    char *path = results_path(res, name);
    FILE *f = path ? fopen(path, "a") : NULL;
    if (!f)
        snprintf(err, errlen, "cannot append to %s: %s", path ? path : name, strerror(errno));
    free(path);
    return f;
}

int results_resume(struct results *res, const char *dir, const struct experiment *e,
                   unsigned char *done, size_t nconfigs, size_t *ok, size_t *failed,
                   size_t *skipped, char *err, size_t errlen)
{
    struct resume_ctx rc = {done, nconfigs};
    size_t len = 0;
    err[0] = '\0';
    memset(res, 0, sizeof(*res));
    res->link_gbps = NAN;
    if (!(res->dir = strdup(dir)))
        return -1;
    char *sum = results_path(res, summary_format.file),
         *smp = results_path(res, samples_format.file);
    char *exp = results_path(res, "experiment.yaml"),
         *text = exp ? fileio_read_all(exp, &len) : NULL;
    int rcode = -1;
    if (!text)
        snprintf(err, errlen, "%s holds no results to resume (no experiment.yaml)", dir);
    else if (len != e->text_len || memcmp(text, e->text, len) != 0)
        snprintf(err, errlen,
                 "%s was started from a different experiment file: %s differs "
                 "from %s; resume needs the same file",
                 dir, exp, e->path);
    else if (rewrite_csv(sum, format_find(&summary_format, COLUMN_CONFIG), keep_valid, &rc) < 0 ||
             read_done(dir, &rc, ok, failed, skipped, err, errlen) < 0 ||
             rewrite_csv(smp, format_find(&samples_format, COLUMN_CONFIG), keep_done, &rc) < 0)
        snprintf(err + strlen(err), errlen - strlen(err), "%scannot repair the CSVs in %s",
                 *err ? "; " : "", dir);
    else if ((res->summary = append_to(res, summary_format.file, err, errlen)) &&
             (res->samples = append_to(res, samples_format.file, err, errlen)))
        rcode = 0;
    free(sum);
    free(smp);
    free(exp);
    free(text);
    if (rcode < 0)
        results_close(res);
    return rcode;
}

/* A NUMA node number, or NaN for -1 (unknown, none): an empty cell. */
static double node_value(int node)
{
    return node >= 0 ? node : NAN;
}

/* The summary row of r; its texts point into r, e and device[]. */
static void summary_of(struct summary_row *row, const struct experiment *e, const struct result *r,
                       const struct summary *s, double link_gbps, char device[16])
{
    const struct config *c = r->config;
    int ok = r->status == RESULT_OK;
    double nan = NAN;
    snprintf(device, 16, "%d", e->device);
    *row = (struct summary_row){.experiment = e->name, .config = c->index, .device = device};
    for (int a = 0; a < AXIS_SIZE; a++) /* as the schema writes them; "-" for an unused one */
        row->axis[a] = c->v[a];
    row->size_bytes = (double)config_size(c);
    row->batch = ok ? r->batch : nan;
    row->samples = ok ? (double)r->nsamples : nan;
    row->gbps_median = ok ? s->gbps.median : nan;
    row->gbps_min = ok ? s->gbps.min : nan;
    row->gbps_max = ok ? s->gbps.max : nan;
    row->gbps_mean = ok ? s->gbps.mean : nan;
    row->gbps_stddev = ok ? s->gbps.stddev : nan;
    row->rsd_pct = ok ? s->gbps.rsd_pct : nan;
    row->target_met =
        ok && r->stop != STOP_FIXED ? (s->gbps.rsd_pct <= r->target_rsd_pct ? "yes" : "no") : "";
    row->stop = ok ? measure_stop_names[r->stop] : "";
    row->timing = measure_queued(c) ? "queued" : measure_one_by_one(c) ? "one-by-one" : "direct";
    row->us_per_copy = ok ? s->us_per_copy_median : nan;
    row->roundtrip_us = ok ? r->roundtrip_us : nan;
    row->host_gbps = ok ? s->host_gbps_median : nan;
    row->h2d_gbps = ok ? s->h2d_gbps_median : nan;
    row->d2h_gbps = ok ? s->d2h_gbps_median : nan;
    row->alloc_ms = ok ? s->alloc_ms_median : nan;
    row->pin_ms = ok ? s->pin_ms_median : nan;
    row->fill_ms = ok ? s->fill_ms_median : nan;
    row->copy_ms = ok ? s->copy_ms_median : nan;
    row->free_ms = ok ? s->free_ms_median : nan;
    row->effective_gbps = ok ? s->effective_gbps_median : nan;
    row->kernel_us = ok ? r->kernel_us : nan;
    row->pipeline_ms = ok ? s->pipeline_ms_median : nan;
    row->serial_ms = ok ? s->serial_ms_median : nan;
    row->ideal_ms = ok ? s->ideal_ms_median : nan;
    row->overlap = ok ? s->overlap_median : nan;
    row->h2d_alone_ms = ok ? s->h2d_alone_ms_median : nan;
    row->kernel_alone_ms = ok ? s->kernel_alone_ms_median : nan;
    row->d2h_alone_ms = ok ? s->d2h_alone_ms_median : nan;
    row->gpu_numa_node = node_value(r->gpu_node);
    row->bound_numa_node = node_value(r->bound_node);
    row->host_numa_node = node_value(ok ? r->host_node : -1);
    row->host_numa_pct = ok ? r->host_node_pct : nan;
    row->huge_pct = ok ? r->huge_pct : nan;
    /* bidir moves both directions at once: its share is of the two directions together;
       pipelines and the CPU's own access are not transfers over the link */
    enum copy_api api = config_api(c);
    double link = api == API_PIPELINE || api_is_host(api)
                      ? nan
                      : link_gbps * (config_direction(c) == DIR_BIDIR ? 2 : 1);
    row->link_gbps = link_gbps;
    row->pct_of_link = ok ? 100.0 * s->gbps.median / link : nan;
    row->status = status_names[r->status];
    row->error = ok ? "" : r->error;
}

static void write_summary(FILE *f, const struct experiment *e, const struct result *r,
                          const struct summary *s, double link_gbps)
{
    struct summary_row row;
    char device[16];
    summary_of(&row, e, r, s, link_gbps, device);
    format_write_row(f, &summary_format, &row);
}

static void write_samples(FILE *f, const struct result *r)
{
    for (size_t i = 0; i < r->nsamples; i++) {
        const struct sample *s = &r->samples[i];
        struct sample_rates sr;
        measure_sample_rates(r->config, s, &sr);
        struct sample_row row = {r->config->index,  (double)(i + 1), s->copies,    s->device_ms,
                                 s->host_ms,        sr.gbps,         sr.host_gbps, s->h2d_ms,
                                 s->d2h_ms,         s->alloc_ms,     s->fill_ms,   s->free_ms,
                                 sr.effective_gbps, s->kernel_ms};
        format_write_row(f, &samples_format, &row);
    }
}

/* Flush stdio's buffer and the kernel's, so a crash or kill loses nothing written. */
static int flush_file(FILE *f)
{
    if (fflush(f) != 0)
        return -1;
    return fsync(fileno(f));
}

int results_write(struct results *res, const struct experiment *e, const struct result *r,
                  struct summary *s)
{
    memset(s, 0, sizeof(*s));
    if (r->status == RESULT_OK && measure_summarise(r, s) < 0)
        return -1;
    write_samples(res->samples, r);
    write_summary(res->summary, e, r, s, res->link_gbps);
    if (flush_file(res->samples) < 0 || flush_file(res->summary) < 0)
        return -1;
    return 0;
}

void results_close(struct results *res)
{
    if (res->summary)
        fclose(res->summary);
    if (res->samples)
        fclose(res->samples);
    free(res->dir);
    memset(res, 0, sizeof(*res));
}
