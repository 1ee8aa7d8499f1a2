/*
 * hostmemcpy_csv.c - host-memcpy.csv's column table, writer and reader (see
 * hostmemcpy_csv.h).
 */
#include "results/hostmemcpy_csv.h"
#include "experiment/schema.h"
#include "host/hostmem.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct hostmemcpy_row, name, unit, field, fmt)

enum { M_DIR, M_SIZE, M_GBPS, M_SAMPLES, M_STAGING, M_N };

static const struct column hostmemcpy_cols[M_N] = {
    COLUMN_OF_AXIS(struct hostmemcpy_row, AXIS_DIRECTION, dir),
    NUM(COLUMN_SIZE_BYTES, "bytes", size_bytes, "%.0f"),
    NUM(COLUMN_GBPS_MEDIAN, "GB/s", gbps, "%.6g"),
    NUM(COLUMN_SAMPLES, "", samples, "%.0f"),
    NUM("staging_bytes", "bytes", staging_bytes, "%.0f"),
};

const struct csv_format hostmemcpy_format = {"host-memcpy.csv", hostmemcpy_cols, M_N};

int hostmemcpy_write(const char *dir, const struct timer_clock *clock, const uint64_t *sizes,
                     size_t n, char *err, size_t errlen)
{
    struct outfile *o = format_create(&hostmemcpy_format, dir, err, errlen);
    if (!o)
        return -1;
    for (int to_staging = 1; to_staging >= 0; to_staging--) {
        for (size_t i = 0; i < n; i++) {
            struct hostmemcpy_row row = {to_staging ? DIR_H2D : DIR_D2H, (double)sizes[i],
                                         hostmem_memcpy_gbps(clock, sizes[i], to_staging, 2.0, 5),
                                         5, HOSTMEM_STAGING_BYTES};
            if (!isnan(row.gbps))
                format_write_row(o->f, &hostmemcpy_format, &row);
        }
    }
    return outfile_close(o, err, errlen);
}

static int memcpy_order(const void *pa, const void *pb)
{
    const struct hostmemcpy_row *a = pa, *b = pb;
    int da = a->dir == AXIS_EMPTY ? -1 : (int)a->dir, db = b->dir == AXIS_EMPTY ? -1 : (int)b->dir;
    if (da != db)
        return da - db;
    return (a->size_bytes > b->size_bytes) - (a->size_bytes < b->size_bytes);
}

/*
 * The direction of row r into m->dir: AXIS_EMPTY (both) when the file has
 * no direction column, else h2d or d2h; -1 after reporting a problem.
 */
static int read_dir(const struct format_file *ff, size_t r, struct hostmemcpy_row *m,
                    struct problems *p)
{
    const char *text = format_cell(ff, r, M_DIR);
    int dir = schema_value_find(AXIS_DIRECTION, text);
    m->dir = !format_has(ff, M_DIR) ? AXIS_EMPTY : (uint64_t)dir;
    if (!format_has(ff, M_DIR) || dir == DIR_H2D || dir == DIR_D2H)
        return 0;
    problem(p, ff->t.lines[r], "%s '%s' is not one of h2d | d2h", column_name(ff->fmt, M_DIR),
            text);
    return -1;
}

/* Row r of host-memcpy.csv into row (a struct hostmemcpy_row); -1 after reporting its problems. */
static int read_memcpy(const struct format_file *ff, size_t r, void *row, struct problems *p)
{
    struct hostmemcpy_row *m = row;
    int before = p->n;
    read_dir(ff, r, m, p);
    if (format_number(ff, r, M_SIZE, 1, &m->size_bytes, p) == 0)
        format_check_bytes(ff, r, M_SIZE, m->size_bytes, p);
    if (format_number(ff, r, M_GBPS, 1, &m->gbps, p) == 0 && !(m->gbps > 0 && isfinite(m->gbps)))
        problem(p, ff->t.lines[r], "%s '%s' is not a positive number", column_name(ff->fmt, M_GBPS),
                format_cell(ff, r, M_GBPS));
    if (format_number(ff, r, M_STAGING, 0, &m->staging_bytes, p) == 0 && !isnan(m->staging_bytes))
        format_check_bytes(ff, r, M_STAGING, m->staging_bytes, p);
    return p->n > before ? -1 : 0;
}

struct hostmemcpy_row *hostmemcpy_read(const char *dir, size_t *n, FILE *log)
{
    static const int need[] = {M_SIZE, M_GBPS};
    static const struct optional_file host_memcpy = {
        .fmt = &hostmemcpy_format,
        .need = need,
        .nneed = sizeof(need) / sizeof(need[0]),
        .row_size = sizeof(struct hostmemcpy_row),
        .read_row = read_memcpy,
        .order = memcpy_order,
    };
    return format_read_optional(&host_memcpy, dir, "; no host memcpy ceiling drawn", n, log);
}
