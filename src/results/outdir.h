/*
 * outdir.h - creating an output folder and the files in it, safely.
 *
 * Every file pinsweep writes is created new, with O_CREAT | O_EXCL |
 * O_NOFOLLOW: a name that is already taken, even by a dangling symbolic
 * link, is never followed, truncated or appended through.  A file that is
 * rewritten (meta.yaml, fits.csv, breakeven.csv, figure data) is written to
 * NAME.tmp, created that way, and renamed over NAME, which replaces a
 * symbolic link rather than writing where it points.
 *
 * Every write goes through a stdio stream whose writes are checked one by
 * one: the first failure's errno is kept, so a full disk is reported as
 * "cannot write PATH: No space left on device" however much stdio buffered.
 */
#ifndef PINSWEEP_OUTDIR_H
#define PINSWEEP_OUTDIR_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* The files and folders a run writes into its folder, in the order it makes them. */
extern const char *const outdir_run_files[];
extern const size_t outdir_nrun_files;

/* The inputs of a results folder that make a copy of it self-contained (plot -o). */
extern const char *const outdir_input_files[];
extern const size_t outdir_ninput_files;

/* mkdir -p dir.  Returns 0, or -1 with "cannot create the folder PATH: why" in err. */
int outdir_make(const char *dir, char *err, size_t errlen);

/*
 * Which of outdir_run_files dir holds (a symbolic link counts, whatever it
 * points to), as "samples.csv, meta.yaml" in buf (size n).  Returns how many.
 */
size_t outdir_taken(const char *dir, char *buf, size_t n);

/* 1 when dir does not exist or holds nothing, 0 when it holds something, -1 (errno) on error. */
int outdir_is_empty(const char *dir);

/* A file being written: use f as any stdio stream, finish with outfile_close. */
struct outfile {
    FILE *f;
    char *path; /* the file's name */
    char *tmp;  /* NAME.tmp renamed over path at close, or NULL: written in place */
    int fd;
    int err;   /* errno of the first write that failed, 0 while none has */
    off_t end; /* bytes the file holds that were written (or were there, for append) */
};

/*
 * Create path new (O_EXCL | O_NOFOLLOW).  Returns the file, or NULL with
 * "cannot create PATH: why" in err ("File exists" when the name is taken).
 */
struct outfile *outfile_create(const char *path, char *err, size_t errlen);

/*
 * Write path afresh through path.tmp (created new after a stale one is
 * removed), renamed over path by outfile_close.  NULL with a message in err.
 */
struct outfile *outfile_replace(const char *path, char *err, size_t errlen);

/*
 * The same through path.tmp.PID (this process's id), for a file that
 * several processes may replace at once: each writes its own and the last
 * rename wins whole.  One a killed writer left stays (a reader of *.prom
 * files, such as node_exporter's, ignores it).
 */
struct outfile *outfile_replace_own(const char *path, char *err, size_t errlen);

/*
 * Open the regular file path (not a symbolic link) to append to it.  NULL
 * with "cannot append to PATH: why" in err.
 */
struct outfile *outfile_append(const char *path, char *err, size_t errlen);

/*
 * Push what f buffered to the kernel and then to the disk (fsync).
 * Returns 0, or -1 with "cannot write PATH: why" in err.
 */
int outfile_sync(struct outfile *o, char *err, size_t errlen);

/*
 * Cut the file back to its first `size` bytes (what a failed write left
 * after them goes).  Returns 0 or -1 (errno).
 */
int outfile_truncate(struct outfile *o, off_t size);

/*
 * Sync and close o (and rename it over its name when it was made by
 * outfile_replace); o is freed either way, and a replacement that failed
 * leaves the old file as it was.  o may be NULL.  Returns 0, or -1 with
 * "cannot write PATH: why" in err (err may be NULL).
 */
int outfile_close(struct outfile *o, char *err, size_t errlen);

/* Close o without keeping it: a replacement's NAME.tmp is removed.  o may be NULL. */
void outfile_discard(struct outfile *o);

/*
 * Write the len bytes of data to path, created new.  Returns 0, or -1 with
 * "cannot create PATH: why" or "cannot write PATH: why" in err.
 */
int outfile_write_new(const char *path, const void *data, size_t len, char *err, size_t errlen);

/*
 * Remove path (a symbolic link there is removed, not followed) and create it
 * new (O_EXCL | O_NOFOLLOW) as a plain stdio stream, for files that are
 * remade on every pass (figure data).  NULL with errno set on failure.
 */
FILE *outfile_fopen_fresh(const char *path);

#endif
