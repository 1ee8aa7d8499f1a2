/*
 * test_hostpool.c - host buffers kept across configurations
 * (measure/hostpool.c, measure/buffers.c): what is kept, what is handed
 * out again, the limit, making room largest first; and with the fake
 * engine, a configuration's other direction and a second round reusing
 * the first one's buffer, verified.
 */
#include "check.h"
#include "configs.h"
#include "measure/buffers.h"
#include "measure/hostpool.h"
#include "measure/measure.h"

#include <stdlib.h>
#include <string.h>

#define MIB (1u << 20)

/* An engine that only frees, and remembers the sizes it freed in order. */
static size_t freed[16], nfreed;
static int fail_free;

static int count_free(struct gpu *g, struct host_buf *b)
{
    (void)g;
    if (!b->ptr)
        return 0;
    free(b->ptr); /* refused or not, the test's memory goes back */
    b->ptr = NULL;
    if (fail_free)
        return -1;
    freed[nfreed++] = b->bytes;
    return 0;
}

static const char *no_error(const struct gpu *g)
{
    (void)g;
    return "free refused";
}

static const struct gpu_ops counting_ops = {
    .name = "counting", .host_free = count_free, .error = no_error};

static struct host_buf buf_of(size_t bytes)
{
    struct host_buf b = {.kind = ALLOC_PINNED, .bytes = bytes};
    b.ptr = malloc(bytes);
    return b;
}

static struct hostpool_key key(enum alloc_kind kind, int node, size_t bytes)
{
    return (struct hostpool_key){kind, PAGES_DEFAULT, node, bytes};
}

static void test_pool(void)
{
    struct gpu g = {.ops = &counting_ops};
    struct hostpool p = {.limit_bytes = 10};
    struct hostpool_key k4 = key(ALLOC_PINNED, -1, 4), k3 = key(ALLOC_PINNED, -1, 3);
    struct host_buf a = buf_of(4), b = buf_of(3), c = buf_of(4), out;
    nfreed = 0;
    CHECK("a buffer within the limit is kept, not freed",
          hostpool_give(&p, &g, &k4, &a, NULL) == 0 && nfreed == 0 && p.n == 1 &&
              p.held_bytes == 4 && !a.ptr,
          "freed %zu, held %llu", nfreed, (unsigned long long)p.held_bytes);
    hostpool_give(&p, &g, &k3, &b, NULL);
    CHECK("a second one too (7 of 10 held)", nfreed == 0 && p.held_bytes == 7, "held %llu",
          (unsigned long long)p.held_bytes);
    CHECK("a third that would pass the limit (11 > 10) is freed",
          hostpool_give(&p, &g, &k4, &c, NULL) == 0 && nfreed == 1 && freed[0] == 4 && p.n == 2,
          "freed %zu", nfreed);
    struct hostpool_key other_kind = key(ALLOC_PORTABLE, -1, 4),
                        other_node = key(ALLOC_PINNED, 1, 4);
    CHECK("another kind of the same size is not handed out",
          hostpool_take(&p, &other_kind, &out, NULL) == 0, "taken");
    CHECK("nor the same kind on another NUMA node", hostpool_take(&p, &other_node, &out, NULL) == 0,
          "taken");
    CHECK("the same kind, pages, node and size is, once",
          hostpool_take(&p, &k4, &out, NULL) == 1 && out.bytes == 4 && p.held_bytes == 3 &&
              hostpool_take(&p, &k4, &out, NULL) == 0 && p.reused == 1,
          "held %llu, reused %zu", (unsigned long long)p.held_bytes, p.reused);
    hostpool_give(&p, &g, &k4, &out, NULL);
    nfreed = 0;
    CHECK("making room for 5 frees the largest idle buffer first, and only it",
          hostpool_make_room(&p, &g, 5) == 0 && nfreed == 1 && freed[0] == 4 && p.held_bytes == 3,
          "freed %zu (first %zu), held %llu", nfreed, freed[0], (unsigned long long)p.held_bytes);
    CHECK("room for 8 frees the rest", hostpool_make_room(&p, &g, 8) == 0 && p.n == 0, "left %zu",
          p.n);
    struct host_buf d = buf_of(2);
    hostpool_give(&p, &g, &k3, &d, NULL);
    fail_free = 1;
    CHECK("a refused free is an error", hostpool_make_room(&p, &g, 10) < 0, "no error");
    fail_free = 0;
    struct host_buf e = buf_of(1);
    hostpool_give(&p, &g, &k3, &e, NULL);
    nfreed = 0;
    CHECK("release frees everything kept and turns the pool off",
          hostpool_release(&p, &g) == 0 && nfreed == 1 && p.n == 0 && p.limit_bytes == 0,
          "freed %zu", nfreed);
    struct host_buf f = buf_of(1);
    nfreed = 0;
    CHECK("an off pool keeps nothing", hostpool_give(&p, &g, &k3, &f, NULL) == 0 && nfreed == 1,
          "freed %zu", nfreed);
}

