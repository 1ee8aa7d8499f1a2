/*
 * csv.c - CSV fields out and tables in, on top of libcsv (see csv.h).
 *
 * Reading streams the file through libcsv's callbacks: one per field, one
 * per row end.  Line numbers for messages are counted from the row ends
 * libcsv reports (CSV_REPALL_NL reports every unquoted CR and LF, so blank
 * lines are seen too) plus the line breaks inside quoted fields.
 */
#include <csv.h> /* libcsv; must resolve to the system header, see csv.h */
#include "results/csv.h"

#ifndef CSV_MAJOR
#error "<csv.h> resolved to src/results/csv.h, not libcsv's: compile without -Isrc/results"
#endif

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One field, through csv_fwrite only when it must be quoted (csv.h). */
void csv_put_text(FILE *f, const char *s)
{
    if (!s)
        return;
    if (strpbrk(s, ",\"\r\n"))
        csv_fwrite(f, s, strlen(s));
    else
        fputs(s, f);
}

/* One number, or an empty field for NaN (csv.h). */
void csv_put_double(FILE *f, double v, const char *fmt)
{
    if (isnan(v))
        return;
    fprintf(f, fmt ? fmt : "%.17g", v);
}

/* The comma before every field but a row's first (csv.h). */
void csv_put_sep(FILE *f, int first)
{
    if (!first)
        fputc(',', f);
}

/* The end of a row: a bare LF, as RFC 4180 readers (and libcsv) accept. */
void csv_put_eol(FILE *f)
{
    fputc('\n', f);
}

/* The state the libcsv callbacks share while one file is read. */
struct csv_reader {
    const char *path;
    struct csv_table *t;
    char **row; /* fields of the row being read (not kept after an error) */
    size_t nrow, caprow;
    size_t nfields; /* fields of the row being read, counted even after an error */
    size_t capcells, caplines;
    int have_header;
    size_t line;     /* the physical line being read, 1-based */
    size_t row_line; /* the line the current row started on */
    int after_cr;    /* the last row end was a CR: an LF next is the same line break */
    int failed;      /* set on the first error; later fields are ignored */
    size_t nragged;  /* ragged rows seen */
    char *err;
    size_t errlen;
};

/* Record the first error as "PATH[:LINE[:COL]]: why" (0 leaves a part out). */
static void reader_fail(struct csv_reader *r, size_t line, size_t col, const char *why)
{
    if (r->failed)
        return;
    r->failed = 1;
    if (line && col)
        snprintf(r->err, r->errlen, "%s:%zu:%zu: %s", r->path, line, col, why);
    else if (line)
        snprintf(r->err, r->errlen, "%s:%zu: %s", r->path, line, why);
    else
        snprintf(r->err, r->errlen, "%s: %s", r->path, why);
}

