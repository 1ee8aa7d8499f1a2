/*
 * columns.c - writing and reading a CSV format described by its column
 * table (see columns.h).
 */
#include "results/columns.h"
#include "experiment/schema.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *column_name(const struct csv_format *f, size_t c)
{
    const struct column *col = &f->cols[c];
    return col->name ? col->name : schema_axes[col->axis].name;
}

int format_find(const struct csv_format *f, const char *name)
{
    for (size_t c = 0; c < f->ncols; c++)
        if (strcmp(column_name(f, c), name) == 0)
            return (int)c;
    return -1;
}

void text_copy_clean(char *dst, size_t n, const char *src)
{
    size_t len = 0;
    while (*src == ' ' || *src == '\t')
        src++;
    for (; *src && len + 1 < n; src++)
        if ((unsigned char)*src >= 0x20)
            dst[len++] = *src;
    while (len > 0 && dst[len - 1] == ' ')
        len--;
    dst[len] = '\0';
}

void format_write_header(FILE *out, const struct csv_format *f)
{
    for (size_t c = 0; c < f->ncols; c++)
        fprintf(out, "%s%s", c ? "," : "", column_name(f, c));
    fputc('\n', out);
}

void format_write_row(FILE *out, const struct csv_format *f, const void *row)
{
    const char *base = row;
    for (size_t c = 0; c < f->ncols; c++) {
        const struct column *col = &f->cols[c];
        const void *field = base + col->offset;
        char text[32];
        csv_put_sep(out, c == 0);
        if (col->type == COLUMN_TEXT) {
            csv_put_text(out, *(const char *const *)field);
        } else if (col->type == COLUMN_NUMBER) {
            csv_put_double(out, *(const double *)field, col->fmt);
        } else {
            uint64_t v = *(const uint64_t *)field;
            if (v != AXIS_EMPTY && v != AXIS_INVALID)
                fputs(schema_value_text(col->axis, v, text, sizeof(text)), out);
        }
    }
    csv_put_eol(out);
}

void format_path(const struct csv_format *f, const char *dir, char *buf, size_t n)
{
    size_t len = strlen(dir);
    snprintf(buf, n, "%s%s%s", dir, len && dir[len - 1] == '/' ? "" : "/", f->file);
}

struct outfile *format_create(const struct csv_format *f, const char *dir, char *err, size_t errlen)
{
    char path[4200];
    format_path(f, dir, path, sizeof(path));
    struct outfile *out = outfile_replace(path, err, errlen);
    if (out)
        format_write_header(out->f, f);
    return out;
}

int format_open(struct format_file *ff, const struct csv_format *fmt, const char *dir, char *err,
                size_t errlen)
{
    memset(ff, 0, sizeof(*ff));
    ff->fmt = fmt;
    format_path(fmt, dir, ff->path, sizeof(ff->path));
    for (size_t c = 0; c < fmt->ncols; c++)
        ff->col[c] = -1;
    if (csv_table_read(ff->path, &ff->t, err, errlen) < 0)
        return -1;
    for (size_t c = 0; c < fmt->ncols; c++)
        ff->col[c] = csv_table_col(&ff->t, column_name(fmt, c));
    return 0;
}

void format_close(struct format_file *ff)
{
    csv_table_free(&ff->t);
}

int format_has(const struct format_file *ff, size_t c)
{
    return ff->col[c] >= 0;
}

const char *format_cell(const struct format_file *ff, size_t r, size_t c)
{
    return csv_table_get(&ff->t, r, ff->col[c]);
}

int column_parse_number(const char *text, double *v)
{
    char *end;
    if (text[0] == '\0') {
        *v = NAN;
        return 0;
    }
    errno = 0;
    *v = strtod(text, &end);
    return (end == text || *end != '\0' || errno == ERANGE) ? -1 : 0;
}

/* An axis cell as its value, AXIS_EMPTY, AXIS_UNUSED ("-") or AXIS_INVALID. */
static uint64_t axis_value(int axis, const char *text)
{
    char why[160];
    uint64_t v;
    if (!text[0])
        return AXIS_EMPTY;
    if (strcmp(text, "-") == 0)
        return AXIS_UNUSED;
    if (schema_axes[axis].kind == AXIS_KIND_ENUM) {
        int i = schema_value_find(axis, text);
        return i < 0 ? AXIS_INVALID : (uint64_t)i;
    }
    return schema_parse_number_value(axis, text, &v, why, sizeof(why)) == 0 ? v : AXIS_INVALID;
}

