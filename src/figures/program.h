/*
 * program.h - finding a program on PATH and running it (gnuplot, pdfunite,
 * gs) through posix_spawnp with an argument vector, never a shell.
 */
#ifndef PINSWEEP_PROGRAM_H
#define PINSWEEP_PROGRAM_H

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
