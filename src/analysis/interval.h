/*
 * interval.h - the uncertainty of every median pinsweep draws or prints,
 * defined once, here.  Every figure's bars, every spread in report.md's
 * tables and in figures/tables.md, compare.csv's ratio intervals and the
 * speedups are this interval (docs/figures.md, "Bars: one interval").
 *
 * THE INTERVAL.  A median m of one configuration (its GB/s, µs per copy,
 * alloc or free ms, effective GB/s, ...) is shown with the 95 % prediction
 * interval of the value another round would give, when the configuration
 * was measured in two rounds or more, else of the value another sample
 * would give:
 *
 *   x_1..x_n  the medians of the quantity over each round's samples
 *             (n rounds), or, measured in one round, the samples
 *             themselves (n samples); a value that is not > 0 is none
 *   s         the sample standard deviation (n - 1) of ln x_1 .. ln x_n
 *   h         t(0.975, n - 1) * s * sqrt(1 + 1/n), Student's t quantile
 *   interval  [m * e^-h, m * e^+h]
 *
 * It is computed on the log scale: the noise of a time or a bandwidth is a
 * factor, not a sum, so the interval is asymmetric about m (wider above)
 * and never reaches 0.  It is centred on the median m that is drawn, not on
 * the mean of the logs, so that the point sits at the geometric centre of
 * its bar.  With n < 2 there is none: h is NaN and lo = hi = m.  A min-max
 * of n values holds another value only (n - 1)/(n + 1) of the time; this
 * is built to hold it 95 % of the time (for log-normal noise).
 *
 * The values come from samples.csv (samples_csv.h).  Where a folder has
 * none, only GB/s has a spread in summary.csv, and s is taken from it by
 * the delta method, sd(ln x) ~ sd(x) / mean(x): between_rsd_pct / 100
 * over the rounds, else rsd_pct / 100 over the samples (for log-normal
 * noise sd(x)/mean(x) = sqrt(e^(s^2) - 1), within 1 % of s up to an rsd of
 * 20 %); the interval says so (approx), and the other quantities have none.
 *
 * THE CAP.  A copy over the PCIe link never moves data faster than the
 * link's raw rate (per direction; both directions at once: twice it).  When
 * the interval of such a bandwidth reaches past it (three rounds that
 * disagree 2x give h near 2: e^h is 7), its upper end is that ceiling
 * instead, and the interval says so (capped): interval_cap.  m, lo and h
 * are kept, so ratios and sums of capped medians are as without the cap.
 * A median already past the ceiling is left as it is (the ceiling is then
 * not the link the copies ran over: a link read while it idled down).
 * Only the link's raw rate is used as a ceiling (the figures' copies,
 * their tables, compare.csv's gbps_hi); never for the CPU's own access.
 *
 * Derived values: the ratio a/b of two medians measured apart (a speedup,
 * machine B over A) has H = sqrt(h_a^2 + h_b^2), each with its own t and n,
 * and [a/b e^-H, a/b e^+H]: never below 0, and b/a's interval is its
 * mirror.  A sum of medians m_k (GPUs alone) has, by the delta method,
 * H = sqrt(sum (m_k h_k)^2) / sum m_k.  A median scaled by a constant
 * (per GiB, ms to s) keeps its h.
 */
#ifndef PINSWEEP_INTERVAL_H
#define PINSWEEP_INTERVAL_H

#include "results/samples_csv.h"
#include "results/summary_csv.h"

#include <stddef.h>

/* What the values behind an interval are. */
enum interval_basis {
    INTERVAL_NONE,    /* no interval: fewer than two values, or no spread known */
    INTERVAL_ROUNDS,  /* the rounds' medians: another round's median */
    INTERVAL_SAMPLES, /* the samples: another sample */
};

