/*
 * test_sysinfo.c - PCIe link ceilings and reading the link from a fake sysfs tree.
 */
#include "check.h"
#include "host/sysinfo.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_ceilings(void)
{
    static const struct {
        int gen, width;
        double gbps;
    } cases[] = {
        {1, 1, 0.25},       {2, 8, 4.0},         {3, 16, 15.753846}, {4, 16, 31.507692},
        {5, 16, 63.015385}, {6, 16, 126.030769}, {4, 8, 15.753846},  {3, 4, 3.938462},
    };
    char name[64];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(name, sizeof(name), "ceiling Gen%d x%d", cases[i].gen, cases[i].width);
        CHECK_NEAR(name, sysinfo_link_gbps(cases[i].gen, cases[i].width), cases[i].gbps, 1e-6);
    }
    CHECK("the issue's figures: Gen3/4/5 x16 = 15.75 / 31.5 / 63.0",
          fabs(sysinfo_link_gbps(3, 16) - 15.75) < 0.005 &&
              fabs(sysinfo_link_gbps(4, 16) - 31.5) < 0.01 &&
              fabs(sysinfo_link_gbps(5, 16) - 63.0) < 0.02,
          "%g %g %g", sysinfo_link_gbps(3, 16), sysinfo_link_gbps(4, 16), sysinfo_link_gbps(5, 16));
    CHECK("unknown generation gives NaN", isnan(sysinfo_link_gbps(0, 16)), "not NaN");
    CHECK("width 0 gives NaN", isnan(sysinfo_link_gbps(5, 0)), "not NaN");
    CHECK("generation 7 is unknown", isnan(sysinfo_link_gbps(7, 16)), "not NaN");
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void test_sysfs(void)
{
    char root[] = "/tmp/pinsweep-sysfs-XXXXXX", dev[256], cmd[300];
    struct pcie_link l;
    if (!mkdtemp(root)) {
        CHECK("temporary sysfs", 0, "mkdtemp failed");
        return;
    }
    snprintf(dev, sizeof(dev), "%s/bus/pci/devices/0000:01:00.0", root);
    snprintf(cmd, sizeof(cmd), "mkdir -p '%s'", dev);
    if (system(cmd) != 0) {
        CHECK("temporary sysfs", 0, "'%s' failed", cmd);
        return;
    }
    write_file(dev, "current_link_speed", "8.0 GT/s PCIe\n");
    write_file(dev, "current_link_width", "16\n");
    write_file(dev, "max_link_speed", "16.0 GT/s PCIe\n");
    write_file(dev, "max_link_width", "16\n");
    sysinfo_pcie_link(root, "0000:01:00.0", &l);
    CHECK("Gen3 x16 link read", l.known && l.cur_gen == 3 && l.cur_width == 16,
          "known %d gen %d "
          "width %d",
          l.known, l.cur_gen, l.cur_width);
    CHECK("max link read separately", l.max_gen == 4 && l.max_width == 16, "gen %d width %d",
          l.max_gen, l.max_width);
    CHECK_STR("speed text kept", l.cur_speed, "8.0 GT/s PCIe");

    write_file(dev, "current_link_speed", "Unknown\n");
    write_file(dev, "current_link_width", "0\n");
    sysinfo_pcie_link(root, "0000:01:00.0", &l);
    CHECK("a hidden link is unknown, not guessed", !l.known && l.cur_gen == 0, "known %d gen %d",
          l.known, l.cur_gen);
    sysinfo_pcie_link(root, "0000:02:00.0", &l);
    CHECK("a missing device is unknown", !l.known, "known");
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    CHECK("temporary sysfs removed", system(cmd) == 0, "'%s' failed", cmd);
}

int main(void)
{
    test_ceilings();
    test_sysfs();
    return check_exit();
}
