/*
 * clockmodel.h - an exact clock for the fake engine: time as a model, not the wall clock.
 *
 * When a model is loaded (PINSWEEP_FAKE_MODEL, PINSWEEP_FAKE_MODEL_FILE),
 * timer_now_ms() returns the model's time, which moves only when something
 * modelled happens: the fake engine advances it by each copy's modelled
 * time, each allocation's and each free's; host access and the host memcpy
 * reference by theirs.  Everything else (filling a buffer, bookkeeping)
 * takes no time.  So every number pinsweep derives from a fake run has a
 * value known in advance.
 *
 * A model is a list of KEY=VALUE entries, separated by white space, ';' or
 * ',' ('#' starts a comment to the end of the line).  KEY is
 * [QUALIFIER.]...PARAM: the entry applies to what every qualifier names
 * (an alloc kind, a direction, an api: "pinned.h2d.gbps=55"); among the
 * entries that apply, the one with the most qualifiers wins, and of those
 * the last.  The parameters and their defaults are in clockmodel.c's table
 * (clockmodel_param_help lists them).
 */
#ifndef PINSWEEP_CLOCKMODEL_H
#define PINSWEEP_CLOCKMODEL_H

#include <stddef.h>

/* At most this many qualifiers in a key, and in a lookup. */
#define CLOCKMODEL_MAX_QUALS 6

/*
 * Load the model from the environment: PINSWEEP_FAKE_MODEL (entries
 * inline) and PINSWEEP_FAKE_MODEL_FILE (a file of entries, read first;
 * the inline ones override it).  known(q) says whether q is a qualifier
 * that can ever match (NULL: any).  Returns 1 when a model is now active
 * (its clock starts at 0 ms), 0 when neither variable is set (the wall
 * clock stays), -1 with the reason in err on a bad entry or unreadable file.
 */
int clockmodel_load_env(int (*known)(const char *qual), char *err, size_t err_len);

/* Load a model from spec (the entries, as above); as clockmodel_load_env. */
int clockmodel_load(const char *spec, int (*known)(const char *qual), char *err, size_t err_len);

/* Drop the model: timer_now_ms() is the wall clock again. */
void clockmodel_unload(void);

/* 1 while a model is loaded. */
int clockmodel_active(void);

/* The model's time, ms since it was loaded, on the calling thread's clock. */
double clockmodel_now_ms(void);

/* Move the calling thread's clock on by ms (>= 0). */
void clockmodel_advance_ms(double ms);

/*
 * Clocks per thread.  The model (its entries) is shared and read-only once
 * loaded; a clock is not.  A thread that measures one GPU while others
 * measure theirs takes a clock of its own, starting at now_ms, with a noise
 * generator seeded from seed and stream (the device, so each GPU's noise is
 * its own), until clockmodel_thread_end; the thread that loaded the model
 * and threads that took none share the main clock.  Load and unload only
 * while no such thread runs.
 */
void clockmodel_thread_begin(double now_ms, unsigned stream);
void clockmodel_thread_end(void);

/* Move the calling thread's clock on to now_ms if it is behind (a barrier: all meet the latest). */
void clockmodel_catch_up(double now_ms);

/*
 * How many GPUs copy at once on the calling thread's clock (1 unless set):
 * the fake engine shares host_gbps among their streams and qualifies its
 * lookups with "together" when more than one.
 */
void clockmodel_set_gpus(int gpus);
int clockmodel_gpus(void);

/*
 * The value of param for what quals[0..nquals) name (the most specific
 * entry that applies), or its default.
 */
double clockmodel_get(const char *const *quals, int nquals, const char *param);

/*
 * How long moving bytes takes, ms: (t0_us / 1e3 + bytes / (gbps * 1e6)),
 * times (1 + noise_pct / 100 * u) with u uniform in [-1, 1) from the
 * model's seeded generator when noise_pct is set, times slow_factor when
 * the model's time is within [slow_from_ms, slow_to_ms).  Does not advance.
 */
double clockmodel_transfer_ms(const char *const *quals, int nquals, double bytes);

/* The same at gbps instead of the model's gbps (a share of it, or a cap). */
double clockmodel_transfer_at_ms(const char *const *quals, int nquals, double bytes, double gbps);

/* The parameters, one per line ("name default  meaning"), for messages and docs. */
extern const char clockmodel_param_help[];

#endif
