/*
 * test_rounds.c - rounds (experiment/rounds.c): each round's order and
 * budget; the statistics over rounds (record/summary.c) against
 * hand-computed asymmetric cases, and whether a repair round disagrees with
 * a row's clean rounds; the drift sentinel's analysis
 * (record/drift.c): drift, off windows and the configurations in them.
 */
#include "check.h"
#include "configs.h"
#include "experiment/rounds.h"
#include "experiment/shard.h"
#include "record/drift.h"
#include "record/result.h"
#include "record/summary.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
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
    struct rounds_agreement want;
    double all[] = {11, 9, 10, 20, 21, 19, 60, 60, 60};
    record_rounds_agree(all, acc.samples, 9, 3, STABLE_WANDER, &want);
    CHECK_NEAR("the summary's agreement is its samples' with the default wander", sum.agree.p,
               want.p, 1e-9);
    CHECK_NEAR("... its level F", sum.agree.level_f, want.level_f, 1e-9);
    /* F = 585 on (2, 6), n0 = 3: Q_F(585 / 76) = 0.022, p = 0.044.  Three rounds of three
       samples this noisy (sd 6.5 % pooled) allow a wander of 5 sd, 33 %: a limit of 2 degrees
       of freedom between rounds, not of the arithmetic. */
    CHECK("rounds 10, 20, 60 with sds of 10 %, 5 % and 0: stable at 1 % (p 0.044)",
          record_stable(&sum.agree) == 1 && fabs(sum.agree.p - 0.044) < 0.001, "p %g", sum.agree.p);
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
              isnan(sum.pi95_pct) && isnan(sum.agree.p) && isnan(sum.agree.level_f),
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

/* Rounds of samples given by their logs y (gbps = e^y): up to 4 rounds of up to 8 samples. */
struct logs_case {
    int rounds, n[4];
    double y[4][8];
};

/* Samples tagged with the rounds tag[0..n) into s[]. */
static void tag_samples(struct sample *s, const int *tag, size_t n)
{
    for (size_t i = 0; i < n; i++)
        s[i] = (struct sample){.round = tag[i]};
}

/* The agreement of c's rounds with wander into *a; its GB/s and samples built here. */
static void agree_of(const struct logs_case *c, double wander, struct rounds_agreement *a)
{
    double g[32];
    int tag[32];
    struct sample s[32];
    size_t n = 0;
    for (int r = 0; r < c->rounds; r++)
        for (int i = 0; i < c->n[r]; i++) {
            g[n] = exp(c->y[r][i]);
            tag[n++] = r + 1;
        }
    tag_samples(s, tag, n);
    record_rounds_agree(g, s, n, c->rounds, wander, a);
}

/*
 * The two tests against values worked by hand.  With 3 rounds the level
 * test's F has 2 and N - 3 degrees of freedom, and Q_F(x; 2, d) = (1 +
 * 2x/d)^(-d/2); a round of 3 samples has 2, and Q_F(x; d, 2) = 1 - z^(d/2),
 * z = dx / (dx + 2): every p below has a closed form.
 */
