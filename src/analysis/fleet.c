/*
 * fleet.c - outliers of a fleet against the fleet itself (see fleet.h).
 */
#include "analysis/fleet.h"
#include "results/fleet_csv.h"
#include "results/folder.h"
#include "results/outdir.h"
#include "base/fileio.h"
#include "base/jsonout.h"
#include "base/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One node's reading of one configuration. */
struct reading {
    size_t node;
    char key[160]; /* the configuration: "pinned h2d reuse sync warm prefaulted 268435456" */
    uint64_t axis[AXIS_SIZE];
    double size_bytes;
    double gbps, noise_gbps;
    double median, spread, z; /* the fleet's, filled in once every node is read */
};

struct fleet {
    struct folder *f;
    size_t n;          /* the folders judged, f[0..n) */
    size_t *input;     /* f[k] is dirs[input[k]] */
    char **experiment; /* f[k]'s experiment.yaml, NULL when unreadable */
    struct reading *r;
    size_t nr;
    int *link_low; /* per node: 1 when its link trained below its maximum */
    size_t *outliers, *compared;
    double *worst_z; /* per node: its lowest z */
    size_t *worst;   /* the reading of it */
};

static const int key_axes[] = {AXIS_ALLOC, AXIS_DIRECTION, AXIS_BUFFER,
                               AXIS_API,   AXIS_CACHE,     AXIS_TOUCH};

/* Every copy row of node k. Returns 0 or -1 (memory). */
static int add_node(struct fleet *fl, size_t k)
{
    const struct summary_file *s = &fl->f[k].s;
    for (size_t i = 0; i < s->nrows; i++) {
        const struct summary_row *row = &s->rows[i];
        if (!folder_copy_row(row) || isnan(row->gbps_median))
            continue;
        struct reading *grown = realloc(fl->r, (fl->nr + 1) * sizeof(*grown));
        if (!grown)
            return -1;
        fl->r = grown;
        struct reading *r = &fl->r[fl->nr++];
        memset(r, 0, sizeof(*r));
        r->node = k;
        for (size_t a = 0; a < sizeof(key_axes) / sizeof(key_axes[0]); a++) {
            char v[32];
            summary_axis_text(row, key_axes[a], v, sizeof(v));
            snprintf(r->key + strlen(r->key), sizeof(r->key) - strlen(r->key), "%s ",
                     v[0] ? v : "-");
        }
        snprintf(r->key + strlen(r->key), sizeof(r->key) - strlen(r->key), "%.0f", row->size_bytes);
        memcpy(r->axis, row->axis, sizeof(r->axis));
        r->size_bytes = row->size_bytes;
        r->gbps = row->gbps_median;
        r->noise_gbps = isnan(row->rsd_pct) ? 0 : row->rsd_pct / 100 * row->gbps_median;
    }
    return 0;
}

/* The fleet's median, spread and each reading's z for the configuration of reading i. */
static void judge_key(struct fleet *fl, size_t i, double *x, double *dev, double *noise)
{
    size_t m = 0;
    for (size_t j = 0; j < fl->nr; j++)
        if (strcmp(fl->r[j].key, fl->r[i].key) == 0) {
            x[m] = fl->r[j].gbps;
            noise[m++] = fl->r[j].noise_gbps;
        }
    double med = stats_median(x, m);
    for (size_t j = 0; j < m; j++)
        dev[j] = fabs(x[j] - med);
    double spread = 1.4826 * stats_median(dev, m), floor = stats_median(noise, m);
    if (spread < floor)
        spread = floor;
    for (size_t j = 0; j < fl->nr; j++) {
        struct reading *r = &fl->r[j];
        if (strcmp(r->key, fl->r[i].key) != 0)
            continue;
        r->median = med;
        r->spread = spread;
        r->z = m < FLEET_MIN_NODES ? NAN : spread > 0 ? (r->gbps - med) / spread : 0;
    }
}

/* 1 when node k's meta.yaml says its link is below its maximum. */
static int link_low(const struct folder *f)
{
    const char *cg = meta_get(&f->m, "gpu.pcie.current.generation"),
               *mg = meta_get(&f->m, "gpu.pcie.max.generation"),
               *cw = meta_get(&f->m, "gpu.pcie.current.width"),
               *mw = meta_get(&f->m, "gpu.pcie.max.width");
    if (!cg || !mg || !cw || !mw || !atoi(mg) || !atoi(mw))
        return 0;
    return atoi(cg) < atoi(mg) || atoi(cw) < atoi(mw);
}

static const char *node_name(const struct fleet *fl, size_t k)
{
    const char *h = meta_get(&fl->f[k].m, "host.hostname");
    return h && *h ? h : fl->f[k].dir;
}

