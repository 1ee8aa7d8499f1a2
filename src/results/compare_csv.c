/*
 * compare_csv.c - compare.csv's and machines.csv's column tables, writers
 * and readers (see compare_csv.h).
 */
#include "results/compare_csv.h"
#include "experiment/schema.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define MTEXT(name, field) COLUMN_OF_TEXT(struct machine_row, name, field)

enum {
    MC_MACHINE,
    MC_DIR,
    MC_GPU,
    MC_PCIE,
    MC_LINK,
    MC_DRIVER,
    MC_CUDA,
    MC_CPU,
    MC_HOST,
    MC_DATE,
    MC_UUID,
    MC_N
};

static const struct column machines_cols[MC_N] = {
    MTEXT(COLUMN_MACHINE, machine),
    MTEXT(COLUMN_DIR, dir),
    MTEXT("gpu", gpu),
    MTEXT("pcie", pcie),
    COLUMN_OF_NUMBER(struct machine_row, COLUMN_LINK_GBPS, "GB/s", link_gbps, "%.6g"),
    MTEXT("driver", driver),
    MTEXT("cuda", cuda),
    MTEXT("cpu", cpu),
    MTEXT("host", host),
    MTEXT("date", date),
    MTEXT("gpu_uuid", gpu_uuid),
};

const struct csv_format machines_format = {"machines.csv", machines_cols, MC_N};

#define CTEXT(name, field) COLUMN_OF_TEXT(struct compare_row, name, field)
#define CAXIS(a, field) COLUMN_OF_AXIS(struct compare_row, a, field)
#define CNUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct compare_row, name, unit, field, fmt)

enum {
    CC_MACHINE,
    CC_DIR,
    CC_EXPERIMENT,
    CC_ALLOC,
    CC_DIRECTION,
    CC_BUFFER,
    CC_API,
    CC_CACHE,
    CC_TOUCH,
    CC_SIZE,
    CC_GBPS,
    CC_MIN,
    CC_MAX,
    CC_RSD,
    CC_US,
    CC_LINK,
    CC_PCT,
    CC_GBPS_LO,
    CC_GBPS_HI,
    CC_BASIS,
    CC_INTERVAL_N,
    CC_SIGNIFICANT,
    CC_RATIO,
    CC_RATIO_LO,
    CC_RATIO_HI,
    CC_IN_ALL,
    CC_N
};

static const struct column compare_cols[CC_N] = {
    CTEXT(COLUMN_MACHINE, machine),
    CTEXT(COLUMN_DIR, dir),
    CTEXT(COLUMN_EXPERIMENT, experiment),
    CAXIS(AXIS_ALLOC, alloc),
    CAXIS(AXIS_DIRECTION, direction),
    CAXIS(AXIS_BUFFER, buffer),
    CAXIS(AXIS_API, api),
    CAXIS(AXIS_CACHE, cache),
    CAXIS(AXIS_TOUCH, touch),
    CNUM(COLUMN_SIZE_BYTES, "bytes", size_bytes, "%.0f"),
    CNUM(COLUMN_GBPS_MEDIAN, "GB/s", gbps_median, "%.6g"),
    CNUM(COLUMN_GBPS_MIN, "GB/s", gbps_min, "%.6g"),
    CNUM(COLUMN_GBPS_MAX, "GB/s", gbps_max, "%.6g"),
    CNUM(COLUMN_RSD_PCT, "%", rsd_pct, "%.6g"),
    CNUM(COLUMN_US_PER_COPY, "µs", us_per_copy, "%.6g"),
    CNUM(COLUMN_LINK_GBPS, "GB/s", link_gbps, "%.6g"),
    CNUM("pct_of_link", "%", pct_of_link, "%.6g"),
    CNUM("gbps_lo", "GB/s", gbps_lo, "%.6g"),
    CNUM("gbps_hi", "GB/s", gbps_hi, "%.6g"),
    CTEXT("interval_basis", interval_basis),
    CNUM("interval_n", "", interval_n, "%.0f"),
    CTEXT("significant", significant),
    CNUM("ratio", "", ratio, "%.6g"),
    CNUM("ratio_lo", "", ratio_lo, "%.6g"),
    CNUM("ratio_hi", "", ratio_hi, "%.6g"),
    CTEXT("in_all", in_all),
};

const struct csv_format compare_format = {"compare.csv", compare_cols, CC_N};

/* ---- machines.csv ---- */

