/*
 * drift.h - what the sentinel's readings say about the run: how far its
 * bandwidth moved (drift), and the time windows in which it was off its
 * usual value by more than the target, so the configurations measured in
 * them can be named.  Pure arithmetic; the run reads the sentinel,
 * results/ writes sentinel.csv and meta.yaml, figures/ draws the windows.
 */
#ifndef PINSWEEP_DRIFT_H
#define PINSWEEP_DRIFT_H

#include <stddef.h>

/* One reading of the sentinel: when (s since the run started) and its median, GB/s. */
struct drift_reading {
    double time_s, gbps; /* gbps NaN: the reading failed */
};

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
    double median_gbps, min_gbps, max_gbps; /* NaN without readings */
    double drift_pct;                       /* 100 * (max / min - 1); NaN with fewer than 2 */
    double target_pct;                      /* a reading further than this off the median is off */
    struct drift_window *windows;           /* malloc'd */
    size_t nwindows;
};

/*
 * Analyse r[0..n) (in time order) against target_pct: a reading is off
 * when it differs from the median of the good readings by more than
 * target_pct %; each run of off readings makes one window, from the good
 * reading before it (its own time when there is none) to the good reading
 * after it (its own time when there is none).  Returns 0, or -1 (memory).
 * Free out with drift_free.
 */
int drift_analyse(const struct drift_reading *r, size_t n, double target_pct, struct drift *out);

/* A reading's signed offset from d's median, in % (NaN for a failed reading or no median). */
double drift_offset_pct(const struct drift *d, double gbps);

/* The window s overlaps (the first), or NULL: s was measured while the sentinel was quiet. */
const struct drift_window *drift_disturbed(const struct drift *d, const struct drift_span *s);

void drift_free(struct drift *d);

#endif
