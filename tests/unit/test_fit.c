/*
 * test_fit.c - the latency-bandwidth fit recovers known t0 and B, and the
 * two regimes of a pageable copy are found where a model puts them.
 */
#include "check.h"
#include "analysis/fit.h"

static void synth(double t0_us, double gbps, double noise, double *n, double *t, size_t *k)
{
    *k = 0;
    for (double b = 4096; b <= 1073741824.0; b *= 2) {
        /* A fixed, alternating +-noise pattern: deterministic, unbiased. */
        double e = (*k % 2 ? 1 : -1) * noise * ((*k % 3) + 1) / 3.0;
        n[*k] = b;
        t[*k] = (t0_us + b / (gbps * 1e3)) * (1 + e);
        (*k)++;
    }
}

/*
 * A pageable copy as a model: 4 KiB to 1 GiB (x2), t0 + n/B_in up to
 * knee_bytes, then n / B_beyond (bandwidth in GB/s, times in us).
 */
static size_t two_regimes(double t0_us, double b_in, double knee_bytes, double b_beyond, double *n,
                          double *t)
{
    size_t k = 0;
    for (double b = 4096; b <= 1073741824.0; b *= 2, k++) {
        n[k] = b;
        t[k] = b <= knee_bytes ? t0_us + b / (b_in * 1e3) : b / (b_beyond * 1e3);
    }
    return k;
}

/* B = sum g^2 / sum g and the RMS of g / B - 1 over points [a, b) of the model, as fit.h says. */
static void expect_level(const double *n, const double *t, size_t a, size_t b, double *gbps,
                         double *resid)
{
    double s1 = 0, s2 = 0, ss = 0;
    for (size_t i = a; i < b; i++) {
        double g = n[i] / (t[i] * 1e3);
        s1 += g;
        s2 += g * g;
    }
    *gbps = s2 / s1;
    for (size_t i = a; i < b; i++)
        ss += (n[i] / (t[i] * 1e3) / *gbps - 1) * (n[i] / (t[i] * 1e3) / *gbps - 1);
    *resid = 100 * sqrt(ss / (double)(b - a));
}

static void test_regimes(void)
{
    double n[64], t[64], b, r;
    struct fit_regime in, beyond;
    /* 7 us + n / 15 GB/s up to 32 MiB, 8.5 GB/s from 64 MiB: the H200's pageable h2d. */
    size_t k = two_regimes(7.0, 15.0, 33554432, 8.5, n, t);
    /* The peak is 32 MiB's 14.95 GB/s, 3/4 of it 11.21: 256 KiB reads 10.71 and 512 KiB 12.50,
       so in-cache runs from 512 KiB (index 7) to 32 MiB (index 13). */
    CHECK("regimes: a drop beyond the cache is found", fit_regimes(n, t, k, &in, &beyond) == 1,
          "not found");
    CHECK("regimes: in-cache from 512 KiB to 32 MiB",
          in.from_bytes == 524288 && in.to_bytes == 33554432 && in.points == 7,
          "%g..%g, %zu points", in.from_bytes, in.to_bytes, in.points);
    CHECK("regimes: beyond-cache from 64 MiB to 1 GiB",
          beyond.from_bytes == 67108864 && beyond.to_bytes == 1073741824 && beyond.points == 5,
          "%g..%g, %zu points", beyond.from_bytes, beyond.to_bytes, beyond.points);
    expect_level(n, t, 7, 14, &b, &r);
    CHECK_NEAR("regimes: in-cache B = sum g^2 / sum g", in.bandwidth_gbps, b, 1e-12);
    CHECK_NEAR("regimes: in-cache residual", in.residual_pct, r, 1e-12);
    CHECK("regimes: in-cache residual is that of the rise", r > 1 && r < 10, "%g", r);
    CHECK_NEAR("regimes: beyond-cache B is the model's", beyond.bandwidth_gbps, 8.5, 1e-12);
    CHECK("regimes: beyond-cache residual is zero", beyond.residual_pct < 1e-9, "%g",
          beyond.residual_pct);

    /* No drop (a pinned copy, or pageable d2h): one regime, none reported. */
    k = two_regimes(7.0, 15.0, 2e9, 8.5, n, t);
    CHECK("regimes: none without a drop", fit_regimes(n, t, k, &in, &beyond) == 0, "found");
    /* A drop at the largest two sizes only: too few to be a regime. */
    k = two_regimes(7.0, 15.0, 268435456, 8.5, n, t);
    CHECK("regimes: none with two sizes beyond", fit_regimes(n, t, k, &in, &beyond) == 0,
          "found %zu beyond", beyond.points);
    /* ... and three are enough. */
    k = two_regimes(7.0, 15.0, 134217728, 8.5, n, t);
    CHECK("regimes: three sizes beyond are enough",
          fit_regimes(n, t, k, &in, &beyond) == 1 && beyond.points == 3 &&
              beyond.from_bytes == 268435456,
          "%zu beyond from %g", beyond.points, beyond.from_bytes);
    /* A fall of less than a fifth is not two regimes: 15 -> 12.6 GB/s (beyond 3/4 is not met). */
    k = two_regimes(7.0, 15.0, 33554432, 12.6, n, t);
    CHECK("regimes: a small fall is not two regimes", fit_regimes(n, t, k, &in, &beyond) == 0,
          "found");
}

int main(void)
{
    double n[64], t[64];
    size_t k;
    struct fit f;
    synth(7.0, 55.0, 0, n, t, &k);
    CHECK("exact data fits", fit_latency_bandwidth(n, t, k, &f) == 0, "rc");
    CHECK_NEAR("exact t0 recovered", f.t0_us, 7.0, 1e-6);
    CHECK_NEAR("exact B recovered", f.bandwidth_gbps, 55.0, 1e-6);
    CHECK_NEAR("n_half = t0 * B", f.n_half_bytes, 7.0 * 55.0 * 1e3, 1e-6);
    CHECK("exact residual is zero", f.residual_pct < 1e-6, "%g", f.residual_pct);

    synth(2.5, 25.0, 0.005, n, t, &k);
    fit_latency_bandwidth(n, t, k, &f);
    CHECK_NEAR("noisy (0.5%) t0 within 1%", f.t0_us, 2.5, 0.01);
    CHECK_NEAR("noisy (0.5%) B within 1%", f.bandwidth_gbps, 25.0, 0.01);
    CHECK("noisy residual reported", f.residual_pct > 0.1 && f.residual_pct < 1.0, "%g",
          f.residual_pct);

    CHECK("two points are refused", fit_latency_bandwidth(n, t, 2, &f) == -1, "accepted");
    double flat_n[3] = {1, 2, 3}, flat_t[3] = {5, 4, 3};
    CHECK("a falling curve is refused", fit_latency_bandwidth(flat_n, flat_t, 3, &f) == -1,
          "accepted, B %g", f.bandwidth_gbps);
    test_regimes();
    return check_exit();
}
