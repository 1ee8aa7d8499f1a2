/*
 * report.c - report.md and figures.pdf for results folders (see report.h).
 */
#include "figures/report.h"
#include "results/fits_csv.h"
#include "results/folder.h"
#include "figures/plot.h"
#include "experiment/schema.h"
#include "base/fileio.h"
#include "base/units.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Is r an ok reuse copy at warm cache, prefaulted pages and the default placement? */
static int plain_reuse(const struct summary_row *r)
{
    uint64_t cache = r->axis[AXIS_CACHE], touch = r->axis[AXIS_TOUCH];
    return folder_copy_row(r) && r->axis[AXIS_BUFFER] == BUFFER_REUSE &&
           (cache == AXIS_EMPTY || cache == CACHE_WARM) &&
           (touch == AXIS_EMPTY || touch == TOUCH_PREFAULTED);
}

/* Is r a reuse copy (plain_reuse) of alloc and dir? */
static int reuse_of(const struct summary_row *r, int alloc, int dir)
{
    return plain_reuse(r) && r->axis[AXIS_ALLOC] == (uint64_t)alloc &&
           r->axis[AXIS_DIRECTION] == (uint64_t)dir;
}

/* The best reuse median of (alloc, direction); *row gets its row, NULL when none. */
static double peak(const struct folder *f, int alloc, int dir, const struct summary_row **row)
{
    double best = NAN;
    *row = NULL;
    for (size_t i = 0; i < f->s.nrows; i++) {
        const struct summary_row *r = &f->s.rows[i];
        if (!reuse_of(r, alloc, dir))
            continue;
        if (isnan(best) || r->gbps_median > best) {
            best = r->gbps_median;
            *row = r;
        }
    }
    return best;
}

static void md_peaks(FILE *out, const struct folder *f)
{
    char size[32];
    fprintf(out, "| alloc | h2d | d2h | bidir (both directions) |\n|---|---|---|---|\n");
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const struct summary_row *row;
        int any = 0;
        for (int d = 0; d < DIR_COUNT; d++)
            any |= !isnan(peak(f, a, d, &row));
        if (!any)
            continue;
        fprintf(out, "| %s |", schema_value_name(AXIS_ALLOC, a));
        for (int d = 0; d < DIR_COUNT; d++) {
            double g = peak(f, a, d, &row);
            if (isnan(g)) {
                fprintf(out, " – |");
                continue;
            }
            units_format_size((uint64_t)row->size_bytes, size, sizeof(size));
            double link = f->link_gbps * (d == DIR_BIDIR ? 2 : 1);
            if (isnan(link))
                fprintf(out, " %.2f GB/s at %s |", g, size);
            else
                fprintf(out, " %.2f GB/s at %s (%.1f%% of the link) |", g, size, 100 * g / link);
        }
        fprintf(out, "\n");
    }
}

/* The reuse row of (alloc, dir, api) at exactly size, or NULL. */
static const struct summary_row *at_size(const struct folder *f, int alloc, int dir, uint64_t api,
                                         double size)
{
    for (size_t i = 0; i < f->s.nrows; i++) {
        const struct summary_row *r = &f->s.rows[i];
        if (reuse_of(r, alloc, dir) && r->axis[AXIS_API] == api && r->size_bytes == size)
            return r;
    }
    return NULL;
}

/* pinned over pageable at the size nearest 256 MB that both have; "" when none. */
static void speedup_text(const struct folder *f, int dir, char *buf, size_t n)
{
    double best_gap = INFINITY;
    const struct summary_row *bp = NULL, *bq = NULL;
    buf[0] = '\0';
    for (size_t i = 0; i < f->s.nrows; i++) {
        const struct summary_row *r = &f->s.rows[i];
        if (!reuse_of(r, ALLOC_PINNED, dir))
            continue;
        const struct summary_row *q =
            at_size(f, ALLOC_PAGEABLE, dir, r->axis[AXIS_API], r->size_bytes);
        double gap = fabs(log(r->size_bytes / 256e6));
        if (q && gap < best_gap) {
            best_gap = gap;
            bp = r;
            bq = q;
        }
    }
    if (!bp)
        return;
    char size[32], api[32];
    double pin = bp->gbps_median, page = bq->gbps_median;
    snprintf(buf, n, "%.1f× (%.2f against %.2f GB/s at %s, %s)", pin / page, pin, page,
             units_format_size((uint64_t)bp->size_bytes, size, sizeof(size)),
             summary_axis_text(bp, AXIS_API, api, sizeof(api)));
}

