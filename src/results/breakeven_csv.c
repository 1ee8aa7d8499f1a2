/*
 * breakeven_csv.c - breakeven.csv's column table, writer and reader (see
 * breakeven_csv.h).
 */
#include "results/breakeven_csv.h"
#include "experiment/schema.h"

#include <math.h>
#include <stddef.h>

#define AXIS(axis, field) COLUMN_OF_AXIS(struct breakeven_row, axis, field)
#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct breakeven_row, name, unit, field, fmt)

enum { B_ALLOC, B_DIR, B_API, B_SIZE, B_ALLOC_MS, B_FREE_MS, B_PAGEABLE, B_PINNED, B_COPIES, B_N };

static const struct column breakeven_cols[B_N] = {
    AXIS(AXIS_ALLOC, alloc),
    AXIS(AXIS_DIRECTION, dir),
    AXIS(AXIS_API, api),
    NUM(COLUMN_SIZE_BYTES, "bytes", size_bytes, "%.0f"),
    NUM(COLUMN_ALLOC_MS, "ms", alloc_ms, "%.6g"),
    NUM(COLUMN_FREE_MS, "ms", free_ms, "%.6g"),
    NUM("pageable_us_per_copy", "µs", pageable_us, "%.6g"),
    NUM("pinned_us_per_copy", "µs", pinned_us, "%.6g"),
    NUM("breakeven_copies", "copies", copies, "%.6g"),
};

const struct csv_format breakeven_format = {"breakeven.csv", breakeven_cols, B_N};

static int cmp_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

static int breakeven_order(const void *pa, const void *pb)
{
    const struct breakeven_row *a = pa, *b = pb;
    int d;
    if ((d = cmp_u64(a->dir, b->dir)) || (d = cmp_u64(a->alloc, b->alloc)) ||
        (d = cmp_u64(a->api, b->api)))
        return d;
    return (a->size_bytes > b->size_bytes) - (a->size_bytes < b->size_bytes);
}

/* Axis column c of row r into *v; -1 after reporting a problem. */
static int read_axis(const struct format_file *ff, size_t r, size_t c, uint64_t *v,
                     struct problems *p)
{
    int i = 0, rc = format_axis(ff, r, c, AXIS_REQUIRED, &i, p);
    *v = (uint64_t)i;
    return rc;
}

/* Row r of breakeven.csv into row (a struct breakeven_row); -1 after reporting its problems. */
static int read_breakeven(const struct format_file *ff, size_t r, void *row, struct problems *p)
{
    struct breakeven_row *b = row;
    int before = p->n;
    if (read_axis(ff, r, B_ALLOC, &b->alloc, p) == 0 && b->alloc == ALLOC_PAGEABLE)
        problem(p, ff->t.lines[r], "%s '%s' is not page-locked", column_name(ff->fmt, B_ALLOC),
                format_cell(ff, r, B_ALLOC));
    read_axis(ff, r, B_DIR, &b->dir, p);
    read_axis(ff, r, B_API, &b->api, p);
    if (format_number(ff, r, B_SIZE, 1, &b->size_bytes, p) == 0)
        format_check_bytes(ff, r, B_SIZE, b->size_bytes, p);
    /* alloc, free and the two copies' times: optional, for the break-even interval and table */
    b->alloc_ms = b->free_ms = b->pageable_us = b->pinned_us = NAN;
    if (format_has(ff, B_ALLOC_MS))
        format_number(ff, r, B_ALLOC_MS, 0, &b->alloc_ms, p);
    if (format_has(ff, B_FREE_MS))
        format_number(ff, r, B_FREE_MS, 0, &b->free_ms, p);
    if (format_has(ff, B_PAGEABLE))
        format_number(ff, r, B_PAGEABLE, 0, &b->pageable_us, p);
    if (format_has(ff, B_PINNED))
        format_number(ff, r, B_PINNED, 0, &b->pinned_us, p);
    if (format_number(ff, r, B_COPIES, 0, &b->copies, p) == 0 && !isnan(b->copies) &&
        !(b->copies >= 0 && isfinite(b->copies)))
        problem(p, ff->t.lines[r], "%s '%s' is not a number >= 0 (or empty)",
                breakeven_cols[B_COPIES].name, format_cell(ff, r, B_COPIES));
    return p->n > before ? -1 : 0;
}

struct breakeven_row *breakeven_read(const char *dir, size_t *n, FILE *log)
{
    static const int need[] = {B_ALLOC, B_DIR, B_API, B_SIZE, B_COPIES};
    static const struct optional_file breakeven = {
        .fmt = &breakeven_format,
        .need = need,
        .nneed = sizeof(need) / sizeof(need[0]),
        .row_size = sizeof(struct breakeven_row),
        .read_row = read_breakeven,
        .order = breakeven_order,
    };
    return format_read_optional(&breakeven, dir, "; no breakeven figure drawn", n, log);
}
