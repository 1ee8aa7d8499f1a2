/*
 * test_breakeven.c - the break-even's interval (analysis/breakeven.h)
 * against values worked by hand: a 1 MB copy (1000 µs at 1 GB/s), alloc +
 * free 1 ms, pageable's GB/s interval 10–12.5 and the kind's 40–50: the
 * saving per copy is 1000/12.5 - 1000/40 = 55 µs at least and
 * 1000/10 - 1000/50 = 80 µs at most, so the copies' interval is
 * 1000/80 = 12.5 to 1000/55 = 18.18.
 */
#include "check.h"
#include "analysis/breakeven.h"
#include "analysis/interval.h"
#include "results/breakeven_csv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct interval gbps(double lo, double hi)
{
    struct interval iv = {0};
    iv.median = (lo + hi) / 2;
    iv.lo = lo;
    iv.hi = hi;
    return iv;
}

static void check_resolved(void)
{
    struct breakeven_row b = {.size_bytes = 1e6, .alloc_ms = 0.9, .free_ms = 0.1, .copies = 15};
    struct interval p = gbps(10, 12.5), k = gbps(40, 50);
    double lo, hi, v = breakeven_interval(&b, &p, &k, &lo, &hi);
    double cost_us = (0.9 + 0.1) * 1000, us = 1e6 / 1e3;
    CHECK("resolved: the copies of breakeven.csv", v == 15, "%g", v);
    CHECK("resolved: lo = cost / (us/pageable.lo - us/kind.hi)",
          lo == cost_us / (us / 10 - us / 50), "%.17g", lo);
    CHECK("resolved: hi = cost / (us/pageable.hi - us/kind.lo)",
          hi == cost_us / (us / 12.5 - us / 40), "%.17g", hi);
    CHECK_NEAR("resolved: lo = 1000 / 80", lo, 12.5, 1e-12);
    CHECK_NEAR("resolved: hi = 1000 / 55", hi, 1000.0 / 55, 1e-12);
    CHECK("resolved: status pays", breakeven_status(&b, &p, &k) == BREAKEVEN_PAYS, "%d",
          breakeven_status(&b, &p, &k));
}

static void check_unresolved(void)
{
    /* the kind's slowest (30) is slower than pageable's fastest (40): the least saving < 0 */
    struct breakeven_row b = {.size_bytes = 1e6, .alloc_ms = 0.9, .free_ms = 0.1, .copies = 15};
    struct interval p = gbps(10, 40), k = gbps(30, 50);
    double lo, hi, v = breakeven_interval(&b, &p, &k, &lo, &hi);
    CHECK("unresolved: NaN", isnan(v) && isnan(hi), "v %g hi %g", v, hi);
    CHECK_NEAR("unresolved: lo still from the most saving, 1000 / 80", lo, 12.5, 1e-12);
    CHECK("unresolved: status", breakeven_status(&b, &p, &k) == BREAKEVEN_UNRESOLVED, "%d",
          breakeven_status(&b, &p, &k));
    /* no saving at either end (the kind's fastest is pageable's slowest): both NaN */
    struct interval pageable = gbps(10, 50), slower = gbps(5, 10);
    v = breakeven_interval(&b, &pageable, &slower, &lo, &hi);
    CHECK("no saving at either end: lo and hi NaN", isnan(v) && isnan(lo) && isnan(hi),
          "v %g lo %g hi %g", v, lo, hi);
}

static void check_without(void)
{
    struct breakeven_row b = {.size_bytes = 1e6, .alloc_ms = 0.9, .free_ms = 0.1, .copies = 15};
    struct interval p = gbps(10, 12.5), k = gbps(40, 50);
    double lo, hi, v = breakeven_interval(&b, NULL, &k, &lo, &hi);
    CHECK("no pageable copy at its size: the copies, no interval", v == 15 && lo == 15 && hi == 15,
          "v %g lo %g hi %g", v, lo, hi);
    v = breakeven_interval(&b, &p, NULL, &lo, &hi);
    CHECK("no copy of its kind at its size: the copies, no interval",
          v == 15 && lo == 15 && hi == 15, "v %g lo %g hi %g", v, lo, hi);
    b.free_ms = NAN;
    v = breakeven_interval(&b, &p, &k, &lo, &hi);
    CHECK("no cost: the copies, no interval", v == 15 && lo == 15 && hi == 15, "v %g lo %g hi %g",
          v, lo, hi);
    struct breakeven_row never = {.size_bytes = 1e6, .alloc_ms = 1, .free_ms = 0, .copies = NAN};
    v = breakeven_interval(&never, &p, &k, &lo, &hi);
    CHECK("never pays off: NaN, lo and hi NaN", isnan(v) && isnan(lo) && isnan(hi),
          "v %g lo %g hi %g", v, lo, hi);
    CHECK("never pays off: status never", breakeven_status(&never, &p, &k) == BREAKEVEN_NEVER, "%d",
          breakeven_status(&never, &p, &k));
    CHECK("without intervals: status pays", breakeven_status(&b, NULL, NULL) == BREAKEVEN_PAYS,
          "%d", breakeven_status(&b, NULL, NULL));
}

/*
 * breakeven_write on a folder: a page-locked reuse row pays off against the pageable
 * reuse row of its size, direction and api, with the alloc + free of its reallocate row;
 * a size without a pageable row (2 MiB here) has no break-even, and no other row stands
 * in for the missing one. 1 MiB: (1 + 0.5) ms / (100 - 25) µs = 20 copies.
 */
static void check_written(void)
{
    char dir[] = "/tmp/pinsweep-test-breakeven-XXXXXX", path[160], line[256] = "", err[256] = "";
    if (!mkdtemp(dir)) {
        CHECK("a temporary folder", 0, "mkdtemp failed");
        return;
    }
    snprintf(path, sizeof(path), "%s/summary.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        CHECK("summary.csv written", 0, "%s", path);
        return;
    }
    fputs("experiment,alloc,direction,buffer,api,size_bytes,us_per_copy_median,alloc_ms_median,"
          "free_ms_median,status\n"
          "x,pageable,h2d,reuse,sync,1048576,100,,,ok\n"
          "x,pinned,h2d,reuse,sync,1048576,25,,,ok\n"
          "x,pinned,h2d,reallocate,sync,1048576,30,1,0.5,ok\n"
          "x,pinned,h2d,reuse,sync,2097152,45,,,ok\n",
          f);
    fclose(f);
    int rc = breakeven_write(dir, NULL, err, sizeof(err));
    CHECK("one row written: 1 MiB; 2 MiB has no pageable row", rc == 1, "rc %d: %s", rc, err);
    snprintf(path, sizeof(path), "%s/breakeven.csv", dir);
    int rows = 0;
    if ((f = fopen(path, "r"))) {
        char buf[256];
        while (fgets(buf, sizeof(buf), f))
            if (rows++ == 1)
                snprintf(line, sizeof(line), "%s", buf);
        fclose(f);
    }
    CHECK("breakeven.csv: a header and one row", rows == 2, "%d lines", rows);
    CHECK("the row: pinned h2d sync 1 MiB, alloc 1 ms, free 0.5 ms, 100 and 25 µs, 20 copies",
          strcmp(line, "pinned,h2d,sync,1048576,1,0.5,100,25,20\n") == 0, "'%s'", line);
    unlink(path);
    snprintf(path, sizeof(path), "%s/summary.csv", dir);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    check_written();
    check_resolved();
    check_unresolved();
    check_without();
    return check_exit();
}
