/*
 * test_readings.c - what the report's captions say (figures/readings.h),
 * on a made-up folder whose curves take every shape of the rules: a
 * plateau reached from one size, a rise to the largest size, a peak that
 * holds within 10 %, and a peak and a fall, each sentence checked whole
 * against the numbers written into its summary.csv below; sizes as people
 * read them (decimal ones too); the time of the smallest copy; the
 * speedup; and the headline across two machines, grouped by GPU and host.
 * Prints PASS or FAIL per check (check.h).  Run from the repository root.
 */
#include "check.h"
#include "figures/fig_headline.h"
#include "figures/readings.h"
#include "figures/figdef.h"
#include "plot_test_util.h"

#define HEAD                                                                                       \
    "experiment,config,device,alloc,direction,buffer,api,cache,touch,size_bytes,samples,"          \
    "gbps_median,gbps_min,gbps_max,us_per_copy_median,roundtrip_us_median,link_gbps,status\n"

/* A row of the made-up folder: kind, direction, size, median (min and max 1 % around it). */
static void row(FILE *f, int *config, const char *alloc, const char *dir, long long size, double g)
{
    fprintf(f, "made-up,%d,0,%s,%s,reuse,sync,warm,prefaulted,%lld,5,%g,%g,%g,%g,%g,63.0154,ok\n",
            ++*config, alloc, dir, size, g, g * 0.99, g * 1.01, size / (g * 1e3),
            size / (g * 1e3) + 2);
}

/*
 * Sizes 1, 2, 4, 8, 16 and 32 MiB.  pinned h2d: 30 49.5 49 50 49.5 50.2 and
 * 49 at 1527898 bytes (1.53 MB, between 1 and 2 MiB), within 3 % of 50.2
 * (48.694) from 1.53 MB; pageable h2d: 2 6 10 9.2 6 5, peaks at 10
 * at 4 MiB and falls to 5; pinned d2h: 10 20 30 40 45 48, 45 is under 3 %
 * of 48 (46.56): a rise to the largest size; pageable d2h: 3 7 9 10 9.5 9.3,
 * 9.3 is within 10 % of 10 (9.0) but not 3 % (9.7).
 */
static const char *const made_up_kinds[6][2] = {{"pinned", "h2d"},   {"pageable", "h2d"},
                                                {"pinned", "d2h"},   {"pageable", "d2h"},
                                                {"pinned", "bidir"}, {"pageable", "bidir"}};

/* A folder of the first n curves of made_up_kinds, their medians g[k] at 1 to 32 MiB. */
static const char *made_up_curves(const char *name, const char *gpu, double scale,
                                  const double g[][6], int n, int between)
{
    static char dir[512];
    char meta[512];
    int config = 0;
    snprintf(dir, sizeof(dir), "%s/%s", tmpdir, name);
    mkdir(dir, 0777);
    FILE *f = fopen(path_in(dir, "summary.csv"), "w");
    if (!f)
        return NULL;
    fputs(HEAD, f);
    for (int k = 0; k < n; k++)
        for (int i = 0; i < 6; i++)
            row(f, &config, made_up_kinds[k][0], made_up_kinds[k][1], 1048576LL << i,
                g[k][i] * scale);
    if (between)
        row(f, &config, "pinned", "h2d", 1527898, 49 * scale); /* a size between units */
    fclose(f);
    snprintf(meta, sizeof(meta), "gpu:\n  name: %s\nhost:\n  hostname: box\n", gpu);
    write_text(path_in(dir, "meta.yaml"), meta);
    return dir;
}

static const char *made_up(const char *name, const char *gpu, double scale)
{
    static const double g[4][6] = {{30, 49.5, 49, 50, 49.5, 50.2},
                                   {2, 6, 10, 9.2, 6, 5},
                                   {10, 20, 30, 40, 45, 48},
                                   {3, 7, 9, 10, 9.5, 9.3}};
    return made_up_curves(name, gpu, scale, g, 4, 1);
}

/* plot_reading of figure name of the folder at dir, into a static buffer. */
static const char *reading_of(const char *dir, const char *name)
{
    static char buf[4096];
    struct plot_input in = {0};
    buf[0] = '\0';
    if (plot_input_read(&in, dir, NULL) == 0) {
        char *r = plot_reading(&in, plot_figure_def(name) ? plot_figure_def(name)->read : NULL);
        snprintf(buf, sizeof(buf), "%s", r ? r : "(out of memory)");
        free(r);
    }
    plot_input_free(&in);
    return buf;
}

