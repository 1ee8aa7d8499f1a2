/*
 * gpu_cuda.c - the CUDA copy engine: the only file that includes cuda_runtime.h.
 *
 * Timing method: a batch of copies is bracketed by two events recorded on the
 * stream the copies run on, so the time is read off the device timeline; the
 * host clock around the whole batch (calls to final synchronisation) is kept
 * beside it as a cross-check.  api sync uses cudaMemcpy, which runs on the
 * legacy default stream, so its events are recorded there; api async uses
 * cudaMemcpyAsync on a non-blocking stream.  bidir puts each direction on its
 * own non-blocking stream, both released by one start event.
 */
#include "engine/gpu.h"
#include "host/hugepages.h"
#include "engine/kernels.h"
#include "base/timer.h"

#include <cuda_runtime.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How long the spin kernel holds a stream before giving up (the host died, say). */
#define SPIN_TIMEOUT_NS 2000000000ULL

/*
 * One open device.  Handles are created by cuda_open (the pipeline's
 * streams and the spin kernel's flag on first use) and destroyed by
 * release(); a NULL handle was never created.
 */
struct cuda_gpu {
    struct gpu base;
    cudaStream_t stream[2];
    cudaStream_t pipe[GPU_MAX_STREAMS]; /* the pipeline's streams, created as needed */
    cudaEvent_t pipe_join[GPU_MAX_STREAMS];
    int npipe;
    int sm_count, register_readonly;
    cudaEvent_t start, stop[2], mark[2];
    volatile int *hold; /* mapped, page-locked: [0] the release flag, [1] timed out */
    int *hold_dev;
    int can_map;            /* the device can map host memory: queued timing possible */
    cudaError_t cuda_errno; /* the last failed call's error */
    char last_error[512];
};

static struct cuda_gpu *cuda(struct gpu *g)
{
    return (struct cuda_gpu *)g;
}

/*
 * Record a CUDA call's failure in c (the first one since *rc was 0 is kept:
 * cleanup after a failure must not hide it); 0 on success, else -1 with *rc -1.
 */
static int check(struct cuda_gpu *c, cudaError_t e, const char *call, const char *file, int line,
                 int *rc)
{
    if (e == cudaSuccess)
        return 0;
    if (*rc == 0) {
        c->cuda_errno = e;
        snprintf(c->last_error, sizeof(c->last_error), "%s failed (%s:%d): %s: %s", call, file,
                 line, cudaGetErrorName(e), cudaGetErrorString(e));
    }
    *rc = -1;
    return -1;
}

/*
 * Every CUDA call's result goes through check(), by way of these macros
 * (which need `c` and `int rc` in scope).  CK(call): on failure record it,
 * named by its text, and leave through out:.  CK_AS(name, result): the same
 * for a call made (and timed) just before, under a name of the caller's.
 * CK_CLEANUP(call): record a failure and go on (releasing, or cleaning up
 * after a failure).
 */
#define CK_AS(name, call)                                                                          \
    do {                                                                                           \
        if (check(c, (call), name, __FILE__, __LINE__, &rc) < 0)                                   \
            goto out;                                                                              \
    } while (0)
#define CK(call) CK_AS(#call, call)
#define CK_CLEANUP(call) ((void)check(c, (call), #call, __FILE__, __LINE__, &rc))

static const char *cuda_error(const struct gpu *g)
{
    return ((const struct cuda_gpu *)g)->last_error;
}

/* Make c's device the calling thread's current one (two may be open). */
static int use(struct cuda_gpu *c)
{
    int rc = 0;
    CK(cudaSetDevice(c->base.device));
out:
    return rc;
}

/* Explain the errors that mean "there is no GPU to use here". */
static void explain_no_gpu(struct cuda_gpu *c, cudaError_t e)
{
    const char *why;
    switch (e) {
    case cudaErrorInsufficientDriver:
        why = "no NVIDIA driver is loaded on this machine, or it is older than the CUDA "
              "runtime pinsweep was built with";
        break;
    case cudaErrorNoDevice:
        why = "the driver sees no CUDA-capable GPU (check nvidia-smi and CUDA_VISIBLE_DEVICES)";
        break;
    default:
        why = "the CUDA driver could not be initialised";
        break;
    }
    snprintf(c->last_error, sizeof(c->last_error),
             "no usable GPU: %s (cudaGetDeviceCount: %s, \"%s\")", why, cudaGetErrorName(e),
             cudaGetErrorString(e));
}

