/*
 * hugepages.c - mapping buffers of each page kind and reading, from /proc
 * and /sys, whether huge pages can be had and whether they were given.
 */
#include "host/hugepages.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define THP_ENABLED "/sys/kernel/mm/transparent_hugepage/enabled"
#define THP_PMD_SIZE "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"
#define MEMINFO "/proc/meminfo"
#define DEFAULT_HUGE_BYTES ((size_t)2 << 20)

static const char *const kind_names[] = {"default", "thp", "hugetlb"};

const char *hugepages_name(enum page_kind kind)
{
    if ((unsigned)kind >= sizeof(kind_names) / sizeof(kind_names[0]))
        return "unknown";
    return kind_names[kind];
}

/* Open path under root for reading; root "/" is the running system. */
static FILE *open_under(const char *root, const char *path)
{
    char full[512];
    snprintf(full, sizeof(full), "%s%s", strcmp(root, "/") == 0 ? "" : root, path);
    return fopen(full, "r");
}

/* The number after "key:" in root's /proc/meminfo (kB for sizes); -1 when absent. */
static long long meminfo_value(const char *root, const char *key)
{
    char line[256];
    size_t klen = strlen(key);
    long long value = -1;
    FILE *f = open_under(root, MEMINFO);
    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f))
        if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
            value = strtoll(line + klen + 1, NULL, 10);
            break;
        }
    fclose(f);
    return value;
}

/* bytes rounded up to a multiple of align; 0 when that does not fit in a size_t. */
static size_t round_up(size_t bytes, size_t align)
{
    size_t pages = bytes / align + (bytes % align != 0);
    return pages > SIZE_MAX / align ? 0 : pages * align;
}

static int thp_available(const char *root, char *why, size_t n)
{
    char line[128], mode[32] = "";
    FILE *f = open_under(root, THP_ENABLED);
    if (f) {
        char *open = fgets(line, sizeof(line), f) ? strchr(line, '[') : NULL;
        char *close = open ? strchr(open, ']') : NULL;
        if (close && close - open < (long)sizeof(mode))
            snprintf(mode, sizeof(mode), "%.*s", (int)(close - open - 1), open + 1);
        fclose(f);
    }
    if (strcmp(mode, "always") == 0 || strcmp(mode, "madvise") == 0)
        return 1;
    if (mode[0])
        snprintf(why, n,
                 "transparent huge pages are off here ([%s] in " THP_ENABLED "); thp needs "
                 "[always] or [madvise]: as root, echo madvise > " THP_ENABLED,
                 mode);
    else
        snprintf(why, n,
                 "this kernel has no transparent huge pages (no [setting] in " THP_ENABLED
                 "); allowed here: default or hugetlb pages");
    return 0;
}

static int hugetlb_available(const char *root, size_t bytes, char *why, size_t n)
{
    long long total = meminfo_value(root, "HugePages_Total");
    long long free_pages = meminfo_value(root, "HugePages_Free");
    long long rsvd = meminfo_value(root, "HugePages_Rsvd");
    long long page_kb = meminfo_value(root, "Hugepagesize");
    char size[32], page[32];
    if (total < 0 || free_pages < 0 || page_kb <= 0) {
        snprintf(why, n,
                 "this kernel has no hugetlb pages (no HugePages_Free or Hugepagesize in " MEMINFO
                 "); allowed here: default or thp pages");
        return 0;
    }
    unsigned long long page_bytes = (unsigned long long)page_kb * 1024;
    unsigned long long needed = bytes / page_bytes + (bytes % page_bytes != 0);
    long long usable = free_pages - (rsvd > 0 ? rsvd : 0); /* Rsvd pages are promised */
    if (usable < 0)
        usable = 0;
    if ((unsigned long long)usable >= needed)
        return 1;
    snprintf(why, n,
             "hugetlb pages: %s needs %llu huge page%s of %s and %lld are free; as root, reserve "
             "them with sysctl -w vm.nr_hugepages=%llu",
             units_format_size(bytes, size, sizeof(size)), needed, needed == 1 ? "" : "s",
             units_format_size(page_bytes, page, sizeof(page)), usable,
             (unsigned long long)total + needed - (unsigned long long)usable);
    return 0;
}

