/*
 * drift.h - what the sentinel's readings say about the run: how far its
 * bandwidth moved (drift), and the time windows in which it was off its
 * usual value by more than its own noise allows, so the configurations measured in
 * them can be named.  Pure arithmetic; the run reads the sentinel,
 * results/ writes sentinel.csv and meta.yaml, figures/ draws the windows.
 */
#ifndef PINSWEEP_DRIFT_H
#define PINSWEEP_DRIFT_H

#include <stddef.h>

/*
 * One reading of the sentinel: when (s since the run started) and its
 * median, GB/s.  A reading taken during the repair rounds (run/repair.h) is
 * judged against the rounds' readings, never part of their median, noise or
 * drift: the repairs were decided by those, and the record must say what
 * decided them.
 */
struct drift_reading {
    double time_s, gbps; /* gbps NaN: the reading failed */
    int repair;          /* taken during the repair rounds */
};

/*
 * What the repair rounds did (run/repair.h), for meta.yaml and the end of the
 * run: the plan numbers measured while the sentinel was off, and of them
 * those measured clean again, those that could not be (budget, the sentinel
 * off again, or repair rounds that disagreed with the row's clean rounds),
 * and those an interruption left unwritten; and, whatever came of them, those
 * with a repair round that disagreed with the row's clean rounds.
 */
struct drift_repair {
    int judged; /* the repair looked at the windows (sentinel on, repair on, one GPU) */
    double budget_s, time_s;
    int *disturbed, *repaired, *unclean, *left; /* malloc'd, plan numbers in plan order */
    size_t ndisturbed, nrepaired, nunclean, nleft;
    int *disagreed; /* malloc'd, plan numbers in plan order */
    size_t ndisagreed;
};

void drift_repair_free(struct drift_repair *r);

/* A span of the run in which something was measured (a configuration in one round). */
struct drift_span {
    int config, round;
    double from_s, to_s;
};

/* A window of the run in which the sentinel was off: from the last good reading before to the
 * first after. */
struct drift_window {
    double from_s, to_s;
    double worst_pct; /* the reading furthest off the median, signed, % */
};

struct drift {
    size_t readings, ok;                    /* all, and those with a bandwidth */
    size_t basis;                           /* of ok, the rounds' (not repair) readings */
    double median_gbps, min_gbps, max_gbps; /* of the basis; NaN without */
    double drift_pct; /* of the basis, 100 * (max / min - 1); NaN with fewer than 2 */
    double floor_pct;                       /* the least threshold (target_rsd) */
    double noise_pct; /* the readings' own noise: robust sd of a reading in quiet stretches, % */
    double threshold_pct; /* max(floor_pct, k * noise_pct): a reading further off is off */
    struct drift_window *windows;           /* malloc'd */
    size_t nwindows;
};

/* How many times its own noise a reading must be off the median to be off. */
#define DRIFT_NOISE_K 5.0

/*
 * Analyse r[0..n) (in time order): a reading is off when it differs from
 * the median of the good readings of the rounds (the basis: not repair) by
 * more than threshold_pct % =
 * max(floor_pct, k * noise_pct).  noise_pct is the readings' own noise, from
 * the differences of successive good readings (a step in the level moves
 * only the difference across it): 1.4826 * their MAD / sqrt(2), in % of the
 * median, taken again over the pairs of readings both within the first
 * pass's threshold (the quiet stretches); successive means successive in
 * the basis.  k 0: floor_pct alone (a fixed
 * threshold, as folders before pinsweep judged the noise were analysed);
 * fewer than 3 good readings: noise_pct 0.  Each run of off readings makes one window, from the
 * good reading before it (its own time when there is none) to the good reading after it (its own
 * time when there is none).  Returns 0, or -1 (memory). Free out with drift_free.
 */
int drift_analyse(const struct drift_reading *r, size_t n, double floor_pct, double k,
                  struct drift *out);

/* Whether a good reading of gbps is off d's median by more than d's threshold. */
int drift_off(const struct drift *d, double gbps);

/* A reading's signed offset from d's median, in % (NaN for a failed reading or no median). */
double drift_offset_pct(const struct drift *d, double gbps);

/* The window s overlaps (the first), or NULL: s was measured while the sentinel was quiet. */
const struct drift_window *drift_disturbed(const struct drift *d, const struct drift_span *s);

/* How deep the deepest of d's windows that span s overlaps reads, |worst_pct|; 0 when none. */
double drift_depth(const struct drift *d, const struct drift_span *s);

/*
 * One disturbance: the windows from first on that each begin within gap_s
 * of the one before ending (the sentinel, read every gap_s, cannot tell
 * them apart).  Returns the index after the last of them (first + 1 at
 * least, when first < d->nwindows).
 */
size_t drift_episode_end(const struct drift *d, size_t first, double gap_s);

void drift_free(struct drift *d);

#endif
