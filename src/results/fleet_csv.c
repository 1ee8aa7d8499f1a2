/*
 * fleet_csv.c - fleet.csv's column table and reader (see fleet_csv.h).
 */
#include "results/fleet_csv.h"
#include "experiment/schema.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define TEXT(name, field) COLUMN_OF_TEXT(struct fleet_row, name, field)
#define AXIS(a) COLUMN_OF_AXIS(struct fleet_row, a, axis[a])
#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct fleet_row, name, unit, field, fmt)

enum {
    F_NODE,
    F_DIR,
    F_ALLOC,
    F_DIRECTION,
    F_BUFFER,
    F_API,
    F_CACHE,
    F_TOUCH,
    F_SIZE,
    F_GBPS,
    F_MEDIAN,
    F_SPREAD,
    F_LOW,
    F_HIGH,
    F_Z,
    F_OUTLIER,
    F_LINK,
    F_N
};

static const struct column fleet_cols[F_N] = {
    TEXT("node", node),
    TEXT("dir", dir),
    AXIS(AXIS_ALLOC),
    AXIS(AXIS_DIRECTION),
    AXIS(AXIS_BUFFER),
    AXIS(AXIS_API),
    AXIS(AXIS_CACHE),
    AXIS(AXIS_TOUCH),
    NUM(COLUMN_SIZE_BYTES, "bytes", size_bytes, "%.0f"),
    NUM(COLUMN_GBPS_MEDIAN, "GB/s", gbps_median, "%.6g"),
    NUM("fleet_median", "GB/s", fleet_median, "%.6g"),
    NUM("fleet_spread", "GB/s", fleet_spread, "%.6g"),
    NUM("band_low", "GB/s", band_low, "%.6g"),
    NUM("band_high", "GB/s", band_high, "%.6g"),
    NUM("z", "", z, "%.6g"),
    TEXT("outlier", outlier),
    TEXT("link_below_max", link_below_max),
};

const struct csv_format fleet_format = {"fleet.csv", fleet_cols, F_N};

/* Row r of fleet.csv into row (a struct fleet_row); -1 after reporting its problems. */
static int read_fleet(const struct format_file *ff, size_t r, void *row, struct problems *p)
{
    static const int axes[] = {F_ALLOC, F_DIRECTION, F_BUFFER, F_API, F_CACHE, F_TOUCH};
    struct fleet_row *f = row;
    int before = p->n;
    memset(f, 0, sizeof(*f));
    for (int a = 0; a < AXIS_SIZE; a++)
        f->axis[a] = AXIS_UNUSED;
    snprintf(f->node_name, sizeof(f->node_name), "%s", format_cell(ff, r, F_NODE));
    for (size_t k = 0; k < sizeof(axes) / sizeof(axes[0]); k++) {
        int v = 0;
        int how = k < 2 ? AXIS_REQUIRED : AXIS_DASH; /* zero-copy rows read "-" for buffer */
        if (format_axis(ff, r, axes[k], how, &v, p) == 0)
            f->axis[fleet_cols[axes[k]].axis] = (uint64_t)v;
    }
    if (format_number(ff, r, F_SIZE, 1, &f->size_bytes, p) == 0)
        format_check_bytes(ff, r, F_SIZE, f->size_bytes, p);
    format_number(ff, r, F_GBPS, 1, &f->gbps_median, p);
    format_number(ff, r, F_MEDIAN, 1, &f->fleet_median, p);
    format_number(ff, r, F_SPREAD, 1, &f->fleet_spread, p);
    format_number(ff, r, F_LOW, 1, &f->band_low, p);
    format_number(ff, r, F_HIGH, 1, &f->band_high, p);
    format_number(ff, r, F_Z, 0, &f->z, p);
    f->is_outlier = strcmp(format_cell(ff, r, F_OUTLIER), "yes") == 0;
    f->is_link_low = strcmp(format_cell(ff, r, F_LINK), "yes") == 0; /* "" before the column */
    return p->n > before ? -1 : 0;
}

struct fleet_row *fleet_read(const char *dir, size_t *n, FILE *log)
{
    static const int need[] = {F_NODE, F_ALLOC, F_DIRECTION, F_BUFFER, F_API, F_CACHE, F_TOUCH,
                               F_SIZE, F_GBPS,  F_MEDIAN,    F_SPREAD, F_LOW, F_HIGH,  F_OUTLIER};
    static const struct optional_file fleet = {
        .fmt = &fleet_format,
        .need = need,
        .nneed = sizeof(need) / sizeof(need[0]),
        .row_size = sizeof(struct fleet_row),
        .read_row = read_fleet,
    };
    return format_read_optional(&fleet, dir, "; no fleet figure drawn", n, log);
}
