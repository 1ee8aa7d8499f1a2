/*
 * sentinel_csv.c - sentinel.csv's column table, writer and reader (see
 * sentinel_csv.h).
 */
#include "results/sentinel_csv.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#define TEXT(name, field) COLUMN_OF_TEXT(struct sentinel_row, name, field)
#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct sentinel_row, name, unit, field, fmt)

static const struct column sentinel_cols[] = {
    NUM("reading", "", reading, "%.0f"),
    NUM("time_s", "s", time_s, "%.9f"),
    TEXT("utc", utc),
    NUM("round", "", round, "%.0f"),
    NUM("after_config", "", after_config, "%.0f"),
    NUM(COLUMN_GBPS_MEDIAN, "GB/s", gbps_median, "%.6g"),
    NUM(COLUMN_GBPS_MIN, "GB/s", gbps_min, "%.6g"),
    NUM(COLUMN_GBPS_MAX, "GB/s", gbps_max, "%.6g"),
    NUM(COLUMN_RSD_PCT, "%", rsd_pct, "%.6g"),
    NUM(COLUMN_SAMPLES, "", samples, "%.0f"),
    NUM("change_pct", "%", change_pct, "%.6g"),
    TEXT("status", status),
    TEXT("error", error),
    NUM("shard", "", shard, "%.0f"),
};
enum { S_TIME = 1, S_GBPS = 5, S_STATUS = 11 };

const struct csv_format sentinel_format = {"sentinel.csv", sentinel_cols,
                                           sizeof(sentinel_cols) / sizeof(sentinel_cols[0])};

struct outfile *sentinel_open(const char *dir, char *err, size_t errlen)
{
    char path[4200];
    struct stat st;
    format_path(&sentinel_format, dir, path, sizeof(path));
    if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        return outfile_append(path, err, errlen);
    struct outfile *o = outfile_create(path, err, errlen);
    if (o)
        format_write_header(o->f, &sentinel_format);
    return o;
}

int sentinel_append(struct outfile *o, const struct sentinel_row *row, char *err, size_t errlen)
{
    format_write_row(o->f, &sentinel_format, row);
    return outfile_sync(o, err, errlen);
}

/* Row r into row (a struct sentinel_row): its numbers; -1 after reporting a problem. */
static int read_reading(const struct format_file *ff, size_t r, void *row, struct problems *p)
{
    struct sentinel_row *s = row;
    int before = p->n;
    format_parse_row(ff, r, s);
    s->utc = s->status = s->error = NULL; /* the cells go with the file */
    format_number(ff, r, S_TIME, 1, &s->time_s, p);
    if (format_number(ff, r, S_GBPS, 0, &s->gbps_median, p) == 0 && !isnan(s->gbps_median) &&
        !(s->gbps_median > 0 && isfinite(s->gbps_median)))
        problem(p, ff->t.lines[r], "gbps_median '%s' is not a positive number",
                format_cell(ff, r, S_GBPS));
    return p->n > before ? -1 : 0;
}

struct sentinel_row *sentinel_read(const char *dir, size_t *n, FILE *log)
{
    static const int need[] = {S_TIME, S_GBPS, S_STATUS};
    static const struct optional_file sentinel_file = {
        .fmt = &sentinel_format,
        .need = need,
        .nneed = sizeof(need) / sizeof(need[0]),
        .row_size = sizeof(struct sentinel_row),
        .read_row = read_reading,
    };
    return format_read_optional(&sentinel_file, dir, "; no sentinel figure drawn", n, log);
}

int sentinel_merge_shard(struct outfile *o, const char *dir, int shard, size_t *reading,
                         char *err, size_t errlen)
{
    struct format_file ff = {0};
    if (format_open(&ff, &sentinel_format, dir, err, errlen) < 0) {
        format_close(&ff);
        return -1;
    }
    /* Every column but reading and shard as it was read: the cells are written back
       through the table, so the merged file is one format whatever the shards' order. */
    for (size_t r = 0; r < ff.t.nrows; r++) {
        struct sentinel_row row;
        format_parse_row(&ff, r, &row);
        row.utc = format_cell(&ff, r, 2);
        row.status = format_cell(&ff, r, S_STATUS);
        row.error = format_cell(&ff, r, S_STATUS + 1);
        row.reading = (double)++*reading;
        row.shard = shard;
        format_write_row(o->f, &sentinel_format, &row);
    }
    format_close(&ff);
    return 0;
}
