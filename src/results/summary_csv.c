/*
 * summary_csv.c - summary.csv's column table, writer and reader (see
 * summary_csv.h).
 */
#include "results/summary_csv.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define ROW(field) offsetof(struct summary_row, field)
#define TEXT(name, field) COLUMN_OF_TEXT(struct summary_row, name, field)
#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct summary_row, name, unit, field, fmt)

/* The order of the file's columns; the axes in schema order. */
static const struct column summary_cols[] = {
    TEXT(COLUMN_EXPERIMENT, experiment),
    NUM(COLUMN_CONFIG, "", config, "%.0f"),
    TEXT("device", device),
    COLUMNS_OF_AXES(struct summary_row, axis),
    NUM(COLUMN_SIZE_BYTES, "bytes", size_bytes, "%.0f"),
    NUM("batch", "copies", batch, "%.0f"),
    NUM(COLUMN_SAMPLES, "", samples, "%.0f"),
    NUM(COLUMN_GBPS_MEDIAN, "GB/s", gbps_median, "%.6g"),
    NUM(COLUMN_GBPS_MIN, "GB/s", gbps_min, "%.6g"),
    NUM(COLUMN_GBPS_MAX, "GB/s", gbps_max, "%.6g"),
    NUM("gbps_mean", "GB/s", gbps_mean, "%.6g"),
    NUM("gbps_stddev", "GB/s", gbps_stddev, "%.6g"),
    NUM(COLUMN_RSD_PCT, "%", rsd_pct, "%.6g"),
    TEXT("target_met", target_met),
    TEXT("stop", stop),
    NUM("rounds", "", rounds, "%.0f"),
    NUM("round_gbps_min", "GB/s", round_gbps_min, "%.6g"),
    NUM("round_gbps_max", "GB/s", round_gbps_max, "%.6g"),
    NUM("between_rsd_pct", "%", between_rsd_pct, "%.6g"),
    NUM("within_rsd_pct", "%", within_rsd_pct, "%.6g"),
    NUM("pi95_pct", "%", pi95_pct, "%.6g"),
    TEXT("stable", stable),
    NUM("stable_p", "", stable_p, "%.6g"),
    TEXT("timing", timing),
    NUM(COLUMN_US_PER_COPY, "µs", us_per_copy, "%.3f"),
    NUM("roundtrip_us_median", "µs", roundtrip_us, "%.3f"),
    NUM("host_gbps_median", "GB/s", host_gbps, "%.6g"),
    NUM("h2d_gbps_median", "GB/s", h2d_gbps, "%.6g"),
    NUM("d2h_gbps_median", "GB/s", d2h_gbps, "%.6g"),
    NUM("alloc_ms_median", "ms", alloc_ms, "%.6g"),
    NUM("pin_ms_median", "ms", pin_ms, "%.6g"),
    NUM("fill_ms_median", "ms", fill_ms, "%.6g"),
    NUM("copy_ms_median", "ms", copy_ms, "%.6g"),
    NUM("free_ms_median", "ms", free_ms, "%.6g"),
    NUM("effective_gbps_median", "GB/s", effective_gbps, "%.6g"),
    NUM("kernel_us", "µs", kernel_us, "%.3f"),
    NUM("pipeline_ms_median", "ms", pipeline_ms, "%.6g"),
    NUM("serial_ms_median", "ms", serial_ms, "%.6g"),
    NUM("ideal_ms_median", "ms", ideal_ms, "%.6g"),
    NUM("overlap_median", "", overlap, "%.6g"),
    NUM("h2d_alone_ms_median", "ms", h2d_alone_ms, "%.6g"),
    NUM("kernel_alone_ms_median", "ms", kernel_alone_ms, "%.6g"),
    NUM("d2h_alone_ms_median", "ms", d2h_alone_ms, "%.6g"),
    NUM("gpu_numa_node", "", gpu_numa_node, "%.0f"),
    NUM("bound_numa_node", "", bound_numa_node, "%.0f"),
    NUM("host_numa_node", "", host_numa_node, "%.0f"),
    NUM("host_numa_pct", "%", host_numa_pct, "%.6g"),
    NUM("huge_pct", "%", huge_pct, "%.6g"),
    NUM(COLUMN_LINK_GBPS, "GB/s", link_gbps, "%.6g"),
    NUM("pct_of_link", "%", pct_of_link, "%.6g"),
    TEXT("gpus", gpus),
    NUM("overlap_pct", "%", overlap_pct, "%.6g"),
    TEXT("synchronised", synchronised),
    NUM("alone_gbps", "GB/s", alone_gbps, "%.6g"),
    NUM("scaling_pct", "%", scaling_pct, "%.6g"),
    TEXT("repaired", repaired),
    NUM("disturbed_rounds", "", disturbed_rounds, "%.0f"),
    TEXT("status", status),
    TEXT("error", error),
};
#define NCOLS (sizeof(summary_cols) / sizeof(summary_cols[0]))

/* The index of the column that maps to the field at offset. */
static size_t col_of(size_t offset)
{
    size_t c = 0;
    while (c + 1 < NCOLS && summary_cols[c].offset != offset)
        c++;
    return c;
}
#define COL(field) col_of(ROW(field))

