/*
 * fig_compare.h - the compare-bandwidth and compare-ratio figures
 * (fig_compare.c) of a comparison folder as fig_machines.c reads it:
 * machines.csv's machines, each a colour, a dash and a point fill, and
 * compare.csv's reuse rows.
 */
#ifndef PINSWEEP_FIG_COMPARE_H
#define PINSWEEP_FIG_COMPARE_H

#include "figures/kit/figure.h"
#include "results/compare_csv.h"
#include "experiment/schema.h"

#include <stddef.h>

#define CMP_PALETTE 6 /* machine colours in plots/style.gp before they repeat */
/* A machine's points: one per alloc kind (a point drawn apart too), then the merged line's. */
#define CMP_PT_MERGED ALLOC_COUNT
#define CMP_PTS (ALLOC_COUNT + 1)

struct cmp_input {
    const char *dir;
    struct machine_entry *m; /* machines.csv's rows */
    char (*color)[32];       /* each machine's colour and dash: "machine:N", N from 1 */
    char (*pt)[CMP_PTS][48]; /* each machine's points: "machine:N/pageable", ... */
    size_t nm;
    /* every machine described alike (GPU, link, host): the folders are runs of one machine,
       which the title names (described) */
    int one_machine;
    /* and every machine's GPU the same one (its uuid said, and alike): runs of one machine;
       else runs on machines of one type */
    int one_gpu;
    char described[200];
    struct compare_entry
        *rows; /* reuse, cache warm, pages prefaulted; by dir, machine, alloc, api, size */
    size_t nrows;
    char experiment[128]; /* when every row names the same one, else "" */
};

/*
 * Are the folders runs of one machine, or of machines of one type: every
 * machine's GPU, link and host the same (and said)?  in->one_gpu: and the
 * GPU's uuid too.  Then in->described says which ("H200, PCIe Gen5 x16,
 * vm"), for the title; the legend names each run by its label alone.
 */
void cmp_describe_machines(struct cmp_input *in);

/*
 * Describe compare-bandwidth (ratio 0: a panel per direction) or
 * compare-ratio (1: a row of pageable panels over a row of page-locked
 * ones) of in into g (fig_init first) and data_dir.  -1 on failure.
 */
int fig_compare(struct fig *g, const struct cmp_input *in, const char *data_dir, int ratio);

#endif
