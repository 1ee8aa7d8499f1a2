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
#include "gpu.h"
#include "kernels.h"
#include "timer.h"

#include <cuda_runtime.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char last_error[512];

/* How long the spin kernel holds a stream before giving up (the host died, say). */
#define SPIN_TIMEOUT_NS 2000000000ULL

static struct {
    int open;
    cudaStream_t stream[2];
    cudaEvent_t start, stop[2], mark[2];
    volatile int *hold; /* mapped, page-locked: [0] the release flag, [1] timed out */
    int *hold_dev;
    int can_map; /* the device can map host memory: queued timing possible */
} eng;

static void set_error(const char *call, const char *file, int line, cudaError_t e)
{
    snprintf(last_error, sizeof(last_error), "%s failed (%s:%d): %s: %s", call, file, line,
             cudaGetErrorName(e), cudaGetErrorString(e));
}

/* Every CUDA call goes through CK: on failure, record it and leave through out:. */
#define CK(call)                                                                                   \
    do {                                                                                           \
        cudaError_t ck_err_ = (call);                                                              \
        if (ck_err_ != cudaSuccess) {                                                              \
            set_error(#call, __FILE__, __LINE__, ck_err_);                                         \
            rc = -1;                                                                               \
            goto out;                                                                              \
        }                                                                                          \
    } while (0)

static const char *cuda_error(void)
{
    return last_error;
}

/* Explain the errors that mean "there is no GPU to use here". */
static void explain_no_gpu(cudaError_t e)
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
    snprintf(last_error, sizeof(last_error), "no usable GPU: %s (cudaGetDeviceCount: %s, \"%s\")",
             why, cudaGetErrorName(e), cudaGetErrorString(e));
}

static void format_uuid(const cudaUUID_t *u, char *buf, size_t n)
{
    const unsigned char *b = (const unsigned char *)u->bytes;
    snprintf(buf, n, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
             b[14], b[15]);
}

static int read_info(int device, struct gpu_info *info)
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
static int hold_open(void)
{
    int rc = 0;
    void *page = aligned_alloc(4096, 4096);
    if (!page) {
        snprintf(last_error, sizeof(last_error), "queued timing: out of memory");
        return -1;
    }
    cudaError_t e = cudaHostRegister(page, 4096, cudaHostRegisterMapped);
    if (e != cudaSuccess) {
        free(page);
        set_error("cudaHostRegister(page, 4096, cudaHostRegisterMapped)", __FILE__, __LINE__, e);
        return -1;
    }
    eng.hold = page;
    CK(cudaHostGetDevicePointer((void **)&eng.hold_dev, page, 0));
out:
    return rc;
}

static void hold_close(void)
{
    if (!eng.hold)
        return;
    cudaHostUnregister((void *)eng.hold);
    free((void *)eng.hold);
    eng.hold = NULL;
}

static int cuda_open(int device, struct gpu_info *info)
{
    int rc = 0, count = 0;
    memset(info, 0, sizeof(*info));
    info->device = device;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        explain_no_gpu(e);
        return -1;
    }
    info->device_count = count;
    if (device >= count) {
        snprintf(last_error, sizeof(last_error),
                 "no usable GPU: device %d asked for, but this machine shows %d (0..%d)", device,
                 count, count - 1);
        return -1;
    }
    CK(cudaSetDevice(device));
    if (read_info(device, info) < 0)
        return -1;
    for (int i = 0; i < 2; i++) {
        CK(cudaStreamCreateWithFlags(&eng.stream[i], cudaStreamNonBlocking));
        CK(cudaEventCreate(&eng.stop[i]));
    }
    CK(cudaEventCreate(&eng.start));
    CK(cudaEventCreateWithFlags(&eng.mark[0], cudaEventDisableTiming));
    CK(cudaEventCreateWithFlags(&eng.mark[1], cudaEventDisableTiming));
    eng.can_map = info->can_map_host;
    eng.open = 1;
out:
    return rc;
}

static void cuda_close(void)
{
    if (!eng.open)
        return;
    for (int i = 0; i < 2; i++) {
        cudaStreamDestroy(eng.stream[i]);
        cudaEventDestroy(eng.stop[i]);
    }
    cudaEventDestroy(eng.start);
    cudaEventDestroy(eng.mark[0]);
    cudaEventDestroy(eng.mark[1]);
    hold_close();
    eng.open = 0;
}

