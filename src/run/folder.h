/*
 * folder.h - the results folder of a run: a new one, or the interrupted one
 * to go on with (--resume); the files made from the measurements at the end
 * (host-memcpy.csv, fits.csv, breakeven.csv); and what meta.yaml and the
 * user are told when the run cannot go on.
 */
#ifndef PINSWEEP_RUN_FOLDER_H
#define PINSWEEP_RUN_FOLDER_H

#include "base/timer.h"
#include "experiment/experiment.h"
#include "experiment/sweep.h"
#include "results/meta.h"
#include "results/results.h"
#include "run/gpus.h"

#include <stddef.h>

/*
 * Open dir as a new results folder, or (resume_dir set) as the interrupted
 * one to go on with: then its GPUs must be g's, done[] marks its finished
 * configurations and mt counts them, and started_text (size n) keeps when
 * the first part started.  Returns 0 or an exit code (enum exit_code); on
 * EXIT_SYSTEM mt->reason says why (reason, size rn) and *made is set when
 * the folder got a file of the run before the failure.
 */
int run_folder_open(struct results *res, const char *dir, const struct experiment *e,
                    const struct sweep *s, const char *resume_dir, unsigned char *done,
                    struct meta *mt, char *started_text, size_t n, char *reason, size_t rn,
                    int *made, const struct run_gpus *g);

/*
 * The run cannot go on for want of disk (or another system error, in
 * mt->reason): meta.yaml says so when it can, and the user is told how to
 * go on, with resume_cmd (measured: whether anything was measured before).
 */
void run_folder_failed(const char *dir, struct meta *mt, int measured, const char *resume_cmd);

/*
 * The files made from the measurements: host-memcpy.csv (single-thread
 * memcpy at the sizes of s's pageable configurations), fits.csv,
 * breakeven.csv.  Returns 0, or -1 with why in reason (size n).
 */
int run_folder_side_files(const char *dir, const struct timer_clock *clock, const struct sweep *s,
                          char *reason, size_t n);

#endif
