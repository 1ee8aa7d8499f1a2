/*
 * sentinel_view.c - the drift sentinel as its figure, reading and table see
 * it (see sentinel_view.h).
 */
#include "figures/sentinel_view.h"
#include "figures/tables.h"
#include "figures/kit/figure.h"
#include "analysis/interval.h"
#include "base/units.h"
#include "experiment/schema.h"
#include "record/drift.h"
#include "results/meta_doc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The readings furthest off the median that the reading names, with what came before each. */
#define SENTINEL_SAY_WORST 3

/* The kinds of configuration a list of them names, before "and N more". */
#define SENTINEL_SAY_KINDS 3

static int int_order(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    return (a > b) - (a < b);
}

/* "274/r1 275/r1 ..." (a drift window's measured) as sorted configurations, each once. */
static int parse_measured(const char *text, struct sentinel_window *w)
{
    size_t cap = 16;
    w->configs = malloc(cap * sizeof(*w->configs));
    if (!w->configs)
        return -1;
    for (const char *p = text; p && *p;) {
        char *end;
        long c = strtol(p, &end, 10);
        if (end == p) {
            p++;
            continue;
        }
        if (w->nconfigs == cap) {
            int *more = realloc(w->configs, (cap *= 2) * sizeof(*more));
            if (!more)
                return -1;
            w->configs = more;
        }
        w->configs[w->nconfigs++] = (int)c;
        if (strncmp(end, "/r", 2) == 0) {
            int r = atoi(end + 2);
            w->round_min = w->round_min && w->round_min < r ? w->round_min : r;
            w->round_max = w->round_max > r ? w->round_max : r;
        }
        p = strchr(end, ' '); /* past "/rN" */
    }
    qsort(w->configs, w->nconfigs, sizeof(*w->configs), int_order);
    size_t k = 0;
    for (size_t i = 0; i < w->nconfigs; i++)
        if (k == 0 || w->configs[k - 1] != w->configs[i])
            w->configs[k++] = w->configs[i];
    w->nconfigs = k;
    return 0;
}

/* meta.yaml's drift.sentinel with its size as a reader writes it ("64MiB": "64 MiB"), into buf. */
static void copy_text(const char *copy, char *buf, size_t n)
{
    char word[64], err[128], human[32];
    size_t len = 0;
    buf[0] = '\0';
    for (const char *p = copy; *p && len < n;) {
        size_t k = strcspn(p, " ");
        uint64_t bytes;
        snprintf(word, sizeof(word), "%.*s", (int)k, p);
        int size = k < sizeof(word) && *p >= '0' && *p <= '9' &&
                   units_parse_size(word, &bytes, err, sizeof(err)) == 0;
        len += (size_t)snprintf(buf + len, n - len, "%s%.*s", len ? " " : "",
                                size ? (int)strlen(human) : (int)k,
                                size ? units_format_human(bytes, human, sizeof(human)) : p);
        p += k;
        p += strspn(p, " ");
    }
}

/* meta.yaml's drift section: the copy, the threshold and the windows.  -1 when out of memory. */
static int read_drift_meta(const struct plot_input *in, struct sentinel_view *v)
{
    char *path = plot_path_join(in->dir, "meta.yaml"), err[512], key[64];
    struct meta_doc m;
    int rc = 0;
    if (!path)
        return -1;
    if (meta_read(path, &m, err, sizeof(err)) < 0) {
        free(path);
        return 0;
    }
    const char *copy = meta_get(&m, "drift.sentinel"),
               *target = meta_get(&m, "drift.threshold_pct");
    v->noise_judged = target != NULL;
    if (!target) /* a folder from before the threshold followed the noise: target_rsd */
        target = meta_get(&m, "drift.target_pct");
    const char *count = meta_get(&m, "drift.windows"),
               *rounds = meta_get(&m, "experiment.measure.rounds");
    if (meta_get(&m, "drift.basis_readings"))
        v->rounds = rounds ? strtod(rounds, NULL) : 1;
    copy_text(copy ? copy : "", v->copy, sizeof(v->copy));
    char *end;
    double t = target ? strtod(target, &end) : NAN;
    if (target && end != target && t >= 0) {
        v->target_pct = t;
        v->target_known = 1;
    }
    size_t n = count ? strtoul(count, NULL, 10) : 0;
    v->windows = n ? calloc(n, sizeof(*v->windows)) : NULL;
    for (size_t k = 0; v->windows && k < n && rc == 0; k++) {
        struct sentinel_window *w = &v->windows[v->nwindows++];
        const char *text[3];
        static const char *const field[] = {"from_s", "to_s", "measured"};
        for (int f = 0; f < 3; f++) {
            snprintf(key, sizeof(key), "drift.window_%zu.%s", k + 1, field[f]);
            text[f] = meta_get(&m, key);
        }
        w->from_s = text[0] ? strtod(text[0], NULL) : NAN;
        w->to_s = text[1] ? strtod(text[1], NULL) : NAN;
        rc = parse_measured(text[2], w);
    }
    rc = n && !v->windows ? -1 : rc;
    meta_doc_free(&m);
    free(path);
    return rc;
}

