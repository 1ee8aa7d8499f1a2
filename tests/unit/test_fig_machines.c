/*
 * test_fig_machines.c - unit tests of plot_compare (the compare-bandwidth
 * and compare-ratio figures, from tests/fixtures/compare-two: the H200
 * fixture against the PCIe 3.0 one), its messages for a bad compare.csv or
 * machines.csv, and plot_pdf_book with pdfunite and with ghostscript.
 * Prints PASS, FAIL or SKIP per check (check.h); SKIP where gnuplot,
 * pdfunite or gs is needed but not installed.  Run from the repository
 * root; the gnuplot scripts are read from $PINSWEEP_PLOTS, else plots/.
 */
#include "check.h"
#include "figures/plot.h"
#include "figures/kit/book.h"
#include "figures/fig_headline.h"
#include "figures/fig_machines.h"
#include "figures/kit/book.h"
#include "plot_test_util.h"

#define TWO "tests/fixtures/compare-two"

/*
 * A new comparison folder tmpdir/name: compare.csv and machines.csv of the
 * fixture, or the texts given (NULL: the fixture's; "-": no such file).
 */
static const char *make_cmp(const char *name, const char *compare, const char *machines)
{
    const char *dir = make_folder(name, TWO, (const char *const[]){NULL});
    const char *files[] = {"compare.csv", "machines.csv"}, *texts[] = {compare, machines};
    for (int i = 0; dir && i < 2; i++) {
        const char *to = path_in(dir, files[i]);
        int rc = !texts[i]                    ? copy_edit(path_in(TWO, files[i]), to, NULL, NULL)
                 : strcmp(texts[i], "-") == 0 ? 0
                                              : write_text(to, texts[i]);
        if (rc < 0)
            return NULL;
    }
    return dir;
}

/* Run plot_compare_opts; gnuplot hidden when hide; the log in *log. */
static int compare(const char *dir, int latex, int hide, char **log)
{
    return run_plot(plot_compare_opts, dir, plots_dir, latex, hide, log);
}

/* ---- the figures ---- */

static void test_figures(void)
{
    const char *name = "compare_two_draws_both_figures";
    char *log = NULL;
    const char *dir = make_cmp("two", NULL, NULL);
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? compare(dir, 1, 0, &log) : -100;
    static const char *const files[][2] = {
        {"figures/compare-bandwidth.png", "\x89PNG"}, {"figures/compare-bandwidth.pdf", "%PDF"},
        {"figures/compare-bandwidth.svg", "<?xml"},   {"figures/compare-ratio.png", "\x89PNG"},
        {"figures/compare-ratio.pdf", "%PDF"},        {"figures/compare-ratio.svg", "<?xml"},
        {"figures/compare-ratio.tex", "%"},           {"figures/compare-bandwidth-inc.pdf", "%PDF"},
    };
    const char *missing = NULL;
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]) && !missing; i++)
        if (!figure_ok(path_in(dir, files[i][0]), files[i][1]))
            missing = files[i][0];
    CHECK(name, rc == PLOT_OK && !missing, "returned %d, %s missing or empty; log:\n%s", rc,
          missing ? missing : "no figure", log);
    CHECK("compare_no_warnings_or_notes", !strstr(log, "warning") && !strstr(log, "note:"),
          "log:\n%s", log);
    free(log);
}

/*
 * What is drawn: a machine's colour, dash and point fill ("machine:N", its
 * points "machine:N/KIND": a kind's shape), links, ratios (gnuplot hidden).
 */