static void test_agree_exact(void)
{
    struct rounds_agreement a;
    /* A: logs {0, .1, .2} {.3, .4, .5} {.1, .2, .3}: means .1, .4, .2, grand 7/30, SSB = 3 *
       (.01778 + .02778 + .00111) = .14 (MSB .07), SSW = 3 * .02 = .06 (MSW .01): F = 7. */
    struct logs_case A = {3, {3, 3, 3}, {{0, .1, .2}, {.3, .4, .5}, {.1, .2, .3}}};
    agree_of(&A, 0, &a);
    CHECK_NEAR("level F: between-round over within-round mean square (7)", a.level_f, 7, 1e-9);
    CHECK_NEAR("level p, no wander: Q_F(7; 2, 6) = (1 + 14/6)^-3 = 0.027", a.level_p, 0.027, 1e-9);
    /* Equal variances: each round's .01 against the others' .01, ratio 1 both ways:
       Q_F(1; 2, 4) = 1.5^-2 = 4/9 is the least, 6 comparisons: p_S = min(1, 24/9) = 1. */
    CHECK_NEAR("spread F of equal variances: 1", a.spread_f, 1, 1e-9);
    CHECK_NEAR("spread p: 6 comparisons x 4/9, at most 1", a.spread_p, 1, 1e-12);
    CHECK_NEAR("p: twice the least (Bonferroni)", a.p, 0.054, 1e-9);
    CHECK("p 0.054 >= 1 %: stable", record_stable(&a) == 1, "%d", record_stable(&a));
    /* Wander 1: n0 = (9 - 27/9) / 2 = 3, so F / (1 + 3) = 7/4: (1 + 7/12)^-3 = (12/19)^3. */
    agree_of(&A, 1, &a);
    CHECK_NEAR("level p with wander 1: Q_F(7 / (1 + n0), 2, 6) = (12/19)^3", a.level_p,
               pow(12.0 / 19, 3), 1e-9);
    CHECK_NEAR("the wander leaves F as it is", a.level_f, 7, 1e-9);
    /* C: {0, .1, .2} twice and {3, 3.1, 3.2}: means .1, .1, 3.1, grand 1.1, SSB 18 (MSB 9),
       MSW .01: F = 900.  Wander 5 (the default): 900 / 76 = 225/19, p_L = (19/94)^3 = 0.00826,
       p = 0.0165: stable (30 within-round sd off, but 3 rounds of 3 samples cannot tell that
       from a wander of 5).  Wander 4: 900 / 49, p_L = (49/349)^3, p = 0.00554: not stable. */
    struct logs_case C = {3, {3, 3, 3}, {{0, .1, .2}, {0, .1, .2}, {3, 3.1, 3.2}}};
    agree_of(&C, STABLE_WANDER, &a);
    CHECK_NEAR("level F of a round 30 sd off: 900", a.level_f, 900, 1e-9);
    CHECK_NEAR("its p with the wander of 5: 2 (19/94)^3", a.p, 2 * pow(19.0 / 94, 3), 1e-9);
    CHECK("stable at 1.65 %", record_stable(&a) == 1, "%d", record_stable(&a));
    agree_of(&C, 4, &a);
    CHECK_NEAR("with a wander of 4: 2 (49/349)^3", a.p, 2 * pow(49.0 / 349, 3), 1e-9);
    CHECK("not stable at 0.55 %", record_stable(&a) == 0, "%d", record_stable(&a));
    /* B: {0, .1, .2} {.3, .4, .5} {.2, .6, 1}: means .1, .4, .6, SSB .38 (MSB .19), SSW .36
       (MSW .06): F = 19/6, p_L = (1 + 19/18)^-3 = (18/37)^3.  Spread: round 3's .16 against
       the others' .01: 16 on (2, 4), Q = (1 + 8)^-2 = 1/81, the least of 6: p_S = 6/81;
       p = 12/81. */
    struct logs_case B = {3, {3, 3, 3}, {{0, .1, .2}, {.3, .4, .5}, {.2, .6, 1}}};
    agree_of(&B, 0, &a);
    CHECK_NEAR("B: level F 19/6", a.level_f, 19.0 / 6, 1e-9);
    CHECK_NEAR("B: level p (18/37)^3", a.level_p, pow(18.0 / 37, 3), 1e-9);
    CHECK_NEAR("B: spread F, the noisy round's variance over the others' (16)", a.spread_f, 16,
               1e-9);
    CHECK_NEAR("B: spread p, 6 comparisons x 1/81", a.spread_p, 6.0 / 81, 1e-9);
    CHECK_NEAR("B: p = 12/81", a.p, 12.0 / 81, 1e-9);
    /* Wander 2: the variances may differ 4-fold: 16/4 on (2, 4): (1 + 2)^-2 = 1/9, and the
       other way 8.5/4 on (4, 2) is 1 - (8.5/10.5)^2 = 0.345: p_S = 6/9. */
    agree_of(&B, 2, &a);
    CHECK_NEAR("B, wander 2: spread p 6/9", a.spread_p, 6.0 / 9, 1e-9);
    CHECK_NEAR("B, wander 2: spread F still 16", a.spread_f, 16, 1e-9);
    /* D: one round noisy at the others' level: {0, .01, .02} twice, {-.5, .01, .52}: means
       all .01 (F about 0, p_L 1); variance .2601 against 1e-4, 2601 on (2, 4), wander 5:
       x = 2601/25, Q = (1 + x/2)^-2, p_S = 6 Q, p = 12 Q = 0.0043: not stable. */
    struct logs_case D = {3, {3, 3, 3}, {{0, .01, .02}, {0, .01, .02}, {-.5, .01, .52}}};
    agree_of(&D, STABLE_WANDER, &a);
    double x = 2601.0 / 25;
    CHECK_NEAR("D: a round at the same level has level p 1", a.level_p, 1, 1e-9);
    CHECK_NEAR("D: the noisy round's variance ratio 2601", a.spread_f, 2601, 1e-6);
    CHECK_NEAR("D: p = 12 (1 + x/2)^-2", a.p, 12 * pow(1 + x / 2, -2), 1e-6);
    CHECK("D: a round noisy 51-fold is not stable", record_stable(&a) == 0, "p %g", a.p);
    /* D2: two noisy rounds and a quiet one: the quiet round's 1e-4 against the others' .2601,
       the other way: 2601 on (4, 2): Q = 1 - z^2, z = 4x / (4x + 2); p = 12 Q = 0.1145. */
    struct logs_case D2 = {3, {3, 3, 3}, {{-.5, .01, .52}, {-.5, .01, .52}, {0, .01, .02}}};
    agree_of(&D2, STABLE_WANDER, &a);
    double z = 4 * x / (4 * x + 2);
    CHECK_NEAR("D2: a round quieter than the others, the other way", a.p, 12 * (1 - z * z), 1e-6);
    CHECK_NEAR("D2: its ratio is the others' over its own", a.spread_f, 2601, 1e-6);
    /* F: a round of 2 samples, {0, .6} (SS .18), beside {.1, .2, .3} {.3, .4, .5}: means .3,
       .2, .4, grand .3, SSB .06 (MSB .03), SSW .22 (MSW .044): F_L = 15/22 on (2, 5), p_L =
       (1 + 6/22)^-2.5.  Spread: its .18 against the others' .01, 18 on (1, 4): with a = sqrt
       18, Q_F(a^2; 1, 4) = 1 - a (a^2 + 6) / (a^2 + 4)^1.5 (Student's t, 4 df), p_S = 6 Q. */
    struct logs_case F = {3, {2, 3, 3}, {{0, .6}, {.1, .2, .3}, {.3, .4, .5}}};
    agree_of(&F, 0, &a);
    double q = 1 - sqrt(18) * 24 / pow(22, 1.5);
    CHECK_NEAR("F: level F 15/22", a.level_f, 15.0 / 22, 1e-9);
    CHECK_NEAR("F: level p (14/11)^-2.5", a.level_p, pow(14.0 / 11, -2.5), 1e-9);
    CHECK_NEAR("F: a round of 2 samples is compared: ratio 18", a.spread_f, 18, 1e-9);
    CHECK_NEAR("F: spread p = 6 Q_F(18; 1, 4)", a.spread_p, 6 * q, 1e-9);
    CHECK_NEAR("F: p = 12 Q_F(18; 1, 4)", a.p, 12 * q, 1e-9);
    /* G: two rounds, {0, .2} and {.5} (one sample: no spread of its own): means .1, .5, SSB
       .10667, SSW .02 on 1 df: F = 16/3 on (1, 1), Q = 1 - (2/pi) atan sqrt F; no spread
       test (one round with a spread), p = 2 Q. */
    struct logs_case G = {2, {2, 1}, {{0, .2}, {.5}}};
    agree_of(&G, 0, &a);
    double q1 = 1 - 2 / M_PI * atan(sqrt(16.0 / 3));
    CHECK_NEAR("G: a round of one sample counts in the level: F 16/3 on (1, 1)", a.level_f,
               16.0 / 3, 1e-9);
    CHECK_NEAR("G: its p", a.level_p, q1, 1e-9);
    CHECK("G: one round with a spread: no spread test", isnan(a.spread_p) && isnan(a.spread_f),
          "%g", a.spread_p);
    CHECK_NEAR("G: p from the level alone, doubled", a.p, 2 * q1, 1e-9);
    /* E: rounds of 3, 3 and 4 samples: {0, .1, .2} {.3, .4, .5} {.1, .2, .3, .2}: N = 10, grand
       .23, SSB .141 (MSB .0705), SSW .06 (MSW .06/7): F = 8.225; n0 = (10 - 34/10) / 2 = 3.3,
       wander 1: Q_F(8.225 / 4.3; 2, 7) = (1 + 2 x / 7)^-3.5. */
    struct logs_case E = {3, {3, 3, 4}, {{0, .1, .2}, {.3, .4, .5}, {.1, .2, .3, .2}}};
    agree_of(&E, 1, &a);
    CHECK_NEAR("E: level F with unequal rounds", a.level_f, 8.225, 1e-9);
    CHECK_NEAR("E: n0 = (N - sum n_i^2 / N) / (k - 1) in the wander", a.level_p,
               pow(1 + 2 * (8.225 / 4.3) / 7, -3.5), 1e-9);
}

