/*
 * test_topology.c - GPUs' PCIe paths read from a fake sysfs tree, and what
 * each pair shares: a switch, a root port, a host bridge or nothing.
 */
#include "check.h"
#include "host/topology.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root[] = "/tmp/pinsweep-test-topology-XXXXXX";

/* Make SYSFS/devices/PATH (PATH ends in the device) and SYSFS/bus/pci/devices/ID linking to it,
   relatively, as the kernel does. */
static int add_device(const char *path)
{
    char cmd[2048];
    const char *id = strrchr(path, '/') + 1;
    snprintf(cmd, sizeof(cmd),
             "mkdir -p '%s/devices/%s' '%s/bus/pci/devices' && "
             "ln -s '../../../devices/%s' '%s/bus/pci/devices/%s'",
             root, path, root, path, root, id);
    return system(cmd);
}

static const char *const devices[] = {
    /* two GPUs behind one switch (upstream port 0000:01:00.0) under root port 00:01.0 */
    "pci0000:00/0000:00:01.0/0000:01:00.0/0000:02:00.0/0000:03:00.0",
    "pci0000:00/0000:00:01.0/0000:01:00.0/0000:02:01.0/0000:04:00.0",
    /* one on another root port of the same root complex */
    "pci0000:00/0000:00:03.0/0000:06:00.0",
    /* one on another root complex (another socket) */
    "pci0000:40/0000:40:01.0/0000:41:00.0",
    /* two functions of one device: one root port, no switch */
    "pci0000:00/0000:00:05.0/0000:08:00.0",
    "pci0000:00/0000:00:05.0/0000:08:00.1",
    /* a KVM guest's: on the host bridge itself */
    "pci0000:00/0000:00:06.0",
    "pci0000:00/0000:00:07.0",
};

static void test_paths(void)
{
    struct pcie_path p;
    char text[512];
    CHECK("a GPU behind a switch: its path from the host bridge",
          topology_pcie_path(root, "0000:03:00.0", &p) == 0 && p.n == 5 &&
              strcmp(topology_path_text(&p, text, sizeof(text)),
                     "pci0000:00 > 0000:00:01.0 > 0000:01:00.0 > 0000:02:00.0 > 0000:03:00.0") == 0,
          "n %d: %s", p.n, topology_path_text(&p, text, sizeof(text)));
    CHECK("a KVM guest's GPU: the host bridge and itself",
          topology_pcie_path(root, "0000:00:06.0", &p) == 0 && p.n == 2, "n %d", p.n);
    CHECK("a device sysfs does not have: -1, no parts, \"unknown\"",
          topology_pcie_path(root, "0000:99:00.0", &p) == -1 && p.n == 0 &&
              strcmp(topology_path_text(&p, text, sizeof(text)), "unknown") == 0,
          "n %d", p.n);
}

static void test_shared(void)
{
    static const struct {
        const char *a, *b, *want;
    } cases[] = {
        {"0000:03:00.0", "0000:04:00.0", "PCIe switch port 0000:01:00.0"},
        {"0000:04:00.0", "0000:03:00.0", "PCIe switch port 0000:01:00.0"},
        {"0000:03:00.0", "0000:06:00.0", "host bridge pci0000:00"},
        {"0000:03:00.0", "0000:41:00.0", "nothing (separate root complexes)"},
        {"0000:08:00.0", "0000:08:00.1", "root port 0000:00:05.0"},
        {"0000:00:06.0", "0000:00:07.0", "host bridge pci0000:00"},
        {"0000:00:06.0", "0000:03:00.0", "host bridge pci0000:00"},
        {"0000:03:00.0", "0000:99:00.0", "unknown (no sysfs path)"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct pcie_path a, b;
        const char *where;
        char name[128], text[128];
        topology_pcie_path(root, cases[i].a, &a);
        topology_pcie_path(root, cases[i].b, &b);
        enum topo_share s = topology_shared(&a, &b, &where);
        snprintf(name, sizeof(name), "%s and %s share %s", cases[i].a, cases[i].b, cases[i].want);
        CHECK_STR(name, topology_share_text(s, where, text, sizeof(text)), cases[i].want);
    }
}

int main(void)
{
    if (!mkdtemp(root)) {
        perror("mkdtemp");
        return 1;
    }
    int made = 0;
    for (size_t i = 0; i < sizeof(devices) / sizeof(devices[0]); i++)
        made += add_device(devices[i]) == 0;
    CHECK("the fake sysfs tree is made", made == (int)(sizeof(devices) / sizeof(devices[0])),
          "%d made", made);
    test_paths();
    test_shared();
    char cmd[256];
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    if (system(cmd) != 0)
        fprintf(stderr, "cannot remove %s\n", root);
    return check_exit();
}
