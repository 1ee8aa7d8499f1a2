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
#include <stdarg.h>
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
                "pinned host-to-device bandwidth at 256 MiB", DIR_H2D},
    [HC_D2H] = {"d2h", "pinned", "d2h", "sync", "256MiB", 0, 10, 2,
                "pinned device-to-host bandwidth at 256 MiB", DIR_D2H},
    [HC_BIDIR] = {"bidir", "pinned", "bidir", "async", "256MiB", 0, 10, 5,
                  "pinned bidirectional bandwidth at 256 MiB each way", DIR_BIDIR},
    [HC_LATENCY] = {"latency", "pinned", "h2d", "sync", "4KiB", 1, 50, 30,
                    "time of one small pinned host-to-device copy (4 KiB)", -1},
    [HC_PAGEABLE] = {"pageable", "pageable", "h2d", "sync", "64MiB", 0, 35, 35,
                     "pageable host-to-device bandwidth at 64 MiB", -1},
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
    size_t found = 0;
    for (int i = 0; i < HC_COUNT; i++)
        found += n[i];
    if (rc == 0 && !found) {
        /* a header-only or cut summary.csv, or a sweep of other configurations: nothing to
         * judge by, and the checks would fall back to the link's floor or go unjudged unseen */
        fprintf(log, "pinsweep: --expect %s: %s no row of any check's configuration (", dir,
                fleet ? "no results folder in it (a folder with summary.csv) has"
                      : "its summary.csv has");
        for (int i = 0; i < HC_COUNT; i++)
            fprintf(log, "%s%s: %s %s %s %s", i ? "; " : "", health_checks[i].name,
                    health_checks[i].alloc, health_checks[i].direction, health_checks[i].api,
                    health_checks[i].size);
        fprintf(log, ", the other axes at their defaults, measured ok); it cannot judge\n");
        rc = -1;
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

int health_link_model(const struct health_gpu *g, struct link_model *m)
{
    const struct pcie_link *l = &g->link;
    int max = l->max_gen > 0 && l->max_width > 0;
    if (!l->known)
        return -1;
    return link_model_init(m, max ? l->max_gen : l->cur_gen, max ? l->max_width : l->cur_width,
                           l->mps_bytes, l->mrrs_bytes);
}

/* "link: PCIe 5.0 x16, MPS 256 B, MRRS 4096 B (read)", or "(assumed: why)". */
static void link_source(const struct health_gpu *g, const struct link_model *m, char *buf, size_t n)
{
    char name[128];
    link_model_name(m, name, sizeof(name));
    if (m->sizes_read)
        snprintf(buf, n, "link: %s (read)", name);
    else
        snprintf(buf, n, "link: %s (assumed: %s)", name,
                 g->link.mps_why[0] ? g->link.mps_why : "not read");
}

void health_gpu_init(struct health_gpu *g)
{
    memset(g, 0, sizeof(*g));
    for (int i = 0; i < HC_COUNT; i++)
        g->value[i] = g->first[i] = NAN;
    g->busy.others = -1;
    g->busy.idle_link_gbps = NAN;
}

int health_busy(const struct health_gpu *g, char *buf, size_t n)
{
    const struct health_busy *u = &g->busy;
    size_t len = 0;
    if (buf && n)
        buf[0] = '\0';
    if (u->others > 0) {
        if (buf)
            len += (size_t)snprintf(buf, n, "%d other process%s on it:", u->others,
                                    u->others == 1 ? "" : "es");
        for (int k = 0; buf && k < u->others && k < HEALTH_BUSY_PIDS && len < n; k++)
            len +=
                (size_t)snprintf(buf + len, n - len, "%s pid %u%s%s%s", k ? "," : "", u->pid[k],
                                 u->comm[k][0] ? " (" : "", u->comm[k], u->comm[k][0] ? ")" : "");
        if (buf && u->others > HEALTH_BUSY_PIDS && len < n)
            snprintf(buf + len, n - len, ", ...");
        return 1;
    }
    if (!isnan(u->idle_link_gbps) && u->idle_link_gbps > HEALTH_BUSY_LINK_GBPS) {
        if (buf)
            snprintf(buf, n, "its link carried %.1f GB/s before the checks copied anything",
                     u->idle_link_gbps);
        return 1;
    }
    return 0;
}

enum health_state health_judge(const struct health_gpu *g, const struct health_expect *x, int i,
                               struct health_basis *b)
{
    const struct health_check_def *c = &health_checks[i];
    struct link_model m;
    b->expected = b->tolerance_pct = b->ceiling = b->floor_share = b->limit = NAN;
    b->source[0] = '\0';
    b->not_judged = NULL;
    if (!isnan(x->value[i])) {
        b->expected = x->value[i];
        b->tolerance_pct = health_tolerance(x, i);
        b->limit =
            b->expected * (c->latency ? 1 + b->tolerance_pct / 100 : 1 - b->tolerance_pct / 100);
        snprintf(b->source, sizeof(b->source), "%s", x->source[i]);
    } else if (c->link_dir < 0) {
        b->not_judged = "no --expect for it";
    } else if (health_link_model(g, &m) < 0) {
        b->not_judged = HEALTH_NO_LINK;
    } else {
        b->ceiling = m.ceiling_gbps[c->link_dir];
        b->floor_share = link_floor_share(c->link_dir);
        b->limit = m.floor_gbps[c->link_dir];
        link_source(g, &m, b->source, sizeof(b->source));
    }
    enum health_state s;
    if (health_busy(g, NULL, 0)) {
        b->not_judged = HEALTH_BUSY;
        return HEALTH_NOT_JUDGED;
    }
    if (isnan(g->value[i]))
        s = g->error[i][0] ? HEALTH_FAIL : HEALTH_NOT_JUDGED;
    else if (isnan(b->limit))
        s = HEALTH_NOT_JUDGED;
    else
        s = (c->latency ? g->value[i] <= b->limit : g->value[i] >= b->limit) ? HEALTH_OK
                                                                             : HEALTH_FAIL;
    if (s != HEALTH_NOT_JUDGED)
        b->not_judged = NULL;
    else if (isnan(g->value[i]))
        b->not_judged = "not measured";
    return s;
}

enum health_state health_judge_link(const struct health_gpu *g)
{
    const struct pcie_link *l = &g->link;
    if (!l->known || !l->cur_gen || !l->max_gen || !l->max_width)
        return HEALTH_NOT_JUDGED;
    return l->cur_gen < l->max_gen || l->cur_width < l->max_width ? HEALTH_FAIL : HEALTH_OK;
}

/* Why the link of g is not judged. */
static const char *link_not_judged(const struct health_gpu *g)
{
    return g->link.known ? "its maximum generation and width are unread" : HEALTH_NO_LINK;
}

/* The o-th check in the order they are listed: the link (HC_COUNT) first, then the table's. */
static int check_order(int o)
{
    return o == 0 ? HC_COUNT : o - 1;
}

/* Check c of g: the link (c == HC_COUNT) or check c. */
static enum health_state judge_any(const struct health_gpu *g, const struct health_expect *x, int c)
{
    struct health_basis b;
    return c == HC_COUNT ? health_judge_link(g) : health_judge(g, x, c, &b);
}

/* Append to buf (of n bytes, a string), cut short where it is full. */
static void append(char *buf, size_t n, const char *fmt, ...)
{
    size_t at = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    if (at + 1 < n)
        vsnprintf(buf + at, n - at, fmt, ap);
    va_end(ap);
}

/* name into list buf when some GPU's mark is want, with those GPUs when not all are. */
static void list_add(char *buf, size_t n, const char *name, const struct health_gpu *g,
                     size_t ngpus, const int *judged, int want)
{
    size_t count = 0;
    for (size_t k = 0; k < ngpus; k++)
        count += judged[k] == want;
    if (!count)
        return;
    append(buf, n, "%s%s", buf[0] ? ", " : "", name);
    for (size_t k = 0, first = 1; count < ngpus && k < ngpus; k++)
        if (judged[k] == want) {
            append(buf, n, "%s%d", first ? " (GPU " : ", ", g[k].index);
            first = 0;
        }
    if (count < ngpus)
        append(buf, n, ")");
}

void health_tally(const struct health_gpu *g, size_t n, const struct health_expect *x,
                  struct health_tally *t)
{
    int *judged = calloc(n ? n : 1, sizeof(*judged));
    memset(t, 0, sizeof(*t));
    for (int o = 0; o <= HC_COUNT && judged; o++) {
        int c = check_order(o);
        for (size_t k = 0; k < n; k++) {
            enum health_state s = judge_any(&g[k], x, c);
            judged[k] = s != HEALTH_NOT_JUDGED;
            t->judged += judged[k];
            t->failed += s == HEALTH_FAIL;
        }
        const char *name = c == HC_COUNT ? "link" : health_checks[c].name;
        list_add(t->judged_names, sizeof(t->judged_names), name, g, n, judged, 1);
        list_add(t->not_judged_names, sizeof(t->not_judged_names), name, g, n, judged, 0);
    }
    free(judged);
    for (size_t k = 0; k < n; k++) {
        char why[384];
        if (!health_busy(&g[k], why, sizeof(why)))
            continue;
        append(t->busy_why, sizeof(t->busy_why), "%sGPU %d: %s", t->busy ? "; " : "", g[k].index,
               why);
        t->busy++;
    }
    t->verdict = t->failed   ? HEALTH_UNHEALTHY
                 : t->busy   ? HEALTH_BUSY_NODE
                 : t->judged ? HEALTH_HEALTHY
                             : HEALTH_UNJUDGED;
}

void health_print_verdict(FILE *out, const char *host, const struct health_tally *t)
{
    if (t->verdict == HEALTH_UNJUDGED) {
        fprintf(out,
                "pinsweep: check: %s: not judged (nothing to judge against; not judged: %s); give "
                "--expect\n",
                host, t->not_judged_names);
        return;
    }
    if (t->verdict == HEALTH_BUSY_NODE) {
        fprintf(out, "pinsweep: check: %s: busy: not judged (%s; judged: %s%s%s)\n", host,
                t->busy_why, t->judged_names[0] ? t->judged_names : "nothing",
                t->not_judged_names[0] ? "; not judged: " : "", t->not_judged_names);
        return;
    }
    fprintf(out, "pinsweep: check: %s: %s (%d failed; judged: %s%s%s)%s%s\n", host,
            t->verdict == HEALTH_HEALTHY ? "healthy" : "unhealthy", t->failed, t->judged_names,
            t->not_judged_names[0] ? "; not judged: " : "", t->not_judged_names,
            t->busy ? "; busy: " : "", t->busy_why);
}

/* The failure line of check i of g, after its "ERROR: ... NAME: ". */
static void print_failure(FILE *out, const struct health_gpu *g, int i,
                          const struct health_basis *b)
{
    const struct health_check_def *c = &health_checks[i];
    char again[64] = "";
    if (!isnan(g->first[i]))
        snprintf(again, sizeof(again), "; measured twice, %.2f the first time", g->first[i]);
    if (isnan(g->value[i]))
        fprintf(out, "%s\n", g->error[i]);
    else if (!isnan(b->expected))
        fprintf(out, "%.2f %s, %s %.2f (%.3g%% %s %.2f expected, from %s)%s\n", g->value[i],
                health_unit(i), c->latency ? "above" : "below", b->limit, b->tolerance_pct,
                c->latency ? "over" : "under", b->expected, b->source, again);
    else
        fprintf(out, "%.2f %s, below %.2f (%.3g%% of a %.2f ceiling, from %s)%s\n", g->value[i],
                health_unit(i), b->limit, 100 * b->floor_share, b->ceiling, b->source, again);
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
            struct health_basis b;
            if (health_judge(gk, x, i, &b) != HEALTH_FAIL)
                continue;
            failed++;
            fprintf(out, "ERROR: pinsweep check: %s GPU %d (%s) %s: ", host, gk->index, gk->bus_id,
                    health_checks[i].name);
            print_failure(out, gk, i, &b);
        }
    }
    return failed;
}

