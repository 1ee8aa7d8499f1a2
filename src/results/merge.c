/*
 * merge.c - shards of one experiment combined into one results folder (see merge.h).
 */
#include "results/merge.h"
#include "experiment/shard.h"
#include "experiment/sweep.h"
#include "results/hostmemcpy_csv.h"
#include "results/meta_doc.h"
#include "results/outdir.h"
#include "results/results.h"
#include "results/samples_csv.h"
#include "results/sentinel_csv.h"
#include "results/summary_csv.h"
#include "base/fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Configurations named one by one in a message; the rest are counted. */
#define MERGE_LIST_MAX 10

/* One shard folder as merge reads it. */
struct shard_dir {
    const char *dir;
    char *experiment; /* experiment.yaml verbatim */
    size_t experiment_len;
    struct meta_doc meta;
    struct csv_lines summary, samples;
};

/* What merging shares: the shards, the plan, and which shard holds each configuration. */
struct merge {
    struct shard_dir *d;
    size_t n;
    struct experiment e;
    struct sweep s;
    size_t planned; /* the largest plan number */
    int *owner;     /* by plan number - 1: the shard index holding it, -1 none */
    size_t *row;    /* by plan number - 1: its summary line in that shard */
    FILE *log;
};

static const char *meta_or(const struct meta_doc *m, const char *key)
{
    const char *v = meta_get(m, key);
    return v ? v : "unknown";
}

/* Read dir's experiment.yaml and meta.yaml; RESULTS_EUSAGE when it is not a results folder. */
static int read_dir(struct shard_dir *sd, FILE *log)
{
    char path[4200], err[1024];
    snprintf(path, sizeof(path), "%s/experiment.yaml", sd->dir);
    sd->experiment = fileio_read_all(path, &sd->experiment_len);
    if (!sd->experiment) {
        fprintf(log, "pinsweep merge: cannot read %s (%s): not a results folder of pinsweep run\n",
                path, strerror(errno));
        return errno == ENOENT ? RESULTS_EUSAGE : RESULTS_ESYSTEM;
    }
    snprintf(path, sizeof(path), "%s/meta.yaml", sd->dir);
    if (meta_read(path, &sd->meta, err, sizeof(err)) < 0) {
        fprintf(log, "pinsweep merge: %s\n", err);
        return RESULTS_EUSAGE;
    }
    return 0;
}

/* The same text from both, or a usage error naming what differs. */
static int same(const struct merge *m, size_t i, const char *key, const char *what)
{
    const char *a = meta_or(&m->d[0].meta, key), *b = meta_or(&m->d[i].meta, key);
    if (strcmp(a, b) == 0)
        return 0;
    fprintf(m->log, "pinsweep merge: %s and %s were made %s (%s: '%s' and '%s')", m->d[0].dir,
            m->d[i].dir, what, key, a, b);
    return -1;
}

/* Shards of one experiment, binary and (unless told otherwise) machine. */
static int check_alike(const struct merge *m, const struct merge_opts *o)
{
    for (size_t i = 1; i < m->n; i++) {
        if (m->d[i].experiment_len != m->d[0].experiment_len ||
            memcmp(m->d[i].experiment, m->d[0].experiment, m->d[0].experiment_len) != 0) {
            fprintf(m->log,
                    "pinsweep merge: %s and %s are runs of different experiment files (their "
                    "experiment.yaml differ); merge takes the shards of one experiment\n",
                    m->d[0].dir, m->d[i].dir);
            return RESULTS_EUSAGE;
        }
        if (same(m, i, "experiment.name", "under different experiment names") < 0) {
            fprintf(m->log, "; the same file under another name, or another file: run every "
                            "shard from one file\n");
            return RESULTS_EUSAGE;
        }
        if (same(m, i, "pinsweep.version", "by different pinsweep binaries") < 0 ||
            same(m, i, "pinsweep.git_revision", "by different pinsweep binaries") < 0 ||
            same(m, i, "pinsweep.source_sha256", "by different pinsweep binaries") < 0) {
            fprintf(m->log, "; merge takes shards of one binary\n");
            return RESULTS_EUSAGE;
        }
        if (!o->different_machines && (same(m, i, "host.hostname", "on different machines") < 0 ||
                                       same(m, i, "gpu.name", "on different machines") < 0)) {
            fprintf(m->log, "; give --different-machines when that is the point\n");
            return RESULTS_EUSAGE;
        }
    }
    return 0;
}

