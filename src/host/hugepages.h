/*
 * hugepages.h - the page size behind pageable host buffers: plain pages,
 * transparent huge pages (THP) or hugetlb pages; whether a kind can be had
 * here, and how much of a buffer huge pages really back.  Nothing here needs
 * a GPU.
 */
#ifndef PINSWEEP_HUGEPAGES_H
#define PINSWEEP_HUGEPAGES_H

#include "experiment/schema.h"

#include <stddef.h>

/* enum page_kind (PAGES_DEFAULT, PAGES_THP, PAGES_HUGETLB) is declared in schema.h. */

/*
 * Map bytes of anonymous private memory of the given kind, untouched:
 *   PAGES_DEFAULT  a plain mmap;
 *   PAGES_THP      a mmap aligned to the THP size (hpage_pmd_size: 2 MiB on
 *                  x86-64), over-allocated and trimmed, its length rounded up
 *                  to that size, with madvise(MADV_HUGEPAGE); refused when
 *                  THP is [never] here;
 *   PAGES_HUGETLB  a mmap with MAP_HUGETLB, the length rounded up to the
 *                  default huge page size (Hugepagesize in /proc/meminfo).
 * Returns the mapping, which the caller owns and gives back with
 * hugepages_free(p, *mapped_bytes); or NULL, *mapped_bytes 0 and a message in
 * err (for PAGES_HUGETLB: how many huge pages are free, how many are needed
 * and how to reserve them with vm.nr_hugepages).
 */
void *hugepages_alloc(size_t bytes, enum page_kind kind, size_t *mapped_bytes, char *err,
                      size_t errlen);

/* Unmap what hugepages_alloc returned; p NULL does nothing. */
void hugepages_free(void *p, size_t mapped_bytes);

/*
 * A host buffer of the given kind as pinsweep allocates pageable memory:
 * malloc for PAGES_DEFAULT (what applications do; *mapped_bytes 0), else
 * hugepages_alloc.  NULL with a message in err.  Give it back with
 * hugepages_release(p, kind, *mapped_bytes).
 */
void *hugepages_buffer(size_t bytes, enum page_kind kind, size_t *mapped_bytes, char *err,
                       size_t errlen);
void hugepages_release(void *p, enum page_kind kind, size_t mapped_bytes);

/*
 * Whether kind can be had for a buffer of bytes, without allocating, from
 * the files under root ("/" outside tests; tests pass a fixture tree):
 * PAGES_THP needs root/sys/kernel/mm/transparent_hugepage/enabled to say
 * [always] or [madvise]; PAGES_HUGETLB needs HugePages_Free - HugePages_Rsvd
 * in root/proc/meminfo to be at least the huge pages bytes takes (surplus
 * pages from vm.nr_overcommit_hugepages are not counted).  PAGES_DEFAULT
 * always can.  Returns 1; or 0 with a sentence in why that says what is
 * missing and what to do about it.  The messages name the real paths, not
 * root's, so a fixture's message is the one this machine would print.
 */
int hugepages_available(const char *root, enum page_kind kind, size_t bytes, char *why, size_t n);

/*
 * The share (0..100) of [p, p + bytes) that huge pages back, from
 * /proc/self/smaps: the whole of a hugetlb mapping (KernelPageSize above the
 * base page size; every page of it is a huge page once touched), AnonHugePages
 * of any other mapping (THP actually in place: 0 until touched).  smaps counts
 * per mapping, so where one mapping reaches beyond the range, its huge pages
 * are assumed to be inside the range, up to the overlap.  NaN when it cannot
 * tell (smaps unreadable, or part of the range is not mapped).
 */
double hugepages_backed_pct(const void *p, size_t bytes);

/* The name of a kind: "default", "thp", "hugetlb"; "unknown" for anything else. */
const char *hugepages_name(enum page_kind kind);

#endif
