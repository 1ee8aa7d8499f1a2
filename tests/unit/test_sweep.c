/*
 * test_sweep.c - seeded shuffling and the not-applicable rules.
 */
#include "check.h"
#include "sweep.h"

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

static void test_not_applicable(void)
{
    struct config c = {0};
    c.v[AXIS_ALLOC] = ALLOC_PINNED;
    CHECK("plain pinned h2d is applicable", sweep_not_applicable(&c) == -1, "rule %d",
          sweep_not_applicable(&c));
    c.v[AXIS_DIRECTION] = DIR_BIDIR;
    CHECK("bidir sync is not", sweep_not_applicable(&c) == 0, "rule %d", sweep_not_applicable(&c));
    c.v[AXIS_API] = API_ASYNC;
    CHECK("bidir async is", sweep_not_applicable(&c) == -1, "rule %d", sweep_not_applicable(&c));
    c.v[AXIS_CACHE] = CACHE_FLUSHED;
    CHECK("bidir flushed is not", sweep_not_applicable(&c) == 3, "rule %d",
          sweep_not_applicable(&c));
    c.v[AXIS_DIRECTION] = DIR_H2D;
    c.v[AXIS_TOUCH] = TOUCH_FIRST;
    CHECK("first-touch pinned is not", sweep_not_applicable(&c) == 1, "rule %d",
          sweep_not_applicable(&c));
    c.v[AXIS_ALLOC] = ALLOC_PAGEABLE;
    CHECK("first-touch pageable is", sweep_not_applicable(&c) == -1, "rule %d",
          sweep_not_applicable(&c));
    c.v[AXIS_BUFFER] = BUFFER_REALLOCATE;
    CHECK("first-touch reallocate is not", sweep_not_applicable(&c) == 2, "rule %d",
          sweep_not_applicable(&c));
}

int main(void)
{
    test_shuffle();
    test_not_applicable();
    return check_exit();
}
