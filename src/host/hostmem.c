/*
 * hostmem.c - cache flushing, fresh mappings and the memcpy reference.
 */
#include "host/hostmem.h"
#include "base/stats.h"
#include "base/timer.h"

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

/* One pass over the user buffer through the staging buffer; returns nothing, copies all. */
static void through_staging(char *user, char *staging, uint64_t size, int to_staging)
{
    for (uint64_t off = 0; off < size; off += HOSTMEM_STAGING_BYTES) {
        size_t n =
            size - off < HOSTMEM_STAGING_BYTES ? (size_t)(size - off) : HOSTMEM_STAGING_BYTES;
        if (to_staging)
            memcpy(staging, user + off, n);
        else
            memcpy(user + off, staging, n);
        __asm__ __volatile__("" : : "r"(staging), "r"(user) : "memory"); /* the copy must happen */
    }
}

/* Time `passes` passes on clock, in ms; each pass is host work of size bytes ("memcpy" and the
   direction: a modelled clock moves on by its memcpy rate). */
static double timed_passes(const struct timer_clock *clock, char *user, char *staging,
                           uint64_t size, int to_staging, int passes)
{
    const char *what[] = {"memcpy", to_staging ? "h2d" : "d2h"};
    double t0 = timer_read(clock);
    for (int i = 0; i < passes; i++) {
        through_staging(user, staging, size, to_staging);
        timer_host_work_ms(clock, what, 2, (double)size, NAN);
    }
    return timer_read(clock) - t0;
}

double hostmem_memcpy_gbps(const struct timer_clock *clock, uint64_t size, int to_staging,
                           double min_sample_ms, int samples)
{
    size_t sb = size < HOSTMEM_STAGING_BYTES ? (size_t)size : HOSTMEM_STAGING_BYTES;
    char *user = malloc(size), *staging = malloc(sb);
    double *gbps = calloc((size_t)samples, sizeof(double)), result = NAN;
    int passes = 1;
    if (!user || !staging || !gbps)
        goto out;
    memset(user, 0x5a, size); /* both buffers resident before timing */
    memset(staging, 0xa5, sb);
    double ms = timed_passes(clock, user, staging, size, to_staging, 1);
    while (ms < min_sample_ms && passes < 1000000) {
        passes = ms > 0 ? (int)ceil(passes * 1.2 * min_sample_ms / ms) : passes * 2;
        ms = timed_passes(clock, user, staging, size, to_staging, passes);
    }
    for (int i = 0; i < samples; i++)
        gbps[i] = (double)size * passes /
                  (timed_passes(clock, user, staging, size, to_staging, passes) * 1e6);
    result = stats_median(gbps, (size_t)samples);
out:
    free(user);
    free(staging);
    free(gbps);
    return result;
}
