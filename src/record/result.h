/*
 * result.h - what measuring one configuration leaves: its samples, its
 * status, why sampling stopped, where its time went (phases) and, in a run
 * over several GPUs, which row it is.  The measure layer fills a struct
 * result; results/ writes it, the run merges its rounds.  Holds no
 * measuring: see measure/measure.h for that.
 */
#ifndef PINSWEEP_RESULT_H
#define PINSWEEP_RESULT_H

#include "experiment/sweep.h"

#include <stddef.h>

enum result_status { RESULT_OK, RESULT_ERROR, RESULT_SKIPPED, RESULT_CORRUPT };

/*
 * What a row is in a run over several GPUs (measure/together.h): one GPU
 * measured by itself, one GPU while the others copied too, or all of them
 * at once.  GPU_ROLE_ONLY: a run of one GPU (the column is left empty).
 */
enum gpu_role { GPU_ROLE_ONLY, GPU_ROLE_ALONE, GPU_ROLE_TOGETHER, GPU_ROLE_AGGREGATE };
extern const char *const gpu_role_names[]; /* "", alone, together, aggregate */

/* Below this median overlap of the spans (%) the GPUs did not run at once. */
#define TOGETHER_MIN_OVERLAP_PCT 90.0

/* Why sampling stopped. */
enum stop_reason {
    STOP_CONTINUE,    /* not yet */
    STOP_FIXED,       /* measure.samples were taken */
    STOP_TARGET,      /* the relative standard deviation reached target_rsd */
    STOP_MAX_SAMPLES, /* max_samples were taken without reaching it */
    STOP_MAX_TIME,    /* max_time ran out without reaching it */
};

extern const char *const stop_reason_names[]; /* "", fixed, target, max_samples, max_time */

/* One sample: a timed batch (reuse) or one alloc-fill-copy-free cycle (reallocate). */
struct sample {
    int copies;
    double device_ms, host_ms;         /* the batch of copies */
    double h2d_ms, d2h_ms;             /* bidir only, else NaN */
    double alloc_ms, fill_ms, free_ms; /* reallocate only, else NaN */
    double pin_ms;                     /* reallocate registered: the register part of alloc_ms */
    double kernel_ms; /* pipeline: its kernels alone (h2d_ms, d2h_ms: its copies) */
    int round;        /* the round it was taken in, 1-based (0 counts as 1) */
    int disturbed;    /* taken while the drift sentinel was off, or in a repair round that disagreed
                         with the row's clean rounds (run/repair.h): not summarised */
};

/* Whether a row's disturbed rounds were measured again (run/repair.h): summary.csv's repaired. */
enum repair_state {
    REPAIR_NONE, /* "": as measured (nothing found disturbed, no sentinel, or repair off) */
    REPAIR_YES,  /* its disturbed rounds left out, a clean repair round in their place */
    REPAIR_NO,   /* disturbed and not measured clean again: from its clean rounds, if any */
};
extern const char *const repair_state_names[]; /* "", yes, no */

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
    int rounds;     /* rounds merged into it (record_merge_round); 0 or 1: one */
    int rounds_met; /* adaptive: how many of them reached target_rsd */
    /* Several GPUs: which row this is and its numbers beside the bandwidth (measure/together.h). */
    enum gpu_role role;
    char devices[64];   /* the GPU ("1"), or for the aggregate all of them ("0+1"); "": the run's */
    double overlap_pct; /* together, aggregate: median overlap of the GPUs' spans, %; else NaN */
    double alone_gbps;  /* together: the GPU's median alone; aggregate: their sum; else NaN */
    enum repair_state repaired;
    int disturbed_rounds; /* how many of its rounds were measured while the sentinel was off */
};

/*
 * Move round's result r (1-based round) into acc, the configuration's
 * result over the rounds so far (zeroed before the first): r's samples
 * are appended to acc's, tagged with round, and r's other fields replace
 * acc's, except that a failure stays.  r is emptied (its samples now
 * belong to acc).  Returns 0, or -1 when the samples cannot be grown.
 */
int record_merge_round(struct result *acc, struct result *r, int round);

/* Free r's samples (r itself is the caller's). */
void result_free(struct result *r);

#endif