static void test_rules(void)
{
    const char *dir = made_up("rules", "Made-up GPU", 1);
    CHECK_STR("bandwidth: plateau, fall, rise and hold", reading_of(dir, "bandwidth"),
              "cudaMemcpy: pinned h2d is within 3 % of its peak, 50.20 GB/s (79.7 % of the "
              "link's raw 63.02 GB/s), from 1.53 MB; pageable h2d peaks at 10.00 GB/s at 4 MiB "
              "and falls to 5.00 GB/s at 32 MiB; pinned d2h rises to 48.00 GB/s (76.2 % of the "
              "link's raw 63.02 GB/s) at 32 MiB, its largest size; pageable d2h peaks at 10.00 "
              "GB/s at 8 MiB and stays within 10 % of it up to 32 MiB");
    /* at 1 MiB pinned h2d moves 30 GB/s: 1048576 / 30e3 = 34.95 us, waited for 2 us more */
    CHECK_STR("latency: the smallest size's time per copy", reading_of(dir, "latency"),
              "a 1 MiB pinned h2d copy takes 35.0 µs pipelined, 37.0 µs waited for; a 1 MiB "
              "pageable h2d copy takes 524 µs pipelined, 526 µs waited for; a 1 MiB pinned d2h "
              "copy takes 105 µs pipelined, 107 µs waited for; a 1 MiB pageable d2h copy takes "
              "350 µs pipelined, 352 µs waited for");
    /* at 16 and 32 MiB: h2d 49.5 / 6 = 8.25 and 50.2 / 5 = 10.04, median 9.145; d2h 45 / 9.5 =
       4.737 and 48 / 9.3 = 5.161, median 4.949; not the 15× of 30 / 2 at 1 MiB, a pageable dip */
    CHECK_STR("speedup: the range and median at 16 MiB and more", reading_of(dir, "speedup"),
              "at 16 MiB and more, page-locked kinds copy h2d sync 8.2–10.0× as fast as pageable "
              "(median 9.1×); at 16 MiB and more, page-locked kinds copy d2h sync 4.7–5.2× as "
              "fast as pageable (median 4.9×)");
    CHECK_STR("no reading where the folder has nothing for it", reading_of(dir, "overlap"), "");
}

/* A made-up folder NAME under tmpdir: its summary.csv opened and head written, *dir its path
   (a static buffer, until the next call); NULL when it cannot be written. */
static FILE *folder_start(const char *name, const char *head, const char **dir)
{
    static char path[512];
    snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
    mkdir(path, 0777);
    *dir = path;
    FILE *f = fopen(path_in(path, "summary.csv"), "w");
    if (f)
        fputs(head, f);
    return f;
}

/* Close the folder's summary.csv and give it a meta.yaml (GPU X on host box); its path. */
static const char *folder_end(FILE *f, const char *dir)
{
    fclose(f);
    write_text(path_in(dir, "meta.yaml"), "gpu:\n  name: X\nhost:\n  hostname: box\n");
    return dir;
}

/* A folder of pinned and pageable h2d rows: sizes[i], pinned g[0][i], pageable g[1][i]. */
static const char *made_up_pairs(const char *name, const long long *sizes, const double g[2][4],
                                 int n)
{
    const char *dir;
    int config = 0;
    FILE *f = folder_start(name, HEAD, &dir);
    if (!f)
        return NULL;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < n; i++)
            row(f, &config, k ? "pageable" : "pinned", "h2d", sizes[i], g[k][i]);
    return folder_end(f, dir);
}

/* The speedup's reading names the sizes where a page-locked kind is slower, and reads a sweep
   that stops below 16 MiB at its largest size. */
