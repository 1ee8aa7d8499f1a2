/*
 * gpu_fake.c - a copy engine without a GPU, for testing everything around one.
 *
 * "Device" memory is host memory and a copy is memcpy, timed by the host
 * clock.  Its numbers say nothing about any GPU: runs made with it record
 * engine: fake in meta.yaml.  It is chosen with PINSWEEP_ENGINE=fake, and
 * faults are injected through the environment:
 *   PINSWEEP_FAKE_NO_GPU=1          open fails as on a machine without a driver
 *   PINSWEEP_FAKE_DEVICES=N         the machine shows N devices (default 1)
 *   PINSWEEP_FAKE_BUS_ID=ID         device 0's PCI bus id (default "none"; device N's last
 *                                   digit is ID's + N), so its link is read from a fake
 *                                   sysfs tree (PINSWEEP_SYSFS) as a real one would be;
 *                                   ID,ID,...: each device's own (the last for the rest)
 *   PINSWEEP_FAKE_FAIL_ALLOC=KIND   host_alloc of that alloc kind fails
 *   PINSWEEP_FAKE_UNSUPPORTED=KIND  host_alloc says the device does not support that kind
 *   PINSWEEP_FAKE_CORRUPT=DIR       copies in that direction (h2d or d2h) get their
 *                                   last byte wrong (bidir copies have both)
 *   PINSWEEP_FAKE_NUMA_NODES=N      the machine is said to have NUMA nodes 0..N-1
 *                                   (numabind_pretend: binding to one changes nothing),
 *                                   and a copy made by a thread bound to node K is
 *                                   qualified "nodeK" in the model below
 * and its time is a model instead of the wall clock when it is opened with
 * one (clockmodel.h):
 *   PINSWEEP_FAKE_MODEL='pinned.h2d.gbps=50 t0_us=4 ...'
 *   PINSWEEP_FAKE_MODEL_FILE=FILE   the same entries in a file
 * The first device of a run reads the model and starts the run's clock on
 * it (struct fake_run); the devices opened on that clock share both, and a
 * device copying at once with others (at_once) has a clock of its own.
 * Then each copy of n bytes takes exactly t0 + n/B of the model's time
 * (qualified by alloc kind, direction and api); a bidir batch runs both
 * directions at once, each at bidir_share of its bandwidth, and lasts the
 * longer; host_alloc and host_free take alloc_ms + alloc_ms_per_gib and
 * free_ms + free_ms_per_gib (registered: pin_ms_per_gib of it is pin_ms);
 * a pipeline's stages take their chunks' copy times and kernel_ns, and run
 * all at once takes the longest stage plus one chunk's other stages (over
 * streams with overlap 1) or their sum.  The copies are still done
 * (memcpy), so verify: true works the same.  Every live host buffer it
 * allocated is remembered with its kind, so that a copy from or to one is
 * qualified by that kind.
 */
#include "engine/gpu.h"
#include "engine/clockmodel.h"
#include "host/hugepages.h"
#include "host/numabind.h"
#include "base/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A run under a model: the model and the run's clock, shared by every device
 * opened on it.  The run's timer_clock owns it (its release, run_release, frees it).
 */
struct fake_run {
    struct clockmodel model;
    struct clockmodel_clock clock;
};

/* A live host buffer the fake engine allocated, and its kind. */
struct fake_buf {
    const char *start;
    size_t bytes;
    enum alloc_kind kind;
};

/* The fake engine's context: its model, its last failure and the host buffers it allocated. */
struct fake_gpu {
    struct gpu base;
    struct fake_run *run;        /* the run's model and clock; NULL: none (the host clock) */
    struct clockmodel_clock own; /* its own clock while at once with other devices (has_own) */
    int has_own;
    struct timer_clock clock; /* base.clock under a model: own, else the run's */
    char gpu_qual[16];        /* "gpu0": the model's qualifier for this device */
    char last_error[256];
    struct fake_buf *bufs; /* every live host buffer it allocated, in no order */
    size_t nbufs, bufs_cap;
    enum alloc_kind last_kind; /* for a buffer it did not allocate (first-touch pages) */
};

