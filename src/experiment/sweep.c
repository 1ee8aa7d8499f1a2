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
     -1, NULL},
    {"touch first-touch with page-locked memory: its pages exist once it is allocated",
     first_touch_pinned, -1, "first-touch needs alloc: pageable"},
    {"touch first-touch with buffer reallocate: reallocate fills every fresh buffer",
     first_touch_reallocate, -1, "use first-touch with buffer: reuse"},
    {"cache flushed or touch first-touch with bidir: those time one copy at a time",
     one_at_a_time_bidir, -1, "use direction h2d or d2h with them"},
    {"api zerocopy needs memory the GPU can address: alloc mapped or a registered kind",
     zerocopy_unmapped, -1, NULL},
    {"api zerocopy with bidir: the kernel reads or writes, one direction at a time", zerocopy_bidir,
     -1, "use direction h2d or d2h with it"},
    {"registered-readonly with d2h, bidir or pipeline: the GPU may not write that memory",
     gpu_writes_readonly, -1, "use direction: h2d with it, or another alloc"},
    {"touch first-touch with pages other than default: first-touch maps its own pages",
     first_touch_pages, -1, "use pages: default with it"},
    {"direction with api pipeline, host-read or host-write: a pipeline moves both ways, and "
     "host access copies nothing",
     no_direction, AXIS_DIRECTION,
     "leave direction out for them, or give it in a block of its own with api sync, async or "
     "zerocopy"},
    {"buffer with api pipeline, zerocopy, host-read or host-write: only copies reallocate",
     not_a_copy, AXIS_BUFFER,
     "leave it out, or give it in a block of its own with api: sync or async"},
    {"cache with api pipeline, zerocopy, host-read or host-write: only copies flush", not_a_copy,
     AXIS_CACHE, "leave it out, or give it in a block of its own with api: sync or async"},
    {"touch with api pipeline, zerocopy, host-read or host-write: only copies first-touch",
     not_a_copy, AXIS_TOUCH,
     "leave it out, or give it in a block of its own with api: sync or async"},
    {"streams with an api other than pipeline", not_pipeline, AXIS_STREAMS,
     "leave it out, or give it in a block of its own with api: pipeline"},
    {"chunks with an api other than pipeline", not_pipeline, AXIS_CHUNKS,
     "leave it out, or give it in a block of its own with api: pipeline"},
    {"kernel with an api other than pipeline", not_pipeline, AXIS_KERNEL,
     "leave it out, or give it in a block of its own with api: pipeline"},
    {"threads with an api other than host-read or host-write", not_host_access, AXIS_THREADS,
     "leave it out, or give it in a block of its own with api: host-read or host-write"},
    {"pages with memory the driver allocates: pages applies to pageable and registered kinds",
     not_malloced, AXIS_PAGES,
     "leave it out, or give it in a block of its own with alloc: pageable or a registered kind"},
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

/* ---- repeats: a hash set of the configurations kept so far ------------- */

struct kept {
    size_t *slot; /* 1 + an index into s->configs; 0: empty */
    size_t mask;  /* slots - 1; slots is a power of two, at least twice the configurations */
};

static size_t config_hash(const struct config *c)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int a = 0; a < AXIS_COUNT; a++) {
        h = (h ^ c->v[a]) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 29;
    }
    return (size_t)h;
}

/* The slot holding c's values, or the empty slot where they would go. */
static size_t *kept_find(const struct kept *k, const struct sweep *s, const struct config *c)
{
    for (size_t i = config_hash(c);; i++) {
        size_t *slot = &k->slot[i & k->mask];
        if (!*slot || memcmp(s->configs[*slot - 1].v, c->v, sizeof(c->v)) == 0)
            return slot;
    }
}

/* ---- exclude rules, as bitsets ----------------------------------------- */

/*
 * A configuration is excluded when some rule matches it on every axis the
 * rule gives.  Checking each rule against each configuration costs rules x
 * configurations (10^4 x 10^5 is minutes); instead each (axis, value) has the
 * bitset of the rules it lets through, and a configuration's rules are the
 * AND of its axes' bitsets.  The odometer changes the last axes most often,
 * so the AND is kept per axis and redone from the first axis that changed:
 * about two bitset operations per configuration.
 */
struct mention { /* rule r gives value v on axis a */
    uint64_t v;
    uint32_t r;
    uint32_t a;
};

struct group { /* the rules that give value v on axis a: mentions [lo, hi) */
    uint64_t v;
    uint32_t a;
    size_t lo, hi;
    uint64_t *bits; /* for a value many rules give: base[a] with them set, made once */
};

struct excluder {
    size_t words;      /* 64-bit words per bitset */
    uint64_t *base;    /* AXIS_COUNT bitsets: the rules that leave the axis out */
    struct mention *m; /* sorted by axis, value, rule */
    struct group *g;   /* sorted by axis, value */
    size_t ng;
    uint64_t *buf;                   /* AXIS_COUNT + 1 bitsets */
    uint64_t *level[AXIS_COUNT + 1]; /* level[a + 1]: rules matching axes up to a */
    uint64_t *seen;                  /* rules that matched some configuration */
};

