/*
 * compare.c - matching results folders and writing compare.csv,
 * machines.csv and compare.md (see compare.h).
 */
#include "analysis/compare.h"
#include "analysis/interval.h"
#include "analysis/link.h"
#include "results/compare_csv.h"
#include "results/folder.h"
#include "experiment/schema.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Everything being compared: the folders and the union of their configurations. */
struct cmp {
    struct folder *f;
    size_t nf;
    char **keys; /* "alloc|direction|buffer|api|cache|touch|size" */
    size_t nkeys;
    long *row;       /* nkeys x nf: the row of key k in folder i, or -1 */
    size_t left_out; /* ok rows that are not copies at the default placement (folder_copy_row) */
};

/* Two folders labelled alike (one machine, two days): tell them apart by their start time. */
static void unique_labels(struct cmp *c, const struct compare_input *in)
{
    for (size_t i = 0; i < c->nf; i++)
        for (size_t j = i + 1; j < c->nf; j++)
            if (!in[j].label && strcmp(c->f[i].label, c->f[j].label) == 0) {
                size_t len = strlen(c->f[j].label);
                snprintf(c->f[j].label + len, sizeof(c->f[j].label) - len, " (%s)",
                         folder_meta(&c->f[j], "run.started"));
            }
}

/* The cache and touch of r: warm and prefaulted for a folder from before those axes. */
static uint64_t host_state(const struct summary_row *r, int a)
{
    return r->axis[a] == AXIS_EMPTY ? (uint64_t)schema_axes[a].default_value : r->axis[a];
}

static void row_key(const struct summary_row *r, char *buf, size_t n)
{
    static const int axes[] = {AXIS_ALLOC, AXIS_DIRECTION, AXIS_BUFFER, AXIS_API};
    char t[6][32];
    for (int i = 0; i < 4; i++)
        summary_axis_text(r, axes[i], t[i], sizeof(t[i]));
    schema_value_text(AXIS_CACHE, host_state(r, AXIS_CACHE), t[4], sizeof(t[4]));
    schema_value_text(AXIS_TOUCH, host_state(r, AXIS_TOUCH), t[5], sizeof(t[5]));
    snprintf(buf, n, "%s|%s|%s|%s|%s|%s|%.0f", t[0], t[1], t[2], t[3], t[4], t[5], r->size_bytes);
}

static long find_key(const struct cmp *c, const char *key)
{
    for (size_t k = 0; k < c->nkeys; k++)
        if (strcmp(c->keys[k], key) == 0)
            return (long)k;
    return -1;
}

/* The union of all folders' ok configurations, in the order they first appear. */
static int match(struct cmp *c)
{
    size_t cap = 0;
    for (size_t i = 0; i < c->nf; i++)
        cap += c->f[i].s.nrows;
    c->keys = calloc(cap ? cap : 1, sizeof(*c->keys));
    c->row = malloc((cap ? cap : 1) * c->nf * sizeof(*c->row));
    if (!c->keys || !c->row)
        return -1;
    for (size_t i = 0; i < cap * c->nf; i++)
        c->row[i] = -1;
    for (size_t i = 0; i < c->nf; i++) {
        const struct folder *f = &c->f[i];
        for (size_t r = 0; r < f->s.nrows; r++) {
            char key[256];
            if (!folder_copy_row(&f->s.rows[r])) {
                c->left_out += summary_ok(&f->s.rows[r]);
                continue;
            }
            row_key(&f->s.rows[r], key, sizeof(key));
            long k = find_key(c, key);
            if (k < 0) {
                if (!(c->keys[c->nkeys] = strdup(key)))
                    return -1;
                k = (long)c->nkeys++;
            }
            c->row[(size_t)k * c->nf + i] = (long)r;
        }
    }
    return 0;
}

static int in_all(const struct cmp *c, size_t k)
{
    for (size_t i = 0; i < c->nf; i++)
        if (c->row[k * c->nf + i] < 0)
            return 0;
    return 1;
}

