/*
 * fig_machines.c - figures of several machines side by side (see
 * fig_machines.h), from a comparison folder's compare.csv and machines.csv
 * (read through results/compare_csv.h): the folder read, its figures drawn
 * (compare-bandwidth and compare-ratio, and how they name the machines:
 * fig_compare.c; the headline across machines: fig_headline.c) and
 * compare.md's captions.
 */
#include "figures/fig_machines.h"
#include "figures/fig_compare.h"
#include "figures/caption.h"
#include "figures/fig_headline.h"
#include "figures/kit/gnuplot.h"
#include "results/problems.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading compare.csv and machines.csv ---- */

static int cmp_order(const void *pa, const void *pb)
{
    const struct compare_entry *a = pa, *b = pb;
    int d;
    if ((d = a->dir - b->dir) || (d = (a->machine > b->machine) - (a->machine < b->machine)) ||
        (d = a->alloc - b->alloc) || (d = a->api - b->api))
        return d;
    return (a->size_bytes > b->size_bytes) - (a->size_bytes < b->size_bytes);
}

/* machines.csv, then compare.csv's reuse rows (cache warm, pages prefaulted); -1 after reporting.
 */
static int read_input(struct cmp_input *in, FILE *log)
{
    size_t n = 0;
    if (machines_read(in->dir, &in->m, &in->nm, log) < 0 ||
        !(in->color = calloc(in->nm ? in->nm : 1, sizeof(in->color[0]))) ||
        compare_read(in->dir, in->m, in->nm, &in->rows, &n, in->experiment, sizeof(in->experiment),
                     log) < 0)
        return -1;
    if (!(in->pt = calloc(in->nm ? in->nm : 1, sizeof(in->pt[0]))))
        return -1;
    for (size_t k = 0; k < in->nm; k++) {
        snprintf(in->color[k], sizeof(in->color[k]), "machine:%zu", k + 1);
        for (int a = 0; a < CMP_PTS; a++)
            snprintf(in->pt[k][a], sizeof(in->pt[k][a]), "machine:%zu/%s", k + 1,
                     a == CMP_PT_MERGED ? "page-locked" : schema_value_name(AXIS_ALLOC, a));
    }
    cmp_describe_machines(in);
    for (size_t i = 0; i < n; i++) {
        const struct compare_entry *r = &in->rows[i];
        if (r->buffer == BUFFER_REUSE && r->cache == CACHE_WARM && r->touch == TOUCH_PREFAULTED)
            in->rows[in->nrows++] = *r;
    }
    qsort(in->rows, in->nrows, sizeof(in->rows[0]), cmp_order);
    return 0;
}

static void cmp_free(struct cmp_input *in)
{
    free(in->m);
    free(in->color);
    free(in->pt);
    free(in->rows);
}

/* ---- the figures ---- */

/*
 * Title and labels of a compare figure: "on 3 machines", or, where the
 * folders are runs of machines described alike, "of 2 runs" with the
 * machine named: "of one machine" when their GPU is one (its uuid), else
 * "on machines of one type".
 */
static void cmp_titles(struct fig *g, const struct cmp_input *in, int ratio)
{
    char what[160];
    if (ratio)
        snprintf(what, sizeof(what), "bandwidth relative to %.80s", in->m[0].label);
    else if (in->one_machine)
        snprintf(what, sizeof(what), "copy bandwidth of %zu runs %s", in->nm,
                 in->one_gpu ? "of one machine" : "on machines of one type");
    else
        snprintf(what, sizeof(what), "copy bandwidth on %zu machines", in->nm);
    snprintf(g->title, sizeof(g->title), "%s%s%s", in->experiment, in->experiment[0] ? ": " : "",
             what);
    snprintf(g->detail, sizeof(g->detail), "reuse, cache warm, pages prefaulted");
    snprintf(g->machine, sizeof(g->machine), "%s", in->one_machine ? in->described : "");
    snprintf(g->y_label, sizeof(g->y_label), "%s",
             ratio ? "bandwidth ÷ the baseline's" : "copy bandwidth (GB/s = 10⁹ B/s)");
}

static const struct {
    const char *name;
    int ratio;
    const char *needs;
} cmp_figures[] = {
    {"compare-bandwidth", 0, "reuse rows (cache warm, touch prefaulted) in compare.csv"},
    {"compare-ratio", 1,
     "reuse rows (cache warm, touch prefaulted) of a second machine with a ratio in "
     "compare.csv"},
};
#define NCMP_FIGURES (sizeof(cmp_figures) / sizeof(cmp_figures[0]))

/* Figure i of cmp_figures[] from in (a struct cmp_input), titled; see fig_describe_fn. */
static int describe_figure(struct fig *g, size_t i, const void *in, const char *data_dir,
                           const char **needs)
{
    fig_init(g, cmp_figures[i].name, cmp_figures[i].ratio);
    g->zoom_y = cmp_figures[i].ratio; /* ratios: a log axis centred at 1 */
    *needs = cmp_figures[i].needs;
    if (fig_compare(g, in, data_dir, cmp_figures[i].ratio) < 0)
        return -1;
    cmp_titles(g, in, cmp_figures[i].ratio);
    return 0;
}