static void format_uuid(const cudaUUID_t *u, char *buf, size_t n)
{
    const unsigned char *b = (const unsigned char *)u->bytes;
    snprintf(buf, n, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
             b[14], b[15]);
}

static int read_info(struct cuda_gpu *c, int device, struct gpu_info *info)
{
    int rc = 0;
    struct cudaDeviceProp prop;
    size_t free_b, total_b;
    CK(cudaGetDeviceProperties(&prop, device));
    snprintf(info->name, sizeof(info->name), "%s", prop.name);
    format_uuid(&prop.uuid, info->uuid, sizeof(info->uuid));
    CK(cudaDeviceGetPCIBusId(info->pci_bus_id, (int)sizeof(info->pci_bus_id), device));
    for (char *p = info->pci_bus_id; *p; p++)
        if (*p >= 'A' && *p <= 'F')
            *p = (char)(*p - 'A' + 'a');
    info->cc_major = prop.major;
    info->cc_minor = prop.minor;
    info->sm_count = prop.multiProcessorCount;
    CK(cudaDeviceGetAttribute(&info->async_engines, cudaDevAttrAsyncEngineCount, device));
    CK(cudaDeviceGetAttribute(&info->can_map_host, cudaDevAttrCanMapHostMemory, device));
    CK(cudaDeviceGetAttribute(&info->register_readonly, cudaDevAttrHostRegisterReadOnlySupported,
                              device));
    CK(cudaDriverGetVersion(&info->driver_version));
    CK(cudaRuntimeGetVersion(&info->runtime_version));
    CK(cudaMemGetInfo(&free_b, &total_b));
    info->mem_free_bytes = free_b;
    info->mem_total_bytes = total_b;
out:
    return rc;
}

/*
 * The spin kernel's flag lives in one page of malloc'd memory, registered
 * (cudaHostRegisterMapped) when the first queued batch needs it, rather
 * than in cudaHostAlloc memory: a live cudaHostAlloc allocation keeps the
 * driver's pool of small pinned allocations mapped, and on the H200 that
 * made later cudaHostAlloc/cudaFreeHost of up to 1 MiB take 2 us instead of
 * 0.5 ms, falsifying what buffer: reallocate measures.  A registered page
 * leaves them as they are in a process without pinsweep's own memory.
 */
static int hold_open(struct cuda_gpu *c)
{
    int rc = 0, registered = 0;
    void *page = aligned_alloc(4096, 4096);
    if (!page) {
        snprintf(c->last_error, sizeof(c->last_error), "queued timing: out of memory");
        return -1;
    }
    CK(cudaHostRegister(page, 4096, cudaHostRegisterMapped));
    registered = 1;
    CK(cudaHostGetDevicePointer((void **)&c->hold_dev, page, 0));
    c->hold = page;
out:
    if (rc < 0 && registered)
        CK_CLEANUP(cudaHostUnregister(page));
    if (rc < 0)
        free(page);
    return rc;
}

/* Destroy what c holds (whatever cuda_open got to) and free it; c's errors go with it. */
static void release(struct cuda_gpu *c)
{
    int rc = 0;
    for (int i = 0; i < 2; i++) {
        if (c->stream[i])
            CK_CLEANUP(cudaStreamDestroy(c->stream[i]));
        if (c->stop[i])
            CK_CLEANUP(cudaEventDestroy(c->stop[i]));
        if (c->mark[i])
            CK_CLEANUP(cudaEventDestroy(c->mark[i]));
    }
    if (c->start)
        CK_CLEANUP(cudaEventDestroy(c->start));
    for (int i = 0; i < c->npipe; i++) {
        CK_CLEANUP(cudaStreamDestroy(c->pipe[i]));
        CK_CLEANUP(cudaEventDestroy(c->pipe_join[i]));
    }
    if (c->hold) {
        CK_CLEANUP(cudaHostUnregister((void *)c->hold));
        free((void *)c->hold);
    }
    free(c);
}

/* How many devices there are; -1 with the reason when none can be used. */
static int device_count(struct cuda_gpu *c, int *count)
{
    int rc = 0;
    CK(cudaGetDeviceCount(count));
out:
    if (rc < 0)
        explain_no_gpu(c, c->cuda_errno);
    return rc;
}