int health_print_busy(FILE *out, const char *host, const struct health_gpu *g, size_t n)
{
    int busy = 0;
    for (size_t k = 0; k < n; k++) {
        char why[384];
        if (!health_busy(&g[k], why, sizeof(why)))
            continue;
        fprintf(out, "BUSY: pinsweep check: %s GPU %d (%s): %s; its copies are not judged\n", host,
                g[k].index, g[k].bus_id, why);
        busy++;
    }
    return busy;
}

static const char *state_text(enum health_state s)
{
    return s == HEALTH_OK ? "ok" : s == HEALTH_FAIL ? "FAIL" : "not judged";
}

/* A number of the table, 10 wide: "-" for NaN. */
static void table_number(FILE *out, double v)
{
    if (isnan(v))
        fprintf(out, " %10s", "-");
    else
        fprintf(out, " %10.2f", v);
}

/* The ceilings g's pinned checks are held to, when its link sets one of their limits. */
static void table_ceilings(FILE *out, const struct health_gpu *g, const struct health_expect *x)
{
    struct link_model m;
    char source[384];
    int used = 0;
    for (int i = 0; i < HC_COUNT; i++)
        used |= health_checks[i].link_dir >= 0 && isnan(x->value[i]);
    if (!used || health_link_model(g, &m) < 0)
        return;
    link_source(g, &m, source, sizeof(source));
    fprintf(out,
            "%-4d %-9s %.2f h2d, %.2f d2h, %.2f bidir GB/s; floors %.0f%%, %.0f%%, %.0f%% of "
            "them; %s\n",
            g->index, "ceiling", m.ceiling_gbps[DIR_H2D], m.ceiling_gbps[DIR_D2H],
            m.ceiling_gbps[DIR_BIDIR], 100 * link_floor_share(DIR_H2D),
            100 * link_floor_share(DIR_D2H), 100 * link_floor_share(DIR_BIDIR), source);
}

