/*
 * test_engine.c - engine contexts: the fake engine open on two devices in
 * one process, each with its own measure context, measuring and copying
 * independently; and the kind of every live host buffer it holds, on its
 * model's exact clock (no GPU).
 */
#include "check.h"
#include "configs.h"
#include "engine/gpu.h"
#include "measure/measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIB (1u << 20)

/* The last measure()'s error, for the checks' messages. */
static char measured_error[600];

static enum result_status measure(struct measure_ctx *mc, enum direction d, size_t size,
                                  int *gpu_node)
{
    /* Three samples of at most 8 copies, verified. */
    struct measure_opts m = {
        .samples = 3, .max_samples = 3, .min_sample_ms = 0.05, .max_batch = 8, .verify = 1};
    struct config c = test_copy_config(ALLOC_PINNED, d, API_ASYNC, size);
    struct result r;
    measure_config(mc, &m, &c, &r);
    snprintf(measured_error, sizeof(measured_error), "%s", r.error);
    *gpu_node = r.gpu_node;
    result_free(&r);
    return r.status;
}

/* Copy n bytes of value v from a host buffer into dev on g; 0 when it got there. */
static int copy_byte(struct gpu *g, void *dev, size_t n, unsigned char v)
{
    struct host_buf h;
    struct copy_time t;
    int rc = -1;
    if (g->ops->host_alloc(g, &h, ALLOC_PINNED, PAGES_DEFAULT, n) < 0)
        return -1;
    memset(h.ptr, v, n);
    struct copy_job j = {.dir = DIR_H2D, .api = API_SYNC, .bytes = n, .copies = 1};
    j.host[0] = h.ptr;
    j.dev[0] = dev;
    if (g->ops->copy(g, &j, &t) == 0)
        rc = ((unsigned char *)dev)[0] == v && ((unsigned char *)dev)[n - 1] == v ? 0 : -1;
    g->ops->host_free(g, &h);
    return rc;
}

static void test_two_devices(void)
{
    struct gpu_info info[2];
    struct measure_ctx mc[2] = {{.gpu_node = -1}, {.gpu_node = 1}};
    struct gpu *none = NULL;
    struct timer_clock clock = {0};
    char err[256];
    int node;
    setenv("PINSWEEP_FAKE_DEVICES", "2", 1);
    CHECK("the fake engine opens on device 0",
          gpu_fake_ops.open(0, &clock, &info[0], &mc[0].gpu, err, sizeof(err)) == 0, "%s", err);
    CHECK("and on device 1 in the same process, on the same run's clock",
          gpu_fake_ops.open(1, &clock, &info[1], &mc[1].gpu, err, sizeof(err)) == 0, "%s", err);
    if (!mc[0].gpu || !mc[1].gpu)
        return;
    CHECK("each context knows its device",
          mc[0].gpu != mc[1].gpu && mc[0].gpu->device == 0 && mc[1].gpu->device == 1 &&
              mc[1].gpu->ops == &gpu_fake_ops && info[1].device_count == 2,
          "devices %d, %d", mc[0].gpu->device, mc[1].gpu->device);
    CHECK("each device has its own uuid", strcmp(info[0].uuid, info[1].uuid) != 0, "%s",
          info[0].uuid);
    CHECK_STR("a third device is refused with the count",
              (gpu_fake_ops.open(2, &clock, &info[0], &none, err, sizeof(err)) < 0 && !none
                   ? err
                   : "opened"),
              "no usable GPU: device 2 asked for, but this machine shows 2 (0..1)");

    size_t want0[DEVPOOL_SLOTS] = {1 * MIB, 0}, want1[DEVPOOL_SLOTS] = {2 * MIB, 2 * MIB};
    CHECK("each pool reserves on its own device",
          devpool_reserve(&mc[0].pool, mc[0].gpu, want0) == 0 &&
              devpool_reserve(&mc[1].pool, mc[1].gpu, want1) == 0,
          "%s", mc[0].gpu->ops->error(mc[0].gpu));
    void *slot0 = mc[0].pool.slot[0].ptr, *slot1 = mc[1].pool.slot[0].ptr;
    CHECK("the pools are separate",
          slot0 && slot1 && slot0 != slot1 && !mc[0].pool.slot[1].ptr &&
              mc[0].pool.slot[0].bytes == MIB && mc[1].pool.slot[1].bytes == 2 * MIB,
          "slot 0: %p and %p", slot0, slot1);

    CHECK("device 0 measures a verified h2d copy with its GPU's node",
          measure(&mc[0], DIR_H2D, MIB, &node) == RESULT_OK && node == -1, "node %d: %s", node,
          measured_error);
    CHECK("device 1 measures a verified bidir copy with its GPU's node",
          measure(&mc[1], DIR_BIDIR, 2 * MIB, &node) == RESULT_OK && node == 1, "node %d: %s", node,
          measured_error);
    CHECK("device 0 measures again, interleaved", measure(&mc[0], DIR_D2H, MIB, &node) == RESULT_OK,
          "%s", measured_error);
    CHECK("bidir on device 1 left device 0's pool alone",
          mc[0].pool.slot[0].ptr == slot0 && !mc[0].pool.slot[1].ptr &&
              mc[1].pool.slot[0].ptr == slot1,
          "slot 1 of device 0: %p", mc[0].pool.slot[1].ptr);

    CHECK("copies land in each device's own buffer",
          copy_byte(mc[0].gpu, slot0, MIB, 0x11) == 0 &&
              copy_byte(mc[1].gpu, slot1, MIB, 0x22) == 0 &&
              ((unsigned char *)slot0)[MIB - 1] == 0x11,
          "device 0's buffer ends in 0x%02x", ((unsigned char *)slot0)[MIB - 1]);

    struct host_buf h;
    setenv("PINSWEEP_FAKE_FAIL_ALLOC", "pinned", 1);
    int failed = mc[1].gpu->ops->host_alloc(mc[1].gpu, &h, ALLOC_PINNED, PAGES_DEFAULT, 64) < 0;
    unsetenv("PINSWEEP_FAKE_FAIL_ALLOC");
    CHECK("a failure on device 1 is its error alone",
          failed && strstr(mc[1].gpu->ops->error(mc[1].gpu), "injected") &&
              mc[0].gpu->ops->error(mc[0].gpu)[0] == '\0',
          "device 0 says '%s'", mc[0].gpu->ops->error(mc[0].gpu));

    devpool_release(&mc[0].pool, mc[0].gpu);
    mc[0].gpu->ops->close(mc[0].gpu);
    CHECK("device 1 goes on measuring after device 0 is closed",
          measure(&mc[1], DIR_H2D, 2 * MIB, &node) == RESULT_OK &&
              mc[1].pool.slot[0].ptr == slot1 && mc[1].pool.slot[1].bytes == 2 * MIB,
          "%s", measured_error);
    devpool_release(&mc[1].pool, mc[1].gpu);
    CHECK("release empties device 1's pool", !mc[1].pool.slot[0].ptr && !mc[1].pool.slot[1].ptr,
          "not empty");
    mc[1].gpu->ops->close(mc[1].gpu);
    gpu_fake_ops.close(NULL); /* close is safe on NULL */
    timer_clock_release(&clock);
    unsetenv("PINSWEEP_FAKE_DEVICES");
}

