/*
 * test_link.c - the PCIe link's raw rate and practical ceiling
 * (analysis/link.h) against the formula worked by hand: a Gen5 x16 link of
 * 63.02 GB/s per direction, packets of 256 B (the payload assumed) and
 * 512 B; h2d pays 20 B a packet, d2h 24 B, bidir both.  Then the model of
 * every generation and width against rates worked out apart from it, the
 * sizes it takes, and its floor.
 */
#include "check.h"
#include "analysis/link.h"
#include "experiment/schema.h"

#include <math.h>
#include <string.h>

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

/*
 * Every generation and width, packets of 256 B and read requests of 512 B
 * (the sizes assumed), GB/s, worked out by hand:
 *   raw = GT/s x lanes x line code / 8: Gen1 2.5 x 8/10 / 8 = 0.25 per lane,
 *     Gen2 0.5, Gen3 8 x 128/130 / 8 = 0.984615, Gen4 1.969231, Gen5
 *     3.938462, Gen6 64 / 8 = 8 (FLIT mode, no line code).
 *   Gen 1-5: h2d = raw x 256/276 (completions: 256 B + 12 B header + 8 B
 *     framing and LCRC); d2h = raw x 256/280 (64-bit writes: 16 B header);
 *     bidir = h2d + (raw - h2d x 24/512) x 256/280 (a 24 B read request per
 *     512 B of h2d takes from the writes' direction).
 *   Gen 6: 236 of each 256 B flit carry packets, headers alone per packet:
 *     h2d = raw x 236/256 x 256/268 = raw x 236/268; d2h = raw x 236/272;
 *     bidir = h2d + (raw - h2d x 16/512 x 256/236) x 236/272.
 * So Gen5 x16: raw 63.0154, h2d 58.4491, d2h 57.6141, bidir 58.4491 +
 * (63.0154 - 1.8265) x 0.914286 = 113.5582; Gen6 x16: raw 128, h2d 112.7164,
 * d2h 111.0588, bidir 112.7164 + (128 - 3.8214) x 0.867647 = 220.4601.
 */
static const struct {
    int gen, width;
    double raw, h2d, d2h, bidir;
} model_cases[] = {
    {1, 1, 0.25, 0.231884057971, 0.228571428571, 0.450517598344},
    {1, 2, 0.5, 0.463768115942, 0.457142857143, 0.901035196687},
    {1, 4, 1, 0.927536231884, 0.914285714286, 1.80207039337},
    {1, 8, 2, 1.85507246377, 1.82857142857, 3.60414078675},
    {1, 16, 4, 3.71014492754, 3.65714285714, 7.2082815735},
    {2, 1, 0.5, 0.463768115942, 0.457142857143, 0.901035196687},
    {2, 2, 1, 0.927536231884, 0.914285714286, 1.80207039337},
    {2, 4, 2, 1.85507246377, 1.82857142857, 3.60414078675},
    {2, 8, 4, 3.71014492754, 3.65714285714, 7.2082815735},
    {2, 16, 8, 7.42028985507, 7.31428571429, 14.416563147},
    {3, 1, 0.984615384615, 0.913266443701, 0.90021978022, 1.77434623348},
    {3, 2, 1.96923076923, 1.8265328874, 1.80043956044, 3.54869246695},
    {3, 4, 3.93846153846, 3.6530657748, 3.60087912088, 7.09738493391},
    {3, 8, 7.87692307692, 7.30613154961, 7.20175824176, 14.1947698678},
    {3, 16, 15.7538461538, 14.6122630992, 14.4035164835, 28.3895397356},
    {4, 1, 1.96923076923, 1.8265328874, 1.80043956044, 3.54869246695},
    {4, 2, 3.93846153846, 3.6530657748, 3.60087912088, 7.09738493391},
    {4, 4, 7.87692307692, 7.30613154961, 7.20175824176, 14.1947698678},
    {4, 8, 15.7538461538, 14.6122630992, 14.4035164835, 28.3895397356},
    {4, 16, 31.5076923077, 29.2245261984, 28.807032967, 56.7790794713},
    {5, 1, 3.93846153846, 3.6530657748, 3.60087912088, 7.09738493391},
    {5, 2, 7.87692307692, 7.30613154961, 7.20175824176, 14.1947698678},
    {5, 4, 15.7538461538, 14.6122630992, 14.4035164835, 28.3895397356},
    {5, 8, 31.5076923077, 29.2245261984, 28.807032967, 56.7790794713},
    {5, 16, 63.0153846154, 58.4490523969, 57.6140659341, 113.558158943},
    {6, 1, 8, 7.0447761194, 6.94117647059, 13.7787532924},
    {6, 2, 16, 14.0895522388, 13.8823529412, 27.5575065847},
    {6, 4, 32, 28.1791044776, 27.7647058824, 55.1150131694},
    {6, 8, 64, 56.3582089552, 55.5294117647, 110.230026339},
    {6, 16, 128, 112.71641791, 111.058823529, 220.460052678},
};

