/*
 * test_sweep.c - seeded shuffling and the not-applicable rules.
 */
#include "check.h"
#include "experiment/sweep.h"

#include <stdlib.h>

static void make(struct sweep *s, size_t n)
{
    s->configs = calloc(n, sizeof(*s->configs));
    s->n = n;
    for (size_t i = 0; i < n; i++) {
        s->configs[i].index = (int)i + 1;
        s->configs[i].v[AXIS_SIZE] = 4096 * (i + 1);
    }
}

static void order(const struct sweep *s, int *out)
{
    for (size_t i = 0; i < s->n; i++)
        out[i] = s->configs[i].index;
}

static void test_shuffle(void)
{
    struct sweep a, b, c;
    int oa[50], ob[50], oc[50], seen[51] = {0};
    make(&a, 50);
    make(&b, 50);
    make(&c, 50);
    sweep_shuffle(&a, 42);
    sweep_shuffle(&b, 42);
    sweep_shuffle(&c, 43);
    order(&a, oa);
    order(&b, ob);
    order(&c, oc);
    CHECK("same seed, same order", memcmp(oa, ob, sizeof(oa)) == 0, "orders differ");
    CHECK("another seed, another order", memcmp(oa, oc, sizeof(oa)) != 0, "orders equal");
    int moved = 0, dup = 0;
    for (int i = 0; i < 50; i++) {
        moved += oa[i] != i + 1;
        dup += seen[oa[i]]++ > 0;
    }
    CHECK("a shuffle is a permutation", dup == 0, "%d repeated", dup);
    CHECK("a shuffle moves configurations", moved > 25, "only %d moved", moved);
    CHECK("configurations keep their data", a.configs[0].v[AXIS_SIZE] == 4096ULL * oa[0],
          "size %llu for config %d", (unsigned long long)a.configs[0].v[AXIS_SIZE], oa[0]);
    sweep_free(&a);
    sweep_free(&b);
    sweep_free(&c);
}

/* A configuration with every axis at its default, as a sweep block without them gives. */
static struct config defaults(void)
{
    struct config c = {0};
    for (int a = 0; a < AXIS_SIZE; a++)
        c.v[a] = (uint64_t)schema_axes[a].default_value;
    c.v[AXIS_SIZE] = 4096;
    return c;
}

/* The rule that drops c, on a copy (sweep_not_applicable marks unused axes). */
static int rule_of(struct config c)
{
    return sweep_not_applicable(&c);
}

static void test_not_applicable(void)
{
    struct config c = defaults();
    c.v[AXIS_ALLOC] = ALLOC_PINNED;
    CHECK("plain pinned h2d is applicable", rule_of(c) == -1, "rule %d",
          rule_of(c));
    c.v[AXIS_DIRECTION] = DIR_BIDIR;
    CHECK("bidir sync is not", rule_of(c) == 0, "rule %d", rule_of(c));
    c.v[AXIS_API] = API_ASYNC;
    CHECK("bidir async is", rule_of(c) == -1, "rule %d", rule_of(c));
    c.v[AXIS_CACHE] = CACHE_FLUSHED;
    CHECK("bidir flushed is not", rule_of(c) == 3, "rule %d",
          rule_of(c));
    c.v[AXIS_DIRECTION] = DIR_H2D;
    c.v[AXIS_TOUCH] = TOUCH_FIRST;
    CHECK("first-touch pinned is not", rule_of(c) == 1, "rule %d",
          rule_of(c));
    c.v[AXIS_ALLOC] = ALLOC_PAGEABLE;
    CHECK("first-touch pageable is", rule_of(c) == -1, "rule %d",
          rule_of(c));
    c.v[AXIS_BUFFER] = BUFFER_REALLOCATE;
    CHECK("first-touch reallocate is not", rule_of(c) == 2, "rule %d",
          rule_of(c));
}

