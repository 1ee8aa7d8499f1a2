/*
 * test_plot.c - unit tests of plot.c: figures from the fixture results
 * (with and without fits.csv, host-memcpy.csv and breakeven.csv), the data
 * they are drawn from, the warnings for unusable optional files, and the
 * return code and message for each way it can fail.  test_fig_pinning.c
 * tests the link line, the speedup, alloc-cost and breakeven figures and
 * LaTeX output; test_fig_machines.c the compare figures and PDF books.  Prints PASS or FAIL per
 * check (check.h), and SKIP where gnuplot is needed but not installed; exits 1 on any failure.  Run
 * from the repository root; the gnuplot scripts are read from $PINSWEEP_PLOTS, else plots/.
 */
#include "check.h"
#include "figures/figdef.h"
#include "figures/fig_bandwidth.h"
#include "figures/input.h"
#include "figures/plot.h"
#include "figures/readings.h"
#include "plot_test_util.h"

#define FIXTURE "tests/fixtures/results-small"

/* Copy file from to file to, keeping only the lines that do not contain drop (NULL: all). */
static int copy_file(const char *from, const char *to, const char *drop)
{
    FILE *in = fopen(from, "r"), *out = fopen(to, "w");
    char line[4096];
    int rc = in && out ? 0 : -1;
    while (rc == 0 && fgets(line, sizeof(line), in))
        if (!drop || !strstr(line, drop))
            fputs(line, out);
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        rc = -1;
    return rc;
}

enum { WITH_SIDE_FILES = 1 }; /* copy fits.csv, host-memcpy.csv and breakeven.csv too */

/*
 * A new folder under tmpdir holding the fixture's summary.csv (lines with
 * drop left out) and meta.yaml, and with side, fits.csv, host-memcpy.csv
 * and breakeven.csv.
 */
static const char *make_results(const char *name, const char *drop, int side)
{
    static const char *const with_side[] = {"meta.yaml", "fits.csv", "host-memcpy.csv",
                                            "breakeven.csv", NULL},
                             *const meta_only[] = {"meta.yaml", NULL};
    const char *dir = make_folder(name, FIXTURE, side ? with_side : meta_only);
    if (!dir || copy_file(FIXTURE "/summary.csv", path_in(dir, "summary.csv"), drop) < 0)
        return NULL;
    return dir;
}

/* A new folder under tmpdir with summary.csv holding text. */
static const char *make_summary(const char *name, const char *text)
{
    return make_folder_summary(name, FIXTURE, (const char *const[]){NULL}, text);
}

/* plot_results, the entry point without options, as a plot_fn (o is not used). */
static int draw_results(const char *dir, const char *scripts, FILE *log, const struct plot_opts *o)
{
    (void)o;
    return plot_results(dir, scripts, log);
}

/* Run plot_results; its log is returned in *log (malloc'd). */
static int plot(const char *dir, const char *scripts, char **log)
{
    return run_plot(draw_results, dir, scripts, 0, 0, log);
}

/*
 * A new folder tmpdir/name whose summary.csv is csv, plotted: its path (""
 * when it cannot be made), plot's code in *rc and its log in *log.
 */
static const char *plot_new(const char *name, const char *csv, int *rc, char **log)
{
    const char *dir = make_summary(name, csv);
    *log = NULL;
    *rc = dir ? plot(dir, plots_dir, log) : -100;
    return dir ? dir : "";
}

static const struct {
    const char *file, *magic;
} expected_figures[] = {
    {"figures/bandwidth.png", "\x89PNG"},
    {"figures/bandwidth.pdf", "%PDF"},
    {"figures/bandwidth.svg", "<?xml"},
    {"figures/latency.png", "\x89PNG"},
    {"figures/latency.pdf", "%PDF"},
    {"figures/latency.svg", "<?xml"},
    {"figures/reuse-vs-reallocate.png", "\x89PNG"},
    {"figures/reuse-vs-reallocate.pdf", "%PDF"},
    {"figures/reuse-vs-reallocate.svg", "<?xml"},
    {"figures/reallocate-time.png", "\x89PNG"},
    {"figures/speedup.png", "\x89PNG"},
    {"figures/speedup.pdf", "%PDF"},
    {"figures/alloc-cost.png", "\x89PNG"},
    {"figures/alloc-cost.svg", "<?xml"},
    {"figures/breakeven.png", "\x89PNG"},
    {"figures/breakeven.pdf", "%PDF"},
};
#define NEXPECTED (sizeof(expected_figures) / sizeof(expected_figures[0]))

/* The first of the expected figures that dir lacks, or NULL when it has them all. */
static const char *missing_figure(const char *dir)
{
    for (size_t i = 0; i < NEXPECTED; i++)
        if (!figure_ok(path_in(dir, expected_figures[i].file), expected_figures[i].magic))
            return expected_figures[i].file;
    return NULL;
}

#define MAX_POINTS 64

/*
 * The (size_bytes, gbps) points of the rows of the host-memcpy.csv at path
 * for direction dir (h2d or d2h); every row of a file without a direction
 * column.  Returns how many (at most MAX_POINTS).
 */
static size_t memcpy_points(const char *path, const char *dir, double pts[][2])
{
    char *text = read_text(path);
    int has_dir = strncmp(text, "direction,", 10) == 0;
    size_t n = 0, len = strlen(dir);
    for (const char *line = strchr(text, '\n'); line && line[1] && n < MAX_POINTS;
         line = strchr(line + 1, '\n')) {
        const char *cells = line + 1;
        if (has_dir) {
            if (strncmp(cells, dir, len) != 0 || cells[len] != ',')
                continue;
            cells += len + 1;
        }
        if (sscanf(cells, "%lf,%lf", &pts[n][0], &pts[n][1]) == 2)
            n++;
    }
    free(text);
    return n;
}