static int same_shard(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

/* Each reading's median: drift_analyse's over the readings of its shard.  -1: memory. */
static int shard_medians(struct sentinel_view *v)
{
    struct drift_reading *r = malloc(v->n * sizeof(*r));
    if (!r)
        return -1;
    for (size_t i = 0, j; i < v->n; i = j) {
        struct drift d;
        for (j = i; j < v->n && same_shard(v->rows[j].shard, v->rows[i].shard); j++)
            r[j - i] = (struct drift_reading){v->rows[j].time_s, v->rows[j].gbps_median,
                                              v->rows[j].round > v->rounds};
        if (drift_analyse(r, j - i, v->target_pct, 0, &d) < 0) {
            free(r);
            return -1;
        }
        for (size_t k = i; k < j; k++) {
            v->median_gbps[k] = d.median_gbps;
            v->off_pct[k] = drift_offset_pct(&d, v->rows[k].gbps_median);
        }
        drift_free(&d);
        v->shards++;
    }
    free(r);
    return 0;
}

/* Measured in the plan's order: one shard, one round, after_config never going back. */
static int plan_order(const struct sentinel_view *v)
{
    double last = 0;
    if (v->shards != 1)
        return 0;
    for (size_t i = 0; i < v->n; i++) {
        const struct sentinel_row *r = &v->rows[i];
        if (r->round > 1 || r->after_config < last)
            return 0;
        if (!isnan(r->after_config))
            last = r->after_config;
    }
    return 1;
}

int sentinel_view_read(const struct plot_input *in, struct sentinel_view *v, FILE *log)
{
    size_t n = 0;
    memset(v, 0, sizeof(*v));
    const struct key_def *k =
        schema_key_find(schema_measure_keys, schema_measure_nkeys, "target_rsd");
    v->target_pct = k ? k->default_value : NAN; /* unless meta.yaml says (read_drift_meta) */
    v->rounds = INFINITY;
    struct sentinel_row *rows = sentinel_read(in->dir, &n, log);
    if (!rows)
        return 0;
    v->rows = rows;
    for (size_t i = 0; i < n; i++) /* the good readings: a failed one has no bandwidth */
        if (isfinite(rows[i].gbps_median))
            v->rows[v->n++] = rows[i];
    v->samples_min = INFINITY;
    v->samples_max = -INFINITY;
    for (size_t i = 0; i < v->n; i++) {
        v->samples_min = fmin(v->samples_min, v->rows[i].samples);
        v->samples_max = fmax(v->samples_max, v->rows[i].samples);
    }
    v->median_gbps = malloc((v->n ? v->n : 1) * sizeof(double));
    v->off_pct = malloc((v->n ? v->n : 1) * sizeof(double));
    if (!v->median_gbps || !v->off_pct || read_drift_meta(in, v) < 0 ||
        (v->n && shard_medians(v) < 0))
        return -1;
    v->in_order = plan_order(v);
    return 0;
}

void sentinel_view_free(struct sentinel_view *v)
{
    for (size_t k = 0; k < v->nwindows; k++)
        free(v->windows[k].configs);
    free(v->windows);
    free(v->rows);
    free(v->median_gbps);
    free(v->off_pct);
    memset(v, 0, sizeof(*v));
}

size_t sentinel_view_count(const struct plot_input *in)
{
    size_t n = 0, good = 0;
    struct sentinel_row *rows = sentinel_read(in->dir, &n, NULL);
    for (size_t i = 0; rows && i < n; i++)
        good += isfinite(rows[i].gbps_median) != 0;
    free(rows);
    return good;
}

int sentinel_view_off(const struct sentinel_view *v, size_t i)
{
    return fabs(v->off_pct[i]) > v->target_pct;
}

double sentinel_view_axis_pct(const struct sentinel_view *v)
{
    static const double steps[] = {5, 10, 20, 50, 100};
    double most = 0, axis = 0;
    for (size_t i = 0; i < v->n; i++)
        most = fmax(most, fabs(v->off_pct[i]));
    for (size_t k = 0; axis == 0; k++) {
        double a = k < 5 ? steps[k] : 100 * (double)(k - 3); /* 200, 300, ... */
        if (most <= 0.9 * a)
            axis = a;
    }
    return axis;
}

/* "−9.81 %" or "+0.92 %": a signed percentage with a true minus sign. */
static const char *signed_pct(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%s%.2f %%", v < 0 ? "−" : "+", fabs(v));
    return buf;
}

/* The first ok row of configuration c in in, or NULL (it failed, or is not in summary.csv). */
static const struct plot_row *row_of(const struct plot_input *in, int c)
{
    for (size_t i = 0; i < in->nall; i++)
        if (in->all[i].config == c)
            return &in->all[i];
    return NULL;
}

/* What kind of configuration r is, all but its size: "pinned d2h sync", "pageable host-read 4
 * threads". */
static void row_label(const struct plot_row *r, char *buf, size_t n)
{
    char a[32], b[32];
    const char *alloc = schema_value_name(AXIS_ALLOC, r->alloc);
    const char *api = schema_value_name(AXIS_API, r->api);
    if (api_is_host(r->api)) {
        snprintf(buf, n, "%s %s %s thread%s", alloc, api,
                 schema_value_text(AXIS_THREADS, r->threads, a, sizeof(a)),
                 r->threads == 1 ? "" : "s");
        return;
    }
    if (r->api == API_PIPELINE) {
        snprintf(buf, n, "%s pipeline %s stream%s", alloc,
                 schema_value_text(AXIS_STREAMS, r->streams, a, sizeof(a)),
                 r->streams == 1 ? "" : "s");
        return;
    }
    size_t len =
        (size_t)snprintf(buf, n, "%s %s %s%s", alloc, schema_value_name(AXIS_DIRECTION, r->dir),
                         api, r->buffer == BUFFER_REALLOCATE ? " reallocate" : "");
    if (len < n && !plot_host_steady(r))
        len += (size_t)snprintf(buf + len, n - len, "%s%s",
                                r->cache == CACHE_FLUSHED ? " flushed" : "",
                                r->touch == TOUCH_FIRST ? " first-touch" : "");
    if (len < n && r->numa != NUMA_ANY && r->numa != AXIS_UNUSED)
        len += (size_t)snprintf(buf + len, n - len, " numa %s",
                                schema_value_text(AXIS_NUMA, r->numa, a, sizeof(a)));
    if (len < n && r->pages != PAGES_DEFAULT)
        snprintf(buf + len, n - len, " pages %s",
                 schema_value_text(AXIS_PAGES, (uint64_t)r->pages, b, sizeof(b)));
}

/* A kind of configuration among those named, with its sizes. */
struct kind_group {
    char label[96];
    double size_min, size_max;
};

/*
 * Configurations c[0..n) (sorted, each once) in words into f: "configuration
 * 4", "configurations 490–555", "configurations 3–7 and 12" (up to three
 * runs, when ranges is set: measured in that order), else "47
 * configurations"; then after (may be "") and their kinds, each with its
 * sizes, the first SENTINEL_SAY_KINDS of them: " (pinned d2h sync 1.15
 * KB–18 MB, ... and 2 more kinds)".
 */
static void say_configs(FILE *f, const struct plot_input *in, const int *c, size_t n, int ranges,
                        const char *after)
{
    size_t runs = 0, ngroups = 0, shown = 0;
    for (size_t i = 0; i < n; i++)
        runs += i == 0 || c[i] != c[i - 1] + 1;
    if (n == 1)
        fprintf(f, "configuration %d", c[0]);
    else if (runs > 3 || !ranges)
        fprintf(f, "%zu configurations", n);
    else
        for (size_t i = 0, r = 0; i < n; r++) {
            size_t j = i;
            while (j + 1 < n && c[j + 1] == c[j] + 1)
                j++;
            fprintf(f, "%s%d", r == 0 ? "configurations " : r + 1 == runs ? " and " : ", ", c[i]);
            if (j > i)
                fprintf(f, "–%d", c[j]);
            i = j + 1;
        }
    fputs(after, f);
    struct kind_group *g = calloc(n ? n : 1, sizeof(*g));
    for (size_t i = 0; g && i < n; i++) {
        const struct plot_row *r = row_of(in, c[i]);
        char label[96];
        size_t k = 0;
        if (!r)
            continue;
        row_label(r, label, sizeof(label));
        while (k < ngroups && strcmp(g[k].label, label) != 0)
            k++;
        if (k == ngroups) {
            g[ngroups++] = (struct kind_group){"", r->size_bytes, r->size_bytes};
            snprintf(g[k].label, sizeof(g[k].label), "%s", label);
        }
        g[k].size_min = fmin(g[k].size_min, r->size_bytes);
        g[k].size_max = fmax(g[k].size_max, r->size_bytes);
    }
    for (size_t k = 0; k < ngroups && shown < SENTINEL_SAY_KINDS; k++, shown++) {
        char lo[32], hi[32];
        units_format_human((uint64_t)g[k].size_min, lo, sizeof(lo));
        units_format_human((uint64_t)g[k].size_max, hi, sizeof(hi));
        fprintf(f, "%s%s %s%s%s", k ? ", " : " (", g[k].label, lo,
                g[k].size_max > g[k].size_min ? "–" : "", g[k].size_max > g[k].size_min ? hi : "");
    }
    if (ngroups > shown)
        fprintf(f, " and %zu more kind%s", ngroups - shown, ngroups - shown == 1 ? "" : "s");
    if (shown)
        fputc(')', f);
    free(g);
}

/* What was measured before reading i, in words, after "the −9.81 % reading at 24.3 s". */
static void say_before(FILE *f, const struct plot_input *in, const struct sentinel_view *v,
                       size_t i)
{
    const struct sentinel_row *r = &v->rows[i];
    if (v->shards > 1) {
        fprintf(f, " (shard %.0f)", r->shard);
        return;
    }
    if (v->in_order) {
        double prev = i ? v->rows[i - 1].after_config : NAN;
        int from = isnan(prev) ? 1 : (int)prev + 1, to = (int)r->after_config;
        if (isnan(r->after_config)) {
            fputs(" came first, before any configuration was measured", f);
        } else if (to < from) {
            fputs(" followed no configuration since the reading before", f);
        } else {
            int *c = malloc((size_t)(to - from + 1) * sizeof(*c));
            for (int k = 0; c && k <= to - from; k++)
                c[k] = from + k;
            fputs(" followed ", f);
            if (c)
                say_configs(f, in, c, (size_t)(to - from + 1), 1, "");
            free(c);
        }
        return;
    }
    if (r->round > v->rounds)
        fputs(" (a repair round's)", f);
    else if (!isnan(r->round))
        fprintf(f, " (round %.0f)", r->round);
    for (size_t k = 0; k < v->nwindows; k++) {
        const struct sentinel_window *w = &v->windows[k];
        if (!(r->time_s >= w->from_s - 1e-3 && r->time_s <= w->to_s + 1e-3) || !w->nconfigs)
            continue;
        char rounds[48] = "";
        if (w->round_min > v->rounds)
            snprintf(rounds, sizeof(rounds), " of the repair rounds");
        else if (w->round_min && w->round_min < w->round_max)
            snprintf(rounds, sizeof(rounds), " of rounds %d–%d", w->round_min, w->round_max);
        else if (w->round_min)
            snprintf(rounds, sizeof(rounds), " of round %d", w->round_min);
        fprintf(f, " fell in meta.yaml's drift window %.1f–%.1f s, in which ", w->from_s, w->to_s);
        say_configs(f, in, w->configs, w->nconfigs, 0, rounds);
        fputs(w->nconfigs == 1 ? " was measured" : " were measured", f);
        return;
    }
}

/* Is every row of in the CPU's own access to host memory (no copy crosses the link)? */
static int cpu_only(const struct plot_input *in)
{
    for (size_t i = 0; i < in->nall; i++)
        if (!api_is_host(in->all[i].api))
            return 0;
    return in->nall > 0 && in->nat_once == 0;
}

/* The off readings' indices into worst[], furthest off first; how many there are. */
static size_t worst_first(const struct sentinel_view *v, size_t *worst)
{
    size_t k = 0;
    for (size_t i = 0; i < v->n; i++) {
        if (!sentinel_view_off(v, i))
            continue;
        size_t j = k++;
        for (; j > 0 && fabs(v->off_pct[worst[j - 1]]) < fabs(v->off_pct[i]); j--)
            worst[j] = worst[j - 1];
        worst[j] = i;
    }
    return k;
}

/* The first part: what the sentinel is, how often it was read, its median, spread and threshold. */
static void say_summary(const struct sentinel_view *v, size_t noff, FILE *f)
{
    double lo = INFINITY, hi = -INFINITY, last = 0;
    size_t repair = 0;
    for (size_t i = 0; i < v->n; i++) {
        lo = fmin(lo, v->rows[i].gbps_median);
        hi = fmax(hi, v->rows[i].gbps_median);
        last = fmax(last, v->rows[i].time_s);
        repair += v->rows[i].round > v->rounds;
    }
    if (v->copy[0])
        fprintf(f, "the sentinel copy, %s, was read %zu times in %.1f s", v->copy, v->n, last);
    else
        fprintf(f, "the sentinel was read %zu times in %.1f s", v->n, last);
    if (v->shards > 1)
        fprintf(f, " (%zu shards, each from its own start)", v->shards);
    if (isfinite(v->samples_min))
        fprintf(f,
                v->samples_min == v->samples_max ? ", %.0f samples a reading"
                                                 : ", %.0f–%.0f samples a reading",
                v->samples_min, v->samples_max);
    if (noff)
        fprintf(f, "; %zu of its %zu readings lie", v->n - noff, v->n);
    else
        fprintf(f, "; all %zu readings lie", v->n);
    fprintf(f, " within %g %% (the drift check's threshold, %s%s) of %s", v->target_pct,
            v->noise_judged ? "its reading noise x 5, at least target_rsd" : "target_rsd",
            v->target_known ? "" : "'s default: meta.yaml does not say",
            v->shards > 1
                ? (repair ? "the median of their shard's rounds' readings" : "their shard's median")
                : (repair ? "the median of the rounds' readings" : "their median"));
    if (v->shards == 1)
        fprintf(f, ", %.2f GB/s", v->median_gbps[0]);
    fprintf(f, ", and all within %.2f–%.2f GB/s, %.2f %% apart", lo, hi, 100 * (hi / lo - 1));
    if (repair)
        fprintf(f,
                "; %zu of the readings are the repair rounds', taken around each configuration "
                "measured again, judged against the rounds' median and band, not part of them",
                repair);
}

void sentinel_view_say(const struct plot_input *in, const struct sentinel_view *v, FILE *f)
{
    char pct[32];
    size_t *worst = malloc((v->n ? v->n : 1) * sizeof(*worst)), noff;
    if (!v->n || !worst) {
        free(worst);
        return;
    }
    noff = worst_first(v, worst);
    say_summary(v, noff, f);
    for (size_t k = 0; k < noff && k < SENTINEL_SAY_WORST; k++) {
        size_t i = worst[k];
        fprintf(f, "; the %s reading at %.1f s", signed_pct(v->off_pct[i], pct, sizeof(pct)),
                v->rows[i].time_s);
        say_before(f, in, v, i);
    }
    if (noff > SENTINEL_SAY_WORST)
        fprintf(f, "; %zu more reading%s off by at most %.2f %%", noff - SENTINEL_SAY_WORST,
                noff - SENTINEL_SAY_WORST == 1 ? " was" : "s were",
                fabs(v->off_pct[worst[SENTINEL_SAY_WORST]]));
    if (cpu_only(in))
        fputs("; every configuration of this folder is the CPU's own access to host memory, "
              "which crosses no link: the sentinel tells whether the link stayed the same, not "
              "whether what was measured did",
              f);
    free(worst);
}

/* A GB/s value in a table: two decimals. */
static void gbps_cell(double v, char *buf, size_t n)
{
    snprintf(buf, n, "%.2f", v);
}

/* The configurations since the reading before i, as a cell: "1–3", "4", "none", "–". */
static void since_cell(const struct sentinel_view *v, size_t i, char *buf, size_t n)
{
    double prev = i ? v->rows[i - 1].after_config : NAN, after = v->rows[i].after_config;
    int from = isnan(prev) ? 1 : (int)prev + 1, to = (int)after;
    if (!v->in_order || isnan(after))
        snprintf(buf, n, "–");
    else if (to < from)
        snprintf(buf, n, "none");
    else if (to == from)
        snprintf(buf, n, "%d", to);
    else
        snprintf(buf, n, "%d–%d", from, to);
}

int sentinel_view_table(const struct plot_input *in, const struct sentinel_view *v,
                        struct tabular *t)
{
    static const char *const head[] = {"reading",        "time s",
                                       "GB/s",           "95 % interval GB/s",
                                       "off the median", "followed configurations"};
    struct interval_tally tally;
    char *said = NULL, note[160];
    size_t len = 0;
    interval_tally_init(&tally, 0);
    tabular_init(t, "sentinel", "rrrrrl", head, "%s", "");
    t->nkey = 2; /* a reading is its number and time: beside each part of a split table */
    for (size_t i = 0; i < v->n; i++) {
        const struct sentinel_row *r = &v->rows[i];
        struct interval iv; /* sentinel.csv keeps no samples: the delta method from its rsd */
        interval_of_rsd(r->gbps_median, r->rsd_pct, r->samples, INTERVAL_SAMPLES, &iv);
        interval_cap(&iv, in->link_gbps); /* pinned copies: at most the link's raw rate */
        interval_tally_add(&tally, &iv);
        char num[16], time[32], gbps[32], range[64], off[32], since[48];
        snprintf(num, sizeof(num), "%.0f", r->reading);
        snprintf(time, sizeof(time), "%.1f", r->time_s);
        gbps_cell(r->gbps_median, gbps, sizeof(gbps));
        interval_range_text(&iv, gbps_cell, range, sizeof(range));
        signed_pct(v->off_pct[i], off, sizeof(off));
        since_cell(v, i, since, sizeof(since));
        const char *cells[] = {num, time, gbps, range, off, since};
        if (tabular_row(t, cells) < 0)
            return -1;
    }
    FILE *f = open_memstream(&said, &len);
    if (!f)
        return -1;
    sentinel_view_say(in, v, f);
    if (fclose(f) != 0) {
        free(said);
        return -1;
    }
    said[0] = (char)(said[0] == 't' ? 'T' : said[0]);
    /* the intervals' statement: the bars' note of the figure it stands for, as a sentence */
    interval_note(&tally, note, sizeof(note));
    snprintf(t->caption, sizeof(t->caption),
             "%s, the drift sentinel: %zu reading%s, fewer than %d, a table, not a figure. %s. "
             "%s%s",
             in->experiment, v->n, v->n == 1 ? "" : "s", PLOT_MIN_SIZES, said,
             strncmp(note, "bars", 4) == 0 ? "Intervals" : "No intervals",
             strncmp(note, "bars", 4) == 0 ? note + 4 : ": too few values");
    free(said);
    return 0;
}
