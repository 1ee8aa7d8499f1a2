/*
 * report.c - report.md and figures.pdf for results folders (see report.h).
 */
#include "figures/report.h"
#include "results/folder.h"
#include "figures/plot.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Is row r an ok reuse copy at warm cache, prefaulted pages and the default placement? */
static int plain_reuse(const struct folder *f, size_t r)
{
    const char *cache = folder_cell(f, r, FC_CACHE), *touch = folder_cell(f, r, FC_TOUCH);
    return folder_copy_row(f, r) && strcmp(folder_cell(f, r, FC_BUF), "reuse") == 0 &&
           (!*cache || strcmp(cache, "warm") == 0) && (!*touch || strcmp(touch, "prefaulted") == 0);
}

static double num(const struct folder *f, size_t r, int c)
{
    const char *v = folder_cell(f, r, c);
    return *v ? atof(v) : NAN;
}

/* The best reuse median of (alloc, direction); *row gets its row, -1 when none. */
static double peak(const struct folder *f, const char *alloc, const char *dir, long *row)
{
    double best = NAN;
    *row = -1;
    for (size_t r = 0; r < f->t.nrows; r++) {
        if (!plain_reuse(f, r) || strcmp(folder_cell(f, r, FC_ALLOC), alloc) != 0 ||
            strcmp(folder_cell(f, r, FC_DIR), dir) != 0)
            continue;
        double g = num(f, r, FC_GBPS);
        if (isnan(best) || g > best) {
            best = g;
            *row = (long)r;
        }
    }
    return best;
}

static void md_peaks(FILE *out, const struct folder *f)
{
    char size[32];
    fprintf(out, "| alloc | h2d | d2h | bidir (both directions) |\n|---|---|---|---|\n");
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const char *alloc = schema_value_name(AXIS_ALLOC, a);
        long row;
        int any = 0;
        for (int d = 0; d < DIR_COUNT; d++)
            any |= !isnan(peak(f, alloc, schema_value_name(AXIS_DIRECTION, d), &row));
        if (!any)
            continue;
        fprintf(out, "| %s |", alloc);
        for (int d = 0; d < DIR_COUNT; d++) {
            double g = peak(f, alloc, schema_value_name(AXIS_DIRECTION, d), &row);
            if (isnan(g)) {
                fprintf(out, " – |");
                continue;
            }
            units_format_size((uint64_t)num(f, (size_t)row, FC_SIZE), size, sizeof(size));
            double link = f->link_gbps * (d == DIR_BIDIR ? 2 : 1);
            if (isnan(link))
                fprintf(out, " %.2f GB/s at %s |", g, size);
            else
                fprintf(out, " %.2f GB/s at %s (%.1f%% of the link) |", g, size, 100 * g / link);
        }
        fprintf(out, "\n");
    }
}

/* Row of a reuse (alloc, dir, api) at exactly size, or -1. */
static long at_size(const struct folder *f, const char *alloc, const char *dir, const char *api,
                    const char *size)
{
    for (size_t r = 0; r < f->t.nrows; r++)
        if (plain_reuse(f, r) && strcmp(folder_cell(f, r, FC_ALLOC), alloc) == 0 &&
            strcmp(folder_cell(f, r, FC_DIR), dir) == 0 &&
            strcmp(folder_cell(f, r, FC_API), api) == 0 &&
            strcmp(folder_cell(f, r, FC_SIZE), size) == 0)
            return (long)r;
    return -1;
}

/* pinned over pageable at the size nearest 256 MB that both have; "" when none. */
static void speedup_text(const struct folder *f, const char *dir, char *buf, size_t n)
{
    double best_gap = INFINITY;
    long bp = -1, bq = -1;
    buf[0] = '\0';
    for (size_t r = 0; r < f->t.nrows; r++) {
        if (!plain_reuse(f, r) || strcmp(folder_cell(f, r, FC_ALLOC), "pinned") != 0 ||
            strcmp(folder_cell(f, r, FC_DIR), dir) != 0)
            continue;
        long q = at_size(f, "pageable", dir, folder_cell(f, r, FC_API), folder_cell(f, r, FC_SIZE));
        double gap = fabs(log(num(f, r, FC_SIZE) / 256e6));
        if (q >= 0 && gap < best_gap) {
            best_gap = gap;
            bp = (long)r;
            bq = q;
        }
    }
    if (bp < 0)
        return;
    char size[32];
    double pin = num(f, (size_t)bp, FC_GBPS), page = num(f, (size_t)bq, FC_GBPS);
    snprintf(buf, n, "%.1f× (%.2f against %.2f GB/s at %s, %s)", pin / page, pin, page,
             units_format_size((uint64_t)num(f, (size_t)bp, FC_SIZE), size, sizeof(size)),
             folder_cell(f, (size_t)bp, FC_API));
}

