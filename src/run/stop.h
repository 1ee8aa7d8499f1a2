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

/*
 * From now on sig (the run's round processes: SIGUSR1) stops it as SIGTERM
 * does, but a second one does not end the process: what the run sends on
 * to a round's process when only the run was asked to stop (run/fresh.h).
 */
void stop_catch_forwarded(int sig);

/* Note that sig asked to stop (a round's process was asked to), unless one already did. */
void stop_note(int sig);

#endif