/*
 * How often a row of quiet rounds is flagged, seeded: rows of 3 rounds of 5
 * samples, sd 1 % on the log scale, each round's level drawn with sd
 * level_sd; counts of rows whose level p, spread p and p are below 1 %.
 */
static void quiet_rows(unsigned long seed, double level_sd, double wander, int rows, int counts[3])
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, seed);
    counts[0] = counts[1] = counts[2] = 0;
    for (int row = 0; row < rows; row++) {
        double g[15];
        struct sample s[15];
        for (int r = 0; r < 3; r++) {
            double level = gsl_ran_gaussian(rng, level_sd);
            for (int i = 0; i < 5; i++) {
                g[5 * r + i] = 50 * exp(level + gsl_ran_gaussian(rng, 0.01));
                s[5 * r + i] = (struct sample){.round = r + 1};
            }
        }
        struct rounds_agreement a;
        record_rounds_agree(g, s, 15, 3, wander, &a);
        counts[0] += a.level_p < 0.01;
        counts[1] += a.spread_p < 0.01;
        counts[2] += a.p < STABLE_LEVEL;
    }
    gsl_rng_free(rng);
}

/* The tests hold their level: quiet rows are flagged about 1 % of the time, or less. */
static void test_agree_level(void)
{
    int n[3];
    /* 5000 rows at 1 %: 50 expected, sd 7; [30, 70] holds 99.5 % of runs of a true 1 % */
    quiet_rows(7, 0, 0, 5000, n);
    CHECK("plain ANOVA (wander 0) on quiet rows: level p < 1 % in about 1 % of them",
          n[0] >= 30 && n[0] <= 70, "%d of 5000", n[0]);
    CHECK("the spread test (Bonferroni) at most about 1 %", n[1] <= 75, "%d of 5000", n[1]);
    CHECK("the flag (both, p doubled) at most about 1 %", n[2] <= 75, "%d of 5000", n[2]);
    /* At the null's edge: each round's level wanders with sd 5 within-round sd. */
    quiet_rows(11, 5 * 0.01, STABLE_WANDER, 5000, n);
    CHECK("rounds that wander by exactly the wander: level p < 1 % in about 1 %",
          n[0] >= 30 && n[0] <= 70, "%d of 5000", n[0]);
    CHECK("... and the flag at most about 1 %", n[2] <= 70, "%d of 5000", n[2]);
    quiet_rows(13, 0, STABLE_WANDER, 5000, n);
    CHECK("quiet rounds that do not wander: hardly ever flagged", n[2] <= 5, "%d of 5000", n[2]);
    quiet_rows(17, 0.2, STABLE_WANDER, 1000, n);
    CHECK("rounds that wander 20 within-round sd: mostly flagged", n[2] >= 500, "%d of 1000", n[2]);
}

