/*
 * check.h - `pinsweep check`: a health check of one node's GPUs in seconds.
 */
#ifndef PINSWEEP_CHECK_H
#define PINSWEEP_CHECK_H

/* What check was asked to do. */
struct check_opts {
    const char *engine;        /* its name (PINSWEEP_ENGINE); NULL or "": cuda */
    int device;                /* -1: every GPU the engine shows */
    const char *const *expect; /* --expect sources, in order (the first that has a check wins) */
    int nexpect;
    const char *json_path; /* --json FILE, or NULL ("-": stdout) */
    const char *prom_path; /* --prom FILE, or NULL: written through FILE.tmp.PID, renamed */
};

/*
 * Measure every check (analysis/health.h) on each GPU, read its link while
 * the copies run, judge them against the expectation (pinned bandwidth
 * without one against the link's floor), print one line per failed check
 * on stdout and the readings on stderr.  Holds the machine's check lock
 * (PINSWEEP_CHECK_LOCK, else /run/lock/pinsweep-check.lock) while it
 * measures.  Returns 0 healthy, 1 unhealthy, 2 a usage error or nothing
 * judged (no expectation, no PCIe link), 3 no usable GPU or a file not
 * written (the --prom file then says not_run 1, healthy 0), 4 busy
 * (another process on a GPU or its link, or another check holding the
 * lock: nothing failed, the busy copies not judged).
 */
int check_node(const struct check_opts *o);

/*
 * Take the machine's lock that keeps checks and doctors apart
 * (PINSWEEP_CHECK_LOCK, else /run/lock/pinsweep-check.lock, else in /tmp)
 * for command ("check", "doctor"): its descriptor, to close when done; -1
 * where it cannot be opened (said on stderr: the command goes on
 * unguarded); -2 when another holds it (the BUSY line on stdout and the
 * busy verdict on stderr said: measure nothing, exit EXIT_BUSY).
 */
int check_lock_take(const char *command);

#endif