static void test_data(void)
{
    char *log = NULL;
    const char *dir = make_cmp("two-data", NULL, NULL);
    int rc = compare(dir, 0, 1, &log);
    const char *bv = path_in(dir, "figures/data/compare-bandwidth-vars.gp");
    const char *h2d = path_in(dir, "figures/data/compare-bandwidth-h2d.dat");
    CHECK("compare_data_written",
          rc == PLOT_ENO_GNUPLOT && strstr(log, "gnuplot is not installed") &&
              exists(dir, "figures/data/compare-ratio-vars.gp"),
          "returned %d; log:\n%s", rc, log);
    CHECK("compare_curve_per_machine_and_alloc",
          file_count(h2d, "# index") == 6 &&
              file_has(h2d, "color=machine:1 line=machine:1 point=machine:1/pinned") &&
              file_has(h2d, "color=machine:2 line=machine:2 point=machine:2/pageable"),
          "blocks of %s", h2d);
    CHECK("compare_sync_panels",
          file_has(bv, "'host → device, sync'") && file_has(bv, "'bidirectional (sum), async'"),
          "panel titles of %s", bv);
    CHECK("compare_link_per_machine",
          file_has(bv, "nhlines = 5\n") &&
              file_has(bv, "hline_y[1] = 63.020000000000003; hline_color[1] = 'machine:1'") &&
              file_has(bv, "hline_y[2] = 15.75; hline_color[2] = 'machine:2'") &&
              file_has(bv, "'Gen3 x16: 15.75 GB/s'"),
          "link lines of %s", bv);
    CHECK("compare_legend_names_machines",
          file_has(bv, "'H200 Gen5x16 gpu-node-07 — baseline: filled points'") &&
              file_has(bv, "'Tesla V100-PCIE-16GB Gen3x16 gen3-box: open points'") &&
              file_has(bv, "'thin: PCIe link, raw rate'") &&
              file_has(bv, "fig_title = 'copy bandwidth on 2 machines'"),
          "legend of %s", bv);
    /* a kind's note shows its shape as the first machine drawn with it draws it */
    CHECK("compare_kind_notes_are_shapes",
          file_has(bv, "array note_point[") && file_has(bv, "'machine:1/pageable'") &&
              file_has(bv, "'machine:1/registered'") &&
              file_has(bv, "'no bars: compare.csv has no intervals'"),
          "notes of %s", bv);
    const char *rh = path_in(dir, "figures/data/compare-ratio-h2d-page-locked.dat");
    char *text = read_text(rh);
    const char *b = strstr(text, "color=machine:2 line=machine:2 point=machine:2/pinned"),
               *p = b ? strstr(b, "\n4096 ") : 0;
    double r = p ? strtod(p + 6, NULL) : NAN;
    CHECK("compare_ratio_from_compare_csv",
          !strstr(text, "machine:1") && fabs(r - 0.6958) < 1e-9 &&
              file_has(path_in(dir, "figures/data/compare-ratio-vars.gp"), "hline_y[1] = 1;"),
          "pinned h2d 4 KiB ratio %g (want compare.csv's 0.6958), or the baseline drawn", r);
    free(text);
    free(log);
}

/*
 * Two runs of one machine (machines described alike), their intervals on
 * different bases (3 rounds, 10 samples of one round): "2 runs of one
 * machine" with the machine named, a bars note per run; in compare-ratio,
 * the page-locked kinds merged but for mallochost's significant ratio at
 * 64 KiB, drawn apart in its kind's shape, every significant row of compare.csv
 * drawn where its own interval shows it, pageable and page-locked in
 * panels of their own, each axis chosen by the values, not the bars.
 */
#define RUN_ROW(m, a, size, g, basis, n, sig, r, rlo, rhi)                                         \
    m "," a ",h2d,sync," size "," g ",0.5,60," basis "," n "," sig "," r "," rlo "," rhi "\n"
