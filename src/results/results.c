/*
 * results.c - creating a results folder and appending CSV rows (see results.h).
 */
#include "results/results.h"
#include "results/csv.h"
#include "results/samples_csv.h"
#include "results/summary_csv.h"
#include "experiment/timing.h"
#include "base/fileio.h"
#include "results/outdir.h"

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

/* Create dir/FILE new and write data to it; counts it in res->made once it is created. */
static int create_file(struct results *res, const char *file, const void *data, size_t len,
                       char *err, size_t errlen)
{
    char *path = results_path(res, file);
    struct outfile *o = path ? outfile_create(path, err, errlen) : NULL;
    if (!path)
        snprintf(err, errlen, "out of memory");
    free(path);
    if (!o)
        return -1;
    res->made++;
    fwrite(data, 1, len, o->f);
    return outfile_close(o, err, errlen);
}

/* dir/FILE created new with the format's header, synced, kept open to append. */
static struct outfile *create_csv(struct results *res, const struct csv_format *fmt, char *err,
                                  size_t errlen)
{
    char *path = results_path(res, fmt->file);
    struct outfile *o = path ? outfile_create(path, err, errlen) : NULL;
    if (!path)
        snprintf(err, errlen, "out of memory");
    free(path);
    if (!o)
        return NULL;
    res->made++;
    format_write_header(o->f, fmt);
    if (outfile_sync(o, err, errlen) < 0) {
        outfile_discard(o);
        return NULL;
    }
    return o;
}

int results_open(struct results *res, const char *dir, const struct experiment *e, char *err,
                 size_t errlen)
{
    char taken[512];
    memset(res, 0, sizeof(*res));
    res->link_gbps = NAN;
    res->dir = strdup(dir);
    if (!res->dir) {
        snprintf(err, errlen, "out of memory");
        return RESULTS_ESYSTEM;
    }
    if (outdir_taken(dir, taken, sizeof(taken))) {
        snprintf(err, errlen,
                 "%s already holds %s, which a run writes; pinsweep never overwrites results: use "
                 "--resume %s to go on with that run, or another folder",
                 dir, taken, dir);
        results_close(res);
        return RESULTS_EUSAGE;
    }
    int made = 0;
    if (outdir_make(dir, err, errlen) < 0 ||
        create_file(res, "experiment.yaml", e->text, e->text_len, err, errlen) < 0 ||
        !(res->summary = create_csv(res, &summary_format, err, errlen)) ||
        !(res->samples = create_csv(res, &samples_format, err, errlen))) {
        made = res->made;
        results_close(res);
        res->made = made;
        return RESULTS_ESYSTEM;
    }
    return 0;
}

/* ---- resume: reconciling what a kill or a full disk left ---- */

/*
 * The number of fields of a CSV line (quotes respected), or -1 when a quote
 * is not closed; the text of field k (up to n - 1 bytes, quotes kept) in buf.
 */
int results_line_field(const char *line, int k, char *buf, size_t n)
{
    int field = 0, quoted = 0;
    size_t len = 0;
    if (buf && n)
        buf[0] = '\0';
    for (const char *p = line; *p; p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (*p == ',' && !quoted) {
            field++;
            continue;
        }
        if (field == k && buf && len + 1 < n) {
            buf[len++] = *p;
            buf[len] = '\0';
        }
    }
    return quoted ? -1 : field + 1;
}

/* fmt's header line, without its newline, into a malloc'd string. */
static char *header_text(const struct csv_format *fmt)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return NULL;
    format_write_header(m, fmt);
    if (fclose(m) != 0) {
        free(text);
        return NULL;
    }
    text[len ? len - 1 : 0] = '\0';
    return text;
}

