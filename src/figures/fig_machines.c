/*
 * fig_machines.c - figures of several machines side by side (see
 * fig_machines.h), from a comparison folder's compare.csv and machines.csv
 * (read through results/compare_csv.h).
 *
 * Like plot.c, C decides what is drawn and writes it under figures/data/
 * (compare-bandwidth-PANEL.dat, compare-ratio-PANEL.dat and the variables
 * files); plots/compare-bandwidth.gp and plots/compare-ratio.gp draw.  Here
 * a curve's colour is its machine's ("machine:N", plots/style.gp's machine
 * palette, kept apart from the alloc kinds' colours) and its dash and point
 * are its alloc kind's.
 */
#include "figures/fig_machines.h"
#include "analysis/interval.h"
#include "figures/coincide.h"
#include "figures/fig_headline.h"
#include "figures/kit/figure.h"
#include "figures/kit/gnuplot.h"
#include "figures/kit/legend.h"
#include "figures/readings.h"
#include "results/compare_csv.h"
#include "results/problems.h"
#include "experiment/schema.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define CMP_PALETTE 6 /* machine colours in plots/style.gp before they repeat */

struct cmp_input {
    const char *dir;
    struct machine_entry *m; /* machines.csv's rows */
    char (*color)[32];       /* each machine's: "machine:N", N from 1 */
    size_t nm;
    struct compare_entry
        *rows; /* reuse, cache warm, pages prefaulted; by dir, machine, alloc, api, size */
    size_t nrows;
    char experiment[128]; /* when every row names the same one, else "" */
};

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
    for (size_t k = 0; k < in->nm; k++)
        snprintf(in->color[k], sizeof(in->color[k]), "machine:%zu", k + 1);
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
    free(in->rows);
}

/* ---- the figures ---- */

/* Has machine m rows of direction dir and api (with a ratio, when ratio is set)? */
static int machine_has(const struct cmp_input *in, size_t m, int dir, int api, int ratio)
{
    for (size_t i = 0; i < in->nrows; i++) {
        const struct compare_entry *r = &in->rows[i];
        if (r->machine == m && r->dir == dir && r->api == api && (!ratio || isfinite(r->ratio)))
            return 1;
    }
    return 0;
}

/*
 * The api of direction dir's panel: the one the most machines have rows of
 * (sync when as many have both); -1 when no machine has dir.
 */
static int panel_api(const struct cmp_input *in, int dir, int ratio)
{
    int best = -1;
    size_t most = 0;
    for (int api = 0; api < API_COUNT; api++) {
        size_t n = 0;
        for (size_t m = ratio ? 1 : 0; m < in->nm; m++)
            n += machine_has(in, m, dir, api, ratio);
        if (n > most) {
            most = n;
            best = api;
        }
    }
    return best;
}

/* Does hay contain needle, ignoring case and spaces ("Gen5x16" holds "Gen5 x16")? */
static int says(const char *hay, const char *needle)
{
    char a[256], b[256];
    size_t na = 0, nb = 0;
    for (; *hay && na + 1 < sizeof(a); hay++)
        if (*hay != ' ')
            a[na++] = *hay;
    for (; *needle && nb + 1 < sizeof(b); needle++)
        if (*needle != ' ')
            b[nb++] = *needle;
    a[na] = b[nb] = '\0';
    return strcasestr(a, b) != NULL;
}

/* What the legend calls machine m: its label, then what it does not say of GPU and link. */
static void machine_title(const struct cmp_input *in, size_t m, char *buf, size_t n)
{
    const struct machine_entry *x = &in->m[m];
    const char *gpu = strncmp(x->gpu, "NVIDIA ", 7) == 0 ? x->gpu + 7 : x->gpu;
    char extra[200] = "";
    size_t len = 0;
    if (gpu[0] && !says(x->label, gpu))
        len += (size_t)snprintf(extra + len, sizeof(extra) - len, "%s", gpu);
    if (x->pcie[0] && strcmp(x->pcie, "unknown") != 0 && !says(x->label, x->pcie) &&
        len < sizeof(extra))
        snprintf(extra + len, sizeof(extra) - len, "%sPCIe %s", len ? ", " : "", x->pcie);
    snprintf(buf, n, "%.50s%s%.50s%s%s", x->label, extra[0] ? " (" : "", extra, extra[0] ? ")" : "",
             m == 0 ? " — baseline" : "");
}

/* The panel's title: direction, then the api drawn. */
static void panel_title(int dir, int api, char *buf, size_t n)
{
    static const char *const dirs[DIR_COUNT] = {
        [DIR_H2D] = "host → device",
        [DIR_D2H] = "device → host",
        [DIR_BIDIR] = "bidirectional (sum)",
    };
    snprintf(buf, n, "%s, %s", dirs[dir], schema_value_name(AXIS_API, api));
}

