/*
 * calibrate.c - how many copies make one sample (calibrate.h).
 */
#include "measure/calibrate.h"
#include "measure/copyjob.h"

#include <math.h>

/*
 * Start from one copy and scale by the measured time until a batch is long
 * enough.
 */
int calibrate_batch(struct gpu *g, const struct measure_opts *m, struct copy_job *j,
                    struct result *r)
{
    struct copy_time t;
    int max_batch = m->max_batch;
    if (j->queued && max_batch > GPU_QUEUE_MAX_COPIES - 8)
        max_batch = GPU_QUEUE_MAX_COPIES - 8; /* room for the warm-up copies */
    j->copies = 1;
    /* The first copy pays one-off costs (page faults, lazy set-up): leave it out. */
    if (copyjob_run(g, j, &t, r) < 0)
        return -1;
    for (int round = 0; round < 8; round++) {
        /* The shorter of two batches: a batch slowed by a one-off hiccup (preemption,
           a page fault) must not end the sizing with too few copies. */
        struct copy_time again;
        if (copyjob_run(g, j, &t, r) < 0 || copyjob_run(g, j, &again, r) < 0)
            return -1;
        if (again.device_ms < t.device_ms)
            t = again;
        if (t.device_ms >= m->min_sample_ms || j->copies >= max_batch)
            break;
        double per_copy = t.device_ms / j->copies;
        double want = per_copy > 0 ? 1.2 * m->min_sample_ms / per_copy : 2.0 * j->copies;
        if (want < 2.0 * j->copies && t.device_ms < 0.5 * m->min_sample_ms)
            want = 2.0 * j->copies;
        if (want > max_batch)
            want = max_batch;
        if ((int)ceil(want) <= j->copies)
            break;
        j->copies = (int)ceil(want);
    }
    calibrate_use_batch(j, j->copies, r);
    return 0;
}

void calibrate_use_batch(struct copy_job *j, int copies, struct result *r)
{
    j->copies = r->batch = copies;
    /* Queued batches start with a few untimed copies so the copy engine is busy at start. */
    j->warm_copies = j->queued ? (j->copies / 8 < 8 ? j->copies / 8 : 8) : 0;
}
