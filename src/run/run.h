/*
 * run.h - `pinsweep run`: measure every configuration and write a results folder.
 */
#ifndef PINSWEEP_RUN_H
#define PINSWEEP_RUN_H

#include "experiment/experiment.h"
#include "run/exitcode.h"
#include "run/progress.h"
#include "experiment/sweep.h"

#include <stddef.h>
#include <stdint.h>

struct run_opts {
    const char *engine;       /* its name (PINSWEEP_ENGINE); NULL or "": cuda */
    const char *out_dir;      /* NULL: results/<name>/<host>-<stamp> */
    const char *plots_dir;    /* the gnuplot scripts */
    const char *command_line; /* recorded in meta.yaml */
    /* The command that goes on with this run, less --resume DIR (which the run adds): the
       command line without -o and --resume, with --shard when the folder gave it; none:
       "pinsweep run FILE". */
    const char *const *resume_words;
    int nresume_words;
    enum progress_mode progress;
    int plot;                     /* render figures at the end when gnuplot is there */
    int latex;                    /* cairolatex figures too */
    uint64_t pinned_cap;          /* configurations holding more page-locked bytes are skipped */
    const char *resume_dir;       /* go on with the interrupted run in this folder */
    int shard_index, shard_count; /* --shard I/N (recorded in meta.yaml); 0: the whole sweep */
};

/* Run s (expanded from e) and return one of enum exit_code. */
int run_experiment(const struct experiment *e, const struct sweep *s, const struct run_opts *o);

#endif
