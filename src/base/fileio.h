/*
 * fileio.h - reading a whole file into memory, for the experiment file, the
 * CSVs a resumed run repairs, and the LaTeX gnuplot writes; and the first
 * line of the one-line files of sysfs and procfs.
 */
#ifndef PINSWEEP_FILEIO_H
#define PINSWEEP_FILEIO_H

#include <stddef.h>

/*
 * The whole of the file at path in a malloc'd buffer with a NUL after its
 * last byte, which the caller frees; its length in *len (len may be NULL).
 * Reads to the end without seeking, so pipes and /proc files work.  NULL on
 * failure, with errno saying why (ENOMEM, or what open or read said).
 */
char *fileio_read_all(const char *path, size_t *len);

/*
 * Like fileio_read_all, for a file a user hands pinsweep: only a regular
 * file of at most max_bytes is read.  A directory, a device, a FIFO or a
 * socket is refused without being read (a FIFO without a writer does not
 * block), and so is a longer file, even one whose size stat cannot tell
 * (/proc).  On failure NULL, with why[] saying what is wrong and allowed
 * (errno EFBIG for a file over the limit).
 */
char *fileio_read_input(const char *path, size_t max_bytes, size_t *len, char *why, size_t why_len);

/*
 * The first line of the file at root followed by rel (root NULL or "": rel
 * alone) into buf[0..n), without its newline.  Returns 0, or -1 with buf ""
 * when the file cannot be read or its first line is empty.
 */
int fileio_first_line(const char *root, const char *rel, char *buf, size_t n);

#endif
