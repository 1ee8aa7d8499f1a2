/*
 * test_measure.c - the stopping rule fed synthetic sample streams, and the
 * sampling loop driven through the fake engine (no GPU).
 */
#include "check.h"
#include "engine/gpu.h"
#include "measure/measure.h"

#include <stdlib.h>
#include <string.h>

/* The run's clock of the fake engine open_fake opened last. */
static struct timer_clock fake_clock;

/* The fake engine opened on device 0, as a run's measure context. */
static struct measure_ctx open_fake(void)
{
    struct gpu_info info;
    struct measure_ctx mc = {.gpu_node = -1};
    char err[256];
    if (gpu_fake_ops.open(0, &fake_clock, &info, &mc.gpu, err, sizeof(err)) < 0) {
        fprintf(stderr, "cannot open the fake engine: %s\n", err);
        exit(1);
    }
    return mc;
}

static void close_fake(struct measure_ctx *mc)
{
    devpool_release(&mc->pool, mc->gpu);
    mc->gpu->ops->close(mc->gpu);
    timer_clock_release(&fake_clock);
}

static struct measure_opts adaptive(void)
{
    struct measure_opts m = {.warmup = 0,
                             .samples = 0,
                             .min_samples = 5,
                             .max_samples = 12,
                             .target_rsd_pct = 0.5,
                             .max_time_ms = 1000,
                             .min_sample_ms = 0.1,
                             .max_batch = 100};
    return m;
}

/* Feed stream[] one sample at a time; return the reason and how many samples it took. */
static enum stop_reason feed(const struct measure_opts *m, const double *stream, size_t len,
                             double ms_per_sample, size_t *taken)
{
    double rsd;
    for (size_t n = 1; n <= len; n++) {
        enum stop_reason why = measure_should_stop(m, stream, n, n * ms_per_sample, &rsd);
        if (why != STOP_CONTINUE) {
            *taken = n;
            return why;
        }
    }
    *taken = len;
    return STOP_CONTINUE;
}

static void test_stopping_rule(void)
{
    struct measure_opts m = adaptive();
    double steady[40], noisy[40];
    size_t n;
    for (int i = 0; i < 40; i++) {
        steady[i] = 55.0 + 0.01 * (i % 3); /* rsd ~0.015% */
        noisy[i] = i % 2 ? 50.0 : 60.0;    /* rsd ~9% */
    }
    CHECK("steady stream stops at min_samples on target",
          feed(&m, steady, 40, 1, &n) == STOP_TARGET && n == 5, "n %zu", n);
    CHECK("noisy stream stops at max_samples",
          feed(&m, noisy, 40, 1, &n) == STOP_MAX_SAMPLES && n == 12, "n %zu", n);
    CHECK("slow noisy stream stops at max_time with 3 samples",
          feed(&m, noisy, 40, 600, &n) == STOP_MAX_TIME && n == 3, "n %zu", n);
    m.max_time_ms = 0;
    CHECK("max_time never cuts below 3 samples",
          feed(&m, noisy, 40, 1, &n) == STOP_MAX_TIME && n == 3, "n %zu", n);
    m = adaptive();
    m.samples = 7;
    CHECK("fixed samples ignore the target", feed(&m, steady, 40, 1, &n) == STOP_FIXED && n == 7,
          "n %zu", n);
    m = adaptive();
    double late[40];
    for (int i = 0; i < 40; i++)
        late[i] = i < 6 ? (i % 2 ? 40.0 : 60.0) : 55.0;
    CHECK("a stream that settles keeps sampling past min_samples",
          feed(&m, late, 40, 1, &n) == STOP_MAX_SAMPLES && n == 12, "n %zu", n);
    double rsd;
    measure_should_stop(&m, noisy, 4, 1, &rsd);
    CHECK_NEAR("rsd reported for the samples so far", rsd, 100.0 * 5.773502691896258 / 55.0, 1e-9);
}

