/*
 * test_fit.c - the latency-bandwidth fit recovers known t0 and B, and the
 * two regimes of a pageable copy are found where a model puts them; which
 * fits describe their curve, and a fit's model bandwidth worked by hand.
 */
#include "check.h"
#include "analysis/fit.h"
#include "results/fits_csv.h"

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

/* Write text into dir/name; 0 or -1. */
static int write_file(const char *dir, const char *name, const char *text)
{
    char path[160];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* The line of dir/fits.csv that starts with prefix, into buf; buf "" when none. */
static void fits_line(const char *dir, const char *prefix, char *buf, size_t n)
{
    char path[160];
    snprintf(path, sizeof(path), "%s/fits.csv", dir);
    FILE *f = fopen(path, "r");
    buf[0] = '\0';
    while (f && fgets(buf, (int)n, f))
        if (strncmp(buf, prefix, strlen(prefix)) == 0) {
            buf[strcspn(buf, "\n")] = '\0';
            fclose(f);
            return;
        }
    buf[0] = '\0';
    if (f)
        fclose(f);
}

/*
 * The reviewer's Table 8: a fit with t0 = -5.04 µs (at 11.91 GB/s) was tabled as a latency and
 * its n_half t0 B, negative, printed as 18446744 TB.  Exact points of t = -5.04 + n/B (1, 4,
 * 16 MiB: all > 0) fit with that t0; a negative t0 is not fitting: status negative-t0, no t0,
 * B or n_half in the fit or fits.csv, read back so; an older fits.csv without the status
 * column whose t0 is negative reads as not fitting too.  Points of t = n/B exactly have a t0
 * of 0 (rounding is not a negative t0) and n_half 0, never below.
 */
static void test_negative_t0(void)
{
    double n[3] = {1048576, 4194304, 16777216}, t[3];
    struct fit f;
    for (int i = 0; i < 3; i++)
        t[i] = -5.04 + n[i] / (11.91 * 1e3);
    CHECK("t0 < 0: not fitting (1)", fit_latency_bandwidth(n, t, 3, &f) == 1, "rc");
    CHECK("t0 < 0: status negative-t0, t0, B and n_half NaN",
          f.status == FIT_NEGATIVE_T0 && isnan(f.t0_us) && isnan(f.bandwidth_gbps) &&
              isnan(f.n_half_bytes),
          "status %d t0 %g B %g n_half %g", f.status, f.t0_us, f.bandwidth_gbps, f.n_half_bytes);
    CHECK("t0 < 0: points and residual kept", f.points == 3 && f.residual_pct < 1e-6,
          "points %zu residual %g", f.points, f.residual_pct);
    for (int i = 0; i < 3; i++)
        t[i] = n[i] / (40 * 1e3);
    CHECK("t = n/B exactly fits", fit_latency_bandwidth(n, t, 3, &f) == 0, "status %d", f.status);
    CHECK("t = n/B: t0 and n_half 0, not below",
          f.t0_us == 0 && f.n_half_bytes == 0 && !signbit(f.n_half_bytes), "t0 %g n_half %g",
          f.t0_us, f.n_half_bytes);
    /* summary.csv's times to the nanosecond (%.3f µs), as fit_results reads them: GPU 1 of
       tests/gpus.sh at 40 GB/s, 26.214, 104.858 and 419.430 µs, fit with t0 -0.0003 */
    for (int i = 0; i < 3; i++)
        t[i] = round(n[i] / (40 * 1e3) * 1e3) / 1e3;
    CHECK("t = n/B to the nanosecond fits: t0 0, not a negative one",
          fit_latency_bandwidth(n, t, 3, &f) == 0 && f.t0_us == 0 && f.n_half_bytes == 0,
          "status %d t0 %g", f.status, f.t0_us);
    for (int i = 0; i < 3; i++)
        t[i] = -0.002 + n[i] / (40 * 1e3); /* two nanoseconds below 0: not rounding */
    CHECK("t0 = -2 ns is not fitting", fit_latency_bandwidth(n, t, 3, &f) == 1, "t0 %g", f.t0_us);
    for (int i = 0; i < 3; i++)
        t[i] = 0.01 + n[i] / (40 * 1e3);
    fit_latency_bandwidth(n, t, 3, &f);
    CHECK_NEAR("a tiny t0 (0.01 µs) is a fit", f.t0_us, 0.01, 1e-6);
    CHECK_NEAR("a tiny t0: n_half = t0 B = 400 bytes", f.n_half_bytes, 400, 1e-6);

    char dir[] = "/tmp/pinsweep-test-fit-t0-XXXXXX", line[512], summary[1024] = "";
    size_t len = 0;
    if (!mkdtemp(dir)) {
        CHECK("a temporary folder", 0, "mkdtemp failed");
        return;
    }
    len += (size_t)snprintf(summary, sizeof(summary),
                            "experiment,alloc,direction,buffer,api,size_bytes,gbps_median,"
                            "us_per_copy_median,status\n");
    for (int i = 0; i < 3; i++)
        len += (size_t)snprintf(summary + len, sizeof(summary) - len,
                                "x,pageable,h2d,reuse,sync,%.0f,1,%.9g,ok\n", n[i],
                                -5.04 + n[i] / (11.91 * 1e3));
    char err[256], *table = NULL;
    size_t tlen = 0;
    FILE *tf = open_memstream(&table, &tlen);
    int rc = write_file(dir, "summary.csv", summary) < 0 ? -9 : fit_results(dir, tf, err, 256);
    fclose(tf);
    CHECK("fit_results: the curve is counted", rc == 1, "rc %d", rc);
    /* the run's table: no t0 or B, the residual, and why (the row of a curve without variants) */
    CHECK("the fit table says the curve is not fitting",
          table && strstr(table, "\npageable             h2d   sync           -          -") &&
              strstr(table, "  not fitting: t0 < 0\n"),
          "%s", table ? table : "");
    free(table);
    fits_line(dir, "x,pageable,h2d,reuse,sync,", line, sizeof(line));
    CHECK("fits.csv: status negative-t0, t0_us, bandwidth_gbps and n_half_bytes empty",
          strstr(line, ",all,1048576,16777216,3,,,,") != NULL && strlen(line) > 13 &&
              strcmp(line + strlen(line) - 13, ",,negative-t0") == 0,
          "'%s'", line);
    size_t nf = 0;
    struct fit_row *fr = fits_read(dir, &nf, stderr);
    CHECK("fits_read: not fitting, no numbers",
          fr && nf == 1 && fr[0].status_id == FIT_NEGATIVE_T0 && isnan(fr[0].t0_us) &&
              isnan(fr[0].n_half_bytes),
          "n %zu status %d", nf, fr ? fr[0].status_id : -1);
    free(fr);
    /* A fits.csv from before the status column, with the reviewer's row. */
    write_file(dir, "fits.csv",
               "experiment,alloc,direction,buffer,api,from_bytes,to_bytes,points,t0_us,"
               "bandwidth_gbps,n_half_bytes,residual_pct\n"
               "x,pageable,h2d,reuse,sync,1048576,16777216,3,-5.04,11.91,-60026,28.7\n"
               "x,pinned,h2d,reuse,sync,1048576,16777216,3,8.27,54.96,454520,0\n");
    fr = fits_read(dir, &nf, stderr);
    CHECK("an older fits.csv: its negative t0 is not fitting, its positive one fits",
          fr && nf == 2 && fr[0].status_id == FIT_NEGATIVE_T0 && isnan(fr[0].t0_us) &&
              isnan(fr[0].n_half_bytes) && fr[1].status_id == FIT_OK && fr[1].t0_us == 8.27,
          "n %zu", nf);
    free(fr);
    char path[160];
    snprintf(path, sizeof(path), "%s/fits.csv", dir);
    unlink(path);
    snprintf(path, sizeof(path), "%s/summary.csv", dir);
    unlink(path);
    rmdir(dir);
}

/* fit_describes: ok, at least FIT_MIN_POINTS sizes, a residual under FIT_MAX_RESIDUAL_PCT. */
static void test_describes(void)
{
    struct fit_row f = {.status_id = FIT_OK, .points = 5, .residual_pct = 4.99};
    CHECK("describes: ok, 5 sizes, residual 4.99 %", fit_describes(&f), "no");
    f.points = 4;
    CHECK("describes not: 4 sizes", !fit_describes(&f), "yes");
    f.points = 5;
    f.residual_pct = 5.0;
    CHECK("describes not: residual 5 %", !fit_describes(&f), "yes");
    f.residual_pct = 1;
    f.status_id = FIT_NEGATIVE_T0;
    CHECK("describes not: a negative t0", !fit_describes(&f), "yes");
}

/* fit_model_gbps: n / (t0 + n/B); 1 MB at t0 10 µs and B 50 GB/s takes 10 + 20 µs: 33.3 GB/s. */
static void test_model(void)
{
    struct fit_row f = {.t0_us = 10, .bandwidth_gbps = 50};
    double n = 1e6, want = n / (10 * 1e-6 + n / (50 * 1e9)) / 1e9;
    CHECK("model: n / (t0 + n/B) / 1e9", fit_model_gbps(&f, n) == want, "%.17g",
          fit_model_gbps(&f, n));
    CHECK_NEAR("model: 1 MB in 30 µs is 33.3 GB/s", fit_model_gbps(&f, n), 1e6 / 30e-6 / 1e9,
               1e-12);
    f.t0_us = -100; /* -100 + 20 µs: no time, no bandwidth */
    CHECK("model: NaN where its time is not > 0", isnan(fit_model_gbps(&f, n)), "%g",
          fit_model_gbps(&f, n));
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
    test_negative_t0();
    test_describes();
    test_model();
    return check_exit();
}