/* The rule that drops c, by its text's start ("" when c is kept). */
static const char *why_dropped(struct config c)
{
    int r = sweep_not_applicable(&c);
    return r < 0 ? "" : sweep_na_rules[r].why;
}

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void test_new_apis(void)
{
    struct config c = defaults(), k;
    c.v[AXIS_API] = API_ZEROCOPY;
    c.v[AXIS_ALLOC] = ALLOC_PINNED;
    CHECK("zerocopy from cudaHostAlloc default memory is not applicable",
          starts(why_dropped(c), "api zerocopy needs memory the GPU can address"), "%s",
          why_dropped(c));
    c.v[AXIS_ALLOC] = ALLOC_MAPPED;
    CHECK("zerocopy from mapped memory is", *why_dropped(c) == 0, "%s", why_dropped(c));
    c.v[AXIS_ALLOC] = ALLOC_REGISTERED_READONLY;
    CHECK("zerocopy h2d from registered-readonly is", *why_dropped(c) == 0, "%s", why_dropped(c));
    c.v[AXIS_DIRECTION] = DIR_D2H;
    CHECK("zerocopy d2h into registered-readonly is not",
          starts(why_dropped(c), "registered-readonly with d2h"), "%s", why_dropped(c));
    c.v[AXIS_ALLOC] = ALLOC_REGISTERED_MAPPED;
    c.v[AXIS_DIRECTION] = DIR_BIDIR;
    CHECK("zerocopy bidir is not", starts(why_dropped(c), "api zerocopy with bidir"), "%s",
          why_dropped(c));

    c = defaults();
    c.v[AXIS_API] = API_PIPELINE;
    c.v[AXIS_ALLOC] = ALLOC_PAGEABLE;
    c.v[AXIS_STREAMS] = 4;
    k = c;
    CHECK("a pageable pipeline over 4 streams is applicable", sweep_not_applicable(&k) == -1, "%s",
          why_dropped(c));
    CHECK("a pipeline keeps streams, chunks and kernel",
          k.v[AXIS_STREAMS] == 4 && k.v[AXIS_CHUNKS] == 8 && k.v[AXIS_KERNEL] == (KERNEL_RATIO | 1000),
          "streams %llu", (unsigned long long)k.v[AXIS_STREAMS]);
    CHECK("a pipeline marks direction, buffer, cache, touch and threads unused",
          k.v[AXIS_DIRECTION] == AXIS_UNUSED && k.v[AXIS_BUFFER] == AXIS_UNUSED &&
              k.v[AXIS_CACHE] == AXIS_UNUSED && k.v[AXIS_TOUCH] == AXIS_UNUSED &&
              k.v[AXIS_THREADS] == AXIS_UNUSED && k.v[AXIS_PAGES] == PAGES_DEFAULT,
          "direction %llu", (unsigned long long)k.v[AXIS_DIRECTION]);
    c.v[AXIS_DIRECTION] = DIR_D2H;
    CHECK("a pipeline with direction d2h is not applicable",
          starts(why_dropped(c), "direction with api pipeline"), "%s", why_dropped(c));
    c.v[AXIS_DIRECTION] = DIR_H2D;
    c.v[AXIS_ALLOC] = ALLOC_REGISTERED_READONLY;
    CHECK("a pipeline through registered-readonly memory is not",
          starts(why_dropped(c), "registered-readonly with d2h, bidir or pipeline"), "%s",
          why_dropped(c));

    c = defaults();
    c.v[AXIS_STREAMS] = 2;
    CHECK("streams on a copy is not applicable", starts(why_dropped(c), "streams with an api"),
          "%s", why_dropped(c));
    c = defaults();
    c.v[AXIS_API] = API_HOST_READ;
    c.v[AXIS_THREADS] = 8;
    c.v[AXIS_ALLOC] = ALLOC_WRITE_COMBINED;
    k = c;
    CHECK("host-read of write-combined memory with 8 threads is applicable",
          sweep_not_applicable(&k) == -1 && k.v[AXIS_THREADS] == 8 &&
              k.v[AXIS_DIRECTION] == AXIS_UNUSED && k.v[AXIS_PAGES] == AXIS_UNUSED,
          "%s", why_dropped(c));
    c.v[AXIS_PAGES] = PAGES_THP;
    CHECK("pages thp with cudaHostAlloc memory is not applicable",
          starts(why_dropped(c), "pages with memory the driver allocates"), "%s", why_dropped(c));
    c.v[AXIS_ALLOC] = ALLOC_REGISTERED;
    CHECK("pages thp with registered memory is", *why_dropped(c) == 0, "%s", why_dropped(c));
    c = defaults();
    c.v[AXIS_THREADS] = 2;
    CHECK("threads on a copy is not applicable", starts(why_dropped(c), "threads with an api"),
          "%s", why_dropped(c));
    c = defaults();
    c.v[AXIS_ALLOC] = ALLOC_PAGEABLE;
    c.v[AXIS_TOUCH] = TOUCH_FIRST;
    c.v[AXIS_PAGES] = PAGES_HUGETLB;
    CHECK("first-touch with hugetlb pages is not applicable",
          starts(why_dropped(c), "touch first-touch with pages"), "%s", why_dropped(c));
}

static void test_value_text(void)
{
    char t[32];
    uint64_t v;
    CHECK_STR("kernel 0.5x reads back", schema_value_text(AXIS_KERNEL, KERNEL_RATIO | 500, t, 32),
              "0.5x");
    CHECK_STR("kernel 250us reads back",
              schema_value_text(AXIS_KERNEL, KERNEL_TIME | 250000, t, 32), "250us");
    CHECK_STR("kernel 2ms reads back", schema_value_text(AXIS_KERNEL, KERNEL_TIME | 2000000, t, 32),
              "2ms");
    CHECK_STR("numa node 1 reads back", schema_value_text(AXIS_NUMA, NUMA_NODE + 1, t, 32), "1");
    CHECK_STR("numa auto reads back", schema_value_text(AXIS_NUMA, NUMA_AUTO, t, 32), "auto");
    CHECK_STR("an unused axis reads '-'", schema_value_text(AXIS_STREAMS, AXIS_UNUSED, t, 32), "-");
    CHECK("kernel 1.5ms parses to 1500000 ns",
          schema_parse_number_value(AXIS_KERNEL, "1.5ms", &v, t, 32) == 0 &&
              v == (KERNEL_TIME | 1500000),
          "%llx", (unsigned long long)v);
    CHECK("kernel 0.25x parses", schema_parse_number_value(AXIS_KERNEL, "0.25x", &v, t, 32) == 0 &&
                                     v == (KERNEL_RATIO | 250),
          "%llx", (unsigned long long)v);
    CHECK("kernel -1x is refused", schema_parse_number_value(AXIS_KERNEL, "-1x", &v, t, 32) < 0,
          "accepted");
    CHECK("streams 65 is refused", schema_parse_number_value(AXIS_STREAMS, "65", &v, t, 32) < 0,
          "accepted");
    CHECK("numa 3 parses", schema_parse_number_value(AXIS_NUMA, "3", &v, t, 32) == 0 &&
                               v == NUMA_NODE + 3,
          "%llu", (unsigned long long)v);
}

int main(void)
{
    test_shuffle();
    test_not_applicable();
    test_new_apis();
    test_value_text();
    return check_exit();
}
