/*
 * measure.h - the measure layer's interface: measuring one configuration on
 * an open engine into a struct result (record/result.h; the rates and
 * summary of its samples are record/summary.h's), and the stopping rule.
 *
 * reuse: allocate and fill the host buffer once, size a batch of copies so
 * one sample lasts at least measure.min_sample_time, warm up, then time
 * measure.samples batches.  reallocate: every sample (after warmup cycles)
 * allocates the host buffer with its kind, fills it, copies it once and frees
 * it, each part timed.  Nothing but the copies is inside an event-timed span.
 * (measure.c dispatches; measure_copy.c, measure_pipeline.c and
 * measure_host.c measure; measure_loop.c samples.)
 */
#ifndef PINSWEEP_MEASURE_H
#define PINSWEEP_MEASURE_H

#include "experiment/experiment.h"
#include "engine/gpu.h"
#include "base/stats.h"
#include "experiment/sweep.h"
#include "measure/devpool.h"
#include "measure/hostpool.h"
#include "record/result.h"
#include "record/summary.h"

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
    /*
     * The round being measured, 1 and up (0 counts as 1): a small page-locked
     * buffer is kept for its own round only (hostpool.h).  Set by the caller.
     */
    int round;
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

/* The most samples m can take (the size of a result's sample array). */
int measure_max_samples(const struct measure_opts *m);

#endif
