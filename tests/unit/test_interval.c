/*
 * test_interval.c - the one interval (analysis/interval.h) against values
 * worked by hand: the logs of 10, 20 and 40 deviate by exactly ln 2, so
 * h = t(0.975, 2) ln 2 sqrt(4/3) with t from tables, not from GSL; the
 * rounds' medians of a samples.csv written here; the delta method; ratios,
 * sums, the texts and the sentence captions end with; the cap at a link's
 * raw rate.
 */
#include "check.h"
#include "analysis/interval.h"
#include "base/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Student's t(0.975, df) from tables. */
#define T1 12.706204736174707
#define T2 4.302652729749464
#define T8 2.306004135204166

static void check_values(void)
{
    struct interval iv;
    const double x[] = {40, 10, 20};
    double h = T2 * log(2) * sqrt(4.0 / 3);
    interval_of_values(20, x, 3, INTERVAL_SAMPLES, &iv);
    CHECK_NEAR("values 10, 20, 40: h = t(0.975, 2) ln 2 sqrt(4/3)", iv.half_log, h, 1e-12);
    CHECK_NEAR("values: lo = 20 e^-h", iv.lo, 20 * exp(-h), 1e-12);
    CHECK_NEAR("values: hi = 20 e^h", iv.hi, 20 * exp(h), 1e-12);
    CHECK("values: basis and n", iv.basis == INTERVAL_SAMPLES && iv.n == 3 && !iv.approx,
          "basis %d n %g approx %d", iv.basis, iv.n, iv.approx);
    /* The same values' interval on the linear scale (stats_pi95_halfwidth) reaches below 0:
       20 - 4.30 x 15.28 x 1.15 = -55.9.  The log interval stays above it. */
    struct stats st;
    stats_compute(x, 3, &st);
    CHECK("values: the linear interval would go below 0", 20 - stats_pi95_halfwidth(&st) < 0, "%g",
          20 - stats_pi95_halfwidth(&st));
    CHECK("values: the log interval stays > 0 and asymmetric", iv.lo > 0 && iv.hi - 20 > 20 - iv.lo,
          "lo %g hi %g", iv.lo, iv.hi);
    /* Centred on the median given, not on the mean of the logs. */
    interval_of_values(25, x, 3, INTERVAL_ROUNDS, &iv);
    CHECK_NEAR("values: centred on the median given", iv.lo * iv.hi, 25.0 * 25, 1e-12);
    const double two[] = {10, 20}, skip[] = {10, 0, NAN, -3, 20};
    interval_of_values(15, two, 2, INTERVAL_SAMPLES, &iv);
    CHECK_NEAR("two values: h = t(0.975, 1) (ln 2 / sqrt 2) sqrt(3/2)", iv.half_log,
               T1 * log(2) / sqrt(2) * sqrt(1.5), 1e-12);
    interval_of_values(15, skip, 5, INTERVAL_SAMPLES, &iv);
    CHECK("values not > 0 are none: the same two",
          iv.n == 2 && fabs(iv.half_log - T1 * log(2) / sqrt(2) * sqrt(1.5)) < 1e-9, "n %g h %g",
          iv.n, iv.half_log);
    const double one[] = {7};
    interval_of_values(7, one, 1, INTERVAL_SAMPLES, &iv);
    CHECK("one value: no interval, lo = hi = the median",
          !interval_known(&iv) && iv.lo == 7 && iv.hi == 7 && iv.basis == INTERVAL_NONE,
          "known %d lo %g hi %g", interval_known(&iv), iv.lo, iv.hi);
    const double same[] = {5, 5, 5};
    interval_of_values(5, same, 3, INTERVAL_SAMPLES, &iv);
    CHECK("equal values: h = 0, lo = hi = m",
          interval_known(&iv) && iv.half_log == 0 && iv.lo == 5 && iv.hi == 5, "h %g", iv.half_log);
    interval_of_values(0, x, 3, INTERVAL_SAMPLES, &iv);
    CHECK("a median that is not > 0: NaN ends", isnan(iv.lo) && isnan(iv.hi), "lo %g", iv.lo);
}

static void check_rsd(void)
{
    struct interval iv;
    interval_of_rsd(50, 2.0, 9, INTERVAL_SAMPLES, &iv);
    double h = T8 * 0.02 * sqrt(10.0 / 9);
    CHECK_NEAR("delta method: s = rsd / 100, h = t(0.975, 8) s sqrt(10/9)", iv.half_log, h, 1e-12);
    CHECK("delta method: marked approx", iv.approx && iv.n == 9, "approx %d", iv.approx);
    interval_of_rsd(50, NAN, 9, INTERVAL_SAMPLES, &iv);
    CHECK("delta method: no rsd, no interval", !interval_known(&iv) && !iv.approx, "h %g",
          iv.half_log);
}

