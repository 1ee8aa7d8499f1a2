/*
 * timer.c - CLOCK_MONOTONIC in milliseconds, or the fake engine's model
 * clock while one is loaded (clockmodel.h).
 */
#include "base/timer.h"
#include "base/clockmodel.h"

#include <time.h>

double timer_now_ms(void)
{
    struct timespec ts;
    if (clockmodel_active())
        return clockmodel_now_ms();
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