int results_lines_read(struct csv_lines *l, const char *dir, const struct csv_format *fmt,
                       size_t nconfigs, char *err, size_t errlen)
{
    size_t len = 0, cap = 0;
    char *header = header_text(fmt);
    int cfg = format_find(fmt, COLUMN_CONFIG), rc = RESULTS_ESYSTEM;
    memset(l, 0, sizeof(*l));
    l->fmt = fmt;
    if (asprintf(&l->path, "%s/%s", dir, fmt->file) < 0)
        l->path = NULL;
    if (!header || !l->path) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    l->buf = fileio_read_all(l->path, &len);
    if (!l->buf && errno != ENOENT) {
        snprintf(err, errlen, "cannot read %s: %s", l->path, strerror(errno));
        goto out;
    }
    char *nl, *p = l->buf;
    if (p && (nl = memchr(p, '\n', len))) {
        *nl = '\0';
        if (strcmp(p, header) != 0) {
            snprintf(err, errlen,
                     "%s has other columns than this pinsweep writes (made by another "
                     "version?); resume needs the same",
                     l->path);
            rc = RESULTS_EUSAGE;
            goto out;
        }
        l->header_ok = 1;
        p = nl + 1;
    }
    for (; l->header_ok && (nl = memchr(p, '\n', (size_t)(l->buf + len - p))); p = nl + 1) {
        char num[32];
        *nl = '\0';
        if ((size_t)results_line_field(p, cfg, num, sizeof(num)) != fmt->ncols)
            continue; /* cut short, or two lines run together */
        long c = strtol(num, NULL, 10);
        if (c < 1 || (size_t)c > nconfigs)
            continue;
        if (l->n == cap) {
            cap = cap ? 2 * cap : 64;
            char **nline = realloc(l->line, cap * sizeof(*nline));
            if (nline)
                l->line = nline;
            long *nconf = realloc(l->config, cap * sizeof(*nconf));
            if (nconf)
                l->config = nconf;
            if (!nline || !nconf) {
                snprintf(err, errlen, "out of memory");
                goto out;
            }
        }
        l->line[l->n] = p;
        l->config[l->n++] = c;
    }
    rc = 0;
out:
    free(header);
    return rc;
}

void results_lines_free(struct csv_lines *l)
{
    free(l->path);
    free(l->buf);
    free(l->line);
    free(l->config);
}

/* Rewrite l's file (through FILE.tmp): the header, then the lines whose configuration keep marks.
 */
static int lines_write(const struct csv_lines *l, const unsigned char *keep, char *err,
                       size_t errlen)
{
    struct outfile *o = outfile_replace(l->path, err, errlen);
    if (!o)
        return RESULTS_ESYSTEM;
    format_write_header(o->f, l->fmt);
    for (size_t i = 0; i < l->n; i++)
        if (keep[l->config[i] - 1])
            fprintf(o->f, "%s\n", l->line[i]);
    return outfile_close(o, err, errlen) < 0 ? RESULTS_ESYSTEM : 0;
}

/*
 * From the summary lines: done[c] for each configuration's first group of
 * rows (rows lines of it in a row: 1, or each GPU's of a run over several)
 * whose sample rows are all there (count[c] of them; an ok row says how
 * many in its samples column), counted by status (the group's first row
 * not ok, else its last, as the run counts it); keep_line[i] marks the
 * lines of the groups kept.
 */
static void reconcile(const struct csv_lines *sum, const size_t *count, size_t rows,
                      unsigned char *done, unsigned char *keep_line, size_t *tally[3])
{
    int st = format_find(&summary_format, "status"), ns = format_find(&summary_format, "samples");
    for (size_t i = 0, j; i < sum->n; i = j) {
        long c = sum->config[i];
        size_t samples = 0, any_ok = 0;
        char status[32], counted[32] = "", num[32];
        for (j = i; j < sum->n && sum->config[j] == c; j++) {
            results_line_field(sum->line[j], st, status, sizeof(status));
            results_line_field(sum->line[j], ns, num, sizeof(num));
            int is_ok = strcmp(status, status_names[RESULT_OK]) == 0;
            any_ok |= (size_t)is_ok;
            samples += is_ok ? strtoul(num, NULL, 10) : 0;
            if (!counted[0] || strcmp(counted, status_names[RESULT_OK]) == 0)
                snprintf(counted, sizeof(counted), "%s", status);
        }
        if (done[c - 1] || j - i != rows || (any_ok && samples != count[c - 1]))
            continue; /* cut short, or samples lost: measure it again */
        done[c - 1] = 1;
        memset(keep_line + i, 1, j - i);
        int ok = strcmp(counted, status_names[RESULT_OK]) == 0;
        (*tally[ok ? 0 : strcmp(counted, status_names[RESULT_SKIPPED]) == 0 ? 2 : 1])++;
    }
}