void health_print_table(FILE *out, const struct health_gpu *g, size_t n,
                        const struct health_expect *x)
{
    fprintf(out, "%-4s %-9s %10s %-5s %10s %10s  %s\n", "gpu", "check", "read", "unit", "expected",
            "limit", "verdict");
    for (size_t k = 0; k < n; k++) {
        const struct pcie_link *l = &g[k].link;
        enum health_state s = health_judge_link(&g[k]);
        char link[64] = "not readable";
        if (l->known)
            snprintf(link, sizeof(link), "Gen%d x%d of Gen%d x%d", l->cur_gen, l->cur_width,
                     l->max_gen, l->max_width);
        fprintf(out, "%-4d %-9s %27s %21s  %s%s%s\n", g[k].index, "link", link, "", state_text(s),
                s == HEALTH_NOT_JUDGED ? ": " : "",
                s == HEALTH_NOT_JUDGED ? link_not_judged(&g[k]) : "");
        table_ceilings(out, &g[k], x);
        for (int i = 0; i < HC_COUNT; i++) {
            struct health_basis b;
            s = health_judge(&g[k], x, i, &b);
            fprintf(out, "%-4d %-9s", g[k].index, health_checks[i].name);
            table_number(out, g[k].value[i]);
            fprintf(out, " %-5s", health_unit(i));
            table_number(out, b.expected);
            table_number(out, b.limit);
            fprintf(out, "  %s%s%s", state_text(s), b.not_judged ? ": " : "",
                    b.not_judged ? b.not_judged : "");
            if (!isnan(g[k].first[i]))
                fprintf(out, " (measured twice: %.2f the first time)", g[k].first[i]);
            fprintf(out, "\n");
        }
    }
}

