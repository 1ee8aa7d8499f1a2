/*
 * test_numabind.c - unit tests of numabind.c: the GPU's node from fixture
 * sysfs trees (tests/fixtures/numa-*), the node count, binding a thread and
 * a buffer and finding the buffer's pages, the messages for nodes that do
 * not exist, and putting a thread back as it was.  Binding is tested on
 * node 0, which every machine has; a CPU machine with one node cannot show
 * pages landing on another node, so nothing here pretends to, but for the
 * fake engine's seam (numabind_pretend), tested last as what it is: a
 * binding that records the node and changes nothing.  Prints
 * PASS/FAIL per check (check.h); exits 1 on any failure.  Run from the
 * repository root.
 */
#include "check.h"
#include "host/numabind.h"

#include <dirent.h>
#include <numaif.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void test_gpu_node(void)
{
    static const struct {
        const char *root, *bus_id;
        int node;
    } cases[] = {
        {"tests/fixtures/numa-two-nodes", "0000:41:00.0", 1},
        {"tests/fixtures/numa-two-nodes", "0000:c1:00.0", 0},
        {"tests/fixtures/numa-two-nodes", "0000:C1:00.0", 0},     /* CUDA may print capitals */
        {"tests/fixtures/numa-two-nodes", "00000000:41:00.0", 1}, /* NVML's 8-digit domain */
        {"tests/fixtures/numa-one-node", "0000:01:00.0", -1},     /* the file says -1 */
        {"tests/fixtures/numa-two-nodes", "0000:02:00.0", -1},    /* no such device */
        {"tests/fixtures/no-such-sysfs", "0000:41:00.0", -1},
        {"tests/fixtures/numa-two-nodes", "0000:41:00.0/../..", -1}, /* not a PCI id */
        {"tests/fixtures/numa-two-nodes", "", -1},
    };
    char name[160];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        int got = numabind_gpu_node(cases[i].root, cases[i].bus_id);
        snprintf(name, sizeof(name), "gpu node of '%s' under %s is %d", cases[i].bus_id,
                 cases[i].root + strlen("tests/fixtures/"), cases[i].node);
        CHECK(name, got == cases[i].node, "got %d", got);
    }
}

static int sysfs_node_count(void)
{
    int count = 0;
    DIR *d = opendir("/sys/devices/system/node");
    struct dirent *e;
    if (!d)
        return 1; /* a kernel without NUMA has no such folder: one node */
    while ((e = readdir(d)))
        count += strncmp(e->d_name, "node", 4) == 0 && e->d_name[4] >= '0' && e->d_name[4] <= '9';
    closedir(d);
    return count;
}

static int cpus_allowed(void)
{
    cpu_set_t set;
    return sched_getaffinity(0, sizeof(set), &set) == 0 ? CPU_COUNT(&set) : -1;
}

static int policy_mode(void)
{
    int mode = -1;
    unsigned long nodes[16] = {0};
    return get_mempolicy(&mode, nodes, sizeof(nodes) * 8, NULL, 0) == 0 ? mode : -1;
}

static void test_nodes(void)
{
    int n = numabind_nodes(), want = sysfs_node_count();
    printf("# this machine: %d NUMA node(s), %d CPU(s) allowed\n", n, cpus_allowed());
    CHECK("at least one node", n >= 1, "got %d", n);
    CHECK("node count matches /sys/devices/system/node/node*", n == want, "got %d, sysfs has %d", n,
          want);
}

