/*
 * run.h - `pinsweep run`: measure every configuration and write a results folder.
 */
#ifndef PINSWEEP_RUN_H
#define PINSWEEP_RUN_H

#include "experiment/experiment.h"
#include "run/progress.h"
#include "experiment/sweep.h"

#include <stddef.h>
#include <stdint.h>

/* The exit codes of pinsweep, documented in the README and `pinsweep help`. */
enum exit_code {
    EXIT_ALL_OK = 0,        /* every configuration measured */
    EXIT_SOME_FAILED = 1,   /* the run finished, some configurations have status error */
    EXIT_USAGE = 2,         /* bad command line or experiment file; nothing ran */
    EXIT_SYSTEM = 3,        /* no usable GPU or driver, or a system error (disk, memory) */
    EXIT_INTERRUPTED = 130, /* stopped by SIGINT or SIGTERM; what was measured is kept */
};

struct run_opts {
    const char *out_dir;      /* NULL: results/<name>/<host>-<stamp> */
    const char *plots_dir;    /* the gnuplot scripts */
    const char *command_line; /* recorded in meta.yaml */
    enum progress_mode progress;
    int plot;                     /* render figures at the end when gnuplot is there */
    int latex;                    /* cairolatex figures too */
    uint64_t pinned_cap;          /* configurations holding more page-locked bytes are skipped */
    const char *resume_dir;       /* go on with the interrupted run in this folder */
    int shard_index, shard_count; /* --shard I/N (recorded in meta.yaml); 0: the whole sweep */
};

/* Run s (expanded from e) and return one of enum exit_code. */
int run_experiment(const struct experiment *e, const struct sweep *s, const struct run_opts *o);

/* The engine PINSWEEP_ENGINE names ("cuda" when unset); NULL if unknown. */
const struct gpu_ops *run_engine(void);

#endif