/* The reading of figure name of the folder at dir (readings.h), into a static buffer. */
static const char *reading_of(const char *dir, const char *name)
{
    static char buf[8192];
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

/* A power of two of bytes as a sentence writes it: "4 KiB", "1 GiB". */
static const char *size_words(double bytes)
{
    static char bufs[2][32];
    static int next;
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    char *b = bufs[next++ % 2];
    int u = 0;
    while (bytes >= 1024 && u < 4) {
        bytes /= 1024;
        u++;
    }
    snprintf(b, sizeof(bufs[0]), "%.0f %s", bytes, units[u]);
    return b;
}

/*
 * Host memcpy is not drawn over the copies (its in-cache 90-110 GB/s on an
 * H200 host would not fit their axis; it bounds pageable copies only): the
 * bandwidth figure's reading says it instead, for direction dir (h2d or
 * d2h), the rows of memcpy_csv for dir (all rows of an old file without
 * directions): "TITLE: DIR PEAK GB/s at SIZE to LAST GB/s at LARGEST SIZE" (the
 * other direction after a comma), recomputed here from the file; and no
 * overlay of results has a ceiling.
 */
static void check_ceiling(const char *name, const char *results, const char *memcpy_csv,
                          const char *dir, const char *title)
{
    char check[160], want[512], file[64];
    double pts[MAX_POINTS][2];
    size_t n = memcpy_points(memcpy_csv, dir, pts), peak = 0, last = 0;
    for (size_t i = 1; i < n; i++) {
        if (pts[i][1] > pts[peak][1])
            peak = i;
        if (pts[i][0] > pts[last][0])
            last = i;
    }
    snprintf(want, sizeof(want), " %s %.1f GB/s at %s to %.1f GB/s at %s", dir, pts[peak][1],
             size_words(pts[peak][0]), pts[last][1], size_words(pts[last][0]));
    snprintf(check, sizeof(check), "%s: the reading says host memcpy %s", name, dir);
    const char *r = reading_of(results, "bandwidth"), *t = strstr(r, title);
    CHECK(check, n > 0 && t && strstr(t, want) && (t[strlen(title)] == ':'),
          "want '%s:...%s' in '%s'", title, want, r);
    snprintf(file, sizeof(file), "figures/data/bandwidth-%s-overlay.dat", dir);
    snprintf(check, sizeof(check), "%s: host memcpy %s not drawn", name, dir);
    CHECK(check, !file_has(path_in(results, file), "line=ceiling"), "a ceiling in %s", file);
}

/* The data the bandwidth figure's overlays and the latency figure are drawn from. */
static void check_side_data(const char *name, const char *dir)
{
    char check[128];
    /* pinned's reallocate h2d async cycle at 1 GiB (the figure's api: plot_time_pick): alloc
       286.7844, fill 57.2902, copy 19.6273 and free 93.5718 ms, 457 ms: 63, 13, 4 and 20 %; its
       caption names the phases it draws, the direction and api, and says it has no bars */
    snprintf(check, sizeof(check), "%s: reallocate-time's caption", name);
    CHECK(check,
          file_has(
              path_in(dir, "figures/captions.md"),
              "A pinned cycle of 1 GiB (h2d async) takes 457 ms: alloc 63 %, fill 13 %, "
              "copy 4 %, free 20 %. Drawn: 3 panels (pageable; pinned; registered); curves: each "
              "phase's median, alloc, fill, copy and free, and their total (dashed). Bars: "
              "none, each phase is a median of its samples (alloc's and free's intervals are "
              "in alloc-cost)."),
          "captions.md's reallocate-time caption differs");
    /* registered async at 1 GiB: pin 235.1 of alloc 235.125 ms (99.99 %); pageable async's fill
       248.6126 ms: alloc-cost's caption says what its drawing hides */
    snprintf(check, sizeof(check), "%s: alloc-cost's caption says pin and first touch", name);
    CHECK(check,
          file_has(path_in(dir, "figures/captions.md"),
                   "; cudaHostRegister is 100 % of that alloc (its pin curve lies on the alloc "
                   "curve); ") &&
              file_has(path_in(dir, "figures/captions.md"),
                       "; a pageable buffer's pages are faulted in by its fill (249 ms), not by "
                       "malloc."),
          "captions.md's alloc-cost caption differs");
    const char *h2d = path_in(dir, "figures/data/bandwidth-h2d-overlay.dat");
    const char *h2d_async = path_in(dir, "figures/data/bandwidth-h2d-async-overlay.dat");
    /* results-small: 3 alloc kinds x 2 apis of reuse curves per direction, a panel per api;
       pinned and registered fit within 5% and are drawn, pageable h2d (residual 18% and 19%)
       is not; the host memcpy line once, in the sync panel. */
    snprintf(check, sizeof(check), "%s: h2d overlays have the 4 good fits", name);
    CHECK(check,
          file_count(h2d, "line=fit") == 2 && file_count(h2d_async, "line=fit") == 2 &&
              !file_has(h2d, "color=pageable line=fit") &&
              !file_has(h2d_async, "color=pageable line=fit"),
          "%d fits in %s; %d fits in %s", file_count(h2d, "line=fit"), h2d,
          file_count(h2d_async, "line=fit"), h2d_async);
    static const char staging[] = "single-thread host memcpy via a 2 MiB staging buffer (a "
                                  "pageable copy's host side, not drawn)";
    check_ceiling(name, dir, FIXTURE "/host-memcpy.csv", "h2d", staging);
    check_ceiling(name, dir, FIXTURE "/host-memcpy.csv", "d2h", staging);
    snprintf(check, sizeof(check), "%s: no overlay for bidir", name);
    CHECK(check, !exists(dir, "figures/data/bandwidth-bidir-overlay.dat"),
          "bandwidth-bidir-overlay.dat written: fits.csv has no bidir rows");
    /* The notes say what a bar and a dotted line are; what the fits found is the reading's. */
    snprintf(check, sizeof(check), "%s: the notes explain bars and fits, nothing more", name);
    CHECK(check,
          file_has(path_in(dir, "figures/data/bandwidth-vars.gp"), "nnotes = 2") &&
              file_has(path_in(dir, "figures/data/bandwidth-vars.gp"),
                       "'dotted, in a curve''s colour: its fit t0 + n/B (residual < 5%)'") &&
              !file_has(path_in(dir, "figures/data/bandwidth-vars.gp"), "no single t0"),
          "bandwidth-vars.gp: other notes");
    snprintf(check, sizeof(check), "%s: the reading names the curves no fit describes", name);
    CHECK(check,
          strstr(reading_of(dir, "bandwidth"), "; no single t0 + n/B fits (residual ≥ 5%, or t0 < "
                                               "0): pageable h2d sync (18%), pageable "
                                               "h2d async (19%); "),
          "reading: %s", reading_of(dir, "bandwidth"));
    snprintf(check, sizeof(check), "%s: latency has pipelined and round trip curves", name);
    const char *lat = path_in(dir, "figures/data/latency-d2h.dat");
    const char *lat_async = path_in(dir, "figures/data/latency-d2h-async.dat");
    CHECK(check,
          file_count(lat, "line=pipelined") == 3 && file_count(lat, "line=roundtrip") == 3 &&
              file_count(lat_async, "line=pipelined") == 3 &&
              file_count(lat_async, "line=roundtrip") == 3,
          "%d pipelined, %d round trip blocks in %s (3 and 3 of sync, then of async)",
          file_count(lat, "line=pipelined"), file_count(lat, "line=roundtrip"), lat);
    snprintf(check, sizeof(check), "%s: latency stops at 16 MiB", name);
    CHECK(check, file_has(lat, "\n16777216 ") && !file_has(lat, "\n67108864 "),
          "sizes in %s are not those up to 16 MiB", lat);
}

/*
 * The model bandwidth drawn for a fit: pinned, h2d, async in results-small
 * has t0 = 2.3372 us and B = 55.5089 GB/s, so at 4096 bytes
 * 4096 / (2.3372e-6 + 4096 / 55.5089e9) / 1e9 GB/s.
 */
static void check_fit_model(const char *dir)
{
    const char *name = "fit_curve_is_the_model_bandwidth";
    char *text = read_text(path_in(dir, "figures/data/bandwidth-h2d-async-overlay.dat"));
    const char *block = text ? strstr(text, "color=pinned line=fit point=pinned\n") : NULL;
    double size = 0, gbps = 0;
    int n = block ? sscanf(strchr(block, '\n') + 1, "%lf %lf", &size, &gbps) : 0;
    double want = 4096 / (2.3372e-6 + 4096 / 55.5089e9) / 1e9;
    CHECK(name, n == 2 && size == 4096 && fabs(gbps - want) < 1e-3 * want,
          "first point %g %g, want 4096 %g", size, gbps, want);
    free(text);
}

static void test_fixture(const char *name, const char *subdir)
{
    char *log = NULL;
    const char *dir = make_results(subdir, NULL, WITH_SIDE_FILES);
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    const char *missing = rc == 0 ? missing_figure(dir) : NULL;
    CHECK(name, rc == 0 && !missing,
          "returned %d, %s missing, empty or of the wrong kind; log:\n%s", rc,
          missing ? missing : "no figure", log ? log : "");
    if (rc == 0) {
        check_side_data(name, dir);
        char check[128];
        snprintf(check, sizeof(check), "%s: no warnings", name);
        CHECK(check, !strstr(log, "warning"), "warnings for good files:\n%s", log);
    }
    free(log);
}

/* Without fits.csv and host-memcpy.csv: the same figures, no overlays, no notes; stale ones go. */
static void test_without_side_files(void)
{
    const char *name = "no_fits_no_memcpy_draws_all_figures";
    char *log = NULL, *again = NULL;
    const char *dir = make_results("no-side-files", NULL, WITH_SIDE_FILES);
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    unlink(path_in(dir, "fits.csv"));
    unlink(path_in(dir, "host-memcpy.csv"));
    int rc2 = rc == 0 ? plot(dir, plots_dir, &again) : -100;
    const char *missing = rc2 == 0 ? missing_figure(dir) : NULL;
    CHECK(name, rc2 == 0 && !missing, "returned %d then %d, %s missing; log:\n%s", rc, rc2,
          missing ? missing : "no figure",
          again ? again
          : log ? log
                : "");
    if (rc2 != 0)
        goto out;
    CHECK("no_side_files_no_overlays",
          !exists(dir, "figures/data/bandwidth-h2d-overlay.dat") &&
              !exists(dir, "figures/data/bandwidth-d2h-overlay.dat"),
          "an overlay file of the first run is still there");
    CHECK("no_side_files_only_the_bars_note",
          !file_has(path_in(dir, "figures/data/bandwidth-vars.gp"), "dotted: fit") &&
              !file_has(path_in(dir, "figures/data/bandwidth-vars.gp"), "host memcpy") &&
              file_has(path_in(dir, "figures/data/bandwidth-vars.gp"),
                       "'bars: 95 % prediction interval of "),
          "bandwidth-vars.gp has notes of fits or ceiling, or does not explain the bars");
    CHECK("no_side_files_no_message",
          again[0] && !strstr(again, "warning") && !strstr(again, "fits.csv") &&
              !strstr(again, "host-memcpy.csv"),
          "a missing optional file was mentioned:\n%s", again);
out:
    free(log);
    free(again);
}

/* With reuse rows only there is nothing to compare: no reuse-vs-reallocate figure. */
static void test_reuse_only(void)
{
    const char *name = "reuse_only_draws_no_comparison";
    char *log = NULL;
    const char *dir = make_results("reuse-only", ",reallocate,", 0);
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    CHECK(name,
          rc == 0 && figure_ok(path_in(dir, "figures/bandwidth.png"), "\x89PNG") &&
              figure_ok(path_in(dir, "figures/latency.png"), "\x89PNG") &&
              !exists(dir, "figures/reuse-vs-reallocate.png"),
          "returned %d; want bandwidth and latency but no reuse-vs-reallocate; log:\n%s", rc,
          log ? log : "");
    CHECK("reuse_only_notes_why", log && strstr(log, "note: no reuse-vs-reallocate figure"),
          "no note in the log:\n%s", log ? log : "");
    free(log);
}

/* The status plot_results returns when all went well, given whether gnuplot is there. */
static int plot_ok(void)
{
    return plot_gnuplot_available() ? PLOT_OK : PLOT_ENO_GNUPLOT;
}

/*
 * Summaries the latency figure cannot or can only partly use: without
 * us_per_copy_median none is drawn, with a note; without round trips only
 * the pipelined curves; when no curve has three sizes up to 16 MiB, all sizes.
 */
static void test_latency_variants(void)
{
    const char *dir =
        make_summary("latency-none", "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
                                     "pinned,h2d,reuse,sync,4096,0.6,ok\n"
                                     "pinned,h2d,reuse,sync,65536,8.2,ok\n");
    char *log = NULL;
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    CHECK("latency_needs_us_per_copy",
          rc == plot_ok() &&
              strstr(log, "note: no latency figure: it needs reuse rows of h2d or "
                          "d2h with us_per_copy_median") &&
              !exists(dir, "figures/data/latency-vars.gp"),
          "returned %d; log:\n%s", rc, log ? log : "");
    free(log);
    log = NULL;
    dir =
        make_summary("latency-large",
                     "alloc,direction,buffer,api,size_bytes,gbps_median,us_per_copy_median,status\n"
                     "pinned,h2d,reuse,sync,16777216,54,310.7,ok\n"
                     "pinned,h2d,reuse,sync,67108864,55,1220.2,ok\n"
                     "pinned,h2d,reuse,sync,134217728,55,2440.3,ok\n"
                     "pinned,h2d,reuse,sync,268435456,55,4880.5,ok\n"
                     "pinned,bidir,reuse,async,268435456,100,2680.2,ok\n");
    rc = dir ? plot(dir, plots_dir, &log) : -100;
    const char *vars = dir ? path_in(dir, "figures/data/latency-vars.gp") : "";
    const char *data = dir ? path_in(dir, "figures/data/latency-h2d.dat") : "";
    CHECK("latency_without_round_trips",
          rc == plot_ok() && file_count(data, "line=pipelined") == 1 &&
              !file_has(data, "line=roundtrip") && !file_has(vars, "round trip") &&
              file_has(vars, "npanels = 1\n"),
          "returned %d; log:\n%s", rc, log ? log : "");
    /* (no samples.csv, and summary.csv has no spread of a time: no interval, lo = hi) */
    CHECK("latency_all_sizes_when_few_are_small",
          file_has(data, "\n268435456 4880.5 4880.5 4880.5\n"), "the 256 MiB point is not in %s",
          data);
    free(log);
}

/* The text of `NAME = '...'` in the variables file at path, in a static buffer ("" when absent). */
static const char *var_text(const char *path, const char *name)
{
    static char value[4096];
    char *text = read_text(path), key[96];
    snprintf(key, sizeof(key), "\n%s = '", name);
    const char *p = strstr(text, key), *end = p ? strchr(p + strlen(key), '\'') : NULL;
    snprintf(value, sizeof(value), "%.*s", end ? (int)(end - p - strlen(key)) : 0,
             end ? p + strlen(key) : "");
    free(text);
    return value;
}

/*
 * Decimal sizes (256MB, 512MB) are drawn where they are, 256000000 bytes,
 * on an axis labelled in decimal units at their true positions (200 MB and
 * 500 MB: no power of ten falls between 183 and 717 MB), not beside a
 * binary "256M" at 2^28; binary sizes keep their binary labels.
 */
static void test_decimal_sizes(void)
{
    char *log;
    int rc;
    const char *dir = plot_new("decimal",
                               "alloc,direction,buffer,api,size_bytes,gbps_median,"
                               "us_per_copy_median,status\n"
                               "pinned,h2d,reuse,sync,256000000,55,4654.5,ok\n"
                               "pinned,h2d,reuse,sync,320000000,55.1,5807.6,ok\n"
                               "pinned,h2d,reuse,sync,400000000,55.1,7259.5,ok\n"
                               "pinned,h2d,reuse,sync,512000000,55.2,9275.4,ok\n",
                               &rc, &log);
    const char *vars = path_in(dir, "figures/data/bandwidth-vars.gp");
    CHECK("decimal_sizes_plot", rc == plot_ok(), "returned %d; log:\n%s", rc, log ? log : "");
    CHECK_STR("decimal_sizes_labelled_decimal_at_their_values", var_text(vars, "size_tics"),
              "(\"200 MB\" 200000000, \"\" 300000000 1, \"\" 400000000 1, \"500 MB\" 500000000, "
              "\"\" 600000000 1, \"\" 700000000 1)");
    CHECK("decimal_sizes_axis_says_decimal",
          file_has(vars, "x_label = 'transfer size (bytes, 1 KB = 1000)'\n"),
          "%s: the x label does not say 1 KB = 1000", vars);
    CHECK("decimal_sizes_points_at_their_bytes",
          file_has(path_in(dir, "figures/data/bandwidth-h2d.dat"), "\n256000000 55 "),
          "256000000 is not a point of the h2d data");
    free(log);
    /* 1 KB .. 64 MB, log-spaced between: the powers of ten from 1 KB to 10 MB. */
    dir = plot_new(
        "decimal-range",
        "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
        "pageable,h2d,reuse,sync,1000,0.16,ok\npageable,h2d,reuse,sync,31764,2.9,ok\n"
        "pageable,h2d,reuse,sync,1008933,11.9,ok\npageable,h2d,reuse,sync,64000000,9.2,ok\n",
        &rc, &log);
    vars = path_in(dir, "figures/data/bandwidth-vars.gp");
    const char *tics = var_text(vars, "size_tics");
    CHECK("decimal_range_labels",
          rc == plot_ok() && strstr(tics, "\"1 KB\" 1000, ") && strstr(tics, "\"10 KB\" 10000, ") &&
              strstr(tics, "\"100 KB\" 100000, ") && strstr(tics, "\"1 MB\" 1000000, ") &&
              strstr(tics, "\"10 MB\" 10000000, ") && strstr(tics, "\"\" 60000000 1") &&
              !strstr(tics, "K\" 1024") && !strstr(tics, "\"64 MB\""),
          "size_tics = '%s'", tics);
    free(log);
    /* Binary sizes: 4K .. 1M as before. */
    dir = plot_new("binary",
                   "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
                   "pinned,h2d,reuse,sync,4096,0.6,ok\npinned,h2d,reuse,sync,16384,2.3,ok\n"
                   "pinned,h2d,reuse,sync,65536,8.2,ok\npinned,h2d,reuse,sync,1048576,38.9,ok\n",
                   &rc, &log);
    vars = path_in(dir, "figures/data/bandwidth-vars.gp");
    CHECK("binary_sizes_keep_binary_labels",
          rc == plot_ok() && strstr(var_text(vars, "size_tics"), "\"4K\" 4096") &&
              strstr(var_text(vars, "size_tics"), "\"1M\" 1048576") &&
              file_has(vars, "x_label = 'transfer size (bytes, 1K = 1024)'\n"),
          "size_tics = '%s'", var_text(vars, "size_tics"));
    free(log);
}

/*
 * The cache and touch axes: each state is a curve of its own in the
 * bandwidth figure, dashed by state and named in the legend; the latency
 * figure keeps to the steady state (warm cache, prefaulted pages).
 */
static void test_host_states(void)
{
    char *log;
    int rc;
    const char *dir = plot_new(
        "host-states",
        "alloc,direction,buffer,api,cache,touch,size_bytes,gbps_median,us_per_copy_median,status\n"
        "pageable,h2d,reuse,sync,warm,prefaulted,16384,1.9,8.6,ok\n"
        "pageable,h2d,reuse,sync,warm,prefaulted,65536,4.6,14.2,ok\n"
        "pageable,h2d,reuse,sync,warm,prefaulted,262144,9.5,27.6,ok\n"
        "pageable,h2d,reuse,sync,warm,prefaulted,1048576,13.6,77.2,ok\n"
        "pageable,h2d,reuse,sync,flushed,prefaulted,16384,1.3,12.6,ok\n"
        "pageable,h2d,reuse,sync,flushed,prefaulted,65536,3.1,21.1,ok\n"
        "pageable,h2d,reuse,sync,flushed,prefaulted,262144,6.6,39.7,ok\n"
        "pageable,h2d,reuse,sync,flushed,prefaulted,1048576,9.8,107.0,ok\n"
        "pageable,h2d,reuse,sync,warm,first-touch,16384,0.5,32.8,ok\n"
        "pageable,h2d,reuse,sync,warm,first-touch,65536,1.2,54.6,ok\n"
        "pageable,h2d,reuse,sync,warm,first-touch,262144,1.8,145.6,ok\n"
        "pageable,h2d,reuse,sync,warm,first-touch,1048576,2.4,436.9,ok\n",
        &rc, &log);
    const char *bw = path_in(dir, "figures/data/bandwidth-h2d.dat");
    const char *vars = path_in(dir, "figures/data/bandwidth-vars.gp");
    CHECK("host_states_are_curves_of_their_own",
          rc == plot_ok() && file_count(bw, "# index") == 3 && file_has(bw, "line=flushed") &&
              file_has(bw, "line=first-touch"),
          "returned %d; blocks of %s:\n%s", rc, bw, log ? log : "");
    /* every curve reuses its buffer: each line is keyed by its cache and its pages */
    CHECK(
        "host_states_named_in_the_legend",
        file_has(vars, "'flushed cache (flushed from the CPU caches before each copy) and "
                       "prefaulted pages'") &&
            file_has(vars, "'warm cache and first-touch pages (never touched before the copy)'") &&
            file_has(vars, "'warm cache and prefaulted pages'") &&
            !file_has(vars, "buffer allocated once"),
        "the notes in %s do not name the states", vars);
    CHECK("latency_keeps_to_the_steady_state",
          file_count(path_in(dir, "figures/data/latency-h2d.dat"), "# index") == 1,
          "latency-h2d.dat has more than the warm, prefaulted curve");
    free(log);
}

/*
 * Unusable fits.csv or host-memcpy.csv: a warning naming the file and line,
 * then the figures are drawn without what that file would have added.
 * FILE stands for the file's path in want.  Only the first case runs
 * gnuplot (the others check the data written for it, which is quicker).
 */
static const struct {
    const char *name, *file, *text, *want;
} side_cases[] = {
    {"fits_bad_number", "fits.csv",
     "experiment,alloc,direction,buffer,api,points,t0_us,bandwidth_gbps\n"
     "h200-small,pinned,h2d,reuse,sync,10,6.8,54.9\n"
     "h200-small,pinned,h2d,reuse,async,10,fast,55.5\n",
     "warning: FILE:3: t0_us 'fast' is not a number; no fit curves drawn"},
    {"fits_bad_alloc", "fits.csv",
     "alloc,direction,buffer,api,t0_us,bandwidth_gbps\npinnned,h2d,reuse,sync,6.8,54.9\n",
     "warning: FILE:2: alloc 'pinnned' is not one of pageable | pinned |"},
    {"fits_zero_bandwidth", "fits.csv",
     "alloc,direction,buffer,api,t0_us,bandwidth_gbps\npinned,h2d,reuse,sync,6.8,0\n",
     "warning: FILE:2: bandwidth_gbps '0' is not a positive number; no fit curves drawn"},
    {"fits_missing_column", "fits.csv", "alloc,direction,buffer,api,t0_us\n",
     "warning: FILE:1: no column 'bandwidth_gbps' in the header; no fit curves drawn"},
    {"fits_ragged", "fits.csv", "alloc,direction,buffer,api,t0_us,bandwidth_gbps\npinned,h2d\n",
     "warning: FILE:2: row has 2 fields but the header has 6; no fit curves drawn"},
    {"fits_empty", "fits.csv", "",
     "warning: FILE: the file is empty; expected a header row; no fit curves drawn"},
    {"memcpy_bad_number", "host-memcpy.csv", "size_bytes,gbps_median,samples\n4096,quick,10\n",
     "warning: FILE:2: gbps_median 'quick' is not a number; no host memcpy ceiling drawn"},
    {"memcpy_bad_size", "host-memcpy.csv", "size_bytes,gbps_median,samples\n0.5,20,10\n",
     "warning: FILE:2: size_bytes '0.5' is not a whole number of bytes; no host memcpy "
     "ceiling drawn"},
    {"memcpy_bidir", "host-memcpy.csv",
     "direction,size_bytes,gbps_median,samples,staging_bytes\n"
     "h2d,4096,26.3,10,2097152\nbidir,4096,20,10,2097152\n",
     "warning: FILE:3: direction 'bidir' is not one of h2d | d2h; no host memcpy ceiling drawn"},
    {"memcpy_empty_direction", "host-memcpy.csv",
     "direction,size_bytes,gbps_median,samples,staging_bytes\n,4096,20,10,2097152\n",
     "warning: FILE:2: direction '' is not one of h2d | d2h; no host memcpy ceiling drawn"},
    {"memcpy_bad_staging", "host-memcpy.csv",
     "direction,size_bytes,gbps_median,samples,staging_bytes\nd2h,4096,19.4,10,2MiB\n",
     "warning: FILE:2: staging_bytes '2MiB' is not a number; no host memcpy ceiling drawn"},
    {"memcpy_zero_staging", "host-memcpy.csv",
     "direction,size_bytes,gbps_median,samples,staging_bytes\nd2h,4096,19.4,10,0\n",
     "warning: FILE:2: staging_bytes '0' is not a whole number of bytes; no host memcpy "
     "ceiling drawn"},
};

static void check_side_case(size_t i)
{
    char name[96], want[2048], subdir[64];
    char *log = NULL;
    snprintf(name, sizeof(name), "warning_%s", side_cases[i].name);
    snprintf(subdir, sizeof(subdir), "side-%s", side_cases[i].name);
    const char *dir = make_results(subdir, NULL, WITH_SIDE_FILES);
    const char *file = dir ? path_in(dir, side_cases[i].file) : "";
    if (!dir || write_text(file, side_cases[i].text) < 0) {
        CHECK(name, 0, "cannot make %s", file);
        return;
    }
    const char *mark = strstr(side_cases[i].want, "FILE");
    snprintf(want, sizeof(want), "%.*s%s%s", (int)(mark - side_cases[i].want), side_cases[i].want,
             file, mark + 4);
    hide_gnuplot(i > 0);
    int rc = plot(dir, plots_dir, &log), ok = plot_ok();
    hide_gnuplot(0);
    CHECK(name, rc == ok && strncmp(log, want, strlen(want)) == 0,
          "returned %d, want %d; log [%s], want it to start [%s]", rc, ok, log, want);
    if (i == 0 && ok == PLOT_OK)
        CHECK("warning_then_figures_drawn", !missing_figure(dir), "%s", log);
    int fits = strcmp(side_cases[i].file, "fits.csv") == 0;
    const char *overlay = path_in(dir, "figures/data/bandwidth-h2d-overlay.dat");
    int memcpy_said = strstr(reading_of(dir, "bandwidth"), "host memcpy") != NULL;
    snprintf(name, sizeof(name), "warning_%s_drops_only_that_file", side_cases[i].name);
    CHECK(name,
          fits ? !file_has(overlay, "line=fit") && memcpy_said
               : file_has(overlay, "line=fit") && !memcpy_said,
          "%s: the overlays and the reading are not those of the other file alone", overlay);
    free(log);
}

static void test_bad_side_files(void)
{
    for (size_t i = 0; i < sizeof(side_cases) / sizeof(side_cases[0]); i++)
        check_side_case(i);
}

/*
 * host-memcpy.csv in its forms: the reading says the h2d rows for h2d and
 * the d2h rows for d2h; a file from before the direction column (no
 * direction, no staging_bytes) has its rows said for both.  It names the
 * staging buffer when the file gives one size for it.  Checked with
 * gnuplot hidden, which is quicker.
 */
static const struct {
    const char *name, *text, *title;
} memcpy_cases[] = {
    {"old_format_both_panels",
     "size_bytes,gbps_median,samples\n268435456,10.97,10\n4096,21.84,10\n1048576,35.81,10\n",
     "single-thread host memcpy (a pageable copy's host side, not drawn)"},
    {"h2d_rows_only",
     "direction,size_bytes,gbps_median,samples,staging_bytes\n"
     "h2d,4096,26.31,10,2097152\nh2d,1048576,27.64,10,2097152\n",
     "single-thread host memcpy via a 2 MiB staging buffer (a pageable copy's host side, not "
     "drawn)"},
    {"no_staging_column",
     "direction,size_bytes,gbps_median,samples\n"
     "d2h,65536,21.38,10\nh2d,65536,29.92,10\nd2h,4096,19.42,10\n",
     "single-thread host memcpy (a pageable copy's host side, not drawn)"},
    {"staging_8mib",
     "direction,size_bytes,gbps_median,samples,staging_bytes\n"
     "h2d,4096,26.31,10,8388608\nd2h,4096,19.42,10,8388608\n",
     "single-thread host memcpy via an 8 MiB staging buffer (a pageable copy's host side, not "
     "drawn)"},
    {"staging_sizes_differ",
     "direction,size_bytes,gbps_median,samples,staging_bytes\n"
     "h2d,4096,26.31,10,2097152\nd2h,4096,19.42,10,1048576\n",
     "single-thread host memcpy via a staging buffer (a pageable copy's host side, not drawn)"},
};

static void test_memcpy_forms(void)
{
    for (size_t i = 0; i < sizeof(memcpy_cases) / sizeof(memcpy_cases[0]); i++) {
        char name[96], subdir[64];
        char *log = NULL;
        snprintf(name, sizeof(name), "memcpy_%s", memcpy_cases[i].name);
        snprintf(subdir, sizeof(subdir), "memcpy-%s", memcpy_cases[i].name);
        const char *dir = make_results(subdir, NULL, WITH_SIDE_FILES);
        const char *file = dir ? path_in(dir, "host-memcpy.csv") : "";
        if (!dir || write_text(file, memcpy_cases[i].text) < 0) {
            CHECK(name, 0, "cannot make %s", file);
            continue;
        }
        hide_gnuplot(1);
        int rc = plot(dir, plots_dir, &log);
        hide_gnuplot(0);
        CHECK(name, rc == PLOT_ENO_GNUPLOT && !strstr(log, "warning"),
              "returned %d, want %d, without warnings; log:\n%s", rc, PLOT_ENO_GNUPLOT, log);
        const char *title = memcpy_cases[i].title;
        if (memcpy_points(file, "h2d", (double[MAX_POINTS][2]){{0}}))
            check_ceiling(name, dir, file, "h2d", title);
        if (memcpy_points(file, "d2h", (double[MAX_POINTS][2]){{0}}))
            check_ceiling(name, dir, file, "d2h", title);
        free(log);
    }
}

/* Without gnuplot on PATH: -2, the data files still written, and how to draw later. */
static void test_no_gnuplot(void)
{
    const char *name = "no_gnuplot_on_path";
    char *log = NULL;
    const char *dir = make_results("no-gnuplot", NULL, WITH_SIDE_FILES);
    hide_gnuplot(1);
    int available = plot_gnuplot_available();
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    hide_gnuplot(0);
    CHECK("no_gnuplot_not_available", !available,
          "plot_gnuplot_available() is 1 with an empty PATH");
    CHECK(name, rc == PLOT_ENO_GNUPLOT, "returned %d, want %d; log:\n%s", rc, PLOT_ENO_GNUPLOT,
          log ? log : "");
    if (rc != PLOT_ENO_GNUPLOT)
        goto out;
    /* The notes of the figures the fixture has no data for come first. */
    const char *msg = strstr(log, "gnuplot is not installed");
    CHECK("no_gnuplot_says_how_to_draw_later",
          msg && (msg == log || msg[-1] == '\n') && strstr(msg, "apt-get install gnuplot-nox") &&
              strstr(msg, "pinsweep plot ") && strchr(msg, '\n') == log + strlen(log) - 1 &&
              copy_notes(log) == 0,
          "the message is not one line saying how to draw later:\n%s", log);
    CHECK("no_gnuplot_data_written",
          exists(dir, "figures/data/bandwidth-vars.gp") &&
              exists(dir, "figures/data/bandwidth-h2d.dat") &&
              exists(dir, "figures/data/latency-vars.gp"),
          "the data files were not written");
    check_side_data("no_gnuplot", dir);
    check_fit_model(dir);
out:
    free(log);
}

/* A broken script: -3 and gnuplot's own complaint passed through. */
static void test_gnuplot_fails(void)
{
    const char *name = "gnuplot_error_passed_through";
    char *log = NULL, scripts[1024];
    snprintf(scripts, sizeof(scripts), "%s/broken-plots", tmpdir);
    const char *dir = make_results("broken", NULL, 0);
    /* headline is drawn first, then bandwidth: both broken. */
    int made = mkdir(scripts, 0777) == 0 &&
               write_text(path_in(scripts, "headline.gp"), "plot no_such_function(x)\n") == 0 &&
               write_text(path_in(scripts, "bandwidth.gp"), "plot no_such_function(x)\n") == 0;
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir && made ? plot(dir, scripts, &log) : -100;
    CHECK(
        name,
        rc == PLOT_EGNUPLOT && strstr(log, "gnuplot failed on") && strstr(log, "no_such_function"),
        "returned %d, want %d, with gnuplot's stderr; log:\n%s", rc, PLOT_EGNUPLOT, log ? log : "");
    free(log);
}

/* Problems with summary.csv: -1 and a message naming the file (PATH is the summary's path). */
static const struct {
    const char *name, *csv, *want; /* want: after "PATH" */
} bad_cases[] = {
    {"bad_alloc_value",
     "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
     "pinned,h2d,reuse,sync,4096,1.5,ok\n"
     "pinnned,h2d,reuse,sync,8192,2.5,ok\n",
     ":3: alloc 'pinnned' is not one of pageable | pinned |"},
    {"bad_number",
     "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
     "pinned,h2d,reuse,sync,4096,fast,ok\n",
     ":2: gbps_median 'fast' is not a number"},
    {"bad_size",
     "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
     "pinned,h2d,reuse,sync,4096.5,1,ok\n",
     ":2: size_bytes '4096.5' is not a whole number of bytes"},
    {"empty_required",
     "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
     "pinned,h2d,reuse,sync,4096,,ok\n",
     ":2: gbps_median is empty in a row with status ok"},
    {"missing_column",
     "alloc,direction,buffer,api,size_bytes,status\n"
     "pinned,h2d,reuse,sync,4096,ok\n",
     ": no column 'gbps_median' in the header"},
    {"no_ok_rows",
     "alloc,direction,buffer,api,size_bytes,gbps_median,status,error\n"
     "pinned,h2d,reuse,sync,4096,,error,\"cudaHostAlloc: out of memory, twice\"\n",
     ": no row has status ok (of 1 row); nothing to draw"},
    {"empty_file", "", ": the file is empty; expected a header row"},
    {"bad_cache_value",
     "alloc,direction,buffer,api,cache,size_bytes,gbps_median,status\n"
     "pinned,h2d,reuse,sync,cold,4096,1.5,ok\n",
     ":2: cache 'cold' is not one of warm | flushed"},
};

static void check_bad(const char *name, const char *dir, const char *want)
{
    char *log = NULL;
    char expect[2048];
    snprintf(expect, sizeof(expect), "%s/summary.csv%s", dir, want);
    int rc = plot(dir, plots_dir, &log);
    CHECK(name, rc == PLOT_EBAD_SUMMARY && strncmp(log, expect, strlen(expect)) == 0,
          "returned %d, want %d; message [%s], want it to start [%s]", rc, PLOT_EBAD_SUMMARY, log,
          expect);
    char check[128];
    snprintf(check, sizeof(check), "%s: no figures/", name);
    CHECK(check, !exists(dir, "figures"), "figures/ made for a bad summary");
    free(log);
}

static void test_bad_summaries(void)
{
    for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
        char name[80];
        snprintf(name, sizeof(name), "bad_summary_%s", bad_cases[i].name);
        const char *dir = make_summary(bad_cases[i].name, bad_cases[i].csv);
        if (!dir)
            CHECK(name, 0, "cannot make %s/%s", tmpdir, bad_cases[i].name);
        else
            check_bad(name, dir, bad_cases[i].want);
    }
    check_bad("bad_summary_ragged_fixture", "tests/fixtures/results-bad",
              ":6: row has 12 fields but the header has 27");
    check_bad("missing_results_dir", "tests/fixtures/no-such-results",
              ": No such file or directory");
}