/* Keep only the summary lines reconcile chose: a configuration's repeats go. */
static void drop_repeats(struct csv_lines *sum, const unsigned char *keep_line)
{
    size_t k = 0;
    for (size_t i = 0; i < sum->n; i++) {
        if (!keep_line[i])
            continue;
        sum->line[k] = sum->line[i];
        sum->config[k++] = sum->config[i];
    }
    sum->n = k;
}

/*
 * dir/experiment.yaml against e's file: the same, or a beginning of it that
 * a full disk cut short (written anew).  Returns 0 or RESULTS_E*.
 */
static int check_experiment(struct results *res, const struct experiment *e, char *err,
                            size_t errlen)
{
    size_t len = 0;
    char *path = results_path(res, "experiment.yaml");
    char *text = path ? fileio_read_all(path, &len) : NULL;
    int rc = 0;
    if (!path) {
        snprintf(err, errlen, "out of memory");
        rc = RESULTS_ESYSTEM;
    } else if (!text) {
        snprintf(err, errlen, "%s holds no results to resume (no experiment.yaml)", res->dir);
        rc = RESULTS_EUSAGE;
    } else if (len > e->text_len || memcmp(text, e->text, len) != 0) {
        snprintf(err, errlen,
                 "%s was started from a different experiment file: %s differs "
                 "from %s; resume needs the same file",
                 res->dir, path, e->path);
        rc = RESULTS_EUSAGE;
    } else if (len < e->text_len) {
        struct outfile *o = outfile_replace(path, err, errlen);
        if (o)
            fwrite(e->text, 1, e->text_len, o->f);
        rc = !o || outfile_close(o, err, errlen) < 0 ? RESULTS_ESYSTEM : 0;
    }
    free(path);
    free(text);
    return rc;
}

/* A file of the run that is a symbolic link: refused, never read or written through. */
static int check_links(const char *dir, char *err, size_t errlen)
{
    struct stat st;
    for (size_t i = 0; i < outdir_nrun_files; i++) {
        char path[4200];
        snprintf(path, sizeof(path), "%s/%s", dir, outdir_run_files[i]);
        if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
            snprintf(err, errlen,
                     "%s is a symbolic link; pinsweep reads and writes only the files it made",
                     path);
            return RESULTS_EUSAGE;
        }
    }
    return 0;
}

/* Reconcile summary.csv with samples.csv and rewrite both (see results.h). */
static int repair_csvs(struct results *res, unsigned char *done, size_t nconfigs, size_t rows,
                       size_t *ok, size_t *failed, size_t *skipped, char *err, size_t errlen)
{
    struct csv_lines sum, smp;
    size_t *count = calloc(nconfigs ? nconfigs : 1, sizeof(*count));
    unsigned char *keep_line = NULL;
    size_t *tally[3] = {ok, failed, skipped};
    int rc = count ? 0 : RESULTS_ESYSTEM;
    memset(&smp, 0, sizeof(smp));
    if (rc < 0)
        snprintf(err, errlen, "out of memory");
    if (rc == 0)
        rc = results_lines_read(&sum, res->dir, &summary_format, nconfigs, err, errlen);
    else
        memset(&sum, 0, sizeof(sum));
    if (rc == 0)
        rc = results_lines_read(&smp, res->dir, &samples_format, nconfigs, err, errlen);
    if (rc == 0) {
        int dc = format_find(&samples_format, "disturbed");
        for (size_t i = 0; i < smp.n; i++) { /* a disturbed sample is not in the summary's count */
            char d[8];
            results_line_field(smp.line[i], dc, d, sizeof(d));
            count[smp.config[i] - 1] += strcmp(d, "yes") != 0;
        }
        if (!(keep_line = calloc(sum.n ? sum.n : 1, 1))) {
            snprintf(err, errlen, "out of memory");
            rc = RESULTS_ESYSTEM;
        }
    }
    if (rc == 0) {
        reconcile(&sum, count, rows, done, keep_line, tally);
        drop_repeats(&sum, keep_line);
        rc = lines_write(&sum, done, err, errlen);
    }
    if (rc == 0)
        rc = lines_write(&smp, done, err, errlen);
    results_lines_free(&sum);
    results_lines_free(&smp);
    free(count);
    free(keep_line);
    return rc;
}