/* Bind to node 0, bind a buffer there, touch it: every sampled page is on node 0. */
static void test_bind_and_where(void)
{
    char err[256] = "";
    double share = -1;
    size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = 512 * page;
    int cpus_before = cpus_allowed();
    int rc = numabind_bind_thread(0, err, sizeof(err));
    CHECK("bind thread to node 0", rc == 0, "rc %d: %s", rc, err);
    CHECK("thread policy prefers node 0", policy_mode() == MPOL_PREFERRED, "mode %d",
          policy_mode());
    char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        CHECK("mmap a test buffer", 0, "mmap failed");
        return;
    }
    int where = numabind_where(p, bytes, &share);
    CHECK("untouched pages: cannot tell (-1, NaN)", where == -1 && isnan(share),
          "got node %d, %g%%", where, share);
    rc = numabind_bind_range(p, bytes, 0, err, sizeof(err));
    CHECK("bind range to node 0", rc == 0, "rc %d: %s", rc, err);
    memset(p, 1, bytes / 2);
    where = numabind_where(p, bytes, &share);
    CHECK("half touched: node 0, 50% of the sampled pages", where == 0 && share == 50.0,
          "got node %d, %g%%", where, share);
    memset(p, 1, bytes);
    where = numabind_where(p, bytes, &share);
    CHECK("all touched: node 0, 100%", where == 0 && share == 100.0, "got node %d, %g%%", where,
          share);
    where = numabind_where(p + 3, bytes - 3, &share);
    CHECK("unaligned range: node 0, 100%", where == 0 && share == 100.0, "got node %d, %g%%", where,
          share);
    where = numabind_where(p, 0, &share);
    CHECK("empty range: cannot tell", where == -1 && isnan(share), "got node %d", where);

    rc = numabind_bind_range(p + 8, page, 0, err, sizeof(err));
    CHECK("bind of an unaligned address fails",
          rc == -1 && strstr(err, "is not page-aligned; allowed: an address that is a multiple "
                                  "of the page size"),
          "rc %d: %s", rc, err);
    munmap(p, bytes);

    numabind_restore();
    int cpus_after = cpus_allowed();
    CHECK("restore: as many CPUs as before the bind", cpus_after == cpus_before,
          "before %d, after %d", cpus_before, cpus_after);
    CHECK("restore: default memory policy again", policy_mode() == MPOL_DEFAULT, "mode %d",
          policy_mode());
}

/* A node one past the last that exists, e.g. "NUMA node 6 does not exist; this machine has node 0".
 */
static void test_missing_node(void)
{
    char err[256] = "", want[256];
    int node = numabind_nodes() + 5;
    int cpus_before = cpus_allowed(), mode_before = policy_mode();
    int rc = numabind_bind_thread(node, err, sizeof(err));
    if (sysfs_node_count() == 1) {
        snprintf(want, sizeof(want), "NUMA node %d does not exist; this machine has node 0", node);
        CHECK("bind to a missing node: the message", rc == -1 && strcmp(err, want) == 0,
              "rc %d, got '%s', want '%s'", rc, err, want);
    } else {
        snprintf(want, sizeof(want), "NUMA node %d does not exist; this machine has nodes ", node);
        CHECK("bind to a missing node: the message",
              rc == -1 && strncmp(err, want, strlen(want)) == 0, "rc %d, got '%s', want '%s...'",
              rc, err, want);
    }
    CHECK("a failed bind changes nothing",
          cpus_allowed() == cpus_before && policy_mode() == mode_before, "cpus %d->%d mode %d->%d",
          cpus_before, cpus_allowed(), mode_before, policy_mode());
    char err2[256] = "";
    rc = numabind_bind_thread(-1, err2, sizeof(err2));
    CHECK("node -1 does not exist either",
          rc == -1 && strncmp(err2, "NUMA node -1 does not exist; this machine has node", 50) == 0,
          "rc %d: %s", rc, err2);
    void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED) {
        char err3[256] = "";
        rc = numabind_bind_range(p, 4096, node, err3, sizeof(err3));
        CHECK("bind range to a missing node: same message", rc == -1 && strcmp(err3, err) == 0,
              "rc %d: '%s' vs '%s'", rc, err3, err);
        munmap(p, 4096);
    }
}

/*
 * A thread narrowed to one CPU before the bind gets that one CPU back, not
 * every CPU: restore undoes the bind, it does not widen what the user set.
 */
