/*
 * stop.h - SIGINT and SIGTERM as a request to stop: the run loop, its repair
 * round and the run's end ask whether one came, between configurations.
 */
#ifndef PINSWEEP_STOP_H
#define PINSWEEP_STOP_H

/* From now on SIGINT and SIGTERM stop the run after the configuration being measured. */
void stop_catch_signals(void);

/* The signal that asked the run to stop (SIGINT, SIGTERM), 0 while none has. */
int stop_requested(void);

#endif
