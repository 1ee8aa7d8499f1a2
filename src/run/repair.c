/*
 * repair.c - repair rounds after the last round (see repair.h).
 */
#include "run/repair.h"
#include "run/loop.h"
#include "run/stop.h"
#include "base/stats.h"
#include "base/timer.h"
#include "record/summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A repair round that is not clean (a new off window, or it disagrees) is tried once more. */
#define REPAIR_ATTEMPTS 2

/* What one repair round was: not clean (failed, or the sentinel off after it), clean, or it
   disagreed with the row's clean rounds (record/summary.h). */
enum again { AGAIN_NOT_CLEAN, AGAIN_CLEAN, AGAIN_DISAGREED };

/* What one repair pass works with. */
struct repair {
    struct run_loop *l;
    struct drift d;      /* the readings of the rounds, judged (record/drift.h) */
    int *pos;            /* by plan number: its position in l->s, -1 none */
    int top;             /* the largest plan number */
    double *est_ms;      /* per position: its longest round, what a repair round may take */
    unsigned char *want; /* per position: disturbed, its rows not written again yet */
    int rounds;
};

/* The number of distinct rounds of r with a disturbed sample. */
static int disturbed_rounds(const struct result *r)
{
    int n = 0;
    for (size_t i = 0; i < r->nsamples; i++) {
        int seen = 0;
        if (!r->samples[i].disturbed)
            continue;
        for (size_t k = 0; k < i && !seen; k++)
            seen = r->samples[k].disturbed && r->samples[k].round == r->samples[i].round;
        n += !seen;
    }
    return n;
}

/* Mark r's samples of round disturbed. */
static void mark_round(struct result *r, int round)
{
    for (size_t i = 0; i < r->nsamples; i++)
        if ((r->samples[i].round ? r->samples[i].round : 1) == round)
            r->samples[i].disturbed = 1;
}

/*
 * Is round `round` of r (1 and up) moved by a window as deep as depth_pct:
 * is the depth over the round's own sample spread (rsd)?  A dip that the
 * round's samples scatter more than cannot be told in it: on the H200 a
 * quiet run's sentinel finds 1 % dips, which move a large copy's round and
 * not a small sync copy's, whose samples scatter by a few %.
 */
static int moved_by(const struct result *r, int round, double depth_pct)
{
    double *g = malloc((r->nsamples ? r->nsamples : 1) * sizeof(*g));
    size_t n = 0;
    struct stats st;
    for (size_t k = 0; g && k < r->nsamples; k++) {
        struct sample_rates x;
        if ((r->samples[k].round ? r->samples[k].round : 1) != round)
            continue;
        record_sample_rates(r->config, &r->samples[k], &x);
        g[n++] = x.gbps;
    }
    int moved = n < 2 || stats_compute(g, n, &st) < 0 || depth_pct > st.rsd_pct;
    free(g);
    return moved;
}

/* The last reading off the rounds' median by more than its noise allows, or failed. */
static int last_off(const struct repair *p)
{
    const struct sentinel *sn = p->l->sn;
    double g = sn->n ? sn->readings[sn->n - 1].gbps : NAN;
    return isnan(g) || drift_off(&p->d, g);
}

/* Append plan number c to list (n of them). */
static void note(int **list, size_t *n, int c)
{
    int *grown = realloc(*list, (*n + 1) * sizeof(**list));
    if (grown) {
        grown[(*n)++] = c;
        *list = grown;
    }
}

/*
 * The windows against the spans of this process: mark the disturbed rounds'
 * samples of every ok configuration kept in l->acc.  Returns how many
 * configurations are disturbed, -1 for memory.
 */
