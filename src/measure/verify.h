/*
 * verify.h - checking that copies copy: a pattern written into the source
 * and looked for in the destination (measure: {verify: true}), outside
 * every timed span; and putting it around a configuration's timed copies.
 */
#ifndef PINSWEEP_VERIFY_H
#define PINSWEEP_VERIFY_H

#include "measure/buffers.h"

#include <stddef.h>
#include <stdint.h>

/* Fill p[0..n) with the pattern of seed: every 8-byte word differs, so shifts show. */
void verify_fill(void *p, size_t n, uint64_t seed);

/*
 * Is p[0..n) the pattern of seed?  Returns 0, or -1 with the first
 * difference and the count of differing words written into why.
 */
int verify_check(const void *p, size_t n, uint64_t seed, char *why, size_t len);

/*
 * Before c's timed copies: the h2d source gets the pattern; for d2h the
 * device buffer gets it (through one untimed copy on g) and the host
 * destination is cleared, so that only the timed copies can put the pattern
 * there.  0, or -1 with r failed.
 */
int verify_before(struct gpu *g, const struct config *c, struct buffers *b, struct result *r);

/*
 * After them: read the h2d destination back and check both sides; a
 * mismatch makes r RESULT_CORRUPT with where; -1 then or when r failed.
 */
int verify_after(struct gpu *g, const struct config *c, struct buffers *b, struct result *r);

#endif
