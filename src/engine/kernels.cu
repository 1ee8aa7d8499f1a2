/*
 * kernels.cu - the kernels pinsweep launches: the spin kernel that holds a
 * stream while a batch is queued, the pipeline's stand-in for compute, and
 * the zero-copy kernel that moves a buffer through host memory's device
 * pointer.
 *
 * Compiled by nvcc for sm_90 (Hopper) with PTX for older GPUs; see kernels.h.
 */
#include "engine/kernels.h"

#include <cuda_runtime.h>

static __device__ unsigned long long global_ns(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

static __global__ void spin_until_released(const volatile int *flag,
                                           unsigned long long timeout_ns, int *timed_out)
{
    unsigned long long start = global_ns();
    while (*flag == 0) {
        if (global_ns() - start > timeout_ns) {
            *timed_out = 1;
            return;
        }
        __nanosleep(256);
    }
}

extern "C" int kernels_spin_launch(void *stream, const volatile int *flag,
                                   unsigned long long timeout_ns, int *timed_out)
{
    spin_until_released<<<1, 1, 0, (cudaStream_t)stream>>>(flag, timeout_ns, timed_out);
    return (int)cudaGetLastError();
}

/*
 * The pipeline's compute stand-in: one warp waits until ns nanoseconds have
 * passed on the global timer.  It touches no memory, so it competes with the
 * copies for nothing but its place in the stream.
 */
static __global__ void delay(unsigned long long ns)
{
    unsigned long long start = global_ns();
    while (global_ns() - start < ns)
        ;
}

extern "C" int kernels_delay_launch(void *stream, unsigned long long ns)
{
    delay<<<1, 32, 0, (cudaStream_t)stream>>>(ns);
    return (int)cudaGetLastError();
}

/*
 * dst[0..bytes) = src[0..bytes), 16 bytes per access by consecutive threads
 * (coalesced), grid-stride; the last bytes % 16 one byte at a time.  One of
 * the two pointers is host memory seen through its device pointer.
 */
static __global__ void copy16(uint4 *dst, const uint4 *src, size_t n16, unsigned char *dst_tail,
                              const unsigned char *src_tail, size_t tail)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n16; i += stride)
        dst[i] = src[i];
    if (blockIdx.x == 0 && threadIdx.x < tail)
        dst_tail[threadIdx.x] = src_tail[threadIdx.x];
}

extern "C" int kernels_zerocopy_launch(void *stream, void *dst, const void *src, size_t bytes,
                                       int sm_count)
{
    const int threads = 256;
    size_t n16 = bytes / 16, want = (n16 + threads - 1) / threads;
    size_t blocks = (size_t)(sm_count > 0 ? sm_count : 1) * 8;
    if (want < blocks)
        blocks = want ? want : 1;
    copy16<<<(unsigned)blocks, threads, 0, (cudaStream_t)stream>>>(
        (uint4 *)dst, (const uint4 *)src, n16, (unsigned char *)dst + n16 * 16,
        (const unsigned char *)src + n16 * 16, bytes % 16);
    return (int)cudaGetLastError();
}

extern "C" int kernels_preload(void)
{
    cudaFuncAttributes a;
    cudaError_t e = cudaFuncGetAttributes(&a, spin_until_released);
    if (e == cudaSuccess)
        e = cudaFuncGetAttributes(&a, delay);
    if (e == cudaSuccess)
        e = cudaFuncGetAttributes(&a, copy16);
    return (int)e;
}
