/*
 * measure.c - measuring one configuration: set up its result, its page kind
 * and NUMA binding and its device buffers from the pool, then hand it to
 * the way it is measured (copies, reuse or reallocate; zero-copy kernels;
 * pipeline; host access).
 */
#include "measure/measure.h"
#include "experiment/budget.h"
#include "host/numabind.h"
#include "measure/buffers.h"
#include "measure/measure_copy.h"
#include "measure/measure_host.h"
#include "measure/measure_loop.h"
#include "measure/measure_pipeline.h"
#include "measure/placement.h"
#include "base/timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The one way c is measured, with b's device buffers taken. */
static void dispatch(struct measure_ctx *mc, const struct measure_opts *m, const struct config *c,
                     struct buffers *b, struct result *r)
{
    struct gpu *g = mc->gpu;
    enum copy_api api = config_api(c);
    if (api == API_PIPELINE) {
        measure_pipeline(g, m, c, b, r);
    } else if (api_is_host(api)) {
        measure_host(g, m, c, b, r);
    } else if (config_buffer(c) == BUFFER_REALLOCATE) {
        measure_reallocate(g, m, c, b, r);
    } else { /* reuse, and zero-copy kernels (their buffer axis reads "-") */
        if (mc->hostpool.limit_bytes)
            b->pool = &mc->hostpool;
        measure_reuse(g, m, c, b, mc->earlier, r);
    }
}

int measure_config(struct measure_ctx *mc, const struct measure_opts *m, const struct config *c,
                   struct result *r)
{
    struct buffers b;
    memset(r, 0, sizeof(*r));
    memset(&b, 0, sizeof(b));
    r->config = c;
    r->status = RESULT_OK;
    r->target_rsd_pct = m->target_rsd_pct;
    r->roundtrip_us = r->kernel_us = r->host_node_pct = r->huge_pct = NAN;
    r->overlap_pct = r->alone_gbps = NAN;
    r->host_node = r->bound_node = -1;
    r->gpu_node = mc->gpu_node;
    b.nhost = budget_host_buffers(c);
    b.ndev = budget_device_buffers(c);
    r->samples = calloc((size_t)measure_max_samples(m), sizeof(*r->samples));
    if (!r->samples)
        return -1;
    if (placement_check_pages(c, r) < 0)
        return 0;
    int bound = placement_bind(c, mc->gpu_node, r);
    if (bound < 0)
        return 0;
    b.node = r->bound_node;
    b.round = mc->round;
    if (devpool_take(&mc->pool, mc->gpu, b.ndev, config_size(c), b.dev) == 0)
        dispatch(mc, m, c, &b, r);
    else
        measure_fail(r, "allocating the device buffer", mc->gpu->ops->error(mc->gpu));
    double freeing = timer_read(mc->gpu->clock);
    buffers_free_host(mc->gpu, &b, r);
    run_phase_lap(mc->gpu->clock, r, RUN_PHASE_BUFFERS, &freeing);
    if (bound)
        numabind_restore();
    if (r->status != RESULT_OK)
        r->nsamples = 0; /* a failed configuration reports no numbers */
    return 0;
}