int results_resume(struct results *res, const char *dir, const struct experiment *e,
                   unsigned char *done, size_t nconfigs, size_t rows, size_t *ok, size_t *failed,
                   size_t *skipped, char *err, size_t errlen)
{
    err[0] = '\0';
    memset(res, 0, sizeof(*res));
    res->link_gbps = NAN;
    if (!(res->dir = strdup(dir))) {
        snprintf(err, errlen, "out of memory");
        return RESULTS_ESYSTEM;
    }
    char *sum = results_path(res, summary_format.file),
         *smp = results_path(res, samples_format.file);
    int rc = check_links(dir, err, errlen);
    if (rc == 0)
        rc = check_experiment(res, e, err, errlen);
    if (rc == 0)
        rc = repair_csvs(res, done, nconfigs, rows, ok, failed, skipped, err, errlen);
    if (rc == 0 && (!sum || !smp || !(res->summary = outfile_append(sum, err, errlen)) ||
                    !(res->samples = outfile_append(smp, err, errlen))))
        rc = RESULTS_ESYSTEM;
    free(sum);
    free(smp);
    if (rc < 0)
        results_close(res);
    return rc;
}

int results_drop(struct results *res, const unsigned char *keep, size_t nconfigs, char *err,
                 size_t errlen)
{
    const struct csv_format *fmt[2] = {&summary_format, &samples_format};
    struct outfile **file[2] = {&res->summary, &res->samples};
    int rc = 0;
    for (int k = 0; k < 2 && rc == 0; k++) {
        struct csv_lines l;
        char *path = results_path(res, fmt[k]->file);
        rc = outfile_close(*file[k], err, errlen) < 0 ? RESULTS_ESYSTEM : 0;
        *file[k] = NULL;
        if (rc == 0)
            rc = results_lines_read(&l, res->dir, fmt[k], nconfigs, err, errlen);
        else
            memset(&l, 0, sizeof(l));
        if (rc == 0)
            rc = lines_write(&l, keep, err, errlen);
        results_lines_free(&l);
        if (rc == 0 && (!path || !(*file[k] = outfile_append(path, err, errlen))))
            rc = RESULTS_ESYSTEM;
        free(path);
    }
    return rc;
}

/* Copy src/FILE to dst/FILE (created new); a src without FILE is skipped unless required. */
static int copy_one(const char *src, const char *dst, const char *file, int required, char *err,
                    size_t errlen)
{
    char from[4200], to[4200];
    size_t len = 0;
    snprintf(from, sizeof(from), "%s/%s", src, file);
    snprintf(to, sizeof(to), "%s/%s", dst, file);
    char *data = fileio_read_all(from, &len);
    if (!data && errno == ENOENT && !required)
        return 0;
    if (!data) {
        snprintf(err, errlen, "cannot read %s: %s", from, strerror(errno));
        return RESULTS_ESYSTEM;
    }
    int rc = outfile_write_new(to, data, len, err, errlen) < 0 ? RESULTS_ESYSTEM : 0;
    free(data);
    return rc;
}