static void test_fake_engine(void)
{
    struct measure_ctx mc = open_fake();
    struct measure_opts m = adaptive();
    struct config c = {.index = 1};
    struct result r;
    c.v[AXIS_ALLOC] = ALLOC_PINNED;
    c.v[AXIS_DIRECTION] = DIR_H2D;
    c.v[AXIS_BUFFER] = BUFFER_REUSE;
    c.v[AXIS_API] = API_SYNC;
    c.v[AXIS_SIZE] = 1 << 20;
    measure_config(&mc, &m, &c, &r);
    CHECK("fake run is ok", r.status == RESULT_OK, "%s", r.error);
    CHECK("sample count within min..max", r.nsamples >= 3 && r.nsamples <= 12, "%zu", r.nsamples);
    CHECK("batch sized to min_sample_time", r.batch >= 1 && r.samples[0].device_ms >= 0.05,
          "batch %d, %g ms", r.batch, r.samples[0].device_ms);
    CHECK("stop reason recorded", r.stop != STOP_CONTINUE, "%d", (int)r.stop);
    result_free(&r);

    c.v[AXIS_BUFFER] = BUFFER_REALLOCATE;
    m.samples = 4;
    measure_config(&mc, &m, &c, &r);
    CHECK("reallocate takes the fixed sample count",
          r.status == RESULT_OK && r.nsamples == 4 && r.stop == STOP_FIXED, "%zu samples",
          r.nsamples);
    CHECK("reallocate times each part",
          r.nsamples && !isnan(r.samples[0].alloc_ms) && !isnan(r.samples[0].fill_ms) &&
              !isnan(r.samples[0].free_ms),
          "NaN part");
    result_free(&r);

    setenv("PINSWEEP_FAKE_FAIL_ALLOC", "pinned", 1);
    measure_config(&mc, &m, &c, &r);
    CHECK_STR("failed allocation is an error row with the reason", r.error,
              "allocating the host buffer: fake host_alloc(pinned, 1048576) failed: "
              "cudaErrorMemoryAllocation: out of memory (injected)");
    CHECK("failed configuration reports no samples", r.status == RESULT_ERROR && r.nsamples == 0,
          "%zu", r.nsamples);
    result_free(&r);
    unsetenv("PINSWEEP_FAKE_FAIL_ALLOC");
    close_fake(&mc);
}

/* The fake engine's device memory, counted, with a limit on what may be live at once. */
static int dev_allocs, dev_frees;
static size_t dev_live, dev_limit = (size_t)-1;
static struct {
    void *p;
    size_t n;
} dev_held[8];

static int counting_dev_alloc(struct gpu *g, void **ptr, size_t bytes)
{
    if (dev_live + bytes > dev_limit) {
        *ptr = NULL;
        return -1;
    }
    if (gpu_fake_ops.dev_alloc(g, ptr, bytes) < 0)
        return -1;
    for (int i = 0; i < 8; i++) {
        if (!dev_held[i].p) {
            dev_held[i].p = *ptr;
            dev_held[i].n = bytes;
            break;
        }
    }
    dev_allocs++;
    dev_live += bytes;
    return 0;
}

static int counting_dev_free(struct gpu *g, void *ptr)
{
    if (!ptr)
        return 0;
    for (int i = 0; i < 8; i++) {
        if (dev_held[i].p == ptr) {
            dev_live -= dev_held[i].n;
            dev_held[i].p = NULL;
        }
    }
    dev_frees++;
    return gpu_fake_ops.dev_free(g, ptr);
}

static enum result_status measure_size(struct measure_ctx *mc, enum direction d, size_t size)
{
    struct measure_opts m = adaptive();
    struct config c = {.index = 1};
    struct result r;
    m.samples = 2;
    c.v[AXIS_ALLOC] = ALLOC_PINNED;
    c.v[AXIS_DIRECTION] = d;
    c.v[AXIS_BUFFER] = BUFFER_REUSE;
    c.v[AXIS_API] = API_ASYNC;
    c.v[AXIS_SIZE] = size;
    measure_config(mc, &m, &c, &r);
    enum result_status st = r.status;
    result_free(&r);
    return st;
}