/* The streams and events every batch uses, and the kernels loaded. */
static int create_handles(struct cuda_gpu *c)
{
    int rc = 0;
    for (int i = 0; i < 2; i++) {
        CK(cudaStreamCreateWithFlags(&c->stream[i], cudaStreamNonBlocking));
        CK(cudaEventCreate(&c->stop[i]));
    }
    CK(cudaEventCreate(&c->start));
    CK(cudaEventCreateWithFlags(&c->mark[0], cudaEventDisableTiming));
    CK(cudaEventCreateWithFlags(&c->mark[1], cudaEventDisableTiming));
    CK((cudaError_t)kernels_preload());
out:
    return rc;
}

static int cuda_open(int device, struct timer_clock *clock, struct gpu_info *info, struct gpu **g,
                     char *err, size_t err_len)
{
    int rc = -1, count = 0;
    struct cuda_gpu *c = calloc(1, sizeof(*c));
    memset(info, 0, sizeof(*info));
    info->device = device;
    *g = NULL;
    if (!c) {
        snprintf(err, err_len, "cuda open: out of memory");
        return -1;
    }
    c->base = (struct gpu){.ops = &gpu_cuda_ops, .device = device, .clock = &timer_host_clock};
    if (device_count(c, &count) < 0)
        goto out;
    info->device_count = count;
    if (device >= count) {
        snprintf(c->last_error, sizeof(c->last_error),
                 "no usable GPU: device %d asked for, but this machine shows %d (0..%d)", device,
                 count, count - 1);
        goto out;
    }
    if (use(c) < 0 || read_info(c, device, info) < 0 || create_handles(c) < 0)
        goto out;
    c->can_map = info->can_map_host;
    c->sm_count = info->sm_count;
    c->register_readonly = info->register_readonly;
    if (!clock->now_ms) /* the run's clock is the host's, as every device's is */
        *clock = timer_host_clock;
    *g = &c->base;
    rc = 0;
out:
    if (rc < 0) {
        snprintf(err, err_len, "%s", c->last_error);
        release(c);
    }
    return rc;
}

static void cuda_close(struct gpu *g)
{
    if (!g)
        return;
    use(cuda(g)); /* the handles belong to its device; a failure leaves nothing to do but go on */
    release(cuda(g));
}

/* The cudaHostRegister flags of a registered kind, or GPU_UNSUPPORTED with the reason. */
static int register_flags(struct cuda_gpu *c, enum alloc_kind kind, unsigned *flags)
{
    switch (kind) {
    case ALLOC_REGISTERED_READONLY:
        *flags = cudaHostRegisterReadOnly;
        if (!c->register_readonly) {
            snprintf(c->last_error, sizeof(c->last_error),
                     "registered-readonly: this device does not support it "
                     "(cudaDevAttrHostRegisterReadOnlySupported is 0)");
            return GPU_UNSUPPORTED;
        }
        return 0;
    case ALLOC_REGISTERED_PORTABLE:
        *flags = cudaHostRegisterPortable;
        return 0;
    case ALLOC_REGISTERED_MAPPED:
        *flags = cudaHostRegisterMapped;
        if (!c->can_map) {
            snprintf(c->last_error, sizeof(c->last_error),
                     "registered-mapped: this device cannot map host memory "
                     "(cudaDevAttrCanMapHostMemory is 0)");
            return GPU_UNSUPPORTED;
        }
        return 0;
    default:
        *flags = cudaHostRegisterDefault;
        return 0;
    }
}

/* malloc, or a mapping with thp or hugetlb pages; then cudaHostRegister for registered kinds. */
static int malloced_alloc(struct cuda_gpu *c, struct host_buf *b, size_t bytes)
{
    unsigned flags = 0;
    char call[80];
    int rc = alloc_is_registered(b->kind) ? register_flags(c, b->kind, &flags) : 0;
    if (rc < 0)
        return rc;
    void *p =
        hugepages_buffer(bytes, b->pages, &b->mapped_bytes, c->last_error, sizeof(c->last_error));
    if (!p)
        return -1;
    if (alloc_is_registered(b->kind)) {
        /* Timed alone, then checked; a failure's message names the flags. */
        double t0 = timer_now_ms();
        cudaError_t e = cudaHostRegister(p, bytes, flags);
        b->pin_ms = timer_now_ms() - t0;
        if (e != cudaSuccess)
            snprintf(call, sizeof(call), "cudaHostRegister(p, bytes, 0x%x)", flags);
        CK_AS(call, e);
    }
    b->ptr = p;
out:
    if (rc < 0)
        hugepages_release(p, b->pages, b->mapped_bytes);
    return rc;
}

