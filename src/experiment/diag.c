/*
 * diag.c - FILE:LINE:COLUMN messages with the offending line quoted.
 */
#include "experiment/diag.h"
#include "base/termsafe.h"

#include <stdarg.h>
#include <string.h>

void diag_init(struct diag *d, const char *path, const char *text, size_t len, FILE *out)
{
    memset(d, 0, sizeof(*d));
    d->path = path;
    d->text = text;
    d->len = len;
    d->out = out ? out : stderr;
}

/* Is s[0..n-1] well-formed UTF-8?  (Overlong forms are not looked for.) */
static int valid_utf8(const unsigned char *s, int n)
{
    for (int i = 0; i < n;) {
        int extra = s[i] < 0x80         ? 0
                    : (s[i] >> 5) == 6  ? 1
                    : (s[i] >> 4) == 14 ? 2
                    : (s[i] >> 3) == 30 ? 3
                                        : -1;
        if (extra < 0 || i + extra >= n)
            return 0;
        for (int k = 1; k <= extra; k++)
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
        i += extra + 1;
    }
    return 1;
}

/* Print line line0 of the text and a caret under column col0. */
static void quote_line(struct diag *d, long line0, long col0)
{
    if (!d->text || line0 < 0)
        return;
    const char *p = d->text, *end = d->text + d->len;
    for (long l = 0; l < line0 && p < end; p++)
        if (*p == '\n')
            l++;
    if (p >= end)
        return;
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
        eol = end;
    int width = (int)(eol - p);
    if (width > 200)
        width = 200;
    /* Show control bytes and binary junk as '?' so the terminal stays sane. */
    char shown[201];
    int utf8 = valid_utf8((const unsigned char *)p, width);
    for (int i = 0; i < width; i++) {
        unsigned char ch = (unsigned char)p[i];
        int printable = ch == '\t' || (ch >= 0x20 && ch != 0x7f && (ch < 0x80 || utf8));
        shown[i] = printable ? p[i] : '?';
    }
    shown[width] = '\0';
    fprintf(d->out, "%5ld | %s\n      | ", line0 + 1, shown);
    for (long c = 0; c < col0 && c < width; c++)
        fputc(p[c] == '\t' ? '\t' : ' ', d->out);
    fputs("^\n", d->out);
}

/* One message, its values' control characters escaped; the first DIAG_MAX_SHOWN of each kind only.
 */
static void report(struct diag *d, const char *kind, int count, long line0, long col0,
                   const char *fmt, va_list ap)
{
    d->last_shown = count < DIAG_MAX_SHOWN;
    if (!d->last_shown)
        return;
    termsafe_fputs(d->path, d->out);
    if (line0 >= 0)
        fprintf(d->out, ":%ld:%ld: %s", line0 + 1, col0 + 1, kind);
    else
        fprintf(d->out, ": %s", kind);
    termsafe_vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    quote_line(d, line0, col0);
}

void diag_error(struct diag *d, long line0, long col0, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, "", d->errors, line0, col0, fmt, ap);
    va_end(ap);
    d->errors++;
}

void diag_warning(struct diag *d, long line0, long col0, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, "warning: ", d->warnings, line0, col0, fmt, ap);
    va_end(ap);
    d->warnings++;
}

void diag_note(struct diag *d, const char *fmt, ...)
{
    va_list ap;
    if (!d->last_shown)
        return;
    fputs("  ", d->out);
    va_start(ap, fmt);
    termsafe_vfprintf(d->out, fmt, ap);
    va_end(ap);
    fputc('\n', d->out);
}

void diag_flush(struct diag *d)
{
    int errors = d->errors - DIAG_MAX_SHOWN, warnings = d->warnings - DIAG_MAX_SHOWN;
    if (errors > 0) {
        termsafe_fputs(d->path, d->out);
        fprintf(d->out, ": %d more error%s not shown (%d in all)\n", errors, errors == 1 ? "" : "s",
                d->errors);
    }
    if (warnings > 0) {
        termsafe_fputs(d->path, d->out);
        fprintf(d->out, ": %d more warning%s not shown (%d in all)\n", warnings,
                warnings == 1 ? "" : "s", d->warnings);
    }
    /* Said once, however often it is called. */
    d->errors = d->errors > DIAG_MAX_SHOWN ? DIAG_MAX_SHOWN : d->errors;
    d->warnings = d->warnings > DIAG_MAX_SHOWN ? DIAG_MAX_SHOWN : d->warnings;
}
