/*
 * hostmem.c - cache flushing, fresh mappings and the memcpy reference.
 */
#include "hostmem.h"
#include "stats.h"
#include "timer.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

uint64_t hostmem_llc_bytes(void)
{
    uint64_t best = 0;
    for (int i = 0; i < 8; i++) {
        char path[128], text[64];
        snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        if (fgets(text, sizeof(text), f)) {
            char *end;
            uint64_t v = strtoull(text, &end, 10);
            v *= *end == 'K' ? 1024 : *end == 'M' ? 1024 * 1024 : 1;
            if (v > best)
                best = v;
        }
        fclose(f);
    }
    return best;
}

void hostmem_flush(void *p, size_t n)
{
#if defined(__x86_64__)
    /* Exact and cheap: only this buffer's lines leave the caches. */
    for (char *c = p, *end = (char *)p + n; c < end; c += 64)
        _mm_clflush(c);
    _mm_mfence();
#else
    static char *big;
    static size_t big_n;
    (void)p;
    (void)n;
    if (!big) {
        uint64_t llc = hostmem_llc_bytes();
        big_n = 2 * (llc ? llc : 64ULL << 20);
        big = malloc(big_n);
    }
    if (big)
        memset(big, (int)(timer_now_ms()) & 0xff, big_n);
#endif
}

void *hostmem_map_fresh(size_t n)
{
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void hostmem_unmap(void *p, size_t n)
{
    if (p)
        munmap(p, n);
}

/* Time one batch of copies memcpys, in ms. */
static double memcpy_batch(char *dst, const char *src, size_t n, int copies)
{
    double t0 = timer_now_ms();
    for (int i = 0; i < copies; i++) {
        memcpy(dst, src, n);
        __asm__ __volatile__("" : : "r"(dst) : "memory"); /* the copy must happen */
    }
    return timer_now_ms() - t0;
}

double hostmem_memcpy_gbps(uint64_t size, double min_sample_ms, int samples)
{
    char *src = malloc(size), *dst = malloc(size);
    double *gbps = calloc((size_t)samples, sizeof(double)), result = NAN;
    int copies = 1;
    if (!src || !dst || !gbps)
        goto out;
    memset(src, 0x5a, size);
    memset(dst, 0, size);
    double ms = memcpy_batch(dst, src, size, 1);
    while (ms < min_sample_ms && copies < 1000000) {
        copies = ms > 0 ? (int)ceil(copies * 1.2 * min_sample_ms / ms) : copies * 2;
        ms = memcpy_batch(dst, src, size, copies);
    }
    for (int i = 0; i < samples; i++)
        gbps[i] = (double)size * copies / (memcpy_batch(dst, src, size, copies) * 1e6);
    result = stats_median(gbps, (size_t)samples);
out:
    free(src);
    free(dst);
    free(gbps);
    return result;
}

int hostmem_write_reference(const char *dir, const uint64_t *sizes, size_t n, char *err,
                            size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof(path), "%s/host-memcpy.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, "size_bytes,gbps_median,samples\n");
    for (size_t i = 0; i < n; i++) {
        double g = hostmem_memcpy_gbps(sizes[i], 2.0, 5);
        if (!isnan(g))
            fprintf(f, "%llu,%.4f,5\n", (unsigned long long)sizes[i], g);
    }
    if (fclose(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