static const char runs_csv[] =
    "machine,alloc,direction,api,size_bytes,gbps_median,gbps_lo,gbps_hi,interval_basis,"
    "interval_n,significant,ratio,ratio_lo,ratio_hi\n"
    /* every median's interval 0.5..60 GB/s: compare-bandwidth's bars */
    RUN_ROW("a", "pageable", "4096", "1", "rounds", "3", "", "", "", "") RUN_ROW(
        "a", "pageable", "65536", "5", "rounds", "3", "", "", "",
        "") RUN_ROW("a", "pageable", "1048576", "10", "rounds", "3", "", "", "",
                    "") RUN_ROW("a", "pinned", "4096", "2", "rounds", "3", "", "", "", "")
        RUN_ROW("a", "pinned", "65536", "20", "rounds", "3", "", "", "", "") RUN_ROW(
            "a", "pinned", "1048576", "40", "rounds", "3", "", "", "",
            "") RUN_ROW("a", "mallochost", "4096", "2", "rounds", "3", "", "", "", "")
            RUN_ROW("a", "mallochost", "65536", "20", "rounds", "3", "", "", "", "")
                RUN_ROW("a", "mallochost", "1048576", "40", "rounds", "3", "", "", "",
                        "") RUN_ROW("a", "portable", "4096", "2", "rounds", "3", "", "", "", "")
                    RUN_ROW("a", "portable", "65536", "20", "rounds", "3", "", "", "", "")
                        RUN_ROW("a", "portable", "1048576", "40", "rounds", "3", "", "", "", "")
                            RUN_ROW("b", "pageable", "4096", "1.3", "samples", "10", "yes", "1.3",
                                    "1.1", "1.6") RUN_ROW("b", "pageable", "65536", "5", "samples",
                                                          "10", "no", "1", "0.7", "1.4")
                                RUN_ROW("b", "pageable", "1048576", "10", "samples", "10", "no",
                                        "1", "0.8", "1.3")
                                    RUN_ROW("b", "pinned", "4096", "2", "samples", "10", "no", "1",
                                            "0.6", "1.5") RUN_ROW("b", "pinned", "65536", "20",
                                                                  "samples", "10", "no", "1",
                                                                  "0.9", "1.1")
                                        RUN_ROW("b", "pinned", "1048576", "40", "samples", "10",
                                                "no", "1", "0.95", "1.05")
                                            RUN_ROW("b", "mallochost", "4096", "2", "samples", "10",
                                                    "no", "1", "0.6",
                                                    "1.5") RUN_ROW("b", "mallochost",
                                                                   "65536", "21.6", "samples", "10",
                                                                   "yes", "1.08", "1.02", "1.14")
                                                RUN_ROW("b", "mallochost", "1048576", "40",
                                                        "samples", "10", "no", "1", "0.95", "1.05")
                                                    RUN_ROW("b", "portable", "4096", "2", "samples",
                                                            "10", "no", "1", "0.6", "1.5")
                                                        RUN_ROW("b", "portable", "65536", "20",
                                                                "samples", "10", "no", "1", "0.9",
                                                                "1.1")
                                                            RUN_ROW("b", "portable", "1048576",
                                                                    "40", "samples", "10", "no",
                                                                    "1", "0.95", "1.05");
/* two GPUs of one type (uuids differ), as in compare-leases */
static const char runs_machines[] = "machine,gpu,pcie,host,link_gbps,gpu_uuid\n"
                                    "a,NVIDIA H200,Gen5 x16,vm,63.02,GPU-9866\n"
                                    "b,NVIDIA H200,Gen5 x16,vm,63.02,GPU-1857\n";
/* one GPU (one uuid) twice */
static const char same_gpu_machines[] = "machine,gpu,pcie,host,link_gbps,gpu_uuid\n"
                                        "a,NVIDIA H200,Gen5 x16,vm,63.02,GPU-9866\n"
                                        "b,NVIDIA H200,Gen5 x16,vm,63.02,GPU-9866\n";

/* The number after "NAME = " in the text of path (the first), or NaN. */
static double var_after(const char *path, const char *name)
{
    char *text = read_text(path);
    const char *p = text ? strstr(text, name) : NULL;
    double v = p ? strtod(p + strlen(name), NULL) : NAN;
    free(text);
    return v;
}