/* Tally outliers per node into nodes[]; returns how many nodes are flagged. */
static size_t tally(struct fleet *fl, struct fleet_node *nodes)
{
    size_t flagged = 0;
    for (size_t j = 0; j < fl->nr; j++) {
        const struct reading *r = &fl->r[j];
        if (isnan(r->z))
            continue;
        fl->compared[r->node]++;
        fl->outliers[r->node] += fabs(r->z) > FLEET_Z_OUTLIER;
        if (r->z < fl->worst_z[r->node]) {
            fl->worst_z[r->node] = r->z;
            fl->worst[r->node] = j;
        }
    }
    for (size_t k = 0; k < fl->n; k++) {
        struct fleet_node *v = &nodes[k];
        memset(v, 0, sizeof(*v));
        snprintf(v->node, sizeof(v->node), "%s", node_name(fl, k));
        v->configs = fl->compared[k];
        v->outliers = fl->outliers[k];
        v->link_low = fl->link_low[k] = link_low(&fl->f[k]);
        v->flagged = v->outliers > 0 || v->link_low;
        flagged += (size_t)v->flagged;
        if (v->configs) {
            const struct reading *w = &fl->r[fl->worst[k]];
            snprintf(v->worst_key, sizeof(v->worst_key), "%s", w->key);
            v->worst_gbps = w->gbps;
            v->worst_median = w->median;
            v->worst_spread = w->spread;
            v->worst_z = w->z;
        }
    }
    return flagged;
}

/* The per-node table, as `pinsweep fleet` prints it. */
static void print_nodes(const struct fleet_node *nodes, size_t n, FILE *out)
{
    fprintf(out, "%-20s %8s %8s %-6s %s\n", "node", "configs", "outliers", "link", "worst");
    for (size_t k = 0; k < n; k++) {
        const struct fleet_node *v = &nodes[k];
        fprintf(out, "%-20s %8zu %8zu %-6s", v->node, v->configs, v->outliers,
                v->link_low ? "LOW" : "ok");
        if (v->configs)
            fprintf(out, " %s: %.2f GB/s, fleet %.2f +- %.2f (z %.1f)", v->worst_key, v->worst_gbps,
                    v->worst_median, v->worst_spread, v->worst_z);
        fprintf(out, "%s\n", v->flagged ? "  FLAGGED" : "");
    }
}

static int write_csv(const struct fleet *fl, const char *dir, char *err, size_t errlen)
{
    if (outdir_make(dir, err, errlen) < 0)
        return -1;
    struct outfile *o = format_create(&fleet_format, dir, err, errlen);
    if (!o)
        return -1;
    for (size_t j = 0; j < fl->nr; j++) {
        const struct reading *r = &fl->r[j];
        struct fleet_row row = {.node = node_name(fl, r->node),
                                .dir = fl->f[r->node].dir,
                                .size_bytes = r->size_bytes,
                                .gbps_median = r->gbps,
                                .fleet_median = r->median,
                                .fleet_spread = r->spread,
                                .band_low = r->median - FLEET_Z_OUTLIER * r->spread,
                                .band_high = r->median + FLEET_Z_OUTLIER * r->spread,
                                .z = r->z,
                                .outlier = isnan(r->z)                    ? ""
                                           : fabs(r->z) > FLEET_Z_OUTLIER ? "yes"
                                                                          : "no",
                                .link_below_max = fl->link_low[r->node] ? "yes" : "no"};
        memcpy(row.axis, r->axis, sizeof(row.axis));
        format_write_row(o->f, &fleet_format, &row);
    }
    return outfile_close(o, err, errlen);
}

/* The verdict as JSON, with the n inputs left out (lo) and why. */
static void write_json(const struct fleet *fl, const struct fleet_node *lo, size_t n, FILE *f)
{
    fprintf(f, "{\"z_outlier\": %g, \"nodes\": [", FLEET_Z_OUTLIER);
    for (size_t k = 0; k < fl->n; k++) {
        fprintf(f, "%s\n  {\"node\": ", k ? "," : "");
        json_string(f, node_name(fl, k));
        fprintf(f, ", \"dir\": ");
        json_string(f, fl->f[k].dir);
        fprintf(f,
                ", \"configurations\": %zu, \"outliers\": %zu, \"link_below_max\": %s, "
                "\"flagged\": %s}",
                fl->compared[k], fl->outliers[k], fl->link_low[k] ? "true" : "false",
                fl->outliers[k] || fl->link_low[k] ? "true" : "false");
    }
    fprintf(f, "\n], \"left_out\": [");
    for (size_t k = 0; k < n; k++) {
        fprintf(f, "%s\n  {\"dir\": ", k ? "," : "");
        json_string(f, lo[k].node);
        fprintf(f, ", \"why\": ");
        json_string(f, lo[k].why);
        fprintf(f, "}");
    }
    fprintf(f, "\n]}\n");
}