/* What has no answer, samples left out, and the flag's edge. */
static void test_agree_edges(void)
{
    struct rounds_agreement a;
    /* Every round's samples equal (a model without noise): means apart, F +inf, p 0; the
       same means, p 1; no round has a spread to compare. */
    struct logs_case flat = {3, {3, 3, 3}, {{1, 1, 1}, {1, 1, 1}, {2, 2, 2}}};
    agree_of(&flat, STABLE_WANDER, &a);
    CHECK("rounds without spread, apart: F +inf, p 0, not stable",
          isinf(a.level_f) && a.level_p == 0 && a.p == 0 && isnan(a.spread_p) &&
              record_stable(&a) == 0,
          "F %g p %g spread %g", a.level_f, a.p, a.spread_p);
    flat.y[2][0] = flat.y[2][1] = flat.y[2][2] = 1;
    agree_of(&flat, STABLE_WANDER, &a);
    CHECK("rounds without spread, alike: p 1, stable",
          isnan(a.level_f) && a.level_p == 1 && a.p == 1 && record_stable(&a) == 1, "F %g p %g",
          a.level_f, a.p);
    struct logs_case ones = {3, {1, 1, 1}, {{1}, {1.5}, {2}}};
    agree_of(&ones, STABLE_WANDER, &a);
    CHECK("a sample a round: no test, no flag",
          isnan(a.level_p) && isnan(a.spread_p) && isnan(a.p) && record_stable(&a) == -1, "p %g",
          a.p);
    struct logs_case one = {1, {3}, {{0, .1, .2}}};
    agree_of(&one, STABLE_WANDER, &a);
    CHECK("one round: no test", isnan(a.p) && record_stable(&a) == -1, "p %g", a.p);
    /* A's samples, with a 0, a NaN and a negative GB/s among them, and round 1 tagged 0. */
    double g[] = {1,   exp(.1), 0,       exp(.2), exp(.3), exp(.4),
                  NAN, exp(.5), exp(.1), -1,      exp(.2), exp(.3)};
    int tag[] = {0, 1, 1, 0, 2, 2, 2, 2, 3, 3, 3, 3};
    struct sample s[12];
    tag_samples(s, tag, 12);
    record_rounds_agree(g, s, 12, 3, 0, &a);
    CHECK_NEAR("GB/s not > 0 left out, round 0 is round 1: A's F", a.level_f, 7, 1e-9);
    CHECK_NEAR("... and A's p", a.p, 0.054, 1e-9);
    /* Round 2 missing between rounds 1 and 3: two rounds, F on (1, 4). */
    int skip[] = {1, 1, 1, 3, 3, 3};
    double h[] = {1, exp(.1), exp(.2), exp(.3), exp(.4), exp(.5)};
    tag_samples(s, skip, 6);
    record_rounds_agree(h, s, 6, 3, 0, &a);
    /* means .1 and .4, grand .25: SSB = 6 * .0225 = .135 (MSB .135), MSW .04 / 4: F = 13.5 */
    CHECK_NEAR("a round without samples is not a round: F on (1, 4)", a.level_f, 13.5, 1e-9);
    /* Two rounds, one noisy: {0, .01, .02} and {-.5, .01, .52}: 2601 on (2, 2), wander 5:
       Q_F(x; 2, 2) = 1 / (1 + x), x = 2601/25; 4 comparisons: p_S = 4 Q, p = 8 Q = 0.076. */
    struct logs_case two = {2, {3, 3}, {{0, .01, .02}, {-.5, .01, .52}}};
    agree_of(&two, STABLE_WANDER, &a);
    CHECK_NEAR("two rounds are enough for the spread test: ratio 2601", a.spread_f, 2601, 1e-6);
    CHECK_NEAR("... p = 8 / (1 + 2601/25)", a.p, 8 / (1 + 2601.0 / 25), 1e-6);
    struct rounds_agreement edge = {NAN, NAN, NAN, NAN, STABLE_LEVEL};
    CHECK("p at the level is stable", record_stable(&edge) == 1, "unstable");
    edge.p = nextafter(STABLE_LEVEL, 0);
    CHECK("p just below it is not", record_stable(&edge) == 0, "stable");
}

