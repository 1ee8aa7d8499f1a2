/*
 * test_hugepages.c - unit tests of hugepages.c: whether each page kind can
 * be had, against fixture trees (tests/fixtures/pages-*), and real mappings
 * of each kind on this machine.  Whether the kernel hands out transparent
 * huge pages is its choice, so the THP share is printed and range-checked,
 * not asserted above 0.  Prints PASS/FAIL per check (check.h); exits 1 on
 * any failure.  Run from the repository root.
 */
#include "check.h"
#include "host/hugepages.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MiB ((size_t)1 << 20)
#define THP_ENABLED "/sys/kernel/mm/transparent_hugepage/enabled"
/* The whole message for too few free hugetlb pages, the numbers filled in. */
#define TOO_FEW(size, needed, page, free, nr_hugepages)                                            \
    "hugetlb pages: " size " needs " needed " huge pages of " page " and " free                    \
    " are free; as root, reserve them with sysctl -w vm.nr_hugepages=" nr_hugepages

static void test_available(void)
{
    static const struct {
        const char *tree;
        enum page_kind kind;
        size_t bytes;
        int want;
        const char *why;
    } cases[] = {
        {"pages-always-8free", PAGES_THP, 8 * MiB, 1, ""},
        {"pages-madvise-0free", PAGES_THP, 8 * MiB, 1, ""},
        {"pages-never-2free", PAGES_THP, 8 * MiB, 0,
         "transparent huge pages are off here ([never] in " THP_ENABLED "); thp needs [always] "
         "or [madvise]: as root, echo madvise > " THP_ENABLED},
        {"pages-1g-reserved", PAGES_THP, 8 * MiB, 0,
         "this kernel has no transparent huge pages (no [setting] in " THP_ENABLED
         "); allowed here: default or hugetlb pages"},
        {"pages-always-8free", PAGES_HUGETLB, 8 * MiB, 1, ""},
        {"pages-always-8free", PAGES_HUGETLB, 16 * MiB, 1, ""},
        {"pages-always-8free", PAGES_HUGETLB, 16 * MiB + 1, 0,
         TOO_FEW("16777217B", "9", "2MiB", "8", "9")},
        {"pages-madvise-0free", PAGES_HUGETLB, 8 * MiB, 0, TOO_FEW("8MiB", "4", "2MiB", "0", "4")},
        {"pages-madvise-0free", PAGES_HUGETLB, 1, 0,
         "hugetlb pages: 1B needs 1 huge page of 2MiB and 0 are free; as root, reserve them with "
         "sysctl -w vm.nr_hugepages=1"},
        {"pages-never-2free", PAGES_HUGETLB, 4 * MiB, 1, ""},
        {"pages-never-2free", PAGES_HUGETLB, 8 * MiB, 0, TOO_FEW("8MiB", "4", "2MiB", "2", "6")},
        /* 1 GiB pages, 3 free but 2 of those promised to mappings (HugePages_Rsvd). */
        {"pages-1g-reserved", PAGES_HUGETLB, 8 * MiB, 1, ""},
        {"pages-1g-reserved", PAGES_HUGETLB, 2048 * MiB, 0, TOO_FEW("2GiB", "2", "1GiB", "1", "5")},
        {"pages-none", PAGES_HUGETLB, 8 * MiB, 0,
         "this kernel has no hugetlb pages (no HugePages_Free or Hugepagesize in /proc/meminfo); "
         "allowed here: default or thp pages"},
        {"pages-none", PAGES_DEFAULT, 8 * MiB, 1, ""},
        {"pages-none", (enum page_kind)7, 8 * MiB, 0,
         "unknown page kind 7; allowed: default, thp, hugetlb"},
    };
    char root[128], why[512], name[160];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(root, sizeof(root), "tests/fixtures/%s", cases[i].tree);
        strcpy(why, "(untouched)");
        int got = hugepages_available(root, cases[i].kind, cases[i].bytes, why, sizeof(why));
        snprintf(name, sizeof(name), "available %s %zu bytes under %s: %s",
                 hugepages_name(cases[i].kind), cases[i].bytes, cases[i].tree,
                 cases[i].want ? "yes" : "no");
        CHECK(name, got == cases[i].want && strcmp(why, cases[i].why) == 0,
              "got %d '%s', want %d '%s'", got, why, cases[i].want, cases[i].why);
    }
}

static void test_names(void)
{
    CHECK_STR("name default", hugepages_name(PAGES_DEFAULT), "default");
    CHECK_STR("name thp", hugepages_name(PAGES_THP), "thp");
    CHECK_STR("name hugetlb", hugepages_name(PAGES_HUGETLB), "hugetlb");
    CHECK_STR("name of no kind", hugepages_name((enum page_kind) - 1), "unknown");
}

/*
 * The share of [p, p + bytes) that AnonHugePages (or a hugetlb KernelPageSize) covers, read from
 * /proc/self/smaps independently of hugepages_backed_pct; -1 when an entry reaches outside it.
 */
static double smaps_huge_pct(const void *p, size_t bytes)
{
    char line[4352];
    unsigned long lo = (unsigned long)p, hi = lo + bytes, start, end, kb;
    double huge = 0;
    int inside = 0, outside = 0;
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f)) {
        char dash;
        if (sscanf(line, "%lx%c%lx ", &start, &dash, &end) == 3 && dash == '-') {
            inside = start < hi && end > lo;
            outside |= inside && (start < lo || end > hi);
        } else if (inside && sscanf(line, "AnonHugePages: %lu kB", &kb) == 1) {
            huge += kb * 1024.0;
        } else if (inside && sscanf(line, "KernelPageSize: %lu kB", &kb) == 1 && kb >= 2048) {
            huge = (double)bytes; /* hugetlb: all of it */
        }
    }
    fclose(f);
    return outside ? -1 : 100.0 * huge / (double)bytes;
}