/* The model's time of one copy of MIB bytes at t0_us and gbps, ms (clockmodel.h's arithmetic). */
static double model_ms(double t0_us, double gbps)
{
    return t0_us / 1e3 + (double)MIB / (gbps * 1e6);
}

/* One d2h copy of MIB bytes from dev into host on g; its device time, ms (NaN on failure). */
static double copy_ms(struct gpu *g, void *host, void *dev)
{
    struct copy_job j = {.dir = DIR_D2H, .api = API_SYNC, .bytes = MIB, .copies = 1};
    struct copy_time t;
    j.host[0] = host;
    j.dev[0] = dev;
    return g->ops->copy(g, &j, &t) == 0 ? t.device_ms : NAN;
}

/*
 * Every live host buffer keeps its kind in the fake engine, however many
 * there are (it once remembered eight: a copy from the ninth read the kind
 * allocated last), so that a model qualified by kind gives each copy its
 * kind's rate exactly; and a freed buffer's kind is forgotten.
 */
static void test_many_host_buffers(void)
{
    enum { NBUF = 12, PINNED = 8 }; /* eight pageable first, then pinned, then more pageable */
    struct timer_clock clock = {0};
    struct gpu_info info;
    struct gpu *g = NULL;
    struct host_buf b[NBUF];
    void *dev = NULL;
    char err[256];
    int allocated = 0;
    setenv("PINSWEEP_FAKE_MODEL", "gbps=20 t0_us=5 pinned.gbps=50 pinned.t0_us=2 pageable.gbps=12",
           1);
    int opened = gpu_fake_ops.open(0, &clock, &info, &g, err, sizeof(err)) == 0;
    unsetenv("PINSWEEP_FAKE_MODEL");
    CHECK("the fake engine opens with a model qualified by kind", opened, "%s", err);
    if (!opened)
        return;
    for (; allocated < NBUF; allocated++)
        if (g->ops->host_alloc(g, &b[allocated],
                               allocated == PINNED ? ALLOC_PINNED : ALLOC_PAGEABLE, PAGES_DEFAULT,
                               MIB) < 0)
            break;
    CHECK("twelve host buffers live at once, the ninth pinned",
          allocated == NBUF && g->ops->dev_alloc(g, &dev, MIB) == 0, "%d: %s", allocated,
          g->ops->error(g));
    if (allocated == NBUF && dev) {
        double pinned = copy_ms(g, b[PINNED].ptr, dev), pageable = copy_ms(g, b[NBUF - 1].ptr, dev);
        CHECK("a copy into the pinned one takes the pinned model's time exactly (2 us + 1 MiB at "
              "50 GB/s), not the pageable one's",
              pinned == model_ms(2, 50), "%.12g ms, want %.12g (pageable: %.12g)", pinned,
              model_ms(2, 50), model_ms(5, 12));
        CHECK("a copy into the last pageable one takes the pageable time (5 us + 1 MiB at 12 GB/s)",
              pageable == model_ms(5, 12), "%.12g ms, want %.12g", pageable, model_ms(5, 12));
        struct host_buf again;
        g->ops->host_free(g, &b[PINNED]);
        int ok = g->ops->host_alloc(g, &again, ALLOC_PAGEABLE, PAGES_DEFAULT, MIB) == 0;
        double ms = ok ? copy_ms(g, again.ptr, dev) : NAN;
        CHECK("the pinned one freed, a pageable one allocated then (perhaps where it was) is "
              "pageable",
              ms == model_ms(5, 12), "%.12g ms, want %.12g", ms, model_ms(5, 12));
        b[PINNED] = again;
    }
    for (int i = 0; i < allocated; i++)
        g->ops->host_free(g, &b[i]);
    g->ops->dev_free(g, dev);
    g->ops->close(g);
    timer_clock_release(&clock);
}

int main(void)
{
    test_two_devices();
    test_many_host_buffers();
    return check_exit();
}