static void test_drift(void)
{
    /* A steady 50 GB/s, a dip to 45 at 4 s and 6 s (a failed reading at 5 s inside it), back
       at 8 s; 51 at 12 s is 2% off: a window of its own. */
    struct drift_reading r[] = {{0, 50},   {2, 50.1}, {4, 45},  {5, NAN}, {6, 45.5},
                                {8, 49.9}, {10, 50},  {12, 51}, {14, 50}};
    struct drift d;
    CHECK("analysed", drift_analyse(r, 9, 1.0, 0, &d) == 0, "failed");
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
        /* the windows 2-8 s and 10-14 s are 2 s apart: one disturbance when read every 2 s */
        CHECK("windows within the sentinel's period make one disturbance",
              drift_episode_end(&d, 0, 2.0) == 2, "%zu", drift_episode_end(&d, 0, 2.0));
        CHECK("further apart, two", drift_episode_end(&d, 0, 1.9) == 1, "%zu",
              drift_episode_end(&d, 0, 1.9));
        CHECK("the last window ends its own", drift_episode_end(&d, 1, 2.0) == 2, "%zu",
              drift_episode_end(&d, 1, 2.0));
    }
    drift_free(&d);
    struct drift_reading quiet[] = {{0, 50}, {2, 50.2}, {4, 49.9}};
    drift_analyse(quiet, 3, 1.0, 0, &d);
    CHECK("a quiet sentinel has no window", d.nwindows == 0, "%zu", d.nwindows);
    drift_free(&d);
    struct drift_reading two[] = {{0, 50}, {2, 40}, {4, NAN}};
    drift_analyse(two, 3, 1.0, 0, &d);
    CHECK_NEAR("two good readings are enough for a drift: 50/40 - 1", d.drift_pct, 25, 1e-9);
    drift_free(&d);
    struct drift_reading one[] = {{0, 50}, {2, NAN}, {4, 45, 1}};
    drift_analyse(one, 3, 1.0, 0, &d);
    CHECK("one good reading of the rounds is too few for a drift (the repair's is not one)",
          d.basis == 1 && isnan(d.drift_pct), "basis %zu, drift %g", d.basis, d.drift_pct);
    drift_free(&d);
    struct drift_reading first[] = {{0, 40}, {2, 50}, {4, 50}};
    drift_analyse(first, 3, 1.0, 0, &d);
    CHECK("off from the first reading: the window starts there",
          d.nwindows == 1 && d.windows[0].from_s == 0 && d.windows[0].to_s == 2, "%zu", d.nwindows);
    drift_free(&d);
}

