/*
 * test_fig_gpus.c - unit tests of the figures and the report table of
 * several GPUs at once (fig_gpus.h): from a summary.csv written here for
 * 2, 3 and 8 GPUs by a model of exact decimals, the data files of
 * gpus-bandwidth and gpus-scaling (every point and bar as the model says,
 * to the 6 significant digits the files hold), their variables (panels,
 * key, notes, the line at 100 %, the log axis for many GPUs), the readings
 * and the report's table cell by cell; a folder of one GPU, or of GPUs one
 * after another, draws nothing new and says nothing of it; too few sizes
 * make a table, said in one note.  Prints PASS, FAIL or SKIP per check (check.h); SKIP where
 * gnuplot is needed but not installed.  Run from the repository root.
 */
#include "check.h"
#include "figures/input.h"
#include "figures/plot.h"
#include "figures/readings.h"
#include "figures/figdef.h"
#include "figures/fig_gpus.h"
#include "report/report_tables.h"
#include "plot_test_util.h"

#define NSIZES 4 /* the fewest a figure across sizes is drawn from (figures/tables.h) */
#define MODEL_MAX_GPUS 8

static const double sizes[NSIZES] = {1048576, 4194304, 16777216, 67108864};
static const char *const dirs[2] = {"h2d", "d2h"};

/*
 * The model, in decimals that 6 significant digits hold exactly: GPU k
 * alone reads 50 - 2k GB/s h2d (5 less d2h); at once 20 + k; all at once
 * the sum at once less 2 (the union of the spans is longer than each).
 * Every row has three samples in samples.csv, 0.8, 1 and 1.25 times its
 * median: their logs deviate by exactly ln 1.25, so each median's interval
 * (analysis/interval.h) is m e^(+-h), h = t(0.975, 2) ln 1.25 sqrt(4/3),
 * with t from tables.  A configuration's rows share its config number (a
 * GPU alone, at once, the aggregate): each interval must come from its own
 * row's samples (device and gpus), not the others'.
 */
#define T2 4.302652729749464
#define H (T2 * log(1.25) * sqrt(4.0 / 3))
static double alone(size_t k, int d)
{
    return 50 - 2.0 * (double)k - (d ? 5 : 0);
}

static double together(size_t k)
{
    return 20 + (double)k;
}

static double aggregate(size_t n)
{
    double sum = 0;
    for (size_t k = 0; k < n; k++)
        sum += together(k);
    return sum - 2;
}

static double alone_sum(size_t n, int d, double offset)
{
    double sum = 0;
    for (size_t k = 0; k < n; k++)
        sum += alone(k, d) + offset;
    return sum;
}

static const char *g6(double v)
{
    static char bufs[8][32];
    static int next;
    char *b = bufs[next++ % 8];
    snprintf(b, sizeof(bufs[0]), "%.6g", v);
    return b;
}

/* samples.csv of the folder being written, and its next sample number. */
static FILE *samples_file;
static int sample_no;

/* One summary.csv row into f, and its three samples (0.8, 1, 1.25 x med) into samples_file. */
static void row(FILE *f, int config, const char *device, const char *alloc, int d, const char *api,
                double size, double med, const char *gpus, double alone_gbps)
{
    int at_once = strcmp(gpus, "alone") != 0;
    double lo = 0.8 * med, hi = 1.25 * med;
    fprintf(f, "model,%d,%s,%s,%s,reuse,%s,warm,prefaulted,%.0f,3,%s,%s,%s,%s,", config, device,
            alloc, dirs[d], api, size, g6(med), g6(lo), g6(hi), gpus);
    for (int k = 0; k < 3 && samples_file; k++)
        fprintf(samples_file, "%d,%d,1,%s,%s,%s\n", config, ++sample_no,
                g6(k == 0   ? lo
                   : k == 1 ? med
                            : hi),
                device, gpus);
    if (at_once)
        fprintf(f, "97.5,yes,%s,%s,ok\n", g6(alone_gbps), g6(100 * med / alone_gbps));
    else
        fprintf(f, ",,,,ok\n");
}

