/*
 * sweep.h - expanding an experiment's sweep into configurations.
 *
 * Each sweep block yields the cartesian product of its axes (the size axis
 * varies fastest); blocks are expanded one after another; configurations
 * matched by an exclude rule, not applicable (see sweep_not_applicable) or
 * already produced by an earlier block are dropped and counted.
 */
#ifndef PINSWEEP_SWEEP_H
#define PINSWEEP_SWEEP_H

#include "experiment/diag.h"
#include "experiment/experiment.h"
#include "experiment/schema.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The default ceiling on configurations, so a typo cannot start a week-long run. */
#define SWEEP_MAX_CONFIGS 100000

/* One configuration: v[AXIS_SIZE] in bytes, every other axis an enum index. */
struct config {
    int index; /* 1-based, in run order */
    uint64_t v[AXIS_COUNT];
};

static inline enum alloc_kind config_alloc(const struct config *c)
{
    return (enum alloc_kind)c->v[AXIS_ALLOC];
}
static inline enum direction config_direction(const struct config *c)
{
    return (enum direction)c->v[AXIS_DIRECTION];
}
static inline enum buffer_mode config_buffer(const struct config *c)
{
    return (enum buffer_mode)c->v[AXIS_BUFFER];
}
static inline enum copy_api config_api(const struct config *c)
{
    return (enum copy_api)c->v[AXIS_API];
}
static inline uint64_t config_size(const struct config *c)
{
    return c->v[AXIS_SIZE];
}
static inline enum page_kind config_pages(const struct config *c)
{
    return c->v[AXIS_PAGES] == AXIS_UNUSED ? PAGES_DEFAULT : (enum page_kind)c->v[AXIS_PAGES];
}
/* A counted axis (streams, chunks, threads), 1 where it does not apply. */
static inline int config_count(const struct config *c, enum axis_id a)
{
    return c->v[a] == AXIS_UNUSED ? 1 : (int)c->v[a];
}

/* A combination that cannot be measured: why, and the test for it. */
#define SWEEP_NA_RULES 17
struct sweep_na_rule {
    const char *why;
    int (*applies)(const struct config *c);
    int axis; /* -1: the combination is dropped; else this axis does not apply (see sweep.c) */
    const char *fix; /* what to write instead, when why does not say it already; or NULL */
};
extern const struct sweep_na_rule sweep_na_rules[SWEEP_NA_RULES];

struct sweep {
    struct config *configs;
    size_t n;
    size_t excluded;                  /* dropped by exclude rules */
    size_t not_applicable;            /* dropped as combinations that cannot be measured */
    size_t na_counts[SWEEP_NA_RULES]; /* of those, how many by each rule */
    size_t duplicates;                /* produced again by a later block */
};

/*
 * Expand e into s.  Problems (a sweep yielding nothing, or more than
 * max_configs) are errors and exclude rules that match nothing are warnings,
 * both reported through d.  Returns 0 or -1; the caller frees s with
 * sweep_free() either way.
 */
int sweep_expand(const struct experiment *e, struct sweep *s, struct diag *d, size_t max_configs);

/*
 * An experiment pinsweep writes itself (check's and doctor's configurations): text
 * (len bytes) parsed as the experiment called name into e and expanded
 * into s, which must come to exactly n configurations, in the order the
 * text gives them.  Problems are said on log.  Returns 0 or -1; the caller
 * frees e and s either way.
 */
int sweep_from_text(const char *name, const char *text, size_t len, struct experiment *e,
                    struct sweep *s, size_t n, FILE *log);

/*
 * Put s's configurations in a random order drawn from seed (GSL's MT19937),
 * the same for the same seed.  Their index (plan number) stays as it was.
 */
int sweep_shuffle(struct sweep *s, unsigned long seed);

/* The index of the rule that makes c unmeasurable, or -1 when it can be measured. */
int sweep_not_applicable(struct config *c);

/* "pinned h2d reuse sync 4KiB" into buf. Returns buf. */
char *sweep_describe(const struct config *c, char *buf, size_t n);

void sweep_free(struct sweep *s);

#endif
