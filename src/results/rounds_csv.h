/*
 * rounds_csv.h - rounds.csv: the finished rounds of configurations not
 * finished yet, for --resume.
 *
 * With measure.rounds > 1 a configuration's row is written after its last
 * round, so a run stopped in round 2 of 3 would keep nothing of round 1.
 * Each round of a configuration that has more to come is appended here as
 * it ends (its samples, with what the next round reuses: the batch, the
 * round trip, why sampling stopped), and --resume reads them back: those
 * rounds are not measured again.  Rows of configurations that were then
 * finished stay until the run ends, and are ignored.  A run of one GPU
 * only (several GPUs' rows are merged per GPU and role: not kept).
 */
#ifndef PINSWEEP_ROUNDS_CSV_H
#define PINSWEEP_ROUNDS_CSV_H

#include "experiment/sweep.h"
#include "record/result.h"
#include "results/columns.h"
#include "results/outdir.h"

#include <stddef.h>

/* One sample of a finished round; NaN where it has none. */
struct round_row {
    double config, round, sample, copies;
    double device_ms, host_ms, h2d_ms, d2h_ms, alloc_ms, pin_ms, fill_ms, free_ms, kernel_ms;
    double batch, roundtrip_us; /* the round's: what the next round starts from */
    const char *stop;           /* why its sampling stopped (stop_reason_names) */
};

extern const struct csv_format rounds_format;

/*
 * Append round's samples of r, r->samples[first..nsamples), to dir's
 * rounds.csv through *o (opened on first use: created with its header, or
 * appended to when a resumed run's is there) and sync it.  Returns 0, or -1
 * with "cannot write PATH: why" in err (what this call wrote is cut off).
 */
int rounds_write(struct outfile **o, const char *dir, const struct result *r, int round,
                 size_t first, char *err, size_t errlen);

/*
 * Read dir's rounds.csv back into acc[i] for each configuration s->configs[i]
 * not finished (finished[i] 0): its samples round by round, in order, and the
 * last round's batch, round trip and stop; acc[i].rounds the last round,
 * rounds_met those that reached target_rsd.  acc must be zeroed.  A round
 * that is not the next of its configuration's is skipped.  Returns how many
 * configurations got rounds (0 without the file), or -1 with "PATH: why" in
 * err.
 */
int rounds_read(const char *dir, const struct sweep *s, const unsigned char *finished,
                struct result *acc, char *err, size_t errlen);

/* Remove dir's rounds.csv, once every configuration is finished. */
void rounds_remove(const char *dir);

#endif