/* The row of key k in folder i, or NULL. */
static const struct summary_row *row_of(const struct cmp *c, size_t k, size_t i)
{
    long r = c->row[k * c->nf + i];
    return r < 0 ? NULL : &c->f[i].s.rows[r];
}

/* The number at offset (a double of struct summary_row) in folder i's row of key k, or NaN. */
static double value(const struct cmp *c, size_t k, size_t i, size_t offset)
{
    const struct summary_row *r = row_of(c, k, i);
    return r ? *(const double *)((const char *)r + offset) : NAN;
}
#define VALUE(c, k, i, field) value(c, k, i, offsetof(struct summary_row, field))

/* The link of folder i's row: its own link_gbps cell, else what its meta.yaml says. */
static double row_link(const struct cmp *c, size_t k, size_t i)
{
    double l = VALUE(c, k, i, link_gbps);
    return isnan(l) ? c->f[i].link_gbps : l;
}

/*
 * The interval of folder i's gbps_median of key k (analysis/interval.h,
 * from the folder's samples.csv, else its rsd); none for a row it lacks,
 * or when out of memory.
 */
static void row_interval(const struct cmp *c, size_t k, size_t i, struct interval *out)
{
    const struct summary_row *r = row_of(c, k, i);
    const struct samples_file *s = &c->f[i].samples;
    interval_none(NAN, out);
    if (r && interval_of_row(s->nrows ? s : NULL, r, IV_GBPS, out) < 0)
        interval_none(r->gbps_median, out);
}

/* Folder i's ratio to the baseline at key k, with its interval (interval_ratio); none for i 0. */
static void ratio_interval(const struct cmp *c, size_t k, size_t i, struct interval *out)
{
    struct interval a, b;
    row_interval(c, k, i, &a);
    row_interval(c, k, 0, &b);
    interval_ratio(&a, &b, out);
    if (i == 0)
        interval_none(NAN, out);
}

/* yes (the ratio's interval excludes 1), no, or "" (the baseline, a key it lacks, no interval). */
static const char *significance(const struct cmp *c, size_t k, size_t i)
{
    struct interval x;
    ratio_interval(c, k, i, &x);
    if (!interval_known(&x))
        return "";
    return x.hi < 1 || x.lo > 1 ? "yes" : "no";
}

static void write_compare_row(FILE *f, const struct cmp *c, size_t k, size_t i)
{
    const struct folder *fo = &c->f[i];
    const struct summary_row *r = row_of(c, k, i);
    double g = r->gbps_median, base = VALUE(c, k, 0, gbps_median), link = row_link(c, k, i);
    int dir = (int)r->axis[AXIS_DIRECTION];
    struct interval iv, x;
    row_interval(c, k, i, &iv);
    ratio_interval(c, k, i, &x); /* of the medians and h: never capped */
    /* a copy's GB/s ends at most at its own machine's link (interval.h, the cap) */
    if (api_is_copy((enum copy_api)r->axis[AXIS_API]) || r->axis[AXIS_API] == API_ZEROCOPY)
        interval_cap(&iv, link_raw_gbps(link, dir));
    struct compare_row row = {
        .machine = fo->label,
        .dir = fo->dir,
        .experiment = r->experiment,
        .alloc = r->axis[AXIS_ALLOC],
        .direction = r->axis[AXIS_DIRECTION],
        .buffer = r->axis[AXIS_BUFFER],
        .api = r->axis[AXIS_API],
        .cache = host_state(r, AXIS_CACHE),
        .touch = host_state(r, AXIS_TOUCH),
        .size_bytes = r->size_bytes,
        .gbps_median = g,
        .gbps_min = r->gbps_min,
        .gbps_max = r->gbps_max,
        .rsd_pct = r->rsd_pct,
        .us_per_copy = r->us_per_copy,
        .link_gbps = link,
        .pct_of_link = link_share_pct(g, link, dir),
        .ratio = g / base,
        .in_all = in_all(c, k) ? "yes" : "no",
        .gbps_lo = interval_known(&iv) ? iv.lo : NAN,
        .gbps_hi = interval_known(&iv) ? iv.hi : NAN,
        .interval_basis = !interval_known(&iv)          ? ""
                          : iv.basis == INTERVAL_ROUNDS ? "rounds"
                                                        : "samples",
        .interval_n = interval_known(&iv) ? iv.n : NAN,
        .ratio_lo = interval_known(&x) ? x.lo : NAN,
        .ratio_hi = interval_known(&x) ? x.hi : NAN,
        .significant = significance(c, k, i),
    };
    format_write_row(f, &compare_format, &row);
}