/*
 * Every figure's bars are the one interval (analysis/interval.h), written as each data file's
 * columns 3 and 4.  A folder whose samples.csv has three samples of every configuration at
 * 0.8, 1 and 1.25 times its median (of each quantity: GB/s, µs per copy from device_ms and
 * copies, alloc, free, effective GB/s) gives every median m the interval m e^(+-h), h =
 * t(0.975, 2) ln 1.25 sqrt(4/3) (t from tables), and every ratio m e^(+-sqrt 2 h); a speedup's
 * log axis is centred at 1.
 */
static void test_intervals(void)
{
    /* config: GB/s, µs per copy, alloc ms, free ms, effective GB/s (0: none) */
    static const double m[6][5] = {{40, 20, 0, 0, 0},    {50, 80, 0, 0, 0},     {10, 100, 0, 0, 0},
                                   {12.5, 400, 0, 0, 0}, {40, 0, 0.5, 0.25, 2}, {50, 0, 2, 1, 8}};
    static const char *const kind[6] = {"pinned,h2d,reuse",      "pinned,h2d,reuse",
                                        "pageable,h2d,reuse",    "pageable,h2d,reuse",
                                        "pinned,h2d,reallocate", "pinned,h2d,reallocate"};
    static const double f[3] = {0.8, 1, 1.25};
    /*
     * Configs 1-6 at 1 MiB and 4 MiB (the points checked); 7-12 the same at 256 KiB and
     * 16 MiB, so that every figure spans four sizes (fewer make a table, tables.h).
     */
    char summary[2048] = "config,alloc,direction,buffer,api,size_bytes,samples,gbps_median,"
                         "us_per_copy_median,alloc_ms_median,free_ms_median,"
                         "effective_gbps_median,status\n";
    char samples[8192] =
        "config,sample,round,copies,device_ms,gbps,alloc_ms,free_ms,effective_gbps\n";
    size_t len = strlen(samples), slen = strlen(summary);
    for (int c = 0; c < 12; c++) {
        const double *v0 = m[c % 6];
        double size = (c % 2 ? 4194304.0 : 1048576.0) * (c < 6 ? 1 : c % 2 ? 4 : 0.25);
        char cell[4][32] = {"", "", "", ""};
        for (int j = 1; j < 5; j++)
            if (v0[j] > 0)
                snprintf(cell[j - 1], sizeof(cell[0]), "%.6g", v0[j]);
        slen += (size_t)snprintf(summary + slen, sizeof(summary) - slen,
                                 "%d,%s,sync,%.0f,3,%.6g,%s,%s,%s,%s,ok\n", c + 1, kind[c % 6],
                                 size, v0[0], cell[0], cell[1], cell[2], cell[3]);
        for (int k = 0; k < 3; k++) {
            const double v[4] = {v0[1] * 4 / 1000, v0[2], v0[3], v0[4]};
            for (int j = 0; j < 4; j++)
                snprintf(cell[j], sizeof(cell[j]), v[j] > 0 ? "%.6g" : "", v[j] * f[k]);
            len += (size_t)snprintf(samples + len, sizeof(samples) - len,
                                    "%d,%d,1,4,%s,%.6g,%s,%s,%s\n", c + 1, k + 1, cell[0],
                                    v0[0] * f[k], cell[1], cell[2], cell[3]);
        }
    }
    const char *dir = make_summary("intervals", summary);
    char *out = NULL, want[128];
    if (!dir || write_text(path_in(dir, "samples.csv"), samples) < 0) {
        CHECK("intervals: the folder", 0, "cannot write it");
        return;
    }
    run_plot(draw_results, dir, plots_dir, 0, 1, &out);
    double h = 4.302652729749464 * log(1.25) * sqrt(4.0 / 3), hr = sqrt(2) * h;
    static const struct {
        const char *file;
        double x, y, h;
    } want_points[] = {
        {"bandwidth-h2d.dat", 1048576, 40, 1},
        {"bandwidth-h2d.dat", 4194304, 12.5, 1},
        {"latency-h2d.dat", 1048576, 20, 1},
        {"latency-h2d.dat", 4194304, 400, 1},
        {"speedup-h2d.dat", 1048576, 4, 2},
        {"speedup-h2d.dat", 4194304, 4, 2},
        {"alloc-cost-pinned.dat", 1048576, 0.5, 1}, /* a panel per kind */
        {"alloc-cost-pinned.dat", 4194304, 1, 1},
        {"reuse-vs-reallocate-pinned.dat", 1048576, 2, 1},
        {"reuse-vs-reallocate-pinned.dat", 4194304, 50, 1},
    };
    for (size_t i = 0; i < sizeof(want_points) / sizeof(want_points[0]); i++) {
        double y = want_points[i].y, hh = want_points[i].h == 2 ? hr : h;
        char file[96], name[160];
        snprintf(file, sizeof(file), "figures/data/%s", want_points[i].file);
        snprintf(want, sizeof(want), "\n%.0f %.6g %.6g %.6g\n", want_points[i].x, y, y * exp(-hh),
                 y * exp(hh));
        snprintf(name, sizeof(name), "intervals: %s at %.0f: %g e^(+-%s)", want_points[i].file,
                 want_points[i].x, y, want_points[i].h == 2 ? "sqrt 2 h" : "h");
        CHECK(name, file_has(path_in(dir, file), want), "no line '%s' in %s", want + 1,
              path_in(dir, file));
    }
    const char *sv = path_in(dir, "figures/data/speedup-vars.gp");
    double top = 4 * exp(hr) * 1.02; /* the highest bar, 2 % over: the next 1-2-5 value is 20 */
    CHECK("intervals: speedup's log axis is centred at 1, 1/20 to 20",
          top > 10 && top < 20 && file_has(sv, "log_y = 1\n") &&
              file_has(sv, "\ny_min = 0.050000000000000003\ny_max = 20\n"),
          "top bar %g; %s", top, sv);
    CHECK("intervals: the bars are explained",
          file_has(path_in(dir, "figures/data/bandwidth-vars.gp"),
                   "'bars: 95 % prediction interval of another sample (n = 3)'") &&
              file_has(sv, "'bars: 95 % prediction interval of the ratio (n = 3)'"),
          "no bars note in bandwidth-vars.gp or speedup-vars.gp");
    free(out);
}

int main(void)
{
    if (plot_test_begin("plot") < 0)
        return 1;
    test_fixture("fixture_draws_all_figures", "results");
    test_fixture("path_with_space_and_quote", "results dir 'q'");
    test_without_side_files();
    test_reuse_only();
    test_latency_variants();
    test_intervals();
    test_decimal_sizes();
    test_host_states();
    test_bad_side_files();
    test_memcpy_forms();
    test_no_gnuplot();
    test_gnuplot_fails();
    test_bad_summaries();
    return plot_test_end("test_plot");
}