/* The interval of a median m (see above). */
struct interval {
    double median;   /* m, the centre; NaN when unknown */
    double lo, hi;   /* m e^-h and m e^h; m itself without an interval; NaN when m is not > 0 */
    double half_log; /* h, in natural-log units; NaN without an interval */
    double n;        /* the values behind s (rounds or samples); 0 without an interval */
    enum interval_basis basis;
    int approx; /* s from summary.csv's rsd (delta method): the folder has no samples.csv */
    int capped; /* hi is the ceiling of interval_cap, not m e^h (which reached past it) */
};

/* The quantities summary.csv has a median of and samples.csv a value per sample of. */
enum interval_quantity {
    IV_GBPS,           /* gbps_median; a sample's gbps */
    IV_US_PER_COPY,    /* us_per_copy_median; a sample's device_ms * 1000 / copies */
    IV_ALLOC_MS,       /* alloc_ms_median; alloc_ms */
    IV_FREE_MS,        /* free_ms_median; free_ms */
    IV_ALLOC_FREE_MS,  /* alloc_ms_median + free_ms_median; a sample's alloc_ms + free_ms */
    IV_PIN_MS,         /* pin_ms_median; pin_ms (none in a samples.csv from before the column) */
    IV_EFFECTIVE_GBPS, /* effective_gbps_median; effective_gbps */
    IV_FILL_MS,        /* fill_ms_median; fill_ms */
    IV_COUNT
};

/* Has iv an interval (two values or more, a known spread)? */
int interval_known(const struct interval *iv);

/* No interval about median: lo = hi = median (NaN when it is not > 0). */
void interval_none(double median, struct interval *out);

/*
 * The interval of median from the n values x[] (rounds' medians or
 * samples, as basis says; values that are not > 0 are skipped): s of
 * their logs, h as defined above.  Returns 0, or -1 when out of memory
 * (then out has no interval).
 */
int interval_of_values(double median, const double *x, size_t n, enum interval_basis basis,
                       struct interval *out);

/*
 * The interval of median from a relative standard deviation (rsd_pct, %)
 * of n values (the delta method: s = rsd_pct / 100), marked approx.  None
 * when rsd_pct is NaN or negative, or n < 2.
 */
void interval_of_rsd(double median, double rsd_pct, double n, enum interval_basis basis,
                     struct interval *out);

/*
 * The interval of median, quantity q of configuration config: the samples
 * of s (may be NULL) with that config, device and gpus (summary.csv's;
 * a sample whose own cell is empty, a file from before the column,
 * matches any), by round when they have two rounds or more.  Returns 0,
 * or -1 when out of memory.  Without such samples out has no interval.
 */
int interval_of_config(const struct samples_file *s, double config, const char *device,
                       const char *gpus, enum interval_quantity q, double median,
                       struct interval *out);

/* The median of quantity q in summary row r (alloc + free summed for IV_ALLOC_FREE_MS). */
double interval_median_of(const struct summary_row *r, enum interval_quantity q);

/*
 * THE interval of row r of summary.csv, quantity q, about its median
 * (interval_median_of): from the folder's samples s (NULL: it has none)
 * when they have r's configuration; else, for IV_GBPS, from r's rsd
 * (between_rsd_pct with rounds, else rsd_pct; approx); else none.
 * Returns 0, or -1 when out of memory.
 */
int interval_of_row(const struct samples_file *s, const struct summary_row *r,
                    enum interval_quantity q, struct interval *out);

/* a / b with H = sqrt(h_a^2 + h_b^2) (none when either has none; NaN when b is not > 0). */
void interval_ratio(const struct interval *a, const struct interval *b, struct interval *out);

/* The sum of the k medians t[i]->median with H = sqrt(sum (m h)^2) / sum m; none if any has none.
 */
void interval_sum(const struct interval *const *t, size_t k, struct interval *out);

/* a scaled by factor > 0 (per GiB, ms as s): median, lo and hi times factor, h kept. */
void interval_scale(const struct interval *a, double factor, struct interval *out);