static FILE *open_out(const char *dir, const char *name, char *path, size_t n, FILE *log)
{
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(log, "pinsweep: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

static int write_compare_csv(const struct cmp *c, const char *out, FILE *log)
{
    char path[4200];
    FILE *f = open_out(out, compare_format.file, path, sizeof(path), log);
    if (!f)
        return -2;
    format_write_header(f, &compare_format);
    for (size_t i = 0; i < c->nf; i++)
        for (size_t k = 0; k < c->nkeys; k++)
            if (c->row[k * c->nf + i] >= 0)
                write_compare_row(f, c, k, i);
    return fclose(f) == 0 ? 0 : -2;
}

static int write_machines_csv(const struct cmp *c, const char *out, FILE *log)
{
    char path[4200], pcie[64];
    FILE *f = open_out(out, machines_format.file, path, sizeof(path), log);
    if (!f)
        return -2;
    format_write_header(f, &machines_format);
    for (size_t i = 0; i < c->nf; i++) {
        const struct folder *fo = &c->f[i];
        struct machine_row row = {
            .machine = fo->label,
            .dir = fo->dir,
            .gpu = folder_meta(fo, "gpu.name"),
            .pcie = folder_pcie_text(fo, pcie, sizeof(pcie)),
            .link_gbps = fo->link_gbps,
            .driver = folder_meta(fo, "driver.nvidia_driver"),
            .cuda = folder_meta(fo, "driver.cuda_runtime"),
            .cpu = folder_meta(fo, "host.cpu_model"),
            .host = folder_meta(fo, "host.hostname"),
            .date = folder_meta(fo, "run.started"),
            .gpu_uuid = folder_meta(fo, "gpu.uuid"),
        };
        format_write_row(f, &machines_format, &row);
    }
    return fclose(f) == 0 ? 0 : -2;
}

/* Peak reuse bandwidth per (alloc, direction) in folder i over configurations in all folders. */
static double peak(const struct cmp *c, size_t i, int alloc, int dir, uint64_t *size)
{
    double best = NAN;
    for (size_t k = 0; k < c->nkeys; k++) {
        if (!in_all(c, k))
            continue;
        const struct summary_row *r = row_of(c, k, i);
        if (r->axis[AXIS_ALLOC] != (uint64_t)alloc || r->axis[AXIS_DIRECTION] != (uint64_t)dir ||
            r->axis[AXIS_BUFFER] != BUFFER_REUSE || host_state(r, AXIS_CACHE) != CACHE_WARM ||
            host_state(r, AXIS_TOUCH) != TOUCH_PREFAULTED)
            continue;
        double g = r->gbps_median;
        if (isnan(best) || g > best) {
            best = g;
            *size = (uint64_t)r->size_bytes;
        }
    }
    return best;
}

static void md_peaks(FILE *f, const struct cmp *c)
{
    fprintf(f, "| alloc | direction |");
    for (size_t i = 0; i < c->nf; i++)
        fprintf(f, " %s |", c->f[i].label);
    fprintf(f, "\n|---|---|");
    for (size_t i = 0; i < c->nf; i++)
        fprintf(f, "---|");
    fprintf(f, "\n");
    for (int a = 0; a < ALLOC_COUNT; a++) {
        for (int d = 0; d < DIR_COUNT; d++) {
            uint64_t size = 0;
            double base = peak(c, 0, a, d, &size);
            if (isnan(base))
                continue;
            fprintf(f, "| %s | %s |", schema_value_name(AXIS_ALLOC, a),
                    schema_value_name(AXIS_DIRECTION, d));
            for (size_t i = 0; i < c->nf; i++) {
                double g = peak(c, i, a, d, &size);
                if (i == 0)
                    fprintf(f, " %.2f GB/s |", g);
                else
                    fprintf(f, " %.2f GB/s (%.2f×) |", g, g / base);
            }
            fprintf(f, "\n");
        }
    }
}

/* " (N in each folder)" when every folder left out as many rows, else "" (static buffer). */
static const char *each_text(const struct cmp *c)
{
    static char buf[48];
    size_t first = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < c->nf; i++) {
        size_t n = 0;
        for (size_t r = 0; r < c->f[i].s.nrows; r++)
            n += !folder_copy_row(&c->f[i].s.rows[r]) && summary_ok(&c->f[i].s.rows[r]);
        if (i == 0)
            first = n;
        else if (n != first)
            return buf;
    }
    if (c->nf > 1)
        snprintf(buf, sizeof(buf), " (%zu in each folder)", first);
    return buf;
}

/* Configurations not in every folder: listed, never silently dropped. */
static size_t md_partial(FILE *f, const struct cmp *c)
{
    size_t n = 0;
    for (size_t k = 0; k < c->nkeys; k++) {
        if (in_all(c, k))
            continue;
        if (n++ < 500) {
            fprintf(f, "- `%s`: in", c->keys[k]);
            for (size_t i = 0; i < c->nf; i++)
                if (c->row[k * c->nf + i] >= 0)
                    fprintf(f, " %s;", c->f[i].label);
            fprintf(f, " missing from");
            for (size_t i = 0; i < c->nf; i++)
                if (c->row[k * c->nf + i] < 0)
                    fprintf(f, " %s;", c->f[i].label);
            fprintf(f, "\n");
        }
    }
    if (n > 500)
        fprintf(f, "- … and %zu more (compare.csv has them all, with in_all = no)\n", n - 500);
    if (n == 0)
        fprintf(f, "None: every configuration is in every folder.\n");
    return n;
}

/* Folder i against the baseline: configurations in both, how many differ significantly. */
static void count_significant(const struct cmp *c, size_t i, size_t *both, size_t *sig,
                              size_t *unknown)
{
    *both = *sig = *unknown = 0;
    for (size_t k = 0; k < c->nkeys; k++) {
        if (!row_of(c, k, 0) || !row_of(c, k, i))
            continue;
        const char *s = significance(c, k, i);
        (*both)++;
        *sig += strcmp(s, "yes") == 0;
        *unknown += !*s;
    }
}

/* The significance of every folder against the baseline, and its significant rows. */
static void md_significance(FILE *f, const struct cmp *c)
{
    fprintf(f, "A difference is significant when the ratio's 95 %% interval excludes 1. Each "
               "folder's median has the 95 %% prediction interval of another round's median "
               "(with rounds) or of another sample (without), on the log scale: "
               "m e^(±h), h = t(0.975, n-1) × s × sqrt(1 + 1/n), s the standard deviation of "
               "the logs of the n rounds' medians or samples (docs/figures.md, \"Bars: one "
               "interval\"); a ratio's h is the two sides' in quadrature. Within one round, "
               "the samples do not cover run-to-run drift, so one-round folders show more "
               "significant differences than there are. compare.csv has `ratio_lo`, "
               "`ratio_hi` and `significant` for every row.\n\n");
    for (size_t i = 1; i < c->nf; i++) {
        size_t both, sig, unknown, listed = 0;
        count_significant(c, i, &both, &sig, &unknown);
        fprintf(f, "- **%s**: %zu of %zu configurations differ significantly%s", c->f[i].label, sig,
                both, sig ? ":" : " (no significant difference)");
        for (size_t k = 0; k < c->nkeys && listed < 50; k++)
            if (row_of(c, k, 0) && row_of(c, k, i) && strcmp(significance(c, k, i), "yes") == 0) {
                struct interval x;
                ratio_interval(c, k, i, &x);
                fprintf(f, "%s `%s` %.4f (%.4f–%.4f)", listed++ ? ";" : "", c->keys[k], x.median,
                        x.lo, x.hi);
            }
        if (sig > listed)
            fprintf(f, "; … and %zu more", sig - listed);
        if (unknown)
            fprintf(f, " (%zu without an interval)", unknown);
        fprintf(f, "\n");
    }
    if (c->nf < 2)
        fprintf(f, "One folder: nothing to compare.\n");
}

static int write_compare_md(const struct cmp *c, const char *out, size_t *partial, FILE *log)
{
    char path[4200];
    FILE *f = open_out(out, "compare.md", path, sizeof(path), log);
    if (!f)
        return -2;
    fprintf(f, "# pinsweep comparison\n\nThe first folder is the baseline; ratios are "
               "GB/s against it for the same configuration.\n\n## Machines\n\n");
    folder_machine_table(f, c->f, c->nf, 1);
    fprintf(f, "\n## Peak bandwidth (median of samples, reuse, over the configurations in "
               "every folder)\n\n");
    md_peaks(f, c);
    fprintf(f, "\n## Significant differences\n\n");
    md_significance(f, c);
    fprintf(f, "\n## Configurations in only some folders\n\n");
    *partial = md_partial(f, c);
    if (c->left_out)
        fprintf(f,
                "\n%zu ok rows%s are not compared: pipelines, zero-copy kernels, host access, and "
                "copies of buffers placed with numa or pages other than the default (each "
                "folder's own figures and `pinsweep report` show them).\n",
                c->left_out, each_text(c));
    fprintf(
        f,
        "\n## Figures\n\n![bandwidth of every folder compared](figures/compare-bandwidth.png)\n\n"
        "![ratio to the baseline](figures/compare-ratio.png)\n");
    return fclose(f) == 0 ? 0 : -2;
}

static void cmp_free(struct cmp *c)
{
    for (size_t i = 0; i < c->nf; i++)
        folder_close(&c->f[i]);
    for (size_t k = 0; k < c->nkeys; k++)
        free(c->keys[k]);
    free(c->keys);
    free(c->row);
    free(c->f);
}

int compare_run(const struct compare_input *inputs, size_t n, const char *out_dir, FILE *table,
                FILE *log)
{
    struct cmp c = {0};
    size_t partial = 0;
    int rc = -1;
    c.f = calloc(n, sizeof(*c.f));
    if (!c.f)
        return -2;
    c.nf = n;
    for (size_t i = 0; i < n; i++)
        if (folder_open(&c.f[i], inputs[i].dir, inputs[i].label, log) < 0)
            goto out;
    unique_labels(&c, inputs);
    if (match(&c) < 0) {
        rc = -2;
        goto out;
    }
    if (mkdir(out_dir, 0777) < 0 && errno != EEXIST) {
        fprintf(log, "pinsweep: cannot create %s: %s\n", out_dir, strerror(errno));
        rc = -2;
        goto out;
    }
    if ((rc = write_compare_csv(&c, out_dir, log)) < 0 ||
        (rc = write_machines_csv(&c, out_dir, log)) < 0 ||
        (rc = write_compare_md(&c, out_dir, &partial, log)) < 0)
        goto out;
    if (table) {
        fprintf(table, "peak bandwidth, GB/s (ratio to %s):\n", c.f[0].label);
        md_peaks(table, &c);
        fprintf(table,
                "%zu configurations in every folder, %zu in only some (listed in "
                "%s/compare.md)%s\n",
                c.nkeys - partial, partial, out_dir,
                c.left_out ? "; rows other than copies at the default placement are not compared"
                           : "");
        for (size_t i = 1; i < c.nf; i++) {
            size_t both, sig, unknown;
            count_significant(&c, i, &both, &sig, &unknown);
            fprintf(table,
                    "%s: %zu of %zu configurations differ significantly from %s (the ratio's "
                    "95 %% interval excludes 1)%s\n",
                    c.f[i].label, sig, both, c.f[0].label,
                    sig ? "" : ": no significant difference");
        }
    }
    rc = 0;
out:
    cmp_free(&c);
    return rc;
}