/* Allocation and free cost per GiB of each kind, at its largest reallocate size. */
static void md_alloc_cost(FILE *out, const struct folder *f)
{
    int header = 0;
    char size[32];
    for (int a = 0; a < ALLOC_COUNT; a++) {
        const struct summary_row *best = NULL;
        for (size_t i = 0; i < f->s.nrows; i++) {
            const struct summary_row *r = &f->s.rows[i];
            if (summary_ok(r) && r->axis[AXIS_BUFFER] == BUFFER_REALLOCATE &&
                r->axis[AXIS_ALLOC] == (uint64_t)a && !isnan(r->alloc_ms) &&
                (!best || r->size_bytes > best->size_bytes))
                best = r;
        }
        if (!best)
            continue;
        if (!header++)
            fprintf(out, "\n| alloc | measured at | allocate | free |\n|---|---|---|---|\n");
        double gib = best->size_bytes / (1024.0 * 1024 * 1024);
        fprintf(out, "| %s | %s | %.3g s per GiB | %.3g s per GiB |\n",
                schema_value_name(AXIS_ALLOC, a),
                units_format_size((uint64_t)best->size_bytes, size, sizeof(size)),
                best->alloc_ms / 1e3 / gib, best->free_ms / 1e3 / gib);
    }
    if (!header)
        fprintf(out, "\nNo reallocate rows: run `experiments/alloc-cost.yaml` for these.\n");
}

/* A regime of fits.csv as a cell: "14.77 GB/s (1MiB–32MiB, 6 sizes, residual 8.1%)". */
static void regime_cell(FILE *out, const struct fit_row *r)
{
    char from[32], to[32];
    fprintf(out, " %.2f GB/s (%s–%s, %.0f sizes, residual %.1f%%) |", r->bandwidth_gbps,
            units_format_size((uint64_t)r->from_bytes, from, sizeof(from)),
            units_format_size((uint64_t)r->to_bytes, to, sizeof(to)), r->points, r->residual_pct);
}

/*
 * The two regimes of the pageable curves that have them (fits.csv's
 * in-cache and beyond-cache rows, each following its curve's), as a table.
 */
static void md_regimes(FILE *out, const struct fit_row *fits, size_t n)
{
    int header = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        const struct fit_row *a = &fits[i], *b = &fits[i + 1];
        if (a->regime_id != FIT_IN_CACHE || b->regime_id != FIT_BEYOND_CACHE ||
            memcmp(a->axis, b->axis, sizeof(a->axis)) != 0)
            continue;
        if (!header++)
            fprintf(out,
                    "\nNo single t0 + n/B describes a pageable copy whose bandwidth falls once "
                    "the buffer leaves the host's cache; each regime is fitted with t = n/B "
                    "over its sizes:\n\n| alloc | direction | api | in the host's cache | "
                    "beyond it |\n|---|---|---|---|---|\n");
        fprintf(out, "| %s | %s | %s |", schema_value_name(AXIS_ALLOC, (int)a->axis[AXIS_ALLOC]),
                schema_value_name(AXIS_DIRECTION, (int)a->axis[AXIS_DIRECTION]),
                schema_value_name(AXIS_API, (int)a->axis[AXIS_API]));
        regime_cell(out, a);
        regime_cell(out, b);
        fputc('\n', out);
    }
}

