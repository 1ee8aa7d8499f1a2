/*
 * clockmodel.h - the fake engine's model of time: its entries, and exact
 * clocks that move only when something modelled happens.
 *
 * A value type with no state of its own: the fake engine (gpu_fake.c)
 * loads a model when it is opened with one (PINSWEEP_FAKE_MODEL,
 * PINSWEEP_FAKE_MODEL_FILE) and keeps it and its clocks in its instance.
 * On such a clock each copy takes its modelled time, and so does each
 * allocation and free, host access and the host memcpy reference (the
 * engine's clock, base/timer.h, times host work by the model); everything
 * else (filling a buffer, bookkeeping) takes no time.  So every number
 * pinsweep derives from a fake run has a value known in advance.
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
#include <stdint.h>

/* At most this many qualifiers in a key, and in a lookup. */
#define CLOCKMODEL_MAX_QUALS 8
/* At most this many entries in a model. */
#define CLOCKMODEL_MAX_ENTRIES 128
/* The longest qualifier, with its '\0'. */
#define CLOCKMODEL_NAME_LEN 32

/* One KEY=VALUE entry: its qualifiers, its parameter (an index into the table) and value. */
struct clockmodel_entry {
    char quals[CLOCKMODEL_MAX_QUALS][CLOCKMODEL_NAME_LEN];
    int nquals;
    size_t param;
    double value;
};

/* A process's noise streams lie this far apart (a stream is a device number). */
#define CLOCKMODEL_PROCESS_STREAMS 4096

/*
 * A model: its entries in the order given, and the process it runs in
 * (PINSWEEP_PROCESS, read when it is loaded: a run's rounds in new
 * processes, run/fresh.h, number theirs 1, 2, ...; 0 otherwise), which
 * seeds its noise apart from other processes' and draws process_t0_us.
 * Zeroed: none (every parameter at its default), process 0.
 */
struct clockmodel {
    struct clockmodel_entry e[CLOCKMODEL_MAX_ENTRIES];
    int n;
    int process;
};

/*
 * A clock on a model: its time (ms since the model was loaded), its noise
 * generator (xorshift64*), and how many GPUs copy at once on it (the fake
 * engine shares host_gbps among their streams and qualifies its lookups
 * with "together" when more than one).  One thread moves a clock.
 */
struct clockmodel_clock {
    double now_ms;
    uint64_t rng;
    int gpus;
};

/*
 * Load *m from the environment: PINSWEEP_FAKE_MODEL (entries inline) and
 * PINSWEEP_FAKE_MODEL_FILE (a file of entries, read first; the inline ones
 * override it).  known(q) says whether q is a qualifier that can ever match
 * (NULL: any).  Returns 1 when *m now holds a model, 0 when neither
 * variable is set, -1 with the reason in err on a bad entry or unreadable
 * file; *m has no entries then.
 */
int clockmodel_load_env(struct clockmodel *m, int (*known)(const char *qual), char *err,
                        size_t err_len);

/* Load *m from spec (the entries, as above); 1, or -1 as clockmodel_load_env. */
int clockmodel_load(struct clockmodel *m, const char *spec, int (*known)(const char *qual),
                    char *err, size_t err_len);

/*
 * Start clock c on m at now_ms, with a noise generator seeded from m's seed
 * and stream (the device, so that each GPU's noise is its own; 0 for the
 * run's clock), for gpus GPUs copying at once (below 1: 1).
 */
void clockmodel_clock_start(const struct clockmodel *m, struct clockmodel_clock *c, double now_ms,
                            unsigned stream, int gpus);

/* Move c on by ms (>= 0). */
void clockmodel_advance_ms(struct clockmodel_clock *c, double ms);

/* Move c on to now_ms if it is behind (a barrier: all meet the latest). */
void clockmodel_catch_up(struct clockmodel_clock *c, double now_ms);

/*
 * The value of param for what quals[0..nquals) name (the most specific
 * entry of m that applies), or its default.
 */
double clockmodel_get(const struct clockmodel *m, const char *const *quals, int nquals,
                      const char *param);

/*
 * What m's process adds to t0_us for what quals[0..nquals) name, us:
 * process_t0_us * frac((seed + process) * 0.618034), 0 for process 0.
 */
double clockmodel_process_t0_us(const struct clockmodel *m, const char *const *quals, int nquals);

/*
 * How long moving bytes takes on clock c, ms: ((t0_us + the process's
 * clockmodel_process_t0_us) / 1e3 + bytes / (gbps * 1e6)),
 * times (1 + noise_pct / 100 * u) with u uniform in [-1, 1) from c's
 * generator when noise_pct is set, times slow_factor when c's time is
 * within [slow_from_ms, slow_to_ms), else slow2_factor within
 * [slow2_from_ms, slow2_to_ms).  Does not advance c.
 */
double clockmodel_transfer_ms(const struct clockmodel *m, struct clockmodel_clock *c,
                              const char *const *quals, int nquals, double bytes);

/* The same at gbps instead of the model's gbps (a share of it, or a cap). */
double clockmodel_transfer_at_ms(const struct clockmodel *m, struct clockmodel_clock *c,
                                 const char *const *quals, int nquals, double bytes, double gbps);

/* The parameters, one per line ("name default  meaning"), for messages and docs. */
extern const char clockmodel_param_help[];

#endif