/* A samples.csv in a folder of its own: configs 1 (three rounds, two GPUs' rows) and 2. */
static const char *write_samples(void)
{
    static char dir[] = "/tmp/pinsweep-test-interval-XXXXXX";
    if (!mkdtemp(dir))
        return NULL;
    char path[128];
    snprintf(path, sizeof(path), "%s/samples.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    /* round 1: 9, 10, 30 (median 10); round 2: 19, 20, 21 (20); round 3: 1, 40, 100 (40);
       the other rows of config 1 must not count: GPU 1's alone (500: with it round 1's median
       is 20), GPU 0's at once (700, 800: 30) and the aggregate's; config 2 between them */
    fputs("config,sample,round,copies,device_ms,gbps,alloc_ms,free_ms,device,gpus\n"
          "1,1,1,4,2,9,,,0,alone\n1,2,1,4,2,10,,,0,alone\n2,1,1,2,1,10,3,1,0,\n"
          "1,3,1,4,2,30,,,0,alone\n1,4,1,4,2,500,,,1,alone\n1,5,1,4,2,1,,,0+1,aggregate\n"
          "1,12,1,4,2,700,,,0,together\n1,13,1,4,2,800,,,0,together\n"
          "1,6,2,4,2,19,,,0,alone\n1,7,2,4,2,20,,,0,alone\n1,8,2,4,2,21,,,0,alone\n"
          "2,2,1,2,2,20,6,2,0,\n2,3,1,2,4,40,12,4,0,\n2,4,1,2,0,0,,,0,\n"
          "1,9,3,4,2,1,,,0,alone\n1,10,3,4,2,40,,,0,alone\n1,11,3,4,2,100,,,0,alone\n",
          f);
    fclose(f);
    return dir;
}

static void check_samples(void)
{
    struct samples_file s;
    struct interval iv;
    char err[256];
    const char *dir = write_samples();
    double h3 = T2 * log(2) * sqrt(4.0 / 3);
    CHECK("samples.csv read", dir && samples_read(&s, dir, err, sizeof(err)) == 1, "%s", err);
    size_t first, n = samples_of_config(&s, 1, &first);
    CHECK("samples_of_config: config 1's 13 rows, sorted first, in file order",
          n == 13 && first == 0 && s.rows[5].sample == 12 && s.rows[12].sample == 11,
          "n %zu first %zu", n, first);
    n = samples_of_config(&s, 2, &first);
    CHECK("samples_of_config: config 2's 4 rows after them", n == 4 && first == 13,
          "n %zu first %zu", n, first);
    CHECK("samples_of_config: none of config 3", samples_of_config(&s, 3, &first) == 0, "%zu",
          samples_of_config(&s, 3, &first));
    interval_of_config(&s, 1, "0", "alone", IV_GBPS, 20, &iv);
    CHECK_NEAR("three rounds: the rounds' medians 10, 20, 40", iv.half_log, h3, 1e-12);
    CHECK("three rounds: basis rounds, n 3", iv.basis == INTERVAL_ROUNDS && iv.n == 3,
          "basis %d n %g", iv.basis, iv.n);
    /* config 2, one round: gbps 10, 20, 40 (the 0 is none); µs per copy 500, 1000, 2000 */
    interval_of_config(&s, 2, "0", "", IV_GBPS, 20, &iv);
    CHECK("one round: the samples, n 3",
          iv.basis == INTERVAL_SAMPLES && iv.n == 3 && fabs(iv.half_log - h3) < 1e-12,
          "basis %d n %g h %g", iv.basis, iv.n, iv.half_log);
    interval_of_config(&s, 2, "0", "", IV_US_PER_COPY, 1000, &iv);
    CHECK_NEAR("µs per copy = device_ms x 1000 / copies: 500, 1000, 2000", iv.half_log, h3, 1e-12);
    CHECK_NEAR("µs per copy: lo", iv.lo, 1000 * exp(-h3), 1e-12);
    interval_of_config(&s, 2, "0", "", IV_ALLOC_FREE_MS, 8, &iv);
    CHECK_NEAR("alloc + free: 4, 8, 16", iv.half_log, h3, 1e-12);
    interval_of_config(&s, 2, "0", "", IV_FREE_MS, 2, &iv);
    CHECK("free ms: 1, 2, 4", iv.n == 3 && fabs(iv.half_log - h3) < 1e-12, "n %g", iv.n);
    interval_of_config(&s, 2, "0", "", IV_EFFECTIVE_GBPS, 2, &iv);
    CHECK("a quantity the file lacks: no interval", !interval_known(&iv) && iv.lo == 2, "lo %g",
          iv.lo);
    /* interval_of_row: the row's median, config, device and gpus */
    struct summary_row r = {.config = 1,
                            .device = "0",
                            .gpus = "alone",
                            .gbps_median = 20,
                            .rounds = 3,
                            .between_rsd_pct = 1};
    interval_of_row(&s, &r, IV_GBPS, &iv);
    CHECK("interval_of_row: from samples.csv, not the rsd",
          iv.basis == INTERVAL_ROUNDS && !iv.approx && fabs(iv.half_log - h3) < 1e-12,
          "approx %d h %g", iv.approx, iv.half_log);
    r.config = 7;
    interval_of_row(&s, &r, IV_GBPS, &iv);
    CHECK("interval_of_row: a config samples.csv lacks has none", !interval_known(&iv), "h %g",
          iv.half_log);
    interval_of_row(NULL, &r, IV_GBPS, &iv);
    CHECK_NEAR("interval_of_row without samples.csv: rounds' rsd, t(0.975, 2)", iv.half_log,
               T2 * 0.01 * sqrt(4.0 / 3), 1e-12);
    CHECK("interval_of_row without samples.csv: approx, rounds",
          iv.approx && iv.basis == INTERVAL_ROUNDS, "approx %d", iv.approx);
    r = (struct summary_row){
        .config = 7, .gbps_median = 50, .rounds = 1, .rsd_pct = 2, .samples = 9, .us_per_copy = 3};
    interval_of_row(NULL, &r, IV_GBPS, &iv);
    CHECK_NEAR("interval_of_row without samples.csv: the samples' rsd", iv.half_log,
               T8 * 0.02 * sqrt(10.0 / 9), 1e-12);
    interval_of_row(NULL, &r, IV_US_PER_COPY, &iv);
    CHECK("interval_of_row without samples.csv: only GB/s has an rsd",
          !interval_known(&iv) && iv.lo == 3, "lo %g", iv.lo);
    samples_close(&s);
    char path[128];
    snprintf(path, sizeof(path), "%s/samples.csv", dir);
    unlink(path);
    CHECK("no samples.csv: 0, empty", samples_read(&s, dir, err, sizeof(err)) == 0 && s.nrows == 0,
          "%zu", s.nrows);
    samples_close(&s);
    rmdir(dir);
}