/* The group of machine m's curves in direction dir's panel (coincide.h). */
static int cmp_group(const struct cmp_input *in, int dir, size_t m)
{
    return dir * (int)in->nm + (int)m;
}

/* Row r's value (gbps or the ratio) and its bars: its interval (compare.csv's). */
static double cmp_value(const struct compare_entry *r, int ratio, double *lo, double *hi)
{
    /* the interval (compare.csv's, analysis/interval.h); where the ratio's does not reach 1,
       the difference is significant */
    double y = ratio ? r->ratio : r->gbps;
    *lo = ratio ? r->ratio_lo : r->gbps_lo;
    *hi = ratio ? r->ratio_hi : r->gbps_hi;
    *lo = isnan(*lo) ? y : *lo;
    *hi = isnan(*hi) ? y : *hi;
    return y;
}

/*
 * Does r's bar end at its machine's link's raw rate (twice it for bidir):
 * compare.csv's gbps_hi capped there (analysis/interval.h)?
 */
static int cmp_capped(const struct cmp_input *in, const struct compare_entry *r)
{
    double link = in->m[r->machine].link_gbps * (r->dir == DIR_BIDIR ? 2 : 1);
    return link > 0 && fabs(r->gbps_hi - link) <= 1e-5 * link;
}

/*
 * The curves of every page-locked kind of every machine, each panel's
 * (direction, its api) as series of the group of its machine there, and
 * those that coincide: one scope, so that a kind apart on one machine is
 * apart on all.  -1 when out of memory.
 */
static int cmp_merge(struct co_list *co, const struct cmp_input *in, int ratio)
{
    double *v = malloc(4 * (in->nrows ? in->nrows : 1) * sizeof(*v));
    if (!v)
        return -1;
    for (int d = 0; d < DIR_COUNT; d++) {
        int api = panel_api(in, d, ratio);
        for (size_t i = 0, j; i < in->nrows && api >= 0; i = j) {
            const struct compare_entry *r = &in->rows[i];
            size_t n = 0;
            for (j = i;
                 j < in->nrows && in->rows[j].dir == r->dir && in->rows[j].machine == r->machine &&
                 in->rows[j].alloc == r->alloc && in->rows[j].api == r->api;
                 j++) {
                double lo, hi, y = cmp_value(&in->rows[j], ratio, &lo, &hi);
                if (!isfinite(y))
                    continue;
                v[n] = in->rows[j].size_bytes;
                v[in->nrows + n] = y;
                v[2 * in->nrows + n] = lo;
                v[3 * in->nrows + n++] = hi;
            }
            if (r->dir != d || r->api != api || r->alloc == ALLOC_PAGEABLE || n < 2 ||
                (ratio && r->machine == 0))
                continue;
            if (coincide_add(co, r->alloc, cmp_group(in, d, r->machine), in->m[r->machine].label,
                             r->alloc, n, v, v + in->nrows, v + 2 * in->nrows,
                             v + 3 * in->nrows) < 0) {
                free(v);
                return -1;
            }
        }
    }
    free(v);
    /* a ratio carries the noise of two runs: the wider tolerance */
    coincide_list_find(co, ratio ? COINCIDE_TOLERANCE_TIME : COINCIDE_TOLERANCE,
                       COINCIDE_MIN_MEMBERS);
    return 0;
}

/*
 * Has a row before rows[i] of its machine, direction, api and size a capped
 * bar in its machine's merged line?  (The line's bar there, the members'
 * envelope, ends at the raw rate once: counted for the first.)
 */
static int merged_capped_before(const struct cmp_input *in, const struct co_list *co, size_t i)
{
    const struct compare_entry *r = &in->rows[i];
    for (size_t j = 0; j < i; j++) {
        const struct compare_entry *q = &in->rows[j];
        if (q->machine == r->machine && q->dir == r->dir && q->api == r->api &&
            q->size_bytes == r->size_bytes && cmp_capped(in, q) &&
            coincide_member(co, cmp_group(in, q->dir, q->machine), q->alloc))
            return 1;
    }
    return 0;
}

/*
 * The blocks of one panel: for every machine from first_machine, every
 * alloc kind's rows of dir and api (gbps with its interval, or the ratio),
 * but those that coincide with others of their machine (one merged line
 * each, after the others).  seen_m[] and seen_a[] gather the machines and
 * alloc kinds drawn, *capped counts the bars drawn to a link's raw rate.
 * A bandwidth's axis holds the medians (and the links), never its bars; a
 * ratio's holds its bars, which say whether they reach 1.
 */