static void test_runs_of_one_machine(void)
{
    char *log = NULL;
    const char *dir = make_cmp("runs", runs_csv, runs_machines);
    write_text(path_in(dir, "compare.md"), "# x\n\nthe tables\n\n## Figures\n\nalt text only\n");
    int rc = compare(dir, 0, 1, &log);
    /* b: 2 of its 12 ratios significant, 0.05 x 12 = 0.6 by chance; a's bars on 3 rounds, b's
       on 10 samples of one round */
    const char *md = path_in(dir, "compare.md");
    CHECK("compare_md_captions",
          file_has(md, "# x\n\nthe tables\n\n## Figures\n\n![bandwidth of every folder "
                       "compared](figures/compare-bandwidth.png)\n\n*How fast does each machine "
                       "copy, by kind and size? B: 2 of the 12 configurations compared differ "
                       "significantly from a (the ratio's 95 % interval misses 1); about 1 would "
                       "by chance alone at 95 %, so one significant ratio is weak evidence and a "
                       "pattern across sizes or kinds is stronger; the bars stand on different "
                       "values: a's intervals stand on 3 rounds; b's intervals stand on 10 "
                       "samples of one round, so their widths say how each was measured as much "
                       "as how noisy it was. Drawn: ") &&
              file_has(md, "![ratio to the baseline](figures/compare-ratio.png)\n\n*How much "
                           "faster or slower") &&
              !file_has(md, "alt text only"),
          "%s", read_text(md));
    const char *bv = path_in(dir, "figures/data/compare-bandwidth-vars.gp");
    CHECK("compare_runs_of_one_machine_are_runs",
          rc == PLOT_ENO_GNUPLOT &&
              file_has(bv, "fig_title = 'copy bandwidth of 2 runs on machines of one type'") &&
              file_has(bv, "fig_machine = 'H200, PCIe Gen5 x16, vm'") &&
              file_has(bv, "'a — baseline: filled points'") && file_has(bv, "'b: open points'"),
          "returned %d; title and key of %s; log:\n%s", rc, bv, log);
    CHECK(
        "compare_bars_say_each_runs_basis",
        file_has(bv, "'bars: a: 95 % prediction interval of another round''s median (3 rounds)'") &&
            file_has(bv,
                     "'bars: b: 95 % prediction interval of another sample (n = 10, one round)'") &&
            !file_has(bv, "PI of each median"),
        "notes of %s", bv);
    const char *rv = path_in(dir, "figures/data/compare-ratio-vars.gp");
    const char *locked = path_in(dir, "figures/data/compare-ratio-h2d-page-locked.dat");
    CHECK("compare_ratio_merged_line_without_bars",
          file_has(locked, "\n4096 1 1 1\n") &&
              file_has(rv, "'a merged line: its members'' median ratio, without bars as their "
                           "intervals differ; each holds 1 but those drawn apart'"),
          "blocks of %s; notes of %s", locked, rv);
    /* the point apart in its kind's shape (a diamond), which the notes name; no name beside it */
    CHECK(
        "compare_ratio_significant_member_apart_in_its_shape",
        file_has(locked, "members: pinned, mallochost, portable") &&
            file_has(locked, "line=machine:2 point=machine:2/mallochost") &&
            file_has(locked, "\n65536 1.08 1.02 1.14\n\n") && !file_has(locked, "\"mallochost\"") &&
            !file_has(locked, "/apart") && file_has(rv, "'machine:2/mallochost'") &&
            file_has(rv, "'mallochost'") &&
            file_has(rv, "'a point off a merged line: that kind''s own ratio, significant there'"),
        "blocks of %s; notes of %s", locked, rv);
    const char *pageable = path_in(dir, "figures/data/compare-ratio-h2d-pageable.dat");
    CHECK("compare_ratio_pageable_apart_with_its_bars",
          file_has(pageable, "\n4096 1.3 1.1 1.6\n") && !file_has(pageable, "mallochost") &&
              file_has(rv, "panel_title[1] = 'host → device, sync: pageable'") &&
              file_has(rv, "panel_title[2] = 'host → device, sync: page-locked kinds'"),
          "%s, titles of %s", pageable, rv);
    /* values 1..1.3 (pageable), 1..1.08 (page-locked): axes 1/1.5..1.5 and 1/1.2..1.2, though
       bars reach 1.6 and 1.5 */
    /* round tics below 1, not the reciprocals of those above (0.667, 0.833, 0.952) */
    CHECK("compare_ratio_round_tics_below_1",
          file_has(rv, "panel_y_tics[1] = '(\"1\" 1, \"1.1\" 1.1000000000000001, \"1.2\" 1.2, "
                       "\"1.5\" 1.5, \"0.9\" 0.90000000000000002, \"0.8\" 0.80000000000000004)'") &&
              file_has(rv, "panel_y_tics[2] = '(\"1\" 1, \"1.05\" 1.05, \"1.1\" "
                           "1.1000000000000001, \"1.2\" 1.2, \"0.95\" 0.94999999999999996, "
                           "\"0.9\" 0.90000000000000002)'"),
          "tics of %s", rv);
    double p1 = var_after(rv, "panel_y_max[1] = "), p2 = var_after(rv, "panel_y_max[2] = ");
    double q2 = var_after(rv, "panel_y_min[2] = ");
    CHECK("compare_ratio_axes_from_values_not_bars",
          fabs(p1 - 1.5) < 1e-9 && fabs(p2 - 1.2) < 1e-9 && fabs(q2 * p2 - 1) < 1e-9 &&
              file_has(rv, "'bars: the ratio''s 95 % prediction interval (its medians'' intervals "
                           "in quadrature); missing 1: significant'") &&
              file_has(rv, "'bars: a''s medians: 95 % prediction interval of another round''s "
                           "median (3 rounds)'"),
          "panel y max %g and %g (want 1.5, 1.2), min %g; notes of %s", p1, p2, q2, rv);
    free(log);
}

