/*
 * report.h - `pinsweep report`: one markdown report for one or more results
 * folders, for a write-up.
 *
 * report.md holds the machine table, then for each folder its tables
 * (report_tables.h: peak bandwidth per kind and direction with its share of
 * the PCIe link, pinned over pageable near 256 MB, latency and n_half from
 * fits.csv, allocation cost, pipelines, zero-copy and host access where the
 * folder has them, every copy of a sweep of few sizes), each numbered and
 * captioned, every measurement with its spread and n; then its figures,
 * drawn by the report into its own figures/ as F<folder>-NAME, each
 * numbered, its caption opening with the figure's reading (readings.h).
 * figures.pdf binds the figures as pages of one size with the same numbers
 * and captions (book.h).  With LaTeX output, every figure is also written
 * for LaTeX (cairolatex) and every table as a booktabs file,
 * figures/F<folder>-table-NAME.tex (figures/table-machines.tex), so a paper
 * can \input both.
 */
#ifndef PINSWEEP_REPORT_H
#define PINSWEEP_REPORT_H

#include "analysis/compare.h"

#include <stddef.h>
#include <stdio.h>

/* How to write a report. */
struct report_opts {
    int latex;               /* also LaTeX: figures (cairolatex) and tables (booktabs) */
    int paper;               /* figures for a paper (plot.h's plot_opts); latex implies it */
    const char *scripts_dir; /* the gnuplot scripts (the repository's plots/) */
};

/*
 * Write out_dir/report.md, out_dir/figures/ and (when gnuplot and a PDF
 * binder are installed) out_dir/figures.pdf for inputs[0..n-1].  Returns 0,
 * -1 for a bad folder (its message names the file), or -2 when out_dir
 * cannot be written.
 */
int report_run(const struct compare_input *inputs, size_t n, const char *out_dir,
               const struct report_opts *o, FILE *log);

#endif