/* The threshold from the sentinel's own noise (drift.h): k x a robust sd, at least the floor. */
static void test_drift_noise(void)
{
    struct drift d;
    /* successive differences +2, -2, -2, +2 % of the median 50: MAD 2, noise 1.4826 * 2 / sqrt 2 */
    struct drift_reading small[] = {{0, 50}, {1, 51}, {2, 50}, {3, 49}, {4, 50}};
    drift_analyse(small, 5, 0.5, DRIFT_NOISE_K, &d);
    CHECK_NEAR("the noise: 1.4826 x the MAD of successive differences / sqrt 2", d.noise_pct,
               1.4826 * 2 / sqrt(2.0), 1e-9);
    CHECK_NEAR("the threshold: 5 x the noise", d.threshold_pct, 5 * 1.4826 * 2 / sqrt(2.0), 1e-9);
    CHECK("readings within their own noise: no window", d.nwindows == 0, "%zu", d.nwindows);
    drift_free(&d);
    struct drift_reading flat[] = {{0, 50}, {1, 50}, {2, 50}, {3, 50}};
    drift_analyse(flat, 4, 0.5, DRIFT_NOISE_K, &d);
    CHECK("no noise: the threshold is the floor", d.noise_pct == 0 && d.threshold_pct == 0.5,
          "%g %g", d.noise_pct, d.threshold_pct);
    drift_free(&d);
    /* 60 readings with uniform noise of +-2 % (seeded), quiet, then with a 15 % dip at 20-29 s */
    struct drift_reading r[60];
    unsigned long x = 12345;
    for (int i = 0; i < 60; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        r[i] = (struct drift_reading){
            i, 50 * (1 + 0.02 * ((double)(x >> 11) / 9007199254740992.0 * 2 - 1))};
    }
    drift_analyse(r, 60, 0.5, 0, &d);
    CHECK("a fixed 0.5 % threshold flags windows in a quiet noisy run", d.nwindows > 3, "%zu",
          d.nwindows);
    drift_free(&d);
    drift_analyse(r, 60, 0.5, DRIFT_NOISE_K, &d);
    CHECK("the threshold from the noise flags none", d.nwindows == 0, "%zu (threshold %g)",
          d.nwindows, d.threshold_pct);
    CHECK("its noise is about the readings' sd (2 / sqrt 3 %)",
          d.noise_pct > 0.6 && d.noise_pct < 1.8, "%g", d.noise_pct);
    drift_free(&d);
    for (int i = 20; i < 30; i++)
        r[i].gbps *= 0.85;
    drift_analyse(r, 60, 0.5, DRIFT_NOISE_K, &d);
    CHECK("a 15 % dip is one window, from the reading before it to the one after",
          d.nwindows == 1 && d.windows[0].from_s == 19 && d.windows[0].to_s == 30, "%zu",
          d.nwindows);
    CHECK("the dip does not raise the noise (quiet stretches)", d.noise_pct < 1.8, "%g",
          d.noise_pct);
    drift_free(&d);
}

