/*
 * verify.c - the verification pattern, and checking a configuration's
 * copies with it before and after they are timed (verify.h).
 */
#include "measure/verify.h"
#include "measure/measure_loop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The seeds of the two directions' patterns (any two different numbers). */
#define SEED_H2D 0x68326400ULL
#define SEED_D2H 0x64326800ULL

/* splitmix64: a cheap, well-mixed word for each position. */
static uint64_t word_at(uint64_t seed, uint64_t i)
{
    uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void verify_fill(void *p, size_t n, uint64_t seed)
{
    unsigned char *b = p;
    size_t words = n / 8;
    for (size_t i = 0; i < words; i++) {
        uint64_t w = word_at(seed, i);
        memcpy(b + 8 * i, &w, 8);
    }
    uint64_t tail = word_at(seed, words);
    memcpy(b + 8 * words, &tail, n % 8);
}

int verify_check(const void *p, size_t n, uint64_t seed, char *why, size_t len)
{
    const unsigned char *b = p;
    size_t words = (n + 7) / 8, bad = 0, first = 0;
    for (size_t i = 0; i < words; i++) {
        uint64_t w = word_at(seed, i);
        size_t k = i * 8 + 8 <= n ? 8 : n % 8;
        if (memcmp(b + 8 * i, &w, k) != 0 && bad++ == 0)
            first = i;
    }
    if (!bad)
        return 0;
    uint64_t want = word_at(seed, first), got = 0;
    size_t k = first * 8 + 8 <= n ? 8 : n % 8;
    memcpy(&got, b + 8 * first, k);
    snprintf(why, len,
             "the destination differs from the source at byte %zu (expected "
             "0x%016llx, found 0x%016llx), %zu of %zu 8-byte words wrong",
             first * 8, (unsigned long long)want, (unsigned long long)got, bad, words);
    return -1;
}

/* One untimed copy of one buffer pair, as the verification needs it. */
static int plain_copy(struct gpu *g, enum direction dir, void *host, void *dev, size_t bytes,
                      struct result *r)
{
    struct copy_job j = {.dir = dir, .api = API_SYNC, .bytes = bytes, .copies = 1};
    struct copy_time t;
    j.host[0] = host;
    j.dev[0] = dev;
    if (g->ops->copy(g, &j, &t) < 0) {
        measure_fail(r, "verifying", g->ops->error(g));
        return -1;
    }
    return 0;
}

int verify_before(struct gpu *g, const struct config *c, struct buffers *b, struct result *r)
{
    enum direction d = config_direction(c);
    int out = d == DIR_BIDIR ? 1 : 0; /* the buffer pair of the d2h side */
    if (d != DIR_D2H)
        verify_fill(b->host[0].ptr, b->host[0].bytes, SEED_H2D);
    if (d == DIR_H2D)
        return 0;
    verify_fill(b->host[out].ptr, b->host[out].bytes, SEED_D2H);
    if (plain_copy(g, DIR_H2D, b->host[out].ptr, b->dev[out], b->host[out].bytes, r) < 0)
        return -1;
    memset(b->host[out].ptr, 0, b->host[out].bytes);
    return 0;
}

int verify_after(struct gpu *g, const struct config *c, struct buffers *b, struct result *r)
{
    enum direction d = config_direction(c);
    size_t n = config_size(c);
    char why[300];
    if (d != DIR_D2H) {
        void *back = malloc(n);
        if (!back) {
            measure_fail(r, "verifying", "out of memory for the read-back buffer");
            return -1;
        }
        int rc = plain_copy(g, DIR_D2H, back, b->dev[0], n, r);
        if (rc == 0 && verify_check(back, n, SEED_H2D, why, sizeof(why)) < 0) {
            r->status = RESULT_CORRUPT;
            snprintf(r->error, sizeof(r->error), "verify h2d: %s", why);
        }
        free(back);
        if (rc < 0 || r->status != RESULT_OK)
            return -1;
    }
    int out = d == DIR_BIDIR ? 1 : 0;
    if (d != DIR_H2D && verify_check(b->host[out].ptr, n, SEED_D2H, why, sizeof(why)) < 0) {
        r->status = RESULT_CORRUPT;
        snprintf(r->error, sizeof(r->error), "verify d2h: %s", why);
        return -1;
    }
    return 0;
}
