/*
 * nvml.h - the GPU's clocks, temperature and power, read through NVML.
 *
 * libnvidia-ml is loaded at run time with dlopen, so pinsweep builds where
 * there is no NVML header or library (the CPU build machines) and runs where
 * the driver has none; then the readings are simply unavailable, with the
 * reason.  PINSWEEP_NVML_LIB names another library file (the tests use it).
 */
#ifndef PINSWEEP_NVML_H
#define PINSWEEP_NVML_H

#include <stddef.h>

struct nvml_state {
    int valid; /* 0: see the reason given by nvml_open */
    unsigned sm_clock_mhz, mem_clock_mhz, max_sm_clock_mhz;
    unsigned temperature_c;
    double power_w;
    /* Machine state that moves numbers; each -1 where this NVML cannot tell. */
    int other_processes;        /* compute processes on the GPU besides this one */
    long long throttle_reasons; /* nvmlClocksEventReasons bits (nvml_throttle_text) */
    int persistence;            /* persistence mode: 1 on, 0 off */
};

/* The throttle bits that slow a GPU down (power or thermal caps, hardware slowdown). */
#define NVML_THROTTLE_SLOWING 0xECULL

/* reasons as "sw_power_cap,hw_thermal_slowdown" ("none" for 0; "unknown" for -1), into buf. */
char *nvml_throttle_text(long long reasons, char *buf, size_t n);

/* Load NVML and find the GPU at pci_bus_id.  Returns 0, or -1 with the reason in why. */
int nvml_open(const char *pci_bus_id, char *why, size_t whylen);

/* Read the GPU's state now; st->valid says whether it could. */
void nvml_read(struct nvml_state *st);

/*
 * The compute processes on the GPU other than this one: their number (-1
 * when NVML cannot say), the first max of their pids into pids.
 */
int nvml_other_pids(unsigned *pids, int max);

/*
 * The GPU's PCIe traffic now, GB/s (10^9 B/s): the busier of its two
 * directions as NVML's throughput counters report it (KB/s over a 20 ms
 * window, so a short burst may be missed).  -1 when NVML cannot say.
 */
double nvml_pcie_traffic_gbps(void);

/*
 * Did the SM clock fall by more than 5% between start and end?  (Both must
 * be valid.)  A drop means the GPU throttled or changed clocks mid-run.
 */
int nvml_clocks_dropped(const struct nvml_state *start, const struct nvml_state *end);

/* A GPU's NVLinks (NVML_NVLINK_MAX_LINKS at most): how many are active and their far ends. */
#define NVML_MAX_NVLINKS 18
struct nvml_nvlink {
    int known;                       /* 0: why says why */
    int active;                      /* active links; 0 also where the GPU has none */
    int npeers;                      /* distinct far ends */
    char peer[NVML_MAX_NVLINKS][32]; /* their PCI bus ids as sysfs names them: "0000:04:00.0" */
    char why[160];
};

/*
 * Read the NVLinks of the GPU at pci_bus_id (any GPU, once nvml_open
 * succeeded for one).  Returns 0, or -1 with nl->why said.
 */
int nvml_nvlink_read(const char *pci_bus_id, struct nvml_nvlink *nl);

void nvml_close(void);

/*
 * The GPU's PCIe replay counter (nvmlDeviceGetPcieReplayCounter): how
 * many times its link has resent packets that arrived bad, since the
 * driver loaded.  -1 when NVML is not open or cannot say.
 */
long long nvml_pcie_replays(void);

#endif
