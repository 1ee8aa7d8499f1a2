/*
 * results.c - creating a results folder and appending CSV rows (see results.h).
 */
#include "results/results.h"
#include "results/csv.h"
#include "base/fileio.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const results_summary_columns[] = {"experiment",
                                               "config",
                                               "device",
                                               "alloc",
                                               "direction",
                                               "buffer",
                                               "api",
                                               "cache",
                                               "touch",
                                               "streams",
                                               "chunks",
                                               "kernel",
                                               "threads",
                                               "numa",
                                               "pages",
                                               "size_bytes",
                                               "batch",
                                               "samples",
                                               "gbps_median",
                                               "gbps_min",
                                               "gbps_max",
                                               "gbps_mean",
                                               "gbps_stddev",
                                               "rsd_pct",
                                               "target_met",
                                               "stop",
                                               "timing",
                                               "us_per_copy_median",
                                               "roundtrip_us_median",
                                               "host_gbps_median",
                                               "h2d_gbps_median",
                                               "d2h_gbps_median",
                                               "alloc_ms_median",
                                               "pin_ms_median",
                                               "fill_ms_median",
                                               "copy_ms_median",
                                               "free_ms_median",
                                               "effective_gbps_median",
                                               "kernel_us",
                                               "pipeline_ms_median",
                                               "serial_ms_median",
                                               "ideal_ms_median",
                                               "overlap_median",
                                               "h2d_alone_ms_median",
                                               "kernel_alone_ms_median",
                                               "d2h_alone_ms_median",
                                               "gpu_numa_node",
                                               "bound_numa_node",
                                               "host_numa_node",
                                               "host_numa_pct",
                                               "huge_pct",
                                               "link_gbps",
                                               "pct_of_link",
                                               "status",
                                               "error",
                                               NULL};

const char *const results_samples_columns[] = {
    "config", "sample", "copies",   "device_ms", "host_ms", "gbps",           "host_gbps",
    "h2d_ms", "d2h_ms", "alloc_ms", "fill_ms",   "free_ms", "effective_gbps", "kernel_ms", NULL};

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

static FILE *open_csv(const struct results *res, const char *name, const char *const *cols,
                      char *err, size_t errlen)
{
    char *path = results_path(res, name);
    FILE *f = path ? fopen(path, "w") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path ? path : name, strerror(errno));
        free(path);
        return NULL;
    }
    for (size_t i = 0; cols[i]; i++)
        fprintf(f, "%s%s", i ? "," : "", cols[i]);
    fputc('\n', f);
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
    char *existing = results_path(res, "summary.csv");
    int taken = existing && access(existing, F_OK) == 0;
    free(existing);
    if (taken) {
        snprintf(err, errlen,
                 "%s already holds results (summary.csv); pinsweep never "
                 "overwrites them: choose another -o DIR or move that folder away",
                 dir);
        goto fail;
    }
    if (copy_experiment(res, e, err, errlen) < 0)
        goto fail;
    res->summary = open_csv(res, "summary.csv", results_summary_columns, err, errlen);
    if (!res->summary)
        goto fail;
    res->samples = open_csv(res, "samples.csv", results_samples_columns, err, errlen);
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
static int read_done(const char *path, struct resume_ctx *rc, size_t *ok, size_t *failed,
                     size_t *skipped, char *err, size_t errlen)
{
    struct csv_table t;
    if (csv_table_read(path, &t, err, errlen) < 0)
        return -1;
    int cc = csv_table_col(&t, "config"), cs = csv_table_col(&t, "status");
    for (size_t r = 0; r < t.nrows; r++) {
        long c = strtol(csv_table_get(&t, r, cc), NULL, 10);
        const char *st = csv_table_get(&t, r, cs);
        if (c < 1 || (size_t)c > rc->n || rc->done[c - 1])
            continue;
        rc->done[c - 1] = 1;
        if (strcmp(st, "ok") == 0)
            (*ok)++;
        else if (strcmp(st, "skipped") == 0)
            (*skipped)++;
        else
            (*failed)++;
    }
    csv_table_free(&t);
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
    char *sum = results_path(res, "summary.csv"), *smp = results_path(res, "samples.csv");
    char *exp = results_path(res, "experiment.yaml"), *text = exp ? fileio_read_all(exp, &len) : NULL;
    int rcode = -1;
    if (!text)
        snprintf(err, errlen, "%s holds no results to resume (no experiment.yaml)", dir);
    else if (len != e->text_len || memcmp(text, e->text, len) != 0)
        snprintf(err, errlen,
                 "%s was started from a different experiment file: %s differs "
                 "from %s; resume needs the same file",
                 dir, exp, e->path);
    else if (rewrite_csv(sum, 1, keep_valid, &rc) < 0 ||
             read_done(sum, &rc, ok, failed, skipped, err, errlen) < 0 ||
             rewrite_csv(smp, 0, keep_done, &rc) < 0)
        snprintf(err + strlen(err), errlen - strlen(err), "%scannot repair the CSVs in %s",
                 *err ? "; " : "", dir);
    else if ((res->summary = append_to(res, "summary.csv", err, errlen)) &&
             (res->samples = append_to(res, "samples.csv", err, errlen)))
        rcode = 0;
    free(sum);
    free(smp);
    free(exp);
    free(text);
    if (rcode < 0)
        results_close(res);
    return rcode;
}