static struct fake_gpu *fake(struct gpu *g)
{
    return (struct fake_gpu *)g;
}

/* The clock f's work moves: its own while at once with other devices, else the run's. */
static struct clockmodel_clock *clock_of(struct fake_gpu *f)
{
    return f->has_own ? &f->own : &f->run->clock;
}

/* Host work on clock c of model m: its modelled time, by which c moves on. */
static double model_host_work_ms(const struct clockmodel *m, struct clockmodel_clock *c,
                                 const char *const *what, int nwhat, double bytes)
{
    double ms = clockmodel_transfer_ms(m, c, what, nwhat, bytes);
    clockmodel_advance_ms(c, ms);
    return ms;
}

/* The run's clock under a model (a timer_clock on a struct fake_run). */
static double run_now_ms(void *ctx)
{
    return ((struct fake_run *)ctx)->clock.now_ms;
}

static double run_host_work_ms(void *ctx, const char *const *what, int nwhat, double bytes,
                               double timed_ms)
{
    struct fake_run *run = ctx;
    (void)timed_ms;
    return model_host_work_ms(&run->model, &run->clock, what, nwhat, bytes);
}

static void run_catch_up(void *ctx, double now_ms)
{
    clockmodel_catch_up(&((struct fake_run *)ctx)->clock, now_ms);
}

static void run_release(void *ctx)
{
    free(ctx);
}

/* A device's clock under a model (a timer_clock on a struct fake_gpu). */
static double device_now_ms(void *ctx)
{
    return clock_of(ctx)->now_ms;
}

static double device_host_work_ms(void *ctx, const char *const *what, int nwhat, double bytes,
                                  double timed_ms)
{
    struct fake_gpu *f = ctx;
    (void)timed_ms;
    return model_host_work_ms(&f->run->model, clock_of(f), what, nwhat, bytes);
}

static void device_catch_up(void *ctx, double now_ms)
{
    clockmodel_catch_up(clock_of(ctx), now_ms);
}

static const char *fake_error(const struct gpu *g)
{
    return ((const struct fake_gpu *)g)->last_error;
}

/* PINSWEEP_FAKE_DEVICES, or 1. */
static int fake_device_count(void)
{
    const char *n = getenv("PINSWEEP_FAKE_DEVICES");
    int count = n ? atoi(n) : 1;
    return count > 0 ? count : 1;
}

/* 1 when q is prefix and a number: a device (gpu0, gpu12) or a NUMA node (node1). */
static int numbered_qualifier(const char *q, const char *prefix)
{
    size_t len = strlen(prefix);
    if (strncmp(q, prefix, len) != 0 || !q[len])
        return 0;
    for (q += len; *q; q++)
        if (*q < '0' || *q > '9')
            return 0;
    return 1;
}

/*
 * 1 when q is an alloc kind, a direction, an api, a device (gpuN), a NUMA
 * node (nodeN) or "together" (several GPUs copying at once): what a
 * model's key may qualify.
 */
static int model_qualifier(const char *q)
{
    return schema_value_find(AXIS_ALLOC, q) >= 0 || schema_value_find(AXIS_DIRECTION, q) >= 0 ||
           schema_value_find(AXIS_API, q) >= 0 || strcmp(q, "memcpy") == 0 ||
           strcmp(q, "together") == 0 || numbered_qualifier(q, "gpu") ||
           numbered_qualifier(q, "node");
}

/* PINSWEEP_FAKE_NUMA_NODES: the NUMA nodes the machine is said to have (numabind_pretend). */
static void pretend_numa(void)
{
    const char *n = getenv("PINSWEEP_FAKE_NUMA_NODES");
    if (n && *n)
        numabind_pretend(atoi(n));
}

/*
 * The run's model: a new one from the environment when clock is zeroed
 * (NULL in *run without one), else the one clock was started on (the
 * fake engine's: NULL when that is the host clock).  -1 with why in err.
 */