/* Line breaks inside a (quoted) field: LF, CR LF and a lone CR count once each. */
static size_t count_breaks(const char *s, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n')))
            n++;
    return n;
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 16;
    while (ncap < need)
        ncap *= 2;
    void *q = realloc(*p, ncap * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = ncap;
    return 0;
}

static void on_field(void *data, size_t len, void *ctx)
{
    struct csv_reader *r = ctx;
    r->after_cr = 0;
    if (r->nfields++ == 0)
        r->row_line = r->line;
    if (data)
        r->line += count_breaks(data, len);
    else
        len = 0;
    if (r->failed)
        return;
    char *s = malloc(len + 1);
    if (!s || grow((void **)&r->row, &r->caprow, r->nrow + 1, sizeof(char *)) < 0) {
        free(s);
        reader_fail(r, 0, 0, "out of memory");
        return;
    }
    if (len)
        memcpy(s, data, len);
    s[len] = '\0';
    r->row[r->nrow++] = s;
}

static void drop_row(struct csv_reader *r)
{
    for (size_t i = 0; i < r->nrow; i++)
        free(r->row[i]);
    r->nrow = 0;
}

/* Move the current row into the table as its header or as a data row. */
static void keep_row(struct csv_reader *r)
{
    struct csv_table *t = r->t;
    if (!r->have_header) {
        t->header = r->row;
        t->ncols = r->nrow;
        r->row = NULL;
        r->nrow = r->caprow = 0;
        r->have_header = 1;
        return;
    }
    if (grow((void **)&t->cells, &r->capcells, (t->nrows + 1) * t->ncols, sizeof(char *)) < 0 ||
        grow((void **)&t->lines, &r->caplines, t->nrows + 1, sizeof(size_t)) < 0) {
        reader_fail(r, 0, 0, "out of memory");
        drop_row(r);
        return;
    }
    memcpy(t->cells + t->nrows * t->ncols, r->row, t->ncols * sizeof(char *));
    t->lines[t->nrows++] = r->row_line;
    r->nrow = 0;
}

static void check_row_length(struct csv_reader *r)
{
    if (!r->have_header || r->nfields == r->t->ncols)
        return;
    char why[128];
    snprintf(why, sizeof(why), "row has %zu field%s but the header has %zu", r->nfields,
             r->nfields == 1 ? "" : "s", r->t->ncols);
    reader_fail(r, r->row_line, 0, why);
    r->nragged++;
}

static void on_row_end(int c, void *ctx)
{
    struct csv_reader *r = ctx;
    if (r->nfields > 0) {
        check_row_length(r);
        if (r->failed)
            drop_row(r);
        else
            keep_row(r);
        r->nfields = 0;
    }
    if (c == '\n' && r->after_cr)
        r->after_cr = 0;
    else if (c == '\n' || c == '\r')
        r->line++;
    if (c == '\r')
        r->after_cr = 1;
}

/* Spaces are data: libcsv's default trims them from unquoted fields. */
static int no_space(unsigned char c)
{
    (void)c;
    return 0;
}

/* 1-based line and column of byte pos of buf, given the line breaks before buf. */
static void locate(const char *buf, size_t pos, size_t nl_before, size_t *line, size_t *col)
{
    size_t start = pos;
    while (start > 0 && buf[start - 1] != '\n' && buf[start - 1] != '\r')
        start--;
    *line = 1 + nl_before + count_breaks(buf, pos);
    *col = pos - start + 1;
}

static void reader_fail_parse(struct csv_reader *r, struct csv_parser *p, size_t line, size_t col)
{
    char why[200];
    if (csv_error(p) == CSV_EPARSE)
        snprintf(why, sizeof(why),
                 "malformed CSV: a field holding a comma, quote or line "
                 "break must be quoted as a whole, with each quote inside doubled");
    else
        snprintf(why, sizeof(why), "%s", csv_strerror(csv_error(p)));
    reader_fail(r, line, col, why);
}

/* Feed the file to p; returns 0 or -1 (with r->err set). */
static int reader_feed(struct csv_reader *r, struct csv_parser *p, FILE *f)
{
    char buf[65536];
    size_t nl_before = 0; /* line breaks in the chunks already parsed */
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
        size_t done = csv_parse(p, buf, n, on_field, on_row_end, r);
        if (done < n) {
            size_t line, col;
            locate(buf, done, nl_before, &line, &col);
            reader_fail_parse(r, p, line, col);
            return -1;
        }
        nl_before += count_breaks(buf, n);
    }
    if (ferror(f)) {
        reader_fail(r, 0, 0, strerror(errno));
        return -1;
    }
    if (csv_fini(p, on_field, on_row_end, r) != 0) {
        reader_fail(r, r->row_line, 0, "a quoted field is not closed before the end of the file");
        return -1;
    }
    return r->failed ? -1 : 0;
}

/* Read a whole file into *t; see csv.h for the contract and the messages. */
int csv_table_read(const char *path, struct csv_table *t, char *err, size_t errlen)
{
    struct csv_reader r = {.path = path, .t = t, .line = 1, .err = err, .errlen = errlen};
    struct csv_parser p;
    int parser_ready = 0;
    int rc = -1;
    memset(t, 0, sizeof(*t));
    FILE *f = fopen(path, "rb");
    if (!f) {
        reader_fail(&r, 0, 0, strerror(errno));
        goto out;
    }
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL | CSV_APPEND_NULL) != 0) {
        reader_fail(&r, 0, 0, "out of memory");
        goto out;
    }
    parser_ready = 1;
    csv_set_space_func(&p, no_space);
    if (reader_feed(&r, &p, f) < 0)
        goto out;
    if (!r.have_header) {
        reader_fail(&r, 0, 0, "the file is empty; expected a header row");
        goto out;
    }
    rc = 0;
out:
    if (rc < 0 && r.nragged > 1 && errlen > 0) {
        size_t len = strlen(err);
        snprintf(err + len, errlen - len, " (and %zu more row%s like it)", r.nragged - 1,
                 r.nragged == 2 ? "" : "s");
    }
    drop_row(&r);
    free(r.row);
    if (parser_ready)
        csv_free(&p);
    if (f)
        fclose(f);
    if (rc < 0)
        csv_table_free(t);
    return rc;
}

/* A linear search: tables have tens of columns. */
int csv_table_col(const struct csv_table *t, const char *name)
{
    for (size_t i = 0; i < t->ncols; i++)
        if (strcmp(t->header[i], name) == 0)
            return (int)i;
    return -1;
}

/* The cell, or "" out of range (csv.h). */
const char *csv_table_get(const struct csv_table *t, size_t row, int col)
{
    if (col < 0 || (size_t)col >= t->ncols || row >= t->nrows)
        return "";
    return t->cells[row * t->ncols + (size_t)col];
}

/* Free all of t; safe on an empty or zeroed table. */
void csv_table_free(struct csv_table *t)
{
    for (size_t i = 0; i < t->ncols && t->header; i++)
        free(t->header[i]);
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->header);
    free(t->cells);
    free(t->lines);
    memset(t, 0, sizeof(*t));
}