static int cmp_blocks(struct fig *g, FILE *f, const struct cmp_input *in, const struct co_list *co,
                      int dir, int api, int ratio, int seen_m[], int seen_a[], size_t *capped)
{
    const struct compare_entry *prev = NULL;
    for (size_t i = 0; i < in->nrows; i++) {
        const struct compare_entry *r = &in->rows[i];
        double y = ratio ? r->ratio : r->gbps;
        if (r->dir != dir || r->api != api || (ratio && r->machine == 0) || !isfinite(y))
            continue;
        if (coincide_member(co, cmp_group(in, dir, r->machine), r->alloc)) {
            seen_m[r->machine] = 1; /* drawn in its machine's merged line */
            *capped += !ratio && cmp_capped(in, r) && !merged_capped_before(in, co, i);
            continue;
        }
        if (!prev || prev->machine != r->machine || prev->alloc != r->alloc) {
            const char *alloc = schema_value_name(AXIS_ALLOC, r->alloc);
            struct fig_style s = {in->color[r->machine], alloc, alloc, ""};
            if (fig_block(g, f, &s, ratio ? "ratio to the baseline" : "copy bandwidth") < 0)
                return -1;
            seen_m[r->machine] = seen_a[r->alloc] = 1;
        }
        prev = r;
        double lo, hi;
        cmp_value(r, ratio, &lo, &hi);
        fprintf(f, "%.0f %.6g %.6g %.6g\n", r->size_bytes, y, lo, hi);
        fig_extend(g, r->size_bytes, ratio ? lo : y);
        fig_extend(g, r->size_bytes, ratio ? hi : y);
        *capped += !ratio && cmp_capped(in, r);
    }
    for (size_t m = ratio ? 1 : 0; m < in->nm; m++) {
        struct fig_style s = {in->color[m], "band", "page-locked", ""};
        if (coincide_block(g, f, co->s, co->n, cmp_group(in, dir, m), &s, ratio ? 1 : 2) < 0)
            return -1;
    }
    return 0;
}

/* Each machine's PCIe link in the current panel (direction dir) in its colour (fig_link_lines). */
static int link_lines(struct fig *g, const struct cmp_input *in, int dir, const int seen_m[],
                      int *links)
{
    double *link = calloc(in->nm ? in->nm : 1, sizeof(*link));
    const char **color = calloc(in->nm ? in->nm : 1, sizeof(*color));
    const char **name = calloc(in->nm ? in->nm : 1, sizeof(*name));
    int rc = -1;
    if (link && color && name) {
        for (size_t m = 0; m < in->nm; m++) {
            const struct machine_entry *x = &in->m[m];
            link[m] = x->link_gbps;
            color[m] = in->color[m];
            name[m] = x->pcie[0] && strcmp(x->pcie, "unknown") ? x->pcie : "link";
        }
        rc = fig_link_lines(g, in->nm, link, color, name, seen_m, dir == DIR_BIDIR, links);
    }
    free(link);
    free(color);
    free(name);
    return rc;
}

/*
 * The legend: the machines drawn (colour, solid), then in the notes the
 * alloc kinds' dashes and points, and what a thin line is (links, in
 * compare-bandwidth; in compare-ratio, the line at 1).
 */
static int cmp_legend(struct fig *g, const struct cmp_input *in, const struct co_list *co,
                      const int seen_m[], const int seen_a[], int links, int ratio, size_t capped)
{
    static const struct fig_style merged = {"", "band", "page-locked", ""};
    struct fig_style keys[FIG_MAX_KEYS], notes[ALLOC_COUNT + 2 + COINCIDE_SCOPES];
    size_t nkeys = 0, nnotes = 0;
    for (size_t m = 0; m < in->nm && nkeys + 1 < FIG_MAX_KEYS; m++)
        if (seen_m[m]) {
            keys[nkeys] = (struct fig_style){in->color[m], "machine", ""};
            machine_title(in, m, keys[nkeys].title, sizeof(keys[0].title));
            nkeys++;
        }
    if (ratio) /* the line at 1, among the machines: it is the baseline's place */
        keys[nkeys++] = (struct fig_style){"", "guide", "", "1: as fast as the baseline"};
    for (int a = 0; a < ALLOC_COUNT; a++)
        if (seen_a[a]) {
            const char *alloc = schema_value_name(AXIS_ALLOC, a);
            notes[nnotes] = (struct fig_style){"", alloc, alloc};
            snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s", alloc);
        }
    size_t nmerged = coincide_keys(co->s, co->n, &merged, 0, notes + nnotes, COINCIDE_SCOPES);
    nnotes += nmerged;
    if (links)
        notes[nnotes++] = (struct fig_style){"", "link", "", "thin: PCIe link, raw rate"};
    /* the caption adds how the interval is computed (analysis/interval.h) */
    notes[nnotes] = (struct fig_style){"-", "", "", "", INTERVAL_NOTE_SAID};
    if (ratio)
        snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s",
                 "bars: the ratio's 95 % prediction interval; missing 1: significant");
    else if (capped)
        snprintf(notes[nnotes++].title, sizeof(notes[0].title),
                 "bars: 95 %% prediction interval of each median; %zu end%s at the raw rate",
                 capped, capped == 1 ? "s" : "");
    else
        snprintf(notes[nnotes++].title, sizeof(notes[0].title), "%s",
                 "bars: 95 % prediction interval of each median");
    if (legend_flow(&g->key, keys, nkeys, 2) < 0)
        return -1;
    /* a merged line's entry names its kinds: one column, or the page grows */
    return legend_flow(&g->notes, notes, nnotes, nmerged ? 1 : 4);
}

