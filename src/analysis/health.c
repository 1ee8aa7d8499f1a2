/*
 * health.c - the checks of `pinsweep check`, expectations and the verdict's
 * forms (see health.h).
 */
#include "analysis/health.h"
#include "analysis/fleet.h"
#include "experiment/schema.h"
#include "results/summary_csv.h"
#include "results/folder.h"
#include "base/jsonout.h"
#include "base/stats.h"
#include "base/units.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * Tolerances: the reference H200 reads pinned copies within 1-4% from run
 * to run (GPU.md), so 10% below is a fault, not noise; pageable copies and
 * small-copy latency depend on the host's caches and differ by up to 32%
 * between leases of one machine, so they get more room.  The least a
 * fleet's band may narrow them to is check's own noise: 12 checks in a row
 * on the H200 (2026-12-01) read h2d and d2h within 0.6% of their median,
 * bidir within 1.9%, latency 7.4-9.0 us (up to 21% over the fastest) and
 * pageable 7.2-14.6 GB/s (32% under the median), so about three times
 * that, and pageable never narrower than its default.
 */
const struct health_check_def health_checks[HC_COUNT] = {
    [HC_H2D] = {"h2d", "pinned", "h2d", "sync", "256MiB", 0, 10, 2,
                "pinned host-to-device bandwidth at 256 MiB"},
    [HC_D2H] = {"d2h", "pinned", "d2h", "sync", "256MiB", 0, 10, 2,
                "pinned device-to-host bandwidth at 256 MiB"},
    [HC_BIDIR] = {"bidir", "pinned", "bidir", "async", "256MiB", 0, 10, 5,
                  "pinned bidirectional bandwidth at 256 MiB each way"},
    [HC_LATENCY] = {"latency", "pinned", "h2d", "sync", "4KiB", 1, 50, 30,
                    "time of one small pinned host-to-device copy (4 KiB)"},
    [HC_PAGEABLE] = {"pageable", "pageable", "h2d", "sync", "64MiB", 0, 35, 35,
                     "pageable host-to-device bandwidth at 64 MiB"},
};

double health_tolerance(const struct health_expect *x, int i)
{
    return isnan(x->tolerance_pct[i]) ? health_checks[i].tolerance_pct : x->tolerance_pct[i];
}

/* A fleet's tolerance for check i from its nodes' values v[0..n): see health_expect_add. */
static double fleet_tolerance(int i, const double *v, size_t n)
{
    double *dev = malloc(n * sizeof(*dev)), med = stats_median(v, n);
    if (!dev || n < FLEET_MIN_NODES || !(med > 0)) {
        free(dev);
        return NAN;
    }
    for (size_t k = 0; k < n; k++)
        dev[k] = fabs(v[k] - med);
    double pct = FLEET_Z_OUTLIER * 1.4826 * stats_median(dev, n) / med * 100;
    free(dev);
    const struct health_check_def *c = &health_checks[i];
    return pct < c->min_tolerance_pct ? c->min_tolerance_pct
           : pct > c->tolerance_pct   ? c->tolerance_pct
                                      : pct;
}

const char *health_unit(int i)
{
    return health_checks[i].latency ? "us" : "GB/s";
}

void health_expect_init(struct health_expect *x)
{
    for (int i = 0; i < HC_COUNT; i++) {
        x->value[i] = NAN;
        x->source[i][0] = '\0';
        x->tolerance_pct[i] = NAN;
    }
}

/* The check NAME names, or -1. */
static int check_find(const char *name, size_t len)
{
    for (int i = 0; i < HC_COUNT; i++)
        if (strlen(health_checks[i].name) == len && strncmp(health_checks[i].name, name, len) == 0)
            return i;
    return -1;
}

