/*
 * fleet_csv.h - fleet.csv, every node's reading of every copy configuration
 * against the fleet's median and band (`pinsweep fleet`): its description
 * (the column table in fleet_csv.c), the row it maps to, its writer
 * (analysis/fleet.c) and its one reader (the fleet figure).
 */
#ifndef PINSWEEP_FLEET_CSV_H
#define PINSWEEP_FLEET_CSV_H

#include "results/columns.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One row of fleet.csv. */
struct fleet_row {
    const char *node, *dir;   /* written; read back into node_name (dir is not read) */
    uint64_t axis[AXIS_SIZE]; /* alloc, direction, buffer, api, cache, touch: schema codes */
    double size_bytes, gbps_median;
    double fleet_median, fleet_spread, band_low, band_high, z; /* band: median +- 3.5 spread */
    const char *outlier;                                       /* yes, no, "" (too few nodes) */
    const char *link_below_max; /* yes when the node's PCIe link trained below its maximum, no */
    char node_name[64];         /* read: the node column */
    int is_outlier;             /* read: outlier is yes */
    int is_link_low;            /* read: link_below_max is yes */
};

extern const struct csv_format fleet_format;

/*
 * The rows of dir/fleet.csv in file order (malloc'd, *n of them).  NULL when
 * there is no file; one that cannot be used is NULL too, after
 * "warning: FILE:LINE: why; no fleet figure drawn" lines on log.
 */
struct fleet_row *fleet_read(const char *dir, size_t *n, FILE *log);

#endif