/* One GPU (its uuid) in both folders: runs of one machine; without uuids, of one type. */
static void test_runs_of_one_gpu(void)
{
    char *log = NULL;
    const char *dir = make_cmp("runs-one-gpu", runs_csv, same_gpu_machines);
    int rc = compare(dir, 0, 1, &log);
    const char *bv = path_in(dir, "figures/data/compare-bandwidth-vars.gp");
    CHECK("compare_runs_of_one_gpu_are_of_one_machine",
          rc == PLOT_ENO_GNUPLOT &&
              file_has(bv, "fig_title = 'copy bandwidth of 2 runs of one machine'") &&
              file_has(bv, "fig_machine = 'H200, PCIe Gen5 x16, vm'"),
          "returned %d; title of %s; log:\n%s", rc, bv, log);
    free(log);
    log = NULL;
    dir = make_cmp("runs-no-uuid", runs_csv,
                   "machine,gpu,pcie,host,link_gbps\na,NVIDIA H200,Gen5 x16,vm,63.02\n"
                   "b,NVIDIA H200,Gen5 x16,vm,63.02\n");
    rc = compare(dir, 0, 1, &log);
    bv = path_in(dir, "figures/data/compare-bandwidth-vars.gp");
    CHECK("compare_runs_without_uuid_are_of_one_type",
          rc == PLOT_ENO_GNUPLOT &&
              file_has(bv, "fig_title = 'copy bandwidth of 2 runs on machines of one type'"),
          "returned %d; title of %s", rc, bv);
    free(log);
}

/*
 * The headline across machines whose bars stand on different values (the
 * default reference run: 3 rounds; the PCIe 3.0 fixture: samples of one
 * round): a bars note per machine, each saying what its bars are.
 */
