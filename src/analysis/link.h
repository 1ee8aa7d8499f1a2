/*
 * link.h - what the PCIe link lets a copy reach: its raw rate in a
 * direction and its practical ceiling, from the rate per direction a
 * results folder records (summary.csv's link_gbps, host/sysinfo.h's
 * sysinfo_link_gbps); and the model `check` judges pinned copies by, from
 * the link's generation, width and packet sizes: raw rate, practical
 * ceilings and a healthy floor.  Both directions at once (bidir) move
 * twice the rate of one.
 */
#ifndef PINSWEEP_LINK_H
#define PINSWEEP_LINK_H

#include "experiment/schema.h"

#include <stddef.h>

/* The Max Payload Size assumed when meta.yaml does not give the one read: the usual one, bytes. */
#define LINK_PAYLOAD_ASSUMED 256

/*
 * The Max Read Request Size assumed when config space cannot be read: the
 * value Device Control holds after reset (010b), bytes.
 */
#define LINK_READ_REQUEST_ASSUMED 512

/*
 * The healthy floor of pinned copies of 256 MiB, as a share of the
 * practical ceiling (link_model): one direction (h2d, d2h), and both at
 * once (bidir, of its ceiling with both running).  Each is 90 % of the
 * lowest share a healthy check read on the reference H200 (PCIe 5.0 x16,
 * MPS 256 B, MRRS 4096 B: ceilings 58.45, 57.61 and 115.75 GB/s), rounded
 * down to a whole percent: 10 % under a healthy node, the margin check
 * gives a good node's own numbers.  Its 32 checks (12 on 2026-12-01, 20 on
 * 2026-12-02, ../shared/GPU.md and docs/clusters.md) read h2d
 * 54.57-55.37 GB/s (lowest 93.4 % of its ceiling; a long run's 55.4 is
 * 94.8 %), d2h 54.87-55.29 (95.2 %), so 0.9 x 93.4 % = 84 %; bidir
 * 88.36-101.66 (76.3 %; a long run's 101 is 87.3 %, nvbandwidth's 100.5
 * 86.8 %), so 0.9 x 76.3 % = 68 %.  Bidir reaches a smaller share, and
 * scatters more from check to check: the acknowledgement and flow-control
 * packets of each direction travel against the other's data, which the
 * ceiling does not count.  One machine's calibration: a host whose root
 * complex returns smaller completions reads less of the ceiling (see
 * link_model), and should be held to --expect instead.
 */
#define LINK_FLOOR_ONE_WAY 0.84
#define LINK_FLOOR_BIDIR 0.68

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
 * control and acknowledgements take a little more.  The figures' line: a
 * link of Gen 1-5 (no FLIT mode), read requests not counted (meta.yaml
 * has no read request size); link_model is the whole model.
 */
double link_practical_gbps(double link_gbps, int dir, double payload_bytes);

/* The Max Payload Size a ceiling takes: mps_bytes (read) when > 0, else LINK_PAYLOAD_ASSUMED. */
int link_payload_bytes(int mps_bytes);

/*
 * gbps as a share of the raw rate of direction dir (link_raw_gbps), %:
 * 100 * gbps / raw.  Not finite when the rate is unknown (NaN) or 0.
 */
double link_share_pct(double gbps, double link_gbps, int dir);

/*
 * A link's model: what pinned copies over it can reach, per direction
 * (enum direction: DIR_H2D, DIR_D2H, DIR_BIDIR for both at once), GB/s.
 *
 * Modelled: the line code (8b/10b at Gen 1-2, 128b/130b at Gen 3-5; Gen 6
 * runs in FLIT mode, 1b/1b); each packet's overhead: below Gen 6, 8 B of
 * framing and LCRC per packet (Gen 1-2: STP 1 B, sequence number 2 B,
 * LCRC 4 B, END 1 B; Gen 3-5: a 4 B STP token that holds the sequence
 * number, LCRC 4 B) and the header; in FLIT mode only the header, since
 * each 256 B flit carries 236 B of packets, 6 B of data link payload
 * (acknowledgements and flow control, which below Gen 6 are packets of
 * their own), 8 B of CRC and 6 B of FEC (PCIe 6.0, Flit Mode: 236/256 =
 * 92.2 %); h2d data as read completions of min(MPS, MRRS) bytes with a
 * 3-dword header, d2h as 64-bit posted writes of MPS bytes with a 4-dword
 * header, and the GPU's 64-bit read requests (4 dwords, one per MRRS
 * bytes of h2d data), which share the device-to-host direction with d2h's
 * writes when both run (bidir).
 *
 * Not modelled (the floor's share absorbs them on the reference machine;
 * elsewhere they may lower what a healthy link reads): acknowledgement
 * and flow-control packets below Gen 6; SKP ordered sets; a root complex
 * that splits completions at its Read Completion Boundary (64 or 128 B)
 * rather than sending MPS-sized ones (with 64 B ones Gen5 x16 h2d tops
 * out at 63.02 x 64/84 = 48.0 GB/s; the H200 host's 55.4 shows it sends
 * larger); how many reads the GPU keeps in flight (its tags, against the
 * round trip to host memory); ECRC, TLP prefixes, and flit-mode header
 * extensions (OHC), absent for aligned copies of whole dwords; FLIT mode
 * at Gen 1-5 (a Gen 6 pair trained lower may keep it); relaxed ordering;
 * the host's memory.
 */
struct link_model {
    int gen, width;                 /* the generation (1-6) and lanes */
    int mps_bytes, mrrs_bytes;      /* the payload and read request sizes taken */
    int sizes_read;                 /* 1: both read from config space; 0: assumed */
    double raw_gbps;                /* per direction: GT/s x lanes x line code / 8 */
    double ceiling_gbps[DIR_COUNT]; /* the practical ceiling (bidir: both together) */
    double floor_gbps[DIR_COUNT];   /* the healthy floor: LINK_FLOOR_* of the ceiling */
};

/*
 * The model of a Gen gen x width link with packets of mps_bytes and read
 * requests of mrrs_bytes (each <= 0: not read; LINK_PAYLOAD_ASSUMED and
 * LINK_READ_REQUEST_ASSUMED are taken, and sizes_read is 0 unless both
 * were read).  Returns 0, or -1 for a generation outside 1-6 or a width
 * under 1 (m's rates NaN then: never a guess).
 */
int link_model_init(struct link_model *m, int gen, int width, int mps_bytes, int mrrs_bytes);

/* The share of the ceiling the floor of direction dir is: LINK_FLOOR_ONE_WAY or _BIDIR. */
double link_floor_share(int dir);

/* The model's link in words, into buf: "PCIe 5.0 x16, MPS 256 B, MRRS 4096 B". */
void link_model_name(const struct link_model *m, char *buf, size_t n);

#endif
