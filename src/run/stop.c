/*
 * stop.c - the stop request (stop.h).
 */
#include "run/stop.h"

#include <signal.h>
#include <string.h>

/* The signal that asked the run to stop, 0 while none has. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
    signal(sig, SIG_DFL); /* a second Ctrl-C ends the process at once */
}

void stop_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int stop_requested(void)
{
    return stop_signal;
}

/* A stop forwarded by the run to a round's process (run/fresh.h): asked, but no reset. */
static void on_forwarded(int sig)
{
    (void)sig;
    if (!stop_signal)
        stop_signal = SIGTERM;
}

void stop_catch_forwarded(int sig)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_forwarded;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void stop_note(int sig)
{
    if (!stop_signal && sig)
        stop_signal = sig;
}