/* An interval of median m and half-width h (samples, n). */
static struct interval make(double m, double h, double n)
{
    return (struct interval){m, m * exp(-h), m * exp(h), h, n, INTERVAL_SAMPLES, 0};
}

static void check_derived(void)
{
    struct interval a = make(12.2, 0.9, 5), b = make(10, 1.2, 5), r, s;
    interval_ratio(&a, &b, &r);
    CHECK_NEAR("ratio: a / b", r.median, 1.22, 1e-12);
    CHECK_NEAR("ratio: H = sqrt(0.9^2 + 1.2^2) = 1.5", r.half_log, 1.5, 1e-12);
    CHECK("ratio: never below 0, mirror of b / a", r.lo > 0 && r.lo == 1.22 * exp(-1.5), "lo %g",
          r.lo);
    interval_ratio(&b, &a, &s);
    CHECK_NEAR("ratio: b / a's low end is 1 / a / b's high end", s.lo, 1 / r.hi, 1e-12);
    struct interval none;
    interval_none(10, &none);
    interval_ratio(&a, &none, &r);
    CHECK("ratio with a side without interval: none", !interval_known(&r) && r.lo == r.median,
          "lo %g", r.lo);
    struct interval x = make(10, 0.1, 3), y = make(30, 0.2, 5), sum;
    const struct interval *t[] = {&x, &y};
    interval_sum(t, 2, &sum);
    CHECK_NEAR("sum: 40, H = sqrt(1^2 + 6^2) / 40", sum.half_log, sqrt(37) / 40, 1e-12);
    CHECK("sum: median 40, n the fewest", sum.median == 40 && sum.n == 3, "m %g n %g", sum.median,
          sum.n);
    interval_scale(&x, 1e-3, &s);
    CHECK("scale: ends times the factor, h kept",
          s.half_log == 0.1 && fabs(s.lo - 10e-3 * exp(-0.1)) < 1e-15 && s.median == 10e-3, "lo %g",
          s.lo);
    /* a time from its bandwidth's interval: 10 GB/s moving 1 MB takes 0.1 ms, the same h */
    interval_recentre(&x, 0.1, &s);
    CHECK("recentre: the median given, ends scaled by median / a's, h, n and basis kept",
          s.median == 0.1 && s.lo == x.lo * (0.1 / 10) && s.hi == x.hi * (0.1 / 10) &&
              s.half_log == x.half_log && s.n == x.n && s.basis == x.basis,
          "m %g lo %.17g hi %.17g", s.median, s.lo, s.hi);
    CHECK_NEAR("recentre: lo = 0.1 e^-0.1", s.lo, 0.1 * exp(-0.1), 1e-12);
    s = y;
    interval_recentre(&s, 60, &s);
    CHECK_NEAR("recentre in place: hi = 60 e^0.2", s.hi, 60 * exp(0.2), 1e-12);
}