/* The plan, expanded again from the first shard's experiment.yaml. */
static int expand_plan(struct merge *m)
{
    char path[4200], *text = NULL;
    size_t len = 0;
    struct diag d;
    snprintf(path, sizeof(path), "%s/experiment.yaml", m->d[0].dir);
    FILE *quiet = open_memstream(&text, &len); /* its warnings were shown when it ran */
    if (!quiet)
        return RESULTS_ESYSTEM;
    int rc = experiment_parse(path, m->d[0].experiment, m->d[0].experiment_len, &m->e, quiet);
    if (rc == 0) {
        diag_init(&d, path, m->e.text, m->e.text_len, quiet);
        rc = sweep_expand(&m->e, &m->s, &d, SWEEP_MAX_CONFIGS);
        diag_flush(&d);
    }
    fclose(quiet);
    if (rc < 0)
        fprintf(m->log, "pinsweep merge: %s cannot be expanded again:\n%s", path, text);
    free(text);
    if (rc < 0)
        return rc == -2 ? RESULTS_ESYSTEM : RESULTS_EUSAGE;
    m->planned = shard_max_index(&m->s);
    m->owner = malloc((m->planned + 1) * sizeof(*m->owner));
    m->row = calloc(m->planned + 1, sizeof(*m->row));
    if (!m->owner || !m->row)
        return RESULTS_ESYSTEM;
    for (size_t i = 0; i <= m->planned; i++)
        m->owner[i] = -1;
    return 0;
}

/* A configuration of the plan by number, described ("pinned h2d reuse sync 4KiB"). */
static const char *describe(const struct merge *m, long number, char *buf, size_t n)
{
    for (size_t i = 0; i < m->s.n; i++)
        if (m->s.configs[i].index == number)
            return sweep_describe(&m->s.configs[i], buf, n);
    snprintf(buf, n, "?");
    return buf;
}

/* Which shard holds each configuration; a configuration in two shards is refused. */
static int find_owners(struct merge *m)
{
    size_t dups = 0;
    char what[256];
    for (size_t k = 0; k < m->n; k++) {
        const struct csv_lines *l = &m->d[k].summary;
        for (size_t j = 0; j < l->n; j++) {
            long c = l->config[j];
            if (m->owner[c - 1] == (int)k)
                continue; /* a repeated row of one folder: the first is kept, as --resume does */
            if (m->owner[c - 1] >= 0) {
                if (dups++ < MERGE_LIST_MAX)
                    fprintf(m->log, "pinsweep merge: configuration %ld (%s) is in both %s and %s\n",
                            c, describe(m, c, what, sizeof(what)), m->d[m->owner[c - 1]].dir,
                            m->d[k].dir);
                continue;
            }
            m->owner[c - 1] = (int)k;
            m->row[c - 1] = j;
        }
    }
    if (!dups)
        return 0;
    fprintf(m->log,
            "pinsweep merge: %zu configurations are in more than one shard; nothing was "
            "merged (were two runs given the same --shard?)\n",
            dups);
    return RESULTS_EUSAGE;
}

/* The shard ("2/4") a missing configuration belonged to, from the first shard's meta.yaml. */
static void report_missing(const struct merge *m, size_t missing)
{
    const char *shard = meta_get(&m->d[0].meta, "run.shard");
    int si, count = 0, *shard_of = NULL;
    char what[256], err[200];
    if (shard && shard_parse(shard, &si, &count, err, sizeof(err)) == 0 &&
        (shard_of = malloc((m->planned + 1) * sizeof(*shard_of))) &&
        shard_assign(&m->s, &m->e.measure, count, shard_of) < 0)
        count = 0;
    size_t shown = 0;
    for (size_t i = 0; i < m->s.n && shown < MERGE_LIST_MAX; i++) {
        long c = m->s.configs[i].index;
        if (m->owner[c - 1] >= 0)
            continue;
        fprintf(m->log, "pinsweep merge: configuration %ld (%s) is missing", c,
                describe(m, c, what, sizeof(what)));
        if (count && shard_of)
            fprintf(m->log, ": it belongs to shard %d/%d", shard_of[c - 1] + 1, count);
        fputc('\n', m->log);
        shown++;
    }
    if (missing > shown)
        fprintf(m->log, "pinsweep merge: and %zu more configurations are missing\n",
                missing - shown);
    free(shard_of);
}

