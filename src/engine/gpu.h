/*
 * gpu.h - the copy engine interface: everything pinsweep asks of a GPU.
 *
 * Like fio's ioengine_ops, an engine is one table of functions in one file:
 * gpu_cuda.c drives a real GPU through the CUDA runtime, gpu_fake.c imitates
 * one with memcpy so that the measurement loop, the CSVs and the error paths
 * can be tested on machines without a GPU.  No other file includes
 * cuda_runtime.h.
 *
 * open() creates a context, struct gpu, for one device; every other hook
 * takes it, and close() releases it.  An engine keeps all its state there
 * (streams, events, the last error), none in statics, so two devices can be
 * open in one process.
 *
 * Time comes from the engine too: the devices of a run share the run's clock
 * (struct timer_clock, base/timer.h), which the first open starts and the
 * caller releases after closing them all, and each device's clock
 * (g->clock) is what code that times its work reads.  The CUDA engine's are
 * the host's monotonic clock; the fake engine's are its model's when it is
 * opened with one (clockmodel.h), and the host's without.
 *
 * Every function returns 0 or a negative code; after a failure the engine's
 * error(g) returns one line naming the call, where it was made and the CUDA
 * error (cudaGetErrorName and its description).
 */
#ifndef PINSWEEP_GPU_H
#define PINSWEEP_GPU_H

#include "base/timer.h"
#include "experiment/schema.h"

#include <stddef.h>
#include <stdint.h>

/* What the engine learnt about the device when it opened it. */
struct gpu_info {
    int device;       /* CUDA device index */
    int device_count; /* devices visible to the process */
    char name[256];
    char uuid[64];       /* "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" */
    char pci_bus_id[32]; /* lower case, as sysfs names it: "0000:00:06.0" */
    int cc_major, cc_minor;
    int driver_version;  /* cudaDriverGetVersion: 13000 for CUDA 13.0 */
    int runtime_version; /* cudaRuntimeGetVersion */
    uint64_t mem_total_bytes, mem_free_bytes;
    int async_engines; /* copy engines (cudaDevAttrAsyncEngineCount) */
    int can_map_host;
    int register_readonly; /* cudaDevAttrHostRegisterReadOnlySupported */
    int sm_count;
};

/* A host_alloc failure that is not an error: the device does not support the kind (skipped). */
#define GPU_UNSUPPORTED (-2)

/* A host buffer of some kind; host_alloc fills it in, host_free releases it. */
struct host_buf {
    enum alloc_kind kind;
    enum page_kind pages;
    void *ptr;
    size_t bytes;
    size_t mapped_bytes; /* pages thp or hugetlb: the length of the mapping */
    double pin_ms;       /* registered: how long cudaHostRegister took (part of the allocation) */
};

/*
 * One timed batch: `copies` copies of `bytes` each, back to back.
 * h2d: host[0] -> dev[0]; d2h: dev[0] -> host[0];
 * bidir: host[0] -> dev[0] on one stream while dev[1] -> host[1] on another.
 * api zerocopy: each copy is a kernel that reads (h2d) or writes (d2h) the
 * host buffer through its device pointer instead of a cudaMemcpyAsync.
 */
struct copy_job {
    enum direction dir;
    enum copy_api api;
    void *host[2];
    void *dev[2];
    size_t bytes;
    int copies;
    /*
     * Queued timing (api async from page-locked memory only): hold the
     * stream(s) with a spin kernel, enqueue warm_copies untimed copies, the
     * start event, the batch and the stop event, then release it, so that
     * the batch runs back to back with no host enqueue cost inside the
     * timed span.  warm_copies + copies must not exceed GPU_QUEUE_MAX_COPIES.
     */
    int queued;
    int warm_copies;
};

/* The most copies queued behind the spin kernel (the stream's queue is finite). */
#define GPU_QUEUE_MAX_COPIES 256

/* Times of one batch, in milliseconds. */
struct copy_time {
    double device_ms; /* between events on the device timeline; bidir: the longer side */
    double host_ms;   /* host clock from before the first call to after the last sync */
    double h2d_ms;    /* bidir: each direction from the common start event; else NaN */
    double d2h_ms;
};

