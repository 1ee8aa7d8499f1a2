/*
 * test_fit.c - the latency-bandwidth fit recovers known t0 and B, and the
 * two regimes of a pageable copy are found where a model puts them.
 */
#include "check.h"
#include "analysis/fit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/*
 * A folder of two GPUs' rows: pinned d2h at 1, 4 and 16 MiB, GPU 0 at 50 GB/s and GPU 1 at
 * 40 (no fixed cost).  Each GPU is its own curve: fits.csv and the table have a fit of each,
 * the table naming its GPU; one curve of both would read their mix.
 */
static void test_devices(void)
{
    char dir[] = "/tmp/pinsweep-test-fit-XXXXXX", path[128], err[256], *table = NULL;
    size_t len = 0;
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
    fprintf(f, "experiment,alloc,direction,buffer,api,size_bytes,gbps_median,us_per_copy_median,"
               "status,device\n");
    for (int dev = 0; dev < 2; dev++)
        for (double mib = 1; mib <= 16; mib *= 4) {
            double bytes = mib * 1048576, gbps = dev ? 40 : 50;
            fprintf(f, "x,pinned,d2h,reuse,sync,%.0f,%g,%.9g,ok,%d\n", bytes, gbps,
                    bytes / (gbps * 1e3), dev);
        }
    fclose(f);
    FILE *t = open_memstream(&table, &len);
    int rc = fit_results(dir, t, err, sizeof(err));
    fclose(t);
    CHECK("two GPUs: two curves fitted", rc == 2, "rc %d: %s", rc, rc < 0 ? err : "");
    CHECK("the table names each fit's GPU, each at its own bandwidth",
          table && strstr(table, "     50.00 ") && strstr(table, "     40.00 ") &&
              strstr(table, " GPU 0\n") && strstr(table, " GPU 1\n") &&
              strstr(strstr(table, "     40.00 "), " GPU 1\n"),
          "%s", table ? table : "");
    free(table);
    unlink(path);
    snprintf(path, sizeof(path), "%s/fits.csv", dir);
    unlink(path);
    rmdir(dir);
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
    test_devices();
    return check_exit();
}