static int cmp_mention(const void *x, const void *y)
{
    const struct mention *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->v != q->v)
        return p->v < q->v ? -1 : 1;
    return (p->r > q->r) - (p->r < q->r);
}

static int cmp_group(const void *x, const void *y)
{
    const struct group *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->v < q->v ? -1 : p->v > q->v;
}

static void excluder_free(struct excluder *x)
{
    for (size_t i = 0; i < x->ng; i++)
        free(x->g[i].bits);
    free(x->g);
    free(x->m);
    free(x->base);
    free(x->buf);
    free(x->seen);
    memset(x, 0, sizeof(*x));
}

/* The mentions of e's rules, sorted, grouped by (axis, value). */
static int excluder_groups(struct excluder *x, const struct experiment *e)
{
    size_t nm = 0, k = 0;
    for (size_t r = 0; r < e->nexcludes; r++)
        for (int a = 0; a < AXIS_COUNT; a++)
            nm += e->excludes[r].axes[a].given ? e->excludes[r].axes[a].n : 0;
    x->m = malloc((nm ? nm : 1) * sizeof(*x->m));
    x->g = malloc((nm ? nm : 1) * sizeof(*x->g));
    if (!x->m || !x->g)
        return -1;
    for (size_t r = 0; r < e->nexcludes; r++)
        for (int a = 0; a < AXIS_COUNT; a++)
            for (size_t i = 0; e->excludes[r].axes[a].given && i < e->excludes[r].axes[a].n; i++)
                x->m[k++] = (struct mention){e->excludes[r].axes[a].v[i], (uint32_t)r, (uint32_t)a};
    qsort(x->m, nm, sizeof(*x->m), cmp_mention);
    for (size_t i = 0; i < nm; i++) {
        if (i == 0 || x->m[i].a != x->m[i - 1].a || x->m[i].v != x->m[i - 1].v)
            x->g[x->ng++] = (struct group){x->m[i].v, x->m[i].a, i, i, NULL};
        x->g[x->ng - 1].hi = i + 1;
    }
    /* A value given by at least `words` rules gets its bitset now: setting its bits each time would
     * cost more. */
    for (size_t i = 0; i < x->ng; i++) {
        struct group *g = &x->g[i];
        if (g->hi - g->lo < x->words)
            continue;
        if (!(g->bits = malloc(x->words * sizeof(uint64_t))))
            return -1;
        memcpy(g->bits, x->base + g->a * x->words, x->words * sizeof(uint64_t));
        for (size_t j = g->lo; j < g->hi; j++)
            g->bits[x->m[j].r / 64] |= 1ULL << (x->m[j].r % 64);
    }
    return 0;
}

static int excluder_init(struct excluder *x, const struct experiment *e)
{
    memset(x, 0, sizeof(*x));
    x->words = (e->nexcludes + 63) / 64;
    x->base = calloc(AXIS_COUNT * x->words, sizeof(uint64_t));
    x->buf = calloc((AXIS_COUNT + 1) * x->words, sizeof(uint64_t));
    x->seen = calloc(x->words, sizeof(uint64_t));
    if (!x->base || !x->buf || !x->seen)
        return -1;
    for (size_t r = 0; r < e->nexcludes; r++)
        for (int a = 0; a < AXIS_COUNT; a++)
            if (!e->excludes[r].axes[a].given)
                x->base[a * x->words + r / 64] |= 1ULL << (r % 64);
    return excluder_groups(x, e);
}

/* to = from AND the rules that let value v through on axis a. */
static void excluder_and(const struct excluder *x, int a, uint64_t v, const uint64_t *from,
                         uint64_t *to)
{
    struct group key = {.v = v, .a = (uint32_t)a};
    const struct group *g = bsearch(&key, x->g, x->ng, sizeof(*x->g), cmp_group);
    const uint64_t *mask = g && g->bits ? g->bits : x->base + a * x->words;
    for (size_t i = 0; i < x->words; i++)
        to[i] = from[i] & mask[i];
    if (!g || g->bits)
        return;
    for (size_t j = g->lo; j < g->hi; j++) {
        uint32_t r = x->m[j].r;
        to[r / 64] |= from[r / 64] & (1ULL << (r % 64));
    }
}

/*
 * Start block b: the axes it gives one value fold into level[0]; each other
 * axis gets a level of its own, worked out by excluder_update.
 */
static void excluder_block(struct excluder *x, const struct sweep_block *b, size_t nrules)
{
    uint64_t *start = x->buf, *scratch = x->buf + AXIS_COUNT * x->words; /* free until used */
    for (size_t i = 0; i < x->words; i++)
        start[i] = i + 1 < x->words || nrules % 64 == 0 ? ~0ULL : (1ULL << (nrules % 64)) - 1;
    for (int a = 0; a < AXIS_COUNT; a++) {
        if (b->axes[a].n != 1)
            continue;
        excluder_and(x, a, b->axes[a].v[0], start, scratch);
        memcpy(start, scratch, x->words * sizeof(uint64_t));
    }
    x->level[0] = start;
    for (int a = 0; a < AXIS_COUNT; a++)
        x->level[a + 1] = b->axes[a].n == 1 ? x->level[a] : x->buf + (a + 1) * x->words;
}

