/*
 * shard.h - one Nth of a sweep, balanced by expected time.
 *
 * `pinsweep run FILE --shard I/N` measures the configurations of shard I
 * (1-based) of N.  Shards are balanced by each configuration's expected
 * time (shard_cost_s), not by count: a 1 GiB reallocate configuration costs
 * as much as hundreds of small reused ones.  The assignment depends only on
 * the expanded sweep and its measure settings, so every shard of a Slurm
 * job array computes the same split on its own, and `merge` can tell from
 * the experiment file which shard a missing configuration belonged to.
 */
#ifndef PINSWEEP_SHARD_H
#define PINSWEEP_SHARD_H

#include "experiment/experiment.h"
#include "experiment/sweep.h"

#include <stddef.h>

/* The most shards a sweep may be cut into. */
#define SHARD_MAX 100000

/*
 * Parse "I/N" (1 <= I <= N <= SHARD_MAX) into *index and *count.  Returns 0,
 * or -1 with what is allowed in err.
 */
int shard_parse(const char *text, int *index, int *count, char *err, size_t errlen);

/*
 * The expected time of measuring c with m, in seconds: a rough model of
 * the H200 (pinned copies at 50 GB/s, pageable at 10, host memory at 10,
 * allocation at 0.35 s per GiB pinned and 0.5 s per GiB pageable) that is
 * only ever used to balance shards, never reported as a measurement.
 */
double shard_cost_s(const struct config *c, const struct measure_opts *m);

/*
 * Which shard (0-based, of count) each configuration of s goes to, by plan
 * number: shard_of[c->index - 1].  Longest expected time first, each to the
 * shard with the least so far (ties: the lower shard; equal costs: the lower
 * plan number), so the split is the same wherever it is worked out.
 * shard_of has room for the largest plan number in s.  Returns 0, or -1
 * when out of memory.
 */
int shard_assign(const struct sweep *s, const struct measure_opts *m, int count, int *shard_of);

/*
 * Keep only shard index (1-based) of count in s, in s's order; plan numbers
 * stay as they were.  *cost_s gets the kept configurations' expected time
 * and *total_s the whole sweep's (either may be NULL).  Returns 0, or -1
 * when out of memory (s unchanged).
 */
int shard_keep(struct sweep *s, const struct measure_opts *m, int index, int count, double *cost_s,
               double *total_s);

/*
 * The expected time of measuring every configuration of s with m, in
 * seconds, by shard_cost_s's rough model: each configuration's cost in one
 * round (rounds_round_opts) times the rounds.  Sentinel readings, repair
 * rounds and the host memcpy reference are not counted.  What plan prints
 * and scripts/pinsweep-slurm sizes a job's --time from; never a
 * measurement.
 */
double shard_expected_s(const struct sweep *s, const struct measure_opts *m);

/* The largest plan number in s (0 when empty): the length of arrays indexed by plan number. */
size_t shard_max_index(const struct sweep *s);

#endif
