/*
 * link.c - the PCIe link's raw rate, practical ceiling and healthy floor (see link.h).
 */
#include "analysis/link.h"
#include "host/sysinfo.h"

#include <math.h>
#include <stdio.h>

enum {
    FRAMING_BYTES = 8,    /* below Gen 6, per packet: STP token (sequence number) and LCRC */
    HDR_COMPLETION = 12,  /* a completion's header: 3 dwords */
    HDR_ADDR64 = 16,      /* a 64-bit memory write's or read request's header: 4 dwords */
    FLIT_BYTES = 256,     /* PCIe 6.0 Flit Mode: a flit ... */
    FLIT_TLP_BYTES = 236, /* ... of which packets (the rest: 6 B DLP, 8 B CRC, 6 B FEC) */
};

/* The payload's rate in packets of payload bytes with hdr bytes of header, on a link of gbps. */
static double payload_gbps(double gbps, int flit, double payload, int hdr)
{
    if (flit)
        return gbps * FLIT_TLP_BYTES / FLIT_BYTES * payload / (payload + hdr);
    return gbps * payload / (payload + hdr + FRAMING_BYTES);
}

double link_raw_gbps(double link_gbps, int dir)
{
    return dir == DIR_BIDIR ? 2 * link_gbps : link_gbps;
}

double link_practical_gbps(double link_gbps, int dir, double payload_bytes)
{
    double h2d = payload_gbps(link_gbps, 0, payload_bytes, HDR_COMPLETION);
    double d2h = payload_gbps(link_gbps, 0, payload_bytes, HDR_ADDR64);
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

double link_floor_share(int dir)
{
    return dir == DIR_BIDIR ? LINK_FLOOR_BIDIR : LINK_FLOOR_ONE_WAY;
}

int link_model_init(struct link_model *m, int gen, int width, int mps_bytes, int mrrs_bytes)
{
    int flit = gen >= 6;
    m->gen = gen;
    m->width = width;
    m->sizes_read = mps_bytes > 0 && mrrs_bytes > 0;
    m->mps_bytes = link_payload_bytes(mps_bytes);
    m->mrrs_bytes = mrrs_bytes > 0 ? mrrs_bytes : LINK_READ_REQUEST_ASSUMED;
    m->raw_gbps = sysinfo_link_gbps(gen, width);
    /* a read of MRRS bytes comes back in completions of at most min(MPS, MRRS) bytes */
    double completion = m->mps_bytes < m->mrrs_bytes ? m->mps_bytes : m->mrrs_bytes;
    double h2d = payload_gbps(m->raw_gbps, flit, completion, HDR_COMPLETION);
    /* the wire h2d's read requests take from the device-to-host direction, GB/s */
    double requests =
        h2d / m->mrrs_bytes *
        (flit ? (double)HDR_ADDR64 * FLIT_BYTES / FLIT_TLP_BYTES : HDR_ADDR64 + FRAMING_BYTES);
    m->ceiling_gbps[DIR_H2D] = h2d;
    m->ceiling_gbps[DIR_D2H] = payload_gbps(m->raw_gbps, flit, m->mps_bytes, HDR_ADDR64);
    m->ceiling_gbps[DIR_BIDIR] =
        h2d + payload_gbps(m->raw_gbps - requests, flit, m->mps_bytes, HDR_ADDR64);
    for (int d = 0; d < DIR_COUNT; d++)
        m->floor_gbps[d] = link_floor_share(d) * m->ceiling_gbps[d];
    return isnan(m->raw_gbps) ? -1 : 0;
}

void link_model_name(const struct link_model *m, char *buf, size_t n)
{
    snprintf(buf, n, "PCIe %d.0 x%d, MPS %d B, MRRS %d B", m->gen, m->width, m->mps_bytes,
             m->mrrs_bytes);
}
