// bench/link-probe.cu - does the link read slow by itself, or just after a large
// page-locked buffer is freed or unregistered?  A probe (3 x 64 MiB pinned h2d
// cudaMemcpy, timed with events, the median) every 20 ms:
//   link-probe            for 1.5 s after each of: nothing, cudaFreeHost of 1 GiB and of
//                         256 MiB, cudaHostUnregister of 256 MiB, and (freshprobe) with the
//                         probe's own buffer allocated for each reading; 3 times each;
//   link-probe SECONDS    for SECONDS with nothing else (the idle machine).
// Prints CSV: rep,kind,free_s,t_s,gbps.  Build: nvcc -O2 -o build-gpu/link-probe
// bench/link-probe.cu (bench/README.md has what it read on the H200).
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

static void *dev, *probe;
static cudaEvent_t a, b;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* One reading: the median of 3 timed 64 MiB copies after one untimed, GB/s. */
static double probe_gbps(int fresh)
{
    size_t n = 64ull << 20;
    void *h = probe;
    float ms[3];
    if (fresh) {
        CK(cudaHostAlloc(&h, n, 0));
        memset(h, 1, n);
    }
    CK(cudaMemcpy(dev, h, n, cudaMemcpyHostToDevice));
    for (int i = 0; i < 3; i++) {
        CK(cudaEventRecord(a));
        CK(cudaMemcpy(dev, h, n, cudaMemcpyHostToDevice));
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms[i], a, b));
    }
    if (fresh)
        CK(cudaFreeHost(h));
    float x = ms[0], y = ms[1], z = ms[2];
    float m = x > y ? (y > z ? y : (x > z ? z : x)) : (x > z ? x : (y > z ? z : y));
    return n / (m * 1e6);
}

int main(int argc, char **argv)
{
    static const char *const kinds[] = {"none", "freehost-1g", "unregister-256m", "freehost-256m",
                                        "none-freshprobe", "freehost-1g-freshprobe"};
    int reps = argc > 1 ? 1 : 3, nkinds = argc > 1 ? 1 : 6;
    double span = argc > 1 ? atof(argv[1]) : 1.5;
    CK(cudaSetDevice(0));
    CK(cudaMalloc(&dev, 1ull << 30));
    CK(cudaHostAlloc(&probe, 64ull << 20, 0));
    memset(probe, 1, 64ull << 20);
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int rep = 0; rep < reps; rep++)
        for (int k = 0; k < nkinds; k++) {
            size_t n = strstr(kinds[k], "1g") ? 1ull << 30 : 256ull << 20;
            int unreg = strstr(kinds[k], "unregister") != NULL;
            void *h = NULL;
            if (strncmp(kinds[k], "none", 4)) {
                if (unreg) {
                    h = aligned_alloc(4096, n);
                    memset(h, 1, n);
                    CK(cudaHostRegister(h, n, 0));
                } else {
                    CK(cudaHostAlloc(&h, n, 0));
                    memset(h, 1, n);
                }
                CK(cudaMemcpy(dev, h, n, cudaMemcpyHostToDevice));
            }
            double t0 = now();
            if (h && unreg) {
                CK(cudaHostUnregister(h));
                free(h);
            } else if (h) {
                CK(cudaFreeHost(h));
            }
            double freed = now() - t0;
            int fresh = strstr(kinds[k], "freshprobe") != NULL;
            while (now() - t0 < span) {
                double t = now() - t0, g = probe_gbps(fresh);
                printf("%d,%s,%.3f,%.4f,%.2f\n", rep, kinds[k], freed, t, g);
                struct timespec s = {0, 20000000};
                nanosleep(&s, NULL);
            }
            fflush(stdout);
        }
    return 0;
}
