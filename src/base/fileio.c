/*
 * fileio.c - see fileio.h.
 */
#include "base/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>

char *fileio_read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 4096, n = 0, got;
    char *buf = f ? malloc(cap + 1) : NULL;
    int saved = errno;
    if (!f)
        return NULL;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    saved = !buf ? ENOMEM : ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (saved) {
        free(buf);
        errno = saved;
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

static const char *file_kind(mode_t m)
{
    return S_ISDIR(m)    ? "a directory"
           : S_ISFIFO(m) ? "a FIFO"
           : S_ISCHR(m)  ? "a character device"
           : S_ISBLK(m)  ? "a block device"
           : S_ISSOCK(m) ? "a socket"
                         : "not a regular file";
}

/* Read at most max+1 bytes of fd into a NUL-terminated buffer. */
static char *read_capped(int fd, size_t max, size_t *n)
{
    char *buf = malloc(max + 2);
    *n = 0;
    while (buf && *n <= max) {
        ssize_t got = read(fd, buf + *n, max + 1 - *n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(buf);
            return NULL;
        }
        if (got == 0)
            break;
        *n += (size_t)got;
    }
    if (buf)
        buf[*n] = '\0';
    else
        errno = ENOMEM;
    return buf;
}

char *fileio_read_input(const char *path, size_t max_bytes, size_t *len, char *why, size_t why_len)
{
    struct stat st;
    char *buf = NULL;
    size_t n = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(why, why_len, "%s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) < 0)
        snprintf(why, why_len, "%s", strerror(errno));
    else if (!S_ISREG(st.st_mode))
        snprintf(why, why_len, "it is %s; give a regular file", file_kind(st.st_mode));
    else if ((unsigned long long)st.st_size > max_bytes) {
        snprintf(why, why_len, "it is %llu bytes, over the limit of %zu", (unsigned long long)st.st_size,
                 max_bytes);
        errno = EFBIG;
    }
    else if (!(buf = read_capped(fd, max_bytes, &n)))
        snprintf(why, why_len, "%s", strerror(errno));
    else if (n > max_bytes) {
        snprintf(why, why_len, "it is over the limit of %zu bytes", max_bytes);
        errno = EFBIG;
        free(buf);
        buf = NULL;
    }
    close(fd);
    if (buf && len)
        *len = n;
    return buf;
}

int fileio_first_line(const char *root, const char *rel, char *buf, size_t n)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s%s", root ? root : "", rel);
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    if (!fgets(buf, (int)n, f))
        buf[0] = '\0';
    fclose(f);
    buf[strcspn(buf, "\n")] = '\0';
    return buf[0] ? 0 : -1;
}
