/*
 * sentinel.c - the drift watch (sentinel.h).
 */
#include "run/sentinel.h"
#include "base/timer.h"
#include "host/sysinfo.h"
#include "results/meta.h"
#include "results/sentinel_csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The automatic sentinel: pinned h2d sync reuse 64 MiB, every other axis at its default. */
static void auto_config(struct config *c)
{
    memset(c, 0, sizeof(*c));
    for (int a = 0; a < AXIS_SIZE; a++)
        c->v[a] = (uint64_t)schema_axes[a].default_value;
    c->v[AXIS_ALLOC] = ALLOC_PINNED;
    c->v[AXIS_DIRECTION] = DIR_H2D;
    c->v[AXIS_BUFFER] = BUFFER_REUSE;
    c->v[AXIS_API] = API_SYNC;
    c->v[AXIS_SIZE] = 64ULL << 20;
    sweep_not_applicable(c);
}

int sentinel_init(struct sentinel *sn, const struct experiment *e, const struct sweep *s, char *err,
                  size_t errlen)
{
    char text[128];
    memset(sn, 0, sizeof(*sn));
    sn->last_good_gbps = NAN;
    if (!(e->measure.sentinel_every_ms > 0))
        return 0;
    if (e->measure.sentinel > 0) {
        size_t i = 0;
        while (i < s->n && s->configs[i].index != e->measure.sentinel)
            i++;
        if (i == s->n) {
            snprintf(err, errlen,
                     "measure.sentinel: %d is not a configuration of the plan (1 to %zu; see "
                     "pinsweep plan)",
                     e->measure.sentinel, s->n);
            return -1;
        }
        sn->config = s->configs[i];
        snprintf(sn->what, sizeof(sn->what), "configuration %d, %s", sn->config.index,
                 sweep_describe(&sn->config, text, sizeof(text)));
    } else {
        auto_config(&sn->config);
        snprintf(sn->what, sizeof(sn->what), "%s (automatic)",
                 sweep_describe(&sn->config, text, sizeof(text)));
    }
    sn->m = e->measure;
    sn->m.samples = SENTINEL_SAMPLES;
    sn->m.warmup = 1;
    sn->m.verify = 0;
    sn->every_ms = e->measure.sentinel_every_ms;
    sn->rounds = e->measure.rounds > 1 ? e->measure.rounds : 1;
    sn->on = 1;
    return 0;
}

int sentinel_start(struct sentinel *sn, const char *dir, double t0_ms, char *err, size_t errlen)
{
    sn->t0_ms = t0_ms;
    if (!sn->on)
        return 0;
    if (!(sn->csv = sentinel_open(dir, err, errlen)))
        return -1;
    return 0;
}

/* Keep reading (time_s, gbps) for the analysis at the end; -1 when memory runs out. */
static int keep_reading(struct sentinel *sn, double time_s, double gbps, int repair)
{
    if (sn->n == sn->cap) {
        size_t cap = sn->cap ? 2 * sn->cap : 64;
        struct drift_reading *r = realloc(sn->readings, cap * sizeof(*r));
        if (!r)
            return -1;
        sn->readings = r;
        sn->cap = cap;
    }
    sn->readings[sn->n++] = (struct drift_reading){time_s, gbps, repair};
    return 0;
}

