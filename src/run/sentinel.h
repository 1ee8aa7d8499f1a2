/*
 * sentinel.h - the drift watch: one configuration (the sentinel) read
 * briefly at fixed intervals through a run, so that a disturbance that
 * moves every number for a few seconds shows, and the configurations
 * measured during it can be named.
 *
 * The sentinel is measure.sentinel (a configuration number from plan) or,
 * by default, pinned h2d sync 64 MiB on the experiment's device.  Each
 * reading allocates and frees its buffer like any configuration (a pinned
 * buffer kept alive would change what reallocate rows measure) and takes
 * SENTINEL_SAMPLES fixed samples after one warm-up batch.  Readings go to
 * sentinel.csv as they are taken; sentinel_finish works out the drift
 * (record/drift.h) for meta.yaml and the end of the run.
 */
#ifndef PINSWEEP_SENTINEL_H
#define PINSWEEP_SENTINEL_H

#include "record/drift.h"
#include "measure/measure.h"
#include "results/outdir.h"
#include "results/sentinel_csv.h"
#include "host/hoststate.h"

#define SENTINEL_SAMPLES 3

struct sentinel {
    int on;
    int rounds; /* the run's: a reading of a later round is a repair round's (record/drift.h) */
    struct config config; /* what is read */
    char what[160];       /* its description ("pinned h2d 64MiB (auto)") */
    struct measure_opts m;
    double every_ms, t0_ms, last_ms;
    struct outfile *csv;
    struct drift_reading *readings;
    size_t n, cap;
    double last_good_gbps;
    struct drift_span *spans; /* every configuration measured, per round */
    size_t nspans, spans_cap;
    struct drift drift; /* set by sentinel_finish */
    const char *bus_id; /* the GPU's, for the link read during the first and last readings */
    int shard;          /* run --shard I/N: I, written in every reading; 0 for a whole run */
    struct pcie_link link_first, link_last; /* known 0: not read */
    /*
     * A round's own process (run/fresh.h): each reading handed to forward
     * (0, or -1 when it cannot be sent) instead of recorded; the run records
     * it (sentinel_record).  NULL: recorded here.
     */
    int (*forward)(void *ctx, const struct sentinel_row *row);
    void *forward_ctx;
};

/*
 * Set sn up for e's run over s: off when e->measure.sentinel_every_ms is
 * 0.  Returns 0, or -1 when measure.sentinel names no configuration of the
 * plan (message in err: a usage error).
 */
int sentinel_init(struct sentinel *sn, const struct experiment *e, const struct sweep *s, char *err,
                  size_t errlen);

/*
 * Start the clock at t0_ms (the run's clock) and open dir/sentinel.csv
 * (appending on a resumed run).  Returns 0, or -1 with a message in err.
 */
int sentinel_start(struct sentinel *sn, const char *dir, double t0_ms, char *err, size_t errlen);

/*
 * Take a reading when one is due (force: now), after after_config (0:
 * none) in round.  Returns 0, or -1 when sentinel.csv cannot be written
 * or memory runs out (err says why).
 */
int sentinel_tick(struct sentinel *sn, struct measure_ctx *mc, int force, int after_config,
                  int round, char *err, size_t errlen);

/*
 * Record a reading taken (row, its time_s on the run's clock): appended to
 * sentinel.csv and kept for the analysis.  Returns 0, or -1 with why in err.
 */
int sentinel_record(struct sentinel *sn, const struct sentinel_row *row, char *err, size_t errlen);

/* Note that config was measured in round from from_ms to to_ms (the run's clock). */
void sentinel_note(struct sentinel *sn, int config, int round, double from_ms, double to_ms);

/*
 * Close sentinel.csv and analyse the readings against target_pct into
 * sn->drift; print the drift, a sentence per window, and what became of the
 * rows measured in them (rep, the repair round's outcome; NULL: none) to out.
 * Returns 0 or -1 (memory, or the file's last sync: err).
 */
int sentinel_finish(struct sentinel *sn, double target_pct, const struct drift_repair *rep,
                    FILE *out, char *err, size_t errlen);

void sentinel_free(struct sentinel *sn);

#endif
