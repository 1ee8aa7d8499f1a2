/*
 * sentinel_view.h - the drift sentinel of a results folder as its figure,
 * its caption's reading and its table see it: the good readings of
 * sentinel.csv, each as a percentage off the run's median (the median the
 * drift check of record/drift.h judges by, of each shard's readings), the
 * drift check's threshold (meta.yaml's drift.threshold_pct, or before it
 * drift.target_pct: target_rsd), what
 * the sentinel copy is (meta.yaml's drift.sentinel), and, for each reading
 * off the median by more than the threshold, what was measured before it:
 * the configurations since the previous reading when the run measured them
 * in the plan's order (sentinel.csv's after_config), else those meta.yaml's
 * drift window around it lists.
 *
 * A sentinel of fewer than PLOT_MIN_SIZES readings (tables.h's rule for
 * sizes) is a table (figures/tables.md), not a figure.
 */
#ifndef PINSWEEP_SENTINEL_VIEW_H
#define PINSWEEP_SENTINEL_VIEW_H

#include "figures/input.h"
#include "figures/kit/tabular.h"
#include "results/sentinel_csv.h"

#include <stddef.h>
#include <stdio.h>

/* One of meta.yaml's drift windows: its span and the configurations it lists. */
struct sentinel_window {
    double from_s, to_s;
    int *configs; /* sorted, each once (malloc'd) */
    size_t nconfigs;
    int round_min, round_max; /* the rounds they were measured in; 0 when it does not say */
};

struct sentinel_view {
    struct sentinel_row *rows; /* the good readings, in file order (sentinel_read) */
    size_t n;
    double *median_gbps;             /* per reading: the median of its shard's readings */
    double *off_pct;                 /* per reading: 100 (gbps_median / median - 1) */
    size_t shards;                   /* 1 for a whole run */
    double target_pct;               /* the drift check's threshold, % */
    int target_known;                /* from meta.yaml; else the schema's default of target_rsd */
    int noise_judged; /* meta.yaml's drift.threshold_pct: the threshold followed the noise */
    double rounds;    /* meta.yaml's drift.basis_readings: readings of a later round are the
                         repair rounds', judged against the others (record/drift.h); else
                         INFINITY: every reading is of the basis, as folders before it */
    char copy[160];                  /* meta.yaml's drift.sentinel ("pinned h2d reuse sync 64MiB
                                        (automatic)"), "" when it does not say */
    double samples_min, samples_max; /* the samples behind each reading's median */
    int in_order; /* the configurations were measured in the plan's order, one round, one shard */
    struct sentinel_window *windows; /* meta.yaml's, for readings when not in_order */
    size_t nwindows;
};

/*
 * Read in's sentinel (in->dir: sentinel.csv, meta.yaml) into v; a problem
 * with sentinel.csv goes to log (may be NULL).  Returns 0 (v->n 0: no
 * usable sentinel.csv), or -1 when out of memory.  Free with
 * sentinel_view_free, also after -1.
 */
int sentinel_view_read(const struct plot_input *in, struct sentinel_view *v, FILE *log);
void sentinel_view_free(struct sentinel_view *v);

/* The good readings of in's sentinel.csv (0 without one). */
size_t sentinel_view_count(const struct plot_input *in);

/* Is reading i off the run's median by more than the threshold? */
int sentinel_view_off(const struct sentinel_view *v, size_t i);

/*
 * The axis of the sentinel figure, ±half_pct % of the run's median: ±5 %
 * in every folder, unless a reading lies beyond 90 % of that, then the
 * first of ±10, ±20, ±50, ±100, ±200, ±300 % ... that holds every
 * reading so.  The bars do not choose it.
 */
double sentinel_view_axis_pct(const struct sentinel_view *v);

/*
 * The reading of the sentinel in words, without a final full stop, into f
 * (parts "; " apart): what the sentinel copy is and how often it was read,
 * the median, range and threshold; each of the (up to 3) readings furthest
 * off it, when and what was measured before it; how many more were off;
 * and, in a folder of CPU access alone, that the sentinel guards the link,
 * not what was measured.
 */
void sentinel_view_say(const struct plot_input *in, const struct sentinel_view *v, FILE *f);

/*
 * The table of a sentinel too short for a figure (fewer than
 * PLOT_MIN_SIZES readings): a row per reading (time, GB/s, its interval,
 * off the median, the configurations since the previous reading), its
 * caption the reading above and the intervals' statement.  -1 when out of
 * memory (tabular_free t also then).
 */
int sentinel_view_table(const struct plot_input *in, const struct sentinel_view *v,
                        struct tabular *t);

#endif