static void test_speedup_slower(void)
{
    static const long long sizes[4] = {4096, 8192, 16777216, 33554432};
    static const double g[2][4] = {{0.5, 1.0, 50, 50}, {0.6, 1.1, 10, 5}};
    /* 0.5 / 0.6 = 0.833 and 1.0 / 1.1 = 0.909 are slower; 50 / 10 = 5, 50 / 5 = 10, median 7.5 */
    CHECK_STR("speedup: where pinned is slower",
              reading_of(made_up_pairs("slow", sizes, g, 4), "speedup"),
              "at 16 MiB and more, page-locked kinds copy h2d sync 5.0–10.0× as fast as pageable "
              "(median 7.5×); at 4 KiB–8 KiB some are slower (pinned 0.83× at 4 KiB)");
    static const double h[2][4] = {{30, 40}, {3, 5}}; /* 40 / 5 = 8 at 8 KiB, its largest */
    CHECK_STR("speedup: a sweep below 16 MiB at its largest size",
              reading_of(made_up_pairs("small", sizes, h, 2), "speedup"),
              "at 8 KiB, the largest size, page-locked kinds copy h2d sync 8.0× as fast as "
              "pageable");
}

/* A peak whose rounds disagree by more than READ_ROUNDS_APART_PCT is said with their range;
   one whose rounds agree within it is not. */
static void test_peak_rounds(void)
{
    const char *dir;
    FILE *f = folder_start(
        "rounds",
        "experiment,config,device,alloc,direction,buffer,api,cache,touch,size_bytes,samples,"
        "gbps_median,rounds,round_gbps_min,round_gbps_max,link_gbps,status\n",
        &dir);
    if (!f)
        return;
    /* pageable h2d peaks at 13.28 on rounds 6.84..13.51 (97.5 % apart), then falls to 6;
       pageable d2h peaks at 14 on rounds 12..14.9 (24.2 % apart: not said) */
    fputs("r,1,0,pageable,h2d,reuse,sync,warm,prefaulted,1048576,30,10,3,9.9,10.1,63,ok\n"
          "r,2,0,pageable,h2d,reuse,sync,warm,prefaulted,2097152,30,13.28,3,6.84,13.51,63,ok\n"
          "r,3,0,pageable,h2d,reuse,sync,warm,prefaulted,4194304,30,6,3,5.9,6.1,63,ok\n"
          "r,4,0,pageable,d2h,reuse,sync,warm,prefaulted,1048576,30,10,3,9.9,10.1,63,ok\n"
          "r,5,0,pageable,d2h,reuse,sync,warm,prefaulted,2097152,30,14,3,12,14.9,63,ok\n"
          "r,6,0,pageable,d2h,reuse,sync,warm,prefaulted,4194304,30,6,3,5.9,6.1,63,ok\n",
          f);
    folder_end(f, dir);
    CHECK_STR("a peak on rounds that disagree says so", reading_of(dir, "bandwidth"),
              "cudaMemcpy: pageable h2d peaks at 13.28 GB/s (its 3 rounds read 6.84–13.51 GB/s) "
              "at 2 MiB and falls to 6.00 GB/s at 4 MiB; pageable d2h peaks at 14.00 GB/s at 2 "
              "MiB and falls to 6.00 GB/s at 4 MiB");
}

/* A folder of reallocate h2d sync cycles of pinned, mallochost and portable at 4 KiB, 64 KiB,
   1 MiB and 16 MiB, their alloc medians ms[kind][size]. */
static const char *pool_folder(const char *name, const double ms[3][4])
{
    static const char *const kinds[3] = {"pinned", "mallochost", "portable"};
    static const long long sizes[4] = {4096, 65536, 1048576, 16777216};
    const char *dir;
    int config = 0;
    FILE *f = folder_start(
        name,
        "experiment,config,device,alloc,direction,buffer,api,cache,touch,size_bytes,samples,"
        "gbps_median,alloc_ms_median,fill_ms_median,copy_ms_median,free_ms_median,"
        "effective_gbps_median,link_gbps,status\n",
        &dir);
    if (!f)
        return NULL;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 4; i++)
            fprintf(
                f,
                "p,%d,0,%s,h2d,reallocate,sync,warm,prefaulted,%lld,5,10,%g,0.1,0.1,0.1,1,63,ok\n",
                ++config, kinds[k], sizes[i], ms[k][i]);
    return folder_end(f, dir);
}

/*
 * Allocations served from the driver's pool (under READ_POOL_FAST_MS, 0.02 ms) said in the
 * alloc-cost reading and the figures' note: at 4 KiB every kind (0.002, 0.003, 0.002), at 64 KiB
 * pinned (0.002; mallochost 0.5 and portable 0.6 not), at 1 MiB mallochost (0.002; pinned 0.7
 * and portable 0.8 not), at 16 MiB none: 4 KiB–1 MiB, 2–3 µs or 0.5–0.8 ms.  Then a pool that
 * serves every kind up to 64 KiB: the next size's fastest, 0.7 ms at 1 MiB.
 */