static int find_disturbed(struct repair *p, struct drift_repair *out)
{
    struct run_loop *l = p->l;
    const struct sweep *s = l->s;
    int n = 0;
    for (size_t i = 0; i < s->n; i++)
        p->top = s->configs[i].index > p->top ? s->configs[i].index : p->top;
    p->pos = malloc((size_t)(p->top + 1) * sizeof(*p->pos));
    p->est_ms = calloc(s->n ? s->n : 1, sizeof(*p->est_ms));
    p->want = calloc(s->n ? s->n : 1, 1);
    if (!p->pos || !p->est_ms || !p->want)
        return -1;
    for (int c = 0; c <= p->top; c++)
        p->pos[c] = -1;
    for (size_t i = 0; i < s->n; i++)
        p->pos[s->configs[i].index] = (int)i;
    for (size_t k = 0; k < l->sn->nspans; k++) {
        const struct drift_span *sp = &l->sn->spans[k];
        int i = sp->config >= 0 && sp->config <= p->top ? p->pos[sp->config] : -1;
        if (i < 0 || l->acc[i].status != RESULT_OK || !l->acc[i].nsamples)
            continue;
        double ms = 1e3 * (sp->to_s - sp->from_s);
        p->est_ms[i] = ms > p->est_ms[i] ? ms : p->est_ms[i];
        double depth = drift_depth(&p->d, sp);
        if (depth > 0 && moved_by(&l->acc[i], sp->round ? sp->round : 1, depth)) {
            mark_round(&l->acc[i], sp->round);
            p->want[i] = 1;
        }
    }
    for (size_t i = 0; i < s->n; i++)
        if (p->want[i]) {
            note(&out->disturbed, &out->ndisturbed, s->configs[i].index);
            n++;
        }
    return n;
}

/* Write position i's row again, repaired (yes, no); -1 when it cannot be written. */
static int write_again(struct repair *p, size_t i, enum repair_state state)
{
    struct run_loop *l = p->l;
    struct result *r = &l->acc[i];
    struct summary sum;
    r->repaired = state;
    r->disturbed_rounds = disturbed_rounds(r);
    double writing = timer_read(l->clock);
    int rc = results_write(l->res, l->e, r, &sum, l->reason, l->reason_len);
    l->mt->writing_ms += timer_read(l->clock) - writing;
    if (rc < 0)
        return -1;
    tally_forget(&l->tally, r->config->index);
    tally_peak(&l->tally, r, &sum);
    tally_row(&l->tally, r, &sum);
    p->want[i] = 0;
    return 0;
}

/*
 * One repair round of position i: AGAIN_CLEAN when the sentinel read quiet
 * after it and it agrees with the row's clean rounds (record_round_disagrees);
 * else, its samples (a failed round has none) marked disturbed, AGAIN_NOT_CLEAN
 * or AGAIN_DISAGREED; -1 with err: memory, or the sentinel reading not recorded.
 */
static int measure_again(struct repair *p, size_t i, int round, char *err, size_t errlen)
{
    struct run_loop *l = p->l;
    struct measure_ctx *mc = &l->gpus->mc[0];
    const struct config *c = &l->s->configs[i];
    struct result r;
    double from = timer_read(l->clock);
    mc->earlier = &l->acc[i];
    mc->round = round;
    int rc = measure_config(mc, &l->per_round, c, &r);
    mc->earlier = NULL;
    l->mt->measuring_ms += timer_read(l->clock) - from;
    sentinel_note(l->sn, c->index, round, from, timer_read(l->clock));
    l->last_config = c->index;
    if (rc < 0 || (r.status == RESULT_OK && record_merge_round(&l->acc[i], &r, round) < 0)) {
        result_free(&r);
        snprintf(err, errlen, "out of memory measuring configuration %d again", c->index);
        return -1;
    }
    int ok = r.status == RESULT_OK;
    result_free(&r);
    if (sentinel_tick(l->sn, mc, 1, c->index, round, err, errlen) < 0)
        return -1;
    if (!ok)
        return AGAIN_NOT_CLEAN;
    if (last_off(p)) {
        mark_round(&l->acc[i], round);
        return AGAIN_NOT_CLEAN;
    }
    int disagrees = record_round_disagrees(&l->acc[i], round);
    if (disagrees < 0) {
        snprintf(err, errlen, "out of memory judging configuration %d again", c->index);
        return -1;
    }
    if (!disagrees)
        return AGAIN_CLEAN;
    mark_round(&l->acc[i], round);
    return AGAIN_DISAGREED;
}

