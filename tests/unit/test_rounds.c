/*
 * test_rounds.c - rounds (experiment/rounds.c): each round's order and
 * budget; the statistics over rounds (record/summary.c) against
 * hand-computed asymmetric cases; the drift sentinel's analysis
 * (record/drift.c): drift, off windows and the configurations in them.
 */
#include "check.h"
#include "configs.h"
#include "experiment/rounds.h"
#include "record/drift.h"
#include "record/result.h"
#include "record/summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A sweep of n configurations numbered 1..n, pinned h2d sync 1 MiB. */
static void make_sweep(struct sweep *s, struct config *c, size_t n)
{
    memset(s, 0, sizeof(*s));
    for (size_t i = 0; i < n; i++) {
        memset(&c[i], 0, sizeof(c[i]));
        c[i].index = (int)i + 1;
        c[i].v[AXIS_ALLOC] = ALLOC_PINNED;
        c[i].v[AXIS_SIZE] = 1 << 20;
    }
    s->configs = c;
    s->n = n;
}

static void test_order(void)
{
    struct config c[40];
    struct sweep s;
    size_t o1[40], o2[40], again[40], one[40];
    make_sweep(&s, c, 40);
    rounds_order(&s, 1, 5, 1, one);
    int listed = 1;
    for (size_t i = 0; i < 40; i++)
        listed &= one[i] == i;
    CHECK("one round keeps the sweep's order", listed, "not the listed order");
    rounds_order(&s, 3, 5, 1, o1);
    rounds_order(&s, 3, 5, 2, o2);
    rounds_order(&s, 3, 5, 1, again);
    CHECK("a round's order comes from the seed (same seed, same order)",
          memcmp(o1, again, sizeof(o1)) == 0, "differs");
    CHECK("each round has a fresh order", memcmp(o1, o2, sizeof(o1)) != 0, "rounds 1 and 2 alike");
    unsigned char seen[40] = {0};
    int perm = 1;
    for (size_t i = 0; i < 40; i++)
        perm &= o2[i] < 40 && !seen[o2[i]]++;
    CHECK("a round visits every configuration once", perm, "not a permutation");
    CHECK("round seeds differ between rounds and seeds",
          rounds_seed(5, 1) != rounds_seed(5, 2) && rounds_seed(5, 2) != rounds_seed(6, 1),
          "%lu %lu %lu", rounds_seed(5, 1), rounds_seed(5, 2), rounds_seed(6, 1));
}

static void test_budget(void)
{
    struct measure_opts m = {.rounds = 3,
                             .min_samples = 5,
                             .max_samples = 30,
                             .max_time_ms = 1000,
                             .target_rsd_pct = 0.5};
    struct measure_opts r;
    rounds_round_opts(&m, &r);
    CHECK("3 rounds: max_samples 30 -> 10, min 5 -> 3, max_time 1 s -> 333 ms",
          r.max_samples == 10 && r.min_samples == 3 && fabs(r.max_time_ms - 1000.0 / 3) < 1e-9,
          "%d %d %g", r.max_samples, r.min_samples, r.max_time_ms);
    m.rounds = 20;
    rounds_round_opts(&m, &r);
    CHECK("20 rounds: at least 3 samples a round", r.max_samples == 3 && r.min_samples == 3,
          "%d %d", r.max_samples, r.min_samples);
    m.rounds = 4;
    m.samples = 10;
    rounds_round_opts(&m, &r);
    CHECK("a fixed count is divided too (10 / 4 -> 3)", r.samples == 3, "%d", r.samples);
    m.rounds = 1;
    rounds_round_opts(&m, &r);
    CHECK("one round: the settings as written", r.samples == 10 && r.max_samples == 30, "changed");
}