/* Every row of one configuration on n GPUs (n == 1: one GPU alone, gpus empty). */
static void config_rows(FILE *f, int config, size_t n, const char *alloc, int d, const char *api,
                        double size)
{
    char all[64] = "";
    for (size_t k = 0; k < n; k++) {
        char dev[24];
        snprintf(dev, sizeof(dev), "%zu", k);
        row(f, config, dev, alloc, d, api, size, alone(k, d), n > 1 ? "alone" : "", 0);
        snprintf(all + strlen(all), sizeof(all) - strlen(all), "%s%zu", k ? "+" : "", k);
    }
    for (size_t k = 0; k < n && n > 1; k++) {
        char dev[24];
        snprintf(dev, sizeof(dev), "%zu", k);
        row(f, config, dev, alloc, d, api, size, together(k), "together", alone(k, d));
    }
    if (n > 1)
        row(f, config, all, alloc, d, api, size, aggregate(n), "aggregate", alone_sum(n, d, 0));
}

/*
 * A folder tmpdir/name whose summary.csv has pinned async at nsizes sizes,
 * h2d and d2h, and pageable sync at the smallest size, on n GPUs; NULL on
 * failure.
 */
static const char *model_folder(const char *name, size_t n, size_t nsizes)
{
    const char *dir = make_folder(name, "tests/fixtures", (const char *const[]){NULL});
    FILE *f = dir ? fopen(path_in(dir, "summary.csv"), "w") : NULL;
    int config = 1;
    if (!f)
        return NULL;
    samples_file = fopen(path_in(dir, "samples.csv"), "w");
    sample_no = 0;
    if (!samples_file)
        return NULL;
    fputs("config,sample,round,gbps,device,gpus\n", samples_file);
    fputs("experiment,config,device,alloc,direction,buffer,api,cache,touch,size_bytes,samples,"
          "gbps_median,gbps_min,gbps_max,gpus,overlap_pct,synchronised,alone_gbps,scaling_pct,"
          "status\n",
          f);
    for (int d = 0; d < 2; d++)
        for (size_t s = 0; s < nsizes; s++)
            config_rows(f, config++, n, "pinned", d, "async", sizes[s]);
    config_rows(f, config, n, "pageable", 0, "sync", sizes[0]);
    int rc = fclose(samples_file);
    samples_file = NULL;
    return fclose(f) == 0 && rc == 0 ? dir : NULL;
}

/* The line of x in the block of the data file at path whose heading holds heading, or "". */
static const char *block_line(const char *path, const char *heading, double x)
{
    static char line[256];
    char *text = read_text(path), key[64];
    const char *b = strstr(text, heading), *end = b ? strstr(b, "\n\n\n") : NULL;
    snprintf(key, sizeof(key), "\n%.0f ", x);
    const char *p = b ? strstr(b, key) : NULL;
    line[0] = '\0';
    if (p && (!end || p < end))
        snprintf(line, sizeof(line), "%.*s", (int)strcspn(p + 1, "\n"), p + 1);
    free(text);
    return line;
}

/* "x y lo hi" as the figures write a point. */
static const char *point(double x, double y, double lo, double hi)
{
    static char buf[128];
    snprintf(buf, sizeof(buf), "%.0f %s %s %s", x, g6(y), g6(lo), g6(hi));
    return buf;
}

/*
 * The interval's half-width of the sum of the GPUs alone (interval_sum: h sqrt(sum a_k^2) /
 * sum a_k) and of a ratio of two of the model's intervals (sqrt 2 h), in direction d.
 */
static double sum_h(size_t n, int d)
{
    double sq = 0;
    for (size_t k = 0; k < n; k++)
        sq += alone(k, d) * alone(k, d);
    return H * sqrt(sq) / alone_sum(n, d, 0);
}

