/*
 * lockfile.h - a machine-wide lock held for as long as a process runs, so
 * that two `pinsweep check`s (Slurm starts a health check every interval,
 * even while the last one still runs) never measure each other's copies.
 */
#ifndef PINSWEEP_LOCKFILE_H
#define PINSWEEP_LOCKFILE_H

#include <stddef.h>

/*
 * Take the lock at path without waiting (flock, exclusive; the file is
 * created when missing and never removed, so it needs no write access once
 * it exists).  Returns the open descriptor that holds it (closing it, or
 * the process ending, lets go); -2 when another process holds it; -1 when
 * the file cannot be opened, with why in err.
 */
int lockfile_take(const char *path, char *err, size_t errlen);

#endif