static const char *state_word(enum health_state s)
{
    return s == HEALTH_OK ? "ok" : s == HEALTH_FAIL ? "fail" : "not judged";
}

static const char *verdict_word(enum health_verdict v)
{
    return v == HEALTH_HEALTHY     ? "healthy"
           : v == HEALTH_UNHEALTHY ? "unhealthy"
           : v == HEALTH_BUSY_NODE ? "busy"
                                   : "not judged";
}

/* , "key": v (null for NaN). */
static void json_key_number(FILE *out, const char *key, double v)
{
    fprintf(out, ", \"%s\": ", key);
    json_number(out, v);
}

/* "h2d": x, "d2h": y, "bidir": z of v by direction. */
static void json_by_direction(FILE *out, const double *v)
{
    for (int d = 0; d < DIR_COUNT; d++) {
        fprintf(out, "%s\"%s\": ", d ? ", " : "{", schema_value_name(AXIS_DIRECTION, d));
        json_number(out, v[d]);
    }
    fprintf(out, "}");
}

/* The link's model (health_link_model), or null. */
static void json_model(FILE *out, const struct health_gpu *g)
{
    struct link_model m;
    const struct pcie_link *l = &g->link;
    if (health_link_model(g, &m) < 0) {
        fprintf(out, "null");
        return;
    }
    fprintf(out,
            "{\"generation\": %d, \"width\": %d, \"mps_bytes\": %d, \"mrrs_bytes\": %d, "
            "\"sizes\": \"%s\", \"sizes_why\": ",
            m.gen, m.width, m.mps_bytes, m.mrrs_bytes, m.sizes_read ? "read" : "assumed");
    json_string(out, m.sizes_read ? "" : l->mps_why);
    fprintf(out, ", \"relaxed_ordering\": %s",
            l->relaxed_ordering < 0 ? "null"
            : l->relaxed_ordering   ? "true"
                                    : "false");
    json_key_number(out, "raw_gbps", m.raw_gbps);
    fprintf(out, ", \"ceiling_gbps\": ");
    json_by_direction(out, m.ceiling_gbps);
    fprintf(out, ", \"floor_gbps\": ");
    json_by_direction(out, m.floor_gbps);
    fprintf(out, "}");
}

