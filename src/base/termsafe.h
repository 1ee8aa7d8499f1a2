/*
 * termsafe.h - text a user wrote, made safe to print on a terminal.
 *
 * A value echoed in a message ("unknown alloc '...'") or a file name could
 * hold escape sequences that retitle, clear or rewrite the user's terminal.
 * Every C0 control character but tab and newline, DEL, and every C1 control
 * (U+0080 to U+009F) is written as \xNN instead; other text, UTF-8
 * included, passes.
 */
#ifndef PINSWEEP_TERMSAFE_H
#define PINSWEEP_TERMSAFE_H

#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>

/* Write s to f with control characters escaped. */
void termsafe_fputs(const char *s, FILE *f);

/* vfprintf(f, fmt, ap), with control characters in the result escaped. */
void termsafe_vfprintf(FILE *f, const char *fmt, va_list ap);

#endif