static void test_alloc_pool(void)
{
    static const double ms[3][4] = {
        {0.002, 0.002, 0.7, 5}, {0.003, 0.5, 0.002, 5.1}, {0.002, 0.6, 0.8, 5.2}};
    const char *r = reading_of(pool_folder("pool", ms), "alloc-cost");
    CHECK("alloc pool: the pool's sizes and both costs, said in alloc-cost's reading",
          strstr(r, "; at 4 KiB–1 MiB the cudaHostAlloc and cudaMallocHost kinds' allocations "
                    "took either 2–3 µs or 0.5–0.8 ms: small pinned allocations come from the "
                    "CUDA driver's pool, whose state, not the size or the kind, sets that cost "
                    "and can change from run to run, so the allocation costs there are this "
                    "run's, not the cost of pinning that much memory afresh") != NULL,
          "reading: %s", r);
    struct plot_input in = {0};
    struct fig_style note;
    int said =
        plot_input_read(&in, path_in(tmpdir, "pool"), NULL) == 0 && reading_pool_note(&in, &note);
    CHECK_STR("alloc pool: the figures' note", said ? note.title : "(none)",
              "4 KiB–1 MiB: the driver's pool of small pinned allocations, not the kind (caption)");
    plot_input_free(&in);
    static const double all[3][4] = {
        {0.002, 0.002, 0.7, 5}, {0.003, 0.0015, 0.9, 5.1}, {0.002, 0.0018, 0.8, 5.2}};
    r = reading_of(pool_folder("pool-all", all), "breakeven");
    CHECK("alloc pool: a pool of every kind, the next size's cost beside it (breakeven)",
          strstr(r, "at 4 KiB–64 KiB the cudaHostAlloc and cudaMallocHost kinds' allocations took "
                    "1.5–3 µs (at 1 MiB, 0.7 ms and more): small pinned allocations come from the "
                    "CUDA driver's pool, whose state, not the size or the kind, sets that cost "
                    "and can change from run to run, so the allocation costs there, and the "
                    "break-even copies built on them, are this run's") != NULL,
          "reading: %s", r);
}

/* A kernel of a chunk's h2d time is each run's own: the overlap reading says how long. */
static void test_overlap_kernel(void)
{
    const char *dir;
    FILE *f = folder_start("overlap-kernel",
                           "experiment,config,device,alloc,direction,buffer,api,cache,touch,"
                           "streams,chunks,kernel,size_bytes,samples,gbps_median,kernel_us,"
                           "pipeline_ms_median,serial_ms_median,ideal_ms_median,overlap_median,"
                           "link_gbps,status\n",
                           &dir);
    if (!f)
        return;
    fputs("k,1,0,pageable,-,-,pipeline,-,-,1,32,1x,268435456,5,2.6,873.3,105,105,47,1.00,63,ok\n"
          "k,2,0,pageable,-,-,pipeline,-,-,8,32,1x,268435456,5,3.7,578.8,73,72,33,0.99,63,ok\n"
          "k,3,0,pinned,-,-,pipeline,-,-,1,32,1x,268435456,5,17.6,156.4,15.2,15,5,0.99,63,ok\n"
          "k,4,0,pinned,-,-,pipeline,-,-,8,32,1x,268435456,5,46.2,156.7,5.81,15,5,2.57,63,ok\n",
          f);
    folder_end(f, dir);
    const char *r = reading_of(dir, "overlap");
    CHECK("overlap: a kernel sized to each run's chunk says its lengths",
          strstr(r, "; a kernel of a chunk's h2d time is sized to each run's own: 579–873 µs a "
                    "chunk for pageable, 156–157 µs for the page-locked kinds, so their times in "
                    "that panel include kernels of different lengths") != NULL,
          "reading: %s", r);
}

/*
 * The break-even against a fresh pageable buffer: at 256 MiB h2d pinned's alloc + free 150 ms,
 * pageable's malloc 0.03 + free 8 + its fill beyond pinned's (140 - 30 = 110) = 118.03 ms; a
 * copy saves 20000 - 4850 us = 15.15 ms: (150 - 118.03) / 15.15 = 2.11 copies.  d2h: pageable's
 * fill 200 - 30 = 170 more, 178.03 >= 150: from the first copy.
 */