static void test_stats(void)
{
    struct config c[1];
    struct sweep s;
    make_sweep(&s, c, 1);
    /* Round medians 10, 20, 60 (asymmetric): median 20, min 10, max 60, mean 30,
       stddev sqrt(((10-30)^2 + (20-30)^2 + (60-30)^2) / 2) = sqrt(700) = 26.458,
       rsd 88.19%.  Within: round 1 {9, 10, 11} rsd 10%; round 2 {19, 20, 21} rsd 5%;
       round 3 {60, 60, 60} 0%: median 5%.  All 9 samples' median is 20 too, but their
       mean is 30 and min 9: the round statistics must not be the pooled ones. */
    double r1[] = {11, 9, 10}, r2[] = {20, 21, 19}, r3[] = {60, 60, 60};
    const double *rs[] = {r1, r2, r3};
    struct result acc, r;
    struct summary sum;
    memset(&acc, 0, sizeof(acc));
    for (int k = 0; k < 3; k++) {
        test_round_of(&r, &c[0], rs[k], 3);
        record_merge_round(&acc, &r, k + 1);
        result_free(&r);
    }
    CHECK("three rounds merged: 9 samples tagged 1, 1, 1, 2, 2, 2, 3, 3, 3",
          acc.nsamples == 9 && acc.samples[0].round == 1 && acc.samples[4].round == 2 &&
              acc.samples[8].round == 3 && acc.rounds == 3 && acc.rounds_met == 3,
          "n %zu", acc.nsamples);
    CHECK("summarised", record_summarise(&acc, &sum) == 0, "failed");
    CHECK_NEAR("median of the rounds' medians", sum.gbps.median, 20, 1e-9);
    CHECK_NEAR("round min", sum.round_min_gbps, 10, 1e-9);
    CHECK_NEAR("round max", sum.round_max_gbps, 60, 1e-9);
    CHECK_NEAR("between-round rsd", sum.between_rsd_pct, 100 * sqrt(700) / 30, 1e-9);
    CHECK_NEAR("within-round rsd: the median of 10, 5, 0", sum.within_rsd_pct, 5, 1e-9);
    /* 95 % prediction interval of a fourth round: t(0.975, 2) = 4.302652729749464 (tables),
       times s = sqrt(700), times sqrt(1 + 1/3); as % of the median, 20. */
    CHECK_NEAR("pi95: t(0.975, 2) * s * sqrt(4/3) / median", sum.pi95_pct,
               100 * 4.302652729749464 * sqrt(700) * sqrt(4.0 / 3) / 20, 1e-6);
    CHECK_NEAR("pooled min stays the samples' min", sum.gbps.min, 9, 1e-9);
    CHECK("rounds counted", sum.rounds == 3, "%d", sum.rounds);
    /* The median of round medians is not the pooled median: rounds {1,1,1,100} {2} {3}. */
    double a[] = {1, 1, 1, 100}, b[] = {2}, d[] = {3};
    const double *qs[] = {a, b, d};
    size_t qn[] = {4, 1, 1};
    result_free(&acc);
    memset(&acc, 0, sizeof(acc));
    for (int k = 0; k < 3; k++) {
        test_round_of(&r, &c[0], qs[k], qn[k]);
        record_merge_round(&acc, &r, k + 1);
        result_free(&r);
    }
    record_summarise(&acc, &sum);
    CHECK_NEAR("median over rounds (1, 2, 3) is 2, where the pooled median is 1", sum.gbps.median,
               2, 1e-9);
    CHECK_NEAR("within rsd: rounds of one sample have none; the median of the one there",
               sum.within_rsd_pct,
               100 * sqrt((3 * pow(1 - 25.75, 2) + pow(100 - 25.75, 2)) / 3) / 25.75, 1e-9);
    result_free(&acc);
    test_round_of(&r, &c[0], r1, 3);
    record_summarise(&r, &sum);
    CHECK("one round: no round statistics",
          sum.rounds == 1 && isnan(sum.between_rsd_pct) && isnan(sum.round_min_gbps) &&
              isnan(sum.pi95_pct),
          "rounds %d", sum.rounds);
    CHECK_NEAR("one round: the samples' median", sum.gbps.median, 10, 1e-9);
    result_free(&r);
    /* A failure in round 2 stays, with its reason, after round 3 succeeds. */
    memset(&acc, 0, sizeof(acc));
    test_round_of(&r, &c[0], r1, 3);
    record_merge_round(&acc, &r, 1);
    test_round_of(&r, &c[0], r2, 0);
    r.status = RESULT_ERROR;
    snprintf(r.error, sizeof(r.error), "copy: cudaErrorUnknown");
    record_merge_round(&acc, &r, 2);
    CHECK("a failed round fails the configuration",
          acc.status == RESULT_ERROR && strcmp(acc.error, "copy: cudaErrorUnknown") == 0,
          "status %d", acc.status);
    result_free(&acc);
    result_free(&r);
}

