/*
 * test_fit.c - the latency-bandwidth fit recovers known t0 and B.
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
    return check_exit();
}