static int cuda_host_alloc(struct gpu *g, struct host_buf *b, enum alloc_kind kind,
                           enum page_kind pages, size_t bytes)
{
    struct cuda_gpu *c = cuda(g);
    int rc = 0;
    void *p = NULL;
    memset(b, 0, sizeof(*b));
    if (use(c) < 0)
        return -1;
    b->kind = kind;
    b->pages = alloc_is_malloced(kind) ? pages : PAGES_DEFAULT;
    b->bytes = bytes;
    switch (kind) {
    case ALLOC_PINNED:
        CK(cudaHostAlloc(&p, bytes, cudaHostAllocDefault));
        break;
    case ALLOC_MALLOCHOST:
        CK(cudaMallocHost(&p, bytes));
        break;
    case ALLOC_PORTABLE:
        CK(cudaHostAlloc(&p, bytes, cudaHostAllocPortable));
        break;
    case ALLOC_WRITE_COMBINED:
        CK(cudaHostAlloc(&p, bytes, cudaHostAllocWriteCombined));
        break;
    case ALLOC_MAPPED:
        CK(cudaHostAlloc(&p, bytes, cudaHostAllocMapped));
        break;
    default:
        if (!alloc_is_malloced(kind)) {
            snprintf(c->last_error, sizeof(c->last_error), "unknown host allocation kind %d",
                     (int)kind);
            return -1;
        }
        return malloced_alloc(c, b, bytes);
    }
    b->ptr = p;
out:
    return rc;
}

static int cuda_host_free(struct gpu *g, struct host_buf *b)
{
    struct cuda_gpu *c = cuda(g);
    int rc = 0;
    if (!b->ptr)
        return 0;
    void *p = b->ptr;
    b->ptr = NULL;
    if (use(c) < 0)
        return -1;
    if (!alloc_is_malloced(b->kind)) {
        CK(cudaFreeHost(p));
        return 0;
    }
    if (alloc_is_registered(b->kind))
        CK_CLEANUP(cudaHostUnregister(p)); /* the pages go in any case */
    hugepages_release(p, b->pages, b->mapped_bytes);
out:
    return rc;
}

static int cuda_dev_alloc(struct gpu *g, void **ptr, size_t bytes)
{
    struct cuda_gpu *c = cuda(g);
    int rc = 0;
    *ptr = NULL;
    if (use(c) < 0)
        return -1;
    CK(cudaMalloc(ptr, bytes));
out:
    return rc;
}

static int cuda_dev_free(struct gpu *g, void *ptr)
{
    struct cuda_gpu *c = cuda(g);
    int rc = 0;
    if (!ptr)
        return 0;
    if (use(c) < 0)
        return -1;
    CK(cudaFree(ptr));
out:
    return rc;
}

/* Milliseconds from event a to b; NaN with *rc -1 (and the error kept in c) on failure. */
static double elapsed_ms(struct cuda_gpu *c, cudaEvent_t a, cudaEvent_t b, int *rc)
{
    float ms = 0;
    if (check(c, cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime(&ms, a, b)", __FILE__,
              __LINE__, rc) < 0)
        return NAN;
    return (double)ms;
}

/*
 * One transfer of j on stream s: cudaMemcpyAsync, or for api zerocopy the
 * copy kernel (j's host pointers are then the host memory's device pointers).
 */
static cudaError_t transfer(struct cuda_gpu *c, const struct copy_job *j, int h2d, int side,
                            cudaStream_t s)
{
    void *dst = h2d ? j->dev[side] : j->host[side];
    const void *src = h2d ? j->host[side] : j->dev[side];
    if (j->api == API_ZEROCOPY)
        return (cudaError_t)kernels_zerocopy_launch(s, dst, src, j->bytes, c->sm_count);
    return cudaMemcpyAsync(dst, src, j->bytes,
                           h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost, s);
}