/* NAME=VALUE[,NAME=VALUE...]. */
static int expect_stated(struct health_expect *x, const char *src, FILE *log)
{
    struct health_expect got;
    health_expect_init(&got);
    for (const char *p = src; *p;) {
        const char *eq = strchr(p, '='), *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        int i = eq && eq < end ? check_find(p, (size_t)(eq - p)) : -1;
        char *num_end;
        double v = i >= 0 ? strtod(eq + 1, &num_end) : NAN;
        if (i < 0 || num_end != end || !(v > 0) || !isfinite(v)) {
            fprintf(log,
                    "pinsweep: --expect '%s': each of NAME=VALUE takes a check (h2d, d2h, bidir "
                    "and pageable in GB/s, latency in us) and a number above 0\n",
                    src);
            return -1;
        }
        got.value[i] = v;
        p = *end ? end + 1 : end;
    }
    for (int i = 0; i < HC_COUNT; i++)
        if (isnan(x->value[i]) && !isnan(got.value[i])) {
            x->value[i] = got.value[i];
            snprintf(x->source[i], sizeof(x->source[i]), "stated");
        }
    return 0;
}

/* Is r check i's configuration (reuse, warm, prefaulted, default placement)? */
static int row_is(const struct summary_row *r, int i)
{
    const struct health_check_def *c = &health_checks[i];
    uint64_t size;
    char err[64];
    if (!summary_ok(r) || units_parse_size(c->size, &size, err, sizeof(err)) < 0)
        return 0;
    return r->axis[AXIS_ALLOC] == (uint64_t)schema_value_find(AXIS_ALLOC, c->alloc) &&
           r->axis[AXIS_DIRECTION] == (uint64_t)schema_value_find(AXIS_DIRECTION, c->direction) &&
           r->axis[AXIS_API] == (uint64_t)schema_value_find(AXIS_API, c->api) &&
           r->size_bytes == (double)size && folder_default(r, AXIS_BUFFER) &&
           folder_default(r, AXIS_CACHE) && folder_default(r, AXIS_TOUCH) &&
           folder_default(r, AXIS_NUMA) && folder_default(r, AXIS_PAGES);
}

/* Check i's number in the results folder dir (NaN when it has no such row). */
static double folder_value(const struct summary_file *s, int i)
{
    for (size_t r = 0; r < s->nrows; r++)
        if (row_is(&s->rows[r], i))
            return health_checks[i].latency ? s->rows[r].us_per_copy : s->rows[r].gbps_median;
    return NAN;
}