/* Readings of the repair rounds are judged against the rounds' readings, never part of them. */
static void test_drift_repair_readings(void)
{
    /* rounds: 50 +- 0.4 %, then repair readings mostly 10 % low: more of them than of the rounds */
    struct drift_reading r[] = {{0, 50},        {1, 50.2},    {2, 50.1},      {3, 49.9},
                                {4, 50},        {5, 50.1, 1}, {5.1, 45, 1},   {5.2, 45, 1},
                                {5.3, 45.2, 1}, {5.4, 45, 1}, {5.5, 45.1, 1}, {5.6, 50, 1}};
    struct drift d;
    CHECK("analysed", drift_analyse(r, 12, 0.5, DRIFT_NOISE_K, &d) == 0, "failed");
    CHECK("the basis is the rounds' 5 good readings of 12", d.basis == 5 && d.ok == 12,
          "%zu of %zu", d.basis, d.ok);
    CHECK_NEAR("the median is the rounds' (50), not the repair rounds' (45.1)", d.median_gbps, 50,
               1e-12);
    CHECK_NEAR("the drift is the rounds': 50.2 / 49.9 - 1", d.drift_pct, 100 * (50.2 / 49.9 - 1),
               1e-9);
    /* the basis' successive differences +0.4, -0.2, -0.4, +0.2 % of 50: centre 0, MAD 0.3 */
    CHECK_NEAR("the noise from the basis alone", d.noise_pct, 1.4826 * 0.3 / sqrt(2.0), 1e-9);
    CHECK("the repair rounds' dip is one window, 5-5.6 s",
          d.nwindows == 1 && d.windows[0].from_s == 5 && d.windows[0].to_s == 5.6, "%zu: %g-%g",
          d.nwindows, d.nwindows ? d.windows[0].from_s : NAN, d.nwindows ? d.windows[0].to_s : NAN);
    if (d.nwindows)
        CHECK_NEAR("its worst reading, against the rounds' median", d.windows[0].worst_pct, -10,
                   1e-9);
    drift_free(&d);
}

/*
 * Whether a repair round (the last) disagrees with the row's clean rounds
 * (record_round_disagrees): each round 3 samples at its level, GB/s, times
 * 1, 1 + spread and 1 - spread; those of the rounds marked disturbed left
 * out.  Rounds without spread agree exactly (p 1) or not at all (p 0).
 */
