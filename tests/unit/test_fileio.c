/*
 * test_fileio.c - reading whole files: exact bytes, a NUL after them,
 * files that cannot be seeked, and the errno of failures.
 */
#include "check.h"
#include "base/fileio.h"

#include <errno.h>
#include <stdlib.h>

int main(void)
{
    char path[] = "/tmp/pinsweep-test-fileio-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    size_t len = 0, want = 3 * 4096 + 17; /* past the first buffer, twice */
    for (size_t i = 0; f && i < want; i++)
        fputc(i % 7 == 6 ? '\0' : 'a' + (int)(i % 26), f);
    if (f)
        fclose(f);
    char *text = fileio_read_all(path, &len);
    int same = text && len == want && text[len] == '\0';
    for (size_t i = 0; same && i < want; i++)
        same = text[i] == (i % 7 == 6 ? '\0' : 'a' + (int)(i % 26));
    CHECK("every byte read back, NULs inside included, and a NUL after them", same, "len %zu of %zu",
          len, want);
    free(text);
    remove(path);

    text = fileio_read_all("/proc/self/status", &len);
    CHECK("a file that cannot be seeked reads to its end", text && len > 10 && strstr(text, "Pid:"),
          "len %zu", len);
    free(text);

    errno = 0;
    CHECK("a missing file is NULL with ENOENT",
          fileio_read_all("/nonexistent/pinsweep", &len) == NULL && errno == ENOENT, "errno %d",
          errno);
    errno = 0;
    CHECK("a directory is NULL with EISDIR", fileio_read_all("/tmp", NULL) == NULL && errno == EISDIR,
          "errno %d", errno);
    return check_exit();
}
