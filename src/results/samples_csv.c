/*
 * samples_csv.c - samples.csv's column table and writer (see samples_csv.h).
 */
#include "results/samples_csv.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct sample_row, name, unit, field, fmt)
#define TEXT(name, field) COLUMN_OF_TEXT(struct sample_row, name, field)

static const struct column samples_cols[] = {
    NUM(COLUMN_CONFIG, "", config, "%.0f"),
    NUM("sample", "", sample, "%.0f"),
    NUM("round", "", round, "%.0f"),
    NUM("copies", "", copies, "%.0f"),
    NUM("device_ms", "ms", device_ms, "%.6g"),
    NUM("host_ms", "ms", host_ms, "%.6g"),
    NUM("gbps", "GB/s", gbps, "%.6g"),
    NUM("host_gbps", "GB/s", host_gbps, "%.6g"),
    NUM("h2d_ms", "ms", h2d_ms, "%.6f"),
    NUM("d2h_ms", "ms", d2h_ms, "%.6f"),
    NUM(COLUMN_ALLOC_MS, "ms", alloc_ms, "%.6f"),
    NUM("pin_ms", "ms", pin_ms, "%.6f"),
    NUM("fill_ms", "ms", fill_ms, "%.6f"),
    NUM(COLUMN_FREE_MS, "ms", free_ms, "%.6f"),
    NUM("effective_gbps", "GB/s", effective_gbps, "%.6g"),
    NUM("kernel_ms", "ms", kernel_ms, "%.6f"),
    TEXT("device", device),
    TEXT("gpus", gpus),
    TEXT("disturbed", disturbed),
};

const struct csv_format samples_format = {"samples.csv", samples_cols,
                                          sizeof(samples_cols) / sizeof(samples_cols[0])};

/* A row's place in the sorted rows: its config, then where it was in the file. */
struct keyed {
    struct sample_row row;
    size_t index;
};

static int keyed_order(const void *pa, const void *pb)
{
    const struct keyed *a = pa, *b = pb;
    if (a->row.config != b->row.config)
        return a->row.config < b->row.config ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

int samples_read(struct samples_file *s, const char *dir, char *err, size_t errlen)
{
    char path[4200];
    struct keyed *k = NULL;
    memset(s, 0, sizeof(*s));
    format_path(&samples_format, dir, path, sizeof(path));
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    if (format_open(&s->ff, &samples_format, dir, err, errlen) < 0)
        return -1;
    size_t n = s->ff.t.nrows;
    k = malloc((n ? n : 1) * sizeof(*k));
    s->rows = malloc((n ? n : 1) * sizeof(*s->rows));
    if (!k || !s->rows) {
        snprintf(err, errlen, "%s: out of memory", s->ff.path);
        free(k);
        samples_close(s);
        return -1;
    }
    size_t kept = 0;
    for (size_t r = 0; r < n; r++) {
        format_parse_row(&s->ff, r, &k[kept].row);
        if (k[kept].row.disturbed && strcmp(k[kept].row.disturbed, "yes") == 0)
            continue; /* taken while the sentinel was off: not in the summary either */
        if (isnan(k[kept].row.round)) /* a file from before rounds: one round */
            k[kept].row.round = 1;
        k[kept].index = r;
        kept++;
    }
    n = kept;
    qsort(k, n, sizeof(*k), keyed_order);
    for (size_t r = 0; r < n; r++)
        s->rows[r] = k[r].row;
    s->nrows = n;
    free(k);
    return 1;
}

void samples_close(struct samples_file *s)
{
    format_close(&s->ff);
    free(s->rows);
    memset(s, 0, sizeof(*s));
}

size_t samples_of_config(const struct samples_file *s, double config, size_t *first)
{
    size_t lo = 0, hi = s ? s->nrows : 0;
    while (lo < hi) { /* the first row whose config is not below config */
        size_t mid = lo + (hi - lo) / 2;
        if (s->rows[mid].config < config)
            lo = mid + 1;
        else
            hi = mid;
    }
    *first = lo;
    for (hi = lo; s && hi < s->nrows && s->rows[hi].config == config;)
        hi++;
    return hi - lo;
}
