/*
 * nvml.c - a few NVML calls through dlopen/dlsym (see nvml.h).
 *
 * The types and constants below are NVML's ABI (nvml.h), declared here
 * because the build machines have no nvml.h.
 */
#include "engine/nvml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int nvml_return;
typedef void *nvml_device;
enum { NVML_SUCCESS = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_TEMPERATURE_GPU = 0 };

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
} nv;

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
    if ((missing = bind()) != NULL) {
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
}

int nvml_clocks_dropped(const struct nvml_state *start, const struct nvml_state *end)
{
    return start->valid && end->valid && end->sm_clock_mhz < 0.95 * start->sm_clock_mhz;
}

void nvml_close(void)
{
    if (!nv.lib)
        return;
    nv.shutdown();
    dlclose(nv.lib);
    memset(&nv, 0, sizeof(nv));
}
