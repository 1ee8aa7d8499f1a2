/*
 * sweep.c - cartesian expansion, exclusion and de-duplication (see sweep.h).
 */
#include "experiment/sweep.h"
#include "base/units.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <stdlib.h>
#include <string.h>

static int bidir_sync(const struct config *c)
{
    return config_direction(c) == DIR_BIDIR && config_api(c) == API_SYNC;
}

static int first_touch_pinned(const struct config *c)
{
    return c->v[AXIS_TOUCH] == TOUCH_FIRST && config_alloc(c) != ALLOC_PAGEABLE;
}

static int first_touch_reallocate(const struct config *c)
{
    return c->v[AXIS_TOUCH] == TOUCH_FIRST && config_buffer(c) == BUFFER_REALLOCATE;
}

static int one_at_a_time_bidir(const struct config *c)
{
    return (c->v[AXIS_TOUCH] == TOUCH_FIRST || c->v[AXIS_CACHE] == CACHE_FLUSHED) &&
           config_direction(c) == DIR_BIDIR;
}

static int zerocopy_unmapped(const struct config *c)
{
    return config_api(c) == API_ZEROCOPY && config_alloc(c) != ALLOC_MAPPED &&
           !alloc_is_registered(config_alloc(c));
}

static int zerocopy_bidir(const struct config *c)
{
    return config_api(c) == API_ZEROCOPY && config_direction(c) == DIR_BIDIR;
}

static int gpu_writes_readonly(const struct config *c)
{
    return config_alloc(c) == ALLOC_REGISTERED_READONLY &&
           (config_api(c) == API_PIPELINE ||
            (!api_is_host(config_api(c)) && config_direction(c) != DIR_H2D));
}

static int first_touch_pages(const struct config *c)
{
    return c->v[AXIS_TOUCH] == TOUCH_FIRST && config_pages(c) != PAGES_DEFAULT;
}

/* Whether an axis is used: direction, buffer, cache and touch belong to copies and kernels. */
static int no_direction(const struct config *c)
{
    return config_api(c) == API_PIPELINE || api_is_host(config_api(c));
}

static int not_a_copy(const struct config *c)
{
    return !api_is_copy(config_api(c));
}

static int not_pipeline(const struct config *c)
{
    return config_api(c) != API_PIPELINE;
}

static int not_host_access(const struct config *c)
{
    return !api_is_host(config_api(c));
}

static int not_malloced(const struct config *c)
{
    return !alloc_is_malloced(config_alloc(c));
}

/*
 * The combinations that cannot be measured, and why: one table for plan and
 * run.  A rule with an axis says that axis does not apply: a configuration
 * giving it a value other than its default is dropped, and the one left
 * holds AXIS_UNUSED there ("-" in the plan and the CSVs).
 */
const struct sweep_na_rule sweep_na_rules[SWEEP_NA_RULES] = {
    {"bidir with api sync: cudaMemcpy cannot run two copies at once; use api: async", bidir_sync,
     -1},
    {"touch first-touch with page-locked memory: its pages exist once it is allocated",
     first_touch_pinned, -1},
    {"touch first-touch with buffer reallocate: reallocate fills every fresh buffer",
     first_touch_reallocate, -1},
    {"cache flushed or touch first-touch with bidir: those time one copy at a time",
     one_at_a_time_bidir, -1},
    {"api zerocopy needs memory the GPU can address: alloc mapped or a registered kind",
     zerocopy_unmapped, -1},
    {"api zerocopy with bidir: the kernel reads or writes, one direction at a time",
     zerocopy_bidir, -1},
    {"registered-readonly with d2h, bidir or pipeline: the GPU may not write that memory",
     gpu_writes_readonly, -1},
    {"touch first-touch with pages other than default: first-touch maps its own pages",
     first_touch_pages, -1},
    {"direction with api pipeline, host-read or host-write: a pipeline moves both ways, and "
     "host access copies nothing",
     no_direction, AXIS_DIRECTION},
    {"buffer with api pipeline, zerocopy, host-read or host-write: only copies reallocate",
     not_a_copy, AXIS_BUFFER},
    {"cache with api pipeline, zerocopy, host-read or host-write: only copies flush",
     not_a_copy, AXIS_CACHE},
    {"touch with api pipeline, zerocopy, host-read or host-write: only copies first-touch",
     not_a_copy, AXIS_TOUCH},
    {"streams with an api other than pipeline", not_pipeline, AXIS_STREAMS},
    {"chunks with an api other than pipeline", not_pipeline, AXIS_CHUNKS},
    {"kernel with an api other than pipeline", not_pipeline, AXIS_KERNEL},
    {"threads with an api other than host-read or host-write", not_host_access, AXIS_THREADS},
    {"pages with memory the driver allocates: pages applies to pageable and registered kinds",
     not_malloced, AXIS_PAGES},
};

int sweep_not_applicable(struct config *c)
{
    for (int i = 0; i < SWEEP_NA_RULES; i++) {
        const struct sweep_na_rule *r = &sweep_na_rules[i];
        if (!r->applies(c))
            continue;
        if (r->axis < 0 || !schema_is_default(r->axis, c->v[r->axis]))
            return i;
    }
    for (int i = 0; i < SWEEP_NA_RULES; i++) /* every rule passed: mark the unused axes */
        if (sweep_na_rules[i].axis >= 0 && sweep_na_rules[i].applies(c))
            c->v[sweep_na_rules[i].axis] = AXIS_UNUSED;
    return -1;
}

static int rule_matches(const struct exclude_rule *r, const struct config *c)
{
    for (int a = 0; a < AXIS_COUNT; a++) {
        const struct axis_values *av = &r->axes[a];
        if (!av->given)
            continue;
        int hit = 0;
        for (size_t i = 0; i < av->n && !hit; i++)
            hit = av->v[i] == c->v[a];
        if (!hit)
            return 0;
    }
    return 1;
}

