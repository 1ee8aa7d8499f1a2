/*
 * nvml.c - a few NVML calls through dlopen/dlsym (see nvml.h).
 *
 * The types and constants below are NVML's ABI (nvml.h), declared here
 * because the build machines have no nvml.h.
 */
#include "engine/nvml.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef int nvml_return;
typedef void *nvml_device;
enum { NVML_SUCCESS = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_TEMPERATURE_GPU = 0 };
enum { NVML_ERROR_NOT_SUPPORTED = 3, NVML_FEATURE_ENABLED = 1 };

/* nvmlPciInfo_t: busIdLegacy[16], domain, bus, device, pciDeviceId, pciSubSystemId, busId[32]. */
struct nvml_pci_info {
    char bus_id_legacy[16];
    unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
    char bus_id[32];
};

static struct {
    void *lib;
    nvml_device dev;
    nvml_return (*init)(void);
    nvml_return (*shutdown)(void);
    const char *(*error_string)(nvml_return);
    nvml_return (*by_bus_id)(const char *, nvml_device *);
    nvml_return (*clock)(nvml_device, int, unsigned *);
    nvml_return (*max_clock)(nvml_device, int, unsigned *);
    nvml_return (*temperature)(nvml_device, int, unsigned *);
    nvml_return (*power)(nvml_device, unsigned *);
    /* optional: left NULL where the library lacks them */
    nvml_return (*processes)(nvml_device, unsigned *, void *);
    nvml_return (*reasons)(nvml_device, unsigned long long *);
    nvml_return (*persistence)(nvml_device, int *);
    nvml_return (*nvlink_state)(nvml_device, unsigned, int *);
    nvml_return (*nvlink_remote)(nvml_device, unsigned, struct nvml_pci_info *);
    nvml_return (*pcie_throughput)(nvml_device, int, unsigned *);
    nvml_return (*pcie_replays)(nvml_device, unsigned *);
} nv;

/* Optional symbols, in order of preference for each field. */
static void bind_optional(void)
{
    static const struct {
        const char *name;
        size_t offset;
    } syms[] = {
        {"nvmlDeviceGetComputeRunningProcesses_v3", offsetof(__typeof__(nv), processes)},
        {"nvmlDeviceGetComputeRunningProcesses_v2", offsetof(__typeof__(nv), processes)},
        {"nvmlDeviceGetCurrentClocksEventReasons", offsetof(__typeof__(nv), reasons)},
        {"nvmlDeviceGetCurrentClocksThrottleReasons", offsetof(__typeof__(nv), reasons)},
        {"nvmlDeviceGetPersistenceMode", offsetof(__typeof__(nv), persistence)},
        {"nvmlDeviceGetNvLinkState", offsetof(__typeof__(nv), nvlink_state)},
        {"nvmlDeviceGetNvLinkRemotePciInfo_v2", offsetof(__typeof__(nv), nvlink_remote)},
        {"nvmlDeviceGetPcieThroughput", offsetof(__typeof__(nv), pcie_throughput)},
        {"nvmlDeviceGetPcieReplayCounter", offsetof(__typeof__(nv), pcie_replays)},
    };
    for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
        void *have;
        memcpy(&have, (char *)&nv + syms[i].offset, sizeof(have));
        void *p = have ? NULL : dlsym(nv.lib, syms[i].name);
        if (p)
            memcpy((char *)&nv + syms[i].offset, &p, sizeof(p));
    }
}

/*
 * nvmlProcessInfo_t (v2 and v3 of the call): pid, usedGpuMemory,
 * gpuInstanceId, computeInstanceId: 24 bytes, pid first.
 */
#define NVML_PROCESS_INFO_BYTES 24
#define NVML_MAX_PROCESSES 64

int nvml_other_pids(unsigned *pids, int max)
{
    unsigned char info[NVML_MAX_PROCESSES * NVML_PROCESS_INFO_BYTES];
    unsigned n = NVML_MAX_PROCESSES, self = (unsigned)getpid();
    if (!nv.processes || nv.processes(nv.dev, &n, info) != NVML_SUCCESS)
        return -1;
    int others = 0;
    for (unsigned i = 0; i < n && i < NVML_MAX_PROCESSES; i++) {
        unsigned pid;
        memcpy(&pid, info + (size_t)i * NVML_PROCESS_INFO_BYTES, sizeof(pid));
        if (pid == self)
            continue;
        if (others < max)
            pids[others] = pid;
        others++;
    }
    return others;
}