int hugepages_available(const char *root, enum page_kind kind, size_t bytes, char *why, size_t n)
{
    why[0] = '\0';
    switch (kind) {
    case PAGES_DEFAULT:
        return 1;
    case PAGES_THP:
        return thp_available(root, why, n);
    case PAGES_HUGETLB:
        return hugetlb_available(root, bytes, why, n);
    case PAGES_COUNT:
        break;
    }
    snprintf(why, n, "unknown page kind %d; allowed: default, thp, hugetlb", (int)kind);
    return 0;
}

/* The THP size from sysfs; 2 MiB where sysfs does not say. */
static size_t thp_bytes(void)
{
    unsigned long long bytes = 0;
    FILE *f = fopen(THP_PMD_SIZE, "r");
    if (f) {
        if (fscanf(f, "%llu", &bytes) != 1)
            bytes = 0;
        fclose(f);
    }
    /* A power of two of at least a page, or it is not a size we can align to. */
    if (bytes < 4096 || (bytes & (bytes - 1)) != 0 || bytes > SIZE_MAX / 4)
        return DEFAULT_HUGE_BYTES;
    return (size_t)bytes;
}

static void *map_anonymous(size_t len, int flags)
{
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* Map len bytes (a multiple of align) at an address aligned to align. */
static void *map_aligned(size_t len, size_t align)
{
    char *raw = map_anonymous(len + align, 0);
    if (!raw)
        return NULL;
    char *p = (char *)round_up((uintptr_t)raw, align);
    if (p > raw)
        munmap(raw, (size_t)(p - raw));
    if (raw + align > p)
        munmap(p + len, (size_t)(raw + align - p));
    return p;
}

static void *map_thp(size_t bytes, size_t *mapped_bytes, char *err, size_t errlen)
{
    char size[32];
    size_t align = thp_bytes(), len = round_up(bytes, align);
    if (!hugepages_available("/", PAGES_THP, bytes, err, errlen))
        return NULL;
    if (len == 0 || len > SIZE_MAX - align) {
        snprintf(err, errlen, "cannot map %zu bytes for thp pages: the size overflows", bytes);
        return NULL;
    }
    void *p = map_aligned(len, align);
    if (!p) {
        snprintf(err, errlen, "cannot map %s for thp pages: %s",
                 units_format_size(bytes, size, sizeof(size)), strerror(errno));
        return NULL;
    }
    if (madvise(p, len, MADV_HUGEPAGE) < 0) {
        snprintf(err, errlen, "madvise(MADV_HUGEPAGE) refused: %s; allowed here: default pages",
                 strerror(errno));
        munmap(p, len);
        return NULL;
    }
    *mapped_bytes = len;
    return p;
}

static void *map_hugetlb(size_t bytes, size_t *mapped_bytes, char *err, size_t errlen)
{
    char size[32];
    long long page_kb = meminfo_value("/", "Hugepagesize");
    size_t len = round_up(bytes, page_kb > 0 ? (size_t)page_kb * 1024 : DEFAULT_HUGE_BYTES);
    void *p = len ? map_anonymous(len, MAP_HUGETLB) : NULL;
    if (!p) {
        int e = len ? errno : EOVERFLOW;
        if (hugepages_available("/", PAGES_HUGETLB, bytes, err, errlen))
            snprintf(err, errlen, "cannot map %s of hugetlb pages: %s",
                     units_format_size(bytes, size, sizeof(size)), strerror(e));
        return NULL;
    }
    *mapped_bytes = len;
    return p;
}

void *hugepages_alloc(size_t bytes, enum page_kind kind, size_t *mapped_bytes, char *err,
                      size_t errlen)
{
    char size[32];
    void *p = NULL;
    *mapped_bytes = 0;
    err[0] = '\0';
    if (bytes == 0) {
        snprintf(err, errlen, "cannot map 0 bytes of %s pages; allowed: 1 byte or more",
                 hugepages_name(kind));
        return NULL;
    }
    switch (kind) {
    case PAGES_DEFAULT:
        p = map_anonymous(bytes, 0);
        if (p)
            *mapped_bytes = bytes;
        else
            snprintf(err, errlen, "cannot map %s: %s", units_format_size(bytes, size, sizeof(size)),
                     strerror(errno));
        return p;
    case PAGES_THP:
        return map_thp(bytes, mapped_bytes, err, errlen);
    case PAGES_HUGETLB:
        return map_hugetlb(bytes, mapped_bytes, err, errlen);
    case PAGES_COUNT:
        break;
    }
    snprintf(err, errlen, "unknown page kind %d; allowed: default, thp, hugetlb", (int)kind);
    return NULL;
}

void hugepages_free(void *p, size_t mapped_bytes)
{
    if (p)
        munmap(p, mapped_bytes);
}

/* One mapping of /proc/self/smaps, as far as the share of huge pages needs it. */
struct smaps_vma {
    size_t overlap_bytes; /* of the range asked about */
    unsigned long long kernel_page_kb, anon_huge_kb;
};

/* The bytes of v's overlap that huge pages back. */
static size_t vma_huge_bytes(const struct smaps_vma *v, size_t page_bytes)
{
    if (v->kernel_page_kb * 1024 > page_bytes)
        return v->overlap_bytes;
    unsigned long long huge = v->anon_huge_kb * 1024;
    return huge < v->overlap_bytes ? (size_t)huge : v->overlap_bytes;
}

double hugepages_backed_pct(const void *p, size_t bytes)
{
    char line[4352]; /* a header line with the longest path fits */
    uintptr_t lo = (uintptr_t)p, hi = lo + bytes;
    size_t page_bytes = (size_t)sysconf(_SC_PAGESIZE), covered = 0, huge = 0;
    struct smaps_vma v = {0};
    unsigned long start, end;
    char dash;
    if (bytes == 0)
        return NAN;
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return NAN;
    while (fgets(line, sizeof(line), f)) {
        if (sscanf(line, "%lx%c%lx ", &start, &dash, &end) == 3 && dash == '-') {
            covered += v.overlap_bytes;
            huge += vma_huge_bytes(&v, page_bytes);
            v = (struct smaps_vma){0};
            if (start < hi && end > lo)
                v.overlap_bytes = (end < hi ? end : hi) - (start > lo ? start : lo);
        } else {
            sscanf(line, "KernelPageSize: %llu kB", &v.kernel_page_kb);
            sscanf(line, "AnonHugePages: %llu kB", &v.anon_huge_kb);
        }
    }
    fclose(f);
    covered += v.overlap_bytes;
    huge += vma_huge_bytes(&v, page_bytes);
    return covered < bytes ? NAN : 100.0 * (double)huge / (double)bytes;
}

void *hugepages_buffer(size_t bytes, enum page_kind kind, size_t *mapped_bytes, char *err,
                       size_t errlen)
{
    if (kind != PAGES_DEFAULT)
        return hugepages_alloc(bytes, kind, mapped_bytes, err, errlen);
    void *p = malloc(bytes);
    *mapped_bytes = 0;
    if (!p)
        snprintf(err, errlen, "malloc(%zu) failed: out of memory", bytes);
    return p;
}

void hugepages_release(void *p, enum page_kind kind, size_t mapped_bytes)
{
    if (kind == PAGES_DEFAULT)
        free(p);
    else
        hugepages_free(p, mapped_bytes);
}