/* |got - want| within 1e-10 of want: the table's 12 digits. */
static int near(double got, double want)
{
    return fabs(got - want) <= 1e-10 * want;
}

static void check_model_table(void)
{
    char name[96];
    struct link_model m;
    for (size_t i = 0; i < sizeof(model_cases) / sizeof(model_cases[0]); i++) {
        int rc = link_model_init(&m, model_cases[i].gen, model_cases[i].width, 0, 0);
        snprintf(name, sizeof(name), "model Gen%d x%d: raw %.6g, h2d %.6g, d2h %.6g, bidir %.6g",
                 model_cases[i].gen, model_cases[i].width, model_cases[i].raw, model_cases[i].h2d,
                 model_cases[i].d2h, model_cases[i].bidir);
        CHECK(name,
              rc == 0 && near(m.raw_gbps, model_cases[i].raw) &&
                  near(m.ceiling_gbps[DIR_H2D], model_cases[i].h2d) &&
                  near(m.ceiling_gbps[DIR_D2H], model_cases[i].d2h) &&
                  near(m.ceiling_gbps[DIR_BIDIR], model_cases[i].bidir),
              "rc %d: raw %.12g, h2d %.12g, d2h %.12g, bidir %.12g", rc, m.raw_gbps,
              m.ceiling_gbps[DIR_H2D], m.ceiling_gbps[DIR_D2H], m.ceiling_gbps[DIR_BIDIR]);
    }
}

static void check_model_sizes(void)
{
    struct link_model m;
    char text[128];
    /* the H200's (MPS 256, MRRS 4096): bidir 58.4491 + (63.0154 - 58.4491 x 24/4096)
       x 256/280 = 58.4491 + 57.3010 = 115.7500; floors 0.84 x 58.4491 = 49.0972,
       0.84 x 57.6141 = 48.3958, 0.68 x 115.7500 = 78.7100 */
    link_model_init(&m, 5, 16, 256, 4096);
    CHECK("model, the H200's sizes read: bidir 115.75 GB/s",
          m.sizes_read && m.mps_bytes == 256 && m.mrrs_bytes == 4096 &&
              near(m.ceiling_gbps[DIR_BIDIR], 115.749998407),
          "read %d, %d/%d B, bidir %.12g", m.sizes_read, m.mps_bytes, m.mrrs_bytes,
          m.ceiling_gbps[DIR_BIDIR]);
    CHECK(
        "model floors: 84 % of one way, 68 % of both",
        near(m.floor_gbps[DIR_H2D], 49.0972040134) && near(m.floor_gbps[DIR_D2H], 48.3958153846) &&
            near(m.floor_gbps[DIR_BIDIR], 78.709998917),
        "%.12g %.12g %.12g", m.floor_gbps[DIR_H2D], m.floor_gbps[DIR_D2H], m.floor_gbps[DIR_BIDIR]);
    /* MRRS 128 under MPS 512: completions of 128 B, 63.0154 x 128/148 = 54.4998;
       d2h 63.0154 x 512/536 = 60.1938; bidir 54.4998 + (63.0154 - 54.4998 x 24/128)
       x 512/536 = 54.4998 + (63.0154 - 10.2187) x 0.955224 = 104.9324 */
    link_model_init(&m, 5, 16, 512, 128);
    CHECK("model: a read request under the payload size bounds the completions",
          near(m.ceiling_gbps[DIR_H2D], 54.4997920998) &&
              near(m.ceiling_gbps[DIR_D2H], 60.1938002296) &&
              near(m.ceiling_gbps[DIR_BIDIR], 104.932435535),
          "%.12g %.12g %.12g", m.ceiling_gbps[DIR_H2D], m.ceiling_gbps[DIR_D2H],
          m.ceiling_gbps[DIR_BIDIR]);
    link_model_init(&m, 4, 8, 256, 0);
    CHECK("model: sizes not both read are assumed, and say so",
          !m.sizes_read && m.mps_bytes == 256 && m.mrrs_bytes == LINK_READ_REQUEST_ASSUMED &&
              LINK_READ_REQUEST_ASSUMED == 512,
          "read %d, %d/%d B", m.sizes_read, m.mps_bytes, m.mrrs_bytes);
    link_model_name(&m, text, sizeof(text));
    CHECK_STR("model name", text, "PCIe 4.0 x8, MPS 256 B, MRRS 512 B");
    CHECK("model: generation 7 is no guess",
          link_model_init(&m, 7, 16, 256, 512) == -1 && isnan(m.raw_gbps) &&
              isnan(m.ceiling_gbps[DIR_H2D]) && isnan(m.floor_gbps[DIR_BIDIR]),
          "raw %g", m.raw_gbps);
    CHECK("model: width 0 is no guess",
          link_model_init(&m, 5, 0, 256, 512) == -1 && isnan(m.ceiling_gbps[DIR_D2H]), "%g",
          m.ceiling_gbps[DIR_D2H]);
}

int main(void)
{
    check_raw();
    check_practical();
    check_payload_and_share();
    check_model_table();
    check_model_sizes();
    return check_exit();
}