/* Keys of one round: a small page-locked buffer serves the round it was allocated in. */
static void test_rounds(void)
{
    struct gpu g = {.ops = &counting_ops};
    struct hostpool p = {.limit_bytes = 100};
    struct hostpool_key r1 = key(ALLOC_PINNED, -1, 4), r2 = r1, r3 = r1, any = r1,
                        other = key(ALLOC_PINNED, -1, 3);
    struct host_buf a = buf_of(4), b = buf_of(4), c = buf_of(3), d = buf_of(4), out;
    r1.round = 1;
    r2.round = 2;
    r3.round = 3;
    other.round = 1;
    hostpool_give(&p, &g, &r1, &a, NULL);
    CHECK("round 2 does not take round 1's buffer", hostpool_take(&p, &r2, &out, NULL) == 0,
          "taken");
    CHECK("nor does a key for any round", hostpool_take(&p, &any, &out, NULL) == 0, "taken");
    hostpool_give(&p, &g, &r3, &b, NULL);
    hostpool_give(&p, &g, &other, &c, NULL);
    hostpool_give(&p, &g, &any, &d, NULL);
    nfreed = 0;
    CHECK("round 2's own buffer frees round 1's of the same kind and size, only it",
          hostpool_drop_rounds_before(&p, &g, &r2) == 0 && nfreed == 1 && freed[0] == 4 &&
              p.n == 3 && p.held_bytes == 11,
          "freed %zu, left %zu, held %llu", nfreed, p.n, (unsigned long long)p.held_bytes);
    struct host_buf out3 = {0};
    CHECK("round 3's and the any-round buffer are still there",
          hostpool_take(&p, &r3, &out3, NULL) == 1 && hostpool_take(&p, &any, &out, NULL) == 1,
          "missing");
    count_free(&g, &out3); /* round 3's is done with */
    hostpool_give(&p, &g, &any, &out, NULL);
    nfreed = 0;
    CHECK("round 3 frees round 1's 3-byte buffer, not the any-round one",
          hostpool_drop_rounds_before(
              &p, &g, &(struct hostpool_key){ALLOC_PINNED, PAGES_DEFAULT, -1, 3, 3}) == 0 &&
              nfreed == 1 && freed[0] == 3 && p.n == 1,
          "freed %zu, left %zu", nfreed, p.n);
    hostpool_release(&p, &g);
}

/* Measure c verified on mc after `warmup` warm-up batches; its status, and its batch, round
   trip and phase times in *r_out. */
static enum result_status measure_warm(struct measure_ctx *mc, const struct config *c, int warmup,
                                       struct result *r_out)
{
    struct measure_opts m = {.samples = 3,
                             .max_samples = 3,
                             .min_sample_ms = 0.05,
                             .max_batch = 8,
                             .warmup = warmup,
                             .verify = 1};
    struct result r;
    measure_config(mc, &m, c, &r);
    result_free(&r);
    *r_out = r; /* its samples are freed: only the other fields are read */
    return r.status;
}

