/*
 * problems.c - problems found reading a results file, one line each (see
 * problems.h).
 */
#include "results/problems.h"
#include "base/termsafe.h"

#include <stdarg.h>

void log_line(FILE *log, const char *fmt, ...)
{
    if (!log)
        return;
    va_list ap;
    va_start(ap, fmt);
    termsafe_vfprintf(log, fmt, ap);
    va_end(ap);
    fputc('\n', log);
    fflush(log);
}

void problem(struct problems *p, size_t line, const char *fmt, ...)
{
    char why[512], at[32] = "";
    if (p->n++ >= PROBLEMS_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof(why), fmt, ap);
    va_end(ap);
    if (line)
        snprintf(at, sizeof(at), ":%zu", line);
    log_line(p->log, "%s%s%s: %s%s", p->prefix, p->path, at, why, p->suffix);
}

void problems_end(const struct problems *p)
{
    if (p->n > PROBLEMS_MAX)
        log_line(p->log, "%s%s: and %d more problems like these", p->prefix, p->path,
                 p->n - PROBLEMS_MAX);
}
