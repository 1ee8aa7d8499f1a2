/*
 * summary.h - what a result's samples say: each sample's rates (GB/s =
 * 1e9 B/s) and the summary statistics of a result, over its rounds too.
 * Pure arithmetic on records (result.h): the measure layer's stopping rule
 * reads the rates, results/ writes the summary row from them.
 */
#ifndef PINSWEEP_SUMMARY_H
#define PINSWEEP_SUMMARY_H

#include "base/stats.h"
#include "record/result.h"

/* Rates derived from one sample, GB/s = 1e9 bytes/s; NaN where not applicable. */
struct sample_rates {
    double gbps, host_gbps, h2d_gbps, d2h_gbps, effective_gbps, us_per_copy;
};

/*
 * THE AGREEMENT OF ROUNDS (summary.csv's stable and stable_p).  A
 * configuration measured in k >= 2 rounds is stable when its rounds agree
 * as well as the rounds of a quiet machine do.  On y = ln GB/s of each
 * sample (the scale of the intervals, analysis/interval.h), samples whose
 * GB/s is not > 0 left out, round i holding n_i samples with mean m_i and
 * sum of squares SS_i about it, k rounds with samples, N = sum n_i and
 * grand mean m, two variance-ratio tests, each at most c (the wander)
 * away from exact agreement:
 *
 *   level   F_L = [sum n_i (m_i - m)^2 / (k - 1)] / [sum SS_i / (N - k)], the
 *           one-way ANOVA's between-round over within-round mean square;
 *           p_L = Q_F(F_L / (1 + n0 c^2); k - 1, N - k), with n0 = (N - sum
 *           n_i^2 / N) / (k - 1) (n0 = n for rounds of n samples): the null is
 *           that each round's level wanders by at most c within-round sd.
 *   spread  each round's variance s_i^2 = SS_i / (n_i - 1) against the
 *           others' pooled, S = sum_{j != i} SS_j / sum_{j != i} (n_j - 1), both
 *           ways: Q_F(s_i^2 / S / c^2; n_i - 1, ...) and Q_F(S / s_i^2 / c^2;
 *           ..., n_i - 1), over the k' rounds with SS_i > 0 (at least 2);
 *           p_S = 2 k' times the least of them, F_S the largest of the 2 k'
 *           ratios: the null is that no round's sd is over c times the others'
 *           (c^2 counted as 1 when c < 1).
 *   p       min(1, 2 min(p_L, p_S)) (Bonferroni); a test that cannot be made
 *           (N = k; k' < 2) is left out, and without either p is NaN.
 *
 * Unstable when p < STABLE_LEVEL; NaN (one round): no flag.  Q_F is the F
 * distribution's upper tail (GSL).  Rounds whose samples are all equal have
 * SS_i = 0: with every round so, F_L is +inf (p_L 0) when the means
 * differ, NaN (p_L 1) when they do not; such a round says nothing of its
 * spread.
 * Why a wander (STABLE_WANDER, c = 5): a round's samples are taken
 * milliseconds apart, its rounds seconds apart, and on the H200 a round's
 * level moves between rounds by more than back-to-back samples scatter
 * (the estimated sd of the rounds' levels is 1.2 within-round sd at the
 * median of 798 rows of three quiet runs, 5.5 at the 90th percentile): with
 * c = 0 (the plain ANOVA) 37-56 % of the rows of quiet runs fail at 1 %.
 * Why the spread: a disturbance that comes and goes within a round makes
 * that round noisy rather than shifted, and swells the pooled within-round
 * variance the level is judged by.
 */
#define STABLE_WANDER 5.0
#define STABLE_LEVEL 0.01
/* Rounds whose ln GB/s means differ by less than this (a relative 1e-12: the arithmetic's
   rounding, as a model clock gives) agree, whatever their samples' spread. */
#define STABLE_RESOLUTION 1e-12

/* The two tests and their p (above); NaN where not made. */
struct rounds_agreement {
    double level_f, level_p;   /* F_L and p_L */
    double spread_f, spread_p; /* F_S and p_S */
    double p;                  /* stable_p */
};

/* Summary statistics of a result's samples. */
struct summary {
    struct stats gbps;
    double us_per_copy_median, host_gbps_median, h2d_gbps_median, d2h_gbps_median;
    double alloc_ms_median, pin_ms_median, fill_ms_median, copy_ms_median, free_ms_median;
    double effective_gbps_median;
    /* pipeline: whole, serial sum of the stages alone, the longest stage, serial / whole */
    double pipeline_ms_median, serial_ms_median, ideal_ms_median, overlap_median;
    double h2d_alone_ms_median, kernel_alone_ms_median, d2h_alone_ms_median;
    /*
     * Rounds (rounds > 1, else NaN): each round's median bandwidth; their
     * median (then also gbps.median), least and greatest, their relative
     * standard deviation (between rounds, %), and the median of each
     * round's own rsd (within a round, %); and the half-width of the 95 %
     * prediction interval of one more round's median, % of their median
     * (stats_pi95_halfwidth), which is what another run can be expected
     * to read.
     */
    int rounds;
    double round_median_gbps, round_min_gbps, round_max_gbps, between_rsd_pct, within_rsd_pct;
    double pi95_pct;
    struct rounds_agreement agree; /* do the rounds agree (above; NaN with one round) */
};

/* The rates of sample s of configuration c into *out. */
void record_sample_rates(const struct config *c, const struct sample *s, struct sample_rates *out);

/* The summary of r's samples into *out.  Returns 0, or -1 when out of memory. */
int record_summarise(const struct result *r, struct summary *out);

/*
 * The agreement (above) of rounds 1..rounds of the n samples s[], whose
 * GB/s are gbps[] (record_sample_rates; s[i].round 0 counts as 1), with
 * the wander c, into *out.
 */
void record_rounds_agree(const double *gbps, const struct sample *s, size_t n, int rounds,
                         double wander, struct rounds_agreement *out);

/* Is a configuration stable: 1 when p >= STABLE_LEVEL, 0 when below, -1 when p is NaN. */
int record_stable(const struct rounds_agreement *a);

/*
 * Whether round `round` of r, its last (a repair round, run/repair.h),
 * disagrees with r's clean rounds: r's samples that are not disturbed are
 * unstable (above) with that round's, and not without them.  1 when it
 * disagrees; 0 when it agrees, or cannot be judged so (no clean round, or
 * clean rounds that already disagree among themselves); -1 when out of
 * memory.
 */
int record_round_disagrees(const struct result *r, int round);

#endif