static void test_restore_keeps_narrowing(void)
{
    cpu_set_t all, one;
    char err[256] = "";
    if (sched_getaffinity(0, sizeof(all), &all) != 0 || CPU_COUNT(&all) < 2) {
        check_skip("restore keeps a narrowed affinity", "needs 2 CPUs");
        return;
    }
    int first = 0;
    while (!CPU_ISSET(first, &all))
        first++;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    sched_setaffinity(0, sizeof(one), &one);
    int rc = numabind_bind_thread(0, err, sizeof(err));
    numabind_restore();
    CHECK("restore gives back a narrowed affinity (1 CPU), not all", rc == 0 && cpus_allowed() == 1,
          "rc %d (%s), %d CPUs", rc, err, cpus_allowed());
    numabind_restore(); /* nothing left to undo: a no-op */
    CHECK("a second restore does nothing", cpus_allowed() == 1, "%d CPUs", cpus_allowed());
    sched_setaffinity(0, sizeof(all), &all);
}

/* The node numabind_bound_node reports for a real binding to node 0, and after restore. */
static void test_bound_node(void)
{
    char err[256];
    CHECK("not bound: -1", numabind_bound_node() == -1, "%d", numabind_bound_node());
    int rc = numabind_bind_thread(0, err, sizeof(err));
    CHECK("bound to node 0: it says 0", rc == 0 && numabind_bound_node() == 0, "%d %d: %s", rc,
          numabind_bound_node(), err);
    numabind_restore();
    CHECK("restored: -1 again", numabind_bound_node() == -1, "%d", numabind_bound_node());
}

/* numabind_pretend's nodes: counted, listed, bound to without a change, and ended. */
static void test_pretend(void)
{
    char err[256];
    int ids[8], before = numabind_nodes();
    cpu_set_t cpus_before, cpus_after;
    double pct;
    char *buf = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    sched_getaffinity(0, sizeof(cpus_before), &cpus_before);
    numabind_pretend(3);
    int n = numabind_node_ids(ids, 8);
    CHECK("pretend 3: three nodes, 0 1 2",
          numabind_nodes() == 3 && n == 3 && ids[0] == 0 && ids[1] == 1 && ids[2] == 2, "%d %d",
          numabind_nodes(), n);
    CHECK("pretend: unbound, where() cannot tell",
          buf != MAP_FAILED && numabind_where(buf, 1 << 20, &pct) == -1 && isnan(pct), "%g", pct);
    int rc = numabind_bind_thread(2, err, sizeof(err));
    sched_getaffinity(0, sizeof(cpus_after), &cpus_after);
    CHECK("pretend: bound to node 2, the CPUs left as they were",
          rc == 0 && numabind_bound_node() == 2 && CPU_EQUAL(&cpus_before, &cpus_after), "%d %d",
          rc, numabind_bound_node());
    if (buf != MAP_FAILED)
        memset(buf, 1, 1 << 20);
    CHECK("pretend: where() answers the bound node",
          buf != MAP_FAILED && numabind_where(buf, 1 << 20, &pct) == 2 && pct == 100, "%g", pct);
    numabind_restore();
    CHECK("pretend: restored, unbound", numabind_bound_node() == -1, "%d", numabind_bound_node());
    rc = numabind_bind_thread(3, err, sizeof(err));
    CHECK_STR("pretend: a node past them is refused, saying whose nodes they are",
              rc < 0 ? err : "",
              "NUMA node 3 does not exist; this machine has nodes 0-2 (the fake engine's, "
              "PINSWEEP_FAKE_NUMA_NODES)");
    numabind_pretend(0);
    CHECK("pretend 0: the machine's own nodes again", numabind_nodes() == before, "%d %d",
          numabind_nodes(), before);
    if (buf != MAP_FAILED)
        munmap(buf, 1 << 20);
}

int main(void)
{
    test_gpu_node();
    test_nodes();
    test_bind_and_where();
    test_missing_node();
    test_restore_keeps_narrowing();
    test_bound_node();
    test_pretend();
    return check_exit();
}