/* Compute processes on the GPU other than this one, or -1 when NVML cannot say. */
static int other_processes(void)
{
    return nvml_other_pids(NULL, 0);
}

char *nvml_throttle_text(long long reasons, char *buf, size_t n)
{
    static const char *const names[] = {"gpu_idle",
                                        "applications_clocks_setting",
                                        "sw_power_cap",
                                        "hw_slowdown",
                                        "sync_boost",
                                        "sw_thermal_slowdown",
                                        "hw_thermal_slowdown",
                                        "hw_power_brake_slowdown",
                                        "display_clock_setting"};
    size_t len = 0;
    buf[0] = '\0';
    if (reasons < 0)
        snprintf(buf, n, "unknown");
    else if (reasons == 0)
        snprintf(buf, n, "none");
    for (int b = 0; reasons > 0 && b < 9 && len < n; b++)
        if (reasons & (1LL << b))
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "", names[b]);
    return buf;
}

/* Look every symbol up; returns the name of the first one missing, or NULL. */
static const char *bind(void)
{
    static const struct {
        const char *name;
        size_t offset;
    } syms[] = {
        {"nvmlInit_v2", offsetof(__typeof__(nv), init)},
        {"nvmlShutdown", offsetof(__typeof__(nv), shutdown)},
        {"nvmlErrorString", offsetof(__typeof__(nv), error_string)},
        {"nvmlDeviceGetHandleByPciBusId_v2", offsetof(__typeof__(nv), by_bus_id)},
        {"nvmlDeviceGetClockInfo", offsetof(__typeof__(nv), clock)},
        {"nvmlDeviceGetMaxClockInfo", offsetof(__typeof__(nv), max_clock)},
        {"nvmlDeviceGetTemperature", offsetof(__typeof__(nv), temperature)},
        {"nvmlDeviceGetPowerUsage", offsetof(__typeof__(nv), power)},
    };
    for (size_t i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
        void *p = dlsym(nv.lib, syms[i].name);
        if (!p)
            return syms[i].name;
        memcpy((char *)&nv + syms[i].offset, &p, sizeof(p));
    }
    return NULL;
}

int nvml_open(const char *pci_bus_id, char *why, size_t whylen)
{
    const char *name = getenv("PINSWEEP_NVML_LIB");
    const char *missing;
    nvml_return r;
    if (!name || !*name)
        name = "libnvidia-ml.so.1";
    nv.lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!nv.lib) {
        snprintf(why, whylen, "cannot load %s: %s", name, dlerror());
        return -1;
    }
    if ((missing = bind()) == NULL)
        bind_optional();
    if (missing) {
        snprintf(why, whylen, "%s has no %s", name, missing);
        goto fail;
    }
    if ((r = nv.init()) != NVML_SUCCESS) {
        snprintf(why, whylen, "nvmlInit_v2: %s", nv.error_string(r));
        goto fail;
    }
    if ((r = nv.by_bus_id(pci_bus_id, &nv.dev)) != NVML_SUCCESS) {
        snprintf(why, whylen, "nvmlDeviceGetHandleByPciBusId_v2(%s): %s", pci_bus_id,
                 nv.error_string(r));
        nv.shutdown();
        goto fail;
    }
    return 0;
fail:
    dlclose(nv.lib);
    memset(&nv, 0, sizeof(nv));
    return -1;
}

void nvml_read(struct nvml_state *st)
{
    unsigned mw = 0;
    memset(st, 0, sizeof(*st));
    if (!nv.lib)
        return;
    st->valid = nv.clock(nv.dev, NVML_CLOCK_SM, &st->sm_clock_mhz) == NVML_SUCCESS &&
                nv.clock(nv.dev, NVML_CLOCK_MEM, &st->mem_clock_mhz) == NVML_SUCCESS &&
                nv.max_clock(nv.dev, NVML_CLOCK_SM, &st->max_sm_clock_mhz) == NVML_SUCCESS;
    /* Temperature and power are extras: a GPU that hides them still reports clocks. */
    if (nv.temperature(nv.dev, NVML_TEMPERATURE_GPU, &st->temperature_c) != NVML_SUCCESS)
        st->temperature_c = 0;
    st->power_w = nv.power(nv.dev, &mw) == NVML_SUCCESS ? mw / 1000.0 : 0.0;
    unsigned long long reasons;
    int mode;
    st->other_processes = other_processes();
    st->throttle_reasons =
        nv.reasons && nv.reasons(nv.dev, &reasons) == NVML_SUCCESS ? (long long)reasons : -1;
    st->persistence =
        nv.persistence && nv.persistence(nv.dev, &mode) == NVML_SUCCESS ? mode != 0 : -1;
}