static void test_breakeven_fresh(void)
{
    const char *dir;
    FILE *f = folder_start("fresh",
                           "experiment,config,device,alloc,direction,buffer,api,cache,touch,"
                           "size_bytes,samples,gbps_median,alloc_ms_median,fill_ms_median,"
                           "copy_ms_median,free_ms_median,effective_gbps_median,link_gbps,status\n",
                           &dir);
    if (!f)
        return;
    fputs(
        "f,1,0,pinned,h2d,reallocate,sync,warm,prefaulted,268435456,5,55,120,30,4.85,30,1,63,ok\n"
        "f,2,0,pageable,h2d,reallocate,sync,warm,prefaulted,268435456,5,13,0.03,140,20,8,1,63,ok\n"
        "f,3,0,pinned,d2h,reallocate,sync,warm,prefaulted,268435456,5,55,120,30,4.85,30,1,63,ok\n"
        "f,4,0,pageable,d2h,reallocate,sync,warm,prefaulted,268435456,5,13,0.03,200,20,8,1,63,ok\n",
        f);
    folder_end(f, dir);
    write_text(path_in(dir, "breakeven.csv"),
               "alloc,direction,api,size_bytes,alloc_ms,free_ms,pageable_us_per_copy,"
               "pinned_us_per_copy,breakeven_copies\n"
               "pinned,h2d,sync,268435456,120,30,20000,4850,9.9\n"
               "pinned,d2h,sync,268435456,120,30,20000,4850,9.9\n");
    const char *r = reading_of(dir, "breakeven");
    CHECK("breakeven: against a fresh pageable buffer, from the reallocate cycles",
          strstr(r, "; against a fresh pageable buffer (its malloc, first touch and free counted, "
                    "from the reallocate cycles: 118 ms against the pinned buffer's alloc + free, "
                    "150 ms), a pinned buffer of 256 MiB pays off after 2.1 copies h2d; against a "
                    "fresh pageable buffer (its malloc, first touch and free counted, from the "
                    "reallocate cycles: 178 ms against the pinned buffer's alloc + free, 150 ms), "
                    "a pinned buffer of 256 MiB pays off from the first copy d2h") != NULL,
          "reading: %s", r);
}

/* The headline's small copies are read only where its panel is drawn: 4 sizes up to 1 MiB
   (default: 4 KiB..1 MiB, 9 sizes), not 3 (reuse-vs-reallocate: 64 KiB, 256 KiB, 1 MiB). */
static void test_headline_small(void)
{
    CHECK("headline: small copies read where its panel has 4 sizes",
          strstr(reading_of("results/reference/h200-pcie5/default", "headline"),
                 "; a 4 KiB pinned h2d copy takes ") != NULL,
          "default's headline reading lacks its small copies");
    const char *r = reading_of("results/reference/h200-pcie5/reuse-vs-reallocate", "headline");
    CHECK("headline: no small copies read where the panel would have 3 sizes",
          !strstr(r, "copy takes") && strstr(r, "pinned h2d is within 3 %"), "reading: %s", r);
}

/* Write-combined reads: said not in effect when as fast as pageable's, else how much slower. */
static const char *host_folder(const char *name, double wc_gbps)
{
    const char *dir;
    FILE *f = folder_start(
        name,
        "experiment,config,device,alloc,direction,buffer,api,cache,touch,threads,size_bytes,"
        "samples,gbps_median,status\n",
        &dir);
    if (!f)
        return NULL;
    /* one thread at 4 MiB and 64 MiB: pageable 25 and 17, write-combined wc_gbps at 64 MiB */
    fprintf(f,
            "h,1,0,pageable,-,-,host-read,-,-,1,4194304,5,25,ok\n"
            "h,2,0,pageable,-,-,host-read,-,-,1,67108864,5,17,ok\n"
            "h,3,0,write-combined,-,-,host-read,-,-,1,4194304,5,%g,ok\n"
            "h,4,0,write-combined,-,-,host-read,-,-,1,67108864,5,%g,ok\n",
            wc_gbps, wc_gbps);
    return folder_end(f, dir);
}