static void test_drift(void)
{
    /* A steady 50 GB/s, a dip to 45 at 4 s and 6 s (a failed reading at 5 s inside it), back
       at 8 s; 51 at 12 s is 2% off: a window of its own. */
    struct drift_reading r[] = {{0, 50},   {2, 50.1}, {4, 45},  {5, NAN}, {6, 45.5},
                                {8, 49.9}, {10, 50},  {12, 51}, {14, 50}};
    struct drift d;
    CHECK("analysed", drift_analyse(r, 9, 1.0, &d) == 0, "failed");
    CHECK_NEAR("median of the good readings", d.median_gbps, 50, 1e-12);
    CHECK_NEAR("a reading's offset from the median, signed", drift_offset_pct(&d, 45), -10, 1e-12);
    CHECK_NEAR("above it", drift_offset_pct(&d, 51), 2, 1e-12);
    CHECK("a failed reading has no offset", isnan(drift_offset_pct(&d, NAN)), "%g",
          drift_offset_pct(&d, NAN));
    CHECK_NEAR("drift is max/min - 1", d.drift_pct, 100 * (51.0 / 45 - 1), 1e-9);
    CHECK("8 good readings of 9", d.ok == 8 && d.readings == 9, "%zu %zu", d.ok, d.readings);
    CHECK("two off windows", d.nwindows == 2, "%zu", d.nwindows);
    if (d.nwindows == 2) {
        CHECK("the dip's window runs from the good reading before (2 s) to the one after (8 s)",
              d.windows[0].from_s == 2 && d.windows[0].to_s == 8, "%g-%g", d.windows[0].from_s,
              d.windows[0].to_s);
        CHECK_NEAR("its worst reading, signed", d.windows[0].worst_pct, -10, 1e-9);
        CHECK("the second window: 10-14 s", d.windows[1].from_s == 10 && d.windows[1].to_s == 14,
              "%g-%g", d.windows[1].from_s, d.windows[1].to_s);
        struct drift_span in = {7, 1, 3.0, 3.5}, edge = {8, 2, 1.0, 2.0}, out = {9, 1, 8.5, 9.5};
        CHECK("a configuration measured in the dip is disturbed",
              drift_disturbed(&d, &in) == &d.windows[0], "not flagged");
        CHECK("one that ended as the window began is not", drift_disturbed(&d, &edge) == NULL,
              "flagged");
        CHECK("one between the windows is not", drift_disturbed(&d, &out) == NULL, "flagged");
    }
    drift_free(&d);
    struct drift_reading quiet[] = {{0, 50}, {2, 50.2}, {4, 49.9}};
    drift_analyse(quiet, 3, 1.0, &d);
    CHECK("a quiet sentinel has no window", d.nwindows == 0, "%zu", d.nwindows);
    drift_free(&d);
    struct drift_reading two[] = {{0, 50}, {2, 40}, {4, NAN}};
    drift_analyse(two, 3, 1.0, &d);
    CHECK_NEAR("two good readings are enough for a drift: 50/40 - 1", d.drift_pct, 25, 1e-9);
    drift_free(&d);
    struct drift_reading first[] = {{0, 40}, {2, 50}, {4, 50}};
    drift_analyse(first, 3, 1.0, &d);
    CHECK("off from the first reading: the window starts there",
          d.nwindows == 1 && d.windows[0].from_s == 0 && d.windows[0].to_s == 2, "%zu", d.nwindows);
    drift_free(&d);
}

/* meta.yaml's phase names, each at its phase (the end of a run reports them by name). */
static void test_phase_names(void)
{
    const char *want[RUN_PHASE_COUNT] = {
        [RUN_PHASE_BUFFERS] = "host_buffers", [RUN_PHASE_CALIBRATE] = "calibrating",
        [RUN_PHASE_WARMUP] = "warming_up",    [RUN_PHASE_SAMPLES] = "sampling",
        [RUN_PHASE_ROUNDTRIP] = "round_trips", [RUN_PHASE_VERIFY] = "verifying"};
    for (int p = 0; p < RUN_PHASE_COUNT; p++)
        CHECK("a phase's name", strcmp(run_phase_names[p], want[p]) == 0, "phase %d: %s, want %s",
              p, run_phase_names[p], want[p]);
}

int main(void)
{
    test_phase_names();
    test_order();
    test_budget();
    test_stats();
    test_drift();
    return check_exit();
}
