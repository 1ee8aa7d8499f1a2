/*
 * folder.h - a results folder read back: its summary.csv, its meta.yaml and
 * the label it goes by.  Shared by `pinsweep compare` and `pinsweep report`.
 */
#ifndef PINSWEEP_FOLDER_H
#define PINSWEEP_FOLDER_H

#include "results/csv.h"
#include "results/meta.h"

#include <stddef.h>
#include <stdio.h>

/* The summary.csv columns read back, by name (see folder.c's table). */
enum {
    FC_EXP,
    FC_ALLOC,
    FC_DIR,
    FC_BUF,
    FC_API,
    FC_CACHE,
    FC_TOUCH,
    FC_SIZE,
    FC_GBPS,
    FC_MIN,
    FC_MAX,
    FC_RSD,
    FC_US,
    FC_LINK,
    FC_ALLOC_MS,
    FC_FREE_MS,
    FC_STATUS,
    FC_STREAMS, /* issue 6's columns: absent from older folders */
    FC_KERNEL,
    FC_THREADS,
    FC_NUMA,
    FC_PAGES,
    FC_PIPE_MS,
    FC_SERIAL_MS,
    FC_IDEAL_MS,
    FC_OVERLAP,
    FC_N
};

struct folder {
    const char *dir;
    char label[160];
    struct csv_table t;
    struct meta_doc m; /* empty when meta.yaml is missing or unreadable */
    int col[FC_N];     /* -1 for a column the folder lacks */
    double link_gbps;  /* from meta.yaml's PCIe link; NaN when unknown */
};

/*
 * Read dir's summary.csv (required: a message naming it on log and -1 when
 * it is missing, malformed or not pinsweep's) and meta.yaml (a warning when
 * missing).  label NULL: folder_default_label.  Free with folder_close().
 */
int folder_open(struct folder *f, const char *dir, const char *label, FILE *log);
void folder_close(struct folder *f);

/* Row r's cell of column c ("" when the folder lacks the column). */
const char *folder_cell(const struct folder *f, size_t r, int c);

/*
 * 1 when row r is an ok copy (api sync or async) with its host buffer in the
 * default place (numa any, pages default): the rows compare matches and the
 * report's copy tables read.  Pipelines, zero-copy kernels, host access and
 * placement variants have tables of their own.
 */
int folder_copy_row(const struct folder *f, size_t r);

/* The meta.yaml value at a dotted path, or "unknown". */
const char *folder_meta(const struct folder *f, const char *path);

/* "Gen5 x16", or "unknown" when the link could not be read. */
char *folder_pcie_text(const struct folder *f, char *buf, size_t n);

/* "H200 Gen5x16 vm" from dir/meta.yaml: GPU (NVIDIA dropped), link, hostname. */
char *folder_default_label(const char *dir, char *buf, size_t n);

/* A markdown table of the machines, one column per folder; the first is marked baseline. */
void folder_machine_table(FILE *out, const struct folder *f, size_t n, int mark_baseline);

#endif
