/*
 * test_link.c - the PCIe link's raw rate and practical ceiling
 * (analysis/link.h) against the formula worked by hand: a Gen5 x16 link of
 * 63.02 GB/s per direction, packets of 256 B (the payload assumed) and
 * 512 B; h2d pays 20 B a packet, d2h 24 B, bidir both.
 */
#include "check.h"
#include "analysis/link.h"
#include "experiment/schema.h"

#include <math.h>

#define GEN5 63.01538461538462 /* 32 GT/s x 16 lanes x 128/130 / 8, GB/s */

static void check_raw(void)
{
    CHECK("raw h2d: the rate per direction", link_raw_gbps(GEN5, DIR_H2D) == GEN5, "%.17g",
          link_raw_gbps(GEN5, DIR_H2D));
    CHECK("raw d2h: the rate per direction", link_raw_gbps(GEN5, DIR_D2H) == GEN5, "%.17g",
          link_raw_gbps(GEN5, DIR_D2H));
    CHECK("raw bidir: twice it", link_raw_gbps(GEN5, DIR_BIDIR) == 2 * GEN5, "%.17g",
          link_raw_gbps(GEN5, DIR_BIDIR));
    CHECK("raw of an unknown link: NaN", isnan(link_raw_gbps(NAN, DIR_BIDIR)), "%g",
          link_raw_gbps(NAN, DIR_BIDIR));
}

static void check_practical(void)
{
    /* 256 B: 63.02 x 256/276 = 58.45 (h2d), x 256/280 = 57.61 (d2h) */
    CHECK("practical h2d, 256 B: raw x 256 / (256 + 20)",
          link_practical_gbps(GEN5, DIR_H2D, 256) == GEN5 * 256 / 276, "%.17g",
          link_practical_gbps(GEN5, DIR_H2D, 256));
    CHECK("practical d2h, 256 B: raw x 256 / (256 + 24)",
          link_practical_gbps(GEN5, DIR_D2H, 256) == GEN5 * 256 / 280, "%.17g",
          link_practical_gbps(GEN5, DIR_D2H, 256));
    CHECK("practical bidir, 256 B: the sum of both directions",
          link_practical_gbps(GEN5, DIR_BIDIR, 256) == GEN5 * 256 / 276 + GEN5 * 256 / 280, "%.17g",
          link_practical_gbps(GEN5, DIR_BIDIR, 256));
    CHECK_NEAR("practical h2d, 256 B: 58.45 GB/s", link_practical_gbps(GEN5, DIR_H2D, 256),
               58.449052396878486, 1e-12);
    CHECK_NEAR("practical h2d, 512 B: 60.65 GB/s", link_practical_gbps(GEN5, DIR_H2D, 512),
               60.646385193753616, 1e-12);
    CHECK_NEAR("practical d2h, 512 B: 60.19 GB/s", link_practical_gbps(GEN5, DIR_D2H, 512),
               60.193800229621125, 1e-12);
}

static void check_payload_and_share(void)
{
    CHECK("payload read: the one read", link_payload_bytes(512) == 512, "%d",
          link_payload_bytes(512));
    CHECK("payload not read (0): 256 B assumed",
          link_payload_bytes(0) == LINK_PAYLOAD_ASSUMED && LINK_PAYLOAD_ASSUMED == 256, "%d",
          link_payload_bytes(0));
    CHECK("payload negative: 256 B assumed", link_payload_bytes(-1) == 256, "%d",
          link_payload_bytes(-1));
    CHECK("share h2d: 100 x gbps / raw", link_share_pct(55.43, GEN5, DIR_H2D) == 100 * 55.43 / GEN5,
          "%.17g", link_share_pct(55.43, GEN5, DIR_H2D));
    CHECK_NEAR("share h2d: 55.43 of 63.02 GB/s is 87.96 %", link_share_pct(55.43, GEN5, DIR_H2D),
               87.962646484375, 1e-12);
    CHECK("share bidir: of twice the rate",
          link_share_pct(100, GEN5, DIR_BIDIR) == 100 * 100 / (2 * GEN5), "%.17g",
          link_share_pct(100, GEN5, DIR_BIDIR));
    CHECK("share of an unknown link: not finite", !isfinite(link_share_pct(50, NAN, DIR_H2D)), "%g",
          link_share_pct(50, NAN, DIR_H2D));
}

int main(void)
{
    check_raw();
    check_practical();
    check_payload_and_share();
    return check_exit();
}