static int run_model(const struct timer_clock *clock, struct fake_run **run, char *err,
                     size_t err_len)
{
    *run = NULL;
    if (clock->now_ms) {
        *run = clock->now_ms == run_now_ms ? clock->ctx : NULL;
        return 0;
    }
    if (!(*run = calloc(1, sizeof(**run)))) {
        snprintf(err, err_len, "fake open: out of memory");
        return -1;
    }
    int rc = clockmodel_load_env(&(*run)->model, model_qualifier, err, err_len);
    if (rc <= 0) {
        free(*run);
        *run = NULL;
        return rc;
    }
    clockmodel_clock_start(&(*run)->model, &(*run)->clock, 0, 0, 1);
    return 0;
}

/* The run's clock on run (NULL: the host's), into a zeroed clock. */
static void start_run_clock(struct timer_clock *clock, struct fake_run *run)
{
    if (clock->now_ms)
        return;
    *clock = run ? (struct timer_clock){.now_ms = run_now_ms,
                                        .host_work_ms = run_host_work_ms,
                                        .catch_up = run_catch_up,
                                        .release = run_release,
                                        .ctx = run}
                 : timer_host_clock;
}

static int fake_open(int device, struct timer_clock *clock, struct gpu_info *info, struct gpu **g,
                     char *err, size_t err_len)
{
    int count = fake_device_count();
    struct fake_gpu *f = NULL;
    struct fake_run *run;
    memset(info, 0, sizeof(*info));
    *g = NULL;
    if (getenv("PINSWEEP_FAKE_NO_GPU")) {
        snprintf(err, err_len, "no usable GPU: the fake engine was told there is none");
        return -1;
    }
    if (run_model(clock, &run, err, err_len) < 0)
        return -1;
    pretend_numa();
    if (device < 0 || device >= count)
        snprintf(err, err_len,
                 "no usable GPU: device %d asked for, but this machine shows %d (0..%d)", device,
                 count, count - 1);
    else if (!(f = calloc(1, sizeof(*f))))
        snprintf(err, err_len, "fake open: out of memory");
    if (!f) {
        if (!clock->now_ms) /* started for this device: nothing else holds it */
            free(run);
        return -1;
    }
    f->run = run;
    f->clock = (struct timer_clock){.now_ms = device_now_ms,
                                    .host_work_ms = device_host_work_ms,
                                    .catch_up = device_catch_up,
                                    .ctx = f};
    f->base = (struct gpu){
        .ops = &gpu_fake_ops, .device = device, .clock = run ? &f->clock : &timer_host_clock};
    start_run_clock(clock, run);
    snprintf(f->gpu_qual, sizeof(f->gpu_qual), "gpu%d", device);
    info->device = device;
    info->device_count = count;
    snprintf(info->name, sizeof(info->name), "fake GPU (%s)",
             run ? "memcpy, model clock" : "memcpy");
    snprintf(info->uuid, sizeof(info->uuid), "GPU-00000000-0000-0000-0000-%012d", device);
    const char *bus = getenv("PINSWEEP_FAKE_BUS_ID");
    if (bus && strchr(bus, ',')) { /* one per device: the device's, or the last */
        for (int i = 0; i < device && strchr(bus, ','); i++)
            bus = strchr(bus, ',') + 1;
        snprintf(info->pci_bus_id, sizeof(info->pci_bus_id), "%.*s", (int)strcspn(bus, ","), bus);
        bus = NULL;
    } else {
        snprintf(info->pci_bus_id, sizeof(info->pci_bus_id), "%s", bus && *bus ? bus : "none");
    }
    size_t len = strlen(info->pci_bus_id);
    if (bus && *bus && len && info->pci_bus_id[len - 1] >= '0' && info->pci_bus_id[len - 1] <= '9')
        info->pci_bus_id[len - 1] = (char)('0' + (info->pci_bus_id[len - 1] - '0' + device) % 10);
    info->mem_total_bytes = info->mem_free_bytes = 1ULL << 30;
    *g = &f->base;
    return 0;
}