static void test_headline_machines_bars(void)
{
    struct plot_input in[2] = {{0}};
    const char *key[2] = {"H200|vm", "V100|gen3-box"}, *label[2] = {"H200 lease", "V100 box"};
    const struct plot_input *pin[2] = {&in[0], &in[1]};
    struct hl_machines ms;
    char data[256];
    int made = 0, rc = -100;
    snprintf(data, sizeof(data), "%s/hl-bars", tmpdir);
    if (plot_input_read(&in[0], "results/reference/h200-pcie5/default", NULL) == 0 &&
        plot_input_read(&in[1], "tests/fixtures/machine-gen3", NULL) == 0) {
        fig_headline_group(&ms, pin, key, label, 2);
        hide_gnuplot(1);
        rc = fig_headline_machines_draw(&ms, data, data, "", plots_dir, 0, &made, NULL);
        hide_gnuplot(0);
    }
    const char *vars = path_in(data, "headline-machines-vars.gp");
    CHECK(
        "headline_machines_bars_per_machine",
        rc == PLOT_ENO_GNUPLOT && made &&
            file_has(vars,
                     "'bars: H200 lease: 95 % prediction interval of another round (3 rounds)'") &&
            file_has(vars, "'bars: V100 box: 95 % prediction interval of another sample (n = 10) "
                           "(from rsd)'"),
        "returned %d; notes of %s", rc, vars);
    plot_input_free(&in[0]);
    plot_input_free(&in[1]);
}

/* One machine: no ratio figure (a note); seven: colours repeat (a note); unknown links: none. */
static void test_machine_counts(void)
{
    char *log = NULL;
    const char *dir = make_cmp("one",
                               "machine,alloc,direction,size_bytes,gbps_median,ratio\n"
                               "a,pinned,h2d,4096,1.5,1\na,pinned,h2d,65536,9.5,1\n",
                               "machine,gpu,pcie,link_gbps\na,X,unknown,\n");
    int rc = compare(dir, 0, 1, &log);
    CHECK("compare_one_machine",
          rc == PLOT_ENO_GNUPLOT && strstr(log, "note: no compare-ratio figure") &&
              file_has(path_in(dir, "figures/data/compare-bandwidth-vars.gp"), "nhlines = 0\n"),
          "returned %d; log:\n%s", rc, log);
    free(log);
    char cmp[4096] = "machine,alloc,direction,size_bytes,gbps_median,ratio\n",
         mach[1024] = "machine,link_gbps\n";
    for (int m = 1; m <= 7; m++) {
        size_t n = strlen(cmp);
        snprintf(cmp + n, sizeof(cmp) - n, "m%d,pinned,h2d,4096,%d,%g\nm%d,pinned,h2d,8192,%d,%g\n",
                 m, m, m / 1.0, m, 2 * m, m / 1.0);
        n = strlen(mach);
        snprintf(mach + n, sizeof(mach) - n, "m%d,%d\n", m, 10 * m);
    }
    dir = make_cmp("seven", cmp, mach);
    rc = compare(dir, 0, 1, &log);
    CHECK("compare_seven_machines_say_colours_repeat",
          rc == PLOT_ENO_GNUPLOT && strstr(log, "note: 7 machines; their colours repeat after 6") &&
              file_has(path_in(dir, "figures/data/compare-bandwidth-h2d.dat"), "machine:7"),
          "returned %d; log:\n%s", rc, log);
    free(log);
}