/* Allocation and free cost per GiB of each kind, at its largest reallocate size. */
static void md_alloc_cost(FILE *out, const struct folder *f)
{
    int header = 0;
    char size[32];
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const char *alloc = schema_value_name(AXIS_ALLOC, a);
        long best = -1;
        for (size_t r = 0; r < f->t.nrows; r++)
            if (strcmp(folder_cell(f, r, FC_STATUS), "ok") == 0 &&
                strcmp(folder_cell(f, r, FC_BUF), "reallocate") == 0 &&
                strcmp(folder_cell(f, r, FC_ALLOC), alloc) == 0 && !isnan(num(f, r, FC_ALLOC_MS)) &&
                (best < 0 || num(f, r, FC_SIZE) > num(f, (size_t)best, FC_SIZE)))
                best = (long)r;
        if (best < 0)
            continue;
        if (!header++)
            fprintf(out, "\n| alloc | measured at | allocate | free |\n|---|---|---|---|\n");
        double gib = num(f, (size_t)best, FC_SIZE) / (1024.0 * 1024 * 1024);
        fprintf(out, "| %s | %s | %.3g s per GiB | %.3g s per GiB |\n", alloc,
                units_format_size((uint64_t)num(f, (size_t)best, FC_SIZE), size, sizeof(size)),
                num(f, (size_t)best, FC_ALLOC_MS) / 1e3 / gib,
                num(f, (size_t)best, FC_FREE_MS) / 1e3 / gib);
    }
    if (!header)
        fprintf(out, "\nNo reallocate rows: run `experiments/alloc-cost.yaml` for these.\n");
}

static void md_fits(FILE *out, const struct folder *f)
{
    char path[4200], err[512];
    struct csv_table t;
    snprintf(path, sizeof(path), "%s/fits.csv", f->dir);
    if (csv_table_read(path, &t, err, sizeof(err)) < 0) {
        fprintf(out, "\nNo fits.csv (run `pinsweep plot %s` to make one).\n", f->dir);
        return;
    }
    static const char *const cols[] = {"alloc",          "direction",    "api",
                                       "cache",          "touch",        "t0_us",
                                       "bandwidth_gbps", "n_half_bytes", "residual_pct"};
    int c[9];
    for (int i = 0; i < 9; i++)
        c[i] = csv_table_col(&t, cols[i]);
    fprintf(out, "\n| alloc | direction | api | latency t0 | bandwidth B | n½ | fit residual |\n"
                 "|---|---|---|---|---|---|---|\n");
    for (size_t r = 0; r < t.nrows; r++) {
        const char *cache = csv_table_get(&t, r, c[3]), *touch = csv_table_get(&t, r, c[4]);
        if ((*cache && strcmp(cache, "warm")) || (*touch && strcmp(touch, "prefaulted")))
            continue;
        fprintf(out, "| %s | %s | %s | %.2f µs | %.2f GB/s | %.0f KiB | %.1f%% |\n",
                csv_table_get(&t, r, c[0]), csv_table_get(&t, r, c[1]), csv_table_get(&t, r, c[2]),
                atof(csv_table_get(&t, r, c[5])), atof(csv_table_get(&t, r, c[6])),
                atof(csv_table_get(&t, r, c[7])) / 1024, atof(csv_table_get(&t, r, c[8])));
    }
    csv_table_free(&t);
}

