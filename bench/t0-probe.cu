// bench/t0-probe.cu - what fixes a sync copy's fixed cost t0 for a whole process?
// In one process: 4 streams (the legacy default stream and 3 created non-blocking
// ones) x 2 page-locked host buffers (allocated apart) x h2d/d2h, 64 KiB each copy,
// cudaMemcpyAsync then cudaStreamSynchronize, timed by events on that stream and by
// the host clock; the cells are visited round robin, 400 times after 40 warm-ups.
// Prints CSV: proc,stream,buf,dir,event_us,host_us (the medians).  Run it in several
// processes: a per-stream or per-buffer spread inside one process that matches the
// spread between processes names the cause (copy engine, or host page).
//   t0-probe PROC buffers   instead: 8 buffers, cudaMemcpy on the legacy stream (as
//                           pinsweep's sync rows), 64 KiB and 1 MiB: CSV
//                           proc,bytes,buf,dir,event_us.
// Build: nvcc -O2 -o build-gpu/t0-probe bench/t0-probe.cu
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_) {                                                                                  \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                               \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

#define NS 4
#define NB 2
#define NBUF 8
#define REPS 400
#define WARM 40

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static float median(float *v, int n)
{
    qsort(v, n, sizeof(*v), cmp);
    return v[n / 2];
}

/* The buffers mode: NBUF buffers allocated apart, each copied with cudaMemcpy. */
static int buffers(int proc)
{
    static const size_t sizes[2] = {64 << 10, 1 << 20};
    static float ev[2][NBUF][2][REPS];
    void *h[NBUF], *d;
    cudaEvent_t a, b;
    CK(cudaMalloc(&d, 1 << 20));
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int k = 0; k < NBUF; k++) {
        void *gap;
        CK(cudaHostAlloc(&h[k], 1 << 20, 0));
        memset(h[k], 1, 1 << 20);
        CK(cudaHostAlloc(&gap, 16 << 20, 0));
    }
    for (int r = -WARM; r < REPS; r++)
        for (int z = 0; z < 2; z++)
            for (int k = 0; k < NBUF; k++)
                for (int dir = 0; dir < 2; dir++) {
                    float ms;
                    CK(cudaEventRecord(a, 0));
                    if (dir == 0)
                        CK(cudaMemcpy(d, h[k], sizes[z], cudaMemcpyHostToDevice));
                    else
                        CK(cudaMemcpy(h[k], d, sizes[z], cudaMemcpyDeviceToHost));
                    CK(cudaEventRecord(b, 0));
                    CK(cudaEventSynchronize(b));
                    CK(cudaEventElapsedTime(&ms, a, b));
                    if (r >= 0)
                        ev[z][k][dir][r] = ms * 1e3f;
                }
    for (int z = 0; z < 2; z++)
        for (int k = 0; k < NBUF; k++)
            for (int dir = 0; dir < 2; dir++)
                printf("%d,%zu,%d,%s,%.3f,\n", proc, sizes[z], k, dir ? "d2h" : "h2d",
                       median(ev[z][k][dir], REPS));
    return 0;
}

int main(int argc, char **argv)
{
    size_t n = 64 << 10;
    int proc = argc > 1 ? atoi(argv[1]) : 0;
    cudaStream_t st[NS];
    cudaEvent_t a[NS], b[NS];
    void *h[NB], *d;
    static float ev[NS][NB][2][REPS], ho[NS][NB][2][REPS];
    CK(cudaSetDevice(0));
    if (argc > 2 && !strcmp(argv[2], "buffers"))
        return buffers(proc);
    CK(cudaMalloc(&d, n));
    st[0] = 0;
    for (int s = 1; s < NS; s++)
        CK(cudaStreamCreateWithFlags(&st[s], cudaStreamNonBlocking));
    for (int s = 0; s < NS; s++) {
        CK(cudaEventCreate(&a[s]));
        CK(cudaEventCreate(&b[s]));
    }
    for (int k = 0; k < NB; k++) {
        void *gap;
        CK(cudaHostAlloc(&h[k], n, 0));
        memset(h[k], 1, n);
        CK(cudaHostAlloc(&gap, 64 << 20, 0)); /* kept: the next buffer lands elsewhere */
    }
    for (int r = -WARM; r < REPS; r++)
        for (int s = 0; s < NS; s++)
            for (int k = 0; k < NB; k++)
                for (int dir = 0; dir < 2; dir++) {
                    double t0 = now_us();
                    CK(cudaEventRecord(a[s], st[s]));
                    if (dir == 0)
                        CK(cudaMemcpyAsync(d, h[k], n, cudaMemcpyHostToDevice, st[s]));
                    else
                        CK(cudaMemcpyAsync(h[k], d, n, cudaMemcpyDeviceToHost, st[s]));
                    CK(cudaEventRecord(b[s], st[s]));
                    CK(cudaStreamSynchronize(st[s]));
                    double t1 = now_us();
                    float ms;
                    CK(cudaEventElapsedTime(&ms, a[s], b[s]));
                    if (r >= 0) {
                        ev[s][k][dir][r] = ms * 1e3f;
                        ho[s][k][dir][r] = (float)(t1 - t0);
                    }
                }
    for (int s = 0; s < NS; s++)
        for (int k = 0; k < NB; k++)
            for (int dir = 0; dir < 2; dir++)
                printf("%d,%d,%d,%s,%.3f,%.3f\n", proc, s, k, dir ? "d2h" : "h2d",
                       median(ev[s][k][dir], REPS), median(ho[s][k][dir], REPS));
    return 0;
}
