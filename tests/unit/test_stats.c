/*
 * test_stats.c - summary statistics (stats.h) against values worked by hand.
 */
#include "check.h"
#include "base/stats.h"

int main(void)
{
    struct stats s;
    const double odd[] = {5, 1, 4, 2, 3};
    stats_compute(odd, 5, &s);
    CHECK("median of odd count", s.median == 3.0, "%g", s.median);
    CHECK("min", s.min == 1.0, "%g", s.min);
    CHECK("max", s.max == 5.0, "%g", s.max);
    CHECK("mean", s.mean == 3.0, "%g", s.mean);
    /* sample stddev of 1..5 = sqrt(2.5) */
    CHECK_NEAR("sample stddev", s.stddev, 1.5811388300841898, 1e-12);
    CHECK_NEAR("rsd_pct", s.rsd_pct, 52.70462766947299, 1e-12);
    CHECK("input untouched", odd[0] == 5 && odd[4] == 3, "input was sorted in place");

    const double even[] = {10, 40, 20, 30};
    stats_compute(even, 4, &s);
    CHECK("median of even count", s.median == 25.0, "%g", s.median);

    const double with_nan[] = {NAN, 2, NAN, 4};
    stats_compute(with_nan, 4, &s);
    CHECK("NaN skipped", s.n == 2 && s.median == 3.0 && s.min == 2.0, "n %zu median %g", s.n,
          s.median);

    const double one[] = {7};
    stats_compute(one, 1, &s);
    CHECK("single sample has zero stddev", s.stddev == 0.0 && s.rsd_pct == 0.0, "%g", s.stddev);

    const double none[] = {NAN};
    stats_compute(none, 1, &s);
    CHECK("no valid sample gives NaN", s.n == 0 && isnan(s.median) && isnan(s.mean), "n %zu", s.n);
    CHECK("stats_median", stats_median(even, 4) == 25.0, "%g", stats_median(even, 4));
    return check_exit();
}
