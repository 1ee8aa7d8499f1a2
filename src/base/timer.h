/*
 * timer.h - the host clock, for what the device timeline cannot time
 * (allocation, fill, free) and as a cross-check of the events.
 */
#ifndef PINSWEEP_TIMER_H
#define PINSWEEP_TIMER_H

/* CLOCK_MONOTONIC in milliseconds, with nanosecond resolution; the model's time while a
   clock model is loaded (clockmodel.h: only the fake engine loads one). */
double timer_now_ms(void);

#endif
