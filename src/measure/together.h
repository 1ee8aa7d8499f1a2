/*
 * together.h - one configuration on several GPUs at the same time, to see
 * what they share on the host side (memory controllers, root complexes,
 * PCIe switches).
 *
 * Each GPU is first measured alone (measure_config, one after another),
 * which gives its row alone and the batch size.  Then one host thread per
 * GPU, each with its own engine context, buffers and streams, allocates and
 * warms up; all meet at a barrier before every sample, so their batches
 * start together, and each is timed on its own device's events.  The span
 * of each batch is placed on the host clock (it ends when the copy call
 * returns, and lasts the batch's device time), and per sample:
 *   aggregate = bytes moved by all / the union of the spans
 *   overlap   = the intersection of the spans / their union
 * A run whose median overlap is under TOGETHER_MIN_OVERLAP_PCT
 * (record/result.h) says so in its rows (they did not really run at once).
 */
#ifndef PINSWEEP_TOGETHER_H
#define PINSWEEP_TOGETHER_H

#include "measure/measure.h"

/* At most this many GPUs measured together. */
#define TOGETHER_MAX_GPUS 16

/* One GPU of a together run: its context (the caller's) and its two results. */
struct together_gpu {
    struct measure_ctx *mc;
    struct result alone;    /* measured by itself first */
    struct result together; /* its batches while every GPU ran */
};

/* The run's aggregate: a result whose samples are everything moved over the union of the spans. */
struct together_run {
    struct result aggregate;
    double overlap_pct; /* median over the samples of intersection / union, % (NaN: none) */
    double overlap_min_pct;
};

/*
 * Measure c on gpus[0..n) alone, then together (see above).  Every result
 * is set (free them with together_free); a GPU that fails alone or
 * together fails its together row and the aggregate with the reason.
 * With refused (why c cannot be measured at once, such as the pinned cap)
 * only the alone rows are measured, and the others are skipped with it.
 * Returns 0, or -1 when the host ran out of memory or threads.
 */
int measure_together(struct together_gpu *gpus, int n, const struct measure_opts *m,
                     const struct config *c, struct together_run *run, const char *refused);

/*
 * The overlap of spans [start[i], end[i]), i < n, ms: their union's length
 * into *union_ms and the share of it during which all ran, % (0 when they
 * do not all meet; NaN when the union is empty).
 */
double together_overlap_pct(const double *start_ms, const double *end_ms, int n, double *union_ms);

/*
 * Merge a round's rows of several GPUs, rows[0..n) (ngpus alone, then, when n is
 * 2 ngpus + 1, ngpus together and the aggregate), into acc[0..n) (zeroed before
 * round 1): each row's samples as record_merge_round does; the overlap the
 * lowest of the rounds' (a round whose spans did not overlap makes the rows not
 * "together"); then each together row's alone_gbps its GPU's median alone over
 * every round so far and the aggregate's their sum, so that scaling_pct
 * compares medians of the same rounds.  rows' samples move to acc.  Returns 0
 * or -1 (memory).
 */
int together_merge_round(struct result *acc, struct result *const *rows, int n, int ngpus,
                         int round);

void together_free(struct together_gpu *gpus, int n, struct together_run *run);

#endif
