/*
 * timer.c - CLOCK_MONOTONIC in milliseconds, and the clock interface
 * (timer.h) with the host clock behind it.
 */
#include "base/timer.h"

#include <string.h>
#include <time.h>

double timer_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static double host_now_ms(void *ctx)
{
    (void)ctx;
    return timer_now_ms();
}

/* The host clock moved by itself while the work was done: as timed. */
static double host_work_ms(void *ctx, const char *const *what, int nwhat, double bytes,
                           double timed_ms)
{
    (void)ctx;
    (void)what;
    (void)nwhat;
    (void)bytes;
    return timed_ms;
}

/* Every thread reads the one host clock: there is nothing to catch up with. */
static void host_catch_up(void *ctx, double now_ms)
{
    (void)ctx;
    (void)now_ms;
}

const struct timer_clock timer_host_clock = {
    .now_ms = host_now_ms, .host_work_ms = host_work_ms, .catch_up = host_catch_up};

double timer_read(const struct timer_clock *c)
{
    return c->now_ms(c->ctx);
}

double timer_host_work_ms(const struct timer_clock *c, const char *const *what, int nwhat,
                          double bytes, double timed_ms)
{
    return c->host_work_ms(c->ctx, what, nwhat, bytes, timed_ms);
}

void timer_catch_up(const struct timer_clock *c, double now_ms)
{
    c->catch_up(c->ctx, now_ms);
}

void timer_clock_release(struct timer_clock *c)
{
    if (c->release)
        c->release(c->ctx);
    memset(c, 0, sizeof(*c));
}
