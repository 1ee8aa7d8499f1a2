/*
 * measure.h - measuring one configuration: the sampling loop.
 *
 * reuse: allocate and fill the host buffer once, size a batch of copies so
 * one sample lasts at least measure.min_sample_time, warm up, then time
 * measure.samples batches.  reallocate: every sample (after warmup cycles)
 * allocates the host buffer with its kind, fills it, copies it once and frees
 * it, each part timed.  Nothing but the copies is inside an event-timed span.
 */
#ifndef PINSWEEP_MEASURE_H
#define PINSWEEP_MEASURE_H

#include "experiment.h"
#include "gpu.h"
#include "stats.h"
#include "sweep.h"

enum result_status { RESULT_OK, RESULT_ERROR, RESULT_SKIPPED };

/* One sample: a timed batch (reuse) or one alloc-fill-copy-free cycle (reallocate). */
struct sample {
    int copies;
    double device_ms, host_ms; /* the batch of copies */
    double h2d_ms, d2h_ms;     /* bidir only, else NaN */
    double alloc_ms, fill_ms, free_ms; /* reallocate only, else NaN */
};

struct result {
    const struct config *config;
    enum result_status status;
    char error[600]; /* set when status is not RESULT_OK */
    int batch;       /* copies per sample */
    struct sample *samples;
    size_t nsamples;
};

/* Rates derived from one sample, GB/s = 1e9 bytes/s; NaN where not applicable. */
struct sample_rates {
    double gbps, host_gbps, h2d_gbps, d2h_gbps, effective_gbps, us_per_copy;
};

/* Summary statistics of a result's samples. */
struct summary {
    struct stats gbps;
    double us_per_copy_median, host_gbps_median, h2d_gbps_median, d2h_gbps_median;
    double alloc_ms_median, fill_ms_median, copy_ms_median, free_ms_median;
    double effective_gbps_median;
};

/*
 * Measure c with engine ops (already opened) into *r.  A failure of the
 * engine is not an error of this function: it sets r->status to RESULT_ERROR
 * with the reason and frees what was allocated.  Returns 0, or -1 when the
 * host ran out of memory for the samples themselves.  The caller frees r's
 * samples with result_free().
 */
int measure_config(const struct gpu_ops *ops, const struct measure_opts *m,
                   const struct config *c, struct result *r);

void measure_sample_rates(const struct config *c, const struct sample *s,
                          struct sample_rates *out);
int measure_summarise(const struct result *r, struct summary *out);

void result_free(struct result *r);

#endif
