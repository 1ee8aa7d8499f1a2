/*
 * result.c - the names of a result's statuses, stops, phases and roles as
 * summary.csv and meta.yaml write them; merging a configuration's rounds;
 * freeing a result (result.h).
 */
#include "record/result.h"

#include <stdlib.h>
#include <string.h>

const char *const gpu_role_names[] = {"", "alone", "together", "aggregate"};

const char *const repair_state_names[] = {"", "yes", "no"};

const char *const stop_reason_names[] = {"", "fixed", "target", "max_samples", "max_time"};

const char *const run_phase_names[RUN_PHASE_COUNT] = {
    "host_buffers", "calibrating", "warming_up", "sampling", "round_trips", "verifying"};

int record_merge_round(struct result *acc, struct result *r, int round)
{
    size_t n = acc->nsamples + r->nsamples;
    struct sample *all = realloc(acc->samples, (n ? n : 1) * sizeof(*all));
    if (!all)
        return -1;
    for (size_t i = 0; i < r->nsamples; i++) {
        all[acc->nsamples + i] = r->samples[i];
        all[acc->nsamples + i].round = round;
    }
    int met = acc->rounds_met + (r->stop == STOP_TARGET);
    enum result_status status = acc->status;
    char error[sizeof(acc->error)];
    memcpy(error, acc->error, sizeof(error));
    free(r->samples);
    *acc = *r;
    acc->samples = all;
    acc->nsamples = n;
    acc->rounds = round;
    acc->rounds_met = met;
    if (round > 1 && status != RESULT_OK) { /* an earlier round's failure stays */
        acc->status = status;
        memcpy(acc->error, error, sizeof(error));
    }
    r->samples = NULL;
    r->nsamples = 0;
    return 0;
}

void result_free(struct result *r)
{
    free(r->samples);
    r->samples = NULL;
    r->nsamples = 0;
}