static enum result_status measure(struct measure_ctx *mc, const struct config *c,
                                  struct result *r_out)
{
    return measure_warm(mc, c, 0, r_out);
}

static void test_with_engine(void)
{
    struct gpu_info info;
    struct measure_ctx mc = {.gpu_node = -1};
    struct timer_clock clock = {0};
    char err[256];
    struct result r, first;
    setenv("PINSWEEP_FAKE_DEVICES", "1", 1);
    if (gpu_fake_ops.open(0, &clock, &info, &mc.gpu, err, sizeof(err)) < 0) {
        CHECK("the fake engine opens", 0, "%s", err);
        return;
    }
    mc.hostpool.limit_bytes = 3 * MIB;
    struct config h2d = test_copy_config(ALLOC_PINNED, DIR_H2D, API_SYNC, MIB),
                  d2h = test_copy_config(ALLOC_PINNED, DIR_D2H, API_SYNC, MIB),
                  big = test_copy_config(ALLOC_PINNED, DIR_H2D, API_SYNC, 4 * MIB);
    CHECK("h2d 1 MiB measures and verifies", measure(&mc, &h2d, &first) == RESULT_OK, "%s",
          first.error);
    CHECK("its buffer is kept", mc.hostpool.n == 1 && mc.hostpool.held_bytes == MIB, "n %zu",
          mc.hostpool.n);
    CHECK("d2h 1 MiB takes it, and verifies in it",
          measure(&mc, &d2h, &r) == RESULT_OK && mc.hostpool.reused == 1 && mc.hostpool.n == 1,
          "%s (reused %zu)", r.error, mc.hostpool.reused);
    CHECK("4 MiB is over the 3 MiB limit: allocated, not kept, the 1 MiB one freed for room",
          measure(&mc, &big, &r) == RESULT_OK && mc.hostpool.reused == 1 && mc.hostpool.n == 0,
          "%s (kept %zu)", r.error, mc.hostpool.n);
    /* An earlier round that sized another batch and read another round trip than this
       engine would: a later round must take both, not measure them again. */
    struct result earlier = first;
    earlier.batch = first.batch == 5 ? 6 : 5;
    earlier.roundtrip_us = 123.25;
    mc.earlier = &earlier;
    CHECK("a later round of h2d measures with the earlier round's batch and round trip",
          measure(&mc, &h2d, &r) == RESULT_OK && r.batch == earlier.batch &&
              r.roundtrip_us == 123.25,
          "batch %d vs %d, round trip %g", r.batch, earlier.batch, r.roundtrip_us);
    mc.earlier = NULL;
    CHECK("release frees what is kept",
          hostpool_release(&mc.hostpool, mc.gpu) == 0 && mc.hostpool.n == 0, "%s",
          mc.gpu->ops->error(mc.gpu));
    devpool_release(&mc.pool, mc.gpu);
    gpu_fake_ops.close(mc.gpu);
    timer_clock_release(&clock);
}

/* Later rounds with the fake engine: a small page-locked buffer is allocated again for each
   round and the earlier round's freed; a pageable one is reused across rounds. */