/* Check every point of both figures' panel d against the model; how many points differ. */
static int check_panel(const char *dir, size_t n, int d)
{
    char bw[256], sc[256], heading[96];
    int bad = 0;
    snprintf(bw, sizeof(bw), "%s/figures/data/gpus-bandwidth-%s.dat", dir, dirs[d]);
    snprintf(sc, sizeof(sc), "%s/figures/data/gpus-scaling-%s.dat", dir, dirs[d]);
    for (size_t s = 0; s < NSIZES; s++) {
        double x = sizes[s], sum = alone_sum(n, d, 0), agg = aggregate(n);
        for (size_t k = 0; k < n; k++) {
            double a = alone(k, d), t = together(k);
            snprintf(heading, sizeof(heading), "alone gbps_median min max color=machine:%zu ",
                     k + 1);
            bad += strcmp(block_line(bw, heading, x), point(x, a, a * exp(-H), a * exp(H))) != 0;
            snprintf(heading, sizeof(heading), "together gbps_median min max color=machine:%zu ",
                     k + 1);
            bad += strcmp(block_line(bw, heading, x), point(x, t, t * exp(-H), t * exp(H))) != 0;
            snprintf(heading, sizeof(heading), "color=machine:%zu line=together", k + 1);
            double sc_k = atof(g6(100 * t / a));
            bad += strcmp(block_line(sc, heading, x),
                          point(x, sc_k, sc_k * exp(-sqrt(2) * H), sc_k * exp(sqrt(2) * H))) != 0;
        }
        double hs = sum_h(n, d), hr = sqrt(H * H + hs * hs), sc_all = atof(g6(100 * agg / sum));
        bad += strcmp(block_line(bw, "line=aggregate", x),
                      point(x, agg, agg * exp(-H), agg * exp(H))) != 0;
        bad += strcmp(block_line(bw, "line=alone-sum", x),
                      point(x, sum, sum * exp(-hs), sum * exp(hs))) != 0;
        bad += strcmp(block_line(sc, "line=aggregate", x),
                      point(x, sc_all, sc_all * exp(-hr), sc_all * exp(hr))) != 0;
    }
    return bad;
}

/* Draw the model on n GPUs (gnuplot hidden) and check its data, variables and notes. */
static void test_model(size_t n)
{
    char name[64], check[128], *log = NULL;
    snprintf(name, sizeof(name), "model-%zu", n);
    const char *dir = model_folder(name, n, NSIZES);
    if (!dir) {
        CHECK(name, 0, "cannot write the model's folder");
        return;
    }
    int rc = run_plot(plot_results_opts, dir, plots_dir, 0, 1, &log);
    const char *bv = path_in(dir, "figures/data/gpus-bandwidth-vars.gp");
    const char *sv = path_in(dir, "figures/data/gpus-scaling-vars.gp");
    char want[64];
    snprintf(check, sizeof(check), "%zu GPUs: described, no note of the gpus figures", n);
    CHECK(check, rc == PLOT_ENO_GNUPLOT && !strstr(log, "no gpus-"), "returned %d; log:\n%s", rc,
          log);
    for (int d = 0; d < 2; d++) {
        snprintf(check, sizeof(check), "%zu GPUs: %s points and bars as the model", n, dirs[d]);
        int bad = check_panel(dir, n, d);
        CHECK(check, bad == 0, "%d points differ (see %s/figures/data)", bad, dir);
    }
    snprintf(want, sizeof(want), "'GPU %zu together'", n - 1);
    snprintf(check, sizeof(check), "%zu GPUs: bandwidth's panels, key and notes", n);
    CHECK(check,
          file_has(bv, "npanels = 2\n") && file_count(bv, "'GPU ") == (int)(2 * n) &&
              file_has(bv, want) && file_has(bv, "'GPU 0 alone'") &&
              file_has(bv, "'aggregate: all at once'") && file_has(bv, "'sum of the GPUs alone'") &&
              file_has(bv, "'bars: 95 % prediction interval of another sample (n = 3)'") &&
              file_has(bv, "'the sum''s bars: its GPUs'' combined;") &&
              file_has(bv, n > 4 ? "log_y = 1\n" : "log_y = 0\n") && file_has(bv, "'model: ") &&
              file_has(bv, " GPUs alone and at once, pinned async'"),
          "%s", bv);
    snprintf(check, sizeof(check), "%zu GPUs: scaling's key, notes and the line at 100 %%", n);
    CHECK(check,
          file_count(sv, ": together ÷ alone'") == (int)n &&
              file_has(sv, "'GPU 1: together ÷ alone'") &&
              file_has(sv, "'all: aggregate ÷ sum alone'") && file_has(sv, "hline_y[1] = 100;") &&
              file_has(sv, "nhlines = 2\n") &&
              file_has(sv, "'bars: 95 % prediction interval of the ratio (n = 3)'"),
          "%s", sv);
    free(log);
}