/* Problems with compare.csv or machines.csv: -1, a message naming the file, no figures/. */
static const struct {
    const char *name, *compare, *machines, *file, *want; /* want: after "PATH" */
} bad_cases[] = {
    {"no_compare_csv", "-", NULL, "compare.csv", ": No such file or directory"},
    {"no_machines_csv", NULL, "-", "machines.csv", ": No such file or directory"},
    {"compare_missing_column", "machine,alloc,direction,size_bytes\na,pinned,h2d,4096\n", NULL,
     "compare.csv", ":1: no column 'gbps_median' in the header; is this a pinsweep compare.csv?"},
    {"compare_unknown_machine",
     "machine,alloc,direction,size_bytes,gbps_median\nnobody,pinned,h2d,4096,1.5\n", NULL,
     "compare.csv", ":2: machine 'nobody' is not in "},
    {"compare_bad_alloc",
     "machine,alloc,direction,size_bytes,gbps_median\n"
     "H200 Gen5x16 gpu-node-07,pined,h2d,4096,1.5\n",
     NULL, "compare.csv", ":2: alloc 'pined' is not one of pageable | pinned |"},
    {"compare_bad_number",
     "machine,alloc,direction,size_bytes,gbps_median,ratio\n"
     "H200 Gen5x16 gpu-node-07,pinned,h2d,4096,1.5,x\n",
     NULL, "compare.csv", ":2: ratio 'x' is not a number"},
    {"compare_empty", "", NULL, "compare.csv", ": the file is empty; expected a header row"},
    {"machines_missing_column", NULL, "gpu,pcie\nX,Gen3 x16\n", "machines.csv",
     ":1: no column 'machine' in the header; is this a pinsweep machines.csv?"},
    {"machines_twice", NULL, "machine,link_gbps\na,63\na,15.75\n", "machines.csv",
     ":3: machine 'a' is listed twice"},
    {"machines_bad_link", NULL, "machine,link_gbps\na,fast\n", "machines.csv",
     ":2: link_gbps 'fast' is not a number"},
    {"machines_none", NULL, "machine,link_gbps\n", "machines.csv", ": no machines listed"},
};

static void test_bad_input(void)
{
    for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
        char name[96], want[2048], *log = NULL;
        snprintf(name, sizeof(name), "compare_bad_%s", bad_cases[i].name);
        const char *dir = make_cmp(bad_cases[i].name, bad_cases[i].compare, bad_cases[i].machines);
        if (!dir) {
            CHECK(name, 0, "cannot make %s/%s", tmpdir, bad_cases[i].name);
            continue;
        }
        snprintf(want, sizeof(want), "%s%s", path_in(dir, bad_cases[i].file), bad_cases[i].want);
        int rc = compare(dir, 0, 0, &log);
        CHECK(name, rc == PLOT_EBAD_SUMMARY && strncmp(log, want, strlen(want)) == 0,
              "returned %d, want %d; log [%s], want it to start [%s]", rc, PLOT_EBAD_SUMMARY, log,
              want);
        snprintf(name, sizeof(name), "compare_bad_%s_no_figures", bad_cases[i].name);
        CHECK(name, !exists(dir, "figures"), "figures/ made for bad input");
        free(log);
    }
}

/* ---- plot_pdf_book ---- */

/* Run plot_pdf_book with PATH set to path (NULL: as it is); the log in *log. */
static int book(const char *const *pdfs, size_t n, const char *out, const char *path, char **log)
{
    size_t len;
    FILE *f = open_memstream(log, &len);
    if (path)
        hide_path(1, path);
    int rc = plot_pdf_book(pdfs, n, out, f);
    hide_path(0, NULL);
    fclose(f);
    return rc;
}

/* The folder of the executable prog on PATH (static), or NULL. */
static const char *which_dir(const char *prog)
{
    static char found[1024];
    char *path = strdup(getenv("PATH") ? getenv("PATH") : ""), *save = NULL;
    const char *hit = NULL;
    for (char *d = strtok_r(path, ":", &save); d && !hit; d = strtok_r(NULL, ":", &save)) {
        snprintf(found, sizeof(found), "%s/%s", d, prog);
        if (access(found, X_OK) == 0) {
            snprintf(found, sizeof(found), "%s", d);
            hit = found;
        }
    }
    free(path);
    return hit;
}