void format_parse_row(const struct format_file *ff, size_t r, void *row)
{
    char *base = row;
    for (size_t c = 0; c < ff->fmt->ncols; c++) {
        const struct column *col = &ff->fmt->cols[c];
        const char *text = format_cell(ff, r, c);
        void *field = base + col->offset;
        if (col->type == COLUMN_TEXT)
            *(const char **)field = text;
        else if (col->type == COLUMN_AXIS)
            *(uint64_t *)field = axis_value(col->axis, text);
        else if (column_parse_number(text, (double *)field) < 0)
            *(double *)field = NAN;
    }
}

int format_axis(const struct format_file *ff, size_t r, size_t c, int flags, int *v,
                struct problems *p)
{
    char allowed[256];
    int axis = ff->fmt->cols[c].axis;
    const char *text = format_cell(ff, r, c);
    if (((flags & AXIS_OPTIONAL) && text[0] == '\0') ||
        ((flags & AXIS_DASH) && !strcmp(text, "-"))) {
        *v = schema_axes[axis].default_value;
        return 0;
    }
    *v = schema_value_find(axis, text);
    if (*v >= 0)
        return 0;
    problem(p, ff->t.lines[r], "%s '%s' is not one of %s", column_name(ff->fmt, c), text,
            schema_axis_allowed(axis, allowed, sizeof(allowed)));
    return -1;
}

int format_code(const struct format_file *ff, size_t r, size_t c, uint64_t *v, struct problems *p)
{
    char why[160];
    int axis = ff->fmt->cols[c].axis;
    const char *text = format_cell(ff, r, c);
    if (text[0] == '\0') {
        *v = (uint64_t)schema_axes[axis].default_value;
        return 0;
    }
    if (strcmp(text, "-") == 0) {
        *v = AXIS_UNUSED;
        return 0;
    }
    if (schema_parse_number_value(axis, text, v, why, sizeof(why)) == 0)
        return 0;
    problem(p, ff->t.lines[r], "%s '%s' is not %s", column_name(ff->fmt, c), text, why);
    return -1;
}

int format_number(const struct format_file *ff, size_t r, size_t c, int required, double *v,
                  struct problems *p)
{
    const char *text = format_cell(ff, r, c);
    if (column_parse_number(text, v) == 0 && !(required && isnan(*v)))
        return 0;
    if (text[0])
        problem(p, ff->t.lines[r], "%s '%s' is not a number", column_name(ff->fmt, c), text);
    else
        problem(p, ff->t.lines[r], "%s is empty%s", column_name(ff->fmt, c), p->where);
    return -1;
}

int format_check_bytes(const struct format_file *ff, size_t r, size_t c, double bytes,
                       struct problems *p)
{
    if (bytes >= 1 && bytes == floor(bytes))
        return 0;
    problem(p, ff->t.lines[r], "%s '%s' is not a whole number of bytes", column_name(ff->fmt, c),
            format_cell(ff, r, c));
    return -1;
}

/* Open o's file: 1 when read with every column it needs, 0 when absent, -1 after reporting. */
static int open_optional(struct format_file *ff, const struct optional_file *o, const char *dir,
                         struct problems *p)
{
    char err[512], path[4200];
    format_path(o->fmt, dir, path, sizeof(path));
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    if (format_open(ff, o->fmt, dir, err, sizeof(err)) < 0) {
        log_line(p->log, "%s%s%s", p->prefix, err, p->suffix);
        p->n++;
        return -1;
    }
    for (size_t c = 0; c < o->nneed; c++)
        if (!format_has(ff, (size_t)o->need[c]))
            problem(p, 1, "no column '%s' in the header", column_name(o->fmt, (size_t)o->need[c]));
    return p->n ? -1 : 1;
}

void *format_read_optional(const struct optional_file *o, const char *dir, const char *suffix,
                           size_t *n, FILE *log)
{
    struct format_file ff = {0};
    char *rows = NULL;
    struct problems p = {ff.path, "warning: ", suffix, "", log, 0};
    *n = 0;
    format_path(o->fmt, dir, ff.path, sizeof(ff.path));
    if (open_optional(&ff, o, dir, &p) <= 0)
        goto out;
    rows = calloc(ff.t.nrows ? ff.t.nrows : 1, o->row_size);
    if (!rows)
        problem(&p, 0, "out of memory");
    for (size_t i = 0; rows && i < ff.t.nrows; i++)
        if (o->read_row(&ff, i, rows + *n * o->row_size, &p) == 0)
            (*n)++;
    problems_end(&p);
    if (o->order && *n > 1)
        qsort(rows, *n, o->row_size, o->order);
out:
    if (p.n) {
        free(rows);
        rows = NULL;
        *n = 0;
    }
    format_close(&ff);
    return rows;
}
