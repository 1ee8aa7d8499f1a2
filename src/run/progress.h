/*
 * progress.h - progress of a run on stderr: done/total, the configuration
 * being measured, elapsed time and an ETA.
 *
 * On a terminal one line is redrawn in place; with lines mode (--progress,
 * for logs) one line is printed per configuration; otherwise nothing.
 */
#ifndef PINSWEEP_PROGRESS_H
#define PINSWEEP_PROGRESS_H

#include "base/timer.h"
#include "experiment/sweep.h"

#include <stdio.h>

enum progress_mode { PROGRESS_OFF, PROGRESS_TTY, PROGRESS_LINES };

struct progress {
    enum progress_mode mode;
    FILE *out;
    size_t total, done;
    int samples;
    double work_total, work_done; /* estimated cost, see progress.c */
    const struct timer_clock *clock; /* the run's */
    double t0_ms;
};

/* Start tracking the run of sweep s, timed on clock (the run's). */
void progress_start(struct progress *p, enum progress_mode mode, FILE *out, const struct sweep *s,
                    int samples, const struct timer_clock *clock);

/* Configuration c is about to be measured. */
void progress_begin(struct progress *p, const struct config *c);

/* Configuration c is done; status is what its row says ("ok", "error"). */
void progress_end(struct progress *p, const struct config *c, const char *status);

/* Clear the line and print nothing more. */
void progress_finish(struct progress *p);

/* "1:05" or "1:02:03" into buf. Returns buf. */
char *progress_format_duration(double seconds, char *buf, size_t n);

#endif