/* Redo the levels of the axes from `from` on, for the values at idx; 1 when some rule matches. */
static int excluder_update(struct excluder *x, const struct sweep_block *b, const size_t *idx,
                           int from)
{
    for (int a = from; a < AXIS_COUNT; a++)
        if (b->axes[a].n > 1)
            excluder_and(x, a, b->axes[a].v[idx[a]], x->level[a], x->level[a + 1]);
    const uint64_t *last = x->level[AXIS_COUNT];
    size_t i = 0;
    while (i < x->words && !last[i])
        i++;
    if (i == x->words)
        return 0;
    for (; i < x->words; i++) /* excluded: note which rules matched */
        x->seen[i] |= last[i];
    return 1;
}

/* ---- expansion --------------------------------------------------------- */

static int add_block(const struct sweep_block *b, struct sweep *s, struct kept *k,
                     struct excluder *x, size_t nrules)
{
    size_t idx[AXIS_COUNT] = {0};
    int changed = 0; /* the first axis whose value changed */
    if (nrules)
        excluder_block(x, b, nrules);
    for (;;) {
        struct config c = {0};
        for (int a = 0; a < AXIS_COUNT; a++)
            c.v[a] = b->axes[a].v[idx[a]];
        int na;
        size_t *slot;
        if (nrules && excluder_update(x, b, idx, changed))
            s->excluded++;
        else if ((na = sweep_not_applicable(&c)) >= 0) {
            s->not_applicable++;
            s->na_counts[na]++;
        } else if (*(slot = kept_find(k, s, &c)))
            s->duplicates++;
        else {
            c.index = (int)s->n + 1;
            s->configs[s->n++] = c;
            *slot = s->n;
        }
        /* Odometer: the last axis varies fastest. */
        int a = AXIS_COUNT - 1;
        while (a >= 0 && ++idx[a] == b->axes[a].n)
            idx[a--] = 0;
        if (a < 0)
            return 0;
        changed = a;
    }
}

/* Why a sweep yields nothing: each rule that dropped its configurations, how many, and the fix. */
static void explain_nothing(const struct experiment *e, const struct sweep *s,
                            const struct excluder *x, struct diag *d)
{
    const struct sweep_block *b = &e->blocks[0];
    diag_error(d, b->mark.line, b->mark.column,
               "the sweep yields no configuration: %zu excluded, %zu not applicable", s->excluded,
               s->not_applicable);
    for (size_t r = 0, shown = 0; r < e->nexcludes && x->seen; r++) {
        if (!(x->seen[r / 64] >> (r % 64) & 1))
            continue;
        if (shown++ == 5) {
            diag_note(d, "excluded: and by other exclude rules");
            break;
        }
        diag_note(d, "excluded: by the exclude rule at line %ld; remove or narrow it",
                  e->excludes[r].mark.line + 1);
    }
    for (int i = 0; i < SWEEP_NA_RULES; i++)
        if (s->na_counts[i])
            diag_note(d, "not applicable (%zu): %s%s%s", s->na_counts[i], sweep_na_rules[i].why,
                      sweep_na_rules[i].fix ? "; " : "",
                      sweep_na_rules[i].fix ? sweep_na_rules[i].fix : "");
}

int sweep_expand(const struct experiment *e, struct sweep *s, struct diag *d, size_t max_configs)
{
    size_t total = 0, slots = 16;
    struct kept k = {0};
    struct excluder x = {0};
    int rc = -1;
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
    while (slots < 2 * total)
        slots *= 2;
    s->configs = calloc(total ? total : 1, sizeof(*s->configs));
    k.slot = calloc(slots, sizeof(*k.slot));
    k.mask = slots - 1;
    if (!s->configs || !k.slot || (e->nexcludes && excluder_init(&x, e) < 0)) {
        diag_error(d, -1, -1, "out of memory expanding %zu configurations", total);
        goto out;
    }
    for (size_t i = 0; i < e->nblocks; i++)
        add_block(&e->blocks[i], s, &k, &x, e->nexcludes);
    for (size_t r = 0; r < e->nexcludes; r++)
        if (!(x.seen[r / 64] >> (r % 64) & 1))
            diag_warning(d, e->excludes[r].mark.line, e->excludes[r].mark.column,
                         "this exclude rule matches no configuration");
    if (s->n == 0 && e->nblocks) {
        explain_nothing(e, s, &x, d);
        goto out;
    }
    rc = 0;
out:
    free(k.slot);
    excluder_free(&x);
    return rc;
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
        len +=
            (size_t)snprintf(buf + len, n - len, "%s%s%s ", named ? schema_axes[a].name : "",
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

int sweep_from_text(const char *name, const char *text, size_t len, struct experiment *e,
                    struct sweep *s, size_t n, FILE *log)
{
    struct diag d;
    if (experiment_parse(name, text, len, e, log) < 0)
        return -1;
    diag_init(&d, name, e->text, e->text_len, log);
    int rc = sweep_expand(e, s, &d, n);
    diag_flush(&d);
    return rc < 0 || s->n != n ? -1 : 0;
}
