/*
 * test_hostaccess.c - the CPU read/write pool (hostaccess.h): exact checksums
 * of read passes, every byte of write passes, shares smaller than a line,
 * plausible timings, and the errors of bad arguments.
 */
#include "check.h"
#include "host/hostaccess.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define GUARD_BYTES 64
#define GUARD_BYTE 0x11

/* A byte pattern with no zero byte, so that a skipped stretch changes the sum. */
static void fill_pattern(unsigned char *p, size_t n)
{
    uint32_t x = 12345;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        p[i] = (unsigned char)(1 + (x >> 16) % 255);
    }
}

/*
 * The checksum as hostaccess.h defines it, walked byte by byte: an 8-byte
 * word wherever one starts at an address multiple of 8 and fits, else a byte.
 */
static uint64_t expected_sum(const unsigned char *p, size_t n)
{
    uint64_t sum = 0;
    size_t i = 0;
    while (i < n) {
        if ((uintptr_t)(p + i) % 8 == 0 && n - i >= 8) {
            uint64_t w;
            memcpy(&w, p + i, 8);
            sum += w;
            i += 8;
        } else {
            sum += p[i++];
        }
    }
    return sum;
}

struct access_case {
    int threads;
    size_t size_bytes;
    size_t offset; /* from a 64-byte boundary */
};

static const struct access_case cases[] = {
    {1, (1u << 20) + 4160, 0},
    {3, (1u << 20) + 4160, 0},
    {8, (1u << 20) + 4160, 0},
    {8, 64, 0},
    {8, 10, 3},
    {3, 1000003, 5},
    {2, 100, 60},
    {3, 0, 0},
    {1, 7, 1},
};

/* A read pass gives the exact checksum; a write pass stores the byte everywhere and only there. */
static void check_case(const struct access_case *c)
{
    char label[96], name[160], err[256] = "";
    double ms = -1;
    snprintf(label, sizeof(label), "%d threads, %zu bytes at offset %zu", c->threads, c->size_bytes,
             c->offset);
#define NAME(what) (snprintf(name, sizeof(name), "%s: %s", label, what), name)
    /* Guard bytes on both sides of the buffer catch a write out of bounds. */
    size_t start = GUARD_BYTES + c->offset;
    size_t alloc = (start + c->size_bytes + GUARD_BYTES + 63) / 64 * 64;
    unsigned char *mem = aligned_alloc(64, alloc), *buf = mem + start;
    struct hostaccess_pool *p = hostaccess_open(c->threads, err, sizeof(err));
    CHECK(NAME("open"), mem && p, "%s", err);
    if (!mem || !p)
        goto out;

    fill_pattern(mem, alloc);
    uint64_t want = expected_sum(buf, c->size_bytes);
    int rc = hostaccess_pass(p, buf, c->size_bytes, 0, &ms, err, sizeof(err));
    CHECK(NAME("read checksum exact"), rc == 0 && hostaccess_last_sum(p) == want,
          "rc %d sum %llu, want %llu: %s", rc, (unsigned long long)hostaccess_last_sum(p),
          (unsigned long long)want, err);
    CHECK(NAME("read time positive"), c->size_bytes == 0 ? ms >= 0 : ms > 0, "%g ms", ms);

    memset(mem, GUARD_BYTE, alloc);
    memset(buf, 0, c->size_bytes);
    rc = hostaccess_pass(p, buf, c->size_bytes, 1, &ms, err, sizeof(err));
    size_t bad = 0;
    for (size_t i = 0; i < alloc; i++) {
        int inside = i >= start && i < start + c->size_bytes;
        bad += mem[i] != (inside ? HOSTACCESS_WRITE_BYTE : GUARD_BYTE);
    }
    CHECK(NAME("write sets every byte, and no other"), rc == 0 && bad == 0,
          "rc %d: %zu bytes wrong: %s", rc, bad, err);
    CHECK(NAME("write time positive"), c->size_bytes == 0 ? ms >= 0 : ms > 0, "%g ms", ms);
    CHECK(NAME("write keeps the read checksum"), hostaccess_last_sum(p) == want, "%llu",
          (unsigned long long)hostaccess_last_sum(p));
#undef NAME
out:
    hostaccess_close(p);
    free(mem);
}