/* One reading into sentinel.csv and readings[]. */
static int take_reading(struct sentinel *sn, struct measure_ctx *mc, int after_config, int round,
                        char *err, size_t errlen)
{
    struct result r;
    struct summary sum;
    char utc[32];
    double time_s = (timer_read(mc->gpu->clock) - sn->t0_ms) / 1e3, nan = NAN;
    memset(&sum, 0, sizeof(sum));
    if (measure_config(mc, &sn->m, &sn->config, &r) < 0 ||
        (r.status == RESULT_OK && record_summarise(&r, &sum) < 0)) {
        result_free(&r);
        snprintf(err, errlen, "out of memory reading the sentinel");
        return -1;
    }
    int ok = r.status == RESULT_OK;
    double g = ok ? sum.gbps.median : nan;
    struct sentinel_row row = {
        .reading = (double)(sn->n + 1),
        .time_s = time_s,
        .utc = meta_iso_time(time(NULL), utc, sizeof(utc)),
        .round = round,
        .after_config = after_config > 0 ? after_config : nan,
        .gbps_median = g,
        .gbps_min = ok ? sum.gbps.min : nan,
        .gbps_max = ok ? sum.gbps.max : nan,
        .rsd_pct = ok ? sum.gbps.rsd_pct : nan,
        .samples = ok ? (double)r.nsamples : nan,
        .change_pct = ok ? 100.0 * (g / sn->last_good_gbps - 1) : nan,
        .status = ok ? "ok" : "error",
        .error = ok ? "" : r.error,
        .shard = sn->shard ? sn->shard : nan,
    };
    int rc =
        sn->forward ? sn->forward(sn->forward_ctx, &row) : sentinel_record(sn, &row, err, errlen);
    if (sn->forward) { /* the run records it; this process only counts it */
        sn->n++;
        if (ok)
            sn->last_good_gbps = g;
    }
    result_free(&r);
    return rc;
}

int sentinel_record(struct sentinel *sn, const struct sentinel_row *row, char *err, size_t errlen)
{
    if (strcmp(row->status, "ok") == 0)
        sn->last_good_gbps = row->gbps_median;
    int rc = sentinel_append(sn->csv, row, err, errlen);
    if (rc == 0 && keep_reading(sn, row->time_s, row->gbps_median, row->round > sn->rounds) < 0) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    return rc;
}

int sentinel_tick(struct sentinel *sn, struct measure_ctx *mc, int force, int after_config,
                  int round, char *err, size_t errlen)
{
    if (!sn->on)
        return 0;
    double now = timer_read(mc->gpu->clock);
    if (!force && sn->n && now - sn->last_ms < sn->every_ms)
        return 0;
    sn->last_ms = now;
    /* The first and the last reading also read the PCIe link while the copies run. */
    struct link_watch w;
    int watching = (sn->n == 0 || force) && sn->bus_id &&
                   link_watch_start(&w, sysinfo_sysfs_root(), sn->bus_id) == 0;
    int rc = take_reading(sn, mc, after_config, round, err, errlen);
    if (watching)
        link_watch_stop(&w, sn->n <= 1 ? &sn->link_first : &sn->link_last);
    return rc;
}

void sentinel_note(struct sentinel *sn, int config, int round, double from_ms, double to_ms)
{
    if (!sn->on)
        return;
    if (sn->nspans == sn->spans_cap) {
        size_t cap = sn->spans_cap ? 2 * sn->spans_cap : 256;
        struct drift_span *s = realloc(sn->spans, cap * sizeof(*s));
        if (!s)
            return; /* the list of disturbed configurations will miss it; the run goes on */
        sn->spans = s;
        sn->spans_cap = cap;
    }
    sn->spans[sn->nspans++] =
        (struct drift_span){config, round, (from_ms - sn->t0_ms) / 1e3, (to_ms - sn->t0_ms) / 1e3};
}

/*
 * The drift, then one sentence per disturbance (windows closer than the
 * sentinel's period make one): when the link was off, how far, and how
 * many configuration rounds were measured in it (the lists are meta.yaml's,
 * not the terminal's).
 */
