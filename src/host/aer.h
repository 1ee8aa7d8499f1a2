/*
 * aer.h - a PCI device's PCIe error counters, as the kernel's AER driver
 * keeps them in sysfs (aer_dev_correctable, aer_dev_nonfatal,
 * aer_dev_fatal: one "NAME COUNT" line per kind of error and a TOTAL_ERR_*
 * line), read before and after a copy to see whether errors rose during
 * it.  A correctable error (a bad packet or a receiver error, resent by the
 * link's replay) costs link time; a non-fatal one loses a transaction.
 * Nothing here needs a GPU.
 */
#ifndef PINSWEEP_AER_H
#define PINSWEEP_AER_H

struct aer_counts {
    int known; /* 0: the device has no aer_dev_* files (no AER, or an older kernel) */
    /* Errors since boot: the TOTAL_ERR_* line of each file (the sum of its lines without one);
       -1 where that file is missing or unreadable. */
    long long correctable, nonfatal, fatal;
};

/*
 * Read the counters of PCI device bus_id ("0000:00:06.0") under
 * <sysfs_root>/bus/pci/devices/ID into c.  Each file is opened and read
 * once.
 */
void aer_read(const char *sysfs_root, const char *bus_id, struct aer_counts *c);

/*
 * How much the counter rose from before to after: after - before, or -1
 * when either is unknown (-1).  A counter that fell (the device was reset)
 * rose by after.
 */
long long aer_rise(long long before, long long after);

#endif