/* The number of pages of the PDF at path by pdfinfo, or -1 without pdfinfo. */
static int pdf_pages(const char *path)
{
    char cmd[2048], line[256];
    int pages = -1;
    if (!which_dir("pdfinfo"))
        return -1;
    snprintf(cmd, sizeof(cmd), "pdfinfo '%s' 2>/dev/null", path);
    FILE *p = popen(cmd, "r");
    while (p && fgets(line, sizeof(line), p))
        if (sscanf(line, "Pages: %d", &pages) == 1)
            break;
    if (p)
        pclose(p);
    return pages;
}

/*
 * A PATH holding only prog (a link to it in tmpdir/only-PROG), so that
 * plot_pdf_book has to use it; NULL when prog is not installed.
 */
static const char *path_with_only(const char *prog)
{
    static char dir[1024];
    const char *where = which_dir(prog);
    if (!where)
        return NULL;
    snprintf(dir, sizeof(dir), "%s/only-%s", tmpdir, prog);
    mkdir(dir, 0777);
    char target[2048];
    snprintf(target, sizeof(target), "%s/%s", where, prog);
    symlink(target, path_in(dir, prog));
    return dir;
}

static void test_book(void)
{
    const char *dir = make_cmp("book", NULL, NULL);
    char *log = NULL;
    if (!plot_gnuplot_available()) {
        check_skip("pdf_book_*", "gnuplot not installed, so no PDF figures to bind");
        return;
    }
    compare(dir, 0, 0, &log);
    free(log);
    const char *pdfs[] = {strdup(path_in(dir, "figures/compare-bandwidth.pdf")),
                          strdup(path_in(dir, "figures/compare-ratio.pdf")),
                          strdup(path_in(dir, "figures/compare-bandwidth.pdf"))};
    static const char *const progs[] = {"pdfunite", "gs"};
    for (size_t i = 0; i < 2; i++) {
        char name[64], out[1100];
        snprintf(name, sizeof(name), "pdf_book_with_%s", progs[i]);
        const char *path = path_with_only(progs[i]);
        if (!path) {
            check_skip(name, "%s not installed", progs[i]);
            continue;
        }
        snprintf(out, sizeof(out), "%s/book-%s.pdf", dir, progs[i]);
        int rc = book(pdfs, 3, out, path, &log), pages = pdf_pages(out);
        CHECK(name, rc == PLOT_OK && figure_ok(out, "%PDF") && (pages < 0 || pages == 3),
              "returned %d, %d pages (want 3); log:\n%s", rc, pages, log);
        free(log);
    }
    char out[1100];
    snprintf(out, sizeof(out), "%s/book-none.pdf", dir);
    int rc = book(pdfs, 3, out, path_in(tmpdir, "empty-bin"), &log);
    CHECK("pdf_book_without_tools_says_what_to_install",
          rc == PLOT_ENO_GNUPLOT && strstr(log, "apt-get install poppler-utils") &&
              access(out, F_OK) != 0,
          "returned %d; log:\n%s", rc, log);
    free(log);
    const char *bad[] = {pdfs[0], "/no/such/figure.pdf"};
    rc = book(bad, 2, out, NULL, &log);
    CHECK("pdf_book_missing_input",
          rc == PLOT_EBAD_SUMMARY && strncmp(log, "/no/such/figure.pdf: ", 21) == 0,
          "returned %d; log:\n%s", rc, log);
    free(log);
    rc = book(pdfs, 0, out, NULL, &log);
    CHECK("pdf_book_nothing_to_bind", rc == PLOT_EBAD_SUMMARY && strstr(log, "no PDF files given"),
          "returned %d; log:\n%s", rc, log);
    free(log);
    for (size_t i = 0; i < 3; i++)
        free((char *)pdfs[i]);
}

int main(void)
{
    if (plot_test_begin("plot-compare") < 0)
        return 1;
    test_figures();
    test_data();
    test_runs_of_one_machine();
    test_runs_of_one_gpu();
    test_headline_machines_bars();
    test_machine_counts();
    test_bad_input();
    test_book();
    return plot_test_end("test_fig_machines");
}