/* The readings of the model on 3 GPUs: the largest size each way, the scaling's ranges. */
static void test_readings(void)
{
    const char *dir = model_folder("readings", 3, NSIZES);
    struct plot_input in = {0};
    char want[512];
    int ok = dir && plot_input_read(&in, dir, NULL) == 0;
    char *bw = ok ? plot_reading(&in, fig_gpus_bandwidth_def.read) : NULL;
    char *sc = ok ? plot_reading(&in, fig_gpus_scaling_def.read) : NULL;
    snprintf(want, sizeof(want),
             "pinned async on 3 GPUs: h2d at 64 MiB, %.2f GB/s at once in all against %.2f alone "
             "summed (%.1f %%): GPU 0 20.00 of 50.00, GPU 1 21.00 of 48.00, GPU 2 22.00 of 46.00; "
             "d2h at 64 MiB, %.2f GB/s at once in all against %.2f alone summed (%.1f %%)",
             aggregate(3), alone_sum(3, 0, 0), 100 * aggregate(3) / alone_sum(3, 0, 0),
             aggregate(3), alone_sum(3, 1, 0), 100 * aggregate(3) / alone_sum(3, 1, 0));
    CHECK("readings: gpus-bandwidth",
          bw && strncmp(bw, want, strlen(want)) == 0 && strstr(bw, "spans overlap 97.5 %"),
          "got '%s', want it to open with '%s'", bw ? bw : "(null)", want);
    snprintf(want, sizeof(want),
             "pinned async: h2d: the aggregate keeps %.1f %% of the sum alone, each GPU of itself: "
             "GPU 0 %.1f %%, GPU 1 %.1f %%, GPU 2 %.1f %%; d2h",
             100 * aggregate(3) / alone_sum(3, 0, 0), 100 * together(0) / alone(0, 0),
             100 * together(1) / alone(1, 0), 100 * together(2) / alone(2, 0));
    CHECK("readings: gpus-scaling", sc && strncmp(sc, want, strlen(want)) == 0,
          "got '%s', want it to open with '%s'", sc ? sc : "(null)", want);
    free(bw);
    free(sc);
    if (ok)
        plot_input_free(&in);
}

/* The report's table "gpus" of the folder at dir into t; its rows, or -1. */
static int gpus_table(const char *dir, struct plot_input *in, struct tabular *t)
{
    if (plot_input_read(in, dir, NULL) < 0)
        return -1;
    struct report_src src = {in, NULL};
    for (size_t i = 0; i < report_table_count(); i++) {
        struct report_table_info info;
        int rows = report_table(i, &src, t, &info);
        if (strcmp(t->name, "gpus") == 0)
            return rows;
        tabular_free(t);
    }
    return -1;
}

/* Does row r of t hold the cells want (NULL-terminated, from column 0)? */
static int row_is(const struct tabular *t, size_t r, const char *const want[])
{
    for (size_t c = 0; want[c]; c++)
        if (strcmp(t->cells[r * t->ncols + c], want[c]) != 0) {
            printf("  row %zu column %zu: '%s', want '%s'\n", r, c, t->cells[r * t->ncols + c],
                   want[c]);
            return 0;
        }
    return 1;
}

