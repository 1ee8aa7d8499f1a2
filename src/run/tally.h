/*
 * tally.h - what a run prints on stdout at its end: the table of peak
 * bandwidths, the pipelines' table and the configurations whose rounds
 * spread more than their target, gathered row by row as the run writes
 * them.
 */
#ifndef PINSWEEP_TALLY_H
#define PINSWEEP_TALLY_H

#include "experiment/experiment.h"
#include "measure/measure.h"

#include <stdio.h>

/* The best median of the copies of one (alloc, direction); size 0: none measured. */
struct tally_peak {
    double gbps;
    uint64_t size;
};

/* A finished pipeline, for its table. */
struct tally_pipe {
    const struct config *c;
    double ms, serial_ms, ideal_ms, overlap;
};

struct run_tally {
    struct tally_peak peaks[ALLOC_COUNT][DIR_COUNT];
    struct tally_pipe *pipes; /* room for every configuration */
    size_t npipes;
    int *unstable; /* plan numbers whose rounds spread more than the target */
    size_t nunstable;
};

/* Room for a run of configs configurations.  Returns 0, or -1 when memory runs out. */
int tally_init(struct run_tally *t, size_t configs);

void tally_free(struct run_tally *t);

/* Note r (summarised in s) in the table of peaks when it is a copy that measured. */
void tally_peak(struct run_tally *t, const struct result *r, const struct summary *s);

/* Note r, the row that counts for its configuration: a pipeline, or rounds that spread. */
void tally_row(struct run_tally *t, const struct result *r, const struct summary *s);

/* Forget what tally_row noted of plan number config (its row is written again: repair.h). */
void tally_forget(struct run_tally *t, int config);

/*
 * Print the tables to out: the peaks (gpus > 1: each cell the best GPU
 * alone), the pipelines, and with e->measure.rounds > 1 the configurations
 * whose rounds spread more than e's target_rsd.
 */
void tally_print(FILE *out, const struct run_tally *t, int gpus, const struct experiment *e);

#endif
