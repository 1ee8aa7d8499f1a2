/*
 * measure.h - the measure layer's interface: measuring one configuration on
 * an open engine into a struct result, the stopping rule, and the rates and
 * summary of its samples.
 *
 * reuse: allocate and fill the host buffer once, size a batch of copies so
 * one sample lasts at least measure.min_sample_time, warm up, then time
 * measure.samples batches.  reallocate: every sample (after warmup cycles)
 * allocates the host buffer with its kind, fills it, copies it once and frees
 * it, each part timed.  Nothing but the copies is inside an event-timed span.
 * (measure.c dispatches; measure_copy.c, measure_pipeline.c and
 * measure_host.c measure; measure_loop.c samples; summary.c summarises.)
 */
#ifndef PINSWEEP_MEASURE_H
#define PINSWEEP_MEASURE_H

#include "experiment/experiment.h"
#include "engine/gpu.h"
#include "base/stats.h"
#include "experiment/sweep.h"
#include "measure/devpool.h"
#include "measure/hostpool.h"

enum result_status { RESULT_OK, RESULT_ERROR, RESULT_SKIPPED, RESULT_CORRUPT };

/*
 * What a row is in a run over several GPUs (together.h): one GPU measured
 * by itself, one GPU while the others copied too, or all of them at once.
 * GPU_ROLE_ONLY: a run of one GPU (the column is left empty).
 */
enum gpu_role { GPU_ROLE_ONLY, GPU_ROLE_ALONE, GPU_ROLE_TOGETHER, GPU_ROLE_AGGREGATE };
extern const char *const gpu_role_names[]; /* "", alone, together, aggregate */

/* Why sampling stopped. */
enum stop_reason {
    STOP_CONTINUE,    /* not yet */
    STOP_FIXED,       /* measure.samples were taken */
    STOP_TARGET,      /* the relative standard deviation reached target_rsd */
    STOP_MAX_SAMPLES, /* max_samples were taken without reaching it */
    STOP_MAX_TIME,    /* max_time ran out without reaching it */
};

extern const char *const measure_stop_names[]; /* "", fixed, target, max_samples, max_time */

/* One sample: a timed batch (reuse) or one alloc-fill-copy-free cycle (reallocate). */
struct sample {
    int copies;
    double device_ms, host_ms;         /* the batch of copies */
    double h2d_ms, d2h_ms;             /* bidir only, else NaN */
    double alloc_ms, fill_ms, free_ms; /* reallocate only, else NaN */
    double pin_ms;                     /* reallocate registered: the register part of alloc_ms */
    double kernel_ms; /* pipeline: its kernels alone (h2d_ms, d2h_ms: its copies) */
    int round;        /* the round it was taken in, 1-based (0 counts as 1) */
};

/*
 * Where a configuration's time went, host clock, ms (reuse copies and
 * zero-copy kernels; the other ways count buffers only): for meta.yaml's
 * run.time_s, so a slow run can be told from slow copies.
 */
enum run_phase {
    RUN_PHASE_BUFFERS,   /* allocating, filling, locating and freeing host buffers */
    RUN_PHASE_CALIBRATE, /* sizing the batch */
    RUN_PHASE_WARMUP,    /* the warm-up batches */
    RUN_PHASE_SAMPLES,   /* the timed samples, with their own overheads */
    RUN_PHASE_ROUNDTRIP, /* the round trips of one copy */
    RUN_PHASE_VERIFY,    /* verify: filling, copying and checking the pattern */
    RUN_PHASE_COUNT
};
extern const char *const run_phase_names[RUN_PHASE_COUNT];