static void fake_close(struct gpu *g)
{
    if (!g)
        return;
    free(fake(g)->bufs);
    free(fake(g)); /* the run's clock stays, for what is timed after (host-memcpy.csv) */
}

/* The model's cost of allocating (or freeing, or pinning) bytes of kind, ms: fixed (NULL: none)
   plus per_gib for each GiB. */
static double model_host_ms(const struct fake_gpu *f, enum alloc_kind kind, size_t bytes,
                            const char *fixed, const char *per_gib)
{
    const char *q[] = {schema_value_name(AXIS_ALLOC, kind)};
    return (fixed ? clockmodel_get(&f->run->model, q, 1, fixed) : 0) +
           clockmodel_get(&f->run->model, q, 1, per_gib) * (double)bytes / (double)(1ULL << 30);
}

/* Remember the kind of the host buffer at ptr; -1 without memory to. */
static int track(struct fake_gpu *f, const void *ptr, size_t bytes, enum alloc_kind kind)
{
    if (f->nbufs == f->bufs_cap) {
        size_t cap = f->bufs_cap ? 2 * f->bufs_cap : 16;
        struct fake_buf *more = realloc(f->bufs, cap * sizeof(*more));
        if (!more)
            return -1;
        f->bufs = more;
        f->bufs_cap = cap;
    }
    f->bufs[f->nbufs++] = (struct fake_buf){ptr, bytes, kind};
    f->last_kind = kind;
    return 0;
}

/* Forget the host buffer at ptr (freed). */
static void forget(struct fake_gpu *f, const void *ptr)
{
    for (size_t i = 0; i < f->nbufs; i++)
        if (f->bufs[i].start == ptr) {
            f->bufs[i] = f->bufs[--f->nbufs];
            return;
        }
}

/* The alloc kind of the host buffer holding ptr (the last allocated, if none does). */
static enum alloc_kind kind_of(const struct fake_gpu *f, const void *ptr)
{
    const char *p = ptr;
    for (size_t i = 0; i < f->nbufs; i++)
        if (p >= f->bufs[i].start && p < f->bufs[i].start + f->bufs[i].bytes)
            return f->bufs[i].kind;
    return f->last_kind;
}

static int fake_host_alloc(struct gpu *g, struct host_buf *b, enum alloc_kind kind,
                           enum page_kind pages, size_t bytes)
{
    struct fake_gpu *f = fake(g);
    const char *fail = getenv("PINSWEEP_FAKE_FAIL_ALLOC");
    const char *unsupported = getenv("PINSWEEP_FAKE_UNSUPPORTED");
    const char *name = schema_value_name(AXIS_ALLOC, kind);
    memset(b, 0, sizeof(*b));
    if (fail && strcmp(fail, name) == 0) {
        snprintf(f->last_error, sizeof(f->last_error),
                 "fake host_alloc(%s, %zu) failed: cudaErrorMemoryAllocation: out of memory "
                 "(injected)",
                 fail, bytes);
        return -1;
    }
    if (unsupported && strcmp(unsupported, name) == 0) {
        snprintf(f->last_error, sizeof(f->last_error), "%s: the fake device does not support it",
                 name);
        return GPU_UNSUPPORTED;
    }
    b->pages = alloc_is_malloced(kind) ? pages : PAGES_DEFAULT;
    b->ptr =
        hugepages_buffer(bytes, b->pages, &b->mapped_bytes, f->last_error, sizeof(f->last_error));
    if (!b->ptr)
        return -1;
    b->kind = kind;
    b->bytes = bytes;
    if (track(f, b->ptr, bytes, kind) < 0) {
        hugepages_release(b->ptr, b->pages, b->mapped_bytes);
        memset(b, 0, sizeof(*b));
        snprintf(f->last_error, sizeof(f->last_error), "fake host_alloc(%s, %zu): out of memory",
                 name, bytes);
        return -1;
    }
    if (f->run) {
        double ms = model_host_ms(f, kind, bytes, "alloc_ms", "alloc_ms_per_gib");
        b->pin_ms =
            alloc_is_registered(kind) ? model_host_ms(f, kind, bytes, NULL, "pin_ms_per_gib") : 0;
        clockmodel_advance_ms(clock_of(f), ms);
    }
    return 0;
}

