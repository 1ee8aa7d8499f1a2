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
 *                                   sysfs tree (PINSWEEP_SYSFS) as a real one would be
 *   PINSWEEP_FAKE_FAIL_ALLOC=KIND   host_alloc of that alloc kind fails
 *   PINSWEEP_FAKE_UNSUPPORTED=KIND  host_alloc says the device does not support that kind
 *   PINSWEEP_FAKE_CORRUPT=DIR       copies in that direction (h2d or d2h) get their
 *                                   last byte wrong (bidir copies have both)
 */
#include "engine/gpu.h"
#include "host/hugepages.h"
#include "base/timer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fake engine's context: all it remembers is its last failure. */
struct fake_gpu {
    struct gpu base;
    char last_error[256];
};

static struct fake_gpu *fake(struct gpu *g)
{
    return (struct fake_gpu *)g;
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

static int fake_open(int device, struct gpu_info *info, struct gpu **g, char *err, size_t err_len)
{
    int count = fake_device_count();
    struct fake_gpu *f;
    memset(info, 0, sizeof(*info));
    *g = NULL;
    if (getenv("PINSWEEP_FAKE_NO_GPU")) {
        snprintf(err, err_len, "no usable GPU: the fake engine was told there is none");
        return -1;
    }
    if (device < 0 || device >= count) {
        snprintf(err, err_len,
                 "no usable GPU: device %d asked for, but this machine shows %d (0..%d)", device,
                 count, count - 1);
        return -1;
    }
    if (!(f = calloc(1, sizeof(*f)))) {
        snprintf(err, err_len, "fake open: out of memory");
        return -1;
    }
    f->base = (struct gpu){.ops = &gpu_fake_ops, .device = device};
    info->device = device;
    info->device_count = count;
    snprintf(info->name, sizeof(info->name), "fake GPU (memcpy)");
    snprintf(info->uuid, sizeof(info->uuid), "GPU-00000000-0000-0000-0000-%012d", device);
    const char *bus = getenv("PINSWEEP_FAKE_BUS_ID");
    snprintf(info->pci_bus_id, sizeof(info->pci_bus_id), "%s", bus && *bus ? bus : "none");
    size_t len = strlen(info->pci_bus_id);
    if (bus && *bus && len && info->pci_bus_id[len - 1] >= '0' && info->pci_bus_id[len - 1] <= '9')
        info->pci_bus_id[len - 1] = (char)('0' + (info->pci_bus_id[len - 1] - '0' + device) % 10);
    info->mem_total_bytes = info->mem_free_bytes = 1ULL << 30;
    *g = &f->base;
    return 0;
}

static void fake_close(struct gpu *g)
{
    free(fake(g));
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
    return 0;
}

static int fake_host_free(struct gpu *g, struct host_buf *b)
{
    (void)g;
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

static int fake_copy(struct gpu *g, const struct copy_job *j, struct copy_time *t)
{
    (void)g;
    double t0 = timer_now_ms();
    for (int i = 0; i < j->copies; i++) {
        if (j->dir == DIR_H2D || j->dir == DIR_BIDIR)
            memcpy(j->dev[0], j->host[0], j->bytes);
        if (j->dir == DIR_D2H)
            memcpy(j->host[0], j->dev[0], j->bytes);
        if (j->dir == DIR_BIDIR)
            memcpy(j->host[1], j->dev[1], j->bytes);
    }
    t->host_ms = t->device_ms = timer_now_ms() - t0;
    t->h2d_ms = t->d2h_ms = NAN;
    corrupt(j);
    if (j->dir == DIR_BIDIR)
        t->h2d_ms = t->d2h_ms = t->device_ms;
    return 0;
}

static int fake_roundtrip(struct gpu *g, const struct copy_job *j, double *us)
{
    (void)g;
    double t0 = timer_now_ms();
    if (j->dir == DIR_H2D)
        memcpy(j->dev[0], j->host[0], j->bytes);
    else
        memcpy(j->host[0], j->dev[0], j->bytes);
    *us = (timer_now_ms() - t0) * 1e3;
    corrupt(j);
    return 0;
}

/* The stages of a pipeline one after another: memcpy for copies, a busy wait for kernels. */
static int fake_pipeline(struct gpu *g, const struct pipeline_job *j, struct copy_time *t)
{
    (void)g;
    size_t chunk = (j->bytes + (size_t)j->chunks - 1) / (size_t)j->chunks;
    double t0 = timer_now_ms();
    for (size_t off = 0; off < j->bytes; off += chunk) {
        size_t n = j->bytes - off < chunk ? j->bytes - off : chunk;
        if (j->part == PIPE_ALL || j->part == PIPE_H2D)
            memcpy((char *)j->dev + off, (char *)j->host_in + off, n);
        if ((j->part == PIPE_ALL || j->part == PIPE_KERNEL) && j->kernel_ns) {
            double until = timer_now_ms() + j->kernel_ns / 1e6;
            while (timer_now_ms() < until)
                ;
        }
        if (j->part == PIPE_ALL || j->part == PIPE_D2H)
            memcpy((char *)j->host_out + off, (char *)j->dev + off, n);
    }
    t->host_ms = t->device_ms = timer_now_ms() - t0;
    t->h2d_ms = t->d2h_ms = NAN;
    return 0;
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
};