/* nvmlPcieUtilCounter_t: NVML_PCIE_UTIL_TX_BYTES 0, NVML_PCIE_UTIL_RX_BYTES 1. */
enum { NVML_PCIE_TX = 0, NVML_PCIE_RX = 1 };

double nvml_pcie_traffic_gbps(void)
{
    unsigned tx_kbps, rx_kbps; /* NVML's unit: KB/s, over a 20 ms window */
    if (!nv.lib || !nv.pcie_throughput || nv.pcie_throughput(nv.dev, NVML_PCIE_TX, &tx_kbps) ||
        nv.pcie_throughput(nv.dev, NVML_PCIE_RX, &rx_kbps))
        return -1;
    return (tx_kbps > rx_kbps ? tx_kbps : rx_kbps) * 1e3 / 1e9;
}

int nvml_clocks_dropped(const struct nvml_state *start, const struct nvml_state *end)
{
    return start->valid && end->valid && end->sm_clock_mhz < 0.95 * start->sm_clock_mhz;
}

/* NVML's bus id ("00000000:1B:00.0") as sysfs names it ("0000:1b:00.0"), into out. */
static void sysfs_bus_id(const char *nvml_id, char *out, size_t n)
{
    const char *colon = strchr(nvml_id, ':');
    const char *from = colon && colon - nvml_id > 4 ? colon - 4 : nvml_id; /* 4-digit domain */
    size_t i = 0;
    for (; from[i] && i + 1 < n; i++)
        out[i] = (char)tolower((unsigned char)from[i]);
    out[i] = '\0';
}

int nvml_nvlink_read(const char *pci_bus_id, struct nvml_nvlink *nl)
{
    nvml_device d;
    nvml_return r;
    memset(nl, 0, sizeof(*nl));
    if (!nv.lib) {
        snprintf(nl->why, sizeof(nl->why), "NVML is not loaded");
        return -1;
    }
    if (!nv.nvlink_state || !nv.nvlink_remote) {
        snprintf(nl->why, sizeof(nl->why), "this NVML has no nvmlDeviceGetNvLinkState");
        return -1;
    }
    if ((r = nv.by_bus_id(pci_bus_id, &d)) != NVML_SUCCESS) {
        snprintf(nl->why, sizeof(nl->why), "nvmlDeviceGetHandleByPciBusId_v2(%s): %s", pci_bus_id,
                 nv.error_string(r));
        return -1;
    }
    for (unsigned link = 0; link < NVML_MAX_NVLINKS; link++) {
        int on = 0;
        struct nvml_pci_info pci;
        char peer[32];
        /* past the GPU's last link, or a GPU without NVLink: NOT_SUPPORTED or INVALID_ARGUMENT */
        if (nv.nvlink_state(d, link, &on) != NVML_SUCCESS)
            break;
        if (on != NVML_FEATURE_ENABLED)
            continue;
        nl->active++;
        memset(&pci, 0, sizeof(pci));
        if (nv.nvlink_remote(d, link, &pci) != NVML_SUCCESS)
            continue;
        sysfs_bus_id(pci.bus_id, peer, sizeof(peer));
        int seen = 0;
        for (int i = 0; i < nl->npeers; i++)
            seen |= strcmp(nl->peer[i], peer) == 0;
        if (!seen)
            snprintf(nl->peer[nl->npeers++], sizeof(nl->peer[0]), "%s", peer);
    }
    nl->known = 1;
    return 0;
}

void nvml_close(void)
{
    if (!nv.lib)
        return;
    nv.shutdown();
    dlclose(nv.lib);
    memset(&nv, 0, sizeof(nv));
}

long long nvml_pcie_replays(void)
{
    unsigned count;
    if (!nv.lib || !nv.pcie_replays || nv.pcie_replays(nv.dev, &count) != NVML_SUCCESS)
        return -1;
    return count;
}
