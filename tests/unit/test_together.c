/*
 * test_together.c - several GPUs at once (measure/together.c) on two fake
 * devices, each in its own thread with its own model clock: every per-GPU
 * and aggregate number checked exactly against the model, the spans'
 * overlap, skipped and failed rows, and the overlap arithmetic itself.
 */
#include "check.h"
#include "configs.h"
#include "engine/gpu.h"
#include "measure/together.h"

#include <stdlib.h>
#include <string.h>

#define MIB (1 << 20)

static struct measure_ctx ctx[2];
static struct together_gpu gpus[2];
static struct timer_clock run_clock; /* the two devices' run's */

/* Two fake devices under model (a clock model's entries). */
static void open_two(const char *model)
{
    struct gpu_info info;
    char err[256];
    setenv("PINSWEEP_FAKE_DEVICES", "2", 1);
    setenv("PINSWEEP_FAKE_MODEL", model, 1);
    for (int i = 0; i < 2; i++) {
        memset(&ctx[i], 0, sizeof(ctx[i]));
        ctx[i].gpu_node = -1;
        if (gpu_fake_ops.open(i, &run_clock, &info, &ctx[i].gpu, err, sizeof(err)) < 0) {
            fprintf(stderr, "cannot open fake device %d: %s\n", i, err);
            exit(1);
        }
        gpus[i] = (struct together_gpu){.mc = &ctx[i]};
    }
}

static void close_two(void)
{
    for (int i = 0; i < 2; i++) {
        devpool_release(&ctx[i].pool, ctx[i].gpu);
        ctx[i].gpu->ops->close(ctx[i].gpu);
    }
    unsetenv("PINSWEEP_FAKE_MODEL");
    timer_clock_release(&run_clock);
}

static struct measure_opts fixed(int samples, int max_batch)
{
    return (struct measure_opts){.warmup = 1,
                                 .samples = samples,
                                 .min_samples = 5,
                                 .max_samples = 12,
                                 .target_rsd_pct = 0.5,
                                 .max_time_ms = 1000,
                                 .min_sample_ms = 0.1,
                                 .max_batch = max_batch};
}

static double median_gbps(const struct result *r)
{
    struct summary s;
    return r->status == RESULT_OK && record_summarise(r, &s) == 0 ? s.gbps.median : NAN;
}

static void test_overlap_arithmetic(void)
{
    double u;
    const double s1[] = {0, 0}, e1[] = {2, 2};
    CHECK_NEAR("spans that coincide overlap 100%", together_overlap_pct(s1, e1, 2, &u), 100, 1e-12);
    const double s2[] = {0, 1}, e2[] = {2, 3};
    CHECK_NEAR("spans [0,2) and [1,3) overlap 1/3", together_overlap_pct(s2, e2, 2, &u), 100.0 / 3,
               1e-12);
    CHECK_NEAR("their union is 3 ms", u, 3, 1e-12);
    const double s3[] = {0, 5}, e3[] = {1, 6};
    CHECK_NEAR("spans that never meet overlap 0%", together_overlap_pct(s3, e3, 2, &u), 0, 0);
    const double s4[] = {0, 0, 1}, e4[] = {4, 3, 4};
    CHECK_NEAR("three spans: all run from 1 to 3 of 0 to 4", together_overlap_pct(s4, e4, 3, &u),
               50, 1e-12);
}

/* h2d on both at once under a shared host cap: 40 each, 80 together, against 50 + 50 alone. */
static void test_host_cap(void)
{
    struct together_run run;
    struct measure_opts m = fixed(4, 100);
    struct config c = test_copy_config(ALLOC_PINNED, DIR_H2D, API_SYNC, MIB);
    open_two("t0_us=0 gbps=50 together.host_gbps=80");
    CHECK("h2d together measures", measure_together(gpus, 2, &m, &c, &run, NULL) == 0, "rc");
    for (int i = 0; i < 2; i++) {
        CHECK("each GPU alone is ok", gpus[i].alone.status == RESULT_OK, "%s", gpus[i].alone.error);
        CHECK_NEAR("each GPU alone reads the model's 50 GB/s", median_gbps(&gpus[i].alone), 50,
                   1e-9);
        CHECK("each GPU together is ok", gpus[i].together.status == RESULT_OK, "%s",
              gpus[i].together.error);
        CHECK("together takes the samples asked for", gpus[i].together.nsamples == 4, "%zu",
              gpus[i].together.nsamples);
        CHECK_NEAR("each GPU together gets half the 80 GB/s cap", median_gbps(&gpus[i].together),
                   40, 1e-9);
        CHECK_NEAR("its alone reference is 50", gpus[i].together.alone_gbps, 50, 1e-9);
    }
    CHECK_STR("the together rows name their GPU", gpus[1].together.devices, "1");
    CHECK_STR("the aggregate names both", run.aggregate.devices, "0+1");
    CHECK("the aggregate is ok", run.aggregate.status == RESULT_OK, "%s", run.aggregate.error);
    CHECK_NEAR("the aggregate is the cap, 80 GB/s", median_gbps(&run.aggregate), 80, 1e-9);
    CHECK_NEAR("its reference is the sum alone, 100", run.aggregate.alone_gbps, 100, 1e-9);
    CHECK_NEAR("equal batches started together overlap 100%", run.overlap_pct, 100, 1e-9);
    CHECK_NEAR("at every sample", run.overlap_min_pct, 100, 1e-9);
    CHECK("roles",
          gpus[0].alone.role == GPU_ROLE_ALONE && gpus[0].together.role == GPU_ROLE_TOGETHER &&
              run.aggregate.role == GPU_ROLE_AGGREGATE,
          "%d %d %d", gpus[0].alone.role, gpus[0].together.role, run.aggregate.role);
    together_free(gpus, 2, &run);
    close_two();
}

