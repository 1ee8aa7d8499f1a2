/*
 * folder.h - a results folder read back: its summary.csv, its meta.yaml and
 * the label it goes by.  Shared by `pinsweep compare` and `pinsweep report`.
 */
#ifndef PINSWEEP_FOLDER_H
#define PINSWEEP_FOLDER_H

#include "results/meta_doc.h"
#include "results/samples_csv.h"
#include "results/summary_csv.h"

#include <stddef.h>
#include <stdio.h>

struct folder {
    const char *dir;
    char label[160];
    struct summary_file s;       /* its rows */
    struct samples_file samples; /* samples.csv, empty when absent (the intervals' values) */
    struct meta_doc m;           /* empty when meta.yaml is missing or unreadable */
    double link_gbps;            /* from meta.yaml's PCIe link; NaN when unknown */
};

/*
 * Read dir's summary.csv (required: a message naming it on log and -1 when
 * it is missing, malformed or not pinsweep's), samples.csv (a warning when
 * it cannot be read) and meta.yaml (a warning when missing).  label NULL:
 * folder_default_label.  Free with folder_close().
 */
int folder_open(struct folder *f, const char *dir, const char *label, FILE *log);
void folder_close(struct folder *f);

/* Is axis a of r empty (an older folder), "-" (does not apply) or its default value? */
int folder_default(const struct summary_row *r, int a);

/*
 * 1 when r is an ok copy (api sync or async) with its host buffer in the
 * default place (numa any, pages default): the rows compare matches and the
 * report's copy tables read.  Pipelines, zero-copy kernels, host access and
 * placement variants have tables of their own.
 */
int folder_copy_row(const struct summary_row *r);

/* The meta.yaml value at a dotted path, or "unknown". */
const char *folder_meta(const struct folder *f, const char *path);

/* "Gen5 x16", or "unknown" when the link could not be read. */
char *folder_pcie_text(const struct folder *f, char *buf, size_t n);

/* "H200 Gen5x16 vm" from dir/meta.yaml: GPU (NVIDIA dropped), link, hostname. */
char *folder_default_label(const char *dir, char *buf, size_t n);

/*
 * The facts of the machine table, one a row: their number, the name of
 * fact i ("PCIe link", "GPU", ..., "folder") and fact i of f as the table
 * gives it, into buf.
 */
size_t folder_fact_count(void);
const char *folder_fact_name(size_t i);
const char *folder_fact_text(const struct folder *f, size_t i, char *buf, size_t n);

/* A markdown table of the machines, one column per folder; the first is marked baseline. */
void folder_machine_table(FILE *out, const struct folder *f, size_t n, int mark_baseline);

#endif
