/*
 * diag.h - reporting a user's mistakes in a file, compiler style.
 *
 *   experiments/x.yaml:4:9: unknown axis 'sizes' (did you mean 'size'?); ...
 *       4 |   sizes: 4KiB
 *         |   ^
 *
 * Every problem is reported, not only the first; callers check d->errors.
 */
#ifndef PINSWEEP_DIAG_H
#define PINSWEEP_DIAG_H

#include <stddef.h>
#include <stdio.h>

struct diag {
    const char *path; /* as the user named the file */
    const char *text; /* the file's contents, to quote the offending line; may be NULL */
    size_t len;
    FILE *out; /* stderr, or a memory stream in tests */
    int errors;
    int warnings;
    int last_shown; /* the last error or warning was printed (its notes are) */
};

void diag_init(struct diag *d, const char *path, const char *text, size_t len, FILE *out);

/*
 * Report an error at a 0-based line and column (libyaml's marks), printed
 * 1-based.  A negative line reports against the file as a whole.
 */
void diag_error(struct diag *d, long line0, long col0, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_warning(struct diag *d, long line0, long col0, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/*
 * An indented line explaining the error or warning reported last ("  why"),
 * printed only when that one was.
 */
void diag_note(struct diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Only the first DIAG_MAX_SHOWN errors and warnings are printed, so a file of
 * a million mistakes reports quickly; diag_flush() then says how many more
 * there were.  Call it once the file is checked.
 */
#define DIAG_MAX_SHOWN 20
void diag_flush(struct diag *d);

/* 1 when the next error would be printed: hints that cost time are worked out only then. */
static inline int diag_will_show(const struct diag *d)
{
    return d->errors < DIAG_MAX_SHOWN;
}

#endif
