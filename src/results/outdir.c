/*
 * outdir.c - output folders and files created safely (see outdir.h).
 *
 * The stream of a struct outfile is a fopencookie stream over the file's
 * descriptor: its write function is the only place bytes reach the file,
 * so it sees every failure and keeps the first one's errno.
 */
#include "results/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const outdir_run_files[] = {
    "experiment.yaml", "summary.csv", "samples.csv",   "sentinel.csv", "meta.yaml",
    "host-memcpy.csv", "fits.csv",    "breakeven.csv", "figures",      "rounds.csv"};
const size_t outdir_nrun_files = sizeof(outdir_run_files) / sizeof(outdir_run_files[0]);

const char *const outdir_input_files[] = {"summary.csv",  "samples.csv",     "meta.yaml",
                                          "sentinel.csv", "experiment.yaml", "host-memcpy.csv"};
const size_t outdir_ninput_files = sizeof(outdir_input_files) / sizeof(outdir_input_files[0]);

int outdir_make(const char *dir, char *err, size_t errlen)
{
    char *p = strdup(dir);
    struct stat st;
    int rc = -1;
    if (!p) {
        snprintf(err, errlen, "cannot create the folder %s: %s", dir, strerror(ENOMEM));
        return -1;
    }
    for (char *s = p + 1;; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0777) < 0 && errno != EEXIST)
            goto fail;
        *s = c;
        if (c == '\0')
            break;
    }
    if (stat(dir, &st) < 0)
        goto fail;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        goto fail;
    }
    rc = 0;
    goto out;
fail:
    snprintf(err, errlen, "cannot create the folder %s: %s", p, strerror(errno));
out:
    free(p);
    return rc;
}

size_t outdir_taken(const char *dir, char *buf, size_t n)
{
    size_t found = 0;
    struct stat st;
    buf[0] = '\0';
    for (size_t i = 0; i < outdir_nrun_files; i++) {
        char path[4200];
        snprintf(path, sizeof(path), "%s/%s", dir, outdir_run_files[i]);
        if (lstat(path, &st) < 0)
            continue;
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, "%s%s%s", found ? ", " : "", outdir_run_files[i],
                 S_ISDIR(st.st_mode) ? "/" : "");
        found++;
    }
    return found;
}