static int cuda_host_alloc(struct host_buf *b, enum alloc_kind kind, size_t bytes)
{
    int rc = 0;
    void *p = NULL;
    memset(b, 0, sizeof(*b));
    switch (kind) {
    case ALLOC_PAGEABLE:
    case ALLOC_REGISTERED:
        p = malloc(bytes);
        if (!p) {
            snprintf(last_error, sizeof(last_error), "malloc(%zu) failed: out of memory", bytes);
            return -1;
        }
        if (kind == ALLOC_REGISTERED) {
            double t0 = timer_now_ms();
            cudaError_t e = cudaHostRegister(p, bytes, cudaHostRegisterDefault);
            b->pin_ms = timer_now_ms() - t0;
            if (e != cudaSuccess) {
                set_error("cudaHostRegister(p, bytes, cudaHostRegisterDefault)", __FILE__, __LINE__,
                          e);
                free(p);
                return -1;
            }
        }
        break;
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
        snprintf(last_error, sizeof(last_error), "unknown host allocation kind %d", (int)kind);
        return -1;
    }
    b->kind = kind;
    b->ptr = p;
    b->bytes = bytes;
out:
    return rc;
}

static int cuda_host_free(struct host_buf *b)
{
    int rc = 0;
    if (!b->ptr)
        return 0;
    void *p = b->ptr;
    b->ptr = NULL;
    switch (b->kind) {
    case ALLOC_PAGEABLE:
        free(p);
        break;
    case ALLOC_REGISTERED: {
        cudaError_t e = cudaHostUnregister(p);
        free(p);
        if (e != cudaSuccess) {
            set_error("cudaHostUnregister(p)", __FILE__, __LINE__, e);
            rc = -1;
        }
        break;
    }
    default:
        CK(cudaFreeHost(p));
        break;
    }
out:
    return rc;
}

static int cuda_dev_alloc(void **ptr, size_t bytes)
{
    int rc = 0;
    *ptr = NULL;
    CK(cudaMalloc(ptr, bytes));
out:
    return rc;
}

static int cuda_dev_free(void *ptr)
{
    int rc = 0;
    if (ptr)
        CK(cudaFree(ptr));
out:
    return rc;
}

static double elapsed_ms(cudaEvent_t a, cudaEvent_t b, int *rc)
{
    float ms = 0;
    cudaError_t e = cudaEventElapsedTime(&ms, a, b);
    if (e != cudaSuccess) {
        set_error("cudaEventElapsedTime(&ms, a, b)", __FILE__, __LINE__, e);
        *rc = -1;
        return NAN;
    }
    return (double)ms;
}

/* h2d or d2h: one stream (the legacy default one for sync), two events. */
static int copy_one_way(const struct copy_job *j, struct copy_time *t)
{
    int rc = 0;
    int h2d = j->dir == DIR_H2D;
    void *dst = h2d ? j->dev[0] : j->host[0];
    const void *src = h2d ? j->host[0] : j->dev[0];
    enum cudaMemcpyKind kind = h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    cudaStream_t s = j->api == API_SYNC ? (cudaStream_t)0 : eng.stream[0];

    double t0 = timer_now_ms();
    CK(cudaEventRecord(eng.start, s));
    if (j->api == API_SYNC)
        for (int i = 0; i < j->copies; i++)
            CK(cudaMemcpy(dst, src, j->bytes, kind));
    else
        for (int i = 0; i < j->copies; i++)
            CK(cudaMemcpyAsync(dst, src, j->bytes, kind, s));
    CK(cudaEventRecord(eng.stop[0], s));
    CK(cudaEventSynchronize(eng.stop[0]));
    t->host_ms = timer_now_ms() - t0;
    t->device_ms = elapsed_ms(eng.start, eng.stop[0], &rc);
out:
    return rc;
}

/* bidir: h2d on stream 0 and d2h on stream 1, both waiting on one start event. */
static int copy_bidir(const struct copy_job *j, struct copy_time *t)
{
    int rc = 0;
    double t0 = timer_now_ms();
    CK(cudaEventRecord(eng.start, eng.stream[0]));
    CK(cudaStreamWaitEvent(eng.stream[1], eng.start, 0));
    for (int i = 0; i < j->copies; i++) {
        CK(cudaMemcpyAsync(j->dev[0], j->host[0], j->bytes, cudaMemcpyHostToDevice, eng.stream[0]));
        CK(cudaMemcpyAsync(j->host[1], j->dev[1], j->bytes, cudaMemcpyDeviceToHost, eng.stream[1]));
    }
    CK(cudaEventRecord(eng.stop[0], eng.stream[0]));
    CK(cudaEventRecord(eng.stop[1], eng.stream[1]));
    CK(cudaEventSynchronize(eng.stop[0]));
    CK(cudaEventSynchronize(eng.stop[1]));
    t->host_ms = timer_now_ms() - t0;
    t->h2d_ms = elapsed_ms(eng.start, eng.stop[0], &rc);
    t->d2h_ms = elapsed_ms(eng.start, eng.stop[1], &rc);
    t->device_ms = fmax(t->h2d_ms, t->d2h_ms);
out:
    return rc;
}

