/*
 * columns.h - a CSV file format described once, as a table of its columns:
 * name, type, unit and the field of the row struct it maps to.  The same
 * table writes the header and the rows (format_write_header,
 * format_write_row) and reads them back (format_open, format_parse_row and
 * the checked readers below), so a column is named in exactly one place.
 * The formats themselves: summary_csv.h, samples_csv.h, fits_csv.h,
 * breakeven_csv.h, compare_csv.h, hostmemcpy_csv.h.
 */
#ifndef PINSWEEP_COLUMNS_H
#define PINSWEEP_COLUMNS_H

#include "results/csv.h"
#include "results/outdir.h"
#include "results/problems.h"

#include "experiment/schema.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Column names that more than one format has, spelled once. */
#define COLUMN_EXPERIMENT "experiment"
#define COLUMN_CONFIG "config"
#define COLUMN_SIZE_BYTES "size_bytes"
#define COLUMN_SAMPLES "samples"
#define COLUMN_GBPS_MEDIAN "gbps_median"
#define COLUMN_GBPS_MIN "gbps_min"
#define COLUMN_GBPS_MAX "gbps_max"
#define COLUMN_RSD_PCT "rsd_pct"
#define COLUMN_US_PER_COPY "us_per_copy_median"
#define COLUMN_LINK_GBPS "link_gbps"
#define COLUMN_ALLOC_MS "alloc_ms"
#define COLUMN_FREE_MS "free_ms"
#define COLUMN_MACHINE "machine"
#define COLUMN_DIR "dir"

enum column_type {
    COLUMN_TEXT,   /* const char *: written quoted when it must be; read as the cell (owned by the
                      file) */
    COLUMN_AXIS,   /* uint64_t: a schema axis value (schema.h), written as schema_value_text */
    COLUMN_NUMBER, /* double: written with fmt, NaN as an empty cell */
};

/* An axis cell that is empty (or whose column is absent), and one that is no value of the axis. */
#define AXIS_EMPTY (UINT64_MAX - 1)
#define AXIS_INVALID (UINT64_MAX - 2)

struct column {
    const char *name; /* NULL for an axis column: the axis's name in the schema */
    enum column_type type;
    int axis;         /* COLUMN_AXIS: its enum axis_id */
    const char *unit; /* "bytes", "GB/s", "ms", "µs", "%", or "" */
    size_t offset;    /* of the field in the row struct */
    const char *fmt;  /* COLUMN_NUMBER: how it is written; NULL: "%.17g" */
};

/* Table entries for the columns of a row struct type, by field. */
#define COLUMN_OF_TEXT(type, name, field)                                                          \
    {                                                                                              \
        name, COLUMN_TEXT, 0, "", offsetof(type, field), NULL                                      \
    }
#define COLUMN_OF_AXIS(type, axis, field)                                                          \
    {                                                                                              \
        NULL, COLUMN_AXIS, axis, "", offsetof(type, field), NULL                                   \
    }
#define COLUMN_OF_NUMBER(type, name, unit, field, fmt)                                             \
    {                                                                                              \
        name, COLUMN_NUMBER, 0, unit, offsetof(type, field), fmt                                   \
    }
/* The columns of every axis but size, in schema order, from the array field[AXIS_SIZE]. */
#define COLUMNS_OF_AXES(type, field)                                                               \
    COLUMN_OF_AXIS(type, AXIS_ALLOC, field[AXIS_ALLOC]),                                           \
        COLUMN_OF_AXIS(type, AXIS_DIRECTION, field[AXIS_DIRECTION]),                               \
        COLUMN_OF_AXIS(type, AXIS_BUFFER, field[AXIS_BUFFER]),                                     \
        COLUMN_OF_AXIS(type, AXIS_API, field[AXIS_API]),                                           \
        COLUMN_OF_AXIS(type, AXIS_CACHE, field[AXIS_CACHE]),                                       \
        COLUMN_OF_AXIS(type, AXIS_TOUCH, field[AXIS_TOUCH]),                                       \
        COLUMN_OF_AXIS(type, AXIS_STREAMS, field[AXIS_STREAMS]),                                   \
        COLUMN_OF_AXIS(type, AXIS_CHUNKS, field[AXIS_CHUNKS]),                                     \
        COLUMN_OF_AXIS(type, AXIS_KERNEL, field[AXIS_KERNEL]),                                     \
        COLUMN_OF_AXIS(type, AXIS_THREADS, field[AXIS_THREADS]),                                   \
        COLUMN_OF_AXIS(type, AXIS_NUMA, field[AXIS_NUMA]),                                         \
        COLUMN_OF_AXIS(type, AXIS_PAGES, field[AXIS_PAGES])

