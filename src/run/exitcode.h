/*
 * exitcode.h - the exit codes of pinsweep, documented in docs/results.md and
 * `pinsweep help`: what `pinsweep run` returns, and every other command.
 */
#ifndef PINSWEEP_EXITCODE_H
#define PINSWEEP_EXITCODE_H

enum exit_code {
    EXIT_ALL_OK = 0,        /* every configuration measured */
    EXIT_SOME_FAILED = 1,   /* the run finished, some configurations have status error */
    EXIT_USAGE = 2,         /* bad command line or experiment file; nothing ran */
    EXIT_SYSTEM = 3,        /* no usable GPU or driver, or a system error (disk, memory) */
    EXIT_BUSY = 4,          /* check: another process used a GPU or its link; not judged */
    EXIT_INTERRUPTED = 130, /* stopped by SIGINT or SIGTERM; what was measured is kept */
};

#endif