/* target as a path relative to the folder from (both made absolute first). */
static void relative_to(const char *from, const char *target, char *buf, size_t n)
{
    char a[PATH_MAX], b[PATH_MAX];
    if (!realpath(from, a) || !realpath(target, b)) {
        snprintf(buf, n, "%s", target);
        return;
    }
    size_t common = 0, i = 0;
    for (; a[i] && a[i] == b[i]; i++)
        if (a[i] == '/')
            common = i;
    if (!a[i] && (b[i] == '/' || !b[i]))
        common = i; /* from is a prefix folder of target */
    size_t len = 0;
    buf[0] = '\0';
    for (const char *p = a + common; *p; p++)
        if (*p == '/' && len < n)
            len += (size_t)snprintf(buf + len, n - len, "../");
    if (len < n)
        snprintf(buf + len, n - len, "%s", b + common + (b[common] == '/'));
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/* The folder's figure files ending in ext (".png"), sorted; the caller frees them. */
static size_t list_figures(const char *dir, const char *ext, char ***out)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s/figures", dir);
    struct dirent **names = NULL;
    int n = scandir(path, &names, NULL, alphasort);
    size_t k = 0;
    *out = calloc(n > 0 ? (size_t)n : 1, sizeof(char *));
    for (int i = 0; i < n; i++) {
        const char *nm = names[i]->d_name;
        if (*out && has_suffix(nm, ext) && !has_suffix(nm, "-inc.pdf") &&
            asprintf(&(*out)[k], "%s/%s", path, nm) >= 0)
            k++;
        free(names[i]);
    }
    free(names);
    return k;
}

static void md_figures(FILE *out, const char *out_dir, const struct folder *f)
{
    char **pngs, rel[PATH_MAX];
    size_t n = list_figures(f->dir, ".png", &pngs);
    if (n == 0)
        fprintf(out, "No figures yet: run `pinsweep plot %s` where gnuplot is.\n", f->dir);
    for (size_t i = 0; i < n; i++) {
        relative_to(out_dir, pngs[i], rel, sizeof(rel));
        const char *base = strrchr(pngs[i], '/') + 1;
        fprintf(out, "![%s, %.*s](%s)\n\n", f->label, (int)(strlen(base) - 4), base, rel);
        free(pngs[i]);
    }
    free(pngs);
}

/* Is row r an ok row of api? */
static int ok_api(const struct folder *f, size_t r, const char *api)
{
    return strcmp(folder_cell(f, r, FC_STATUS), "ok") == 0 &&
           strcmp(folder_cell(f, r, FC_API), api) == 0;
}

static int has_api(const struct folder *f, const char *api)
{
    for (size_t r = 0; r < f->t.nrows; r++)
        if (ok_api(f, r, api))
            return 1;
    return 0;
}

/*
 * Over the rows of api with alloc, direction and threads ("" matches any):
 * the best gbps_median, or (largest) the one at the largest size; NaN if none.
 */
static double pick(const struct folder *f, const char *api, const char *alloc, const char *dir,
                   const char *threads, int largest, long *row)
{
    double best = NAN, best_size = -1;
    *row = -1;
    for (size_t r = 0; r < f->t.nrows; r++) {
        if (!ok_api(f, r, api) || strcmp(folder_cell(f, r, FC_ALLOC), alloc) != 0 ||
            (*dir && strcmp(folder_cell(f, r, FC_DIR), dir) != 0) ||
            (*threads && strcmp(folder_cell(f, r, FC_THREADS), threads) != 0))
            continue;
        if (strcmp(api, "sync") == 0 || strcmp(api, "async") == 0 ? !plain_reuse(f, r) : 0)
            continue;
        double g = num(f, r, FC_GBPS), size = num(f, r, FC_SIZE);
        if (largest ? size > best_size : isnan(best) || g > best) {
            best = g;
            best_size = size;
            *row = (long)r;
        }
    }
    return best;
}

static double best_of(const struct folder *f, const char *api, const char *alloc, const char *dir,
                      const char *threads, long *row)
{
    return pick(f, api, alloc, dir, threads, 0, row);
}

/* "54.97 GB/s at 256MiB" (with " (4 threads)" when threads is set), or "–". */
static void cell_text(const struct folder *f, double g, long row, int threads, char *buf, size_t n)
{
    char size[32];
    if (isnan(g) || row < 0) {
        snprintf(buf, n, "–");
        return;
    }
    units_format_size((uint64_t)num(f, (size_t)row, FC_SIZE), size, sizeof(size));
    if (threads)
        snprintf(buf, n, "%.2f GB/s at %s, %s thread%s", g, size,
                 folder_cell(f, (size_t)row, FC_THREADS),
                 strcmp(folder_cell(f, (size_t)row, FC_THREADS), "1") ? "s" : "");
    else
        snprintf(buf, n, "%.2f GB/s at %s", g, size);
}

