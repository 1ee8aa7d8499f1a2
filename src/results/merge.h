/*
 * merge.h - shards of one experiment combined into one results folder.
 *
 * `pinsweep run FILE --shard I/N` on N machines (or N GPUs) leaves N
 * folders; merge checks that they are shards of one experiment file, made
 * by one pinsweep binary on one kind of machine, and writes one folder
 * whose summary.csv and samples.csv hold every configuration once, in plan
 * order, as a single run would have written them.
 */
#ifndef PINSWEEP_MERGE_H
#define PINSWEEP_MERGE_H

#include <stddef.h>
#include <stdio.h>

/* What results_merge returns besides RESULTS_ESYSTEM and RESULTS_EUSAGE (results.h). */
#define MERGE_OK 0
#define MERGE_INCOMPLETE 1 /* merged, but configurations of the plan are in no shard */

struct merge_opts {
    int different_machines; /* shards of different machines are the point: do not refuse them */
};

/*
 * Merge the results folders dirs[0..n-1] into out (new, or an empty
 * folder): experiment.yaml, summary.csv, samples.csv, host-memcpy.csv and
 * meta.yaml (the first shard's, with a `merge:` section saying what was
 * merged).  Refuses (RESULTS_EUSAGE, the reason on log) shards whose
 * experiment.yaml differ, shards made by different pinsweep binaries
 * (version and git revision in meta.yaml), shards of different machines
 * (hostname and GPU) unless o->different_machines, a configuration found in
 * two shards (each one named), and an out that holds anything.  Names every
 * configuration of the plan no shard has on log, and then returns
 * MERGE_INCOMPLETE.  RESULTS_ESYSTEM when a file cannot be read or written.
 */
int results_merge(const char *const *dirs, size_t n, const char *out, const struct merge_opts *o,
                  FILE *log);

#endif
