/*
 * breakeven.c - breakeven.csv from summary.csv (see breakeven.h).
 */
#include "analysis/breakeven.h"
#include "analysis/fit.h"
#include "analysis/interval.h"
#include "results/outdir.h"
#include "results/breakeven_csv.h"
#include "results/summary_csv.h"
#include "experiment/schema.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

double breakeven_copies(double alloc_free_ms, double pageable_us, double pinned_us)
{
    double saved_us = pageable_us - pinned_us;
    if (!(saved_us > 0) || !(alloc_free_ms >= 0))
        return NAN;
    return alloc_free_ms * 1e3 / saved_us;
}

double breakeven_interval(const struct breakeven_row *b, const struct interval *pageable,
                          const struct interval *kind, double *lo, double *hi)
{
    double cost_us = (b->alloc_ms + b->free_ms) * 1000;
    *lo = *hi = b->copies;
    if (!pageable || !kind || isnan(b->copies) || isnan(cost_us))
        return b->copies;
    /* microseconds per copy at a rate of gbps: bytes / (gbps * 1e3); the saving's least and
       most at the ends of both copies' intervals */
    double us = b->size_bytes / 1e3;
    double save_lo = us / pageable->hi - us / kind->lo;
    double save_hi = us / pageable->lo - us / kind->hi;
    *lo = save_hi > 0 ? cost_us / save_hi : NAN;
    *hi = save_lo > 0 ? cost_us / save_lo : NAN;
    return isnan(*hi) ? NAN : b->copies;
}

enum breakeven_status breakeven_status(const struct breakeven_row *b,
                                       const struct interval *pageable, const struct interval *kind)
{
    double lo, hi;
    if (isnan(b->copies))
        return BREAKEVEN_NEVER;
    return isnan(breakeven_interval(b, pageable, kind, &lo, &hi)) ? BREAKEVEN_UNRESOLVED
                                                                  : BREAKEVEN_PAYS;
}

/* A number as atof read its cell: 0 when empty. */
static double or_zero(double v)
{
    return isnan(v) ? 0 : v;
}

/* 1 when r's buffer is in the default place (numa any, pages default), or the folder predates them.
 */
static int default_place(const struct summary_row *r)
{
    uint64_t numa = r->axis[AXIS_NUMA], pages = r->axis[AXIS_PAGES];
    return (numa == AXIS_EMPTY || numa == NUMA_ANY) &&
           (pages == AXIS_EMPTY || pages == PAGES_DEFAULT || pages == AXIS_UNUSED);
}

/* Does axis a of r hold v, or is it empty (an older folder) where v is the default? */
static int is_or_empty(const struct summary_row *r, int a, uint64_t v)
{
    return r->axis[a] == v || r->axis[a] == AXIS_EMPTY;
}

/* Row of s with these values (cache warm, touch prefaulted, status ok), or -1; api NULL: any. */
static long find_row(const struct summary_file *s, uint64_t alloc, uint64_t dir, uint64_t buffer,
                     const uint64_t *api, double size)
{
    for (size_t i = 0; i < s->nrows; i++) {
        const struct summary_row *r = &s->rows[i];
        if (summary_ok(r) && r->axis[AXIS_ALLOC] == alloc && r->axis[AXIS_DIRECTION] == dir &&
            r->axis[AXIS_BUFFER] == buffer && (!api || r->axis[AXIS_API] == *api) &&
            r->size_bytes == size && is_or_empty(r, AXIS_CACHE, CACHE_WARM) &&
            is_or_empty(r, AXIS_TOUCH, TOUCH_PREFAULTED) && default_place(r))
            return (long)i;
    }
    return -1;
}

/* For reuse row r of a page-locked kind, write its breakeven row; 1 when written. */
static int one_row(FILE *f, const struct summary_file *s, const struct summary_row *r)
{
    uint64_t alloc = r->axis[AXIS_ALLOC], dir = r->axis[AXIS_DIRECTION], api = r->axis[AXIS_API];
    long page = find_row(s, ALLOC_PAGEABLE, dir, BUFFER_REUSE, &api, r->size_bytes);
    long re = find_row(s, alloc, dir, BUFFER_REALLOCATE, &api, r->size_bytes);
    if (re < 0)
        re = find_row(s, alloc, dir, BUFFER_REALLOCATE, NULL,
                      r->size_bytes); /* allocation ignores api */
    if (page < 0 || re < 0)
        return 0;
    struct breakeven_row b = {alloc, dir, api, r->size_bytes};
    b.alloc_ms = or_zero(s->rows[re].alloc_ms);
    b.free_ms = or_zero(s->rows[re].free_ms);
    b.pageable_us = or_zero(s->rows[page].us_per_copy);
    b.pinned_us = or_zero(r->us_per_copy);
    b.copies = breakeven_copies(b.alloc_ms + b.free_ms, b.pageable_us, b.pinned_us);
    format_write_row(f, &breakeven_format, &b);
    return 1;
}

int breakeven_write(const char *results_dir, FILE *table, char *err, size_t errlen)
{
    struct summary_file s;
    char path[4200];
    int written = 0;
    if (summary_read(&s, results_dir, err, errlen) < 0) {
        summary_close(&s);
        return FIT_EINPUT;
    }
    format_path(&breakeven_format, results_dir, path, sizeof(path));
    struct outfile *o = NULL;
    int header = 0;
    for (size_t i = 0; i < s.nrows; i++) {
        const struct summary_row *r = &s.rows[i];
        if (r->axis[AXIS_ALLOC] == ALLOC_PAGEABLE || r->axis[AXIS_BUFFER] != BUFFER_REUSE ||
            r->axis[AXIS_DIRECTION] == DIR_BIDIR || !default_place(r))
            continue;
        if (!o && !(o = outfile_replace(path, err, errlen))) {
            summary_close(&s);
            return FIT_EWRITE;
        }
        if (!header++)
            format_write_header(o->f, &breakeven_format);
        written += one_row(o->f, &s, r);
    }
    if (written == 0) {
        outfile_discard(o);
        unlink(path); /* an old one must not outlive the data it came from */
    } else if (outfile_close(o, err, errlen) < 0) {
        written = FIT_EWRITE;
    } else if (table) {
        fprintf(table,
                "%s: %d rows (copies before allocating a page-locked buffer "
                "pays off, per kind and size)\n",
                breakeven_format.file, written);
    }
    summary_close(&s);
    return written;
}