/* compare.md's paragraph on the headline across machines: the figure and its reading. */
static void md_machines(const char *out_dir, const struct hl_machines *ms, FILE *log)
{
    char *path = NULL, *reading = plot_reading_machines(ms);
    FILE *f = asprintf(&path, "%s/compare.md", out_dir) < 0 ? NULL : fopen(path, "a");
    if (!f)
        log_line(log, "cannot add the headline across machines to %s: %s", path ? path : out_dir,
                 strerror(errno));
    else {
        fprintf(f,
                "\n![every machine on one page](figures/headline-machines.png)\n\n"
                "*Every machine on one page%s%s. Drawn: pinned and pageable copy bandwidth in "
                "each direction and the time of a small pinned copy, a colour, dash and point "
                "per machine, each point with its spread.*\n",
                reading && reading[0] ? ". " : "", reading ? reading : "");
        if (fclose(f) != 0)
            log_line(log, "cannot write %s: %s", path, strerror(errno));
    }
    free(path);
    free(reading);
}

/*
 * Folders from two or more machines (GPU and host): the headline across
 * them, from the folders themselves (machines.csv's dir), drawn into
 * out_dir/figures and added to compare.md.  A folder that cannot be read
 * any more is left out, with a note.
 */
static int cmp_machines_headline(const struct cmp_input *in, const char *out_dir,
                                 const char *scripts_dir, unsigned draw, FILE *log)
{
    struct plot_input *pin = calloc(in->nm ? in->nm : 1, sizeof(*pin));
    const struct plot_input **ok = calloc(in->nm ? in->nm : 1, sizeof(*ok));
    const char **key = calloc(in->nm ? in->nm : 1, sizeof(*key));
    const char **label = calloc(in->nm ? in->nm : 1, sizeof(*label));
    char(*keys)[300] = calloc(in->nm ? in->nm : 1, sizeof(*keys));
    struct hl_machines *ms = malloc(sizeof(*ms));
    size_t n = 0;
    int rc = PLOT_OK, made = 0;
    for (size_t m = 0; ms && keys && label && key && ok && pin && m < in->nm; m++) {
        if (plot_input_read(&pin[m], in->m[m].dir, NULL) < 0) {
            log_line(log, "note: %s: not readable here, so not in the headline across machines",
                     in->m[m].dir);
            plot_input_free(&pin[m]);
            continue;
        }
        snprintf(keys[n], sizeof(keys[0]), "%s|%s", in->m[m].gpu, in->m[m].host);
        ok[n] = &pin[m];
        key[n] = keys[n];
        label[n++] = in->m[m].label;
    }
    if (ms) {
        fig_headline_group(ms, ok, key, label, n);
        if (ms->n >= 2) {
            char *fig_dir = NULL, *data_dir = NULL;
            if (plot_make_fig_dirs(out_dir, &fig_dir, &data_dir, log) == 0)
                rc = fig_headline_machines_draw(ms, fig_dir, data_dir, "", scripts_dir, draw, &made,
                                                log);
            if (made)
                md_machines(out_dir, ms, log);
            free(fig_dir);
            free(data_dir);
        }
    }
    for (size_t i = 0; i < n; i++)
        plot_input_free((struct plot_input *)ok[i]);
    free(pin);
    free(ok);
    free(key);
    free(label);
    free(keys);
    free(ms);
    return rc;
}

/* ---- compare.md's captions ---- */

/* What machine m's intervals stand on, from its rows: "3 rounds", "10 samples of one round". */
static void cmp_basis_text(const struct cmp_input *in, size_t m, char *buf, size_t n)
{
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < in->nrows; i++) {
        const struct compare_entry *r = &in->rows[i];
        if (r->machine == m && r->basis > COMPARE_BASIS_NONE && r->basis <= COMPARE_BASIS_SAMPLES &&
            isfinite(r->interval_n)) {
            lo[r->basis] = fmin(lo[r->basis], r->interval_n);
            hi[r->basis] = fmax(hi[r->basis], r->interval_n);
        }
    }
    for (int b = COMPARE_BASIS_ROUNDS; b <= COMPARE_BASIS_SAMPLES && len < n; b++) {
        if (!(lo[b] <= hi[b]))
            continue;
        char count[48];
        snprintf(count, sizeof(count), lo[b] == hi[b] ? "%.0f" : "%.0f–%.0f", lo[b], hi[b]);
        len += (size_t)snprintf(buf + len, n - len, "%s%s %s", len ? " or " : "", count,
                                b == COMPARE_BASIS_ROUNDS ? "rounds" : "samples of one round");
    }
}

/*
 * The reading both compare figures' captions open with, from compare.csv's rows drawn: how
 * many ratios of each machine miss 1, how many would by chance alone at 95 %, and, when the
 * machines' intervals stand on different values, which.  malloc'd; NULL when out of memory.
 */
