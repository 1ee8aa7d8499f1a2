/*
 * report.h - `pinsweep report`: one markdown report for one or more results
 * folders, for a write-up.
 *
 * report.md holds the machine table, the key numbers of each folder (peak
 * bandwidth per kind and direction with its share of the PCIe link, latency
 * and n_half from fits.csv, pinned over pageable at 256 MB, allocation cost
 * per GiB) and the folders' figures embedded; figures.pdf gathers every
 * figure into one multi-page PDF.
 */
#ifndef PINSWEEP_REPORT_H
#define PINSWEEP_REPORT_H

#include "analysis/compare.h"

#include <stddef.h>
#include <stdio.h>

/*
 * Write out_dir/report.md (and out_dir/figures.pdf when the folders have PDF
 * figures and a PDF tool is installed) for inputs[0..n-1].  Returns 0, -1
 * for a bad folder (its message names the file), or -2 when out_dir cannot
 * be written.
 */
int report_run(const struct compare_input *inputs, size_t n, const char *out_dir, FILE *log);

#endif
