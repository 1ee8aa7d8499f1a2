/*
 * copyjob.c - building a configuration's copy job, timed as
 * experiment/timing.h says (queued, one by one), running it (copyjob.h).
 */
#include "measure/copyjob.h"
#include "measure/measure_loop.h"

#include <math.h>
#include <string.h>

void copyjob_make(const struct config *c, const struct buffers *b, int copies, struct copy_job *j)
{
    memset(j, 0, sizeof(*j));
    j->queued = timing_queued(c);
    j->dir = config_direction(c);
    j->api = config_api(c);
    j->bytes = config_size(c);
    j->copies = copies;
    for (int i = 0; i < b->nhost; i++) {
        j->host[i] = b->host[i].ptr;
        j->dev[i] = b->dev[i];
    }
}

int copyjob_run(struct gpu *g, const struct copy_job *j, struct copy_time *t, struct result *r)
{
    if (g->ops->copy(g, j, t) < 0) {
        measure_fail(r, "copying", g->ops->error(g));
        return -1;
    }
    return 0;
}

void copyjob_sample(struct sample *s, int copies, const struct copy_time *t)
{
    s->copies = copies;
    s->device_ms = t->device_ms;
    s->host_ms = t->host_ms;
    s->h2d_ms = t->h2d_ms;
    s->d2h_ms = t->d2h_ms;
    s->alloc_ms = s->fill_ms = s->free_ms = s->pin_ms = s->kernel_ms = NAN;
}
