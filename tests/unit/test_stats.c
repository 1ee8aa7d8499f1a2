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

    /* Skewed samples, where median, mean, min and max all differ (symmetric inputs cannot tell
       a median from a mean).  Worked by hand: mean 116/5 = 23.2; squared deviations
       492.84 + 449.44 + 408.04 + 174.24 + 5898.24 = 7422.8; / 4 = 1855.7. */
    const double skewed[] = {100, 2, 10, 1, 3};
    stats_compute(skewed, 5, &s);
    CHECK("skewed: median is the middle value, not the mean", s.median == 3.0, "%g", s.median);
    CHECK("skewed: mean", s.mean == 23.2, "%.17g", s.mean);
    CHECK("skewed: min and max in their places", s.min == 1.0 && s.max == 100.0, "min %g max %g",
          s.min, s.max);
    CHECK_NEAR("skewed: sample stddev sqrt(1855.7)", s.stddev, 43.07783652877661, 1e-12);
    CHECK_NEAR("skewed: rsd_pct", s.rsd_pct, 185.6803298654164, 1e-11);
    CHECK("skewed: n", s.n == 5, "%zu", s.n);
    /* Even count, skewed: median (2 + 4) / 2 = 3; mean 107/4 = 26.75. */
    const double skewed_even[] = {4, 100, 1, 2};
    stats_compute(skewed_even, 4, &s);
    CHECK("skewed even: median averages the middle two", s.median == 3.0, "%g", s.median);
    CHECK("skewed even: mean", s.mean == 26.75, "%g", s.mean);
    CHECK_NEAR("skewed even: sample stddev", s.stddev, 48.849257926809905, 1e-12);
    CHECK("skewed even: stats_median", stats_median(skewed_even, 4) == 3.0, "%g",
          stats_median(skewed_even, 4));
    const double nan_skewed[] = {NAN, 50, 1, NAN, 2};
    CHECK("skewed with NaN: median of what is left", stats_median(nan_skewed, 5) == 2.0, "%g",
          stats_median(nan_skewed, 5));
    /* The 95 % prediction interval's half-width, t(0.975, n - 1) * s * sqrt(1 + 1/n), at the
       smallest n that has one: two values 10 and 20, s = sqrt(50), t(0.975, 1) =
       12.706204736174707 (tables).  One value has no spread to predict from: NaN. */
    const double two[] = {10, 20};
    stats_compute(two, 2, &s);
    CHECK_NEAR("pi95 of two values", stats_pi95_halfwidth(&s),
               12.706204736174707 * sqrt(50) * sqrt(1.5), 1e-9);
    stats_compute(one, 1, &s);
    CHECK("pi95 of one value is NaN", isnan(stats_pi95_halfwidth(&s)), "%g",
          stats_pi95_halfwidth(&s));
    return check_exit();
}