/* Product of a block's axis lengths, saturating at limit + 1. */
static size_t block_count(const struct sweep_block *b, size_t limit)
{
    size_t n = 1;
    for (int a = 0; a < AXIS_COUNT; a++) {
        if (b->axes[a].n && n > (limit + 1) / b->axes[a].n)
            return limit + 1;
        n *= b->axes[a].n;
    }
    return n;
}

static int cmp_values(const void *a, const void *b)
{
    return memcmp(((const struct config *)a)->v, ((const struct config *)b)->v,
                  sizeof(((const struct config *)a)->v));
}

/*
 * The configurations of earlier blocks, sorted, so that a later block's
 * repeats are found by binary search (a linear scan was quadratic).
 */
static struct config *sorted_copy(const struct sweep *s, size_t n)
{
    struct config *c = malloc((n ? n : 1) * sizeof(*c));
    if (c) {
        memcpy(c, s->configs, n * sizeof(*c));
        qsort(c, n, sizeof(*c), cmp_values);
    }
    return c;
}

static int add_block(const struct experiment *e, const struct sweep_block *b, struct sweep *s,
                     size_t *rule_hits)
{
    size_t idx[AXIS_COUNT] = {0};
    size_t earlier = s->n; /* configurations of earlier blocks */
    struct config *prior = earlier ? sorted_copy(s, earlier) : NULL;
    if (earlier && !prior)
        return -1;
    for (;;) {
        struct config c = {0};
        for (int a = 0; a < AXIS_COUNT; a++)
            c.v[a] = b->axes[a].v[idx[a]];
        int excluded = 0, na;
        for (size_t r = 0; r < e->nexcludes; r++) {
            if (rule_matches(&e->excludes[r], &c)) {
                rule_hits[r]++;
                excluded = 1;
            }
        }
        if (excluded)
            s->excluded++;
        else if ((na = sweep_not_applicable(&c)) >= 0) {
            s->not_applicable++;
            s->na_counts[na]++;
        } else if (earlier && bsearch(&c, prior, earlier, sizeof(c), cmp_values))
            s->duplicates++;
        else {
            c.index = (int)s->n + 1;
            s->configs[s->n++] = c;
        }
        /* Odometer: the last axis varies fastest. */
        int a = AXIS_COUNT - 1;
        while (a >= 0 && ++idx[a] == b->axes[a].n)
            idx[a--] = 0;
        if (a < 0) {
            free(prior);
            return 0;
        }
    }
}

int sweep_expand(const struct experiment *e, struct sweep *s, struct diag *d, size_t max_configs)
{
    size_t total = 0;
    memset(s, 0, sizeof(*s));
    for (size_t i = 0; i < e->nblocks; i++) {
        size_t n = block_count(&e->blocks[i], max_configs);
        if (n > max_configs || total + n > max_configs) {
            diag_error(d, e->blocks[i].mark.line, e->blocks[i].mark.column,
                       "the sweep expands to more than %zu configurations; narrow it, or "
                       "raise the limit with --max-configs",
                       max_configs);
            return -1;
        }
        total += n;
    }
    s->configs = calloc(total ? total : 1, sizeof(*s->configs));
    size_t *hits = calloc(e->nexcludes ? e->nexcludes : 1, sizeof(*hits));
    if (!s->configs || !hits) {
        free(hits);
        diag_error(d, -1, -1, "out of memory expanding %zu configurations", total);
        return -1;
    }
    for (size_t i = 0; i < e->nblocks; i++)
        if (add_block(e, &e->blocks[i], s, hits) < 0) {
            free(hits);
            diag_error(d, -1, -1, "out of memory expanding the sweep");
            return -1;
        }
    for (size_t r = 0; r < e->nexcludes; r++)
        if (!hits[r])
            diag_warning(d, e->excludes[r].mark.line, e->excludes[r].mark.column,
                         "this exclude rule matches no configuration");
    free(hits);
    if (s->n == 0 && e->nblocks) {
        diag_error(d, e->blocks[0].mark.line, e->blocks[0].mark.column,
                   "the sweep yields no configuration: %zu excluded, %zu not applicable",
                   s->excluded, s->not_applicable);
        return -1;
    }
    return 0;
}

int sweep_shuffle(struct sweep *s, unsigned long seed)
{
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    if (!rng)
        return -1;
    gsl_rng_set(rng, seed);
    gsl_ran_shuffle(rng, s->configs, s->n, sizeof(*s->configs));
    gsl_rng_free(rng);
    return 0;
}

char *sweep_describe(const struct config *c, char *buf, size_t n)
{
    char size[32];
    size_t len = 0;
    buf[0] = '\0';
    for (int a = 0; a < AXIS_SIZE && len < n; a++) {
        /* Axes at their default are left out, to keep the line short. */
        char text[32];
        if (a > AXIS_API && schema_is_default(a, c->v[a]))
            continue;
        if (c->v[a] == AXIS_UNUSED)
            continue;
        int named = schema_axes[a].kind != AXIS_KIND_ENUM; /* "streams=4", not a bare "4" */
        len += (size_t)snprintf(buf + len, n - len, "%s%s%s ", named ? schema_axes[a].name : "",
                                named ? "=" : "", schema_value_text(a, c->v[a], text, sizeof(text)));
    }
    if (len < n)
        snprintf(buf + len, n - len, "%s", units_format_size(config_size(c), size, sizeof(size)));
    return buf;
}

void sweep_free(struct sweep *s)
{
    free(s->configs);
    memset(s, 0, sizeof(*s));
}
