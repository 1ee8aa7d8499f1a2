/*
 * loop.h - the run loop: every configuration of a sweep measured in
 * measure.rounds rounds (each round in its own order, experiment/rounds.h),
 * the sentinel read between configurations, a configuration's rows written
 * once its last round is done (step.h measures one), and the stop signals
 * that end it after the configuration being measured.
 */
#ifndef PINSWEEP_LOOP_H
#define PINSWEEP_LOOP_H

#include "experiment/budget.h"
#include "experiment/experiment.h"
#include "experiment/sweep.h"
#include "measure/measure.h"
#include "results/meta.h"
#include "results/results.h"
#include "run/gpus.h"
#include "run/progress.h"
#include "run/sentinel.h"
#include "run/tally.h"

#include <stddef.h>
#include <stdint.h>

/*
 * What the loop over rounds and configurations shares.  The caller of
 * loop_measure fills in what is run and where it goes; loop_measure sets
 * the rest up and frees it again.
 */
struct run_loop {
    /* What is run. */
    const struct experiment *e;
    const struct sweep *s;
    struct run_gpus *gpus; /* mc[0]: the first GPU's context, which also reads the sentinel */
    /* Where it goes. */
    struct results *res; /* the folder's CSVs */
    struct meta *mt;     /* counts and times for meta.yaml */
    struct sentinel *sn;
    char *reason; /* why the run stopped, when it did (room for reason_len) */
    size_t reason_len;
    /* How it is measured, set by loop_measure. */
    const struct timer_clock *clock; /* the run's: GPU 0's (every GPU's but while at once) */
    struct measure_opts per_round; /* one round's sampling budget */
    struct budget b;               /* what a configuration may hold; beyond it, skipped */
    /* How far it is. */
    struct progress pr;
    struct result *acc;      /* per position in s (step_rows_per_config each): its rounds so far */
    unsigned char *finished; /* per position: its rows are written (or were, before a resume) */
    int last_config;         /* the plan number measured last, 0 before the first */
    struct run_tally tally;  /* the tables printed at the end */
    /* Repair rounds (repair.h). */
    int keep_acc;                /* acc kept after its rows are written, for repair rounds */
    struct drift_repair *repair; /* what they did (the caller's; NULL: none) */
    /* Rounds in fresh processes (fresh.h): the caller's starter; NULL: measured here. */
    struct fresh *fresh;
};

/*
 * Measure every configuration of l->s in l->e->measure.rounds rounds,
 * skipping those done[plan number - 1] marks (done by an interrupted run;
 * NULL: none), each within pinned_cap page-locked bytes and gpu_free device
 * bytes, showing progress in mode.  Prints the tables at the end on stdout
 * (tally.h) when it went through.  A configuration that cannot be recorded
 * stops the run: -1, with why in l->reason and l->mt->reason pointing at it.
 */
int loop_measure(struct run_loop *l, uint64_t pinned_cap, uint64_t gpu_free,
                 const unsigned char *done, enum progress_mode mode);

#endif