static int fake_host_free(struct gpu *g, struct host_buf *b)
{
    struct fake_gpu *f = fake(g);
    if (b->ptr) {
        forget(f, b->ptr);
        if (f->run)
            clockmodel_advance_ms(
                clock_of(f), model_host_ms(f, b->kind, b->bytes, "free_ms", "free_ms_per_gib"));
    }
    hugepages_release(b->ptr, b->pages, b->mapped_bytes);
    b->ptr = NULL;
    return 0;
}

static int fake_dev_alloc(struct gpu *g, void **ptr, size_t bytes)
{
    struct fake_gpu *f = fake(g);
    *ptr = malloc(bytes);
    if (!*ptr) {
        snprintf(f->last_error, sizeof(f->last_error), "fake dev_alloc(%zu) failed", bytes);
        return -1;
    }
    return 0;
}

static int fake_dev_free(struct gpu *g, void *ptr)
{
    (void)g;
    free(ptr);
    return 0;
}

/* PINSWEEP_FAKE_CORRUPT: the last byte of each copy in that direction comes out wrong. */
static void corrupt(const struct copy_job *j)
{
    const char *bad = getenv("PINSWEEP_FAKE_CORRUPT");
    if (!bad || !j->bytes || !j->copies)
        return;
    int h2d = j->dir != DIR_D2H, d2h = j->dir != DIR_H2D, side = j->dir == DIR_BIDIR;
    const unsigned char *hs = j->host[0], *ds = j->dev[side];
    if (h2d && strcmp(bad, "h2d") == 0)
        ((unsigned char *)j->dev[0])[j->bytes - 1] = hs[j->bytes - 1] ^ 0x40;
    if (d2h && strcmp(bad, "d2h") == 0)
        ((unsigned char *)j->host[side])[j->bytes - 1] = ds[j->bytes - 1] ^ 0x40;
}

/*
 * The model's time of j's copies in direction dir from or to host, ms:
 * each t0 + n/B for the buffer's kind, dir, api and device (and "bidir"
 * while both directions run, at bidir_share of the bandwidth; "together"
 * while other GPUs copy too; "nodeK" when the copying thread is bound to
 * NUMA node K).  With host_gbps set, every stream of every
 * GPU copying at once gets at most its equal share of it.
 */
static double model_batch_ms(struct fake_gpu *f, const struct copy_job *j, enum direction dir,
                             const void *host)
{
    const struct clockmodel *m = &f->run->model;
    struct clockmodel_clock *c = clock_of(f);
    int bidir = j->dir == DIR_BIDIR, gpus = c->gpus, node = numabind_bound_node();
    char node_qual[16];
    snprintf(node_qual, sizeof(node_qual), "node%d", node);
    const char *q[] = {schema_value_name(AXIS_ALLOC, kind_of(f, host)),
                       schema_value_name(AXIS_DIRECTION, dir),
                       schema_value_name(AXIS_API, j->api),
                       f->gpu_qual,
                       bidir ? "bidir" : NULL,
                       gpus > 1 ? "together" : NULL,
                       node >= 0 ? node_qual : NULL};
    double share = bidir ? clockmodel_get(m, q, 7, "bidir_share") : 1.0, ms = 0;
    double gbps = clockmodel_get(m, q, 7, "gbps") * share,
           cap = clockmodel_get(m, q, 7, "host_gbps");
    if (cap > 0 && gbps > cap / (gpus * (bidir ? 2 : 1)))
        gbps = cap / (gpus * (bidir ? 2 : 1));
    for (int i = 0; i < j->copies; i++)
        ms += clockmodel_transfer_at_ms(m, c, q, 7, (double)j->bytes, gbps);
    return ms;
}

