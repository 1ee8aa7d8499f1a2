/*
 * kernels.h - the CUDA kernels pinsweep needs, callable from C (kernels.cu).
 *
 * Only gpu_cuda.c calls these.  Streams are passed as void * so that this
 * header needs no CUDA types; return values are cudaError_t codes (0: ok).
 */
#ifndef PINSWEEP_KERNELS_H
#define PINSWEEP_KERNELS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Launch one thread on stream that spins until *flag (mapped pinned memory,
 * device pointer) becomes non-zero, or until timeout_ns have passed on the
 * GPU's global timer, in which case it sets *timed_out (device pointer) to 1.
 * Work queued behind it on the stream waits until the host releases the flag,
 * so a whole batch can be enqueued before any of it starts.
 */
int kernels_spin_launch(void *stream, const volatile int *flag, unsigned long long timeout_ns,
                        int *timed_out);

/* Launch the pipeline's compute stand-in on stream: one warp busy for ns nanoseconds. */
int kernels_delay_launch(void *stream, unsigned long long ns);

/*
 * Launch a copy kernel on stream: dst = src for bytes bytes, 16-byte
 * coalesced accesses, a grid of 8 blocks of 256 threads per SM (fewer for
 * small buffers).  dst and src are device pointers; one of them maps host
 * memory (cudaHostGetDevicePointer), so the kernel reads or writes the host
 * across PCIe with no copy engine.  Both must be 16-byte aligned.
 */
int kernels_zerocopy_launch(void *stream, void *dst, const void *src, size_t bytes, int sm_count);

/*
 * Load every kernel's module now.  With lazy loading (the default since
 * CUDA 12), a kernel's first launch loads it, and that can wait for work
 * already queued: a first launch behind the spin kernel then waited for its
 * timeout (seen under compute-sanitizer).  Returns a cudaError_t code.
 */
int kernels_preload(void);

#ifdef __cplusplus
}
#endif

#endif
