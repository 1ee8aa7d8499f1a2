/*
 * iommu.c - the IOMMU group's type and the command line's IOMMU options (iommu.h).
 */
#include "host/iommu.h"
#include "base/fileio.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void iommu_cmdline_options(const char *cmdline, char *out, size_t n)
{
    static const char *const prefixes[] = {"iommu=", "iommu.", "intel_iommu=", "amd_iommu="};
    size_t len = 0;
    out[0] = '\0';
    for (const char *p = cmdline; *p;) {
        size_t tok = strcspn(p, " \t\n");
        for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]) && len < n; i++)
            if (tok > strlen(prefixes[i]) && strncmp(p, prefixes[i], strlen(prefixes[i])) == 0) {
                len += (size_t)snprintf(out + len, n - len, "%s%.*s", len ? " " : "", (int)tok, p);
                break;
            }
        p += tok;
        p += strspn(p, " \t\n");
    }
}

/* The group's number from the iommu_group link at path ("" when it is not one). */
static void group_number(const char *path, char *out, size_t n)
{
    char target[4096];
    ssize_t got = readlink(path, target, sizeof(target) - 1);
    out[0] = '\0';
    if (got <= 0)
        return;
    target[got] = '\0';
    const char *slash = strrchr(target, '/');
    snprintf(out, n, "%.15s", slash ? slash + 1 : target);
}

void iommu_read(const char *sysfs_root, const char *procfs_root, const char *bus_id,
                struct iommu_state *s)
{
    char path[4200], line[4096];
    struct stat st;
    memset(s, 0, sizeof(*s));
    snprintf(path, sizeof(path), "%s/cmdline", procfs_root);
    if (fileio_first_line(NULL, path, line, sizeof(line)) == 0)
        iommu_cmdline_options(line, s->cmdline, sizeof(s->cmdline));
    snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/iommu_group", sysfs_root, bus_id);
    if (stat(path, &st) < 0) {
        s->translating = 0;
        snprintf(s->why, sizeof(s->why),
                 "the device has no IOMMU group: no IOMMU translates its DMA (none, or off)");
        return;
    }
    group_number(path, s->group, sizeof(s->group));
    if (!s->group[0])
        snprintf(s->group, sizeof(s->group), "?");
    snprintf(path, sizeof(path), "%s/bus/pci/devices/%s/iommu_group/type", sysfs_root, bus_id);
    if (fileio_first_line(NULL, path, s->type, sizeof(s->type)) < 0) {
        s->translating = -1;
        snprintf(s->why, sizeof(s->why),
                 "IOMMU group %s has no readable type (kernels before 5.11 have none)", s->group);
    } else if (strcmp(s->type, "DMA") == 0 || strcmp(s->type, "DMA-FQ") == 0) {
        s->translating = 1;
        snprintf(s->why, sizeof(s->why), "IOMMU group %s is of type %s: its DMA is translated",
                 s->group, s->type);
    } else {
        s->translating = strcmp(s->type, "identity") == 0 ? 0 : -1;
        snprintf(s->why, sizeof(s->why), "IOMMU group %s is of type %s%s", s->group, s->type,
                 s->translating == 0 ? " (passthrough): its DMA is not translated" : "");
    }
}
