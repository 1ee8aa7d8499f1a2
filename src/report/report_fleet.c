/*
 * report_fleet.c - the report's fleet section (see report_fleet.h).
 */
#include "report/report_fleet.h"
#include "analysis/fleet.h"
#include "figures/fig_fleet.h"
#include "base/units.h"

#include <stdlib.h>
#include <string.h>

int report_is_fleet(const struct folder *f, size_t n)
{
    if (n < FLEET_MIN_NODES)
        return 0;
    for (size_t i = 1; i < n; i++)
        if (strcmp(folder_meta(&f[i], "experiment.name"), folder_meta(&f[0], "experiment.name")) ||
            strcmp(folder_meta(&f[i], "gpu.name"), folder_meta(&f[0], "gpu.name")))
            return 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (strcmp(folder_meta(&f[i], "host.hostname"), folder_meta(&f[j], "host.hostname")) ==
                0)
                return 0;
    return 1;
}

/* A reading's configuration with its size in words: "pinned h2d ... prefaulted 256 MiB". */
static const char *key_text(const char *key, char *buf, size_t n)
{
    const char *last = strrchr(key, ' ');
    char size[32];
    if (!last || !units_format_size(strtoull(last + 1, NULL, 10), size, sizeof(size)))
        snprintf(buf, n, "%s", key);
    else
        snprintf(buf, n, "%.*s %s", (int)(last - key), key, size);
    return buf;
}

/* The table: a row per node, its verdict and its lowest reading against the fleet's. */
static int node_table(struct tabular *t, const struct fleet_node *v, size_t n)
{
    static const char *const head[] = {
        "node", "compared", "outliers", "link", "lowest against the fleet",
        "GB/s", "fleet",    "spread",   "z",    "verdict"};
    char cell[6][64], key[192];
    tabular_init(t, "fleet", "lrrllrrrrl", head,
                 "each node against the fleet: configurations measured on %d or more nodes, "
                 "outliers beyond %.1f robust spreads (1.4826 MAD, at least the nodes' own "
                 "noise) of the fleet's median, the link against its maximum, and each node's "
                 "lowest reading with the fleet's median and spread there (GB/s)",
                 FLEET_MIN_NODES, FLEET_Z_OUTLIER);
    for (size_t k = 0; k < n; k++) {
        snprintf(cell[0], sizeof(cell[0]), "%zu", v[k].configs);
        snprintf(cell[1], sizeof(cell[1]), "%zu", v[k].outliers);
        snprintf(cell[2], sizeof(cell[2]), "%.2f", v[k].worst_gbps);
        snprintf(cell[3], sizeof(cell[3]), "%.2f", v[k].worst_median);
        snprintf(cell[4], sizeof(cell[4]), "%.2f", v[k].worst_spread);
        snprintf(cell[5], sizeof(cell[5]), "%.1f", v[k].worst_z);
        int some = v[k].configs > 0 && v[k].worst_z < 0; /* a reading below the median */
        const char *row[] = {v[k].node,
                             cell[0],
                             cell[1],
                             v[k].link_low ? "below its maximum" : "at its maximum",
                             some ? key_text(v[k].worst_key, key, sizeof(key))
                                  : "none below the fleet's median",
                             some ? cell[2] : "",
                             some ? cell[3] : "",
                             some ? cell[4] : "",
                             some ? cell[5] : "",
                             v[k].flagged ? "flagged" : "healthy"};
        if (tabular_row(t, row) < 0)
            return -1;
    }
    return 0;
}

/* What the fleet shows, in words: the flagged nodes and why, or that none is. */
static char *fleet_reading(const struct fleet_node *v, size_t n)
{
    char *text = NULL;
    size_t len = 0, flagged = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    for (size_t k = 0; k < n; k++)
        flagged += (size_t)v[k].flagged;
    if (!flagged)
        fprintf(f,
                "no node of the %zu is flagged: every reading within %.1f robust spreads of "
                "the fleet's median, every link at its maximum",
                n, FLEET_Z_OUTLIER);
    else
        fprintf(f, "%zu of the %zu nodes flagged", flagged, n);
    for (size_t k = 0, said = 0; k < n; k++) {
        char key[192];
        if (!v[k].flagged)
            continue;
        fprintf(f, "%s %s: ", said++ ? ";" : ":", v[k].node);
        if (v[k].outliers)
            fprintf(f,
                    "%zu of %zu configurations outside the band, the lowest %s at %.2f GB/s "
                    "against the fleet's %.2f (z %.1f)",
                    v[k].outliers, v[k].configs, key_text(v[k].worst_key, key, sizeof(key)),
                    v[k].worst_gbps, v[k].worst_median, v[k].worst_z);
        if (v[k].link_low)
            fprintf(f, "%sits PCIe link trained below its maximum", v[k].outliers ? "; " : "");
    }
    return fclose(f) == 0 ? text : (free(text), NULL);
}

int report_fleet(const struct folder *f, size_t n, const char *out_dir, const char *scripts_dir,
                 const struct plot_opts *po, FILE *log, struct tabular *t, char **reading,
                 int *drew)
{
    const char **dirs = calloc(n, sizeof(*dirs));
    struct fleet_node *v = calloc(n, sizeof(*v));
    int rc = -1;
    memset(t, 0, sizeof(*t)); /* tabular_free takes it as it is whatever happens */
    *reading = NULL;
    *drew = PLOT_OK;
    if (!dirs || !v)
        goto out;
    for (size_t i = 0; i < n; i++)
        dirs[i] = f[i].dir;
    rc = fleet_run(dirs, n, out_dir, NULL, NULL, log, v);
    if (rc < 0)
        goto out;
    while (n > 0 && v[n - 1].left_out) /* the folders left out come last, said on log */
        n--;
    *drew = plot_fleet(out_dir, scripts_dir, log, po);
    if (node_table(t, v, n) < 0 || !(*reading = fleet_reading(v, n))) {
        rc = -1;
        goto out;
    }
    rc = 0;
    for (size_t k = 0; k < n; k++)
        rc += v[k].flagged;
out:
    free(dirs);
    free(v);
    return rc;
}