/* Row r into m[k]; -1 after reporting its problems. */
static int read_machine(const struct format_file *ff, size_t r, struct machine_entry *m, size_t k,
                        struct problems *p)
{
    struct machine_entry *x = &m[k];
    int before = p->n;
    text_copy_clean(x->label, sizeof(x->label), format_cell(ff, r, MC_MACHINE));
    text_copy_clean(x->gpu, sizeof(x->gpu), format_cell(ff, r, MC_GPU));
    text_copy_clean(x->pcie, sizeof(x->pcie), format_cell(ff, r, MC_PCIE));
    text_copy_clean(x->host, sizeof(x->host), format_cell(ff, r, MC_HOST));
    text_copy_clean(x->uuid, sizeof(x->uuid), format_cell(ff, r, MC_UUID));
    snprintf(x->dir, sizeof(x->dir), "%s", format_cell(ff, r, MC_DIR));
    if (!x->label[0])
        problem(p, ff->t.lines[r], "%s is empty; every machine needs a label", COLUMN_MACHINE);
    for (size_t j = 0; j < k && x->label[0]; j++)
        if (strcmp(m[j].label, x->label) == 0)
            problem(p, ff->t.lines[r], "%s '%s' is listed twice", COLUMN_MACHINE, x->label);
    if (format_number(ff, r, MC_LINK, 0, &x->link_gbps, p) == 0 && !isnan(x->link_gbps) &&
        !(x->link_gbps > 0 && isfinite(x->link_gbps)))
        problem(p, ff->t.lines[r], "%s '%s' is not a positive number (or empty)", COLUMN_LINK_GBPS,
                format_cell(ff, r, MC_LINK));
    return p->n > before ? -1 : 0;
}

/* Read dir's file of fmt into ff; -1 after saying why on log. */
static int open_file(struct format_file *ff, const struct csv_format *fmt, const char *dir,
                     FILE *log)
{
    char err[512];
    if (format_open(ff, fmt, dir, err, sizeof(err)) == 0)
        return 0;
    log_line(log, "%s", err);
    return -1;
}

int machines_read(const char *dir, struct machine_entry **m, size_t *n, FILE *log)
{
    struct format_file ff;
    struct problems p = {ff.path, "", "", "", log, 0};
    *m = NULL;
    *n = 0;
    if (open_file(&ff, &machines_format, dir, log) < 0) {
        format_close(&ff);
        return -1;
    }
    if (!format_has(&ff, MC_MACHINE))
        problem(&p, 1, "no column '%s' in the header; is this a pinsweep %s?", COLUMN_MACHINE,
                machines_format.file);
    else if (ff.t.nrows == 0)
        problem(&p, 0, "no machines listed");
    else if (!(*m = calloc(ff.t.nrows, sizeof(**m))))
        problem(&p, 0, "out of memory");
    for (size_t r = 0; *m && r < ff.t.nrows; r++)
        if (read_machine(&ff, r, *m, *n, &p) == 0)
            (*n)++;
    problems_end(&p);
    format_close(&ff);
    return p.n ? -1 : 0;
}

/* ---- compare.csv ---- */

/* The index of the machine labelled label, or -1. */
static int machine_index(const struct machine_entry *m, size_t nm, const char *label)
{
    for (size_t k = 0; k < nm; k++)
        if (strcmp(m[k].label, label) == 0)
            return (int)k;
    return -1;
}

/*
 * Row r's interval_basis and significant into e (a file from before the
 * columns: unsaid, and significance from ratio_lo and ratio_hi).
 */
static void read_basis(const struct format_file *ff, size_t r, struct compare_entry *e,
                       struct problems *p)
{
    const char *basis = format_has(ff, CC_BASIS) ? format_cell(ff, r, CC_BASIS) : "";
    const char *sig = format_has(ff, CC_SIGNIFICANT) ? format_cell(ff, r, CC_SIGNIFICANT) : NULL;
    e->basis = !strcmp(basis, "rounds")    ? COMPARE_BASIS_ROUNDS
               : !strcmp(basis, "samples") ? COMPARE_BASIS_SAMPLES
                                           : COMPARE_BASIS_NONE;
    if (basis[0] && e->basis == COMPARE_BASIS_NONE)
        problem(p, ff->t.lines[r], "interval_basis '%s' is not one of rounds | samples (or empty)",
                basis);
    if (sig && (!strcmp(sig, "yes") || !strcmp(sig, "no")))
        e->significant = !strcmp(sig, "yes");
    else if (sig && sig[0])
        problem(p, ff->t.lines[r], "significant '%s' is not one of yes | no (or empty)", sig);
    else if (!sig && isfinite(e->ratio_lo) && isfinite(e->ratio_hi))
        e->significant = e->ratio_lo > 1 || e->ratio_hi < 1;
    else
        e->significant = -1;
}