/*
 * The panel of direction dir (api as chosen) of compare-bandwidth (ratio 0)
 * or compare-ratio (1): its curves, and the links or the line at 1.
 * seen_m[] and seen_a[] gather the machines and alloc kinds drawn.
 */
static int cmp_panel(struct fig *g, const struct cmp_input *in, const struct co_list *co, int dir,
                     int api, int ratio, const char *data_dir, int seen_m[], int seen_a[],
                     int *links, size_t *capped)
{
    char title[96];
    FILE *f = NULL;
    int *panel_m = calloc(in->nm, sizeof(int)), rc = -1;
    panel_title(dir, api, title, sizeof(title));
    if (!panel_m || fig_panel(g, schema_value_name(AXIS_DIRECTION, dir), title) < 0 ||
        !(f = fig_panel_create(g, data_dir, "",
                               ratio ? "size_bytes ratio (gbps_median / the baseline's) ratio_lo "
                                       "ratio_hi (its interval)"
                                     : "size_bytes gbps_median gbps_lo gbps_hi (its interval)")))
        goto out;
    if (dir == DIR_BIDIR && !ratio)
        fig_own_y(g); /* a sum of two directions: its own scale */
    rc = cmp_blocks(g, f, in, co, dir, api, ratio, panel_m, seen_a, capped);
    if (rc == 0 && !ratio)
        rc = link_lines(g, in, dir, panel_m, links);
    if (rc == 0 && ratio) /* (explained in the legend: data lie on either side of it) */
        rc = fig_hline(g, 1, "", "guide", "right-above", "");
    for (size_t m = 0; m < in->nm; m++)
        seen_m[m] |= panel_m[m];
out:
    if (f && fig_panel_close(f) < 0)
        rc = -1;
    free(panel_m);
    return rc;
}

/* compare-bandwidth (ratio 0) or compare-ratio (ratio 1): a panel per direction. */
static int fig_compare(struct fig *g, const struct cmp_input *in, const char *data_dir, int ratio)
{
    int *seen_m = calloc(in->nm, sizeof(int)), seen_a[ALLOC_COUNT] = {0}, links = 0, rc = 0;
    size_t capped = 0;
    struct co_list co = {0};
    if (!seen_m || cmp_merge(&co, in, ratio) < 0)
        rc = -1;
    for (int d = 0; d < DIR_COUNT && rc == 0; d++) {
        int api = panel_api(in, d, ratio);
        if (api >= 0)
            rc = cmp_panel(g, in, &co, d, api, ratio, data_dir, seen_m, seen_a, &links, &capped);
    }
    if (rc == 0 && g->npanels)
        rc = cmp_legend(g, in, &co, seen_m, seen_a, links, ratio, capped);
    coincide_list_free(&co);
    free(seen_m);
    return rc;
}

/* Title and labels of a compare figure. */
static void cmp_titles(struct fig *g, const struct cmp_input *in, int ratio)
{
    char what[128];
    if (ratio)
        snprintf(what, sizeof(what), "bandwidth relative to %.80s", in->m[0].label);
    else
        snprintf(what, sizeof(what), "copy bandwidth on %zu machines", in->nm);
    snprintf(g->title, sizeof(g->title), "%s%s%s", in->experiment, in->experiment[0] ? ": " : "",
             what);
    snprintf(g->detail, sizeof(g->detail), "reuse, cache warm, pages prefaulted");
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