/* summary.csv: every owned row, in plan-number order. */
static int write_summary(const struct merge *m, const char *out, char *err, size_t errlen)
{
    struct outfile *o = format_create(&summary_format, out, err, errlen);
    if (!o)
        return RESULTS_ESYSTEM;
    for (size_t c = 0; c < m->planned; c++)
        if (m->owner[c] >= 0)
            fprintf(o->f, "%s\n", m->d[m->owner[c]].summary.line[m->row[c]]);
    return outfile_close(o, err, errlen) < 0 ? RESULTS_ESYSTEM : 0;
}

/* samples.csv: each configuration's sample rows from the shard that holds it, in plan order. */
static int write_samples(const struct merge *m, const char *out, char *err, size_t errlen)
{
    struct outfile *o = format_create(&samples_format, out, err, errlen);
    size_t **rows = calloc(m->planned + 1, sizeof(*rows)),
           *nrows = calloc(m->planned + 1, sizeof(*nrows));
    int rc = RESULTS_ESYSTEM;
    if (!o || !rows || !nrows)
        goto out;
    for (size_t k = 0; k < m->n; k++) {
        const struct csv_lines *l = &m->d[k].samples;
        for (size_t j = 0; j < l->n; j++) {
            long c = l->config[j];
            if (m->owner[c - 1] != (int)k)
                continue;
            size_t *grown = realloc(rows[c - 1], (nrows[c - 1] + 1) * sizeof(*grown));
            if (!grown)
                goto out;
            rows[c - 1] = grown;
            rows[c - 1][nrows[c - 1]++] = j;
        }
    }
    for (size_t c = 0; c < m->planned; c++)
        for (size_t j = 0; j < nrows[c]; j++)
            fprintf(o->f, "%s\n", m->d[m->owner[c]].samples.line[rows[c][j]]);
    rc = outfile_close(o, err, errlen) < 0 ? RESULTS_ESYSTEM : 0;
    o = NULL;
out:
    if (o)
        outfile_discard(o);
    if (rc == RESULTS_ESYSTEM && !*err)
        snprintf(err, errlen, "out of memory");
    for (size_t c = 0; rows && c <= m->planned; c++)
        free(rows[c]);
    free(rows);
    free(nrows);
    return rc;
}

/*
 * host-memcpy.csv: the union of the shards' (each has the sizes of its own
 * pageable configurations), the first reading of a direction and size kept.
 */
static int write_hostmemcpy(const struct merge *m, const char *out, char *err, size_t errlen)
{
    struct outfile *o = NULL;
    char **seen = NULL;
    size_t nseen = 0;
    int rc = 0;
    for (size_t k = 0; k < m->n && rc == 0; k++) {
        char path[4200], *text, *line, *save = NULL;
        size_t len;
        snprintf(path, sizeof(path), "%s/%s", m->d[k].dir, hostmemcpy_format.file);
        if (!(text = fileio_read_all(path, &len)))
            continue;
        if (!o && !(o = format_create(&hostmemcpy_format, out, err, errlen)))
            rc = RESULTS_ESYSTEM;
        for (line = strtok_r(text, "\n", &save); rc == 0 && line;
             line = strtok_r(NULL, "\n", &save)) {
            char *second = strchr(line, ',');
            size_t key =
                second ? (size_t)(strchr(second + 1, ',') ? strchr(second + 1, ',') - line : 0) : 0;
            int dup = line == text || key == 0; /* the header, or a line cut short */
            for (size_t i = 0; i < nseen && !dup; i++)
                dup = strncmp(seen[i], line, key) == 0 && seen[i][key] == '\0';
            if (dup)
                continue;
            char **grown = realloc(seen, (nseen + 1) * sizeof(*grown));
            if (!grown || !(grown[nseen] = strndup(line, key))) {
                seen = grown ? grown : seen;
                snprintf(err, errlen, "out of memory");
                rc = RESULTS_ESYSTEM;
                break;
            }
            seen = grown;
            nseen++;
            fprintf(o->f, "%s\n", line);
        }
        free(text);
    }
    for (size_t i = 0; i < nseen; i++)
        free(seen[i]);
    free(seen);
    if (o && outfile_close(o, err, errlen) < 0)
        rc = RESULTS_ESYSTEM;
    return rc;
}

