/*
 * vm.c - signs of a hypervisor in /proc/cpuinfo and sysfs (vm.h).
 */
#include "host/vm.h"
#include "base/fileio.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* cpuinfo's first flags line ("flags" on x86): 1 with the word "hypervisor", 0 without, -1 none. */
static int hypervisor_flag(const char *procfs_root)
{
    char path[4200], line[8192];
    int found = -1;
    snprintf(path, sizeof(path), "%s/cpuinfo", procfs_root);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (found < 0 && fgets(line, sizeof(line), f)) {
        if (strncmp(line, "flags", 5) != 0 || !strchr(line, ':'))
            continue;
        found = 0;
        for (char *w = strtok(strchr(line, ':') + 1, " \t\n"); w && !found;
             w = strtok(NULL, " \t\n"))
            found = strcmp(w, "hypervisor") == 0;
    }
    fclose(f);
    return found;
}

/* 1 when hay holds needle, ignoring case. */
static int has(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return 1;
    return 0;
}

int vm_dmi_is_vm(const char *sys_vendor, const char *product_name)
{
    static const char *const names[] = {"QEMU",           "KVM",   "VMware",     "VirtualBox",
                                        "innotek",        "Xen",   "Amazon EC2", "Google Compute",
                                        "OpenStack",      "Bochs", "BHYVE",      "Parallels",
                                        "Virtual Machine"};
    size_t len = strlen(product_name);
    if (len >= 6 && strcmp(product_name + len - 6, ".metal") == 0)
        return 0;
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (has(sys_vendor, names[i]) || has(product_name, names[i]))
            return 1;
    return 0;
}

void vm_read(const char *sysfs_root, const char *procfs_root, struct vm_state *v)
{
    size_t len = 0;
    memset(v, 0, sizeof(*v));
    v->hypervisor_flag = hypervisor_flag(procfs_root);
    fileio_first_line(sysfs_root, "/class/dmi/id/sys_vendor", v->sys_vendor, sizeof(v->sys_vendor));
    fileio_first_line(sysfs_root, "/class/dmi/id/product_name", v->product_name,
                      sizeof(v->product_name));
    fileio_first_line(sysfs_root, "/hypervisor/type", v->hypervisor_type,
                      sizeof(v->hypervisor_type));
    int dmi = vm_dmi_is_vm(v->sys_vendor, v->product_name);
    v->is_vm = v->hypervisor_flag == 1 || dmi || v->hypervisor_type[0];
    size_t n = sizeof(v->evidence);
    char *e = v->evidence;
    len += (size_t)snprintf(e + len, n - len, "%s",
                            v->hypervisor_flag == 1   ? "the CPU flags include 'hypervisor'"
                            : v->hypervisor_flag == 0 ? "no 'hypervisor' among the CPU flags"
                                                      : "no CPU flags read");
    if (len < n && (v->sys_vendor[0] || v->product_name[0]))
        len += (size_t)snprintf(e + len, n - len, "; DMI: %s, %s",
                                v->sys_vendor[0] ? v->sys_vendor : "no vendor",
                                v->product_name[0] ? v->product_name : "no product name");
    else if (len < n)
        len += (size_t)snprintf(e + len, n - len, "; no DMI names");
    if (len < n && v->hypervisor_type[0])
        snprintf(e + len, n - len, "; hypervisor type %s", v->hypervisor_type);
}