/* h2d or d2h: one stream (the legacy default one for sync), two events. */
static int copy_one_way(struct cuda_gpu *c, const struct copy_job *j, struct copy_time *t)
{
    int rc = 0;
    int h2d = j->dir == DIR_H2D;
    void *dst = h2d ? j->dev[0] : j->host[0];
    const void *src = h2d ? j->host[0] : j->dev[0];
    enum cudaMemcpyKind kind = h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    cudaStream_t s = j->api == API_SYNC ? (cudaStream_t)0 : c->stream[0];

    double t0 = timer_now_ms();
    CK(cudaEventRecord(c->start, s));
    if (j->api == API_SYNC)
        for (int i = 0; i < j->copies; i++)
            CK(cudaMemcpy(dst, src, j->bytes, kind));
    else
        for (int i = 0; i < j->copies; i++)
            CK(transfer(c, j, h2d, 0, s));
    CK(cudaEventRecord(c->stop[0], s));
    CK(cudaEventSynchronize(c->stop[0]));
    t->host_ms = timer_now_ms() - t0;
    t->device_ms = elapsed_ms(c, c->start, c->stop[0], &rc);
out:
    return rc;
}

/* bidir: h2d on stream 0 and d2h on stream 1, both waiting on one start event. */
static int copy_bidir(struct cuda_gpu *c, const struct copy_job *j, struct copy_time *t)
{
    int rc = 0;
    double t0 = timer_now_ms();
    CK(cudaEventRecord(c->start, c->stream[0]));
    CK(cudaStreamWaitEvent(c->stream[1], c->start, 0));
    for (int i = 0; i < j->copies; i++) {
        CK(cudaMemcpyAsync(j->dev[0], j->host[0], j->bytes, cudaMemcpyHostToDevice, c->stream[0]));
        CK(cudaMemcpyAsync(j->host[1], j->dev[1], j->bytes, cudaMemcpyDeviceToHost, c->stream[1]));
    }
    CK(cudaEventRecord(c->stop[0], c->stream[0]));
    CK(cudaEventRecord(c->stop[1], c->stream[1]));
    CK(cudaEventSynchronize(c->stop[0]));
    CK(cudaEventSynchronize(c->stop[1]));
    t->host_ms = timer_now_ms() - t0;
    t->h2d_ms = elapsed_ms(c, c->start, c->stop[0], &rc);
    t->d2h_ms = elapsed_ms(c, c->start, c->stop[1], &rc);
    t->device_ms = fmax(t->h2d_ms, t->d2h_ms);
out:
    return rc;
}

/* Enqueue n async copies of direction dir (h2d or d2h) on stream s. */
static int enqueue(struct cuda_gpu *c, const struct copy_job *j, int h2d, int side, int n,
                   cudaStream_t s)
{
    int rc = 0;
    for (int i = 0; i < n; i++)
        CK(transfer(c, j, h2d, side, s));
out:
    return rc;
}

/*
 * Queued timing: hold stream 0 with the spin kernel (stream 1 waits on it
 * too for bidir), enqueue warm-up copies, a barrier, the start event, the
 * batch and the stop events, then release the flag.
 */