/*
 * sentinel.csv: each shard's readings, in the order the shards were given,
 * numbered on and marked with their shard (each keeps its own time_s, since
 * that shard started).  No file when no shard has one.
 */
static int write_sentinel(const struct merge *m, const char *out, char *err, size_t errlen)
{
    struct outfile *o = NULL;
    size_t reading = 0;
    int rc = 0;
    for (size_t k = 0; k < m->n && rc == 0; k++) {
        char path[4200];
        int si = 0, count = 0;
        char why[200];
        const char *shard = meta_get(&m->d[k].meta, "run.shard");
        format_path(&sentinel_format, m->d[k].dir, path, sizeof(path));
        if (access(path, F_OK) != 0)
            continue;
        if (!shard || shard_parse(shard, &si, &count, why, sizeof(why)) < 0)
            si = (int)k + 1; /* a folder without --shard: its place on the command line */
        if (!o && !(o = format_create(&sentinel_format, out, err, errlen)))
            return RESULTS_ESYSTEM;
        if (sentinel_merge_shard(o, m->d[k].dir, si, &reading, err, errlen) < 0)
            rc = RESULTS_ESYSTEM;
    }
    if (o && outfile_close(o, err, errlen) < 0)
        rc = RESULTS_ESYSTEM;
    return rc;
}

/* A YAML double-quoted scalar of s. */
static void yaml_quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        if ((unsigned char)*s < 0x20)
            fprintf(f, "\\x%02x", (unsigned char)*s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

/* meta.yaml: the first shard's, then what was merged from where. */
static int write_meta(const struct merge *m, const char *out, size_t missing, char *err,
                      size_t errlen)
{
    char path[4200], *text;
    size_t len, tally[4] = {0, 0, 0, 0};
    snprintf(path, sizeof(path), "%s/meta.yaml", m->d[0].dir);
    if (!(text = fileio_read_all(path, &len))) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return RESULTS_ESYSTEM;
    }
    snprintf(path, sizeof(path), "%s/meta.yaml", out);
    struct outfile *o = outfile_create(path, err, errlen);
    if (!o) {
        free(text);
        return RESULTS_ESYSTEM;
    }
    fwrite(text, 1, len, o->f);
    free(text);
    int st = format_find(&summary_format, "status");
    for (size_t c = 0; c < m->planned; c++) {
        char status[32];
        if (m->owner[c] < 0)
            continue;
        results_line_field(m->d[m->owner[c]].summary.line[m->row[c]], st, status, sizeof(status));
        tally[strcmp(status, "ok") == 0 ? 0 : strcmp(status, "skipped") == 0 ? 2 : 1]++;
    }
    fprintf(o->f,
            "# merged by pinsweep merge: run is the first shard's; merge says what the folder "
            "holds\nmerge:\n  shards: %zu\n  configurations: %zu\n  configurations_ok: %zu\n"
            "  configurations_failed: %zu\n  configurations_skipped: %zu\n"
            "  configurations_missing: %zu\n  folders:\n",
            m->n, m->s.n, tally[0], tally[1], tally[2], missing);
    for (size_t k = 0; k < m->n; k++) {
        fprintf(o->f, "    - dir: ");
        yaml_quoted(o->f, m->d[k].dir);
        fprintf(o->f, "\n      shard: ");
        yaml_quoted(o->f, meta_or(&m->d[k].meta, "run.shard"));
        fprintf(o->f, "\n      host: ");
        yaml_quoted(o->f, meta_or(&m->d[k].meta, "host.hostname"));
        fprintf(o->f, "\n      status: ");
        yaml_quoted(o->f, meta_or(&m->d[k].meta, "run.status"));
        fputc('\n', o->f);
    }
    return outfile_close(o, err, errlen) < 0 ? RESULTS_ESYSTEM : 0;
}