static void gb2(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.2f", v);
}

/*
 * The cap at a link's raw rate: 10, 20 and 40 about 20 reach 20 e^h = 626
 * GB/s (h = t(0.975, 2) ln 2 sqrt(4/3) = 3.4437); a PCIe 5.0 x16 link moves
 * at most 63.0154 GB/s each way.
 */
static void check_cap(void)
{
    const double x[] = {10, 20, 40};
    double h = T2 * log(2) * sqrt(4.0 / 3);
    char buf[256];
    struct interval iv, kept, r, none;
    interval_of_values(20, x, 3, INTERVAL_ROUNDS, &iv);
    kept = iv;
    CHECK("cap: capped", interval_cap(&iv, 63.0154) == 1 && iv.capped == 1, "rc, capped %d",
          iv.capped);
    CHECK("cap: hi is the ceiling exactly", iv.hi == 63.0154, "hi %.17g", iv.hi);
    CHECK("cap: median, lo, h, n and basis kept",
          iv.median == 20 && iv.lo == kept.lo && fabs(iv.half_log - h) < 1e-12 && iv.n == 3 &&
              iv.basis == INTERVAL_ROUNDS && interval_known(&iv),
          "m %g lo %g h %g", iv.median, iv.lo, iv.half_log);
    CHECK_STR("cap: the range text marks the capped end", interval_range_text(&iv, gb2, buf, 256),
              "0.64–63.02*");
    iv = kept;
    CHECK("cap: a ceiling above hi changes nothing",
          interval_cap(&iv, 700) == 0 && !iv.capped && iv.hi == kept.hi, "hi %g", iv.hi);
    CHECK("cap: a median past the ceiling is left as it is",
          interval_cap(&iv, 15) == 0 && !iv.capped && iv.hi == kept.hi, "hi %g", iv.hi);
    CHECK("cap: an unknown ceiling (NaN, 0, inf) changes nothing",
          interval_cap(&iv, NAN) + interval_cap(&iv, 0) + interval_cap(&iv, INFINITY) == 0 &&
              !iv.capped && iv.hi == kept.hi,
          "hi %g", iv.hi);
    interval_none(20, &none);
    CHECK("cap: no interval, nothing to cap",
          interval_cap(&none, 10) == 0 && !none.capped && none.hi == 20, "hi %g", none.hi);
    CHECK_STR("range text of an interval not capped: no mark",
              interval_range_text(&iv, gb2, buf, 256), "0.64–626.08");
    /* a ratio of a capped median: h as without the cap, never capped itself */
    struct interval capped = kept, other = make(10, 0.5, 3);
    interval_cap(&capped, 63.0154);
    interval_ratio(&capped, &other, &r);
    CHECK("cap: a ratio of a capped median is not capped: H = sqrt(h^2 + 0.5^2)",
          !r.capped && fabs(r.half_log - sqrt(h * h + 0.25)) < 1e-12 &&
              fabs(r.hi - 2 * exp(r.half_log)) < 1e-12,
          "capped %d H %g", r.capped, r.half_log);
    interval_scale(&capped, 1e-3, &r);
    CHECK("cap: scaled, the capped end stays capped", r.capped && r.hi == 63.0154e-3, "hi %g",
          r.hi);
    /* the tally counts them; the sentence and the note say how many */
    struct interval_tally t;
    interval_tally_init(&t, 0);
    interval_tally_add(&t, &capped);
    interval_tally_add(&t, &kept);
    CHECK("tally: 1 capped of 2", t.capped == 1 && t.rounds == 2, "capped %zu", t.capped);
    CHECK_STR("statement: 1 capped", interval_statement(&t, buf, sizeof(buf)),
              "Bars: 95 % prediction interval of another round's median (3 rounds), on the log "
              "scale; 1 ends at the link's raw rate, which no copy exceeds.");
    CHECK_STR("note: 1 capped", interval_note(&t, buf, sizeof(buf)),
              "bars: 95 % prediction interval of another round (3 rounds); 1 ends at the raw rate");
    interval_tally_add(&t, &capped);
    CHECK_STR("statement: 2 capped", interval_statement(&t, buf, sizeof(buf)),
              "Bars: 95 % prediction interval of another round's median (3 rounds), on the log "
              "scale; 2 end at the link's raw rate, which no copy exceeds.");
    CHECK_STR("note: 2 capped", interval_note(&t, buf, sizeof(buf)),
              "bars: 95 % prediction interval of another round (3 rounds); 2 end at the raw rate");
    interval_tally_init(&t, 1);
    interval_tally_add(&t, &capped);
    interval_tally_add(&t, &kept);
    CHECK("tally of ratios: their sides' caps are none of the ratios'", t.capped == 0, "capped %zu",
          t.capped);
}