int results_copy(const char *src, const char *dst, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s/%s", src, summary_format.file);
    if (access(path, R_OK) < 0) {
        snprintf(err, errlen, "cannot read %s: %s; is %s a results folder?", path, strerror(errno),
                 src);
        return RESULTS_EUSAGE;
    }
    int empty = outdir_is_empty(dst);
    if (empty < 0) {
        snprintf(err, errlen, "cannot read the folder %s: %s", dst, strerror(errno));
        return RESULTS_ESYSTEM;
    }
    if (!empty) {
        snprintf(err, errlen,
                 "%s is not empty; -o writes a new results folder and never overwrites one: "
                 "give a new or empty folder",
                 dst);
        return RESULTS_EUSAGE;
    }
    if (outdir_make(dst, err, errlen) < 0)
        return RESULTS_ESYSTEM;
    for (size_t i = 0; i < outdir_ninput_files; i++) {
        int rc = copy_one(src, dst, outdir_input_files[i],
                          strcmp(outdir_input_files[i], summary_format.file) == 0, err, errlen);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* A NUMA node number, or NaN for -1 (unknown, none): an empty cell. */
static double node_value(int node)
{
    return node >= 0 ? node : NAN;
}

/* The columns of a run over several GPUs (enum gpu_role); empty for one GPU's. */
static void several_gpus(struct summary_row *row, const struct result *r, const struct summary *s)
{
    int ok = r->status == RESULT_OK, at_once = r->role >= GPU_ROLE_TOGETHER;
    row->gpus = gpu_role_names[r->role];
    row->overlap_pct = ok && at_once ? r->overlap_pct : NAN;
    row->synchronised = !ok || !at_once || isnan(r->overlap_pct)     ? ""
                        : r->overlap_pct >= TOGETHER_MIN_OVERLAP_PCT ? "yes"
                                                                     : "no";
    row->alone_gbps = ok && at_once ? r->alone_gbps : NAN;
    row->scaling_pct = ok && at_once ? 100.0 * s->gbps.median / r->alone_gbps : NAN;
}

/* The summary row of r; its texts point into r, e and device[]. */
static void summary_of(struct summary_row *row, const struct experiment *e, const struct result *r,
                       const struct summary *s, double link_gbps, char device[64])
{
    const struct config *c = r->config;
    int ok = r->status == RESULT_OK;
    double nan = NAN;
    if (r->devices[0])
        snprintf(device, 64, "%s", r->devices);
    else
        snprintf(device, 64, "%d", e->device);
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
    int rounds = ok && s->rounds > 1;
    if (rounds) /* every round reached its target */
        row->target_met = r->stop != STOP_FIXED ? (r->rounds_met >= s->rounds ? "yes" : "no") : "";
    else
        row->target_met = ok && r->stop != STOP_FIXED
                              ? (s->gbps.rsd_pct <= r->target_rsd_pct ? "yes" : "no")
                              : "";
    row->stop = ok ? stop_reason_names[r->stop] : "";
    row->rounds = ok ? (rounds ? s->rounds : 1) : nan;
    row->round_gbps_min = rounds ? s->round_min_gbps : nan;
    row->round_gbps_max = rounds ? s->round_max_gbps : nan;
    row->between_rsd_pct = rounds ? s->between_rsd_pct : nan;
    row->within_rsd_pct = rounds ? s->within_rsd_pct : nan;
    row->pi95_pct = rounds ? s->pi95_pct : nan;
    int stable = rounds ? record_stable(&s->agree) : -1;
    row->stable = stable < 0 ? "" : stable ? "yes" : "no";
    row->stable_p = rounds ? s->agree.p : nan;
    row->timing = timing_name(c);
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
    several_gpus(row, r, s);
    row->repaired = repair_state_names[r->repaired];
    row->disturbed_rounds = r->repaired != REPAIR_NONE ? r->disturbed_rounds : nan;
    row->status = status_names[r->status];
    row->error = ok ? "" : r->error;
}

static void write_summary(FILE *f, const struct experiment *e, const struct result *r,
                          const struct summary *s, double link_gbps)
{
    struct summary_row row;
    char device[64];
    summary_of(&row, e, r, s, link_gbps, device);
    format_write_row(f, &summary_format, &row);
}

static void write_samples(FILE *f, const struct experiment *e, const struct result *r)
{
    char device[64];
    if (r->devices[0])
        snprintf(device, sizeof(device), "%s", r->devices);
    else
        snprintf(device, sizeof(device), "%d", e->device);
    for (size_t i = 0; i < r->nsamples; i++) {
        const struct sample *s = &r->samples[i];
        struct sample_rates sr;
        record_sample_rates(r->config, s, &sr);
        struct sample_row row = {r->config->index,
                                 (double)(i + 1),
                                 s->round ? s->round : 1,
                                 s->copies,
                                 s->device_ms,
                                 s->host_ms,
                                 sr.gbps,
                                 sr.host_gbps,
                                 s->h2d_ms,
                                 s->d2h_ms,
                                 s->alloc_ms,
                                 s->pin_ms,
                                 s->fill_ms,
                                 s->free_ms,
                                 sr.effective_gbps,
                                 s->kernel_ms,
                                 device,
                                 gpu_role_names[r->role],
                                 s->disturbed ? "yes" : ""};
        format_write_row(f, &samples_format, &row);
    }
}

/* How many of rounds 1 .. top of r have a sample. */
static int rounds_with_samples(const struct result *r, int top)
{
    int n = 0;
    for (int round = 1; round <= top; round++) {
        size_t i = 0;
        while (i < r->nsamples && (r->samples[i].round ? r->samples[i].round : 1) != round)
            i++;
        n += i < r->nsamples;
    }
    return n;
}

/*
 * What r's summary row is made from: r itself, or when some of its samples
 * are disturbed and some are not, or a round between has none (its process
 * died: run/fresh.h), *view: r with only the clean samples, their rounds
 * numbered 1, 2, ... in order (the caller frees view->samples).  Returns r
 * or view, NULL when memory runs out.
 */
static const struct result *clean_view(const struct result *r, struct result *view)
{
    size_t clean = 0;
    int top = 1, last = 0;
    for (size_t i = 0; i < r->nsamples; i++) {
        clean += !r->samples[i].disturbed;
        top = r->samples[i].round > top ? r->samples[i].round : top;
    }
    if (clean == 0 || (clean == r->nsamples && rounds_with_samples(r, top) == top))
        return r;
    *view = *r;
    view->nsamples = 0;
    if (!(view->samples = malloc(clean * sizeof(*view->samples))))
        return NULL;
    for (int round = 1; round <= top; round++) {
        size_t before = view->nsamples;
        for (size_t i = 0; i < r->nsamples; i++) {
            const struct sample *x = &r->samples[i];
            if (!x->disturbed && (x->round ? x->round : 1) == round) {
                view->samples[view->nsamples] = *x;
                view->samples[view->nsamples++].round = last + 1;
            }
        }
        last += view->nsamples > before;
    }
    view->rounds = last;
    return view;
}

int results_write(struct results *res, const struct experiment *e, const struct result *r,
                  struct summary *s, char *err, size_t errlen)
{
    off_t samples_end = res->samples->end, summary_end = res->summary->end;
    struct result view = {.samples = NULL};
    const struct result *summed = clean_view(r, &view);
    memset(s, 0, sizeof(*s));
    if (!summed || (r->status == RESULT_OK && record_summarise(summed, s) < 0)) {
        free(view.samples);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    write_samples(res->samples->f, e, r);
    int written = outfile_sync(res->samples, err, errlen) == 0;
    if (written)
        write_summary(res->summary->f, e, summed, s, res->link_gbps);
    free(view.samples);
    if (written) {
        if (outfile_sync(res->summary, err, errlen) == 0)
            return 0;
    }
    /* Whatever part of this configuration reached the files goes: resume measures it again. */
    outfile_truncate(res->summary, summary_end);
    outfile_truncate(res->samples, samples_end);
    return -1;
}

void results_close(struct results *res)
{
    outfile_discard(res->summary);
    outfile_discard(res->samples);
    outfile_discard(res->rounds);
    free(res->dir);
    memset(res, 0, sizeof(*res));
}