static void put_num(FILE *f, double v, const char *fmt)
{
    fputc(',', f);
    csv_put_double(f, v, fmt);
}

/* A NUMA node number, or an empty field for -1 (unknown, none). */
static void put_node(FILE *f, int node)
{
    if (node >= 0)
        fprintf(f, ",%d", node);
    else
        fputc(',', f);
}

static void write_summary(FILE *f, const struct experiment *e, const struct result *r,
                          const struct summary *s, double link_gbps)
{
    const struct config *c = r->config;
    int ok = r->status == RESULT_OK;
    csv_put_text(f, e->name);
    fprintf(f, ",%d,%d", c->index, e->device);
    for (int a = 0; a < AXIS_SIZE; a++) { /* in the order of the header: the axes' order */
        char text[32];
        fprintf(f, ",%s", schema_value_text(a, c->v[a], text, sizeof(text)));
    }
    fprintf(f, ",%llu,", (unsigned long long)config_size(c));
    if (ok)
        fprintf(f, "%d,%zu", r->batch, r->nsamples);
    else
        fputc(',', f);
    double nan = NAN;
    put_num(f, ok ? s->gbps.median : nan, "%.6g");
    put_num(f, ok ? s->gbps.min : nan, "%.6g");
    put_num(f, ok ? s->gbps.max : nan, "%.6g");
    put_num(f, ok ? s->gbps.mean : nan, "%.6g");
    put_num(f, ok ? s->gbps.stddev : nan, "%.6g");
    put_num(f, ok ? s->gbps.rsd_pct : nan, "%.3f");
    if (ok && r->stop != STOP_FIXED)
        fprintf(f, ",%s,%s", s->gbps.rsd_pct <= r->target_rsd_pct ? "yes" : "no",
                measure_stop_names[r->stop]);
    else
        fprintf(f, ",,%s", ok ? measure_stop_names[r->stop] : "");
    fprintf(f, ",%s",
            measure_queued(c)       ? "queued"
            : measure_one_by_one(c) ? "one-by-one"
                                    : "direct");
    put_num(f, ok ? s->us_per_copy_median : nan, "%.3f");
    put_num(f, ok ? r->roundtrip_us : nan, "%.3f");
    put_num(f, ok ? s->host_gbps_median : nan, "%.6g");
    put_num(f, ok ? s->h2d_gbps_median : nan, "%.6g");
    put_num(f, ok ? s->d2h_gbps_median : nan, "%.6g");
    put_num(f, ok ? s->alloc_ms_median : nan, "%.6g");
    put_num(f, ok ? s->pin_ms_median : nan, "%.6g");
    put_num(f, ok ? s->fill_ms_median : nan, "%.6g");
    put_num(f, ok ? s->copy_ms_median : nan, "%.6g");
    put_num(f, ok ? s->free_ms_median : nan, "%.6g");
    put_num(f, ok ? s->effective_gbps_median : nan, "%.6g");
    put_num(f, ok ? r->kernel_us : nan, "%.3f");
    put_num(f, ok ? s->pipeline_ms_median : nan, "%.6g");
    put_num(f, ok ? s->serial_ms_median : nan, "%.6g");
    put_num(f, ok ? s->ideal_ms_median : nan, "%.6g");
    put_num(f, ok ? s->overlap_median : nan, "%.4f");
    put_num(f, ok ? s->h2d_alone_ms_median : nan, "%.6g");
    put_num(f, ok ? s->kernel_alone_ms_median : nan, "%.6g");
    put_num(f, ok ? s->d2h_alone_ms_median : nan, "%.6g");
    put_node(f, r->gpu_node);
    put_node(f, r->bound_node);
    put_node(f, ok ? r->host_node : -1);
    put_num(f, ok ? r->host_node_pct : nan, "%.1f");
    put_num(f, ok ? r->huge_pct : nan, "%.1f");
    /* bidir moves both directions at once: its share is of the two directions together;
       pipelines and the CPU's own access are not transfers over the link */
    enum copy_api api = config_api(c);
    double link = api == API_PIPELINE || api_is_host(api)
                      ? nan
                      : link_gbps * (config_direction(c) == DIR_BIDIR ? 2 : 1);
    put_num(f, link_gbps, "%.6g");
    put_num(f, ok ? 100.0 * s->gbps.median / link : nan, "%.2f");
    fprintf(f, ",%s,", status_names[r->status]);
    csv_put_text(f, ok ? "" : r->error);
    fputc('\n', f);
}

static void write_samples(FILE *f, const struct result *r)
{
    for (size_t i = 0; i < r->nsamples; i++) {
        const struct sample *s = &r->samples[i];
        struct sample_rates sr;
        measure_sample_rates(r->config, s, &sr);
        fprintf(f, "%d,%zu,%d", r->config->index, i + 1, s->copies);
        put_num(f, s->device_ms, "%.6g");
        put_num(f, s->host_ms, "%.6g");
        put_num(f, sr.gbps, "%.6g");
        put_num(f, sr.host_gbps, "%.6g");
        put_num(f, s->h2d_ms, "%.6f");
        put_num(f, s->d2h_ms, "%.6f");
        put_num(f, s->alloc_ms, "%.6f");
        put_num(f, s->fill_ms, "%.6f");
        put_num(f, s->free_ms, "%.6f");
        put_num(f, sr.effective_gbps, "%.6g");
        put_num(f, s->kernel_ms, "%.6f");
        fputc('\n', f);
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
