/*
 * compare.h - `pinsweep compare`: results folders side by side.
 *
 * Two or more results folders (different machines, or one machine on
 * different days) are matched configuration by configuration on their axis
 * values.  The first folder is the baseline.  Written into the output
 * folder: compare.csv (a row per configuration and machine, with its ratio
 * to the baseline), machines.csv (a row per folder: GPU, PCIe link, driver,
 * CPU, host), compare.md (the machine table, the peaks, and every
 * configuration found in only some folders) and, through plot_compare(),
 * the overlay and ratio figures.
 */
#ifndef PINSWEEP_COMPARE_H
#define PINSWEEP_COMPARE_H

#include <stddef.h>
#include <stdio.h>

/* One folder to compare and, optionally, the label the user gave it. */
struct compare_input {
    const char *dir;
    const char *label; /* NULL: GPU + PCIe generation and width + hostname */
};

/*
 * Compare inputs[0..n-1] (n >= 2) into out_dir (created).  A summary of the
 * peaks goes to table (may be NULL); problems go to log.  Returns 0, -1 for
 * a bad folder (its message names the file), or -2 when out_dir cannot be
 * written.
 */
int compare_run(const struct compare_input *inputs, size_t n, const char *out_dir, FILE *table,
                FILE *log);

#endif