static void json_link(FILE *out, const struct health_gpu *g)
{
    const struct pcie_link *l = &g->link;
    enum health_state s = health_judge_link(g);
    fprintf(out, "\"link\": {\"verdict\": \"%s\", \"not_judged\": ", state_word(s));
    json_string(out, s == HEALTH_NOT_JUDGED ? link_not_judged(g) : "");
    if (l->known)
        fprintf(out,
                ", \"current\": {\"generation\": %d, \"width\": %d}, "
                "\"max\": {\"generation\": %d, \"width\": %d}",
                l->cur_gen, l->cur_width, l->max_gen, l->max_width);
    fprintf(out, ", \"model\": ");
    json_model(out, g);
    fprintf(out, "}");
}

/* , "busy": {"why", "other_processes", "pids", "idle_link_gbps"}: what NVML saw; "why" "" when
 * idle. */
static void json_busy(FILE *out, const struct health_gpu *g)
{
    const struct health_busy *u = &g->busy;
    char why[384];
    health_busy(g, why, sizeof(why));
    fprintf(out, ", \"busy\": {\"why\": ");
    json_string(out, why);
    fprintf(out, ", \"other_processes\": ");
    if (u->others < 0)
        fprintf(out, "null");
    else
        fprintf(out, "%d", u->others);
    fprintf(out, ", \"pids\": [");
    for (int k = 0; k < u->others && k < HEALTH_BUSY_PIDS; k++)
        fprintf(out, "%s%u", k ? ", " : "", u->pid[k]);
    fprintf(out, "]");
    json_key_number(out, "idle_link_gbps", u->idle_link_gbps);
    fprintf(out, "}");
}

