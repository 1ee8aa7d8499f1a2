/*
 * rounds.c - the order and the sampling budget of each round (rounds.h).
 */
#include "experiment/rounds.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

unsigned long rounds_seed(unsigned long seed, int round)
{
    /* splitmix64's finaliser: neighbouring seeds and rounds give unrelated orders */
    unsigned long long z = (unsigned long long)seed * 1000003ULL + (unsigned long long)round;
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (unsigned long)((z ^ (z >> 31)) & 0x7fffffffUL);
}

int rounds_order(const struct sweep *s, int rounds, unsigned long seed, int round, size_t *order)
{
    for (size_t i = 0; i < s->n; i++)
        order[i] = i;
    if (rounds <= 1 || s->n < 2)
        return 0;
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng)
        return -1;
    gsl_rng_set(rng, rounds_seed(seed, round));
    gsl_ran_shuffle(rng, order, s->n, sizeof(*order));
    gsl_rng_free(rng);
    return 0;
}

/* n / rounds rounded up, at least lo. */
static int share(int n, int rounds, int lo)
{
    int v = (n + rounds - 1) / rounds;
    return v < lo ? lo : v;
}

void rounds_round_opts(const struct measure_opts *m, struct measure_opts *out)
{
    *out = *m;
    int k = m->rounds;
    if (k <= 1)
        return;
    if (m->samples > 0)
        out->samples = share(m->samples, k, 3);
    out->max_samples = share(m->max_samples, k, 3);
    out->min_samples = share(m->min_samples, k, 3);
    if (out->min_samples > out->max_samples)
        out->min_samples = out->max_samples;
    out->max_time_ms = m->max_time_ms / k;
}