/* The reason dir is no results folder, or cannot be read, into why; 0 when f holds it open. */
static int open_node(struct folder *f, const char *dir, char *why, size_t n)
{
    struct stat st;
    char path[4200], *said = NULL;
    size_t len = 0;
    if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
        snprintf(why, n, "not a results folder (not a folder)");
        return -1;
    }
    snprintf(path, sizeof(path), "%s/summary.csv", dir);
    if (access(path, F_OK) < 0) {
        snprintf(why, n, "not a results folder (no summary.csv)");
        return -1;
    }
    FILE *log = open_memstream(&said, &len);
    int rc = log ? folder_open(f, dir, NULL, log) : -1;
    if (log)
        fclose(log);
    if (rc < 0) {
        const char *first = said ? said : "out of memory";
        if (strncmp(first, "pinsweep: ", 10) == 0)
            first += 10;
        snprintf(why, n, "cannot be read: %.*s", (int)strcspn(first, "\n"), first);
    }
    free(said);
    return rc;
}

/* Leave out f[k] (closed), with why into node v (the input's entry); the rest move down. */
static void leave_out(struct fleet *fl, size_t k, struct fleet_node *v, const char *fmt,
                      const char *a, const char *b)
{
    snprintf(v->why, sizeof(v->why), fmt, a, b);
    v->left_out = 1;
    folder_close(&fl->f[k]);
    free(fl->experiment[k]);
    fl->n--;
    memmove(&fl->f[k], &fl->f[k + 1], (fl->n - k) * sizeof(*fl->f));
    memmove(&fl->input[k], &fl->input[k + 1], (fl->n - k) * sizeof(*fl->input));
    memmove(&fl->experiment[k], &fl->experiment[k + 1], (fl->n - k) * sizeof(*fl->experiment));
}

/* The text f[k] is compared by: its experiment.yaml (what) or its meta.yaml's gpu.name. */
static const char *trait(const struct fleet *fl, size_t k, int what)
{
    const char *g = meta_get(&fl->f[k].m, "gpu.name");
    return what ? (fl->experiment[k] ? fl->experiment[k] : "") : g ? g : "unknown";
}

/* The k whose trait most folders share (the first of them on a tie). */
static size_t most_common(const struct fleet *fl, int what)
{
    size_t best = 0, best_count = 0;
    for (size_t k = 0; k < fl->n; k++) {
        size_t count = 0;
        for (size_t j = 0; j < fl->n; j++)
            count += strcmp(trait(fl, j, what), trait(fl, k, what)) == 0;
        if (count > best_count) {
            best = k;
            best_count = count;
        }
    }
    return best;
}

/*
 * Open dirs[0..n) into fl, leaving out (in v[], said on log) what is no
 * results folder, cannot be read, is of another experiment or GPU than most,
 * or repeats a host.  Returns 0, or -1 when memory runs out.
 */
static int screen(struct fleet *fl, const char *const *dirs, size_t n, struct fleet_node *v,
                  FILE *log)
{
    char path[4200];
    for (size_t k = 0; k < n; k++) {
        memset(&v[k], 0, sizeof(v[k]));
        snprintf(v[k].node, sizeof(v[k].node), "%s", dirs[k]);
        if (open_node(&fl->f[fl->n], dirs[k], v[k].why, sizeof(v[k].why)) < 0) {
            v[k].left_out = 1;
            continue;
        }
        snprintf(path, sizeof(path), "%s/experiment.yaml", dirs[k]);
        fl->experiment[fl->n] = fileio_read_all(path, NULL);
        fl->input[fl->n++] = k;
    }
    for (int what = 1; what >= 0 && fl->n; what--) {
        size_t m = most_common(fl, what);
        const char *keep_dir = dirs[fl->input[m]];
        for (size_t k = fl->n; k-- > 0;)
            if (strcmp(trait(fl, k, what), trait(fl, m, what)) != 0) {
                if (what)
                    leave_out(fl, k, &v[fl->input[k]],
                              "another experiment than most folders' (its experiment.yaml "
                              "differs from that of %s)%s",
                              keep_dir, "");
                else
                    leave_out(fl, k, &v[fl->input[k]], "another GPU (%s; the fleet's: %s)",
                              trait(fl, k, 0), trait(fl, m, 0));
                if (k < m)
                    m--;
            }
    }
    for (size_t k = 0; k < fl->n; k++)
        for (size_t j = 0; j < k; j++)
            if (strcmp(node_name(fl, j), node_name(fl, k)) == 0) {
                leave_out(fl, k, &v[fl->input[k]],
                          "host %s again (first in %s): each host counts once", node_name(fl, j),
                          dirs[fl->input[j]]);
                k--;
                break;
            }
    for (size_t k = 0; k < n; k++)
        if (v[k].left_out)
            fprintf(log, "pinsweep fleet: %s left out: %s\n", dirs[k], v[k].why);
    return 0;
}