const struct csv_format summary_format = {"summary.csv", summary_cols, NCOLS};

int summary_ok(const struct summary_row *r)
{
    return strcmp(r->status, "ok") == 0 && !summary_at_once(r);
}

int summary_at_once(const struct summary_row *r)
{
    return r->gpus && (strcmp(r->gpus, "together") == 0 || strcmp(r->gpus, "aggregate") == 0);
}

int summary_read(struct summary_file *s, const char *dir, char *err, size_t errlen)
{
    memset(s, 0, sizeof(*s));
    if (format_open(&s->ff, &summary_format, dir, err, errlen) < 0)
        return -1;
    s->rows = calloc(s->ff.t.nrows ? s->ff.t.nrows : 1, sizeof(s->rows[0]));
    if (!s->rows) {
        snprintf(err, errlen, "%s: out of memory", s->ff.path);
        return -1;
    }
    for (size_t r = 0; r < s->ff.t.nrows; r++) {
        format_parse_row(&s->ff, r, &s->rows[r]);
        s->rows[r].line = s->ff.t.lines[r];
    }
    s->nrows = s->ff.t.nrows;
    return 0;
}

void summary_close(struct summary_file *s)
{
    format_close(&s->ff);
    free(s->rows);
    memset(s, 0, sizeof(*s));
}

/* The columns every reader needs, in the order their absence is reported. */
static const size_t required_fields[] = {
    ROW(status),         ROW(axis[AXIS_ALLOC]), ROW(axis[AXIS_DIRECTION]), ROW(axis[AXIS_BUFFER]),
    ROW(axis[AXIS_API]), ROW(size_bytes),       ROW(gbps_median)};

size_t summary_missing(const struct summary_file *s, int status_last, const char *missing[],
                       size_t max)
{
    size_t n = 0, count = sizeof(required_fields) / sizeof(required_fields[0]);
    for (size_t k = 0; k < count && n < max; k++) {
        size_t c = col_of(required_fields[status_last ? (k + 1) % count : k]);
        if (!format_has(&s->ff, c))
            missing[n++] = column_name(&summary_format, c);
    }
    return n;
}

/* The numbers the figures read, checked, in the order their problems are reported. */
static const struct {
    size_t field;
    int required;
} checked_numbers[] = {
    {ROW(size_bytes), 1},   {ROW(gbps_median), 1},    {ROW(gbps_min), 0},
    {ROW(gbps_max), 0},     {ROW(effective_gbps), 0}, {ROW(us_per_copy), 0},
    {ROW(roundtrip_us), 0}, {ROW(alloc_ms), 0},       {ROW(fill_ms), 0},
    {ROW(copy_ms), 0},      {ROW(free_ms), 0},        {ROW(pin_ms), 0},
    {ROW(link_gbps), 0},    {ROW(pipeline_ms), 0},    {ROW(serial_ms), 0},
    {ROW(ideal_ms), 0},     {ROW(overlap), 0},        {ROW(host_numa_node), 0},
    {ROW(overlap_pct), 0},  {ROW(alone_gbps), 0},     {ROW(scaling_pct), 0},
};

/* Check one axis of row r into out->axis[a]; 1 when a problem was reported. */
static int check_axis(const struct summary_file *s, size_t r, int a, struct summary_row *out,
                      struct problems *p)
{
    int v;
    if (schema_axes[a].kind != AXIS_KIND_ENUM)
        return format_code(&s->ff, r, col_of(ROW(axis) + (size_t)a * sizeof(uint64_t)),
                           &out->axis[a], p) < 0;
    int required = a == AXIS_ALLOC || a == AXIS_DIRECTION || a == AXIS_BUFFER || a == AXIS_API;
    int bad = format_axis(&s->ff, r, col_of(ROW(axis) + (size_t)a * sizeof(uint64_t)),
                          AXIS_DASH | (required ? 0 : AXIS_OPTIONAL), &v, p) < 0;
    out->axis[a] = (uint64_t)v;
    return bad;
}

int summary_check_row(const struct summary_file *s, size_t r, struct summary_row *out,
                      struct problems *p)
{
    int bad = 0;
    *out = s->rows[r];
    for (int pass = 0; pass < 2; pass++) /* the named axes first, then the numeric ones */
        for (int a = 0; a < AXIS_SIZE; a++)
            if ((schema_axes[a].kind == AXIS_KIND_ENUM) == (pass == 0))
                bad += check_axis(s, r, a, out, p);
    for (size_t i = 0; i < sizeof(checked_numbers) / sizeof(checked_numbers[0]); i++) {
        size_t f = checked_numbers[i].field;
        bad += format_number(&s->ff, r, col_of(f), checked_numbers[i].required,
                             (double *)((char *)out + f), p) < 0;
    }
    if (!bad)
        bad += format_check_bytes(&s->ff, r, COL(size_bytes), out->size_bytes, p) < 0;
    return bad;
}

const char *summary_axis_text(const struct summary_row *r, int a, char *buf, size_t n)
{
    uint64_t v = r->axis[a];
    if (v == AXIS_EMPTY || v == AXIS_INVALID)
        return "";
    return schema_value_text(a, v, buf, n);
}