static void md_pipelines(FILE *out, const struct folder *f)
{
    fprintf(out, "\n### Pipelines: chunks of h2d → kernel → d2h over streams\n\n"
                 "Times in ms; overlap = serial sum ÷ pipeline (1: none; at most 3).\n\n"
                 "| alloc | size | kernel | streams | pipeline | serial sum | ideal (longest stage) "
                 "| overlap |\n|---|---|---|---|---|---|---|---|\n");
    for (size_t r = 0; r < f->t.nrows; r++) {
        char size[32];
        if (!ok_api(f, r, "pipeline"))
            continue;
        fprintf(out, "| %s | %s | %s | %s | %.2f | %.2f | %.2f | %.2f |\n",
                folder_cell(f, r, FC_ALLOC),
                units_format_size((uint64_t)num(f, r, FC_SIZE), size, sizeof(size)),
                folder_cell(f, r, FC_KERNEL), folder_cell(f, r, FC_STREAMS), num(f, r, FC_PIPE_MS),
                num(f, r, FC_SERIAL_MS), num(f, r, FC_IDEAL_MS), num(f, r, FC_OVERLAP));
    }
}

static void md_zerocopy(FILE *out, const struct folder *f)
{
    static const char *const dirs[] = {"h2d", "d2h"};
    fprintf(out, "\n### Zero-copy: a kernel on host memory against the copy engine\n\n"
                 "| alloc | direction | zero-copy peak | copy peak (async, sync) |\n"
                 "|---|---|---|---|\n");
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const char *alloc = schema_value_name(AXIS_ALLOC, a);
        for (int d = 0; d < 2; d++) {
            long zr, cr, sr;
            char z[96], cp[96];
            double zg = best_of(f, "zerocopy", alloc, dirs[d], "", &zr);
            if (isnan(zg))
                continue;
            double cg = best_of(f, "async", alloc, dirs[d], "", &cr);
            double sg = best_of(f, "sync", alloc, dirs[d], "", &sr);
            cell_text(f, zg, zr, 0, z, sizeof(z));
            if (isnan(cg) || (!isnan(sg) && sg > cg))
                cell_text(f, sg, sr, 0, cp, sizeof(cp));
            else
                cell_text(f, cg, cr, 0, cp, sizeof(cp));
            fprintf(out, "| %s | %s | %s | %s |\n", alloc, dirs[d], z, cp);
        }
    }
}

static void md_host_access(FILE *out, const struct folder *f)
{
    fprintf(out, "\n### The CPU's own reads and writes\n\n"
                 "Largest size with 1 thread (out of the caches), and the best of any size and "
                 "thread count.\n\n"
                 "| alloc | read, 1 thread | read, best | write, 1 thread | write, best |\n"
                 "|---|---|---|---|---|\n");
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const char *alloc = schema_value_name(AXIS_ALLOC, a);
        char t[4][96];
        long row;
        int any = 0;
        for (int k = 0; k < 4; k++) {
            double g = pick(f, k < 2 ? "host-read" : "host-write", alloc, "", k % 2 ? "" : "1",
                            k % 2 == 0, &row);
            any |= !isnan(g);
            cell_text(f, g, row, k % 2, t[k], sizeof(t[k]));
        }
        if (any)
            fprintf(out, "| %s | %s | %s | %s | %s |\n", alloc, t[0], t[1], t[2], t[3]);
    }
}

/* Whether the folder has reuse copy rows, which the peak and fit tables read. */
static int has_copies(const struct folder *f)
{
    for (size_t r = 0; r < f->t.nrows; r++)
        if (plain_reuse(f, r))
            return 1;
    return 0;
}