/* bidir on both at once collapses under the cap: 25 GB/s a stream, 50 a GPU, 100 in all. */
static void test_bidir_collapse(void)
{
    struct together_run run;
    struct measure_opts m = fixed(3, 100);
    struct config c = test_copy_config(ALLOC_PINNED, DIR_BIDIR, API_ASYNC, MIB);
    open_two("t0_us=0 gbps=50 together.bidir.host_gbps=100");
    CHECK("bidir together measures", measure_together(gpus, 2, &m, &c, &run, NULL) == 0, "rc");
    CHECK_NEAR("bidir alone: 50 each way, 100", median_gbps(&gpus[0].alone), 100, 1e-9);
    CHECK_NEAR("bidir together on GPU 1: 4 streams share 100", median_gbps(&gpus[1].together), 50,
               1e-9);
    CHECK_NEAR("bidir aggregate: 100 of 200 alone", median_gbps(&run.aggregate), 100, 1e-9);
    CHECK_NEAR("bidir aggregate's reference", run.aggregate.alone_gbps, 200, 1e-9);
    together_free(gpus, 2, &run);
    close_two();
}

/* A slower GPU 1 with one copy a batch: the spans overlap half, and the aggregate shows it. */
static void test_uneven(void)
{
    struct together_run run;
    struct measure_opts m = fixed(3, 1);
    struct config c = test_copy_config(ALLOC_PAGEABLE, DIR_D2H, API_SYNC, MIB);
    open_two("t0_us=0 gbps=50 gpu1.gbps=25");
    CHECK("uneven together measures", measure_together(gpus, 2, &m, &c, &run, NULL) == 0, "rc");
    CHECK_NEAR("GPU 0 alone 50", median_gbps(&gpus[0].alone), 50, 1e-9);
    CHECK_NEAR("GPU 1 alone 25 (gpu1.gbps)", median_gbps(&gpus[1].alone), 25, 1e-9);
    CHECK_NEAR("GPU 1 together, no cap: 25", median_gbps(&gpus[1].together), 25, 1e-9);
    CHECK_NEAR("half the union had both running", run.overlap_pct, 50, 1e-9);
    CHECK_NEAR("aggregate: 2 MiB over GPU 1's span = 50 GB/s", median_gbps(&run.aggregate), 50,
               1e-9);
    CHECK("below 90% overlap is below the mark", run.overlap_pct < TOGETHER_MIN_OVERLAP_PCT, "%g",
          run.overlap_pct);
    together_free(gpus, 2, &run);
    close_two();
}

/* One portable buffer read by both GPUs; every kind that is not portable has its own. */
static void test_portable_shared(void)
{
    struct together_run run;
    struct measure_opts m = fixed(3, 100);
    struct config c = test_copy_config(ALLOC_PORTABLE, DIR_H2D, API_ASYNC, MIB);
    open_two("t0_us=0 gbps=50");
    CHECK("portable h2d together measures", measure_together(gpus, 2, &m, &c, &run, NULL) == 0,
          "rc");
    CHECK("portable together is ok", run.aggregate.status == RESULT_OK, "%s", run.aggregate.error);
    CHECK_NEAR("portable aggregate 100", median_gbps(&run.aggregate), 100, 1e-9);
    together_free(gpus, 2, &run);
    close_two();
}

/* What cannot run together is a skipped row with why; a GPU failing alone fails nothing silently.
 */
