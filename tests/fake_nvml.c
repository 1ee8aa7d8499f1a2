/*
 * fake_nvml.c - a stand-in libnvidia-ml for the tests (loaded through
 * PINSWEEP_NVML_LIB), so that the NVML path runs without a GPU.  The SM clock
 * reads 1980 MHz on the first call and, with FAKE_NVML_DROP set, 1410 MHz
 * after it: a clock drop during a run.  The PCIe replay counter reads 0 on
 * the first call and rises by FAKE_NVML_REPLAYS (default 0) at each call
 * after it: replays during a copy, between doctor's reads before and after.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *nvmlDevice_t;
static int calls;

int nvmlInit_v2(void)
{
    return 0;
}
int nvmlShutdown(void)
{
    return 0;
}
const char *nvmlErrorString(int r)
{
    return r ? "Fake error" : "Success";
}
/* A handle per bus id asked for (the NVLink calls tell GPUs apart; the others do not). */
static char handles[16][32];
int nvmlDeviceGetHandleByPciBusId_v2(const char *bus, nvmlDevice_t *dev)
{
    int i = 0;
    while (i < 15 && handles[i][0] && strcmp(handles[i], bus) != 0)
        i++;
    snprintf(handles[i], sizeof(handles[i]), "%s", bus);
    *dev = (nvmlDevice_t)handles[i];
    return 0;
}
int nvmlDeviceGetClockInfo(nvmlDevice_t dev, int type, unsigned *mhz)
{
    (void)dev;
    if (type == 1)
        *mhz = calls++ > 0 && getenv("FAKE_NVML_DROP") ? 1410 : 1980;
    else
        *mhz = 3201;
    return 0;
}
int nvmlDeviceGetMaxClockInfo(nvmlDevice_t dev, int type, unsigned *mhz)
{
    (void)dev;
    *mhz = type == 1 ? 1980 : 3201;
    return 0;
}
int nvmlDeviceGetTemperature(nvmlDevice_t dev, int sensor, unsigned *c)
{
    (void)dev;
    (void)sensor;
    *c = 41;
    return 0;
}
int nvmlDeviceGetPowerUsage(nvmlDevice_t dev, unsigned *mw)
{
    (void)dev;
    *mw = 123400;
    return 0;
}
/*
 * The machine state: FAKE_NVML_OTHERS other compute processes besides the
 * caller (with FAKE_NVML_OTHERS_FROM=K, only from the K-th query of them on:
 * a process that starts during a check), FAKE_NVML_THROTTLE's bits (a number) as the clocks' event
 * reasons, persistence mode off with FAKE_NVML_NO_PERSISTENCE.
 */
#include <string.h>
#include <unistd.h>
int nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t dev, unsigned *count, void *infos)
{
    static int queries; /* FAKE_NVML_OTHERS_FROM: the others appear at that query (1: the first) */
    const char *o = getenv("FAKE_NVML_OTHERS"), *from = getenv("FAKE_NVML_OTHERS_FROM");
    unsigned others = o ? (unsigned)atoi(o) : 0, n;
    (void)dev;
    if (from && ++queries < atoi(from))
        others = 0;
    n = others + 1;
    if (*count < n) {
        *count = n;
        return 7; /* NVML_ERROR_INSUFFICIENT_SIZE */
    }
    for (unsigned i = 0; i < n; i++) { /* nvmlProcessInfo_t: pid first, 24 bytes */
        unsigned pid = i == 0 ? (unsigned)getpid() : 100000 + i;
        memset((char *)infos + 24 * i, 0, 24);
        memcpy((char *)infos + 24 * i, &pid, sizeof(pid));
    }
    *count = n;
    return 0;
}
int nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t dev, unsigned long long *reasons)
{
    const char *t = getenv("FAKE_NVML_THROTTLE");
    (void)dev;
    *reasons = t ? strtoull(t, NULL, 0) : 0;
    return 0;
}
int nvmlDeviceGetPersistenceMode(nvmlDevice_t dev, int *mode)
{
    (void)dev;
    *mode = getenv("FAKE_NVML_NO_PERSISTENCE") ? 0 : 1;
    return 0;
}
/*
 * NVLink: FAKE_NVML_NVLINK lists "BUS=PEER*LINKS" (space-separated): the GPU
 * at BUS has LINKS active links to the device at PEER, given in NVML's form
 * ("00000000:1B:00.0"); links of a GPU not listed are not supported, as on
 * a PCIe-only GPU.
 */
static int nvlink_of(const char *bus, char *peer, int *links)
{
    const char *spec = getenv("FAKE_NVML_NVLINK");
    char b[32], p[32];
    int n, used;
    for (const char *s = spec; s && sscanf(s, " %31[^=]=%31[^*]*%d%n", b, p, &n, &used) == 3;
         s += used)
        if (strcmp(b, bus) == 0) {
            snprintf(peer, 32, "%s", p);
            *links = n;
            return 1;
        }
    return 0;
}
int nvmlDeviceGetNvLinkState(nvmlDevice_t dev, unsigned link, int *active)
{
    char peer[32];
    int links;
    if (!nvlink_of((const char *)dev, peer, &links))
        return 3; /* NVML_ERROR_NOT_SUPPORTED */
    if (link >= 18)
        return 2; /* NVML_ERROR_INVALID_ARGUMENT */
    *active = (int)link < links;
    return 0;
}
struct pci_info {
    char legacy[16];
    unsigned domain, bus, device, id, subsystem;
    char bus_id[32];
};
int nvmlDeviceGetNvLinkRemotePciInfo_v2(nvmlDevice_t dev, unsigned link, struct pci_info *pci)
{
    char peer[32];
    int links;
    if (!nvlink_of((const char *)dev, peer, &links) || (int)link >= links)
        return 3;
    memset(pci, 0, sizeof(*pci));
    snprintf(pci->bus_id, sizeof(pci->bus_id), "%s", peer);
    return 0;
}
/* PCIe throughput, KB/s: FAKE_NVML_PCIE_KBPS in both directions (0 unset). */
int nvmlDeviceGetPcieThroughput(nvmlDevice_t dev, int counter, unsigned *kbps)
{
    const char *v = getenv("FAKE_NVML_PCIE_KBPS");
    (void)dev;
    (void)counter;
    *kbps = v ? (unsigned)strtoul(v, NULL, 10) : 0;
    return 0;
}
/* The PCIe replay counter: FAKE_NVML_REPLAYS more at each read. */
int nvmlDeviceGetPcieReplayCounter(nvmlDevice_t dev, unsigned *count)
{
    static unsigned replays;
    const char *r = getenv("FAKE_NVML_REPLAYS");
    (void)dev;
    *count = replays;
    replays += r ? (unsigned)atoi(r) : 0;
    return 0;
}
