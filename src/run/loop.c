/*
 * loop.c - the run loop over rounds and configurations (see loop.h).
 */
#include "run/loop.h"
#include "run/fresh.h"
#include "run/stop.h"
#include "run/repair.h"
#include "run/step.h"
#include "base/timer.h"
#include "experiment/rounds.h"
#include "results/rounds_csv.h"
#include "host/sysinfo.h"

#include <stdlib.h>
#include <string.h>

/* One round over the configurations not finished yet, in its order. */
static int measure_round(struct run_loop *l, int round, const size_t *order)
{
    const struct sweep *s = l->s;
    int per_config = l->per_round.samples ? l->per_round.samples : l->per_round.min_samples;
    progress_start(&l->pr, l->pr.mode, stderr, s, per_config + l->e->measure.warmup, l->clock);
    for (size_t k = 0; k < s->n && !stop_requested(); k++) {
        size_t i = order[k];
        if (step_done_in_round(l, i, round)) {
            progress_end(&l->pr, &s->configs[i],
                         !l->finished[i] ? "round done before"
                         : round == 1    ? "done before"
                                         : "done");
            continue;
        }
        double ticking = timer_read(l->clock);
        int ticked = sentinel_tick(l->sn, &l->gpus->mc[0], 0, l->last_config, round, l->reason,
                                   l->reason_len);
        l->mt->sentinel_ms += timer_read(l->clock) - ticking;
        if (ticked < 0 || step_measure(l, i, round) < 0) {
            progress_finish(&l->pr);
            fprintf(stderr,
                    "pinsweep: %s\npinsweep: the run stops: configuration %d is not recorded "
                    "(every one finished before it is kept)\n",
                    l->reason, s->configs[i].index);
            return -1;
        }
    }
    progress_finish(&l->pr);
    return 0;
}

/*
 * The rounds a stopped run finished of the configurations it had not
 * (results/rounds_csv.h), into l->acc: a run of one GPU in rounds.  Returns 0,
 * or -1 (l->reason says why).
 */
static int restore_rounds(struct run_loop *l)
{
    if (l->gpus->n != 1 || l->e->measure.rounds <= 1)
        return 0;
    int n = rounds_read(l->res->dir, l->s, l->finished, l->acc, l->reason, l->reason_len);
    if (n > 0)
        fprintf(stderr,
                "pinsweep: %d configuration%s not finished keep%s the rounds measured before "
                "(rounds.csv)\n",
                n, n == 1 ? "" : "s", n == 1 ? "s" : "");
    return n < 0 ? -1 : 0;
}

/* The loop's own memory and budget, and every GPU's buffers reserved; -1: out of memory. */
static int set_up(struct run_loop *l, uint64_t pinned_cap, uint64_t gpu_free,
                  const unsigned char *done, enum progress_mode mode)
{
    const struct sweep *s = l->s;
    size_t cells = s->n ? s->n : 1;
    l->acc = calloc(cells * step_rows_per_config(l->gpus), sizeof(*l->acc));
    l->finished = calloc(cells, 1);
    if (tally_init(&l->tally, s->n) < 0 || !l->acc || !l->finished)
        return -1;
    rounds_round_opts(&l->e->measure, &l->per_round);
    l->clock = l->gpus->mc[0].gpu->clock;
    l->b =
        (struct budget){.pinned_cap = pinned_cap, .gpu_free = gpu_free, .ram = sysinfo_ram_bytes()};
    for (size_t i = 0; i < s->n; i++)
        l->finished[i] = done && done[s->configs[i].index - 1];
    if (!l->fresh) /* else each round's process keeps its own (fresh.h) */
        gpus_keep_buffers(l->gpus, s, &l->b, l->finished);
    l->pr.mode = mode;
    l->keep_acc = l->repair && l->sn->on && l->e->measure.repair_pct > 0 && l->gpus->n == 1;
    return 0;
}

/* Every round, then the sentinel's last reading.  Returns 0, or -1 (l->reason says why). */
static int every_round(struct run_loop *l, size_t *order)
{
    const struct measure_opts *m = &l->e->measure;
    int rounds = m->rounds > 1 ? m->rounds : 1;
    for (int round = 1; round <= rounds && !stop_requested(); round++) {
        if (rounds_order(l->s, rounds, (unsigned long)m->seed, round, order) < 0) {
            snprintf(l->reason, l->reason_len, "out of memory ordering round %d", round);
            return -1;
        }
        if (rounds > 1)
            fprintf(stderr, "pinsweep: round %d of %d (seed %lu)\n", round, rounds,
                    rounds_seed((unsigned long)m->seed, round));
        if (l->fresh ? fresh_round(l->fresh, l, round, order) < 0
                     : measure_round(l, round, order) < 0)
            return -1;
    }
    if (l->fresh && !stop_requested() && fresh_write_missed(l->fresh, l) < 0) {
        fprintf(stderr, "pinsweep: %s\n", l->reason);
        return -1;
    }
    if (!stop_requested() && sentinel_tick(l->sn, &l->gpus->mc[0], 1, l->last_config, rounds, l->reason,
                                      l->reason_len) < 0) {
        fprintf(stderr, "pinsweep: %s\n", l->reason);
        return -1;
    }
    return 0;
}

int loop_measure(struct run_loop *l, uint64_t pinned_cap, uint64_t gpu_free,
                 const unsigned char *done, enum progress_mode mode)
{
    int rc = -1;
    size_t *order = malloc((l->s->n ? l->s->n : 1) * sizeof(*order));
    if (!order || set_up(l, pinned_cap, gpu_free, done, mode) < 0) {
        snprintf(l->reason, l->reason_len, "out of memory");
        fprintf(stderr, "pinsweep: out of memory\n");
    } else if (restore_rounds(l) < 0) {
        fprintf(stderr, "pinsweep: %s\n", l->reason);
    } else {
        double began = timer_read(l->clock);
        rc = every_round(l, order);
        if (rc == 0 && l->repair && repair_run(l, timer_read(l->clock) - began, l->repair) < 0) {
            fprintf(stderr, "pinsweep: %s\n", l->reason);
            rc = -1;
        }
    }
    if (rc < 0)
        l->mt->reason = l->reason;
    l->mt->host_buffers_reused += gpus_release_buffers(l->gpus);
    if (rc == 0)
        tally_print(stdout, &l->tally, l->gpus->n, l->e);
    for (size_t i = 0; l->acc && i < l->s->n * step_rows_per_config(l->gpus); i++)
        result_free(&l->acc[i]);
    free(order);
    free(l->acc);
    free(l->finished);
    tally_free(&l->tally);
    l->acc = NULL;
    l->finished = NULL;
    return rc;
}
