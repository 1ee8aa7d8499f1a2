/*
 * kernels.cu - the spin kernel that holds a stream while a batch is queued.
 *
 * Compiled by nvcc for sm_90 (Hopper) with PTX for older GPUs; see kernels.h.
 */
#include "kernels.h"

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