static void md_fits(FILE *out, const struct folder *f)
{
    size_t n;
    struct fit_row *fits = fits_read(f->dir, &n, NULL);
    if (!fits) {
        fprintf(out, "\nNo %s (run `pinsweep plot %s` to make one).\n", fits_format.file, f->dir);
        return;
    }
    fprintf(out, "\n| alloc | direction | api | latency t0 | bandwidth B | n½ | fit residual |\n"
                 "|---|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < n; i++) {
        const struct fit_row *r = &fits[i];
        if (r->axis[AXIS_CACHE] != CACHE_WARM || r->axis[AXIS_TOUCH] != TOUCH_PREFAULTED ||
            r->regime_id != FIT_ALL)
            continue;
        fprintf(out, "| %s | %s | %s | %.2f µs | %.2f GB/s | %.0f KiB | %.1f%% |\n",
                schema_value_name(AXIS_ALLOC, (int)r->axis[AXIS_ALLOC]),
                schema_value_name(AXIS_DIRECTION, (int)r->axis[AXIS_DIRECTION]),
                schema_value_name(AXIS_API, (int)r->axis[AXIS_API]), r->t0_us, r->bandwidth_gbps,
                r->n_half_bytes / 1024, r->residual_pct);
    }
    md_regimes(out, fits, n);
    free(fits);
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/* The headline figure first (what a reader wants first), the others by name. */
static int figure_order(const struct dirent **a, const struct dirent **b)
{
    int ha = strncmp((*a)->d_name, "headline.", 9) == 0;
    int hb = strncmp((*b)->d_name, "headline.", 9) == 0;
    return ha != hb ? hb - ha : alphasort(a, b);
}

/* The folder's figure files ending in ext (".png"), headline first; the caller frees them. */
static size_t list_figures(const char *dir, const char *ext, char ***out)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s/figures", dir);
    struct dirent **names = NULL;
    int n = scandir(path, &names, NULL, figure_order);
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

/* What a figure shows, for its caption, by its name; "" when not known. */
static const char *figure_caption(const char *name)
{
    static const struct {
        const char *name, *what;
    } captions[] = {
        {"headline", "pinned against pageable on one page: copy bandwidth in each direction "
                     "and both at once, the time of a small copy, alloc + free of a pinned "
                     "buffer per GiB and the copies after which it pays off, each with the "
                     "samples' min-max"},
        {"bandwidth", "copy bandwidth against transfer size, a panel per direction; bars are "
                      "the samples' min-max, page-locked kinds that coincide are one band; "
                      "lines: the PCIe link's raw rate and its practical ceiling; thick dots: "
                      "a pageable copy's bandwidth in the host's cache and beyond it"},
        {"latency", "time per copy against size for small copies: pipelined (event time / "
                    "copies) and the round trip an application waits for"},
        {"speedup", "how many times faster each page-locked kind copies than pageable memory, "
                    "with the interval from the samples' extremes"},
        {"alloc-cost", "what allocating and freeing a buffer of each kind costs (medians)"},
        {"breakeven", "copies of a size after which a page-locked buffer has paid for itself, "
                      "with its interval; sizes whose saving is within noise are not resolved"},
        {"reuse-vs-reallocate", "copy bandwidth of a reused buffer against the effective "
                                "bandwidth of alloc + fill + copy + free"},
        {"reallocate-time", "where a reallocate cycle's time goes, per kind"},
        {"overlap", "time to push the size through h2d, kernel and d2h in chunks against "
                    "streams, with each kind's serial sum and ideal"},
        {"host-access", "the CPU's read and write bandwidth of each kind of host memory"},
        {"placement", "copy bandwidth at each NUMA binding and page size"},
        {"placement-pin", "what cudaHostRegister costs at each placement"},
        {"sentinel", "the drift sentinel's readings over the run, each the median of its "
                     "samples with their min-max, and the median of the readings"},
    };
    for (size_t i = 0; i < sizeof(captions) / sizeof(captions[0]); i++)
        if (strcmp(captions[i].name, name) == 0)
            return captions[i].what;
    return "";
}

/* Copy the file src to dst (replaced); -1 on failure. */
static int copy_file(const char *src, const char *dst)
{
    size_t len;
    char *data = fileio_read_all(src, &len);
    FILE *f = data ? fopen(dst, "wb") : NULL;
    int rc = f && fwrite(data, 1, len, f) == len ? 0 : -1;
    if (f && fclose(f) != 0)
        rc = -1;
    free(data);
    return rc;
}

/*
 * The folder's tables (figures/tables.md, written by pinsweep plot for a
 * sweep of too few sizes for a figure), without their heading; 1 when it
 * has them.
 */
static int md_tables(FILE *out, const struct folder *f)
{
    char path[PATH_MAX];
    size_t len;
    snprintf(path, sizeof(path), "%s/figures/tables.md", f->dir);
    char *text = access(path, R_OK) == 0 ? fileio_read_all(path, &len) : NULL;
    const char *body = text ? strstr(text, "\n\n") : NULL;
    if (body)
        fprintf(out, "%s\n", body + 2);
    free(text);
    return body != NULL;
}

/*
 * The folder's figures, copied into OUT/figures/ as F<folder>-NAME.{png,pdf,svg}
 * so that the report travels with its images, each embedded with a numbered
 * caption; *number counts the figures across folders.
 */
static void md_figures(FILE *out, const char *out_dir, const struct folder *f, size_t folder,
                       size_t *number)
{
    static const char *const exts[] = {".png", ".pdf", ".svg"};
    char **pngs, dir[PATH_MAX], src[PATH_MAX], dst[PATH_MAX + 80];
    size_t n = list_figures(f->dir, ".png", &pngs);
    snprintf(dir, sizeof(dir), "%s/figures", out_dir);
    if (md_tables(out, f) && n == 0)
        return free(pngs);
    if (n == 0)
        fprintf(out, "No figures yet: run `pinsweep plot %s` where gnuplot is.\n", f->dir);
    else if (mkdir(dir, 0777) < 0 && errno != EEXIST)
        fprintf(out, "(cannot create %s: %s)\n\n", dir, strerror(errno));
    for (size_t i = 0; i < n; i++) {
        const char *base = strrchr(pngs[i], '/') + 1;
        int len = (int)(strlen(base) - 4), copied = 1;
        for (size_t e = 0; e < sizeof(exts) / sizeof(exts[0]); e++) {
            snprintf(src, sizeof(src), "%.*s%s", (int)strlen(pngs[i]) - 4, pngs[i], exts[e]);
            snprintf(dst, sizeof(dst), "%s/F%zu-%.*s%s", dir, folder + 1, len, base, exts[e]);
            if (access(src, R_OK) == 0 && copy_file(src, dst) < 0)
                copied = 0;
        }
        if (!copied)
            fprintf(out, "(a file of figure %.*s could not be copied into %s)\n\n", len, base, dir);
        ++*number;
        fprintf(out, "![Figure %zu: %s, %.*s](figures/F%zu-%.*s.png)\n\n", *number, f->label, len,
                base, folder + 1, len, base);
        char name[64];
        snprintf(name, sizeof(name), "%.*s", len, base);
        fprintf(out,
                "*Figure %zu. %s, `%s`: %s.* ([PDF](figures/F%zu-%s.pdf), "
                "[SVG](figures/F%zu-%s.svg))\n\n",
                *number, f->label, name, figure_caption(name), folder + 1, name, folder + 1, name);
        free(pngs[i]);
    }
    free(pngs);
}

/* Is r an ok row of api? */
static int ok_api(const struct summary_row *r, int api)
{
    return summary_ok(r) && r->axis[AXIS_API] == (uint64_t)api;
}

static int has_api(const struct folder *f, int api)
{
    for (size_t i = 0; i < f->s.nrows; i++)
        if (ok_api(&f->s.rows[i], api))
            return 1;
    return 0;
}

/*
 * Over the rows of api with alloc, direction (-1: any) and threads (0: any):
 * the best gbps_median, or (largest) the one at the largest size; NaN if none.
 */
static double pick(const struct folder *f, int api, int alloc, int dir, uint64_t threads,
                   int largest, const struct summary_row **row)
{
    double best = NAN, best_size = -1;
    *row = NULL;
    for (size_t i = 0; i < f->s.nrows; i++) {
        const struct summary_row *r = &f->s.rows[i];
        if (!ok_api(r, api) || r->axis[AXIS_ALLOC] != (uint64_t)alloc ||
            (dir >= 0 && r->axis[AXIS_DIRECTION] != (uint64_t)dir) ||
            (threads && r->axis[AXIS_THREADS] != threads))
            continue;
        if ((api == API_SYNC || api == API_ASYNC) && !plain_reuse(r))
            continue;
        double g = r->gbps_median, size = r->size_bytes;
        if (largest ? size > best_size : isnan(best) || g > best) {
            best = g;
            best_size = size;
            *row = r;
        }
    }
    return best;
}

static double best_of(const struct folder *f, int api, int alloc, int dir,
                      const struct summary_row **row)
{
    return pick(f, api, alloc, dir, 0, 0, row);
}

/* "54.97 GB/s at 256MiB" (with " (4 threads)" when threads is set), or "–". */
static void cell_text(double g, const struct summary_row *row, int threads, char *buf, size_t n)
{
    char size[32], count[32];
    if (isnan(g) || !row) {
        snprintf(buf, n, "–");
        return;
    }
    units_format_size((uint64_t)row->size_bytes, size, sizeof(size));
    if (threads)
        snprintf(buf, n, "%.2f GB/s at %s, %s thread%s", g, size,
                 summary_axis_text(row, AXIS_THREADS, count, sizeof(count)),
                 row->axis[AXIS_THREADS] != 1 ? "s" : "");
    else
        snprintf(buf, n, "%.2f GB/s at %s", g, size);
}

static void md_pipelines(FILE *out, const struct folder *f)
{
    fprintf(out,
            "\n### Pipelines: chunks of h2d → kernel → d2h over streams\n\n"
            "Times in ms; overlap = serial sum ÷ pipeline (1: none; at most 3).\n\n"
            "| alloc | size | kernel | streams | pipeline | serial sum | ideal (longest stage) "
            "| overlap |\n|---|---|---|---|---|---|---|---|\n");
    for (size_t i = 0; i < f->s.nrows; i++) {
        const struct summary_row *r = &f->s.rows[i];
        char size[32], alloc[32], kernel[32], streams[32];
        if (!ok_api(r, API_PIPELINE))
            continue;
        fprintf(out, "| %s | %s | %s | %s | %.2f | %.2f | %.2f | %.2f |\n",
                summary_axis_text(r, AXIS_ALLOC, alloc, sizeof(alloc)),
                units_format_size((uint64_t)r->size_bytes, size, sizeof(size)),
                summary_axis_text(r, AXIS_KERNEL, kernel, sizeof(kernel)),
                summary_axis_text(r, AXIS_STREAMS, streams, sizeof(streams)), r->pipeline_ms,
                r->serial_ms, r->ideal_ms, r->overlap);
    }
}

static void md_zerocopy(FILE *out, const struct folder *f)
{
    static const int dirs[] = {DIR_H2D, DIR_D2H};
    fprintf(out, "\n### Zero-copy: a kernel on host memory against the copy engine\n\n"
                 "| alloc | direction | zero-copy peak | copy peak (async, sync) |\n"
                 "|---|---|---|---|\n");
    for (int a = 0; a < ALLOC_COUNT; a++) {
        for (int d = 0; d < 2; d++) {
            const struct summary_row *zr, *cr, *sr;
            char z[96], cp[96];
            double zg = best_of(f, API_ZEROCOPY, a, dirs[d], &zr);
            if (isnan(zg))
                continue;
            double cg = best_of(f, API_ASYNC, a, dirs[d], &cr);
            double sg = best_of(f, API_SYNC, a, dirs[d], &sr);
            cell_text(zg, zr, 0, z, sizeof(z));
            if (isnan(cg) || (!isnan(sg) && sg > cg))
                cell_text(sg, sr, 0, cp, sizeof(cp));
            else
                cell_text(cg, cr, 0, cp, sizeof(cp));
            fprintf(out, "| %s | %s | %s | %s |\n", schema_value_name(AXIS_ALLOC, a),
                    schema_value_name(AXIS_DIRECTION, dirs[d]), z, cp);
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
        char t[4][96];
        const struct summary_row *row;
        int any = 0;
        for (int k = 0; k < 4; k++) {
            double g = pick(f, k < 2 ? API_HOST_READ : API_HOST_WRITE, a, -1, k % 2 ? 0 : 1,
                            k % 2 == 0, &row);
            any |= !isnan(g);
            cell_text(g, row, k % 2, t[k], sizeof(t[k]));
        }
        if (any)
            fprintf(out, "| %s | %s | %s | %s | %s |\n", schema_value_name(AXIS_ALLOC, a), t[0],
                    t[1], t[2], t[3]);
    }
}

/* Whether the folder has reuse copy rows, which the peak and fit tables read. */
static int has_copies(const struct folder *f)
{
    for (size_t i = 0; i < f->s.nrows; i++)
        if (plain_reuse(&f->s.rows[i]))
            return 1;
    return 0;
}

static void write_folder_section(FILE *out, const char *out_dir, const struct folder *f,
                                 size_t folder, size_t *number)
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
    speedup_text(f, DIR_H2D, h2d, sizeof(h2d));
    speedup_text(f, DIR_D2H, d2h, sizeof(d2h));
    if (*h2d || *d2h)
        fprintf(out, "\nPinned over pageable near 256 MB: h2d %s; d2h %s.\n", *h2d ? h2d : "–",
                *d2h ? d2h : "–");
    if (has_copies(f)) {
        fprintf(out, "\n### Latency and bandwidth, t(n) = t0 + n/B\n");
        md_fits(out, f);
    }
    if (has_api(f, API_PIPELINE))
        md_pipelines(out, f);
    if (has_api(f, API_ZEROCOPY))
        md_zerocopy(out, f);
    if (has_api(f, API_HOST_READ) || has_api(f, API_HOST_WRITE))
        md_host_access(out, f);
    if (has_copies(f)) {
        fprintf(out, "\n### Allocation cost\n");
        md_alloc_cost(out, f);
    }
    fprintf(out, "\n### Figures\n\n");
    md_figures(out, out_dir, f, folder, number);
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
    size_t figure_number = 0;
    fprintf(out, "# pinsweep report\n\nGB/s = 10^9 bytes/s. Link shares are of the PCIe "
                 "link's raw rate per direction.\n\n## Machines\n\n");
    folder_machine_table(out, f, n, 0);
    for (size_t i = 0; i < n; i++)
        write_folder_section(out, out_dir, &f[i], i, &figure_number);
    rc = fclose(out) == 0 ? 0 : -2;
    fprintf(log, "pinsweep: report in %s\n", path);
    write_book(f, n, out_dir, log);
out:
    for (size_t i = 0; i < opened; i++)
        folder_close(&f[i]);
    free(f);
    return rc;
}