/* Is dir/summary.csv there? */
static int has_summary(const char *dir)
{
    char path[4400];
    struct stat st;
    snprintf(path, sizeof(path), "%s/summary.csv", dir);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The values of the folders under fleet, per check, in v[i][0..n[i]) (the caller frees). */
static int fleet_values(const char *fleet, double *v[HC_COUNT], size_t n[HC_COUNT], FILE *log)
{
    DIR *d = opendir(fleet);
    struct dirent *de;
    char sub[4200], err[1024];
    if (!d) {
        fprintf(log, "pinsweep: --expect %s: %s\n", fleet, strerror(errno));
        return -1;
    }
    while ((de = readdir(d))) {
        struct summary_file s;
        snprintf(sub, sizeof(sub), "%s/%s", fleet, de->d_name);
        if (de->d_name[0] == '.' || !has_summary(sub) ||
            summary_read(&s, sub, err, sizeof(err)) < 0)
            continue;
        for (int i = 0; i < HC_COUNT; i++) {
            double x = folder_value(&s, i), *grown;
            if (isnan(x) || !(grown = realloc(v[i], (n[i] + 1) * sizeof(*grown))))
                continue;
            v[i] = grown;
            v[i][n[i]++] = x;
        }
        summary_close(&s);
    }
    closedir(d);
    return 0;
}

/* A results folder, or a folder of nodes' results folders (their median). */
static int expect_folder(struct health_expect *x, const char *dir, FILE *log)
{
    double *v[HC_COUNT] = {NULL};
    size_t n[HC_COUNT] = {0};
    char err[1024];
    int rc = 0, fleet = !has_summary(dir);
    if (fleet) {
        rc = fleet_values(dir, v, n, log);
    } else {
        struct summary_file s;
        if (summary_read(&s, dir, err, sizeof(err)) < 0) {
            fprintf(log, "pinsweep: --expect %s: %s\n", dir, err);
            return -1;
        }
        for (int i = 0; i < HC_COUNT; i++)
            if (!isnan(folder_value(&s, i)) && (v[i] = malloc(sizeof(double))))
                v[i][n[i]++] = folder_value(&s, i);
        summary_close(&s);
    }
    for (int i = 0; i < HC_COUNT && rc == 0; i++) {
        if (n[i] && isnan(x->value[i])) {
            x->value[i] = stats_median(v[i], n[i]);
            if (fleet)
                x->tolerance_pct[i] = fleet_tolerance(i, v[i], n[i]);
            if (fleet && !isnan(x->tolerance_pct[i]))
                snprintf(x->source[i], sizeof(x->source[i]),
                         "median of %zu nodes in %s; %.3g robust spreads of them", n[i], dir,
                         FLEET_Z_OUTLIER);
            else if (fleet)
                snprintf(x->source[i], sizeof(x->source[i]), "median of %zu nodes in %s", n[i],
                         dir);
            else
                snprintf(x->source[i], sizeof(x->source[i]), "%s", dir);
        }
    }
    for (int i = 0; i < HC_COUNT; i++)
        free(v[i]);
    return rc;
}

int health_expect_add(struct health_expect *x, const char *src, FILE *log)
{
    struct stat st;
    if (strchr(src, '=') && stat(src, &st) != 0)
        return expect_stated(x, src, log);
    if (stat(src, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(log,
                "pinsweep: --expect '%s' is neither a folder nor NAME=VALUE; give a results "
                "folder of a good node, a folder of nodes' results folders (their median), or "
                "numbers such as h2d=55,d2h=55\n",
                src);
        return -1;
    }
    return expect_folder(x, src, log);
}

enum health_state health_judge(const struct health_gpu *g, const struct health_expect *x, int i,
                               double *limit)
{
    const struct health_check_def *c = &health_checks[i];
    *limit = NAN;
    if (isnan(g->value[i]))
        return g->error[i][0] ? HEALTH_FAIL : HEALTH_UNKNOWN;
    if (isnan(x->value[i]))
        return HEALTH_UNKNOWN;
    double tol = health_tolerance(x, i);
    *limit = x->value[i] * (c->latency ? 1 + tol / 100 : 1 - tol / 100);
    return (c->latency ? g->value[i] <= *limit : g->value[i] >= *limit) ? HEALTH_OK : HEALTH_FAIL;
}

enum health_state health_judge_link(const struct health_gpu *g)
{
    const struct pcie_link *l = &g->link;
    if (!l->known || !l->cur_gen || !l->max_gen || !l->max_width)
        return HEALTH_UNKNOWN;
    return l->cur_gen < l->max_gen || l->cur_width < l->max_width ? HEALTH_FAIL : HEALTH_OK;
}

int health_print_failures(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                          const struct health_expect *x)
{
    int failed = 0;
    for (size_t k = 0; k < n; k++) {
        const struct health_gpu *gk = &g[k];
        if (health_judge_link(gk) == HEALTH_FAIL) {
            fprintf(out,
                    "ERROR: pinsweep check: %s GPU %d (%s) link: Gen%d x%d during a copy, below "
                    "its maximum Gen%d x%d\n",
                    host, gk->index, gk->bus_id, gk->link.cur_gen, gk->link.cur_width,
                    gk->link.max_gen, gk->link.max_width);
            failed++;
        }
        for (int i = 0; i < HC_COUNT; i++) {
            double limit;
            const struct health_check_def *c = &health_checks[i];
            if (health_judge(gk, x, i, &limit) != HEALTH_FAIL)
                continue;
            failed++;
            fprintf(out, "ERROR: pinsweep check: %s GPU %d (%s) %s: ", host, gk->index, gk->bus_id,
                    c->name);
            if (isnan(gk->value[i]))
                fprintf(out, "%s\n", gk->error[i]);
            else
                fprintf(out, "%.2f %s, %s %.2f (%.3g%% %s %.2f expected, from %s)\n", gk->value[i],
                        health_unit(i), c->latency ? "above" : "below", limit,
                        health_tolerance(x, i), c->latency ? "over" : "under", x->value[i],
                        x->source[i]);
        }
    }
    return failed;
}

static const char *state_text(enum health_state s)
{
    return s == HEALTH_OK ? "ok" : s == HEALTH_FAIL ? "FAIL" : "-";
}

void health_print_table(FILE *out, const struct health_gpu *g, size_t n,
                        const struct health_expect *x)
{
    fprintf(out, "%-4s %-9s %10s %-5s %10s %10s  %s\n", "gpu", "check", "read", "unit", "expected",
            "limit", "verdict");
    for (size_t k = 0; k < n; k++) {
        const struct pcie_link *l = &g[k].link;
        char link[64] = "not readable";
        if (l->known)
            snprintf(link, sizeof(link), "Gen%d x%d of Gen%d x%d", l->cur_gen, l->cur_width,
                     l->max_gen, l->max_width);
        fprintf(out, "%-4d %-9s %27s %21s  %s\n", g[k].index, "link", link, "",
                state_text(health_judge_link(&g[k])));
        for (int i = 0; i < HC_COUNT; i++) {
            double limit;
            enum health_state s = health_judge(&g[k], x, i, &limit);
            fprintf(out, "%-4d %-9s %10.2f %-5s %10.2f %10.2f  %s\n", g[k].index,
                    health_checks[i].name, g[k].value[i], health_unit(i), x->value[i], limit,
                    state_text(s));
        }
    }
}

static const char *state_word(enum health_state s)
{
    return s == HEALTH_OK ? "ok" : s == HEALTH_FAIL ? "fail" : "unknown";
}

static void json_link(FILE *out, const struct health_gpu *g)
{
    const struct pcie_link *l = &g->link;
    fprintf(out, "\"link\": {\"verdict\": \"%s\"", state_word(health_judge_link(g)));
    if (l->known)
        fprintf(out,
                ", \"current\": {\"generation\": %d, \"width\": %d}, "
                "\"max\": {\"generation\": %d, \"width\": %d}",
                l->cur_gen, l->cur_width, l->max_gen, l->max_width);
    fprintf(out, "}");
}

int health_write_json(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, int healthy)
{
    fprintf(out, "{\"host\": ");
    json_string(out, host);
    fprintf(out, ", \"verdict\": \"%s\", \"gpus\": [", healthy ? "healthy" : "unhealthy");
    for (size_t k = 0; k < n; k++) {
        fprintf(out, "%s\n  {\"index\": %d, \"bus_id\": ", k ? "," : "", g[k].index);
        json_string(out, g[k].bus_id);
        fprintf(out, ", \"name\": ");
        json_string(out, g[k].name);
        fprintf(out, ", ");
        json_link(out, &g[k]);
        fprintf(out, ", \"checks\": [");
        for (int i = 0; i < HC_COUNT; i++) {
            double limit;
            enum health_state s = health_judge(&g[k], x, i, &limit);
            fprintf(out, "%s\n    {\"name\": \"%s\", \"unit\": \"%s\", \"value\": ", i ? "," : "",
                    health_checks[i].name, health_unit(i));
            json_number(out, g[k].value[i]);
            fprintf(out, ", \"expected\": ");
            json_number(out, x->value[i]);
            fprintf(out, ", \"limit\": ");
            json_number(out, limit);
            fprintf(out, ", \"tolerance_pct\": ");
            json_number(out, health_tolerance(x, i));
            fprintf(out, ", \"source\": ");
            json_string(out, x->source[i]);
            fprintf(out, ", \"error\": ");
            json_string(out, g[k].error[i]);
            fprintf(out, ", \"verdict\": \"%s\"}", state_word(s));
        }
        fprintf(out, "]}");
    }
    fprintf(out, "\n]}\n");
    return ferror(out) ? -1 : 0;
}

/* A label value: backslash, double quote and newline escaped (the exposition format). */
static void prom_label(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '\\' || *s == '"')
            fprintf(out, "\\%c", *s);
        else if (*s == '\n')
            fprintf(out, "\\n");
        else
            fputc(*s, out);
    }
}

