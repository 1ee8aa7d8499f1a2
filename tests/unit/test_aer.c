/*
 * test_aer.c - a PCI device's AER counters (host/aer.h) from the doctor's
 * fixture trees (tests/fixtures/doctor/): the TOTAL_ERR_* lines, the sum of
 * the lines where a file has none, missing files, and how much a counter
 * rose.
 */
#include "check.h"
#include "host/aer.h"

#include <stdio.h>
#include <stdlib.h>

#define FIX "tests/fixtures/doctor/"
#define BUS "0000:00:06.0"

static void test_read(void)
{
    struct aer_counts c;
    aer_read(FIX "healthy/sys", BUS, &c);
    CHECK("healthy: every counter at 0",
          c.known && c.correctable == 0 && c.nonfatal == 0 && c.fatal == 0, "%d %lld %lld %lld",
          c.known, c.correctable, c.nonfatal, c.fatal);
    aer_read(FIX "aer-since-boot/sys", BUS, &c);
    CHECK("since boot: TOTAL_ERR_COR 12", c.known && c.correctable == 12 && c.nonfatal == 0,
          "%lld %lld", c.correctable, c.nonfatal);
    aer_read("tests/fixtures/link-healthy", BUS, &c);
    CHECK("no aer_dev_* files: unknown",
          !c.known && c.correctable == -1 && c.nonfatal == -1 && c.fatal == -1, "%d %lld", c.known,
          c.correctable);
}

/* A file without a TOTAL_ERR_ line: the sum of its lines. */
static void test_sum(void)
{
    char dir[] = "/tmp/pinsweep-aer-XXXXXX", cmd[512], path[300];
    struct aer_counts c;
    if (!mkdtemp(dir)) {
        CHECK("a temporary folder", 0, "mkdtemp failed");
        return;
    }
    snprintf(cmd, sizeof(cmd), "mkdir -p '%s/bus/pci/devices/%s'", dir, BUS);
    int ok = system(cmd) == 0;
    snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/aer_dev_correctable", dir, BUS);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "RxErr 3\nBadTLP 4\nBadDLLP 0\n");
        fclose(f);
    }
    aer_read(dir, BUS, &c);
    CHECK("no TOTAL_ERR_COR line: the sum of the lines, 3 + 4",
          ok && f && c.known && c.correctable == 7 && c.nonfatal == -1, "%lld %lld", c.correctable,
          c.nonfatal);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: %s left behind\n", dir);
}

static void test_rise(void)
{
    CHECK("rise: 0 -> 12 is 12", aer_rise(0, 12) == 12, "%lld", aer_rise(0, 12));
    CHECK("rise: none", aer_rise(5, 5) == 0, "%lld", aer_rise(5, 5));
    CHECK("rise: a reset counter rose by what it reads", aer_rise(9, 2) == 2, "%lld",
          aer_rise(9, 2));
    CHECK("rise: unknown before or after", aer_rise(-1, 3) == -1 && aer_rise(3, -1) == -1,
          "%lld %lld", aer_rise(-1, 3), aer_rise(3, -1));
}

int main(void)
{
    test_read();
    test_sum();
    test_rise();
    return check_exit();
}
