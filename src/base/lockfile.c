/*
 * lockfile.c - a machine-wide lock through flock (see lockfile.h).
 */
#include "base/lockfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

int lockfile_take(const char *path, char *err, size_t errlen)
{
    /* read-only is enough for flock: a lock file another user created still locks */
    int fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open the lock file %s: %s", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    int e = errno;
    close(fd);
    if (e == EWOULDBLOCK)
        return -2;
    snprintf(err, errlen, "cannot lock %s: %s", path, strerror(e));
    return -1;
}
