/*
 * fits_csv.c - fits.csv's column table, writer and reader (see fits_csv.h).
 */
#include "results/fits_csv.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct fit_row, name, unit, field, fmt)

enum {
    F_EXPERIMENT,
    F_AXIS0, /* the axes but size, in schema order */
    F_REGIME = F_AXIS0 + AXIS_SIZE,
    F_FROM,
    F_TO,
    F_POINTS,
    F_T0,
    F_B,
    F_N_HALF,
    F_RESIDUAL,
    F_DEVICE,
    F_STATUS,
    F_N
};

static const struct column fits_cols[F_N] = {
    COLUMN_OF_TEXT(struct fit_row, COLUMN_EXPERIMENT, experiment),
    COLUMNS_OF_AXES(struct fit_row, axis),
    COLUMN_OF_TEXT(struct fit_row, "regime", regime),
    NUM("from_bytes", "bytes", from_bytes, "%.0f"),
    NUM("to_bytes", "bytes", to_bytes, "%.0f"),
    NUM("points", "", points, "%.0f"),
    NUM("t0_us", "µs", t0_us, "%.6g"),
    NUM("bandwidth_gbps", "GB/s", bandwidth_gbps, "%.6g"),
    NUM("n_half_bytes", "bytes", n_half_bytes, "%.0f"),
    NUM("residual_pct", "%", residual_pct, "%.6g"),
    COLUMN_OF_TEXT(struct fit_row, "device", device),
    COLUMN_OF_TEXT(struct fit_row, "status", status),
};

const struct csv_format fits_format = {"fits.csv", fits_cols, F_N};

const char *const fit_regime_names[FIT_REGIME_COUNT] = {"all", "in-cache", "beyond-cache"};

const char *const fit_status_names[FIT_STATUS_COUNT] = {"ok", "negative-t0"};

/* Row r's status into f: its status cell, else (an older file) negative-t0 when t0 < 0. */
static void read_status(const struct format_file *ff, size_t r, struct fit_row *f,
                        struct problems *p)
{
    const char *status = format_cell(ff, r, F_STATUS);
    f->status_id = -1;
    for (int k = 0; k < FIT_STATUS_COUNT && f->status_id < 0; k++)
        if (strcmp(status, fit_status_names[k]) == 0)
            f->status_id = k;
    if (!status[0])
        f->status_id = f->t0_us < 0 ? FIT_NEGATIVE_T0 : FIT_OK;
    if (f->status_id < 0)
        problem(p, ff->t.lines[r], "%s '%s' is not one of ok | negative-t0",
                fits_cols[F_STATUS].name, status);
    if (f->status_id == FIT_NEGATIVE_T0) /* not a latency, a bandwidth or a size: none */
        f->t0_us = f->bandwidth_gbps = f->n_half_bytes = NAN;
}

/* The named axes a fit is matched on, in the order their problems are reported. */
static const int fit_axes[] = {AXIS_ALLOC, AXIS_DIRECTION, AXIS_BUFFER, AXIS_API,
                               AXIS_CACHE, AXIS_TOUCH,     AXIS_PAGES};

/* Row r of fits.csv into row (a struct fit_row); -1 after reporting its problems. */
static int read_fit(const struct format_file *ff, size_t r, void *row, struct problems *p)
{
    struct fit_row *f = row;
    int before = p->n;
    format_parse_row(ff, r, f);
    f->experiment = f->regime = f->device = f->status = NULL; /* the cells die with the file */
    const char *regime = format_cell(ff, r, F_REGIME);
    f->regime_id = -1;
    for (int k = 0; k < FIT_REGIME_COUNT && f->regime_id < 0; k++)
        if (strcmp(regime, fit_regime_names[k]) == 0)
            f->regime_id = k;
    if (!regime[0]) /* a file from before the regimes: every row is a whole curve's */
        f->regime_id = FIT_ALL;
    if (f->regime_id < 0)
        problem(p, ff->t.lines[r], "%s '%s' is not one of all | in-cache | beyond-cache",
                fits_cols[F_REGIME].name, regime);
    for (size_t i = 0; i < sizeof(fit_axes) / sizeof(fit_axes[0]); i++) {
        int a = fit_axes[i], v = 0;
        format_axis(ff, r, (size_t)(F_AXIS0 + a), AXIS_DASH | (i < 4 ? 0 : AXIS_OPTIONAL), &v, p);
        f->axis[a] = (uint64_t)v;
    }
    int ok = strcmp(format_cell(ff, r, F_STATUS), fit_status_names[FIT_NEGATIVE_T0]) != 0;
    if (format_number(ff, r, F_T0, ok, &f->t0_us, p) == 0 && ok && !isfinite(f->t0_us))
        problem(p, ff->t.lines[r], "%s '%s' is not a finite number", fits_cols[F_T0].name,
                format_cell(ff, r, F_T0));
    if (format_number(ff, r, F_B, ok, &f->bandwidth_gbps, p) == 0 && ok &&
        !(f->bandwidth_gbps > 0 && isfinite(f->bandwidth_gbps)))
        problem(p, ff->t.lines[r], "%s '%s' is not a positive number", fits_cols[F_B].name,
                format_cell(ff, r, F_B));
    read_status(ff, r, f, p);
    return p->n > before ? -1 : 0;
}

struct fit_row *fits_read(const char *dir, size_t *n, FILE *log)
{
    static const int need[] = {F_AXIS0 + AXIS_ALLOC,
                               F_AXIS0 + AXIS_DIRECTION,
                               F_AXIS0 + AXIS_BUFFER,
                               F_AXIS0 + AXIS_API,
                               F_T0,
                               F_B};
    static const struct optional_file fits = {
        .fmt = &fits_format,
        .need = need,
        .nneed = sizeof(need) / sizeof(need[0]),
        .row_size = sizeof(struct fit_row),
        .read_row = read_fit,
    };
    return format_read_optional(&fits, dir, "; no fit curves drawn", n, log);
}