/* Read every shard's rows; RESULTS_E* on a folder that cannot be merged. */
static int read_rows(struct merge *m)
{
    char err[1024];
    for (size_t k = 0; k < m->n; k++) {
        int rc = results_lines_read(&m->d[k].summary, m->d[k].dir, &summary_format, m->planned, err,
                                    sizeof(err));
        if (rc == 0)
            rc = results_lines_read(&m->d[k].samples, m->d[k].dir, &samples_format, m->planned, err,
                                    sizeof(err));
        if (rc < 0) {
            fprintf(m->log, "pinsweep merge: %s\n", err);
            return rc;
        }
    }
    return 0;
}

/* Write the merged folder; RESULTS_E* or 0. */
static int write_out(const struct merge *m, const char *out, size_t missing)
{
    char err[4400] = "", path[4200];
    if (outdir_is_empty(out) != 1) {
        fprintf(m->log,
                "pinsweep merge: %s holds something already; merge writes into a new or "
                "empty folder\n",
                out);
        return RESULTS_EUSAGE;
    }
    snprintf(path, sizeof(path), "%s/experiment.yaml", out);
    int rc = outdir_make(out, err, sizeof(err)) < 0 ? RESULTS_ESYSTEM : 0;
    if (rc == 0 &&
        outfile_write_new(path, m->d[0].experiment, m->d[0].experiment_len, err, sizeof(err)) < 0)
        rc = RESULTS_ESYSTEM;
    if (rc == 0)
        rc = write_summary(m, out, err, sizeof(err));
    if (rc == 0)
        rc = write_samples(m, out, err, sizeof(err));
    if (rc == 0)
        rc = write_hostmemcpy(m, out, err, sizeof(err));
    if (rc == 0)
        rc = write_sentinel(m, out, err, sizeof(err));
    if (rc == 0)
        rc = write_meta(m, out, missing, err, sizeof(err));
    if (rc < 0)
        fprintf(m->log, "pinsweep merge: %s\n", err);
    return rc;
}

int results_merge(const char *const *dirs, size_t n, const char *out, const struct merge_opts *o,
                  FILE *log)
{
    struct merge m = {.n = n, .log = log};
    size_t missing = 0;
    int rc = RESULTS_ESYSTEM;
    if (!(m.d = calloc(n, sizeof(*m.d))))
        goto out;
    for (size_t k = 0; k < n; k++) {
        m.d[k].dir = dirs[k];
        for (size_t j = 0; j < k; j++)
            if (strcmp(dirs[j], dirs[k]) == 0) {
                fprintf(log, "pinsweep merge: %s is given twice\n", dirs[k]);
                rc = RESULTS_EUSAGE;
                goto out;
            }
    }
    for (size_t k = 0; k < n; k++)
        if ((rc = read_dir(&m.d[k], log)) < 0)
            goto out;
    if ((rc = check_alike(&m, o)) < 0 || (rc = expand_plan(&m)) < 0 || (rc = read_rows(&m)) < 0 ||
        (rc = find_owners(&m)) < 0)
        goto out;
    for (size_t i = 0; i < m.s.n; i++)
        missing += m.owner[m.s.configs[i].index - 1] < 0;
    if ((rc = write_out(&m, out, missing)) < 0)
        goto out;
    if (missing)
        report_missing(&m, missing);
    fprintf(log, "pinsweep merge: %zu shards, %zu of %zu configurations -> %s\n", n,
            m.s.n - missing, m.s.n, out);
    rc = missing ? MERGE_INCOMPLETE : MERGE_OK;
out:
    if (rc == RESULTS_ESYSTEM && m.d == NULL)
        fprintf(log, "pinsweep merge: out of memory\n");
    for (size_t k = 0; m.d && k < n; k++) {
        free(m.d[k].experiment);
        meta_doc_free(&m.d[k].meta);
        results_lines_free(&m.d[k].summary);
        results_lines_free(&m.d[k].samples);
    }
    free(m.d);
    free(m.owner);
    free(m.row);
    sweep_free(&m.s);
    experiment_free(&m.e);
    return rc;
}