struct result {
    const struct config *config;
    double phase_ms[RUN_PHASE_COUNT]; /* this round's time by phase */
    enum result_status status;
    char error[600]; /* set when status is not RESULT_OK */
    int batch;       /* copies per sample */
    enum stop_reason stop;
    double rsd_pct;        /* of the samples' bandwidth when sampling stopped */
    double target_rsd_pct; /* what it was asked to reach (adaptive) */
    double roundtrip_us;   /* median round trip of one copy (reuse, h2d/d2h), else NaN */
    double kernel_us;      /* pipeline: the kernel's time per chunk, as set; else NaN */
    int gpu_node;          /* the GPU's NUMA node from sysfs, -1 unknown */
    int bound_node;        /* the node the thread and buffers were bound to, -1 none */
    int host_node;         /* where the host buffer's pages are (most of them), -1 unknown */
    double host_node_pct;  /* the share of its sampled pages there */
    double huge_pct;       /* malloc'd kinds: the share huge pages back, else NaN */
    struct sample *samples;
    size_t nsamples;
    int rounds;     /* rounds merged into it (measure_merge_round); 0 or 1: one */
    int rounds_met; /* adaptive: how many of them reached target_rsd */
    /* Several GPUs: which row this is and its numbers beside the bandwidth (together.h). */
    enum gpu_role role;
    char devices[64];   /* the GPU ("1"), or for the aggregate all of them ("0+1"); "": the run's */
    double overlap_pct; /* together, aggregate: median overlap of the GPUs' spans, %; else NaN */
    double alone_gbps;  /* together: the GPU's median alone; aggregate: their sum; else NaN */
};

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

/*
 * What a run measures with, one per open device: set gpu and gpu_node and
 * zero the rest.  The pool's device buffers are kept from one configuration
 * to the next (devpool.h); devpool_release(&pool, gpu) frees them before
 * the engine is closed.  So are reused host buffers when hostpool's limit is
 * set (hostpool.h); hostpool_release(&hostpool, gpu) frees them.
 */
struct measure_ctx {
    struct gpu *gpu;           /* the open engine */
    int gpu_node;              /* the GPU's NUMA node (-1 unknown), which numa: auto binds to */
    struct devpool pool;       /* its device buffers */
    struct hostpool hostpool;  /* reused host buffers kept for later configurations */
    /*
     * The configuration's result from its earlier rounds (NULL in the
     * first): a later round takes its batch size instead of calibrating
     * again, and leaves the round trip measured.  Set by the caller.
     */
    const struct result *earlier;
};

/*
 * Measure c on mc's engine into *r.  A failure of the engine is not an
 * error of this function: it sets r->status to RESULT_ERROR with the reason
 * and frees what was allocated (but for the pool's device buffers).  Returns
 * 0, or -1 when the host ran out of memory for the samples themselves.  The
 * caller frees r's samples with result_free().
 */
int measure_config(struct measure_ctx *mc, const struct measure_opts *m, const struct config *c,
                   struct result *r);

/* Mark r skipped: status RESULT_SKIPPED, error "skipped: " and why. */
void measure_skip(struct result *r, const char *why);

/*
 * The stopping rule.  gbps[0..n-1] are the samples so far, elapsed_ms the
 * time spent sampling.  Fixed (m->samples > 0): stop at m->samples.
 * Adaptive: stop when n >= min_samples and the relative standard deviation
 * is <= target_rsd; or n >= max_samples; or elapsed_ms >= max_time and
 * n >= 3 (fewer if min_samples is fewer).  Writes the rsd (%) into *rsd_pct.
 */
enum stop_reason measure_should_stop(const struct measure_opts *m, const double *gbps, size_t n,
                                     double elapsed_ms, double *rsd_pct);

/* 1 when c is timed with queued batches (see struct copy_job in gpu.h). */
int measure_queued(const struct config *c);

/* 1 when c's copies are prepared and timed one at a time (cache flushed, first-touch). */
int measure_one_by_one(const struct config *c);

/* The most samples m can take (the size of a result's sample array). */
int measure_max_samples(const struct measure_opts *m);

/*
 * Move round's result r (1-based round) into acc, the configuration's
 * result over the rounds so far (zeroed before the first): r's samples
 * are appended to acc's, tagged with round, and r's other fields replace
 * acc's, except that a failure stays.  r is emptied (its samples now
 * belong to acc).  Returns 0, or -1 when the samples cannot be grown.
 */
int measure_merge_round(struct result *acc, struct result *r, int round);

void measure_sample_rates(const struct config *c, const struct sample *s, struct sample_rates *out);
int measure_summarise(const struct result *r, struct summary *out);

void result_free(struct result *r);

#endif