static void test_device_pool(void)
{
    struct measure_ctx mc = open_fake();
    struct gpu_ops ops = gpu_fake_ops;
    ops.dev_alloc = counting_dev_alloc;
    ops.dev_free = counting_dev_free;
    mc.gpu->ops = &ops;
    size_t reserve[DEVPOOL_SLOTS] = {4 << 20, 0};
    CHECK("reserve allocates slot 0 once",
          devpool_reserve(&mc.pool, mc.gpu, reserve) == 0 && dev_allocs == 1, "%d allocations",
          dev_allocs);
    CHECK("a smaller configuration reuses the reserved buffer",
          measure_size(&mc, DIR_H2D, 1 << 20) == RESULT_OK && dev_allocs == 1 && dev_frees == 0,
          "%d allocations, %d frees", dev_allocs, dev_frees);
    CHECK("bidir grows only the second slot",
          measure_size(&mc, DIR_BIDIR, 2 << 20) == RESULT_OK && dev_allocs == 2 && dev_frees == 0,
          "%d allocations, %d frees", dev_allocs, dev_frees);
    CHECK("a larger configuration replaces slot 0",
          measure_size(&mc, DIR_H2D, 8 << 20) == RESULT_OK && dev_allocs == 3 && dev_frees == 1 &&
              dev_live == (10u << 20),
          "%d allocations, %d frees, %zu live", dev_allocs, dev_frees, dev_live);
    dev_limit = 12 << 20; /* 8 MiB + 6 MiB does not fit, 6 + 6 does */
    CHECK("a slot that cannot grow gets a second try with the pool emptied",
          measure_size(&mc, DIR_BIDIR, 6 << 20) == RESULT_OK && dev_live == (12u << 20), "%zu live",
          dev_live);
    CHECK("past the limit the configuration is an error",
          measure_size(&mc, DIR_BIDIR, 7 << 20) == RESULT_ERROR && dev_live == (7u << 20),
          "%zu live", dev_live);
    devpool_release(&mc.pool, mc.gpu);
    CHECK("release frees every device buffer", dev_live == 0 && dev_allocs == dev_frees,
          "%zu live, %d allocations, %d frees", dev_live, dev_allocs, dev_frees);
    mc.gpu->ops->close(mc.gpu);
    timer_clock_release(&fake_clock);
}

/* The overlap arithmetic: serial sum, ideal and overlap from synthetic pipeline samples. */
static void test_pipeline_summary(void)
{
    struct config c = {.index = 1};
    struct sample smp[3] = {
        {.copies = 1, .device_ms = 10, .host_ms = 10, .h2d_ms = 5, .kernel_ms = 5, .d2h_ms = 5},
        {.copies = 1, .device_ms = 12, .host_ms = 12, .h2d_ms = 6, .kernel_ms = 4, .d2h_ms = 5},
        {.copies = 1, .device_ms = 11, .host_ms = 11, .h2d_ms = 5, .kernel_ms = 5, .d2h_ms = 7}};
    struct result r = {.config = &c, .status = RESULT_OK, .samples = smp, .nsamples = 3};
    struct summary s;
    for (int i = 0; i < 3; i++)
        smp[i].alloc_ms = smp[i].fill_ms = smp[i].free_ms = smp[i].pin_ms = NAN;
    c.v[AXIS_API] = API_PIPELINE;
    c.v[AXIS_DIRECTION] = AXIS_UNUSED;
    c.v[AXIS_SIZE] = 100000000; /* 1e8 bytes */
    CHECK("a pipeline result summarises", record_summarise(&r, &s) == 0, "failed");
    CHECK_NEAR("pipeline time is the median whole run", s.pipeline_ms_median, 11, 1e-12);
    CHECK_NEAR("serial is the median of h2d + kernel + d2h alone", s.serial_ms_median, 15, 1e-12);
    CHECK_NEAR("ideal is the median of the longest stage", s.ideal_ms_median, 6, 1e-12);
    CHECK_NEAR("overlap is the median of serial / whole per sample (15/10, 15/12, 17/11)",
               s.overlap_median, 1.5, 1e-12);
    CHECK_NEAR("stage medians",
               s.h2d_alone_ms_median + s.kernel_alone_ms_median + s.d2h_alone_ms_median, 5 + 5 + 5,
               1e-12);
    CHECK_NEAR("bandwidth is the size over the whole run", s.gbps.median, 1e8 / 11e6, 1e-12);
    CHECK("a pipeline has no per-copy time", isnan(s.us_per_copy_median), "%g",
          s.us_per_copy_median);
    c.v[AXIS_API] = API_ASYNC;
    c.v[AXIS_DIRECTION] = DIR_H2D;
    CHECK("a copy has no pipeline columns",
          record_summarise(&r, &s) == 0 && isnan(s.serial_ms_median) && isnan(s.overlap_median),
          "serial %g", s.serial_ms_median);
}

