/*
 * test_columns.c - unit tests of the column tables of every CSV format
 * (columns.c and each *_csv.c): every number column is written with full
 * precision.  A count or a size is a whole number, written as one; any
 * other number keeps at least 6 significant digits, or, for a time, the
 * nanosecond.  Values are written through each column's own format and
 * read back, so a column written with "%.3f" or "%.4f" fails here.
 */
#include "check.h"
#include "results/breakeven_csv.h"
#include "results/compare_csv.h"
#include "results/fits_csv.h"
#include "results/fleet_csv.h"
#include "results/hostmemcpy_csv.h"
#include "results/samples_csv.h"
#include "results/sentinel_csv.h"
#include "results/summary_csv.h"

#include <stdlib.h>

static const struct csv_format *const formats[] = {
    &summary_format,  &samples_format,    &fits_format,     &breakeven_format, &compare_format,
    &machines_format, &hostmemcpy_format, &sentinel_format, &fleet_format,
};

/* Columns that hold whole numbers: counts, indices, node numbers and sizes in bytes. */
static const char *const whole_columns[] = {
    "config",         "sample",       "round",         "copies",
    "size_bytes",     "batch",        "samples",       "rounds",
    "points",         "n_half_bytes", "gpu_numa_node", "bound_numa_node",
    "host_numa_node", "reading",      "after_config",  "disturbed_rounds",
    "staging_bytes",  "from_bytes",   "to_bytes",      "shard",
    "interval_n",
};

static int is_whole(const char *name)
{
    for (size_t i = 0; i < sizeof(whole_columns) / sizeof(whole_columns[0]); i++)
        if (strcmp(name, whole_columns[i]) == 0)
            return 1;
    return 0;
}

/* v written with a column's fmt (the writer's default when NULL), malloc'd. */
static char *cell(double v, const char *fmt)
{
    char *buf = NULL;
    return asprintf(&buf, fmt ? fmt : "%.17g", v) < 0 ? strdup("(out of memory)") : buf;
}

/* The nanosecond in a column's unit, for times; 0 for anything else. */
static double ns_in(const char *unit)
{
    return strcmp(unit, "s") == 0    ? 1e-9
           : strcmp(unit, "ms") == 0 ? 1e-6
           : strcmp(unit, "µs") == 0 ? 1e-3
                                     : 0;
}

/* Does every value of the column come back within half a unit of its 6th digit (or a ns)? */
static void check_precise(const struct csv_format *f, const struct column *c, const char *name)
{
    static const double values[] = {0.000123456789, 1.23456789, 9.87654321,
                                    98765.4321,     55.4321987, -3.14159265};
    char what[160];
    for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
        char *text = cell(values[i], c->fmt);
        double back = strtod(text, NULL), err = fabs(back - values[i]), ns = ns_in(c->unit);
        int ok = err <= 5e-6 * fabs(values[i]) || (ns > 0 && err <= 0.5 * ns);
        snprintf(what, sizeof(what), "%s %s: %.9g keeps 6 digits%s", f->file, name, values[i],
                 ns > 0 ? " or the ns" : "");
        CHECK(what, ok, "written as '%s' with %s", text, c->fmt ? c->fmt : "%.17g");
        free(text);
    }
}

/* Is a whole-number column written as the whole number, without an exponent or a point? */
static void check_whole(const struct csv_format *f, const struct column *c, const char *name)
{
    char what[160];
    char *text = cell(4294967296.0 * 3 + 7, c->fmt);
    snprintf(what, sizeof(what), "%s %s: a whole number as its digits", f->file, name);
    CHECK_STR(what, text, "12884901895");
    free(text);
}

int main(void)
{
    size_t numbers = 0;
    for (size_t k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
        const struct csv_format *f = formats[k];
        for (size_t i = 0; i < f->ncols; i++) {
            const struct column *c = &f->cols[i];
            if (c->type != COLUMN_NUMBER)
                continue;
            numbers++;
            if (is_whole(column_name(f, i)))
                check_whole(f, c, column_name(f, i));
            else
                check_precise(f, c, column_name(f, i));
        }
    }
    /* The loop must have seen the formats' number columns, not nothing. */
    CHECK("columns: every format's number columns were checked", numbers >= 80,
          "only %zu number columns", numbers);
    return check_exit();
}