static void test_write_combined(void)
{
    const char *r = reading_of(host_folder("wc-fast", 16), "host-access");
    CHECK("host access: write-combined as fast as cached is said not in effect",
          strstr(r,
                 "; write-combined memory reads as fast as cached memory here (16.00 against "
                 "pageable's 17.00 GB/s, one thread at 64 MiB), though CUDA documents the "
                 "CPU's reads of it as slow: the flag seems not to take effect on this machine") !=
              NULL,
          "reading: %s", r);
    r = reading_of(host_folder("wc-slow", 0.17), "host-access");
    CHECK("host access: write-combined reads slower, as documented",
          strstr(r, "; write-combined memory reads 100.0× slower than pageable (0.17 against 17.00 "
                    "GB/s, one thread at 64 MiB), as CUDA documents: it is uncached for the CPU") !=
              NULL,
          "reading: %s", r);
}

/* The overlap reading: the best pipeline, the page-locked kinds beside it, pageable's range. */
static void test_overlap_kinds(void)
{
    static const char *const rows[] = {/* alloc, streams, pipeline ms, serial ms, overlap */
                                       "pageable,1,50,50,1.00",    "pageable,4,40,39.2,0.98",
                                       "pinned,1,15,15,1.00",      "pinned,4,6,15,2.50",
                                       "registered,4,6.2,15,2.42", "mapped,4,6.1,15,2.46"};
    const char *dir;
    FILE *f = folder_start(
        "overlap",
        "experiment,config,device,alloc,direction,buffer,api,cache,touch,streams,chunks,kernel,"
        "size_bytes,samples,gbps_median,pipeline_ms_median,serial_ms_median,ideal_ms_median,"
        "overlap_median,link_gbps,status\n",
        &dir);
    if (!f)
        return;
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        char alloc[32];
        double streams, ms, serial, overlap;
        sscanf(rows[i], "%31[^,],%lf,%lf,%lf,%lf", alloc, &streams, &ms, &serial, &overlap);
        fprintf(f, "o,%zu,0,%s,-,-,pipeline,-,-,%.0f,32,none,268435456,5,%g,%g,%g,5,%g,63,ok\n",
                i + 1, alloc, streams, 268435456 / (ms * 1e6), ms, serial, overlap);
    }
    folder_end(f, dir);
    /* at 4 streams the page-locked kinds take 6, 6.2 and 6.1 ms: 3.3 % apart */
    CHECK_STR("overlap: the best, the kinds beside it, pageable", reading_of(dir, "overlap"),
              "the best pipeline overlaps 2.50× (pinned, 4 streams, kernel none: 6 ms against 15 "
              "ms serial); there the 3 page-locked kinds take 6–6.2 ms (3.3 % apart: their lines "
              "lie on one another); pageable stays at 0.98–1.00× whatever the streams");
}

/*
 * Curves that peak before their end, each read as it is: pinned h2d 15 30
 * 50.24 49.5 48.33 50.135 peaks at 4 MiB, dips under 3 % of it (48.73) at
 * 16 MiB and ends within it (a rise to the largest size before the fix,
 * full-sweep's pinned bidir); pageable h2d 2 10 8.5 9.5 9.4 9.3 ends within
 * 10 % of its peak (9.0) after a dip under it at 4 MiB (it "stayed within
 * 10 %" before); pinned d2h 10 30 25 40 45 48 peaks at its largest size
 * after a fall (it "rose to" it); pageable d2h 3 10 6 5 7 8 falls to 5 at
 * 8 MiB and ends at 8 (it "fell to 8"); pinned bidir 20 40 100.48 96.66 100
 * 100.27 dips at 8 MiB and is back within 3 % from 16 MiB (it was "within
 * 3 % of its peak from 16 MiB", its peak at 4 MiB unsaid); pageable bidir
 * 2 5 8 9 10 8.5 peaks at 16 MiB, the size before its last, and falls
 * (full-sweep's pageable d2h, read as a plateau while this was written).
 */
