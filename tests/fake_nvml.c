/*
 * fake_nvml.c - a stand-in libnvidia-ml for the tests (loaded through
 * PINSWEEP_NVML_LIB), so that the NVML path runs without a GPU.  The SM clock
 * reads 1980 MHz on the first call and, with FAKE_NVML_DROP set, 1410 MHz
 * after it: a clock drop during a run.
 */
#include <stdlib.h>

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
int nvmlDeviceGetHandleByPciBusId_v2(const char *bus, nvmlDevice_t *dev)
{
    (void)bus;
    *dev = (nvmlDevice_t)&calls;
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
