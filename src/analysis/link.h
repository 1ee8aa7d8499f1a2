/*
 * link.h - what the PCIe link lets a copy reach: its raw rate in a
 * direction and its practical ceiling, from the rate per direction a
 * results folder records (summary.csv's link_gbps, host/sysinfo.h's
 * sysinfo_link_gbps).  Both directions at once (bidir) move twice the
 * rate of one.
 */
#ifndef PINSWEEP_LINK_H
#define PINSWEEP_LINK_H

/* The Max Payload Size assumed when meta.yaml does not give the one read: the usual one, bytes. */
#define LINK_PAYLOAD_ASSUMED 256

/*
 * The raw rate, GB/s, of a link of link_gbps per direction for copies of
 * direction dir (enum direction): link_gbps, twice it for DIR_BIDIR.  NaN
 * stays NaN.
 */
double link_raw_gbps(double link_gbps, int dir);

/*
 * The practical ceiling, GB/s, of a link of raw rate link_gbps per
 * direction in direction dir: the share of each packet that is payload,
 * with packets of payload_bytes (the Max Payload Size).  h2d data comes
 * back as read completions (a 3-dword header: 4 B framing + 12 B + 4 B
 * LCRC = 20 B): link_gbps * payload / (payload + 20); d2h goes out as
 * posted writes with 64-bit addresses (a 4-dword header: 24 B):
 * link_gbps * payload / (payload + 24); bidir the sum of the two.  Flow
 * control and acknowledgements take a little more.
 */
double link_practical_gbps(double link_gbps, int dir, double payload_bytes);

/* The Max Payload Size a ceiling takes: mps_bytes (read) when > 0, else LINK_PAYLOAD_ASSUMED. */
int link_payload_bytes(int mps_bytes);

/*
 * gbps as a share of the raw rate of direction dir (link_raw_gbps), %:
 * 100 * gbps / raw.  Not finite when the rate is unknown (NaN) or 0.
 */
double link_share_pct(double gbps, double link_gbps, int dir);

#endif