/* Map 8 MiB of kind, write every byte; returns the share of huge pages, or -1 on failure. */
static double map_and_touch(enum page_kind kind, size_t *mapped, uintptr_t *addr)
{
    char err[512] = "", name[64];
    double pct;
    unsigned char *p = hugepages_alloc(8 * MiB, kind, mapped, err, sizeof(err));
    snprintf(name, sizeof(name), "map 8 MiB of %s pages", hugepages_name(kind));
    CHECK(name, p != NULL && *mapped >= 8 * MiB && err[0] == '\0', "%s", err);
    if (!p)
        return -1;
    *addr = (uintptr_t)p;
    pct = hugepages_backed_pct(p, 8 * MiB);
    snprintf(name, sizeof(name), "%s: untouched, no huge pages yet", hugepages_name(kind));
    CHECK(name, pct == 0.0, "got %g%%", pct);
    memset(p, 0xa5, 8 * MiB);
    int same = p[0] == 0xa5 && p[8 * MiB - 1] == 0xa5;
    snprintf(name, sizeof(name), "%s: every byte writable", hugepages_name(kind));
    CHECK(name, same, "read back differs");
    pct = hugepages_backed_pct(p, 8 * MiB);
    double want = smaps_huge_pct(p, 8 * MiB);
    snprintf(name, sizeof(name), "%s: the huge share is what smaps says (%.1f%%)",
             hugepages_name(kind), want);
    if (want < 0)
        check_skip(name, "the mapping shares a smaps entry with another; cannot tell");
    else
        CHECK(name, fabs(pct - want) < 1e-9, "got %g%%, smaps says %g%%", pct, want);
    hugepages_free(p, *mapped);
    return pct;
}

static void test_real_default_and_thp(void)
{
    char why[512], name[128];
    size_t mapped = 0;
    uintptr_t addr = 0;
    int thp_always = 0;
    FILE *f = fopen(THP_ENABLED, "r");
    if (f) {
        char line[128] = "";
        thp_always = fgets(line, sizeof(line), f) && strstr(line, "[always]");
        fclose(f);
    }

    double pct = map_and_touch(PAGES_DEFAULT, &mapped, &addr);
    if (thp_always)
        check_skip("default pages: no huge pages",
                   "THP is [always] here, so it may give some; %g%%", pct);
    else
        CHECK("default pages: 0% huge (THP is not [always] here)", pct == 0.0, "got %g%%", pct);

    if (!hugepages_available("/", PAGES_THP, 8 * MiB, why, sizeof(why))) {
        check_skip("thp mapping", "%s", why);
        return;
    }
    pct = map_and_touch(PAGES_THP, &mapped, &addr);
    CHECK("thp mapping is 2 MiB-aligned, a multiple of 2 MiB long",
          addr % (2 * MiB) == 0 && mapped % (2 * MiB) == 0, "at %#lx, %zu bytes",
          (unsigned long)addr, mapped);
    snprintf(name, sizeof(name),
             "thp pages written: %.1f%% backed by huge pages (the kernel's choice)", pct);
    CHECK(name, pct >= 0.0 && pct <= 100.0, "got %g", pct); /* exact: map_and_touch's smaps check */
}

static void test_real_hugetlb(void)
{
    char err[512] = "", why[512] = "";
    size_t mapped = 1;
    int can = hugepages_available("/", PAGES_HUGETLB, 8 * MiB, why, sizeof(why));
    void *p = hugepages_alloc(8 * MiB, PAGES_HUGETLB, &mapped, err, sizeof(err));
    if (!can) {
        printf("# hugetlb here: %s\n", why);
        CHECK("hugetlb without free huge pages fails with the reason",
              p == NULL && mapped == 0 && strcmp(err, why) == 0, "p %p, mapped %zu, '%s'", p,
              mapped, err);
        hugepages_free(p, mapped);
        return;
    }
    CHECK("hugetlb mapping with free huge pages", p != NULL && mapped >= 8 * MiB, "%s", err);
    if (p) {
        memset(p, 1, 8 * MiB);
        double pct = hugepages_backed_pct(p, 8 * MiB);
        CHECK("hugetlb mapping: 100% huge", pct == 100.0, "got %g%%", pct);
    }
    hugepages_free(p, mapped);
}

static void test_bad_requests(void)
{
    char err[256] = "";
    size_t mapped = 1;
    void *p = hugepages_alloc(0, PAGES_THP, &mapped, err, sizeof(err));
    CHECK("0 bytes is refused", p == NULL && mapped == 0, "p %p mapped %zu", p, mapped);
    CHECK_STR("0 bytes: the message", err,
              "cannot map 0 bytes of thp pages; allowed: 1 byte or more");
    p = hugepages_alloc(4096, (enum page_kind)9, &mapped, err, sizeof(err));
    CHECK("unknown kind is refused", p == NULL && mapped == 0, "p %p", p);
    CHECK_STR("unknown kind: the message", err,
              "unknown page kind 9; allowed: default, thp, hugetlb");
    int x;
    double pct = hugepages_backed_pct(NULL, 4096);
    CHECK("share of an unmapped range: NaN", isnan(pct), "got %g", pct);
    pct = hugepages_backed_pct(&x, 0);
    CHECK("share of an empty range: NaN", isnan(pct), "got %g", pct);
}

int main(void)
{
    test_available();
    test_names();
    test_real_default_and_thp();
    test_real_hugetlb();
    test_bad_requests();
    return check_exit();
}
