/*
 * fileio.c - see fileio.h.
 */
#include "base/fileio.h"

#include <errno.h>
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
