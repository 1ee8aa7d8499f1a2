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
#include "record/result.h"
#include "record/summary.h"
#include "results/columns.h"
#include "results/outdir.h"

#include <stdio.h>
#include <time.h>

struct results {
    char *dir;
    struct outfile *summary, *samples;
    struct outfile *rounds; /* rounds.csv (rounds_csv.h), opened when first written */
    double link_gbps; /* the PCIe link's raw rate per direction, NaN when unknown */
    int made;         /* results_open created a file in dir before it failed */
};

/* What results_open and results_resume return besides 0. */
enum {
    RESULTS_ESYSTEM = -1, /* a folder or file could not be created, read or written */
    RESULTS_EUSAGE = -2,  /* the folder is taken (results_open) or cannot be resumed */
};

/* "results/<name>/<host>-<YYYYmmdd-HHMMSS>" (local time); the caller frees it. */
char *results_default_dir(const char *name, const char *host, time_t t);

/*
 * Create dir (and its parents), refuse one that already holds any file a
 * run writes (outdir_run_files, a symbolic link too), copy the experiment
 * file in verbatim and create both CSVs with their headers, each file new
 * (outdir.h) and synced.  Returns 0, RESULTS_EUSAGE for a folder that is
 * taken, or RESULTS_ESYSTEM; a message in err either way.  Close with
 * results_close().
 */
int results_open(struct results *res, const char *dir, const struct experiment *e, char *err,
                 size_t errlen);

/*
 * Reopen dir, a folder an interrupted or failed run of e left, to go on
 * appending.  Refuses (RESULTS_EUSAGE, message in err) when dir holds no
 * experiment.yaml, when it differs from e's file, when a file of the run
 * is a symbolic link, or when a CSV's header is another one than this
 * pinsweep writes.  Repairs what a kill or a full disk can leave:
 * experiment.yaml or a CSV header cut short (or empty, or missing), lines
 * cut short or with the wrong number of fields, a configuration's repeated
 * rows, sample rows of a configuration without a summary row, and an ok
 * configuration with fewer or more sample rows than its summary row's
 * samples (its rows are dropped from both files, to be measured again).
 * A configuration is `rows` summary rows in a row (1; a run over several
 * GPUs writes each GPU's, and together's and the aggregate's): fewer, and
 * it is measured again.  done[i] is set (done has e's configuration count,
 * indexed by config - 1) for every configuration dir keeps; *ok, *failed,
 * *skipped count them by status.  RESULTS_ESYSTEM when a file cannot be
 * read or rewritten.
 */
int results_resume(struct results *res, const char *dir, const struct experiment *e,
                   unsigned char *done, size_t nconfigs, size_t rows, size_t *ok, size_t *failed,
                   size_t *skipped, char *err, size_t errlen);

/*
 * Append r's sample rows, sync them to disk, then its summary row, and sync
 * it: a summary row is never on disk without its samples.  *s gets the
 * summary the row was written from (zeroed when r is not ok), so the caller
 * need not compute it again.  Returns 0, or -1 with "cannot write PATH: why"
 * (or "out of memory") in err; then both files are cut back to where they
 * were before, as far as the system lets them.
 */
int results_write(struct results *res, const struct experiment *e, const struct result *r,
                  struct summary *s, char *err, size_t errlen);

/*
 * Rewrite both CSVs (each through FILE.tmp, summary.csv first) with only
 * the rows of the configurations keep marks (keep[config - 1], nconfigs of
 * them), and go on appending: the rows of a configuration measured again
 * (run/repair.h) go before it is.  A kill in between leaves a folder
 * --resume takes (a configuration without its rows is measured again).
 * Returns 0 or RESULTS_ESYSTEM (message in err).
 */
int results_drop(struct results *res, const unsigned char *keep, size_t nconfigs, char *err,
                 size_t errlen);

/*
 * Make dst (new, or an empty folder) a copy of the results folder src:
 * its outdir_input_files that are there, each created new.  src is only
 * read.  Returns 0; RESULTS_EUSAGE when src has no readable summary.csv or
 * dst holds something; RESULTS_ESYSTEM when dst or a file in it cannot be
 * created or written, or a file of src cannot be read; a message in err.
 */
int results_copy(const char *src, const char *dst, char *err, size_t errlen);

/* A CSV file of a folder as lines: the header's state and the complete lines. */
struct csv_lines {
    const struct csv_format *fmt;
    char *path, *buf;
    char **line; /* complete data lines, NUL-terminated in buf */
    long *config;
    size_t n;
    int header_ok; /* the first line is whole and is fmt's header */
};

/*
 * Read dir/FILE (fmt's file) into l: a missing or empty file, or one whose
 * header was cut short, has no lines and header_ok 0; a whole header that
 * is not fmt's is refused (RESULTS_EUSAGE).  Lines cut short, with the wrong
 * number of fields or a configuration number outside 1..nconfigs are left
 * out.  Returns 0 or RESULTS_E*, a message in err.  Free l with
 * results_lines_free() either way.
 */
int results_lines_read(struct csv_lines *l, const char *dir, const struct csv_format *fmt,
                       size_t nconfigs, char *err, size_t errlen);
void results_lines_free(struct csv_lines *l);

/*
 * Field k (0-based) of a CSV line into buf (size n, unquoted as written);
 * returns the line's number of fields, or -1 when a quote is left open.
 */
int results_line_field(const char *line, int k, char *buf, size_t n);

/* A path inside the folder ("meta.yaml"); the caller frees it. */
char *results_path(const struct results *res, const char *file);

void results_close(struct results *res);

#endif