static void test_round_disagrees(void)
{
    static const struct {
        const char *what;
        int rounds;
        double spread, level[5];
        int disturbed[5], want;
    } cases[] = {
        {"a repair round at the clean rounds' level agrees", 4, 0, {10, 10, 10, 10}, {1}, 0},
        {"a repair round below the clean rounds disagrees", 4, 0, {10, 10, 10, 8}, {1}, 1},
        {"disturbed round 1 left out: clean rounds 10, repair 8", 4, 0, {8, 10, 10, 8}, {1}, 1},
        {"an earlier repair round, disturbed, left out", 5, 0, {8, 10, 10, 8, 8}, {1, 0, 0, 1}, 1},
        {"clean rounds that already disagree cannot judge it", 4, 0, {10, 8, 10, 8}, {0}, 0},
        {"one clean round: judged against it, below", 4, 0, {8, 10, 8, 8}, {1, 0, 1}, 1},
        {"one clean round: judged against it, alike", 4, 0, {8, 10, 8, 10}, {1, 0, 1}, 0},
        {"no clean round: not judged", 3, 0, {8, 8, 10}, {1, 1}, 0},
        {"rounds spread 1 %: a repair 1 % low agrees", 4, 0.01, {10, 10, 10, 9.9}, {0}, 0},
        {"rounds spread 1 %: a repair 30 % low disagrees", 4, 0.01, {10, 10, 10, 7}, {0}, 1},
    };
    struct config c[1];
    struct sweep s;
    make_sweep(&s, c, 1);
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        struct result acc, r;
        memset(&acc, 0, sizeof(acc));
        for (int round = 1; round <= cases[k].rounds; round++) {
            double at = cases[k].level[round - 1], d = cases[k].spread;
            double g[] = {at, at * (1 + d), at * (1 - d)};
            test_round_of(&r, &c[0], g, 3);
            record_merge_round(&acc, &r, round);
            result_free(&r);
        }
        for (size_t i = 0; i < acc.nsamples; i++)
            acc.samples[i].disturbed = cases[k].disturbed[acc.samples[i].round - 1];
        int got = record_round_disagrees(&acc, cases[k].rounds);
        CHECK(cases[k].what, got == cases[k].want, "%d, want %d", got, cases[k].want);
        result_free(&acc);
    }
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

/*
 * The expected time (experiment/shard.h) against the model worked by hand: a pinned h2d
 * sync 256 MiB reused copy at 50 GB/s + 5 us is 5.3737 ms, over the 2 ms min_sample; its
 * 0.25 GiB host buffer costs 0.25 x (0.35 + 0.5) s to pin and allocate, and 2 copies
 * set it up; 0.01 s fixed.  One round: 6 samples and 1 warm-up; three rounds: 3 samples
 * each (6 / 3, at least 3), everything else three times.
 */
static void test_expected_time(void)
{
    struct config c = test_copy_config(ALLOC_PINNED, DIR_H2D, API_SYNC, 256u << 20);
    struct sweep s = {.configs = &c, .n = 1};
    struct measure_opts m = {.warmup = 1,
                             .samples = 6,
                             .min_samples = 5,
                             .max_samples = 30,
                             .max_time_ms = 1000,
                             .min_sample_ms = 2,
                             .rounds = 1};
    double copy = 268435456 / 50e9 + 5e-6, setup = 0.25 * 0.85 + 2 * copy;
    double one = 0.01 + setup + copy + 6 * copy, three = 3 * (0.01 + setup + copy + 3 * copy);
    double got1 = shard_expected_s(&s, &m);
    m.rounds = 3;
    double got3 = shard_expected_s(&s, &m);
    CHECK("the expected time of one round is the model's", fabs(got1 - one) < 1e-9,
          "%.9f, want %.9f", got1, one);
    CHECK("three rounds: three times a round of a third of the samples, each set up again",
          fabs(got3 - three) < 1e-9, "%.9f, want %.9f", got3, three);
}

int main(void)
{
    test_phase_names();
    test_order();
    test_budget();
    test_stats();
    test_agree_exact();
    test_agree_edges();
    test_agree_level();
    test_drift();
    test_drift_noise();
    test_drift_repair_readings();
    test_round_disagrees();
    test_expected_time();
    return check_exit();
}
