/*
 * verify.h - checking that copies copy: a pattern written into the source
 * and looked for in the destination (measure: {verify: true}), outside
 * every timed span.
 */
#ifndef PINSWEEP_VERIFY_H
#define PINSWEEP_VERIFY_H

#include <stddef.h>
#include <stdint.h>

/* Fill p[0..n) with the pattern of seed: every 8-byte word differs, so shifts show. */
void verify_fill(void *p, size_t n, uint64_t seed);

/*
 * Is p[0..n) the pattern of seed?  Returns 0, or -1 with the first
 * difference and the count of differing words written into why.
 */
int verify_check(const void *p, size_t n, uint64_t seed, char *why, size_t len);

#endif