static void test_peak_before_end(void)
{
    static const double g[6][6] = {{15, 30, 50.24, 49.5, 48.33, 50.135},
                                   {2, 10, 8.5, 9.5, 9.4, 9.3},
                                   {10, 30, 25, 40, 45, 48},
                                   {3, 10, 6, 5, 7, 8},
                                   {20, 40, 100.48, 96.66, 100, 100.27},
                                   {2, 5, 8, 9, 10, 8.5}};
    const char *dir = made_up_curves("peaks", "Made-up GPU", 1, g, 6, 0);
    const char *want =
        "cudaMemcpy: pinned h2d peaks at 50.24 GB/s (79.7 % of the link's raw 63.02 GB/s) at "
        "4 MiB, dips to 48.33 GB/s at 16 MiB and is back within 3 % of its peak at 32 MiB; "
        "pageable h2d peaks at 10.00 GB/s at 2 MiB, falls to 8.50 GB/s at 4 MiB and ends at "
        "9.30 GB/s at 32 MiB; pinned d2h peaks at 48.00 GB/s (76.2 % of the link's raw 63.02 "
        "GB/s) at 32 MiB, its largest size; pageable d2h peaks at 10.00 GB/s at 2 MiB, falls to "
        "5.00 GB/s at 8 MiB and ends at 8.00 GB/s at 32 MiB; pinned bidir peaks at 100.48 GB/s "
        "(79.7 % of the link's raw 126.03 GB/s) at 4 MiB, dips to 96.66 GB/s at 8 MiB and is "
        "back within 3 % of its peak from 16 MiB; pageable bidir peaks at 10.00 GB/s at 16 MiB "
        "and falls to 8.50 GB/s at 32 MiB";
    const char *got = reading_of(dir, "bandwidth");
    /* (the fits' findings follow: not these curves' shapes) */
    CHECK("peaks before the end: each curve's peak, its dip and its end",
          !strncmp(got, want, strlen(want)), "got:  %s\nwant: %s", got, want);
}

/*
 * Three folders: two of one machine (its curves from the folder with the
 * most sizes) and one of another, at half the bandwidth.
 */
static void test_machines(void)
{
    struct plot_input in[3] = {{0}};
    const char *dirs[3], *key[3] = {"A|box", "A|box", "B|box"};
    const char *label[3] = {"machine A", "machine A again", "machine B"};
    struct hl_machines ms;
    char *r;
    dirs[0] = strdup(made_up("m-a", "A", 1));
    dirs[1] = strdup(path_in(tmpdir, "m-a2"));
    mkdir(dirs[1], 0777);
    write_text(path_in(dirs[1], "summary.csv"),
               HEAD "made-up,1,0,pinned,h2d,reuse,sync,warm,prefaulted,4096,5,1,1,1,4,6,63,ok\n");
    dirs[2] = strdup(made_up("m-b", "B", 0.5));
    for (int i = 0; i < 3; i++)
        CHECK("machines: folder read", plot_input_read(&in[i], dirs[i], NULL) == 0, "%s", dirs[i]);
    const struct plot_input *pin[3] = {&in[0], &in[1], &in[2]};
    fig_headline_group(&ms, pin, key, label, 3);
    CHECK("machines: grouped by GPU and host", ms.n == 2 && ms.m[0].nin == 2 && ms.m[1].nin == 1,
          "%zu machines", ms.n);
    const struct plot_input *from;
    const struct plot_curve *c =
        fig_machine_curve(&ms.m[0], ALLOC_PINNED, DIR_H2D, API_SYNC, &from);
    CHECK("machines: a machine's curve is its folder's with the most sizes",
          c && from == &in[0] && c->n == 7, "from folder %ld, %zu sizes",
          from ? (long)(from - in) : -1L, c ? c->n : 0);
    r = plot_reading_machines(&ms);
    CHECK(
        "machines: each machine's readings under its first folder's label",
        r && strstr(r, "cudaMemcpy: machine A: pinned h2d is within 3 % of its peak, 50.20 GB/s") &&
            strstr(r, "; machine B: pinned h2d is within 3 % of its peak, 25.10 GB/s (39.8 % of "
                      "the link's raw 63.02 GB/s), from 1.53 MB;") &&
            strstr(r, "; a 1 MiB pinned d2h copy takes 210 µs pipelined") && !strstr(r, "again"),
        "%s", r ? r : "(null)");
    free(r);
    for (int i = 0; i < 3; i++) {
        plot_input_free(&in[i]);
        free((char *)dirs[i]);
    }
}

int main(void)
{
    if (plot_test_begin("readings") < 0)
        return 1;
    test_rules();
    test_peak_before_end();
    test_machines();
    test_speedup_slower();
    test_overlap_kinds();
    test_peak_rounds();
    test_write_combined();
    test_alloc_pool();
    test_headline_small();
    test_overlap_kernel();
    test_breakeven_fresh();
    return plot_test_end("test_readings");
}