/* The table of the model on 2 GPUs: a row per GPU and one for all, per configuration. */
static void test_table(void)
{
    const char *dir = model_folder("table", 2, NSIZES);
    struct plot_input in = {0};
    struct tabular t;
    int rows = dir ? gpus_table(dir, &in, &t) : -1;
    char agg[32], sum[32], pct[32], iv[4][32];
    double a = aggregate(2), s = alone_sum(2, 0, 0), hs = sum_h(2, 0);
    snprintf(agg, sizeof(agg), "%.2f", a);
    snprintf(sum, sizeof(sum), "%.2f", s);
    snprintf(pct, sizeof(pct), "%.1f %%", 100 * a / s);
    snprintf(iv[0], sizeof(iv[0]), "%.2f–%.2f", 50 * exp(-H), 50 * exp(H));
    snprintf(iv[1], sizeof(iv[1]), "%.2f–%.2f", 20 * exp(-H), 20 * exp(H));
    snprintf(iv[2], sizeof(iv[2]), "%.2f–%.2f", s * exp(-hs), s * exp(hs));
    snprintf(iv[3], sizeof(iv[3]), "%.2f–%.2f", a * exp(-H), a * exp(H));
    CHECK("table: 9 configurations x (2 GPUs + all)", rows == 27, "got %d rows", rows);
    if (rows == 27) {
        /* sorted by kind: pageable sync (1 MiB h2d) first, then pinned async h2d by size */
        char iv1[2][32];
        snprintf(iv1[0], sizeof(iv1[0]), "%.2f–%.2f", 48 * exp(-H), 48 * exp(H));
        snprintf(iv1[1], sizeof(iv1[1]), "%.2f–%.2f", 21 * exp(-H), 21 * exp(H));
        const char *const gpu0[] = {"pageable sync", "h2d", "1 MiB", "GPU 0",  "50.00", iv[0],
                                    "20.00",         iv[1], "3 / 3", "40.0 %", "",      NULL};
        const char *const gpu1[] = {"pinned async", "h2d",  "1 MiB", "GPU 1",  "48.00", iv1[0],
                                    "21.00",        iv1[1], "3 / 3", "43.8 %", "",      NULL};
        const char *const all[] = {"pinned async", "h2d",   "1 MiB", "all: 0+1", sum, iv[2], agg,
                                   iv[3],          "– / 3", pct,     "97.5 %",   NULL};
        CHECK("table: a GPU's row", row_is(&t, 0, gpu0) && row_is(&t, 4, gpu1), "see above");
        CHECK("table: all's row", row_is(&t, 5, all), "see above");
        CHECK("table: caption",
              strstr(t.caption, "model: each configuration measured on several "
                                "GPUs at once") != NULL,
              "%s", t.caption);
    }
    if (rows >= 0) {
        tabular_free(&t);
        plot_input_free(&in);
    }
}

/*
 * A folder of one GPU and one of GPUs measured one after another (gpus
 * alone only): no gpus figure, no note of one, an empty table.
 */
static void test_no_together(void)
{
    static const char *const each =
        "experiment,config,device,alloc,direction,buffer,api,size_bytes,samples,gbps_median,"
        "gpus,status\n"
        "each,1,0,pinned,h2d,reuse,async,1048576,3,50,alone,ok\n"
        "each,1,1,pinned,h2d,reuse,async,1048576,3,48,alone,ok\n"
        "each,2,0,pinned,h2d,reuse,async,4194304,3,50,alone,ok\n"
        "each,2,1,pinned,h2d,reuse,async,4194304,3,48,alone,ok\n";
    const char *dirs_[2] = {model_folder("one-gpu", 1, NSIZES), NULL};
    dirs_[1] = make_folder_summary("each", "tests/fixtures", (const char *const[]){NULL}, each);
    for (int i = 0; i < 2; i++) {
        char *log = NULL, check[96];
        struct plot_input in = {0};
        struct tabular t;
        const char *dir = i ? path_in(tmpdir, "each") : path_in(tmpdir, "one-gpu");
        int rc = dirs_[i] ? run_plot(plot_results_opts, dir, plots_dir, 0, 1, &log) : -100;
        snprintf(check, sizeof(check), "%s: no gpus figure and nothing said of it",
                 i ? "GPUs one after another" : "one GPU");
        CHECK(check,
              rc == PLOT_ENO_GNUPLOT && !strstr(log, "gpus-bandwidth") &&
                  !strstr(log, "gpus-scaling") &&
                  !exists(dir, "figures/data/gpus-bandwidth-vars.gp") &&
                  !exists(dir, "figures/data/gpus-scaling-vars.gp"),
              "returned %d; log:\n%s", rc, log);
        int rows = gpus_table(dir, &in, &t);
        snprintf(check, sizeof(check), "%s: no gpus table",
                 i ? "GPUs one after another" : "one GPU");
        CHECK(check, rows == 0, "%d rows", rows);
        if (rows >= 0) {
            tabular_free(&t);
            plot_input_free(&in);
        }
        free(log);
    }
}