/* Which stages of a pipeline run: all of them overlapped, or one alone. */
enum pipeline_part { PIPE_ALL, PIPE_H2D, PIPE_KERNEL, PIPE_D2H };

/*
 * A pipeline over bytes: cut into `chunks` pieces (the last may be shorter);
 * piece i is copied host_in -> dev, processed by a kernel of kernel_ns
 * nanoseconds (0: none) and copied dev -> host_out, all on stream
 * i % streams, with cudaMemcpyAsync.  PIPE_ALL times the whole pipeline from
 * one start event to the join of every stream; a single part runs that
 * stage's pieces alone, back to back on one stream.
 */
struct pipeline_job {
    void *host_in, *host_out, *dev;
    size_t bytes;
    int chunks, streams; /* streams: at most GPU_MAX_STREAMS */
    unsigned long long kernel_ns;
    enum pipeline_part part;
};

#define GPU_MAX_STREAMS 64

struct gpu_ops;

/*
 * An open device.  Each engine's own context starts with this struct (and
 * casts back to its own); the rest of the program sees only these fields.
 */
struct gpu {
    const struct gpu_ops *ops; /* the engine that opened it */
    int device;                /* the device index it was opened on */
    /* The clock to time this device's work by (timer_read): the run's, or its own while it
       copies at once with other devices (at_once); the engine's, valid until close. */
    const struct timer_clock *clock;
};

struct gpu_ops {
    const char *name; /* "cuda" or "fake" */
    /*
     * Select and initialise the device and create its context in *g; -1 with
     * the reason in err[0..err_len) when there is no usable GPU or driver (or
     * a step failed; what was created is released again).  clock is the
     * run's clock: zeroed, open starts it (the fake engine with its model,
     * at 0 ms), else it is one this engine started for another device,
     * which g shares.  The caller releases it (timer_clock_release) after
     * closing every device opened on it.
     */
    int (*open)(int device, struct timer_clock *clock, struct gpu_info *info, struct gpu **g,
                char *err, size_t err_len);
    void (*close)(struct gpu *g); /* releases g and all it holds; safe on NULL */
    /*
     * Allocate bytes of kind; malloc'd kinds with pages thp or hugetlb are
     * mapped with those pages (hugepages.h).  GPU_UNSUPPORTED when the device
     * cannot have the kind (registered-readonly, registered-mapped), -1 on
     * failure.
     */
    int (*host_alloc)(struct gpu *g, struct host_buf *b, enum alloc_kind kind, enum page_kind pages,
                      size_t bytes);
    int (*host_free)(struct gpu *g, struct host_buf *b); /* safe on a zeroed buffer */
    int (*dev_alloc)(struct gpu *g, void **ptr, size_t bytes);
    int (*dev_free)(struct gpu *g, void *ptr); /* safe on NULL */
    int (*copy)(struct gpu *g, const struct copy_job *job, struct copy_time *t);
    /*
     * One copy of job (h2d or d2h) as an application waits for it: the copy
     * call, then cudaStreamSynchronize for api async, timed by the host
     * clock, in microseconds.
     */
    int (*roundtrip)(struct gpu *g, const struct copy_job *job, double *us);
    /* One run of a pipeline (see struct pipeline_job): device_ms and host_ms of *t. */
    int (*pipeline)(struct gpu *g, const struct pipeline_job *job, struct copy_time *t);
    const char *(*error)(const struct gpu *g); /* g's last failure, one line */
    /*
     * g copies at once with gpus - 1 other devices of the run, each driven by
     * a thread of its own, from now until called again with gpus 0.  Its
     * clock is then its own, started at from_ms of the run's clock, so that
     * no two threads move one modelled clock (the host clock is every
     * thread's already), and a modelled host bandwidth is shared by all.
     */
    void (*at_once)(struct gpu *g, int gpus, double from_ms);
};

extern const struct gpu_ops gpu_cuda_ops;
extern const struct gpu_ops gpu_fake_ops;

#endif