static void print_drift(const struct sentinel *sn, FILE *out)
{
    const struct drift *d = &sn->drift;
    char more[96] = "";
    if (d->basis < 2) {
        fprintf(out, "pinsweep: sentinel (%s): %zu good readings, too few for a drift\n", sn->what,
                d->basis);
        return;
    }
    if (d->ok > d->basis)
        snprintf(more, sizeof(more), " (and %zu in the repair rounds, judged against them)",
                 d->ok - d->basis);
    fprintf(out,
            "pinsweep: sentinel (%s): %zu readings%s, median %.2f GB/s, drift %.2f%% "
            "(max/min - 1), reading noise %.2f%%; %zu window%s off by more than %.2f%%\n",
            sn->what, d->basis, more, d->median_gbps, d->drift_pct, d->noise_pct, d->nwindows,
            d->nwindows == 1 ? "" : "s", d->threshold_pct);
    for (size_t w = 0, end; w < d->nwindows; w = end) {
        end = drift_episode_end(d, w, sn->every_ms / 1e3);
        size_t k = 0, worst = w;
        for (size_t i = 0; i < sn->nspans; i++) {
            const struct drift_window *in = drift_disturbed(d, &sn->spans[i]);
            k += in >= &d->windows[w] && in < &d->windows[end];
        }
        for (size_t i = w; i < end; i++)
            worst = fabs(d->windows[i].worst_pct) > fabs(d->windows[worst].worst_pct) ? i : worst;
        char dips[48] = "", lists[64];
        if (end - w > 1) {
            snprintf(dips, sizeof(dips), ", in %zu dips", end - w);
            snprintf(lists, sizeof(lists), "drift.window_%zu to _%zu list", w + 1, end);
        } else {
            snprintf(lists, sizeof(lists), "drift.window_%zu lists", w + 1);
        }
        fprintf(out,
                "pinsweep: the link was disturbed from %.1f to %.1f s%s (the sentinel read %s%.2f%% "
                "%s its median); %zu configuration round%s measured then (meta.yaml's %s them)\n",
                d->windows[w].from_s, d->windows[end - 1].to_s, dips, end - w > 1 ? "up to " : "",
                fabs(d->windows[worst].worst_pct),
                d->windows[worst].worst_pct < 0 ? "below" : "above", k, k == 1 ? " was" : "s were",
                lists);
    }
}

/* What became of the rows measured in the windows: repaired, not clean, or kept as measured;
   how many had a repair round that disagreed with their clean rounds, when any did. */
static void print_repair(const struct drift *d, const struct drift_repair *rep, FILE *out)
{
    if (d->nwindows == 0)
        return;
    if (!rep || !rep->judged) {
        fprintf(out, "pinsweep: the rows measured in %s were kept as measured (no repair round: "
                     "measure.repair is 0, or the run measured several GPUs or was stopped)\n",
                d->nwindows == 1 ? "that window" : "those windows");
        return;
    }
    if (rep->ndisturbed == 0)
        return;
    char disagreed[96] = "";
    if (rep->ndisagreed)
        snprintf(disagreed, sizeof(disagreed),
                 "; %zu had a repair round that disagreed with %s clean rounds", rep->ndisagreed,
                 rep->ndisagreed == 1 ? "its" : "their");
    fprintf(out,
            "pinsweep: repair: %zu configuration%s measured again after the rounds, in %.1f s "
            "(budget %.1f s): %zu clean, %zu could not be measured clean, %zu left by an "
            "interruption%s; summary.csv's repaired column says which, meta.yaml's drift.repair "
            "lists them\n",
            rep->ndisturbed, rep->ndisturbed == 1 ? " was" : "s were", rep->time_s, rep->budget_s,
            rep->nrepaired, rep->nunclean, rep->nleft, disagreed);
}

int sentinel_finish(struct sentinel *sn, double target_pct, const struct drift_repair *rep,
                    FILE *out, char *err, size_t errlen)
{
    if (!sn->on)
        return 0;
    int rc = outfile_close(sn->csv, err, errlen);
    sn->csv = NULL;
    if (drift_analyse(sn->readings, sn->n, target_pct, DRIFT_NOISE_K, &sn->drift) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    print_drift(sn, out);
    print_repair(&sn->drift, rep, out);
    return rc;
}

void sentinel_free(struct sentinel *sn)
{
    outfile_discard(sn->csv);
    free(sn->readings);
    free(sn->spans);
    drift_free(&sn->drift);
    memset(sn, 0, sizeof(*sn));
}