/* host_us of the model for the buffer at host, as ms. */
static double model_host_extra_ms(const struct fake_gpu *f, const void *host, enum direction dir,
                                  enum copy_api api)
{
    const char *q[] = {schema_value_name(AXIS_ALLOC, kind_of(f, host)),
                       schema_value_name(AXIS_DIRECTION, dir), schema_value_name(AXIS_API, api)};
    return clockmodel_get(&f->run->model, q, 3, "host_us") / 1e3;
}

/* A batch on the model's clock: bidir lasts as long as its longer direction. */
static void model_copy(struct fake_gpu *f, const struct copy_job *j, struct copy_time *t)
{
    int bidir = j->dir == DIR_BIDIR;
    double h2d = j->dir != DIR_D2H ? model_batch_ms(f, j, DIR_H2D, j->host[0]) : 0;
    double d2h = j->dir != DIR_H2D ? model_batch_ms(f, j, DIR_D2H, j->host[bidir]) : 0;
    t->device_ms = fmax(h2d, d2h);
    t->h2d_ms = bidir ? h2d : NAN;
    t->d2h_ms = bidir ? d2h : NAN;
    t->host_ms = t->device_ms + model_host_extra_ms(f, j->host[0], j->dir, j->api);
    clockmodel_advance_ms(clock_of(f), t->host_ms);
}

static int fake_copy(struct gpu *g, const struct copy_job *j, struct copy_time *t)
{
    double t0 = timer_read(g->clock);
    for (int i = 0; i < j->copies; i++) {
        if (j->dir == DIR_H2D || j->dir == DIR_BIDIR)
            memcpy(j->dev[0], j->host[0], j->bytes);
        if (j->dir == DIR_D2H)
            memcpy(j->host[0], j->dev[0], j->bytes);
        if (j->dir == DIR_BIDIR)
            memcpy(j->host[1], j->dev[1], j->bytes);
    }
    corrupt(j);
    if (fake(g)->run) {
        model_copy(fake(g), j, t);
        return 0;
    }
    t->host_ms = t->device_ms = timer_read(g->clock) - t0;
    t->h2d_ms = t->d2h_ms = NAN;
    if (j->dir == DIR_BIDIR)
        t->h2d_ms = t->d2h_ms = t->device_ms;
    return 0;
}

static int fake_roundtrip(struct gpu *g, const struct copy_job *j, double *us)
{
    struct fake_gpu *f = fake(g);
    double t0 = timer_read(g->clock);
    if (j->dir == DIR_H2D)
        memcpy(j->dev[0], j->host[0], j->bytes);
    else
        memcpy(j->host[0], j->dev[0], j->bytes);
    corrupt(j);
    if (f->run) {
        const char *q[] = {schema_value_name(AXIS_ALLOC, kind_of(f, j->host[0])),
                           schema_value_name(AXIS_DIRECTION, j->dir),
                           schema_value_name(AXIS_API, j->api)};
        double ms = clockmodel_transfer_ms(&f->run->model, clock_of(f), q, 3, (double)j->bytes) +
                    clockmodel_get(&f->run->model, q, 3, "wait_us") / 1e3;
        clockmodel_advance_ms(clock_of(f), ms);
    }
    *us = (timer_read(g->clock) - t0) * 1e3;
    return 0;
}

/* The model's times of a pipeline's stages alone (h, k, d) and of its first chunk's (first). */
struct stage_ms {
    double h, k, d;
    double first[3];
};

static void model_stages(struct fake_gpu *f, const struct pipeline_job *j, size_t chunk,
                         struct stage_ms *st)
{
    const struct clockmodel *m = &f->run->model;
    const char *in = schema_value_name(AXIS_ALLOC, kind_of(f, j->host_in));
    const char *out = schema_value_name(AXIS_ALLOC, kind_of(f, j->host_out));
    const char *qh[] = {in, "h2d", "pipeline"}, *qd[] = {out, "d2h", "pipeline"};
    memset(st, 0, sizeof(*st));
    for (size_t off = 0; off < j->bytes; off += chunk) {
        double n = (double)(j->bytes - off < chunk ? j->bytes - off : chunk);
        double h = clockmodel_transfer_ms(m, clock_of(f), qh, 3, n), k = j->kernel_ns / 1e6;
        double d = clockmodel_transfer_ms(m, clock_of(f), qd, 3, n);
        if (off == 0) {
            st->first[0] = h;
            st->first[1] = k;
            st->first[2] = d;
        }
        st->h += h;
        st->k += k;
        st->d += d;
    }
}