static void test_round_buffers(void)
{
    struct gpu_info info;
    struct measure_ctx mc = {.gpu_node = -1};
    struct timer_clock clock = {0};
    char err[256];
    struct result r;
    if (gpu_fake_ops.open(0, &clock, &info, &mc.gpu, err, sizeof(err)) < 0) {
        CHECK("the fake engine opens", 0, "%s", err);
        return;
    }
    mc.hostpool.limit_bytes = 8 * MIB;
    struct config h2d = test_copy_config(ALLOC_PINNED, DIR_H2D, API_SYNC, MIB),
                  d2h = test_copy_config(ALLOC_PINNED, DIR_D2H, API_SYNC, MIB),
                  pageable = test_copy_config(ALLOC_PAGEABLE, DIR_H2D, API_SYNC, MIB);
    mc.round = 1;
    measure(&mc, &h2d, &r);
    measure(&mc, &pageable, &r);
    mc.round = 2;
    CHECK("round 2's pinned h2d allocates its own buffer and frees round 1's",
          measure(&mc, &h2d, &r) == RESULT_OK && mc.hostpool.reused == 0 && mc.hostpool.n == 2 &&
              mc.hostpool.held_bytes == 2 * MIB,
          "%s (reused %zu, kept %zu)", r.error, mc.hostpool.reused, mc.hostpool.n);
    CHECK("round 2's d2h takes round 2's buffer",
          measure(&mc, &d2h, &r) == RESULT_OK && mc.hostpool.reused == 1, "%s (reused %zu)",
          r.error, mc.hostpool.reused);
    CHECK("round 2's pageable h2d takes round 1's buffer",
          measure(&mc, &pageable, &r) == RESULT_OK && mc.hostpool.reused == 2 && mc.hostpool.n == 2,
          "%s (reused %zu, kept %zu)", r.error, mc.hostpool.reused, mc.hostpool.n);
    hostpool_release(&mc.hostpool, mc.gpu);
    devpool_release(&mc.pool, mc.gpu);
    gpu_fake_ops.close(mc.gpu);
    timer_clock_release(&clock);
}

/* A later round warms up with one batch of the earlier round's size, or none when the
   experiment asks for none.  On the model's clock the warm-up phase is exactly the time of
   the batches it ran: 3 in the first round, 1 in a later one, 0 with warmup 0. */
static void test_later_round_warmup(void)
{
    struct gpu_info info;
    struct measure_ctx mc = {.gpu_node = -1};
    struct timer_clock clock = {0};
    char err[256];
    struct result first, r;
    setenv("PINSWEEP_FAKE_MODEL", "gbps=25 t0_us=10", 1);
    if (gpu_fake_ops.open(0, &clock, &info, &mc.gpu, err, sizeof(err)) < 0) {
        CHECK("the fake engine opens with a model", 0, "%s", err);
        unsetenv("PINSWEEP_FAKE_MODEL");
        return;
    }
    struct config h2d = test_copy_config(ALLOC_PINNED, DIR_H2D, API_SYNC, MIB);
    CHECK("a first round with 3 warm-up batches", measure_warm(&mc, &h2d, 3, &first) == RESULT_OK,
          "%s", first.error);
    double batch_ms = first.phase_ms[RUN_PHASE_WARMUP] / 3;
    mc.earlier = &first;
    CHECK("a later round warms up with one batch, not 3",
          measure_warm(&mc, &h2d, 3, &r) == RESULT_OK && batch_ms > 0 &&
              fabs(r.phase_ms[RUN_PHASE_WARMUP] - batch_ms) < 1e-9 * batch_ms,
          "%.9g ms, one batch %.9g ms", r.phase_ms[RUN_PHASE_WARMUP], batch_ms);
    CHECK("a later round of an experiment without warm-up warms up with none",
          measure_warm(&mc, &h2d, 0, &r) == RESULT_OK && r.phase_ms[RUN_PHASE_WARMUP] == 0,
          "%.9g ms", r.phase_ms[RUN_PHASE_WARMUP]);
    mc.earlier = NULL;
    hostpool_release(&mc.hostpool, mc.gpu);
    devpool_release(&mc.pool, mc.gpu);
    gpu_fake_ops.close(mc.gpu);
    timer_clock_release(&clock);
    unsetenv("PINSWEEP_FAKE_MODEL");
}

int main(void)
{
    test_pool();
    test_rounds();
    test_with_engine();
    test_round_buffers();
    test_later_round_warmup();
    return check_exit();
}