/* Check i of g as a JSON object. */
static void json_check(FILE *out, const struct health_gpu *g, const struct health_expect *x, int i)
{
    struct health_basis b;
    enum health_state s = health_judge(g, x, i, &b);
    fprintf(out, "{\"name\": \"%s\", \"unit\": \"%s\"", health_checks[i].name, health_unit(i));
    json_key_number(out, "value", g->value[i]);
    json_key_number(out, "first_value", g->first[i]);
    json_key_number(out, "expected", b.expected);
    json_key_number(out, "tolerance_pct", b.tolerance_pct);
    json_key_number(out, "ceiling", b.ceiling);
    json_key_number(out, "floor_pct", 100 * b.floor_share);
    json_key_number(out, "limit", b.limit);
    fprintf(out, ", \"source\": ");
    json_string(out, b.source);
    fprintf(out, ", \"error\": ");
    json_string(out, g->error[i]);
    fprintf(out, ", \"verdict\": \"%s\", \"not_judged\": ", state_word(s));
    json_string(out, b.not_judged ? b.not_judged : "");
    fprintf(out, "}");
}

int health_write_json(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, const struct health_tally *t)
{
    fprintf(out, "{\"host\": ");
    json_string(out, host);
    fprintf(out, ", \"verdict\": \"%s\", \"failed\": %d, \"judged\": ", verdict_word(t->verdict),
            t->failed);
    json_string(out, t->judged_names);
    fprintf(out, ", \"not_judged\": ");
    json_string(out, t->not_judged_names);
    fprintf(out, ", \"gpus\": [");
    for (size_t k = 0; k < n; k++) {
        fprintf(out, "%s\n  {\"index\": %d, \"bus_id\": ", k ? "," : "", g[k].index);
        json_string(out, g[k].bus_id);
        fprintf(out, ", \"name\": ");
        json_string(out, g[k].name);
        fprintf(out, ", ");
        json_link(out, &g[k]);
        json_busy(out, &g[k]);
        fprintf(out, ", \"checks\": [");
        for (int i = 0; i < HC_COUNT; i++) {
            fprintf(out, "%s\n    ", i ? "," : "");
            json_check(out, &g[k], x, i);
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

/* name{gpu,bus_id,check} v for check c of g (HC_COUNT: the link). */
static void prom_check(FILE *out, const char *name, const struct health_gpu *g, int c, double v)
{
    char extra[64];
    snprintf(extra, sizeof(extra), "check=\"%s\"", c == HC_COUNT ? "link" : health_checks[c].name);
    prom_gpu_sample(out, name, g, extra, v);
}

/* check="h2d",memory="pinned",direction="h2d": check i's labels. */
static void prom_check_labels(char *buf, size_t n, int i)
{
    snprintf(buf, n, "check=\"%s\",memory=\"%s\",direction=\"%s\"", health_checks[i].name,
             health_checks[i].alloc, health_checks[i].direction);
}

/*
 * The bandwidth (latency == 0) or latency checks' readings, expectations and
 * limits in base units: bytes per second, seconds.  What is not known is
 * left out (a reading not measured is NaN, as before).
 */
static void prom_readings(FILE *out, const struct health_gpu *g, size_t n,
                          const struct health_expect *x, int latency)
{
    const char *what = latency ? "latency" : "bandwidth";
    const char *unit = latency ? "seconds" : "bytes_per_second";
    double scale = latency ? 1e-6 : 1e9;
    const char *help[3] = {
        latency ? "Time of one small pinned host-to-device copy (4 KiB) measured by pinsweep "
                  "check, seconds."
                : "Copy bandwidth measured by pinsweep check, bytes per second, per GPU and check.",
        "What a healthy node reads (the expectation: --expect), in the reading's unit; absent "
        "without one.",
        latency ? "The most a healthy node may take (the expectation and its tolerance), "
                  "seconds; above it the check fails."
                : "The least a healthy node may read (the expectation and its tolerance, or the "
                  "link's floor), bytes per second; below it the check fails."};
    const char *kind[3] = {"", "_expected", "_limit"};
    char name[96], extra[128];
    for (int s = 0; s < 3; s++) {
        snprintf(name, sizeof(name), "%s%s_%s", what, kind[s], unit);
        prom_head(out, name, help[s]);
        for (size_t k = 0; k < n; k++)
            for (int i = 0; i < HC_COUNT; i++) {
                struct health_basis b;
                if (health_checks[i].latency != latency)
                    continue;
                health_judge(&g[k], x, i, &b);
                double v = s == 0 ? g[k].value[i] : s == 1 ? b.expected : b.limit;
                if (s > 0 && isnan(v))
                    continue;
                prom_check_labels(extra, sizeof(extra), i);
                prom_gpu_sample(out, name, &g[k], extra, v * scale);
            }
    }
}

/* pinsweep_check_healthy, _not_run and _timestamp_seconds: the node's lines. */
static void prom_node(FILE *out, const char *host, const char *healthy, int not_run, double time_s)
{
    prom_head(out, "healthy",
              "1 when every check judged passed (the verdict), 0 when one failed or the check "
              "could not run, NaN when none was judged or a GPU was busy.");
    fprintf(out, "pinsweep_check_healthy{host=\"");
    prom_label(out, host);
    fprintf(out, "\"} %s\n", healthy);
    prom_head(out, "not_run",
              "1 when the check could not run (no usable GPU, a GPU that failed): healthy is 0 "
              "then and no GPU's series is written; else 0.");
    fprintf(out, "pinsweep_check_not_run{host=\"");
    prom_label(out, host);
    fprintf(out, "\"} %d\n", not_run);
    prom_head(out, "timestamp_seconds", "When the check ended, seconds since the epoch.");
    fprintf(out, "pinsweep_check_timestamp_seconds %.0f\n", time_s);
}

int health_write_prom(FILE *out, const char *host, const struct health_gpu *g, size_t n,
                      const struct health_expect *x, const struct health_tally *t, double time_s)
{
    prom_readings(out, g, n, x, 0);
    prom_readings(out, g, n, x, 1);
    prom_link(out, g, n);
    prom_head(out, "ok", "1 when the check passed, 0 when it failed (checks not judged left out).");
    for (size_t k = 0; k < n; k++)
        for (int o = 0; o <= HC_COUNT; o++) {
            enum health_state s = judge_any(&g[k], x, check_order(o));
            if (s != HEALTH_NOT_JUDGED)
                prom_check(out, "ok", &g[k], check_order(o), s == HEALTH_OK);
        }
    prom_head(out, "judged",
              "1 when the check was judged (against an expectation or the link's floor), else 0.");
    for (size_t k = 0; k < n; k++)
        for (int o = 0; o <= HC_COUNT; o++)
            prom_check(out, "judged", &g[k], check_order(o),
                       judge_any(&g[k], x, check_order(o)) != HEALTH_NOT_JUDGED);
    prom_head(out, "busy",
              "1 when another process used the GPU or its link during the check (its copies not "
              "judged), else 0.");
    for (size_t k = 0; k < n; k++)
        prom_gpu_sample(out, "busy", &g[k], "", health_busy(&g[k], NULL, 0));
    prom_node(out, host,
              t->verdict == HEALTH_HEALTHY     ? "1"
              : t->verdict == HEALTH_UNHEALTHY ? "0"
                                               : "NaN",
              0, time_s);
    return ferror(out) ? -1 : 0;
}

int health_write_prom_not_run(FILE *out, const char *host, double time_s)
{
    prom_node(out, host, "0", 1, time_s);
    return ferror(out) ? -1 : 0;
}
