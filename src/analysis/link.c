/*
 * link.c - the PCIe link's raw rate and practical ceiling (see link.h).
 */
#include "analysis/link.h"
#include "experiment/schema.h"

double link_raw_gbps(double link_gbps, int dir)
{
    return dir == DIR_BIDIR ? 2 * link_gbps : link_gbps;
}

double link_practical_gbps(double link_gbps, int dir, double payload_bytes)
{
    double h2d = link_gbps * payload_bytes / (payload_bytes + 20);
    double d2h = link_gbps * payload_bytes / (payload_bytes + 24);
    return dir == DIR_H2D ? h2d : dir == DIR_D2H ? d2h : h2d + d2h;
}

int link_payload_bytes(int mps_bytes)
{
    return mps_bytes > 0 ? mps_bytes : LINK_PAYLOAD_ASSUMED;
}

double link_share_pct(double gbps, double link_gbps, int dir)
{
    return 100 * gbps / link_raw_gbps(link_gbps, dir);
}
