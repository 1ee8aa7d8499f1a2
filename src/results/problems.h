/*
 * problems.h - what goes wrong reading a results file, said one line each:
 * "PREFIXPATH:LINE: why SUFFIX", the first PROBLEMS_MAX of them, then a
 * count of the rest.  Shared by the readers of every CSV format (columns.h)
 * and by the figures, which log their own progress the same way.
 */
#ifndef PINSWEEP_PROBLEMS_H
#define PINSWEEP_PROBLEMS_H

#include <stddef.h>
#include <stdio.h>

#define PROBLEMS_MAX 10 /* problems listed before "and N more" */

/* printf a line (a newline is added) to log and flush it; nothing when log is NULL. */
void log_line(FILE *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Where the problems found in one file go. */
struct problems {
    const char *path;
    const char *prefix; /* "" for an error, "warning: " for a warning */
    const char *suffix; /* what follows from the problem, e.g. "; no fit curves drawn" */
    const char *where;  /* after "COLUMN is empty", e.g. " in a row with status ok" */
    FILE *log;
    int n;
};

/* Report one problem (line 0: the file as a whole). */
void problem(struct problems *p, size_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Say how many problems were not listed, if any. */
void problems_end(const struct problems *p);

#endif