/* The repair rounds, in plan order, within budget_ms; -1: a row or a reading failed. */
static int repair_all(struct repair *p, double budget_ms, struct drift_repair *out)
{
    struct run_loop *l = p->l;
    const struct sweep *s = l->s;
    double start = timer_read(l->clock);
    int attempts = 0;
    for (size_t i = 0; i < s->n && !stop_requested();) {
        if (!p->want[i]) {
            i++;
            continue;
        }
        if (timer_read(l->clock) - start + p->est_ms[i] > budget_ms)
            break;
        if (last_off(p)) { /* wait for the sentinel to read quiet, on the budget */
            if (sentinel_tick(l->sn, &l->gpus->mc[0], 1, l->last_config, p->rounds + 1, l->reason,
                              l->reason_len) < 0)
                return -1;
            continue;
        }
        int again = measure_again(p, i, p->rounds + 1 + attempts, l->reason, l->reason_len);
        int clean = again == AGAIN_CLEAN, c = s->configs[i].index;
        if (again < 0)
            return -1;
        if (again == AGAIN_DISAGREED &&
            (!out->ndisagreed || out->disagreed[out->ndisagreed - 1] != c))
            note(&out->disagreed, &out->ndisagreed, c);
        if (clean || ++attempts >= REPAIR_ATTEMPTS) {
            if (clean) {
                if (write_again(p, i, REPAIR_YES) < 0)
                    return -1;
                note(&out->repaired, &out->nrepaired, c);
            }
            attempts = 0;
            i++;
        }
    }
    out->time_s = (timer_read(l->clock) - start) / 1e3;
    return 0;
}

/* What the repair rounds left: written from their clean rounds (no), or when interrupted, not. */
static int write_rest(struct repair *p, struct drift_repair *out)
{
    for (size_t i = 0; i < p->l->s->n; i++) {
        if (!p->want[i])
            continue;
        int c = p->l->s->configs[i].index;
        if (stop_requested()) {
            note(&out->left, &out->nleft, c);
            continue;
        }
        if (write_again(p, i, REPAIR_NO) < 0)
            return -1;
        note(&out->unclean, &out->nunclean, c);
    }
    return 0;
}

int repair_run(struct run_loop *l, double rounds_ms, struct drift_repair *out)
{
    struct repair p = {.l = l, .rounds = l->e->measure.rounds > 1 ? l->e->measure.rounds : 1};
    unsigned char *keep = NULL;
    int rc = 0, n;
    memset(out, 0, sizeof(*out));
    if (!l->keep_acc || stop_requested())
        return 0;
    out->judged = 1;
    out->budget_s = l->e->measure.repair_pct / 100 * rounds_ms / 1e3;
    if (drift_analyse(l->sn->readings, l->sn->n, l->e->measure.target_rsd_pct, DRIFT_NOISE_K,
                      &p.d) < 0 ||
        (n = find_disturbed(&p, out)) < 0 || !(keep = malloc((size_t)p.top + 1))) {
        snprintf(l->reason, l->reason_len, "out of memory");
        rc = -1;
    } else if (n > 0) {
        memset(keep, 1, (size_t)p.top + 1);
        for (size_t i = 0; i < l->s->n; i++)
            keep[l->s->configs[i].index - 1] = !p.want[i];
        fprintf(stderr,
                "pinsweep: repair: %d configuration%s measured while the sentinel was off; "
                "measuring %s again (at most %.1f s)\n",
                n, n == 1 ? " was" : "s were", n == 1 ? "it" : "them", out->budget_s);
        if (results_drop(l->res, keep, (size_t)p.top, l->reason, l->reason_len) < 0 ||
            repair_all(&p, 1e3 * out->budget_s, out) < 0 || write_rest(&p, out) < 0)
            rc = -1;
    }
    drift_free(&p.d);
    free(p.pos);
    free(p.est_ms);
    free(p.want);
    free(keep);
    return rc;
}
