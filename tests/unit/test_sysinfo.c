/*
 * test_sysinfo.c - PCIe link ceilings, reading the link from a fake sysfs
 * tree, and the payload and read request sizes from config space.
 */
#include "check.h"
#include "host/sysinfo.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_ceilings(void)
{
    static const struct {
        int gen, width;
        double gbps;
    } cases[] = {
        /* Gen 6 runs in FLIT mode, without a line code: 64 x 16 / 8 = 128 */
        {1, 1, 0.25},       {2, 8, 4.0},    {3, 16, 15.753846}, {4, 16, 31.507692},
        {5, 16, 63.015385}, {6, 16, 128.0}, {4, 8, 15.753846},  {3, 4, 3.938462},
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

/*
 * A config space of len bytes: the capability list bit, the list from 0x40
 * (power management) to the PCI Express capability at 0x60 with Device
 * Capabilities devcap and Device Control devctl (little-endian).
 */
static void make_config(unsigned char *cfg, size_t len, unsigned devcap, unsigned devctl)
{
    memset(cfg, 0, len);
    cfg[0] = 0xde, cfg[1] = 0x10; /* vendor: NVIDIA */
    cfg[0x06] = 0x10;             /* Status: capability list */
    cfg[0x34] = 0x40;             /* first capability */
    if (len < 0x6a)
        return;
    cfg[0x40] = 0x01, cfg[0x41] = 0x60; /* power management, then 0x60 */
    cfg[0x60] = 0x10, cfg[0x61] = 0x00; /* PCI Express, the last */
    for (int i = 0; i < 4; i++)
        cfg[0x64 + i] = (unsigned char)(devcap >> (8 * i));
    cfg[0x68] = (unsigned char)devctl, cfg[0x69] = (unsigned char)(devctl >> 8);
}

/*
 * The payload and read request size fields and relaxed ordering as lspci
 * shows them (DevCtl: RlxdOrd, MaxPayload, MaxReadReq): every encoding,
 * and the registers' other bits.
 */
static void test_mps(void)
{
    static const struct {
        unsigned devcap, devctl;
        int mps, supported, mrrs, relaxed;
    } cases[] = {
        {0x00000000, 0x0000, 128, 128, 128, 0},    {0x10008fa1, 0x2930, 256, 256, 512, 1},
        {0x10008fa2, 0x2930, 256, 512, 512, 1},    {0x00000003, 0x5f7f, 1024, 1024, 4096, 1},
        {0x00000005, 0x0080, 2048, 4096, 128, 0},  {0xfffffff8 | 4, 0x0040, 512, 2048, 128, 0},
        {0x00000005, 0xdfbf, 4096, 4096, 4096, 1}, {0x00000001, 0x3020, 256, 256, 1024, 0},
        {0x112c8021, 0x5134, 256, 256, 4096, 1}, /* the H200's, read as root in its KVM guest */
    };
    unsigned char cfg[256];
    struct pcie_link l;
    char name[128];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        make_config(cfg, sizeof(cfg), cases[i].devcap, cases[i].devctl);
        sysinfo_pcie_config(cfg, sizeof(cfg), &l);
        snprintf(name, sizeof(name),
                 "DevCtl 0x%04x, DevCap 0x%08x: MPS %d of %d B, MRRS %d B, relaxed ordering %d",
                 cases[i].devctl, cases[i].devcap, cases[i].mps, cases[i].supported, cases[i].mrrs,
                 cases[i].relaxed);
        CHECK(name,
              l.mps_bytes == cases[i].mps && l.mps_supported_bytes == cases[i].supported &&
                  l.mrrs_bytes == cases[i].mrrs && l.relaxed_ordering == cases[i].relaxed,
              "got %d of %d, %d, %d ('%s')", l.mps_bytes, l.mps_supported_bytes, l.mrrs_bytes,
              l.relaxed_ordering, l.mps_why);
    }
    static const struct {
        const char *name;
        size_t len;
        int edit; /* 0 none, 1 no capability list, 2 a loop, 3 and 5 reserved values, 4 no PCIe */
        const char *why;
    } unread[] = {
        {"MPS: 64 bytes of config space (not root)", 64, 0,
         "config space past its first 64 bytes is readable only by root"},
        {"MPS: config space cut inside the capability", 0x66, 0, "its config space is cut short"},
        {"MPS: no config space", 0, 0, "its config space could not be read"},
        {"MPS: no capability list", 256, 1, "the device lists no capabilities"},
        {"MPS: a capability list that loops", 256, 2, "the device has no PCI Express capability"},
        {"MPS: a reserved payload size", 256, 3,
         "its payload or read request size fields hold reserved values"},
        {"MPS: a conventional PCI device", 256, 4, "the device has no PCI Express capability"},
        {"MPS: a reserved read request size", 256, 5,
         "its payload or read request size fields hold reserved values"},
    };
    for (size_t i = 0; i < sizeof(unread) / sizeof(unread[0]); i++) {
        make_config(cfg, sizeof(cfg), 0x10008fa2, 0x2930);
        if (unread[i].edit == 1)
            cfg[0x06] = 0;
        else if (unread[i].edit == 2)
            cfg[0x41] = 0x40;
        else if (unread[i].edit == 3)
            cfg[0x68] = 0xc0; /* 6 << 5 */
        else if (unread[i].edit == 4)
            cfg[0x41] = 0;
        else if (unread[i].edit == 5)
            cfg[0x69] = 0x60; /* 6 << 12 */
        sysinfo_pcie_config(cfg, unread[i].len, &l);
        CHECK(unread[i].name,
              l.mps_bytes == 0 && l.mrrs_bytes == 0 && l.relaxed_ordering == -1 &&
                  strcmp(l.mps_why, unread[i].why) == 0,
              "got %d B, %d B, %d, why '%s', want 0, 0, -1 and '%s'", l.mps_bytes, l.mrrs_bytes,
              l.relaxed_ordering, l.mps_why, unread[i].why);
    }
}

/*
 * The first 128 bytes of the H200's config space as read as root (2026-12-02): capabilities
 * from 0x40 (power management) to 0x48 (MSI) to 0x60 (PCI Express); DevCap 0x112c8021,
 * DevCtl 0x5134 (RlxdOrd+, MaxPayload 256 bytes, MaxReadReq 4096 bytes).
 */
static const unsigned char h200_config[128] = {
    0xde, 0x10, 0x35, 0x23, 0x46, 0x05, 0x10, 0x00, 0xa1, 0x00, 0x02, 0x03, 0x00, 0x00, 0x00, 0x00,
    0x0c, 0x00, 0x00, 0x02, 0x40, 0x10, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00,
    0x0c, 0x00, 0x00, 0x00, 0x40, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xde, 0x10, 0xbf, 0x18,
    0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0x01, 0x00, 0x00,
    0x01, 0x48, 0x13, 0x00, 0x08, 0x00, 0x00, 0x00, 0x05, 0x60, 0x88, 0x03, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x10, 0xb0, 0x02, 0x00, 0x21, 0x80, 0x2c, 0x11, 0x34, 0x51, 0x00, 0x00, 0x05, 0x79, 0x45, 0x00,
    0x00, 0x00, 0x05, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

/* The H200's own bytes: three capabilities walked; as a user other than root, its first 64. */
static void test_h200_config(void)
{
    struct pcie_link l;
    sysinfo_pcie_config(h200_config, sizeof(h200_config), &l);
    CHECK("the H200's config space: MPS 256 of 256 B, MRRS 4096 B, relaxed ordering on",
          l.mps_bytes == 256 && l.mps_supported_bytes == 256 && l.mrrs_bytes == 4096 &&
              l.relaxed_ordering == 1 && l.mps_why[0] == '\0',
          "got %d of %d, %d, %d ('%s')", l.mps_bytes, l.mps_supported_bytes, l.mrrs_bytes,
          l.relaxed_ordering, l.mps_why);
    sysinfo_pcie_config(h200_config, 64, &l);
    CHECK("the H200's config space as a user reads it: unread, and why",
          l.mps_bytes == 0 && l.mrrs_bytes == 0 && l.relaxed_ordering == -1 &&
              strcmp(l.mps_why, "config space past its first 64 bytes is readable only by root") ==
                  0,
          "got %d, %d, %d ('%s')", l.mps_bytes, l.mrrs_bytes, l.relaxed_ordering, l.mps_why);
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
    CHECK_STR("the link alone leaves the payload size unread", l.mps_why, "not read");
    sysinfo_pcie_payload(root, "0000:01:00.0", &l);
    CHECK_STR("no config file: the payload size unread, and why", l.mps_why,
              "its config space could not be read");

    unsigned char cfg[256];
    char path[512];
    make_config(cfg, sizeof(cfg), 0x10008fa2, 0x2930);
    snprintf(path, sizeof(path), "%s/config", dev);
    FILE *f = fopen(path, "wb");
    size_t wrote = f ? fwrite(cfg, 1, sizeof(cfg), f) : 0;
    if (f)
        fclose(f);
    sysinfo_pcie_link(root, "0000:01:00.0", &l);
    CHECK("polling the link reads no config space",
          l.mps_bytes == 0 && l.mrrs_bytes == 0 && l.relaxed_ordering == -1, "read %d, %d, %d",
          l.mps_bytes, l.mrrs_bytes, l.relaxed_ordering);
    sysinfo_pcie_payload(root, "0000:01:00.0", &l);
    CHECK("the payload size read from the config file",
          wrote == sizeof(cfg) && l.mps_bytes == 256 && l.mps_supported_bytes == 512 &&
              l.mrrs_bytes == 512 && l.mps_why[0] == '\0' && l.known && l.cur_gen == 3,
          "got %d of %d ('%s')", l.mps_bytes, l.mps_supported_bytes, l.mps_why);

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
    test_mps();
    test_h200_config();
    test_sysfs();
    return check_exit();
}
