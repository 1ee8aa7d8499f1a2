/*
 * shard.c - cutting a sweep into shards of equal expected time (see shard.h).
 */
#include "experiment/shard.h"
#include "experiment/budget.h"
#include "experiment/rounds.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int shard_parse(const char *text, int *index, int *count, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long i = strtol(text, &end, 10), n = 0;
    int ok = end != text && *end == '/' && !errno && text[0] != '-' && text[0] != '+';
    if (ok) {
        const char *q = end + 1;
        n = strtol(q, &end, 10);
        ok = end != q && !*end && !errno && *q != '-' && *q != '+' && i >= 1 && n >= i &&
             n <= SHARD_MAX;
    }
    if (!ok) {
        snprintf(err, errlen,
                 "--shard takes I/N, shard I of N with 1 <= I <= N <= %d (such as 2/4), not '%s'",
                 SHARD_MAX, text);
        return -1;
    }
    *index = (int)i;
    *count = (int)n;
    return 0;
}

#define GIB (1024.0 * 1024.0 * 1024.0)

/* Rough rates of the model, bytes per second. */
#define COST_PINNED_BPS 50e9
#define COST_PAGEABLE_BPS 10e9
#define COST_HOST_BPS 10e9
#define COST_PIN_S_PER_GIB 0.35
#define COST_MALLOC_S_PER_GIB 0.5
#define COST_FIXED_S 0.01 /* per configuration: set-up, calibration copy, rows */

/* One copy of c's bytes, seconds. */
static double copy_s(const struct config *c)
{
    double bytes = (double)config_size(c);
    if (api_is_host(config_api(c)))
        return bytes / COST_HOST_BPS;
    double t = bytes / (config_alloc(c) == ALLOC_PAGEABLE ? COST_PAGEABLE_BPS : COST_PINNED_BPS);
    if (config_api(c) == API_PIPELINE)
        t *= 4 * 2; /* the whole pipeline and each stage alone, each both ways */
    return t + 5e-6;
}

/* Allocating and freeing c's host buffers once, seconds. */
static double alloc_s(const struct config *c)
{
    double gib = (double)budget_host_bytes(c) / GIB;
    return gib * (config_alloc(c) == ALLOC_PAGEABLE ? COST_MALLOC_S_PER_GIB
                                                    : COST_PIN_S_PER_GIB + COST_MALLOC_S_PER_GIB);
}

double shard_cost_s(const struct config *c, const struct measure_opts *m)
{
    int samples = m->samples ? m->samples : 2 * m->min_samples;
    if (!m->samples && samples > m->max_samples)
        samples = m->max_samples;
    double sample_s;
    if (config_buffer(c) == BUFFER_REALLOCATE)
        sample_s = alloc_s(c) + copy_s(c);
    else {
        sample_s = copy_s(c);
        if (sample_s < m->min_sample_ms / 1e3)
            sample_s = m->min_sample_ms / 1e3;
    }
    double sampling_s = samples * sample_s;
    if (!m->samples && m->max_time_ms > 0 && sampling_s > m->max_time_ms / 1e3 && samples > 3)
        sampling_s = m->max_time_ms / 1e3 > 3 * sample_s ? m->max_time_ms / 1e3 : 3 * sample_s;
    double warm_s = m->warmup * sample_s;
    double setup_s = config_buffer(c) == BUFFER_REUSE ? alloc_s(c) + 2 * copy_s(c) : 0;
    return COST_FIXED_S + setup_s + warm_s + sampling_s;
}

double shard_expected_s(const struct sweep *s, const struct measure_opts *m)
{
    struct measure_opts round;
    double sum_s = 0;
    rounds_round_opts(m, &round);
    for (size_t i = 0; i < s->n; i++)
        sum_s += shard_cost_s(&s->configs[i], &round);
    return sum_s * (m->rounds > 1 ? m->rounds : 1);
}

size_t shard_max_index(const struct sweep *s)
{
    size_t max = 0;
    for (size_t i = 0; i < s->n; i++)
        if ((size_t)s->configs[i].index > max)
            max = (size_t)s->configs[i].index;
    return max;
}

/* A configuration and its cost, for sorting. */
struct costed {
    double cost_s;
    int index;
};

/* Longest first; equal costs by plan number, so the order is the same everywhere. */
static int cmp_costed(const void *a, const void *b)
{
    const struct costed *x = a, *y = b;
    if (x->cost_s != y->cost_s)
        return x->cost_s > y->cost_s ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

int shard_assign(const struct sweep *s, const struct measure_opts *m, int count, int *shard_of)
{
    struct costed *cs = malloc((s->n ? s->n : 1) * sizeof(*cs));
    double *load = calloc((size_t)count, sizeof(*load));
    if (!cs || !load) {
        free(cs);
        free(load);
        return -1;
    }
    for (size_t i = 0; i < s->n; i++)
        cs[i] = (struct costed){shard_cost_s(&s->configs[i], m), s->configs[i].index};
    qsort(cs, s->n, sizeof(*cs), cmp_costed);
    for (size_t i = 0; i < s->n; i++) {
        int best = 0;
        for (int k = 1; k < count; k++)
            if (load[k] < load[best])
                best = k;
        load[best] += cs[i].cost_s;
        shard_of[cs[i].index - 1] = best;
    }
    free(cs);
    free(load);
    return 0;
}

int shard_keep(struct sweep *s, const struct measure_opts *m, int index, int count, double *cost_s,
               double *total_s)
{
    int *shard_of = malloc((shard_max_index(s) + 1) * sizeof(*shard_of));
    double kept_s = 0, all_s = 0;
    size_t k = 0;
    if (!shard_of || shard_assign(s, m, count, shard_of) < 0) {
        free(shard_of);
        return -1;
    }
    for (size_t i = 0; i < s->n; i++) {
        double c_s = shard_cost_s(&s->configs[i], m);
        all_s += c_s;
        if (shard_of[s->configs[i].index - 1] != index - 1)
            continue;
        kept_s += c_s;
        s->configs[k++] = s->configs[i];
    }
    s->n = k;
    free(shard_of);
    if (cost_s)
        *cost_s = kept_s;
    if (total_s)
        *total_s = all_s;
    return 0;
}
