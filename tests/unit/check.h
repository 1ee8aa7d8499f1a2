/*
 * check.h - the unit tests' few macros.  Each check prints one line,
 * "PASS name" or "FAIL name: why", which tests/run-tests counts; main()
 * returns check_exit() so a failure also fails the process.
 */
#ifndef PINSWEEP_CHECK_H
#define PINSWEEP_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

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
