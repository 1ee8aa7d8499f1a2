/*
 * csv.h - writing CSV fields and reading a whole CSV file into a table.
 *
 * Both sides follow RFC 4180 through libcsv: a field is quoted only when it
 * holds a comma, a double quote, CR or LF, and a quote inside is doubled.
 * The reader keeps spaces around unquoted fields (libcsv trims them by
 * default), so whatever csv_put_text writes reads back byte for byte.
 *
 * Note for builds: this header shares its name with libcsv's <csv.h>.  csv.c
 * includes both, so src/results/csv.c must be compiled without -Isrc/results
 * (the Makefile gives -Isrc, where <csv.h> is not this header).
 */
#ifndef PINSWEEP_CSV_H
#define PINSWEEP_CSV_H

#include <stddef.h>
#include <stdio.h>

/*
 * Write s as one field (no separator), quoted only when it must be.  A NULL
 * s writes an empty field.  Errors are left on f (check ferror at the end).
 */
void csv_put_text(FILE *f, const char *s);

/*
 * Write v with printf format fmt (for one double, e.g. "%.3f"; NULL means
 * "%.17g", which reads back exactly), or nothing when v is NaN: an empty
 * cell means "no value".
 */
void csv_put_double(FILE *f, double v, const char *fmt);

/* Write the separator before every field but the first of a row (first != 0: none). */
void csv_put_sep(FILE *f, int first);

/* End a row. */
void csv_put_eol(FILE *f);

/*
 * A CSV file in memory.  The first row is the header; every other row has
 * exactly ncols cells.  All strings are owned by the table.
 */
struct csv_table {
    char **header; /* ncols column names */
    size_t ncols;
    char **cells;  /* nrows * ncols, row-major; never NULL inside, "" when empty */
    size_t nrows;  /* data rows, not counting the header */
    size_t *lines; /* nrows: the 1-based line of the file each row starts on */
};

/*
 * Read the CSV file at path into *t (which need not be initialised).
 * Blank lines are skipped.  Returns 0, or -1 with one line in err: "PATH:
 * why" for a file that cannot be read or is empty, "PATH:LINE: why" for a
 * malformed or ragged row (the first such row; the count of others is
 * added).  On failure *t is left empty; csv_table_free is safe either way.
 */
int csv_table_read(const char *path, struct csv_table *t, char *err, size_t errlen);

/* Index of the column called name (exact match), or -1. */
int csv_table_col(const struct csv_table *t, const char *name);

/* The cell at row, col; "" when col < 0 or either is out of range.  Owned by t. */
const char *csv_table_get(const struct csv_table *t, size_t row, int col);

/* Free everything t holds and leave it empty. */
void csv_table_free(struct csv_table *t);

#endif
