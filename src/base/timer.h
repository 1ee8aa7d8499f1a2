/*
 * timer.h - the clocks pinsweep times by: the host's monotonic clock, for
 * what the device timeline cannot time (allocation, fill, free) and as a
 * cross-check of the events; and the interface through which an engine
 * gives its clock (engine/gpu.h), which the host clock fills for a real GPU
 * and the fake engine's model of time fills for tests.
 */
#ifndef PINSWEEP_TIMER_H
#define PINSWEEP_TIMER_H

/* CLOCK_MONOTONIC in milliseconds, with nanosecond resolution. */
double timer_now_ms(void);

/*
 * A clock, as a table of hooks on ctx.  Code that times what an engine does
 * reads the engine's clock through these, never the host's directly, so
 * that a modelled engine's time is exact.
 */
struct timer_clock {
    double (*now_ms)(void *ctx); /* the time, ms */
    /*
     * Host work just done (bytes of what names: "memcpy" "h2d" for the host
     * memcpy reference, an alloc kind and "host-read" for host access),
     * which the host clock timed as timed_ms.  Returns its time, ms: the
     * host clock's timed_ms; a model's time for it, by which that clock
     * then moves on.
     */
    double (*host_work_ms)(void *ctx, const char *const *what, int nwhat, double bytes,
                           double timed_ms);
    /* Move on to now_ms if behind (threads meeting at a barrier); the host clock need not. */
    void (*catch_up)(void *ctx, double now_ms);
    void (*release)(void *ctx); /* what ctx holds; NULL: nothing */
    void *ctx;
};

/* The host's monotonic clock (timer_now_ms), as a timer_clock. */
extern const struct timer_clock timer_host_clock;

/* c's time, ms. */
double timer_read(const struct timer_clock *c);

/* c's time for host work just done (see struct timer_clock), ms. */
double timer_host_work_ms(const struct timer_clock *c, const char *const *what, int nwhat,
                          double bytes, double timed_ms);

/* Move c on to now_ms if it is behind. */
void timer_catch_up(const struct timer_clock *c, double now_ms);

/* Release what c holds and zero it; safe on a zeroed clock. */
void timer_clock_release(struct timer_clock *c);

#endif