/* Enqueue n async copies of direction dir (h2d or d2h) on stream s. */
static int enqueue(const struct copy_job *j, int h2d, int side, int n, cudaStream_t s)
{
    int rc = 0;
    for (int i = 0; i < n; i++) {
        if (h2d)
            CK(cudaMemcpyAsync(j->dev[side], j->host[side], j->bytes, cudaMemcpyHostToDevice, s));
        else
            CK(cudaMemcpyAsync(j->host[side], j->dev[side], j->bytes, cudaMemcpyDeviceToHost, s));
    }
out:
    return rc;
}

/*
 * Queued timing: hold stream 0 with the spin kernel (stream 1 waits on it
 * too for bidir), enqueue warm-up copies, a barrier, the start event, the
 * batch and the stop events, then release the flag.
 */
static int copy_queued(const struct copy_job *j, struct copy_time *t)
{
    int rc = 0, bidir = j->dir == DIR_BIDIR;
    cudaStream_t s0 = eng.stream[0], s1 = eng.stream[1];
    eng.hold[0] = 0;
    eng.hold[1] = 0;
    CK((cudaError_t)kernels_spin_launch(s0, eng.hold_dev, SPIN_TIMEOUT_NS, eng.hold_dev + 1));
    if (bidir) {
        CK(cudaEventRecord(eng.mark[0], s0));
        CK(cudaStreamWaitEvent(s1, eng.mark[0], 0));
    }
    double t0 = timer_now_ms();
    if (enqueue(j, j->dir != DIR_D2H, 0, j->warm_copies, s0) < 0 ||
        (bidir && enqueue(j, 0, 1, j->warm_copies, s1) < 0))
        goto out_release;
    if (bidir) { /* both streams' warm-ups finish before the common start */
        CK(cudaEventRecord(eng.mark[1], s1));
        CK(cudaStreamWaitEvent(s0, eng.mark[1], 0));
    }
    CK(cudaEventRecord(eng.start, s0));
    if (bidir)
        CK(cudaStreamWaitEvent(s1, eng.start, 0));
    if (enqueue(j, j->dir != DIR_D2H, 0, j->copies, s0) < 0 ||
        (bidir && enqueue(j, 0, 1, j->copies, s1) < 0))
        goto out_release;
    CK(cudaEventRecord(eng.stop[0], s0));
    if (bidir)
        CK(cudaEventRecord(eng.stop[1], s1));
    __atomic_store_n((int *)&eng.hold[0], 1, __ATOMIC_SEQ_CST);
    CK(cudaEventSynchronize(eng.stop[0]));
    if (bidir)
        CK(cudaEventSynchronize(eng.stop[1]));
    t->host_ms = timer_now_ms() - t0;
    if (__atomic_load_n((int *)&eng.hold[1], __ATOMIC_SEQ_CST)) {
        snprintf(last_error, sizeof(last_error),
                 "queued timing: the spin kernel timed out after %.1f s before the batch of "
                 "%d copies was enqueued",
                 SPIN_TIMEOUT_NS / 1e9, j->copies);
        return -1;
    }
    if (bidir) {
        t->h2d_ms = elapsed_ms(eng.start, eng.stop[0], &rc);
        t->d2h_ms = elapsed_ms(eng.start, eng.stop[1], &rc);
        t->device_ms = fmax(t->h2d_ms, t->d2h_ms);
    } else {
        t->device_ms = elapsed_ms(eng.start, eng.stop[0], &rc);
    }
out:
    if (rc == 0)
        return 0;
out_release:
    /* Release the streams whatever failed, so nothing stays blocked. */
    __atomic_store_n((int *)&eng.hold[0], 1, __ATOMIC_SEQ_CST);
    cudaStreamSynchronize(s0);
    cudaStreamSynchronize(s1);
    return -1;
}

static int cuda_roundtrip(const struct copy_job *j, double *us)
{
    int rc = 0, h2d = j->dir == DIR_H2D;
    void *dst = h2d ? j->dev[0] : j->host[0];
    const void *src = h2d ? j->host[0] : j->dev[0];
    enum cudaMemcpyKind kind = h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    double t0 = timer_now_ms();
    if (j->api == API_SYNC) {
        CK(cudaMemcpy(dst, src, j->bytes, kind));
    } else {
        CK(cudaMemcpyAsync(dst, src, j->bytes, kind, eng.stream[0]));
        CK(cudaStreamSynchronize(eng.stream[0]));
    }
    *us = (timer_now_ms() - t0) * 1e3;
out:
    return rc;
}

static int cuda_copy(const struct copy_job *j, struct copy_time *t)
{
    t->device_ms = t->host_ms = t->h2d_ms = t->d2h_ms = NAN;
    if (j->queued && eng.can_map && !eng.hold && hold_open() < 0)
        return -1;
    if (j->queued && eng.hold)
        return copy_queued(j, t);
    if (j->dir == DIR_BIDIR)
        return copy_bidir(j, t);
    return copy_one_way(j, t);
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
    .error = cuda_error,
};