/* A pipeline and a host read through the fake engine. */
static void test_fake_pipeline_and_host(void)
{
    /* On the model clock (each copy t0 + n/B), so the times below are exact,
     * whatever else the machine is doing. */
    setenv("PINSWEEP_FAKE_MODEL", "gbps=25 t0_us=10", 1);
    struct measure_ctx mc = open_fake();
    const double chunk_us = 10 + (1 << 20) / 25e3; /* 1 MiB at 25 GB/s, plus t0 */
    struct measure_opts m = adaptive();
    struct config c = {.index = 1};
    struct result r;
    for (int a = 0; a < AXIS_SIZE; a++)
        c.v[a] = AXIS_UNUSED;
    c.v[AXIS_ALLOC] = ALLOC_PINNED;
    c.v[AXIS_API] = API_PIPELINE;
    c.v[AXIS_STREAMS] = 2;
    c.v[AXIS_CHUNKS] = 4;
    c.v[AXIS_KERNEL] = KERNEL_RATIO | 1000;
    c.v[AXIS_NUMA] = NUMA_ANY;
    c.v[AXIS_SIZE] = 4 << 20;
    m.samples = 3;
    m.verify = 1;
    measure_config(&mc, &m, &c, &r);
    CHECK("a fake pipeline is ok and verified", r.status == RESULT_OK && r.nsamples == 3, "%s",
          r.error);
    CHECK("a 1x kernel is as long as one chunk's h2d copy",
          r.nsamples && fabs(r.kernel_us - chunk_us) <= 0.0005 && /* kept to the ns */
              fabs(r.samples[0].kernel_ms - 4 * r.kernel_us / 1e3) < 1e-9,
          "kernel %.9g us (want %.9g), kernels alone %.9g ms", r.kernel_us, chunk_us,
          r.nsamples ? r.samples[0].kernel_ms : NAN);
    CHECK("each stage is timed alone",
          r.nsamples && r.samples[0].h2d_ms > 0 && r.samples[0].d2h_ms > 0, "h2d %g",
          r.nsamples ? r.samples[0].h2d_ms : NAN);
    result_free(&r);
    c.v[AXIS_KERNEL] = KERNEL_TIME | 300000; /* 300 us per chunk, 4 chunks */
    measure_config(&mc, &m, &c, &r);
    CHECK("a fixed kernel time is kept",
          r.status == RESULT_OK && fabs(r.kernel_us - 300) < 1e-9 && r.samples[0].kernel_ms >= 1.2,
          "%g us, %g ms", r.kernel_us, r.nsamples ? r.samples[0].kernel_ms : NAN);
    result_free(&r);

    for (int a = 0; a < AXIS_SIZE; a++)
        c.v[a] = AXIS_UNUSED;
    c.v[AXIS_ALLOC] = ALLOC_WRITE_COMBINED;
    c.v[AXIS_API] = API_HOST_READ;
    c.v[AXIS_THREADS] = 3;
    c.v[AXIS_NUMA] = NUMA_ANY;
    c.v[AXIS_SIZE] = 1 << 20;
    m.verify = 0;
    measure_config(&mc, &m, &c, &r);
    CHECK("a host read with 3 threads is ok", r.status == RESULT_OK && r.nsamples == 3, "%s",
          r.error);
    CHECK("a host-read sample is a batch of timed passes",
          r.nsamples && r.batch >= 1 && r.samples[0].copies == r.batch &&
              r.samples[0].device_ms > 0,
          "batch %d", r.batch);
    result_free(&r);
    c.v[AXIS_NUMA] = NUMA_NODE + 900;
    measure_config(&mc, &m, &c, &r);
    CHECK("a NUMA node the machine lacks is skipped, saying which nodes exist",
          r.status == RESULT_SKIPPED && strstr(r.error, "skipped: NUMA node 900 does not exist"),
          "%s", r.error);
    result_free(&r);
    close_fake(&mc);
    unsetenv("PINSWEEP_FAKE_MODEL");
}

int main(void)
{
    test_stopping_rule();
    test_fake_engine();
    test_device_pool();
    test_pipeline_summary();
    test_fake_pipeline_and_host();
    return check_exit();
}
