/*
 * program.h - finding a program on PATH and running it (gnuplot, pdfunite,
 * gs) through posix_spawnp with an argument vector, never a shell.
 */
#ifndef PINSWEEP_PROGRAM_H
#define PINSWEEP_PROGRAM_H

/* Return codes of the figures (plot_results, plot_compare, plot_pdf_book) and of running their programs. */
enum {
    PLOT_OK = 0,
    PLOT_EBAD_SUMMARY = -1, /* bad input: summary.csv (compare.csv, machines.csv, a PDF)
                               missing, unreadable or malformed */
    PLOT_ENO_GNUPLOT = -2,  /* gnuplot (pdfunite and gs, for a book) is not on PATH */
    PLOT_EGNUPLOT = -3,     /* gnuplot (pdfunite, gs) ran and failed, or could not be run */
    PLOT_EWRITE = -4,       /* figures/ or figures/data/ could not be written */
};

/* 1 when an executable called gnuplot is on PATH, else 0. */
int plot_gnuplot_available(void);


#include <stdio.h>

/* 1 when an executable file called prog is on PATH, else 0. */
int plot_program_available(const char *prog);

/*
 * Run argv (argv[0] looked up on PATH) with stdin and stdout on /dev/null,
 * its stderr collected.  Returns 0; PLOT_ENO_GNUPLOT-like -2 when it cannot
 * be found; -3 when it failed (what it wrote to stderr then goes to log,
 * after "what failed ..."), with a one-line reason on log either way.
 */
int plot_run_program(char *const argv[], const char *what, FILE *log);

#endif