/* Row r into e; -1 after reporting its problems, 1 for a row without a value. */
static int read_compare_row(const struct format_file *ff, size_t r, const struct machine_entry *m,
                            size_t nm, struct compare_entry *e, struct problems *p)
{
    char machines_path[4200];
    const char *label = format_cell(ff, r, CC_MACHINE);
    int before = p->n, k = machine_index(m, nm, label);
    if (k < 0) {
        size_t len = strlen(ff->path) - strlen(compare_format.file);
        snprintf(machines_path, sizeof(machines_path), "%.*s%s", (int)len, ff->path,
                 machines_format.file);
        problem(p, ff->t.lines[r], "%s '%s' is not in %s", COLUMN_MACHINE, label, machines_path);
    }
    e->machine = k < 0 ? 0 : (size_t)k;
    format_axis(ff, r, CC_ALLOC, AXIS_REQUIRED, &e->alloc, p);
    format_axis(ff, r, CC_DIRECTION, AXIS_REQUIRED, &e->dir, p);
    format_axis(ff, r, CC_BUFFER, AXIS_OPTIONAL, &e->buffer, p);
    format_axis(ff, r, CC_API, AXIS_OPTIONAL, &e->api, p);
    format_axis(ff, r, CC_CACHE, AXIS_OPTIONAL, &e->cache, p);
    format_axis(ff, r, CC_TOUCH, AXIS_OPTIONAL, &e->touch, p);
    if (format_number(ff, r, CC_SIZE, 1, &e->size_bytes, p) == 0)
        format_check_bytes(ff, r, CC_SIZE, e->size_bytes, p);
    format_number(ff, r, CC_GBPS, 0, &e->gbps, p);
    format_number(ff, r, CC_MIN, 0, &e->gbps_min, p);
    format_number(ff, r, CC_MAX, 0, &e->gbps_max, p);
    format_number(ff, r, CC_RATIO, 0, &e->ratio, p);
    format_number(ff, r, CC_GBPS_LO, 0, &e->gbps_lo, p);
    format_number(ff, r, CC_GBPS_HI, 0, &e->gbps_hi, p);
    format_number(ff, r, CC_RATIO_LO, 0, &e->ratio_lo, p);
    format_number(ff, r, CC_RATIO_HI, 0, &e->ratio_hi, p);
    format_number(ff, r, CC_INTERVAL_N, 0, &e->interval_n, p);
    read_basis(ff, r, e, p);
    if (p->n > before)
        return -1;
    return isnan(e->gbps) ? 1 : 0;
}

/* The experiment every row names, or "" when they differ or do not say. */
static void common_experiment(const struct format_file *ff, char *out, size_t n)
{
    for (size_t r = 0; format_has(ff, CC_EXPERIMENT) && r < ff->t.nrows; r++) {
        const char *e = format_cell(ff, r, CC_EXPERIMENT);
        if (r == 0)
            text_copy_clean(out, n, e);
        else if (strcmp(e, out) != 0) {
            out[0] = '\0';
            return;
        }
    }
}

int compare_read(const char *dir, const struct machine_entry *m, size_t nm,
                 struct compare_entry **rows, size_t *n, char *experiment, size_t exp_len,
                 FILE *log)
{
    static const int need[] = {CC_MACHINE, CC_ALLOC, CC_DIRECTION, CC_SIZE, CC_GBPS};
    struct format_file ff;
    struct problems p = {ff.path, "", "", "", log, 0};
    *rows = NULL;
    *n = 0;
    if (open_file(&ff, &compare_format, dir, log) < 0) {
        format_close(&ff);
        return -1;
    }
    for (size_t c = 0; c < sizeof(need) / sizeof(need[0]); c++)
        if (!format_has(&ff, (size_t)need[c]))
            problem(&p, 1, "no column '%s' in the header; is this a pinsweep %s?",
                    column_name(&compare_format, (size_t)need[c]), compare_format.file);
    if (p.n == 0 && !(*rows = calloc(ff.t.nrows ? ff.t.nrows : 1, sizeof(**rows))))
        problem(&p, 0, "out of memory");
    for (size_t r = 0; *rows && r < ff.t.nrows; r++)
        if (read_compare_row(&ff, r, m, nm, &(*rows)[*n], &p) == 0)
            (*n)++;
    problems_end(&p);
    common_experiment(&ff, experiment, exp_len);
    format_close(&ff);
    return p.n ? -1 : 0;
}