int fleet_run(const char *const *dirs, size_t n, const char *out_dir, const char *json_path,
              FILE *out, FILE *log, struct fleet_node *nodes)
{
    struct fleet fl = {0};
    struct fleet_node *v = NULL, *lo = NULL;
    int rc = -1;
    char err[4400];
    double *x = NULL, *dev = NULL, *noise = NULL;
    if (n < FLEET_MIN_NODES) {
        fprintf(log, "pinsweep fleet: takes at least %d nodes' folders, not %zu\n", FLEET_MIN_NODES,
                n);
        return -2;
    }
    fl.f = calloc(n, sizeof(*fl.f));
    fl.input = calloc(n, sizeof(*fl.input));
    fl.experiment = calloc(n, sizeof(*fl.experiment));
    fl.link_low = calloc(n, sizeof(int));
    fl.outliers = calloc(n, sizeof(size_t));
    fl.compared = calloc(n, sizeof(size_t));
    fl.worst = calloc(n, sizeof(size_t));
    fl.worst_z = malloc(n * sizeof(double));
    v = calloc(n, sizeof(*v));
    lo = calloc(n, sizeof(*lo));
    if (!fl.f || !fl.input || !fl.experiment || !fl.link_low || !fl.outliers || !fl.compared ||
        !fl.worst || !fl.worst_z || !v || !lo || screen(&fl, dirs, n, lo, log) < 0)
        goto out;
    if (fl.n < FLEET_MIN_NODES) {
        fprintf(log,
                "pinsweep fleet: %zu of %zu folders can be judged together; takes at least %d\n",
                fl.n, n, FLEET_MIN_NODES);
        rc = -2;
        goto out;
    }
    for (size_t k = 0; k < fl.n; k++) {
        fl.worst_z[k] = INFINITY;
        if (add_node(&fl, k) < 0)
            goto out;
    }
    x = malloc((fl.nr + 1) * sizeof(*x));
    dev = malloc((fl.nr + 1) * sizeof(*dev));
    noise = malloc((fl.nr + 1) * sizeof(*noise));
    if (!x || !dev || !noise)
        goto out;
    for (size_t i = 0; i < fl.nr; i++)
        if (fl.r[i].spread == 0 && fl.r[i].median == 0)
            judge_key(&fl, i, x, dev, noise);
    size_t flagged = tally(&fl, v);
    for (size_t k = 0, j = fl.n; k < n; k++)
        if (lo[k].left_out)
            v[j++] = lo[k];
    if (out)
        print_nodes(v, fl.n, out);
    fprintf(log, "pinsweep fleet: %zu of %zu nodes flagged", flagged, fl.n);
    if (fl.n < n)
        fprintf(log, " (%zu of the %zu folders given left out, said above)", n - fl.n, n);
    fprintf(log, "\n");
    if (out_dir && write_csv(&fl, out_dir, err, sizeof(err)) < 0) {
        fprintf(log, "pinsweep fleet: %s\n", err);
        goto out;
    }
    if (json_path) {
        FILE *f = strcmp(json_path, "-") == 0 ? stdout : fopen(json_path, "w");
        if (!f) {
            fprintf(log, "pinsweep fleet: cannot write %s\n", json_path);
            goto out;
        }
        write_json(&fl, v + fl.n, n - fl.n, f);
        if (f != stdout && fclose(f) != 0)
            goto out;
    }
    rc = flagged ? 1 : 0;
    if (nodes)
        memcpy(nodes, v, n * sizeof(*v));
out:
    for (size_t k = 0; k < fl.n; k++) {
        folder_close(&fl.f[k]);
        free(fl.experiment[k]);
    }
    free(fl.f);
    free(fl.input);
    free(fl.experiment);
    free(fl.r);
    free(fl.link_low);
    free(fl.outliers);
    free(fl.compared);
    free(fl.worst);
    free(fl.worst_z);
    free(v);
    free(lo);
    free(x);
    free(dev);
    free(noise);
    return rc;
}