/* A file format: its file name in a results folder and its columns, in order. */
struct csv_format {
    const char *file;
    const struct column *cols;
    size_t ncols;
};

/* The name of column c of f. */
const char *column_name(const struct csv_format *f, size_t c);

/* The index of f's column called name, or -1. */
int format_find(const struct csv_format *f, const char *name);

/* Copy src into dst (size n), dropping control characters and surrounding spaces. */
void text_copy_clean(char *dst, size_t n, const char *src);

/* Write f's header line. */
void format_write_header(FILE *out, const struct csv_format *f);

/* Write row (a struct laid out as f's offsets say) as one line of f. */
void format_write_row(FILE *out, const struct csv_format *f, const void *row);

/* dir + "/" + f's file name into buf (no second slash when dir ends in one). */
void format_path(const struct csv_format *f, const char *dir, char *buf, size_t n);

/*
 * Write dir/FILE afresh (outfile_replace: through FILE.tmp, renamed over it
 * by outfile_close) and write its header.  NULL with "cannot create PATH:
 * why" in err on failure.
 */
struct outfile *format_create(const struct csv_format *f, const char *dir, char *err,
                              size_t errlen);

/* A file of a format, read back whole. */
struct format_file {
    const struct csv_format *fmt;
    char path[4200];
    struct csv_table t;
    int col[96]; /* the table's column of each of fmt's columns; -1 when the header lacks it */
};

/*
 * Read dir/FILE (the format's file) into ff.  Returns 0, or -1 with "PATH:
 * why" (csv.h's message) in err.  Close with format_close either way.
 */
int format_open(struct format_file *ff, const struct csv_format *fmt, const char *dir, char *err,
                size_t errlen);
void format_close(struct format_file *ff);

/* Has the file column c of its format? */
int format_has(const struct format_file *ff, size_t c);

/* Row r's cell of column c; "" when the file lacks the column. */
const char *format_cell(const struct format_file *ff, size_t r, size_t c);

/*
 * Row r into row, every column by its type, without complaint: text as the
 * cell, an axis as its value (AXIS_EMPTY, AXIS_UNUSED for "-", AXIS_INVALID),
 * a number as strtod reads it (NaN when empty or not a number).
 */
void format_parse_row(const struct format_file *ff, size_t r, void *row);

/* Parse a number cell: "" is NaN; returns -1 for anything else that is not a number. */
int column_parse_number(const char *text, double *v);

/* How format_axis reads an empty cell and "-". */
enum {
    AXIS_REQUIRED = 0,
    AXIS_OPTIONAL = 1 /* empty: the default */,
    AXIS_DASH = 2 /* "-": the default */
};

/*
 * The checked readers: the value of row r's column c into *v, or -1 after
 * reporting the problem on p ("COLUMN 'TEXT' is not one of ...", "... is
 * not a number", "COLUMN is empty" + p->where).
 */
int format_axis(const struct format_file *ff, size_t r, size_t c, int flags, int *v,
                struct problems *p);
/* A numeric axis: empty is the default, "-" AXIS_UNUSED. */
int format_code(const struct format_file *ff, size_t r, size_t c, uint64_t *v, struct problems *p);
int format_number(const struct format_file *ff, size_t r, size_t c, int required, double *v,
                  struct problems *p);
/* Is bytes (column c of row r) a whole number >= 1?  -1 after reporting a problem. */
int format_check_bytes(const struct format_file *ff, size_t r, size_t c, double bytes,
                       struct problems *p);

/*
 * An optional file of a results folder (fits.csv, host-memcpy.csv,
 * breakeven.csv) read into an array of rows: what it must have and how a
 * row is read.
 */
struct optional_file {
    const struct csv_format *fmt;
    const int *need; /* the columns it must have */
    size_t nneed;
    size_t row_size; /* bytes of one element of the array */
    /* Row r into row (an element of the array); -1 after reporting its problems. */
    int (*read_row)(const struct format_file *ff, size_t r, void *row, struct problems *p);
    int (*order)(const void *a, const void *b); /* sorts the rows; NULL: file order */
};

/*
 * The rows of o's file in dir, as an array (malloc'd; the caller frees it)
 * of *n elements.  NULL and *n = 0 when there is no such file (not
 * mentioned), or when it cannot be used: then "warning: FILE:LINE: why
 * SUFFIX" lines go to log and none of it is used.
 */
void *format_read_optional(const struct optional_file *o, const char *dir, const char *suffix,
                           size_t *n, FILE *log);

#endif