/*
 * a about another median, h kept: a scaled by median / a's median.  The
 * interval of a quantity that deviates on the log scale as a does: a time
 * from its bandwidth's interval (size ÷ GB/s), a sum or ratio about the
 * median a file gives for it.  out may be a.
 */
void interval_recentre(const struct interval *a, double median, struct interval *out);

/*
 * The cap (see above): when iv has an interval, ceiling (GB/s, the link's
 * raw rate) is > 0 and finite, the median is at most ceiling and hi is past
 * it, hi becomes ceiling and iv is marked capped; else iv is unchanged.
 * Returns 1 when it capped iv, else 0.
 */
int interval_cap(struct interval *iv, double ceiling);

/* What interval_range_text writes after a capped end: "1.93–63.02*". */
#define INTERVAL_CAPPED_MARK "*"

/*
 * "lo–hi" (an en dash) with each end written by num (the caller's number
 * style), hi followed by INTERVAL_CAPPED_MARK when capped, or "–" without
 * an interval, into buf.  Returns buf.
 */
char *interval_range_text(const struct interval *iv, void (*num)(double v, char *buf, size_t n),
                          char *buf, size_t n);

/* "−0.41 %/+0.42 %": 100 (e^-h - 1) and 100 (e^h - 1), or "–" without an interval. */
char *interval_pct_text(const struct interval *iv, char *buf, size_t n);

/*
 * What the intervals of a figure or table stand on, gathered one by one
 * (interval_tally_add), for the sentence that says so (interval_statement).
 */
struct interval_tally {
    size_t rounds, samples;          /* intervals of each basis */
    double rounds_min, rounds_max;   /* their n */
    double samples_min, samples_max; /* their n */
    size_t approx;                   /* of them, from summary.csv's rsd */
    int ratio;                       /* the intervals are of ratios (set by the caller) */
    size_t capped; /* of them, ended at the link's raw rate (interval_cap); none of ratios */
};

/* Start a tally (ratio: of ratios, whose sides are added one by one). */
void interval_tally_init(struct interval_tally *t, int ratio);
void interval_tally_add(struct interval_tally *t, const struct interval *iv);

/*
 * The one sentence that says what the bars (or a table's intervals) of the
 * tallied intervals are, into buf (n bytes), ending in a full stop:
 *   "Bars: 95 % prediction interval of another round's median (3 rounds),
 *    on the log scale."
 *   "Bars: 95 % prediction interval of another sample (n = 9–21), on the
 *    log scale."
 *   both bases: "Bars: 95 % prediction interval, on the log scale, of
 *    another round's median (3 rounds) or, in one round, of another
 *    sample (n = 5)."
 *   ratios: "... of the ratio of another sample of each (n = 20) ..."
 *   approx: "... (s from summary.csv's rsd: no samples.csv)" before the stop
 *   capped: "...; 2 end at the link's raw rate, which no copy exceeds." (1 ends)
 *   none: "No bars: no configuration has two values or more."
 * Returns buf.
 */
char *interval_statement(const struct interval_tally *t, char *buf, size_t n);

/* The same sentence led by lead instead of "Bars" ("Intervals", for a table). */
char *interval_statement_as(const struct interval_tally *t, const char *lead, char *buf, size_t n);

/*
 * The short form for a figure's legend, at most about 85 characters:
 * "bars: 95 % prediction interval of another round (3 rounds)", "... of
 * another sample (n = 9–21)", both: "... of another round (3 rounds) or
 * sample (n = 5)", ratios "bars: 95 % prediction interval of the ratio
 * (n = 20)"; approx adds " (from rsd)", capped "; 2 end at the raw rate"
 * (1 ends); none "no bars: too few values".  It says nothing of the log
 * scale (a reader takes that for the axis's): a caption adds
 * INTERVAL_NOTE_SAID after the note's first clause.  Returns buf.
 */
char *interval_note(const struct interval_tally *t, char *buf, size_t n);

/* What a caption adds to interval_note's first clause: how the interval is computed. */
#define INTERVAL_NOTE_SAID ", computed on the log scale"

#endif