static int copy_queued(struct cuda_gpu *c, const struct copy_job *j, struct copy_time *t)
{
    int rc = 0, bidir = j->dir == DIR_BIDIR;
    cudaStream_t s0 = c->stream[0], s1 = c->stream[1];
    c->hold[0] = 0;
    c->hold[1] = 0;
    CK((cudaError_t)kernels_spin_launch(s0, c->hold_dev, SPIN_TIMEOUT_NS, c->hold_dev + 1));
    if (bidir) {
        CK(cudaEventRecord(c->mark[0], s0));
        CK(cudaStreamWaitEvent(s1, c->mark[0], 0));
    }
    double t0 = timer_now_ms();
    if (enqueue(c, j, j->dir != DIR_D2H, 0, j->warm_copies, s0) < 0 ||
        (bidir && enqueue(c, j, 0, 1, j->warm_copies, s1) < 0))
        goto out_release;
    if (bidir) { /* both streams' warm-ups finish before the common start */
        CK(cudaEventRecord(c->mark[1], s1));
        CK(cudaStreamWaitEvent(s0, c->mark[1], 0));
    }
    CK(cudaEventRecord(c->start, s0));
    if (bidir)
        CK(cudaStreamWaitEvent(s1, c->start, 0));
    if (enqueue(c, j, j->dir != DIR_D2H, 0, j->copies, s0) < 0 ||
        (bidir && enqueue(c, j, 0, 1, j->copies, s1) < 0))
        goto out_release;
    CK(cudaEventRecord(c->stop[0], s0));
    if (bidir)
        CK(cudaEventRecord(c->stop[1], s1));
    __atomic_store_n((int *)&c->hold[0], 1, __ATOMIC_SEQ_CST);
    CK(cudaEventSynchronize(c->stop[0]));
    if (bidir)
        CK(cudaEventSynchronize(c->stop[1]));
    t->host_ms = timer_now_ms() - t0;
    if (__atomic_load_n((int *)&c->hold[1], __ATOMIC_SEQ_CST)) {
        snprintf(c->last_error, sizeof(c->last_error),
                 "queued timing: the spin kernel timed out after %.1f s before the batch of "
                 "%d copies was enqueued",
                 SPIN_TIMEOUT_NS / 1e9, j->copies);
        return -1;
    }
    if (bidir) {
        t->h2d_ms = elapsed_ms(c, c->start, c->stop[0], &rc);
        t->d2h_ms = elapsed_ms(c, c->start, c->stop[1], &rc);
        t->device_ms = fmax(t->h2d_ms, t->d2h_ms);
    } else {
        t->device_ms = elapsed_ms(c, c->start, c->stop[0], &rc);
    }
out:
    if (rc == 0)
        return 0;
out_release:
    /* Release the streams whatever failed, so nothing stays blocked. */
    rc = -1; /* the failure is recorded: a failing synchronisation must not hide it */
    __atomic_store_n((int *)&c->hold[0], 1, __ATOMIC_SEQ_CST);
    CK_CLEANUP(cudaStreamSynchronize(s0));
    CK_CLEANUP(cudaStreamSynchronize(s1));
    return -1;
}

/*
 * The job as it is launched: job itself, or for zerocopy a copy in *mapped
 * with its host pointers replaced by their device pointers; NULL on failure.
 */
static const struct copy_job *as_launched(struct cuda_gpu *c, const struct copy_job *job,
                                          struct copy_job *mapped)
{
    int rc = 0;
    if (job->api != API_ZEROCOPY)
        return job;
    *mapped = *job;
    for (int i = 0; i < (job->dir == DIR_BIDIR ? 2 : 1); i++)
        CK(cudaHostGetDevicePointer(&mapped->host[i], job->host[i], 0));
out:
    return rc ? NULL : mapped;
}

static int cuda_roundtrip(struct gpu *g, const struct copy_job *job, double *us)
{
    struct cuda_gpu *c = cuda(g);
    struct copy_job mapped;
    const struct copy_job *j = use(c) < 0 ? NULL : as_launched(c, job, &mapped);
    if (!j)
        return -1;
    int rc = 0, h2d = j->dir == DIR_H2D;
    void *dst = h2d ? j->dev[0] : j->host[0];
    const void *src = h2d ? j->host[0] : j->dev[0];
    enum cudaMemcpyKind kind = h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    double t0 = timer_now_ms();
    if (j->api == API_SYNC) {
        CK(cudaMemcpy(dst, src, j->bytes, kind));
    } else {
        CK(transfer(c, j, h2d, 0, c->stream[0]));
        CK(cudaStreamSynchronize(c->stream[0]));
    }
    *us = (timer_now_ms() - t0) * 1e3;
out:
    return rc;
}

static int cuda_copy(struct gpu *g, const struct copy_job *job, struct copy_time *t)
{
    struct cuda_gpu *c = cuda(g);
    struct copy_job mapped;
    t->device_ms = t->host_ms = t->h2d_ms = t->d2h_ms = NAN;
    const struct copy_job *j = use(c) < 0 ? NULL : as_launched(c, job, &mapped);
    if (!j)
        return -1;
    if (j->queued && c->can_map && !c->hold && hold_open(c) < 0)
        return -1;
    if (j->queued && c->hold)
        return copy_queued(c, j, t);
    if (j->dir == DIR_BIDIR)
        return copy_bidir(c, j, t);
    return copy_one_way(c, j, t);
}