static void prom_head(FILE *out, const char *name, const char *help)
{
    fprintf(out, "# HELP pinsweep_check_%s %s\n# TYPE pinsweep_check_%s gauge\n", name, help, name);
}

/* name{gpu="0",bus_id="...",extra} value, NaN as the format writes it. */
static void prom_gpu_sample(FILE *out, const char *name, const struct health_gpu *g,
                            const char *extra, double v)
{
    fprintf(out, "pinsweep_check_%s{gpu=\"%d\",bus_id=\"", name, g->index);
    prom_label(out, g->bus_id);
    fprintf(out, "\"%s%s} ", extra[0] ? "," : "", extra);
    if (isnan(v))
        fprintf(out, "NaN\n");
    else
        fprintf(out, "%.6g\n", v);
}

static void prom_link(FILE *out, const struct health_gpu *g, size_t n)
{
    const char *what[2] = {"generation", "width"};
    for (int w = 0; w < 2; w++) {
        char name[32], help[128];
        snprintf(name, sizeof(name), "pcie_link_%s", what[w]);
        snprintf(help, sizeof(help),
                 "PCIe link %s of each GPU: current (read during a copy) and max.", what[w]);
        prom_head(out, name, help);
        for (size_t k = 0; k < n; k++) {
            const struct pcie_link *l = &g[k].link;
            if (!l->known)
                continue;
            prom_gpu_sample(out, name, &g[k], "state=\"current\"", w ? l->cur_width : l->cur_gen);
            prom_gpu_sample(out, name, &g[k], "state=\"max\"", w ? l->max_width : l->max_gen);
        }
    }
}

