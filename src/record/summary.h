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
};

/* The rates of sample s of configuration c into *out. */
void record_sample_rates(const struct config *c, const struct sample *s, struct sample_rates *out);

/* The summary of r's samples into *out.  Returns 0, or -1 when out of memory. */
int record_summarise(const struct result *r, struct summary *out);

#endif