static char *cmp_reading(const struct cmp_input *in)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    for (size_t m = 1; m < in->nm; m++) {
        size_t sig = 0, tested = 0;
        for (size_t i = 0; i < in->nrows; i++)
            if (in->rows[i].machine == m && in->rows[i].significant >= 0) {
                tested++;
                sig += in->rows[i].significant == 1;
            }
        if (tested)
            fprintf(
                f,
                "%s%s: %zu of the %zu configurations compared differ significantly from %s (the "
                "ratio's 95 %% interval misses 1); about %.0f would by chance alone at 95 %%, "
                "so one significant ratio is weak evidence and a pattern across sizes or "
                "kinds is stronger",
                len ? "; " : "", in->m[m].label, sig, tested, in->m[0].label, 0.05 * tested);
        fflush(f);
    }
    char first[96] = "", other[96];
    int differ = 0;
    cmp_basis_text(in, 0, first, sizeof(first));
    for (size_t m = 1; m < in->nm; m++) {
        cmp_basis_text(in, m, other, sizeof(other));
        differ |= strcmp(first, other) != 0;
    }
    for (size_t m = 0; differ && m < in->nm; m++) {
        cmp_basis_text(in, m, other, sizeof(other));
        fprintf(f, "%s%s%s's intervals stand on %s", len || m ? "; " : "",
                m == 0 ? "the bars stand on different values: " : "", in->m[m].label,
                other[0] ? other : "nothing (no interval)");
        fflush(f);
    }
    if (differ)
        fprintf(f, ", so their widths say how each was measured as much as how noisy it was");
    return fclose(f) == 0 ? text : (free(text), NULL);
}

/*
 * compare.md's "## Figures" section again, with each drawn figure's caption under it (its
 * question, cmp_reading, what it draws and its bars: figures/caption.h); nothing without a
 * compare.md.  -1 after saying why on log.
 */
static int cmp_captions(const struct cmp_input *in, const char *out_dir, FILE *log)
{
    static const char *const names[2] = {"compare-bandwidth", "compare-ratio"};
    static const char *const alts[2] = {"bandwidth of every folder compared",
                                        "ratio to the baseline"};
    char *md = plot_path_join(out_dir, "compare.md"), *fig = plot_path_join(out_dir, "figures");
    char *data = fig ? plot_path_join(fig, "data") : NULL, *text = NULL;
    size_t len = 0;
    int rc = md && data ? 0 : -1;
    FILE *f = rc == 0 ? fopen(md, "r") : NULL;
    if (!f && rc == 0 && errno == ENOENT) { /* figures of a compare.csv alone: no compare.md */
        free(data);
        free(fig);
        free(md);
        return 0;
    }
    if (f) { /* the file up to its figures' section */
        char line[8192];
        FILE *out = open_memstream(&text, &len);
        while (out && fgets(line, sizeof(line), f) && strcmp(line, "## Figures\n") != 0)
            fputs(line, out);
        if (!out || fclose(out) != 0)
            rc = -1;
        fclose(f);
    } else {
        rc = -1;
    }
    char *reading = rc == 0 ? cmp_reading(in) : NULL;
    f = rc == 0 && reading ? fopen(md, "w") : NULL;
    if (f) {
        fprintf(f, "%s## Figures\n", text);
        for (int k = 0; k < 2; k++) {
            char *caption = fig_caption(names[k], reading, data);
            if (caption && strstr(caption, "Drawn: "))
                fprintf(f, "\n![%s](figures/%s.png)\n\n*%s*\n", alts[k], names[k], caption);
            free(caption);
        }
        rc = ferror(f) ? -1 : 0;
        if (fclose(f) != 0)
            rc = -1;
    } else {
        rc = -1;
    }
    if (rc < 0)
        log_line(log, "%s: cannot write the figures' captions: %s", md ? md : out_dir,
                 strerror(errno));
    free(reading);
    free(text);
    free(data);
    free(fig);
    free(md);
    return rc;
}

int plot_compare_opts(const char *out_dir, const char *scripts_dir, FILE *log,
                      const struct plot_opts *o)
{
    struct cmp_input in = {0};
    int rc = PLOT_EBAD_SUMMARY;
    in.dir = out_dir;
    if (read_input(&in, log) == 0) {
        if (in.nm > CMP_PALETTE)
            log_line(log, "note: %zu machines; their colours repeat after %d", in.nm, CMP_PALETTE);
        rc = fig_render(describe_figure, NCMP_FIGURES, &in, out_dir, scripts_dir,
                        plot_draw_flags(o), "run pinsweep compare again where gnuplot is", log);
        if (cmp_captions(&in, out_dir, log) < 0)
            rc = PLOT_EWRITE;
        if (rc == PLOT_OK || rc == PLOT_ENO_GNUPLOT) {
            /* (without gnuplot, fig_render has said so: not twice) */
            int rm = cmp_machines_headline(&in, out_dir, scripts_dir, plot_draw_flags(o),
                                           rc == PLOT_OK ? log : NULL);
            rc = rc == PLOT_OK ? rm : rc;
        }
    }
    cmp_free(&in);
    return rc;
}

int plot_compare(const char *out_dir, const char *scripts_dir, FILE *log)
{
    return plot_compare_opts(out_dir, scripts_dir, log, NULL);
}
