/*
 * verify.c - the verification pattern (see verify.h).
 */
#include "measure/verify.h"

#include <stdio.h>
#include <string.h>

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