static void write_folder_section(FILE *out, const char *out_dir, const struct folder *f)
{
    char h2d[160], d2h[160];
    fprintf(out,
            "\n## %s\n\nFolder `%s`, experiment `%s`, run %s.\n\n### Peak bandwidth "
            "(median of samples, reused buffer)\n\n",
            f->label, f->dir, folder_meta(f, "experiment.name"), folder_meta(f, "run.started"));
    if (!has_copies(f))
        fprintf(out, "No copies with a reused buffer in this folder.\n");
    else
        md_peaks(out, f);
    speedup_text(f, "h2d", h2d, sizeof(h2d));
    speedup_text(f, "d2h", d2h, sizeof(d2h));
    if (*h2d || *d2h)
        fprintf(out, "\nPinned over pageable near 256 MB: h2d %s; d2h %s.\n", *h2d ? h2d : "–",
                *d2h ? d2h : "–");
    if (has_copies(f)) {
        fprintf(out, "\n### Latency and bandwidth, t(n) = t0 + n/B\n");
        md_fits(out, f);
    }
    if (has_api(f, "pipeline"))
        md_pipelines(out, f);
    if (has_api(f, "zerocopy"))
        md_zerocopy(out, f);
    if (has_api(f, "host-read") || has_api(f, "host-write"))
        md_host_access(out, f);
    if (has_copies(f)) {
        fprintf(out, "\n### Allocation cost\n");
        md_alloc_cost(out, f);
    }
    fprintf(out, "\n### Figures\n\n");
    md_figures(out, out_dir, f);
}

/* figures.pdf: every folder's PDF figures, one per page. */
static void write_book(const struct folder *f, size_t nf, const char *out_dir, FILE *log)
{
    char **all = NULL, path[4200];
    size_t n = 0;
    for (size_t i = 0; i < nf; i++) {
        char **pdfs;
        size_t k = list_figures(f[i].dir, ".pdf", &pdfs);
        char **grown = realloc(all, (n + k + 1) * sizeof(*all));
        if (grown) {
            all = grown;
            memcpy(all + n, pdfs, k * sizeof(*pdfs));
            n += k;
        } else {
            for (size_t j = 0; j < k; j++)
                free(pdfs[j]);
        }
        free(pdfs);
    }
    snprintf(path, sizeof(path), "%s/figures.pdf", out_dir);
    if (n == 0)
        fprintf(log, "pinsweep: no PDF figures in these folders, so no %s\n", path);
    else if (plot_pdf_book((const char *const *)all, n, path, log) == 0)
        fprintf(log, "pinsweep: %zu figures in %s\n", n, path);
    for (size_t j = 0; j < n; j++)
        free(all[j]);
    free(all);
}

int report_run(const struct compare_input *inputs, size_t n, const char *out_dir, FILE *log)
{
    struct folder *f = calloc(n ? n : 1, sizeof(*f));
    char path[4200];
    int rc = -1;
    size_t opened = 0;
    if (!f)
        return -2;
    for (; opened < n; opened++) {
        struct folder *fo = &f[opened];
        if (folder_open(fo, inputs[opened].dir, inputs[opened].label, log) < 0)
            goto out;
        if (!inputs[opened].label) { /* a report often holds several experiments of one machine */
            char machine[sizeof(fo->label)];
            snprintf(machine, sizeof(machine), "%s", fo->label);
            snprintf(fo->label, sizeof(fo->label), "%.60s on %.90s",
                     folder_meta(fo, "experiment.name"), machine);
        }
    }
    if (mkdir(out_dir, 0777) < 0 && errno != EEXIST) {
        fprintf(log, "pinsweep: cannot create %s: %s\n", out_dir, strerror(errno));
        rc = -2;
        goto out;
    }
    snprintf(path, sizeof(path), "%s/report.md", out_dir);
    FILE *out = fopen(path, "w");
    if (!out) {
        fprintf(log, "pinsweep: cannot write %s: %s\n", path, strerror(errno));
        rc = -2;
        goto out;
    }
    fprintf(out, "# pinsweep report\n\nGB/s = 10^9 bytes/s. Link shares are of the PCIe "
                 "link's raw rate per direction.\n\n## Machines\n\n");
    folder_machine_table(out, f, n, 0);
    for (size_t i = 0; i < n; i++)
        write_folder_section(out, out_dir, &f[i]);
    rc = fclose(out) == 0 ? 0 : -2;
    fprintf(log, "pinsweep: report in %s\n", path);
    write_book(f, n, out_dir, log);
out:
    for (size_t i = 0; i < opened; i++)
        folder_close(&f[i]);
    free(f);
    return rc;
}