/*
 * A pipeline on the model's clock: a part alone is its chunks back to back;
 * the whole over several streams (with overlap) is the longest stage plus
 * the first chunk's other stages (filling and draining), else their sum.
 */
static void model_pipeline(struct fake_gpu *f, const struct pipeline_job *j, size_t chunk,
                           struct copy_time *t)
{
    struct stage_ms st;
    const char *q[] = {schema_value_name(AXIS_ALLOC, kind_of(f, j->host_in)), "pipeline"};
    model_stages(f, j, chunk, &st);
    double ms = j->part == PIPE_H2D ? st.h : j->part == PIPE_KERNEL ? st.k : st.d;
    if (j->part == PIPE_ALL) {
        double longest = fmax(st.first[0], fmax(st.first[1], st.first[2]));
        int overlap = j->streams > 1 && clockmodel_get(&f->run->model, q, 2, "overlap") > 0;
        ms = overlap
                 ? fmax(st.h, fmax(st.k, st.d)) + st.first[0] + st.first[1] + st.first[2] - longest
                 : st.h + st.k + st.d;
    }
    t->device_ms = ms;
    t->host_ms = ms + clockmodel_get(&f->run->model, q, 2, "host_us") / 1e3;
    t->h2d_ms = t->d2h_ms = NAN;
    clockmodel_advance_ms(clock_of(f), t->host_ms);
}

/* The stages of a pipeline one after another: memcpy for copies, a busy wait for kernels. */
static int fake_pipeline(struct gpu *g, const struct pipeline_job *j, struct copy_time *t)
{
    size_t chunk = (j->bytes + (size_t)j->chunks - 1) / (size_t)j->chunks;
    int model = fake(g)->run != NULL;
    double t0 = timer_read(g->clock);
    for (size_t off = 0; off < j->bytes; off += chunk) {
        size_t n = j->bytes - off < chunk ? j->bytes - off : chunk;
        if (j->part == PIPE_ALL || j->part == PIPE_H2D)
            memcpy((char *)j->dev + off, (char *)j->host_in + off, n);
        if ((j->part == PIPE_ALL || j->part == PIPE_KERNEL) && j->kernel_ns && !model) {
            double until = timer_read(g->clock) + j->kernel_ns / 1e6;
            while (timer_read(g->clock) < until)
                ;
        }
        if (j->part == PIPE_ALL || j->part == PIPE_D2H)
            memcpy((char *)j->host_out + off, (char *)j->dev + off, n);
    }
    if (model) {
        model_pipeline(fake(g), j, chunk, t);
        return 0;
    }
    t->host_ms = t->device_ms = timer_read(g->clock) - t0;
    t->h2d_ms = t->d2h_ms = NAN;
    return 0;
}

/* At once with other devices: under a model, a clock of its own for this device's thread, its
   noise its own (seeded by the device), sharing host_gbps among gpus; gpus 0: the run's again. */
static void fake_at_once(struct gpu *g, int gpus, double from_ms)
{
    struct fake_gpu *f = fake(g);
    f->has_own = f->run && gpus > 0;
    if (f->has_own)
        clockmodel_clock_start(&f->run->model, &f->own, from_ms, (unsigned)g->device, gpus);
}

const struct gpu_ops gpu_fake_ops = {
    .name = "fake",
    .open = fake_open,
    .close = fake_close,
    .host_alloc = fake_host_alloc,
    .host_free = fake_host_free,
    .dev_alloc = fake_dev_alloc,
    .dev_free = fake_dev_free,
    .copy = fake_copy,
    .roundtrip = fake_roundtrip,
    .pipeline = fake_pipeline,
    .error = fake_error,
    .at_once = fake_at_once,
};