static void test_rows_not_measured(void)
{
    struct together_run run;
    struct measure_opts m = fixed(3, 100);
    struct config c = test_copy_config(ALLOC_PINNED, DIR_H2D, API_SYNC, MIB);
    open_two("t0_us=0 gbps=50");
    c.v[AXIS_BUFFER] = BUFFER_REALLOCATE;
    measure_together(gpus, 2, &m, &c, &run, NULL);
    CHECK("reallocate alone still measures", gpus[0].alone.status == RESULT_OK, "%s",
          gpus[0].alone.error);
    CHECK("reallocate together is skipped", gpus[1].together.status == RESULT_SKIPPED, "%d",
          gpus[1].together.status);
    CHECK_STR("and says why", run.aggregate.error,
              "skipped: only buffer reuse is measured on several GPUs at once");
    together_free(gpus, 2, &run);
    c.v[AXIS_BUFFER] = BUFFER_REUSE;
    setenv("PINSWEEP_FAKE_FAIL_ALLOC", "pinned", 1);
    measure_together(gpus, 2, &m, &c, &run, NULL);
    unsetenv("PINSWEEP_FAKE_FAIL_ALLOC");
    CHECK("a failed allocation alone is an error row", gpus[0].alone.status == RESULT_ERROR, "%d",
          gpus[0].alone.status);
    CHECK_STR("together is then skipped, with why", gpus[0].together.error,
              "skipped: not measured, since a GPU failed alone");
    together_free(gpus, 2, &run);
    close_two();
}

/*
 * Rounds of two GPUs together, merged: each row keeps every round's samples; the
 * together rows' alone_gbps become their GPU's median alone over the rounds (the
 * median of the round medians: GPU 0 50 then 52, so 51; GPU 1 40 then 44, so 42), the
 * aggregate's their sum, 93; the overlap the lowest of the rounds' (95, 80, then 99:
 * 80).  Alone rows only (gpus: each): merged, nothing else.
 */
static void test_merge_rounds(void)
{
    struct config c = test_copy_config(ALLOC_PINNED, DIR_H2D, API_ASYNC, MIB);
    struct result acc[5], r[5], *rows[5];
    const double alone[3][2] = {{50, 40}, {52, 44}, {51, 42}}, overlap[3] = {95, 80, 99};
    memset(acc, 0, sizeof(acc));
    for (int round = 1; round <= 3; round++) {
        for (int k = 0; k < 5; k++) {
            double v = k < 2 ? alone[round - 1][k] : k < 4 ? 30 : 60, three[3] = {v, v, v};
            test_round_of(&r[k], &c, three, 3);
            r[k].role = k < 2 ? GPU_ROLE_ALONE : k < 4 ? GPU_ROLE_TOGETHER : GPU_ROLE_AGGREGATE;
            if (k >= 2) {
                r[k].overlap_pct = overlap[round - 1];
                r[k].alone_gbps =
                    k == 4 ? alone[round - 1][0] + alone[round - 1][1] : alone[round - 1][k - 2];
            }
            rows[k] = &r[k];
        }
        CHECK("a round merged", together_merge_round(acc, rows, 5, 2, round) == 0, "round %d",
              round);
    }
    CHECK("every round's samples kept, rows tagged round 3",
          acc[0].nsamples == 9 && acc[4].nsamples == 9 && acc[4].rounds == 3 &&
              acc[4].samples[8].round == 3 && r[0].samples == NULL,
          "%zu, %zu samples, rounds %d", acc[0].nsamples, acc[4].nsamples, acc[4].rounds);
    CHECK_NEAR("GPU 0 together: alone_gbps its median alone over the rounds", acc[2].alone_gbps, 51,
               1e-9);
    CHECK_NEAR("GPU 1 together: alone_gbps its median alone over the rounds", acc[3].alone_gbps, 42,
               1e-9);
    CHECK_NEAR("aggregate: alone_gbps the sum of those", acc[4].alone_gbps, 93, 1e-9);
    CHECK("the overlap is the lowest round's",
          acc[2].overlap_pct == 80 && acc[3].overlap_pct == 80 && acc[4].overlap_pct == 80,
          "%g %g %g", acc[2].overlap_pct, acc[3].overlap_pct, acc[4].overlap_pct);
    for (int k = 0; k < 5; k++)
        result_free(&acc[k]);
    memset(acc, 0, sizeof(acc));
    for (int round = 1; round <= 2; round++) {
        for (int k = 0; k < 2; k++) {
            double three[3] = {alone[round - 1][k], alone[round - 1][k], alone[round - 1][k]};
            test_round_of(&r[k], &c, three, 3);
            rows[k] = &r[k];
        }
        together_merge_round(acc, rows, 2, 2, round);
    }
    static const struct result untouched[3];
    CHECK("each in turn: alone rows merged, nothing more",
          acc[0].nsamples == 6 && acc[1].nsamples == 6 && isnan(acc[0].alone_gbps) &&
              memcmp(&acc[2], untouched, sizeof(untouched)) == 0,
          "%zu %zu, acc[2].alone_gbps %g", acc[0].nsamples, acc[1].nsamples, acc[2].alone_gbps);
    for (int k = 0; k < 2; k++)
        result_free(&acc[k]);
}

int main(void)
{
    test_overlap_arithmetic();
    test_host_cap();
    test_bidir_collapse();
    test_uneven();
    test_portable_shared();
    test_rows_not_measured();
    test_merge_rounds();
    unsetenv("PINSWEEP_FAKE_DEVICES");
    return check_exit();
}
