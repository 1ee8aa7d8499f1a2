/*
 * test_iommu.c - the IOMMU state of a PCI device (host/iommu.h) from the
 * doctor's fixture trees (tests/fixtures/doctor/, from its make-fixtures.sh):
 * a group of type DMA-FQ translates, identity and no group do not, a group
 * without a type is unknown; and the IOMMU options of a command line.
 */
#include "check.h"
#include "host/iommu.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIX "tests/fixtures/doctor/"
#define BUS "0000:00:06.0"

static void test_groups(void)
{
    struct iommu_state s;
    iommu_read(FIX "iommu/sys", FIX "iommu/proc", BUS, &s);
    CHECK("DMA-FQ translates", s.translating == 1, "%d", s.translating);
    CHECK_STR("DMA-FQ: the group's number from its link", s.group, "7");
    CHECK_STR("DMA-FQ: the type", s.type, "DMA-FQ");
    CHECK_STR("DMA-FQ: why", s.why, "IOMMU group 7 is of type DMA-FQ: its DMA is translated");
    CHECK_STR("DMA-FQ: the command line's options", s.cmdline, "intel_iommu=on");
    iommu_read(FIX "iommu-identity/sys", FIX "iommu-identity/proc", BUS, &s);
    CHECK("identity does not translate", s.translating == 0, "%d", s.translating);
    CHECK_STR("identity: why", s.why,
              "IOMMU group 7 is of type identity (passthrough): its DMA is not translated");
    CHECK_STR("identity: the command line's options", s.cmdline, "intel_iommu=on iommu=pt");
    iommu_read(FIX "healthy/sys", FIX "healthy/proc", BUS, &s);
    CHECK("no group: not translated", s.translating == 0 && s.group[0] == '\0', "%d '%s'",
          s.translating, s.group);
    CHECK_STR("no group: the command line has no IOMMU options", s.cmdline, "");
    iommu_read("tests/fixtures/no-such-sysfs", "tests/fixtures/no-such-proc", BUS, &s);
    CHECK("no tree: no group, no options", s.translating == 0 && !s.cmdline[0], "%d",
          s.translating);
}

/* A group whose type cannot be read (a kernel before 5.11): unknown. */
static void test_untyped(void)
{
    char dir[] = "/tmp/pinsweep-iommu-XXXXXX", path[256];
    struct iommu_state s;
    if (!mkdtemp(dir)) {
        CHECK("a temporary folder", 0, "mkdtemp failed");
        return;
    }
    snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/iommu_group", dir, BUS);
    char cmd[512];
    snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", path);
    int made = system(cmd) == 0;
    iommu_read(dir, dir, BUS, &s);
    CHECK("a group without a type: unknown", made && s.translating == -1, "%d", s.translating);
    CHECK_STR("a group without a type: why", s.why,
              "IOMMU group ? has no readable type (kernels before 5.11 have none)");
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("note: %s left behind\n", dir);
}

static void test_cmdline(void)
{
    static const struct {
        const char *what, *line, *want;
    } cases[] = {
        {"none", "ro quiet", ""},
        {"two among others", "root=/dev/sda1 intel_iommu=on iommu=pt quiet",
         "intel_iommu=on iommu=pt"},
        {"AMD's, passthrough, a newline at the end", "amd_iommu=off iommu.passthrough=1\n",
         "amd_iommu=off iommu.passthrough=1"},
        {"an empty value, other options' names", "iommu= noiommu=1 xiommu=pt", ""},
        {"spaces around", "  iommu=soft   ", "iommu=soft"},
    };
    char got[256], name[160];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        iommu_cmdline_options(cases[i].line, got, sizeof(got));
        snprintf(name, sizeof(name), "command line's IOMMU options: %s", cases[i].what);
        CHECK_STR(name, got, cases[i].want);
    }
}

int main(void)
{
    test_groups();
    test_untyped();
    test_cmdline();
    return check_exit();
}
