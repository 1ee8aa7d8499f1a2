/*
 * aer.c - the AER error counters of a PCI device from sysfs (aer.h).
 */
#include "host/aer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The count in <dir>/<file>: its line starting "TOTAL_ERR_", else the sum
 * of its lines; -1 when it cannot be read.
 */
static long long read_total(const char *dir, const char *file)
{
    char path[4200], line[256], name[128];
    long long sum = 0, total = -1, v;
    int lines = 0;
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof(line), f))
        if (sscanf(line, "%127s %lld", name, &v) == 2 && v >= 0) {
            lines++;
            if (strncmp(name, "TOTAL_ERR_", 10) == 0)
                total = v;
            else
                sum += v;
        }
    fclose(f);
    return total >= 0 ? total : lines ? sum : -1;
}

void aer_read(const char *sysfs_root, const char *bus_id, struct aer_counts *c)
{
    char dir[4096];
    snprintf(dir, sizeof(dir), "%s/bus/pci/devices/%s", sysfs_root, bus_id);
    c->correctable = read_total(dir, "aer_dev_correctable");
    c->nonfatal = read_total(dir, "aer_dev_nonfatal");
    c->fatal = read_total(dir, "aer_dev_fatal");
    c->known = c->correctable >= 0 || c->nonfatal >= 0 || c->fatal >= 0;
}

long long aer_rise(long long before, long long after)
{
    if (before < 0 || after < 0)
        return -1;
    return after >= before ? after - before : after;
}
