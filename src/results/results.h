/*
 * results.h - a results folder: summary.csv, samples.csv and experiment.yaml.
 *
 * The folder is results/<name>/<host>-<YYYYmmdd-HHMMSS>/ unless the user
 * names one.  Rows are appended and flushed as each configuration finishes,
 * so an interrupted run keeps everything it measured.  The files' columns
 * are described in summary_csv.h and samples_csv.h; meta.yaml is written by
 * meta.h; figures by plot.h.
 */
#ifndef PINSWEEP_RESULTS_H
#define PINSWEEP_RESULTS_H

#include "experiment/experiment.h"
#include "measure/measure.h"

#include <stdio.h>
#include <time.h>

struct results {
    char *dir;
    FILE *summary, *samples;
    double link_gbps; /* the PCIe link's raw rate per direction, NaN when unknown */
};

/* "results/<name>/<host>-<YYYYmmdd-HHMMSS>" (local time); the caller frees it. */
char *results_default_dir(const char *name, const char *host, time_t t);

/*
 * Create dir (and its parents), refuse one that already holds a summary.csv,
 * copy the experiment file in verbatim and open both CSVs with their headers.
 * Returns 0, or -1 with a message in err.  Close with results_close().
 */
int results_open(struct results *res, const char *dir, const struct experiment *e, char *err,
                 size_t errlen);

/*
 * Reopen dir, a folder an interrupted run of e left, to go on appending.
 * Refuses (-1, message in err) when dir holds no results or its
 * experiment.yaml differs from e's file.  Repairs what a kill can leave: a
 * last line cut short, and sample rows of a configuration whose summary row
 * was never written.  done[i] is set (done has e's configuration count,
 * indexed by config - 1) for every configuration dir already has a row for;
 * *ok, *failed, *skipped count them by status.
 */
int results_resume(struct results *res, const char *dir, const struct experiment *e,
                   unsigned char *done, size_t nconfigs, size_t *ok, size_t *failed,
                   size_t *skipped, char *err, size_t errlen);

/*
 * Append r's summary row and sample rows and flush them to disk; *s gets the
 * summary the row was written from (zeroed when r is not ok), so the caller
 * need not compute it again.  Returns 0 or -1.
 */
int results_write(struct results *res, const struct experiment *e, const struct result *r,
                  struct summary *s);

/* A path inside the folder ("meta.yaml"); the caller frees it. */
char *results_path(const struct results *res, const char *file);

void results_close(struct results *res);

#endif
