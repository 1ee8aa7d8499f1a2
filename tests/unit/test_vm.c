/*
 * test_vm.c - signs of a hypervisor (host/vm.h) from the doctor's fixture
 * trees (tests/fixtures/doctor/vm and healthy), and the DMI names that
 * count, EC2's bare-metal instances not among them.
 */
#include "check.h"
#include "host/vm.h"

#define FIX "tests/fixtures/doctor/"

static void test_read(void)
{
    struct vm_state v;
    vm_read(FIX "vm/sys", FIX "vm/proc", &v);
    CHECK("QEMU with the hypervisor flag: a VM", v.is_vm && v.hypervisor_flag == 1, "%d %d",
          v.is_vm, v.hypervisor_flag);
    CHECK_STR("QEMU: the evidence", v.evidence,
              "the CPU flags include 'hypervisor'; DMI: QEMU, Standard PC (Q35 + ICH9, 2009)");
    vm_read(FIX "healthy/sys", FIX "healthy/proc", &v);
    CHECK("a server: no VM", !v.is_vm && v.hypervisor_flag == 0, "%d %d", v.is_vm,
          v.hypervisor_flag);
    CHECK_STR("a server: the evidence", v.evidence,
              "no 'hypervisor' among the CPU flags; DMI: Supermicro, SYS-821GE-TNHR");
    vm_read("tests/fixtures/no-such-sysfs", "tests/fixtures/no-such-proc", &v);
    CHECK("nothing readable: no VM, flags unread", !v.is_vm && v.hypervisor_flag == -1, "%d %d",
          v.is_vm, v.hypervisor_flag);
    CHECK_STR("nothing readable: the evidence", v.evidence, "no CPU flags read; no DMI names");
}

static void test_dmi(void)
{
    static const struct {
        const char *vendor, *product;
        int vm;
    } cases[] = {
        {"QEMU", "Standard PC (i440FX + PIIX, 1996)", 1},
        {"Red Hat", "KVM", 1},
        {"VMware, Inc.", "VMware7,1", 1},
        {"Microsoft Corporation", "Virtual Machine", 1},
        {"Amazon EC2", "p5.48xlarge", 1},
        {"Amazon EC2", "i3.metal", 0},
        {"Google", "Google Compute Engine", 1},
        {"innotek GmbH", "VirtualBox", 1},
        {"Xen", "HVM domU", 1},
        {"Dell Inc.", "PowerEdge XE9680", 0},
        {"", "", 0},
    };
    char name[200];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(name, sizeof(name), "DMI '%s' '%s': %s", cases[i].vendor, cases[i].product,
                 cases[i].vm ? "a VM" : "not one");
        CHECK(name, vm_dmi_is_vm(cases[i].vendor, cases[i].product) == cases[i].vm, "%d",
              vm_dmi_is_vm(cases[i].vendor, cases[i].product));
    }
}

int main(void)
{
    test_read();
    test_dmi();
    return check_exit();
}