/*
 * Together at one size, then at three: the figures are tables (tables.md has the gpus
 * table), said in one note; at three sizes they were lines before.
 */
static void test_few_sizes(void)
{
    for (size_t nsizes = 1; nsizes <= 3; nsizes += 2) {
        char *log = NULL, name[32], want[1024], check[96];
        snprintf(name, sizeof(name), "few-sizes-%zu", nsizes);
        const char *dir = model_folder(name, 2, nsizes);
        if (!dir) {
            CHECK(name, 0, "cannot write the model's folder");
            return;
        }
        int rc = run_plot(plot_results_opts, dir, plots_dir, 0, 1, &log);
        snprintf(want, sizeof(want),
                 "note: figures as tables in %s/figures/tables.md (and .tex), their data spanning "
                 "fewer than 4 sizes: headline, bandwidth, gpus-bandwidth, gpus-scaling: %zu "
                 "size%s\n",
                 dir, nsizes, nsizes > 1 ? "s" : "");
        snprintf(check, sizeof(check), "%zu size%s: the gpus figures are a table", nsizes,
                 nsizes > 1 ? "s" : "");
        CHECK(check,
              rc == PLOT_ENO_GNUPLOT && strstr(log, want) && !strstr(log, "no gpus-") &&
                  !exists(dir, "figures/data/gpus-bandwidth-vars.gp") &&
                  !exists(dir, "figures/data/gpus-scaling-vars.gp") &&
                  file_has(path_in(dir, "figures/tables.md"),
                           "| kind | direction | size | GPU | alone GB/s | alone 95 % interval | "
                           "at once GB/s |"),
              "returned %d; want '%s'; log:\n%s", rc, want, log);
        free(log);
    }
}

/* With gnuplot: both figures in every format, and no warning from it. */
static void test_drawn(void)
{
    static const char *const names[] = {"gpus-bandwidth", "gpus-scaling"};
    char *log = NULL;
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot("drawn: gpus-bandwidth and gpus-scaling");
        return;
    }
    const char *dir = model_folder("drawn", 3, NSIZES);
    if (!dir) {
        CHECK("drawn", 0, "cannot write the model's folder");
        return;
    }
    int rc = run_plot(plot_results_opts, dir, plots_dir, 0, 0, &log);
    const char *missing = missing_format(dir, names, 2);
    CHECK("drawn: gpus-bandwidth and gpus-scaling",
          rc == PLOT_OK && !missing && !strstr(log, "warn"), "returned %d, %s missing; log:\n%s",
          rc, missing ? missing : "nothing", log);
    free(log);
}

int main(void)
{
    static const size_t gpus[] = {2, 3, MODEL_MAX_GPUS};
    if (plot_test_begin("fig-gpus") < 0)
        return 1;
    for (size_t i = 0; i < sizeof(gpus) / sizeof(gpus[0]); i++)
        test_model(gpus[i]);
    test_readings();
    test_table();
    test_no_together();
    test_few_sizes();
    test_drawn();
    return plot_test_end("test_fig_gpus");
}