/* Several passes on one pool, alternating sizes, so parked workers are woken again and again. */
static void check_reuse(void)
{
    char err[256] = "";
    double ms;
    size_t n = 300000; /* not a multiple of 64: aligned_alloc is given a rounded size */
    unsigned char *buf = aligned_alloc(64, (n + 63) / 64 * 64);
    struct hostaccess_pool *p = hostaccess_open(4, err, sizeof(err));
    int ok = buf && p;
    if (ok) {
        fill_pattern(buf, n);
        for (int i = 0; i < 20 && ok; i++) {
            size_t size = i % 2 ? n : n / 3 + (size_t)i;
            ok = hostaccess_pass(p, buf, size, 0, &ms, err, sizeof(err)) == 0 &&
                 hostaccess_last_sum(p) == expected_sum(buf, size);
        }
    }
    CHECK("20 passes on one pool give the exact checksums", ok, "%s", err);
    hostaccess_close(p);
    free(buf);
}

/* 64 MiB read in one thread: a bandwidth between 0.1 and 1000 GB/s (1e9 B/s). */
static void check_bandwidth(void)
{
    char err[256] = "";
    double ms = 0;
    size_t n = 64u << 20;
    unsigned char *buf = aligned_alloc(64, n);
    struct hostaccess_pool *p = hostaccess_open(1, err, sizeof(err));
    int rc = -1;
    if (buf && p) {
        memset(buf, 1, n); /* pages resident before timing */
        rc = hostaccess_pass(p, buf, n, 0, &ms, err, sizeof(err));
        if (rc == 0)
            rc = hostaccess_pass(p, buf, n, 0, &ms, err, sizeof(err));
    }
    double gbps = (double)n / (ms * 1e6);
    CHECK("64 MiB read in 1 thread at a plausible bandwidth",
          rc == 0 && ms > 0 && gbps > 0.1 && gbps < 1000, "rc %d, %g ms, %g GB/s: %s", rc, ms, gbps,
          err);
    CHECK("64 MiB read checksum", hostaccess_last_sum(p) == (uint64_t)n / 8 * 0x0101010101010101u,
          "%llu", (unsigned long long)hostaccess_last_sum(p));
    hostaccess_close(p);
    free(buf);
}

static void check_errors(void)
{
    static const struct {
        int threads;
        const char *message;
    } bad_open[] = {
        {0, "hostaccess: 0 threads is out of range; allowed 1 to 1024"},
        {2000, "hostaccess: 2000 threads is out of range; allowed 1 to 1024"},
        {-1, "hostaccess: -1 threads is out of range; allowed 1 to 1024"},
    };
    char name[64], err[256];
    for (size_t i = 0; i < sizeof(bad_open) / sizeof(bad_open[0]); i++) {
        err[0] = '\0';
        struct hostaccess_pool *p = hostaccess_open(bad_open[i].threads, err, sizeof(err));
        snprintf(name, sizeof(name), "open with %d threads fails", bad_open[i].threads);
        CHECK(name, p == NULL, "got a pool");
        CHECK_STR(name, err, bad_open[i].message);
        hostaccess_close(p);
    }

    struct hostaccess_pool *p = hostaccess_open(2, err, sizeof(err));
    unsigned char buf[64] = {0};
    double ms;
    int rc = hostaccess_pass(p, buf, sizeof(buf), 2, &ms, err, sizeof(err));
    CHECK("write = 2 is refused", rc == -1, "rc %d", rc);
    CHECK_STR("write = 2 is refused", err, "hostaccess: write is 2; allowed 0 (read) or 1 (write)");
    rc = hostaccess_pass(p, NULL, 64, 0, &ms, err, sizeof(err));
    CHECK("no buffer is refused", rc == -1, "rc %d", rc);
    CHECK_STR("no buffer is refused", err, "hostaccess: no buffer");
    rc = hostaccess_pass(NULL, buf, 64, 0, &ms, err, sizeof(err));
    CHECK("no pool is refused", rc == -1, "rc %d", rc);
    CHECK_STR("no pool is refused", err, "hostaccess: no pool");
    hostaccess_close(p);

    /* In a child, so a crash is a FAIL line here, not the end of the test. */
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        hostaccess_close(NULL);
        _exit(0);
    }
    int status = -1;
    waitpid(child, &status, 0);
    CHECK("hostaccess_close(NULL) is safe (a child calls it and exits 0)",
          child > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status %#x", status);
}

int main(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        check_case(&cases[i]);
    check_reuse();
    check_bandwidth();
    check_errors();
    return check_exit();
}
