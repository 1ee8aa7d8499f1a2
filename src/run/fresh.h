/*
 * fresh.h - rounds in fresh processes (measure.process_per_round: yes):
 * each round measured by a new process with its own GPU context, so the
 * rounds sample what is fixed for the life of a process (on an H200 the
 * small-copy latency), which rounds inside one process cannot.
 *
 * CUDA does not survive fork, and the run opens the GPU before it measures
 * (the device's facts, meta.yaml).  So before it opens anything the run
 * forks a starter, which holds the experiment, the sweep and the engine as
 * they were and never touches a GPU; for each round it forks the round's
 * process.  That process opens the GPU itself, measures the round's
 * configurations in the round's order (experiment/rounds.h) with one
 * round's budget, reading the sentinel between them, and sends each result
 * and reading over a pipe; the run merges and writes them exactly as it
 * does its own (step.h), so rows, repair rounds (in the run's process),
 * tallies and --resume work unchanged.  On the fake engine's model clock
 * the round's process starts its clock at the run's time and the run
 * catches up with it.  A round's process that dies loses only what it had
 * not sent: the run says so on stderr and goes on with the next round.
 * One GPU only (run.c refuses several).
 */
#ifndef PINSWEEP_FRESH_H
#define PINSWEEP_FRESH_H

#include "engine/gpu.h"
#include "experiment/experiment.h"
#include "experiment/sweep.h"
#include "run/sentinel.h"

#include <stddef.h>
#include <sys/types.h>

struct run_loop;

/* The starter, as the run sees it. */
struct fresh {
    pid_t starter;          /* 0: not started */
    int sock;               /* a unix socket to it */
    int failures;           /* rounds whose process did not finish */
    char last_failure[900]; /* what became of the last of them ("was killed by signal 9 ...") */
};

/*
 * Fork the starter, before any GPU is opened: it keeps e, s, ops and sn (set
 * up: sentinel_init) as they are now, for the rounds' processes.  Returns 0,
 * or -1 with why in err.
 */
int fresh_start(struct fresh *f, const struct experiment *e, const struct sweep *s,
                const struct gpu_ops *ops, const struct sentinel *sn, char *err, size_t errlen);

/*
 * Round round (order: its positions, rounds_order) measured by a new
 * process and merged into l as step_take does.  A process that ends before
 * the round is done is reported on stderr and is not an error.  Returns 0,
 * or -1 when a result cannot be recorded (l->reason says why; the round's
 * process is ended).
 */
int fresh_round(struct fresh *f, struct run_loop *l, int round, const size_t *order);

/*
 * After the last round: write the rows of the configurations no round
 * finished (their process ended before them; one with no round at all is a
 * failed row saying so).  Returns 0, or -1 (l->reason says why).
 */
int fresh_write_missed(struct fresh *f, struct run_loop *l);

/* End the starter (safe when none was started). */
void fresh_stop(struct fresh *f);

#endif
