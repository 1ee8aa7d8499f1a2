/*
 * check.h - the unit tests' few macros.  Each check prints one line,
 * "PASS name", "FAIL name: why" or "SKIP name: why", which tests/run-tests
 * counts; main() returns check_exit() so a failure also fails the process.
 */
#ifndef PINSWEEP_CHECK_H
#define PINSWEEP_CHECK_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures;

/*
 * Check name cannot run here: "SKIP name: why" (printf-formatted).  Under
 * CI=true every tool the tests use is installed (.ci/run), so a skip for a
 * tool not installed (why says "not installed", as CHECK_NEED's does) fails
 * there instead, as tests/run-tests' t_skip does; what CI cannot have (a
 * GPU, root, the machine's huge pages or CPUs) still skips.
 */
static inline void check_skip(const char *name, const char *why_fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline void check_skip(const char *name, const char *why_fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, why_fmt);
    vsnprintf(why, sizeof(why), why_fmt, ap);
    va_end(ap);
    const char *ci = getenv("CI");
    if (ci && strcmp(ci, "true") == 0 && strstr(why, "not installed")) {
        printf("FAIL %s: %s, and under CI=true every tool the tests use must be (.ci/run installs "
               "them)\n",
               name, why);
        check_failures++;
    } else {
        printf("SKIP %s: %s\n", name, why);
    }
}

/* Is prog on PATH?  When not, check name skips (fails under CI=true) saying so.  1: it is. */
static inline int check_need(const char *name, const char *prog)
{
    char cmd[256];
    snprintf(cmd, sizeof(cmd), "command -v '%s' > /dev/null 2>&1", prog);
    if (system(cmd) == 0)
        return 1;
    check_skip(name, "%s not installed", prog);
    return 0;
}

#define CHECK(name, cond, ...)                                                                     \
    do {                                                                                           \
        if (cond) {                                                                                \
            printf("PASS %s\n", name);                                                             \
        } else {                                                                                   \
            printf("FAIL %s: ", name);                                                             \
            printf(__VA_ARGS__);                                                                   \
            printf("  [%s:%d]\n", __FILE__, __LINE__);                                             \
            check_failures++;                                                                      \
        }                                                                                          \
    } while (0)

#define CHECK_STR(name, got, want)                                                                 \
    CHECK(name, strcmp((got), (want)) == 0, "got '%s', want '%s'", (got), (want))

/* |got - want| <= rel * |want| */
#define CHECK_NEAR(name, got, want, rel)                                                           \
    CHECK(name, fabs((double)(got) - (double)(want)) <= (rel)*fabs((double)(want)),                \
          "got %.9g, want %.9g (within %g)", (double)(got), (double)(want), (double)(rel))

static inline int check_exit(void)
{
    return check_failures ? 1 : 0;
}

#endif
