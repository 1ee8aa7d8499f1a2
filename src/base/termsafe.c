/*
 * termsafe.c - escaping control characters for the terminal (see termsafe.h).
 */
#include "base/termsafe.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void escape_to(const unsigned char *s, size_t n, FILE *f)
{
    for (size_t i = 0; i < n; i++) {
        if ((s[i] < 0x20 && s[i] != '\t' && s[i] != '\n') || s[i] == 0x7f)
            fprintf(f, "\\x%02X", s[i]);
        else if (s[i] == 0xC2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F)
            fprintf(f, "\\xC2\\x%02X", s[++i]);
        else
            fputc(s[i], f);
    }
}

void termsafe_fputs(const char *s, FILE *f)
{
    escape_to((const unsigned char *)s, strlen(s), f);
}

void termsafe_vfprintf(FILE *f, const char *fmt, va_list ap)
{
    char *text = NULL;
    int n = vasprintf(&text, fmt, ap);
    if (n < 0)
        return;
    escape_to((const unsigned char *)text, (size_t)n, f);
    free(text);
}
