/*
 * test_termsafe.c - control characters escaped before they reach a terminal.
 */
#include "check.h"

#include "base/termsafe.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* What termsafe_fputs writes for s. */
static char *escaped(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    termsafe_fputs(s, f);
    fclose(f);
    return buf;
}

static char *escaped_fmt(const char *fmt, ...)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    va_list ap;
    va_start(ap, fmt);
    termsafe_vfprintf(f, fmt, ap);
    va_end(ap);
    fclose(f);
    return buf;
}

int main(void)
{
    static const struct {
        const char *in, *want;
    } cases[] = {
        {"pinned", "pinned"},
        {"tab\tand\nnewline", "tab\tand\nnewline"},
        {"\x1b]0;title\x07\x1b[2J", "\\x1B]0;title\\x07\\x1B[2J"},
        {"del\x7f", "del\\x7F"},
        {"c1 \xc2\x9b" "31m", "c1 \\xC2\\x9B31m"},
        {"utf-8 \xc2\xb5s \xe2\x80\x93 ok", "utf-8 \xc2\xb5s \xe2\x80\x93 ok"},
        {"\r", "\\x0D"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char *got = escaped(cases[i].in);
        CHECK("termsafe_fputs escapes controls only", strcmp(got, cases[i].want) == 0,
              "case %zu: got '%s', want '%s'", i, got, cases[i].want);
        free(got);
    }
    char *got = escaped_fmt("unknown alloc '%s' at %d", "\x1b[2J", 3);
    CHECK("termsafe_vfprintf escapes the formatted values", strcmp(got, "unknown alloc '\\x1B[2J' at 3") == 0,
          "got '%s'", got);
    free(got);
    return check_exit();
}