int outdir_is_empty(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int empty = 1;
    if (!d)
        return errno == ENOENT ? 1 : -1;
    while (empty && (e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            empty = 0;
    closedir(d);
    return empty;
}

/* The cookie's write: all of buf, or -1 with the first failure kept. */
static ssize_t cookie_write(void *cookie, const char *buf, size_t size)
{
    struct outfile *o = cookie;
    size_t done = 0;
    if (o->err) {
        errno = o->err;
        return -1;
    }
    while (done < size) {
        ssize_t n = write(o->fd, buf + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            o->err = n < 0 ? errno : EIO;
            errno = o->err;
            return -1;
        }
        done += (size_t)n;
        o->end += n;
    }
    return (ssize_t)size;
}

/* The descriptor is closed by outfile_close, which must see close's result. */
static int cookie_close(void *cookie)
{
    (void)cookie;
    return 0;
}

/* A struct outfile over fd, for path (and tmp); closes fd on failure. */
static struct outfile *wrap(int fd, const char *path, const char *tmp, const char *mode)
{
    struct outfile *o = calloc(1, sizeof(*o));
    cookie_io_functions_t io = {.write = cookie_write, .close = cookie_close};
    struct stat st;
    if (o) {
        o->fd = fd;
        o->path = strdup(path);
        o->tmp = tmp ? strdup(tmp) : NULL;
        o->end = fstat(fd, &st) == 0 ? st.st_size : 0;
        if (o->path && (!tmp || o->tmp))
            o->f = fopencookie(o, mode, io);
    }
    if (o && o->f)
        return o;
    if (o) {
        free(o->path);
        free(o->tmp);
        free(o);
    }
    close(fd);
    errno = ENOMEM;
    return NULL;
}

static struct outfile *create_at(const char *name, const char *path, const char *tmp, char *err,
                                 size_t errlen)
{
    int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    struct outfile *o = fd < 0 ? NULL : wrap(fd, path, tmp, "w");
    if (!o) {
        int saved = errno;
        if (fd >= 0)
            unlink(name);
        snprintf(err, errlen, "cannot create %s: %s", name, strerror(saved));
        errno = saved;
    }
    return o;
}

struct outfile *outfile_create(const char *path, char *err, size_t errlen)
{
    return create_at(path, path, NULL, err, errlen);
}

struct outfile *outfile_replace(const char *path, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    unlink(tmp); /* a stale one a crash left; a symbolic link is removed, not followed */
    return create_at(tmp, path, tmp, err, errlen);
}

struct outfile *outfile_replace_own(const char *path, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid());
    unlink(tmp); /* one a crash of an earlier process of this pid left */
    return create_at(tmp, path, tmp, err, errlen);
}

struct outfile *outfile_append(const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
    struct outfile *o = fd < 0 ? NULL : wrap(fd, path, NULL, "a");
    if (!o)
        snprintf(err, errlen, "cannot append to %s: %s", path, strerror(errno));
    return o;
}

/* "cannot write PATH: why" for the first failure, o->err or errno. */
static int write_failed(struct outfile *o, char *err, size_t errlen)
{
    if (!o->err)
        o->err = errno ? errno : EIO;
    if (err)
        snprintf(err, errlen, "cannot write %s: %s", o->path, strerror(o->err));
    return -1;
}

int outfile_sync(struct outfile *o, char *err, size_t errlen)
{
    if (fflush(o->f) != 0 || o->err || ferror(o->f))
        return write_failed(o, err, errlen);
    if (fsync(o->fd) < 0 && errno != EINVAL && errno != EROFS)
        return write_failed(o, err, errlen);
    return 0;
}

int outfile_truncate(struct outfile *o, off_t size)
{
    fflush(o->f); /* nothing is left buffered to land after the cut */
    if (ftruncate(o->fd, size) < 0)
        return -1;
    o->end = size;
    return 0;
}

/* Free o; its stream and descriptor are closed already. */
static void release(struct outfile *o)
{
    free(o->path);
    free(o->tmp);
    free(o);
}

int outfile_close(struct outfile *o, char *err, size_t errlen)
{
    if (!o)
        return 0;
    int rc = outfile_sync(o, err, errlen);
    fclose(o->f);
    if (close(o->fd) < 0 && rc == 0)
        rc = write_failed(o, err, errlen);
    if (o->tmp && rc == 0 && rename(o->tmp, o->path) < 0) {
        o->err = errno;
        if (err)
            snprintf(err, errlen, "cannot rename %s to %s: %s", o->tmp, o->path, strerror(errno));
        rc = -1;
    }
    int saved = o->err;
    if (o->tmp && rc < 0)
        unlink(o->tmp);
    release(o);
    if (rc < 0)
        errno = saved; /* the failure's, for callers that act on it */
    return rc;
}

void outfile_discard(struct outfile *o)
{
    if (!o)
        return;
    o->err = o->err ? o->err : ECANCELED; /* what is still buffered is not written */
    fclose(o->f);
    close(o->fd);
    if (o->tmp)
        unlink(o->tmp);
    release(o);
}

int outfile_write_new(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    struct outfile *o = outfile_create(path, err, errlen);
    if (!o)
        return -1;
    fwrite(data, 1, len, o->f);
    return outfile_close(o, err, errlen);
}

FILE *outfile_fopen_fresh(const char *path)
{
    if (unlink(path) < 0 && errno != ENOENT)
        return NULL;
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (fd >= 0 && !f) {
        int saved = errno;
        close(fd);
        errno = saved;
    }
    return f;
}