/* The first n pipeline streams and their join events, created on first use. */
static int pipe_streams(struct cuda_gpu *c, int n)
{
    int rc = 0;
    cudaStream_t stream = NULL;
    for (; c->npipe < n; c->npipe++) {
        cudaEvent_t join;
        CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
        CK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
        c->pipe[c->npipe] = stream;
        c->pipe_join[c->npipe] = join;
        stream = NULL;
    }
out:
    if (stream) /* its join event failed */
        CK_CLEANUP(cudaStreamDestroy(stream));
    return rc;
}

/* Enqueue piece i of j (the stages its part asks for) on stream s. */
static int pipe_piece(struct cuda_gpu *c, const struct pipeline_job *j, int i, cudaStream_t s)
{
    int rc = 0;
    size_t chunk = (j->bytes + (size_t)j->chunks - 1) / (size_t)j->chunks;
    size_t off = (size_t)i * chunk;
    if (off >= j->bytes)
        return 0;
    size_t n = j->bytes - off < chunk ? j->bytes - off : chunk;
    char *dev = (char *)j->dev + off;
    if (j->part == PIPE_ALL || j->part == PIPE_H2D)
        CK(cudaMemcpyAsync(dev, (char *)j->host_in + off, n, cudaMemcpyHostToDevice, s));
    if ((j->part == PIPE_ALL || j->part == PIPE_KERNEL) && j->kernel_ns)
        CK((cudaError_t)kernels_delay_launch(s, j->kernel_ns));
    if (j->part == PIPE_ALL || j->part == PIPE_D2H)
        CK(cudaMemcpyAsync((char *)j->host_out + off, dev, n, cudaMemcpyDeviceToHost, s));
out:
    return rc;
}

/*
 * A pipeline from one start event on stream 0 to the join of every stream:
 * the others wait on the start, stream 0 waits on their last piece.  Host
 * enqueue cost is inside the span, as it is in an application (a pageable
 * cudaMemcpyAsync blocks the host while it stages).
 */
static int cuda_pipeline(struct gpu *g, const struct pipeline_job *j, struct copy_time *t)
{
    struct cuda_gpu *c = cuda(g);
    int rc = 0, ns = j->part == PIPE_ALL ? j->streams : 1;
    t->device_ms = t->host_ms = t->h2d_ms = t->d2h_ms = NAN;
    if (ns < 1 || ns > GPU_MAX_STREAMS || j->chunks < 1) {
        snprintf(c->last_error, sizeof(c->last_error),
                 "pipeline: %d streams and %d chunks asked for", ns, j->chunks);
        return -1;
    }
    if (use(c) < 0 || pipe_streams(c, ns) < 0)
        return -1;
    double t0 = timer_now_ms();
    CK(cudaEventRecord(c->start, c->pipe[0]));
    for (int k = 1; k < ns; k++)
        CK(cudaStreamWaitEvent(c->pipe[k], c->start, 0));
    for (int i = 0; i < j->chunks; i++)
        if (pipe_piece(c, j, i, c->pipe[i % ns]) < 0)
            return -1;
    for (int k = 1; k < ns; k++) {
        CK(cudaEventRecord(c->pipe_join[k], c->pipe[k]));
        CK(cudaStreamWaitEvent(c->pipe[0], c->pipe_join[k], 0));
    }
    CK(cudaEventRecord(c->stop[0], c->pipe[0]));
    CK(cudaEventSynchronize(c->stop[0]));
    t->host_ms = timer_now_ms() - t0;
    t->device_ms = elapsed_ms(c, c->start, c->stop[0], &rc);
out:
    return rc;
}

/* Every thread reads the host clock, and the devices' copies contend for real. */
static void cuda_at_once(struct gpu *g, int gpus, double from_ms)
{
    (void)g;
    (void)gpus;
    (void)from_ms;
}

const struct gpu_ops gpu_cuda_ops = {
    .name = "cuda",
    .open = cuda_open,
    .close = cuda_close,
    .host_alloc = cuda_host_alloc,
    .host_free = cuda_host_free,
    .dev_alloc = cuda_dev_alloc,
    .dev_free = cuda_dev_free,
    .copy = cuda_copy,
    .roundtrip = cuda_roundtrip,
    .pipeline = cuda_pipeline,
    .error = cuda_error,
    .at_once = cuda_at_once,
};