int health_write_prom(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, int healthy, double time_s)
{
    char extra[128];
    prom_head(out, "bandwidth_gbps",
              "Copy bandwidth measured by pinsweep check, GB/s (1e9 B/s), per GPU and check.");
    for (size_t k = 0; k < n; k++)
        for (int i = 0; i < HC_COUNT; i++)
            if (!health_checks[i].latency) {
                snprintf(extra, sizeof(extra), "check=\"%s\",memory=\"%s\",direction=\"%s\"",
                         health_checks[i].name, health_checks[i].alloc, health_checks[i].direction);
                prom_gpu_sample(out, "bandwidth_gbps", &g[k], extra, g[k].value[i]);
            }
    prom_head(out, "latency_us", "Time of one small pinned host-to-device copy, microseconds.");
    for (size_t k = 0; k < n; k++)
        prom_gpu_sample(out, "latency_us", &g[k], "", g[k].value[HC_LATENCY]);
    prom_link(out, g, n);
    prom_head(out, "ok", "1 when the check passed, 0 when it failed (unknown checks left out).");
    for (size_t k = 0; k < n; k++) {
        double limit;
        if (health_judge_link(&g[k]) != HEALTH_UNKNOWN)
            prom_gpu_sample(out, "ok", &g[k], "check=\"link\"",
                            health_judge_link(&g[k]) == HEALTH_OK);
        for (int i = 0; i < HC_COUNT; i++) {
            enum health_state s = health_judge(&g[k], x, i, &limit);
            snprintf(extra, sizeof(extra), "check=\"%s\"", health_checks[i].name);
            if (s != HEALTH_UNKNOWN)
                prom_gpu_sample(out, "ok", &g[k], extra, s == HEALTH_OK);
        }
    }
    prom_head(out, "healthy", "1 when every check of the node passed (the verdict), else 0.");
    fprintf(out, "pinsweep_check_healthy{host=\"");
    prom_label(out, host);
    fprintf(out, "\"} %d\n", healthy);
    prom_head(out, "timestamp_seconds", "When the check ended, seconds since the epoch.");
    fprintf(out, "pinsweep_check_timestamp_seconds %.0f\n", time_s);
    return ferror(out) ? -1 : 0;
}