static void check_texts(void)
{
    char buf[256];
    struct interval iv = make(10, log(1.25), 3), none;
    CHECK_STR("pct text: e^-h = 0.8, e^h = 1.25", interval_pct_text(&iv, buf, sizeof(buf)),
              "−20.00 %/+25.00 %");
    CHECK_STR("range text", interval_range_text(&iv, gb2, buf, sizeof(buf)), "8.00–12.50");
    interval_none(10, &none);
    CHECK_STR("range text without interval", interval_range_text(&none, gb2, buf, sizeof(buf)),
              "–");
    struct interval_tally t;
    struct interval r3 = make(5, 0.1, 3), s9 = make(5, 0.1, 9), s21 = make(5, 0.1, 21);
    r3.basis = INTERVAL_ROUNDS;
    interval_tally_init(&t, 0);
    interval_tally_add(&t, &r3);
    interval_tally_add(&t, &none);
    CHECK_STR("statement: rounds", interval_statement(&t, buf, sizeof(buf)),
              "Bars: 95 % prediction interval of another round's median (3 rounds), on the log "
              "scale.");
    interval_tally_init(&t, 0);
    interval_tally_add(&t, &s21);
    interval_tally_add(&t, &s9);
    CHECK_STR("statement: samples", interval_statement(&t, buf, sizeof(buf)),
              "Bars: 95 % prediction interval of another sample (n = 9–21), on the log scale.");
    interval_tally_add(&t, &r3);
    CHECK_STR("statement: both", interval_statement(&t, buf, sizeof(buf)),
              "Bars: 95 % prediction interval, on the log scale, of another round's median (3 "
              "rounds) or, in one round, of another sample (n = 9–21).");
    interval_tally_init(&t, 1);
    s9.approx = 1;
    interval_tally_add(&t, &s9);
    CHECK_STR("statement: ratios, approx", interval_statement(&t, buf, sizeof(buf)),
              "Bars: 95 % prediction interval of the ratio of another sample of each (n = 9), on "
              "the log scale (s from summary.csv's rsd: no samples.csv).");
    CHECK_STR("note: ratios, approx", interval_note(&t, buf, sizeof(buf)),
              "bars: 95 % prediction interval of the ratio (n = 9) (from rsd)");
    interval_tally_init(&t, 0);
    CHECK_STR("statement: none", interval_statement(&t, buf, sizeof(buf)),
              "No bars: no configuration has two values or more.");
    CHECK_STR("statement as a table's: none", interval_statement_as(&t, "Intervals", buf, 256),
              "No intervals: no configuration has two values or more.");
    CHECK_STR("note: none", interval_note(&t, buf, sizeof(buf)), "no bars: too few values");
    interval_tally_add(&t, &r3);
    CHECK_STR("note: rounds", interval_note(&t, buf, sizeof(buf)),
              "bars: 95 % prediction interval of another round (3 rounds)");
    s9.approx = 0;
    interval_tally_add(&t, &s9);
    interval_tally_add(&t, &s21);
    CHECK_STR("note: both", interval_note(&t, buf, sizeof(buf)),
              "bars: 95 % prediction interval of another round (3 rounds) or sample (n = 9–21)");
    CHECK_STR("statement as a table's: both", interval_statement_as(&t, "Intervals", buf, 256),
              "Intervals: 95 % prediction interval, on the log scale, of another round's median "
              "(3 rounds) or, in one round, of another sample (n = 9–21).");
}

int main(void)
{
    check_values();
    check_rsd();
    check_samples();
    check_derived();
    check_texts();
    check_cap();
    return check_exit();
}
