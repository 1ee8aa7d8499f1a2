/*
 * breakeven.c - breakeven.csv from summary.csv (see breakeven.h).
 */
#include "analysis/breakeven.h"
#include "results/csv.h"
#include "experiment/schema.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double breakeven_copies(double alloc_free_ms, double pageable_us, double pinned_us)
{
    double saved_us = pageable_us - pinned_us;
    if (!(saved_us > 0) || !(alloc_free_ms >= 0))
        return NAN;
    return alloc_free_ms * 1e3 / saved_us;
}

/* The columns it reads, by name. */
enum {
    C_ALLOC,
    C_DIR,
    C_BUFFER,
    C_API,
    C_CACHE,
    C_TOUCH,
    C_SIZE,
    C_US,
    C_AMS,
    C_FMS,
    C_STATUS,
    C_NUMA,
    C_PAGES,
    C_N
};
static const char *const col_names[C_N] = {
    "alloc",           "direction",      "buffer",     "api",
    "cache",           "touch",          "size_bytes", "us_per_copy_median",
    "alloc_ms_median", "free_ms_median", "status",     "numa",
    "pages"};

struct cols {
    int c[C_N];
};

static const char *get(const struct csv_table *t, const struct cols *k, size_t r, int which)
{
    return csv_table_get(t, r, k->c[which]);
}

/* 1 when row r's buffer is in the default place (numa any, pages default), or the folder predates them. */
static int default_place(const struct csv_table *t, const struct cols *k, size_t r)
{
    const char *numa = get(t, k, r, C_NUMA), *pages = get(t, k, r, C_PAGES);
    return (!*numa || strcmp(numa, "any") == 0) &&
           (!*pages || strcmp(pages, "default") == 0 || strcmp(pages, "-") == 0);
}

/* Row of t with these values (cache warm, touch prefaulted, status ok), or -1; api NULL: any. */
static long find_row(const struct csv_table *t, const struct cols *k, const char *alloc,
                     const char *dir, const char *buffer, const char *api, const char *size)
{
    for (size_t r = 0; r < t->nrows; r++) {
        const char *cache = get(t, k, r, C_CACHE), *touch = get(t, k, r, C_TOUCH);
        if (strcmp(get(t, k, r, C_STATUS), "ok") == 0 &&
            strcmp(get(t, k, r, C_ALLOC), alloc) == 0 && strcmp(get(t, k, r, C_DIR), dir) == 0 &&
            strcmp(get(t, k, r, C_BUFFER), buffer) == 0 &&
            (!api || strcmp(get(t, k, r, C_API), api) == 0) &&
            strcmp(get(t, k, r, C_SIZE), size) == 0 && (!*cache || strcmp(cache, "warm") == 0) &&
            (!*touch || strcmp(touch, "prefaulted") == 0) && default_place(t, k, r))
            return (long)r;
    }
    return -1;
}

/* For reuse row r of a page-locked kind, write its breakeven row; 1 when written. */
static int one_row(FILE *f, const struct csv_table *t, const struct cols *k, size_t r)
{
    const char *alloc = get(t, k, r, C_ALLOC), *dir = get(t, k, r, C_DIR),
               *api = get(t, k, r, C_API), *size = get(t, k, r, C_SIZE);
    long page = find_row(t, k, "pageable", dir, "reuse", api, size);
    long re = find_row(t, k, alloc, dir, "reallocate", api, size);
    if (re < 0)
        re = find_row(t, k, alloc, dir, "reallocate", NULL, size); /* allocation ignores api */
    if (page < 0 || re < 0)
        return 0;
    double ams = atof(get(t, k, (size_t)re, C_AMS)), fms = atof(get(t, k, (size_t)re, C_FMS));
    double pus = atof(get(t, k, (size_t)page, C_US)), kus = atof(get(t, k, r, C_US));
    double n = breakeven_copies(ams + fms, pus, kus);
    fprintf(f, "%s,%s,%s,%s,%.6g,%.6g,%.6g,%.6g,", alloc, dir, api, size, ams, fms, pus, kus);
    csv_put_double(f, n, "%.4g");
    fputc('\n', f);
    return 1;
}

int breakeven_write(const char *results_dir, FILE *table, char *err, size_t errlen)
{
    struct csv_table t;
    struct cols k;
    char path[4200];
    int written = 0;
    snprintf(path, sizeof(path), "%s/summary.csv", results_dir);
    if (csv_table_read(path, &t, err, errlen) < 0)
        return -1;
    for (int i = 0; i < C_N; i++)
        k.c[i] = csv_table_col(&t, col_names[i]);
    snprintf(path, sizeof(path), "%s/breakeven.csv", results_dir);
    remove(path); /* an old one must not outlive the data it came from */
    FILE *f = NULL;
    for (size_t r = 0; r < t.nrows; r++) {
        const char *alloc = get(&t, &k, r, C_ALLOC);
        if (strcmp(alloc, "pageable") == 0 || strcmp(get(&t, &k, r, C_BUFFER), "reuse") != 0 ||
            strcmp(get(&t, &k, r, C_DIR), "bidir") == 0 || !default_place(&t, &k, r))
            continue;
        if (!f && !(f = fopen(path, "w"))) {
            snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
            csv_table_free(&t);
            return -1;
        }
        if (written == 0 && ftell(f) == 0)
            fprintf(f, "alloc,direction,api,size_bytes,alloc_ms,free_ms,pageable_us_per_copy,"
                       "pinned_us_per_copy,breakeven_copies\n");
        written += one_row(f, &t, &k, r);
    }
    if (f && fclose(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        written = -1;
    }
    if (written == 0)
        remove(path);
    else if (written > 0 && table)
        fprintf(table,
                "breakeven.csv: %d rows (copies before allocating a page-locked buffer "
                "pays off, per kind and size)\n",
                written);
    csv_table_free(&t);
    return written;
}
