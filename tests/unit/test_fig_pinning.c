/*
 * test_fig_pinning.c - unit tests of what plot_results draws for a
 * write-up: the PCIe link line on the bandwidth figure (only when
 * summary.csv gives the link), the speedup, alloc-cost and breakeven
 * figures from the PCIe 3.0 fixture (tests/fixtures/machine-gen3), the notes
 * when their data is missing, and LaTeX output (cairolatex).  Prints PASS,
 * FAIL or SKIP per check (check.h); SKIP where gnuplot (or pdflatex, for
 * the LaTeX document) is needed but not installed.  Run from the repository
 * root; the gnuplot scripts are read from $PINSWEEP_PLOTS, else plots/.
 */
#include "check.h"
#include "results/csv.h"
#include "figures/plot.h"
#include "plot_test_util.h"

#include <dirent.h>
#include <sys/wait.h>

#define GEN3 "tests/fixtures/machine-gen3"
#define UNKNOWN "tests/fixtures/machine-unknown-link"
#define SMALL "tests/fixtures/results-small"

static const char *const gen3_files[] = {"summary.csv", "meta.yaml", "breakeven.csv", NULL};

/* Run plot_results_opts (latex as given), gnuplot hidden when hide; the log in *log. */
static int plot(const char *dir, int latex, int hide, char **log)
{
    return run_plot(plot_results_opts, dir, plots_dir, latex, hide, log);
}

/*
 * Draw, gnuplot hidden, a new folder tmpdir/name holding summary.csv as csv
 * and, with meta, results-small's meta.yaml; the log in *log.  Returns
 * plot's code; the path of the bandwidth figure's variables in *vars.
 */
static int plot_summary(const char *name, int meta, const char *csv, const char **vars, char **log)
{
    static const char *const files[][2] = {{NULL}, {"meta.yaml", NULL}};
    const char *dir = make_folder_summary(name, SMALL, files[meta], csv);
    *vars = dir ? path_in(dir, "figures/data/bandwidth-vars.gp") : "";
    *log = NULL;
    return dir ? plot(dir, 0, 1, log) : -100;
}

/* The number after "name = " in the file at path (NaN when absent). */
static double var_number(const char *path, const char *name)
{
    char *text = read_text(path), key[128];
    snprintf(key, sizeof(key), "%s = ", name);
    const char *p = strstr(text, key);
    double v = p ? strtod(p + strlen(key), NULL) : NAN;
    free(text);
    return v;
}

/* ---- the PCIe link line ---- */

/*
 * results-small gives link_gbps 63 on every row and meta.yaml says Gen5
 * x16: a labelled line at 63 in h2d and d2h and at 126 in bidir, inside
 * each panel's y range, each with the practical ceiling under it and a
 * percent axis.  Its panels: h2d sync, h2d async, d2h sync, d2h async,
 * bidir (async).
 */
static void test_link_known(void)
{
    static const char *const files[] = {"summary.csv", "meta.yaml", NULL};
    char *log = NULL;
    const char *dir = make_folder("link-known", SMALL, files);
    int rc = dir ? plot(dir, 0, 1, &log) : -100;
    const char *vars = path_in(dir, "figures/data/bandwidth-vars.gp");
    CHECK("link_known_plots", rc == PLOT_ENO_GNUPLOT, "returned %d; log:\n%s", rc, log);
    CHECK("link_known_raw_and_practical_lines",
          file_has(vars, "nhlines = 10\n") &&
              file_has(vars, "hline_panel[1] = 1; hline_y[1] = 63; hline_color[1] = 'link'") &&
              file_has(vars, "hline_panel[3] = 2; hline_y[3] = 63;") &&
              file_has(vars, "hline_panel[5] = 3; hline_y[5] = 63;") &&
              file_has(vars, "hline_panel[9] = 5; hline_y[9] = 126;") &&
              file_has(vars, "hline_panel[2] = 1; hline_y[2] = 58.43") &&
              file_has(vars, "hline_panel[6] = 3; hline_y[6] = 57.6") &&
              file_has(vars, "hline_panel[10] = 5; hline_y[10] = 116.0"),
          "%s lacks the lines at 63 (h2d, d2h), 126 (bidir) and their practical ceilings", vars);
    CHECK("link_known_labels",
          file_count(vars, "'PCIe Gen5 x16 raw: 63.0 GB/s'") == 4 &&
              file_has(vars, "'PCIe Gen5 x16 raw, both directions: 126.0 GB/s'") &&
              file_count(vars, "'practical ceiling (MPS 256 B, assumed): ") == 5 &&
              file_has(vars, "'practical ceiling (MPS 256 B, assumed): 58.43 GB/s'") &&
              file_has(vars, "'practical ceiling (MPS 256 B, assumed): 57.6 GB/s'"),
          "%s lacks the labels (meta.yaml has no payload size: 256 B assumed)", vars);
    CHECK("link_known_percent_axis",
          file_has(vars, "panel_link[1] = 63\n") && file_has(vars, "panel_link[5] = 126\n") &&
              file_has(vars, "y2 = 1\n"),
          "%s lacks the percent-of-link axes", vars);
    double h2d = var_number(vars, "panel_y_max[1]"), bidir = var_number(vars, "panel_y_max[5]");
    CHECK("link_known_in_range", h2d >= 63 * 1.05 && h2d <= 80 && bidir >= 126 * 1.05,
          "panel_y_max %g (h2d) and %g (bidir); the lines and labels must fit", h2d, bidir);
    CHECK("link_known_bidir_own_scale", var_number(vars, "panel_y_max[1]") < bidir,
          "the h2d panel is scaled to bidir's sum");
    free(log);
}

/*
 * meta.yaml gives the Max Payload Size read from config space (512 B): the
 * practical ceilings are the link's rate times 512 / (512 + 20) for h2d,
 * 512 / (512 + 24) for d2h and their sum for bidir, labelled as read.
 */
static void test_link_mps_read(void)
{
    static const char *const files[] = {"summary.csv", NULL};
    char *log = NULL;
    const char *dir = make_folder("link-mps", SMALL, files);
    int edited = dir ? copy_edit(path_in(SMALL, "meta.yaml"), path_in(dir, "meta.yaml"),
                                 "  pcie:\n", "  pcie:\n    max_payload_bytes: 512\n")
                     : -1;
    int rc = edited == 0 ? plot(dir, 0, 1, &log) : -100;
    const char *vars = path_in(dir, "figures/data/bandwidth-vars.gp");
    /* results-small's rows give link_gbps 63: the ceilings are of that rate */
    double h2d = 63.0 * 512 / 532, d2h = 63.0 * 512 / 536;
    CHECK("link_mps_read_plots", rc == PLOT_ENO_GNUPLOT, "returned %d; log:\n%s", rc, log);
    CHECK_NEAR("link_mps_read_h2d_ceiling", var_number(vars, "hline_y[2]"), h2d, 1e-12);
    CHECK_NEAR("link_mps_read_d2h_ceiling", var_number(vars, "hline_y[6]"), d2h, 1e-12);
    CHECK_NEAR("link_mps_read_bidir_ceiling", var_number(vars, "hline_y[10]"), h2d + d2h, 1e-12);
    CHECK("link_mps_read_labels",
          file_count(vars, "'practical ceiling (MPS 512 B, read): ") == 5 &&
              file_has(vars, "'practical ceiling (MPS 512 B, read): 60.63 GB/s'") &&
              file_has(vars, "'practical ceiling (MPS 512 B, read): 60.18 GB/s'") &&
              !file_has(vars, "assumed"),
          "%s lacks the labels of a payload size read", vars);
    free(log);
}

/*
 * No link known: machine-unknown-link (link_gbps empty, meta.yaml
 * "current: unknown"), an old summary without the column, and rows that
 * disagree: no line at all (the last with a note).
 */
static void test_link_unknown(void)
{
    static const char *const files[] = {"summary.csv", "meta.yaml", NULL};
    char *log = NULL;
    const char *dir = make_folder("unknown", UNKNOWN, files);
    int rc = dir ? plot(dir, 0, 1, &log) : -100;
    const char *vars = path_in(dir, "figures/data/bandwidth-vars.gp");
    CHECK("link_unknown_draws_no_line",
          rc == PLOT_ENO_GNUPLOT && file_has(vars, "nhlines = 0\n") && !file_has(vars, "PCIe"),
          "returned %d; %s has a link line; log:\n%s", rc, vars, log);
    CHECK("link_unknown_is_not_mentioned", !strstr(log, "link_gbps") && !strstr(log, "PCIe"),
          "log:\n%s", log);
    free(log);

    rc = plot_summary("link-old-summary", 1,
                      "alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
                      "pinned,h2d,reuse,sync,4096,0.6,ok\npinned,h2d,reuse,sync,65536,8.2,ok\n"
                      "pinned,h2d,reuse,sync,1048576,38,ok\npinned,h2d,reuse,sync,16777216,54,ok\n",
                      &vars, &log);
    /* No link_gbps column (a folder from an older pinsweep): the link meta.yaml gives. */
    CHECK("link_old_summary_uses_meta",
          rc == PLOT_ENO_GNUPLOT && file_has(vars, "nhlines = 2\n") && file_has(vars, "Gen5 x16"),
          "returned %d; log:\n%s", rc, log);
    free(log);

    rc = plot_summary(
        "link-differs", 1,
        "alloc,direction,buffer,api,size_bytes,gbps_median,link_gbps,status\n"
        "pinned,h2d,reuse,sync,4096,0.6,63,ok\npinned,h2d,reuse,sync,65536,8.2,31.5,ok\n"
        "pinned,h2d,reuse,sync,1048576,38,63,ok\npinned,h2d,reuse,sync,16777216,54,63,ok\n",
        &vars, &log);
    CHECK("link_differs_draws_no_line",
          rc == PLOT_ENO_GNUPLOT && file_has(vars, "nhlines = 0\n") && strstr(log, "note: ") &&
              strstr(log, "link_gbps is not the same in every row"),
          "returned %d; log:\n%s", rc, log);
    free(log);
}

/* A link without generation and width in meta.yaml: "PCIe link raw", never a guessed Gen. */
static void test_link_without_meta(void)
{
    char *log;
    const char *vars;
    int rc = plot_summary("link-no-meta", 0,
                          "alloc,direction,buffer,api,size_bytes,gbps_median,link_gbps,status\n"
                          "pinned,h2d,reuse,sync,4096,0.6,15.7538,ok\n"
                          "pinned,h2d,reuse,sync,65536,8.2,15.7538,ok\n"
                          "pinned,h2d,reuse,sync,1048576,13,15.7538,ok\n"
                          "pinned,h2d,reuse,sync,16777216,13.5,15.7538,ok\n",
                          &vars, &log);
    CHECK("link_without_meta_label",
          rc == PLOT_ENO_GNUPLOT && file_has(vars, "nhlines = 2\n") &&
              file_has(vars, "'PCIe link raw: 15.75 GB/s'"),
          "returned %d; %s lacks the plain label; log:\n%s", rc, vars, log);
    free(log);
}

/* ---- the headline figures from the PCIe 3.0 fixture ---- */

static const char *const headline_figures[] = {"speedup", "alloc-cost", "breakeven", "bandwidth"};

/* Every format of the headline figures, with gnuplot: PNG, PDF and SVG, not empty. */
static void test_gen3_figures(void)
{
    const char *name = "gen3_draws_speedup_alloc_cost_breakeven";
    char *log = NULL;
    const char *dir = make_folder("gen3", GEN3, gen3_files);
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? plot(dir, 0, 0, &log) : -100;
    const char *missing = missing_format(dir, headline_figures,
                                         sizeof(headline_figures) / sizeof(headline_figures[0]));
    CHECK(name, rc == PLOT_OK && !missing, "returned %d, %s missing or empty; log:\n%s", rc,
          missing ? missing : "no figure", log);
    CHECK("gen3_no_warnings_or_notes", !strstr(log, "warning") && copy_notes(log) == 0, "log:\n%s",
          log);
    CHECK(
        "gen3_link_line",
        file_has(path_in(dir, "figures/data/bandwidth-vars.gp"), "'PCIe Gen3 x16 raw: 15.75 GB/s'"),
        "bandwidth-vars.gp lacks the Gen3 link");
    free(log);
}

/* gbps_median of the fixture row (alloc, direction, buffer, size), NaN when absent. */
static double fixture_gbps(const char *alloc, const char *dir, const char *buffer, const char *size)
{
    struct csv_table t;
    char err[256];
    double v = NAN;
    if (csv_table_read(GEN3 "/summary.csv", &t, err, sizeof(err)) < 0)
        return v;
    for (size_t i = 0; i < t.nrows; i++)
        if (!strcmp(csv_table_get(&t, i, csv_table_col(&t, "alloc")), alloc) &&
            !strcmp(csv_table_get(&t, i, csv_table_col(&t, "direction")), dir) &&
            !strcmp(csv_table_get(&t, i, csv_table_col(&t, "buffer")), buffer) &&
            !strcmp(csv_table_get(&t, i, csv_table_col(&t, "size_bytes")), size))
            v = strtod(csv_table_get(&t, i, csv_table_col(&t, "gbps_median")), NULL);
    csv_table_free(&t);
    return v;
}

/* The data of the headline figures, gnuplot hidden: what each curve is made of. */
static void test_gen3_data(void)
{
    char *log = NULL;
    const char *dir = make_folder("gen3-data", GEN3, gen3_files);
    int rc = dir ? plot(dir, 0, 1, &log) : -100;
    CHECK("gen3_data_written", rc == PLOT_ENO_GNUPLOT && copy_notes(log) == 0,
          "returned %d; log:\n%s", rc, log);
    const char *sp = path_in(dir, "figures/data/speedup-h2d.dat");
    double got = block_y(sp, "color=pinned line=pinned point=pinned", "268435456");
    double want = fixture_gbps("pinned", "h2d", "reuse", "268435456") /
                  fixture_gbps("pageable", "h2d", "reuse", "268435456");
    CHECK("speedup_is_the_bandwidth_ratio", fabs(got - want) < 1e-4 * want,
          "pinned h2d at 256 MiB: %g, want %g", got, want);
    CHECK("speedup_has_each_page_locked_kind",
          file_count(sp, "# index") == 2 && file_has(sp, "color=registered") &&
              !file_has(sp, "color=pageable"),
          "blocks of %s", sp);
    const char *sv = path_in(dir, "figures/data/speedup-vars.gp");
    CHECK("speedup_line_at_1",
          file_has(sv, "nhlines = 2\n") && file_has(sv, "hline_y[1] = 1;") &&
              file_has(sv, "fig_title = 'gen3-small: how many times faster than pageable'"),
          "%s lacks the 1x lines or the title", sv);

    /* a panel per kind (pageable, pinned, registered): alloc and free each, pin of registered */
    static const char *const kinds[] = {"pageable", "pinned", "registered"};
    int parts = 0, scale = 0;
    for (int k = 0; k < 3; k++) {
        char file[96], over[96];
        snprintf(file, sizeof(file), "figures/data/alloc-cost-%s.dat", kinds[k]);
        snprintf(over, sizeof(over), "figures/data/alloc-cost-%s-overlay.dat", kinds[k]);
        const char *ac = path_in(dir, file);
        parts += file_count(ac, "line=alloc") == 1 && file_count(ac, "line=free") == 1 &&
                 file_count(ac, "line=pin") == (k == 2) &&
                 file_count(ac, "# index") == 2 + (k == 2);
        scale += file_has(path_in(dir, over), "one pinned copy: copy_ms_median");
    }
    CHECK("alloc_cost_parts",
          parts == 3 && var_number(path_in(dir, "figures/data/alloc-cost-vars.gp"), "npanels") == 3,
          "alloc, free and pin blocks of the 3 kinds' panels: %d right", parts);
    CHECK("alloc_cost_pinned_copy_for_scale", scale == 3,
          "the reference line in %d of the 3 panels' overlays", scale);

    const char *be = path_in(dir, "figures/data/breakeven-d2h.dat");
    CHECK("breakeven_from_breakeven_csv",
          file_count(be, "# index") == 2 &&
              fabs(block_y(path_in(dir, "figures/data/breakeven-h2d.dat"),
                           "color=pinned line=pinned point=pinned", "4096") -
                   258.9) < 1e-9,
          "breakeven-h2d.dat's pinned 4 KiB point is not breakeven.csv's 258.9");
    CHECK("breakeven_line_at_1_copy",
          file_has(path_in(dir, "figures/data/breakeven-vars.gp"), "'1 copy'"),
          "breakeven-vars.gp lacks the 1-copy line");
    free(log);
}

/*
 * Figures whose data is missing: a note each, and what an earlier run drew
 * of them is removed.  breakeven.csv with an empty count: no point there
 * (pinned's line starts at the next size), a "never pays off" glyph at 4 KiB
 * and a note saying what it is; an unusable one: a warning naming the line.
 */
static void test_headline_missing(void)
{
    char *log = NULL;
    const char *dir = make_folder("headline-missing", GEN3, gen3_files);
    int rc = plot(dir, 0, 1, &log);
    free(log);
    unlink(path_in(dir, "breakeven.csv"));
    copy_edit(GEN3 "/summary.csv", path_in(dir, "summary.csv"), ",reallocate,", ",reuse,");
    write_text(path_in(dir, "figures/breakeven.png"), "stale");
    rc = plot(dir, 0, 1, &log);
    CHECK("headline_missing_notes",
          rc == PLOT_ENO_GNUPLOT && strstr(log, "note: no alloc-cost figure: it needs") &&
              strstr(log, "note: no breakeven figure: it needs breakeven.csv"),
          "returned %d; log:\n%s", rc, log);
    CHECK("headline_missing_stale_removed", !exists(dir, "figures/breakeven.png"),
          "breakeven.png of the earlier run is still there");
    free(log);

    dir = make_folder("breakeven-gap", GEN3, gen3_files);
    copy_edit(GEN3 "/breakeven.csv", path_in(dir, "breakeven.csv"), ",258.9\n", ",\n");
    rc = plot(dir, 0, 1, &log);
    const char *be = path_in(dir, "figures/data/breakeven-h2d.dat");
    CHECK("breakeven_gap_where_not_faster",
          /* 4 KiB: registered's point, no point of pinned's; pinned's glyph in its row (the
             first: the only kind with one) of the strip above the plot */
          rc == PLOT_ENO_GNUPLOT && file_count(be, "\n4096 ") == 1 && !file_has(be, "NaN") &&
              file_has(be, "line=pinned point=pinned\n16384 ") && !file_has(be, "line=never") &&
              file_has(path_in(dir, "figures/data/breakeven-h2d-strip.dat"),
                       "color=pinned line=never point=never\n4096 1\n") &&
              file_has(path_in(dir, "figures/data/breakeven-vars.gp"), "'never pays off: "),
          "returned %d; log:\n%s", rc, log);
    free(log);

    /* pinned h2d at 256 MiB read as 0.8 copies: its point and bar cross the line at 1 copy at
       the right, above and below it; its label goes to the left, under the line, where nothing
       is drawn (it was always left-above); d2h's stays at the right, under the line */
    dir = make_folder("breakeven-guide", GEN3, gen3_files);
    copy_edit(GEN3 "/breakeven.csv", path_in(dir, "breakeven.csv"), ",5.604\n", ",0.8\n");
    rc = plot(dir, 0, 1, &log);
    const char *vars = path_in(dir, "figures/data/breakeven-vars.gp");
    CHECK("breakeven_guide_label_where_nothing_is",
          rc == PLOT_ENO_GNUPLOT && file_has(vars, "hline_where[1] = 'left-below';") &&
              file_has(vars, "hline_where[2] = 'right-below';"),
          "returned %d; %s", rc, vars);
    free(log);

    dir = make_folder("breakeven-bad", GEN3, gen3_files);
    copy_edit(GEN3 "/breakeven.csv", path_in(dir, "breakeven.csv"), ",258.9\n", ",many\n");
    rc = plot(dir, 0, 1, &log);
    char want[1200];
    snprintf(want, sizeof(want),
             "warning: %s:2: breakeven_copies 'many' is not a number; no breakeven figure drawn",
             path_in(dir, "breakeven.csv"));
    CHECK("breakeven_bad_file_warns",
          rc == PLOT_ENO_GNUPLOT && strstr(log, want) && strstr(log, "note: no breakeven figure"),
          "returned %d; want [%s] in the log:\n%s", rc, want, log);
    free(log);
}

/* ---- the headline figure ---- */

/*
 * machine-gen3 has pinned and pageable reuse copies both ways, reallocate
 * rows and breakeven.csv, but no bidirectional rows and no samples.csv:
 * five panels, the allocation cost as alloc + free of one buffer from the
 * medians (said so), titled pinned against pageable, and no note of the
 * panel the folder lacks (a figure says what it draws).  Without reallocate
 * rows and breakeven.csv three panels, no note of those either.
 */
static void test_headline_figure(void)
{
    char *log = NULL;
    {
        /* reuse-vs-reallocate: its copies up to 1 MiB are 3 sizes (64 KiB, 256 KiB, 1 MiB): no
           small-copies panel, the four others */
        static const char *const rvr_files[] = {"summary.csv", "meta.yaml", "breakeven.csv", NULL};
        const char *r = make_folder("headline-rvr",
                                    "results/reference/h200-pcie5/reuse-vs-reallocate", rvr_files);
        int rrc = plot(r, 0, 1, &log);
        const char *rv = path_in(r, "figures/data/headline-vars.gp");
        CHECK("headline_no_panel_of_three_sizes",
              rrc == PLOT_ENO_GNUPLOT && var_number(rv, "npanels") == 4 &&
                  !file_has(rv, "small copies"),
              "returned %d, npanels %g", rrc, var_number(rv, "npanels"));
        free(log);
        log = NULL;
    }
    const char *dir = make_folder("headline-gen3", GEN3, gen3_files);
    int rc = plot(dir, 0, 1, &log);
    char vars[1100];
    snprintf(vars, sizeof(vars), "%s", path_in(dir, "figures/data/headline-vars.gp"));
    CHECK("headline_five_panels", rc == PLOT_ENO_GNUPLOT && var_number(vars, "npanels") == 5,
          "returned %d, npanels %g; log:\n%s", rc, var_number(vars, "npanels"), log);
    CHECK("headline_says_what_it_draws",
          !file_has(vars, "not in this folder") && file_has(vars, "allocation: medians only") &&
              file_has(vars, "headline, pinned against pageable'") &&
              file_has(vars, "prefaulted pages, default placement; alloc + free from reallocate "
                             "cycles'"),
          "headline-vars.gp names what it lacks, or not the alloc medians, or its title, or "
          "not where its alloc + free come from");
    /* summary.csv: pinned h2d reallocate 4096 B, alloc 0.461984 ms, free 0.210572 ms: the
       panel is ms per buffer (it was 164 s per GiB), its dotted line of no direction (it was
       h2d's solid one) explained in the notes */
    double want = 0.461984 + 0.210572;
    double got = block_y(path_in(dir, "figures/data/headline-alloc.dat"),
                         "color=pinned line=alloc+free point=pinned", "4096");
    CHECK("headline_alloc_ms_per_buffer",
          fabs(got / want - 1) < 1e-5 && file_has(vars, "'ms per buffer (median)'") &&
              file_has(vars, "'dotted: alloc + free of one pinned buffer, of no direction'"),
          "got %.9g, want %.9g", got, want);
    CHECK("headline_log_axes",
          file_has(vars, "panel_log_y[1] = 0;") && file_has(vars, "panel_log_y[3] = 1;"),
          "bandwidth should be linear and latency log");
    free(log);

    copy_edit(GEN3 "/summary.csv", path_in(dir, "summary.csv"), ",reallocate,", ",reuse,");
    unlink(path_in(dir, "breakeven.csv"));
    rc = plot(dir, 0, 1, &log);
    CHECK("headline_missing_alloc_breakeven",
          rc == PLOT_ENO_GNUPLOT && var_number(vars, "npanels") == 3 &&
              !file_has(vars, "not in this folder"),
          "returned %d, npanels %g", rc, var_number(vars, "npanels"));
    free(log);
}

/* ---- tables instead of degenerate figures ---- */

/* Is field k (0-based) of the CSV line (a string) one of the sizes keep[] ("4096")? */
static int field_in(const char *line, size_t k, const char *const keep[])
{
    for (size_t i = 0; i < k && line; i++)
        line = strchr(line, ',') ? strchr(line, ',') + 1 : NULL;
    for (size_t i = 0; line && keep[i]; i++)
        if (strncmp(line, keep[i], strlen(keep[i])) == 0 &&
            (line[strlen(keep[i])] == ',' || line[strlen(keep[i])] == '\0'))
            return 1;
    return 0;
}

/*
 * machine-gen3's summary.csv (size: field 9) and breakeven.csv (field 3) in
 * a new folder tmpdir/name, with its reuse rows at the sizes reuse[] only
 * and its reallocate rows and break-even at the sizes realloc[] only (each
 * NULL-ended); NULL on failure.
 */
static const char *gen3_at(const char *name, const char *const reuse[],
                           const char *const realloc_[])
{
    static const char *const meta[] = {"meta.yaml", NULL};
    static const char *const csv[] = {"summary.csv", "breakeven.csv"};
    const char *dir = make_folder(name, GEN3, meta);
    for (size_t f = 0; dir && f < 2; f++) {
        char *text = read_text(path_in(GEN3, csv[f]));
        FILE *out = fopen(path_in(dir, csv[f]), "w");
        for (char *line = text, *end; out && (end = strchr(line, '\n')); line = end + 1) {
            *end = '\0';
            int realloc_row = f == 1 || strstr(line, ",reallocate,") != NULL;
            if (line == text || field_in(line, f ? 3 : 9, realloc_row ? realloc_ : reuse))
                fprintf(out, "%s\n", line);
        }
        if (!out || fclose(out) != 0)
            dir = NULL;
        free(text);
    }
    return dir;
}

/*
 * Fewer than four sizes are a table, not a figure: machine-gen3 at three of
 * its sizes draws none of its eight copy figures (two or three drew lines
 * before), and tables.md carries what they would have; the one note names
 * them all.  At four sizes every figure is drawn and no table written.
 */
static void test_three_sizes(void)
{
    static const char *const three[] = {"4096", "65536", "1048576", NULL};
    static const char *const four[] = {"4096", "65536", "1048576", "16777216", NULL};
    static const char *const copy_figures[] = {
        "headline",        "bandwidth", "latency",    "reuse-vs-reallocate",
        "reallocate-time", "speedup",   "alloc-cost", "breakeven"};
    char *log = NULL, want[512];
    const char *dir = gen3_at("three-sizes", three, three);
    int rc = dir ? plot(dir, 0, 1, &log) : -100, drawn = 0;
    for (size_t i = 0; dir && i < 8; i++) {
        char vars[96];
        snprintf(vars, sizeof(vars), "figures/data/%s-vars.gp", copy_figures[i]);
        drawn += exists(dir, vars);
    }
    snprintf(want, sizeof(want),
             "note: figures as tables in %s/figures/tables.md (and .tex), their data spanning "
             "fewer than 4 sizes: headline, bandwidth, latency, reuse-vs-reallocate, "
             "reallocate-time, speedup, alloc-cost, breakeven: 3 sizes\n",
             dir ? dir : "");
    CHECK("three_sizes_no_copy_figure", rc == PLOT_ENO_GNUPLOT && drawn == 0 && strstr(log, want),
          "returned %d, %d figures drawn; log:\n%s", rc, drawn, log);
    const char *md = dir ? path_in(dir, "figures/tables.md") : "";
    CHECK("three_sizes_tables_carry_the_figures",
          file_has(md, "Table: gen3-small, every copy (3 sizes; all sync, host buffer warm, ") &&
              file_has(md, "| kind | direction | buffer | size | GB/s | 95 % interval GB/s | n | "
                           "µs per copy | round trip µs | × pageable (95 % interval) |\n") &&
              file_has(md, "| kind | direction | size | alloc ms | of it cudaHostRegister ms | "
                           "fill ms | copy ms | free ms | cycle ms |\n") &&
              file_has(md, "| kind | direction | size | reuse GB/s (95 % interval) | cycle GB/s "
                           "(95 % interval) | reuse ÷ cycle |\n") &&
              file_has(md, "| kind | direction | api | size | copies (95 % interval) | alloc + "
                           "free ms | pageable µs per copy | its µs per copy |\n") &&
              file_has(md,
                       "| pinned | h2d | sync | 1 MiB | 13.7 (13–14.4) | 1.32 | 186.5 | 89.55 |\n"),
          "%s lacks a table, or its pinned break-even at 1 MiB", md);
    free(log);
    dir = gen3_at("four-sizes", four, four);
    rc = dir ? plot(dir, 0, 1, &log) : -100;
    drawn = 0;
    for (size_t i = 0; dir && i < 8; i++) {
        char vars[96];
        snprintf(vars, sizeof(vars), "figures/data/%s-vars.gp", copy_figures[i]);
        drawn += exists(dir, vars);
    }
    CHECK("four_sizes_every_figure",
          rc == PLOT_ENO_GNUPLOT && drawn == 8 && !strstr(log, "tables") &&
              !exists(dir, "figures/tables.md"),
          "returned %d, %d of 8 figures drawn; log:\n%s", rc, drawn, log);
    free(log);
}

/*
 * A figure's own data, not the folder's sizes: machine-gen3 reused at 9
 * sizes, but reallocated at 2.  The four reallocate figures are tables, the
 * others are drawn; reuse-vs-reallocate's reuse curve (9 sizes) is its
 * baseline and alloc-cost's pinned copy its scale: neither counts.
 */
static void test_own_sizes(void)
{
    static const char *const all[] = {"4096",    "16384",    "65536",    "262144",    "1048576",
                                      "4194304", "16777216", "67108864", "268435456", NULL};
    static const char *const two[] = {"1048576", "268435456", NULL};
    char *log = NULL, want[512];
    const char *dir = gen3_at("own-sizes", all, two);
    int rc = dir ? plot(dir, 0, 1, &log) : -100;
    snprintf(want, sizeof(want),
             "note: figures as tables in %s/figures/tables.md (and .tex), their data spanning "
             "fewer than 4 sizes: reuse-vs-reallocate, reallocate-time, alloc-cost, breakeven: 2 "
             "sizes\n",
             dir ? dir : "");
    CHECK("own_sizes_reallocate_figures_tables",
          rc == PLOT_ENO_GNUPLOT && strstr(log, want) &&
              exists(dir, "figures/data/bandwidth-vars.gp") &&
              exists(dir, "figures/data/speedup-vars.gp") &&
              !exists(dir, "figures/data/alloc-cost-vars.gp") &&
              !exists(dir, "figures/data/reuse-vs-reallocate-vars.gp"),
          "returned %d; log:\n%s", rc, log);
    const char *md = dir ? path_in(dir, "figures/tables.md") : "";
    CHECK("own_sizes_tables_of_those_only",
          !file_has(md, "Table: gen3-small, every copy") &&
              file_has(md, "the phases of a reallocate cycle") &&
              file_has(md, "a reused buffer against one allocated") &&
              file_has(md, "the copies after which"),
          "%s: the tables of other figures, or not these", md);
    free(log);
}

/*
 * Re-plotting a folder whose figures became tables leaves nothing of them:
 * machine-gen3 drawn at 9 sizes (data files, and outputs stood in for),
 * then cut to one size and drawn again: no bandwidth.png, .pdf, .svg, .tex
 * and no bandwidth-* data or variables file is left (an earlier pinsweep
 * left the data files of a figure it no longer drew).
 */
static void test_stale_removed(void)
{
    static const char *const ext[] = {"png", "pdf", "svg", "tex"};
    static const char *const one[] = {"1048576", NULL};
    char *log = NULL, path[96], keep[1024];
    const char *dir = make_folder("stale", GEN3, gen3_files);
    if (dir) /* make_folder's buffer is the next call's */
        dir = strcpy(keep, dir);
    int rc = dir ? plot(dir, 0, 1, &log) : -100, before = dir != NULL;
    free(log);
    for (size_t i = 0; dir && i < 4; i++) {
        snprintf(path, sizeof(path), "figures/bandwidth.%s", ext[i]);
        write_text(path_in(dir, path), "drawn by an earlier run");
    }
    before = before && exists(dir, "figures/data/bandwidth-h2d.dat") &&
             exists(dir, "figures/data/bandwidth-drawn.txt");
    /* the same folder at one size */
    const char *cut = gen3_at("stale-one", one, one);
    int moved = cut && rename(path_in(cut, "summary.csv"), path_in(dir, "summary.csv")) == 0 &&
                rename(path_in(cut, "breakeven.csv"), path_in(dir, "breakeven.csv")) == 0;
    rc = moved ? plot(dir, 0, 1, &log) : -100;
    int left = 0;
    for (size_t i = 0; dir && i < 4; i++) {
        snprintf(path, sizeof(path), "figures/bandwidth.%s", ext[i]);
        left += exists(dir, path);
    }
    DIR *d = dir ? opendir(path_in(dir, "figures/data")) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d)))
        left += strncmp(e->d_name, "bandwidth-", 10) == 0;
    if (d)
        closedir(d);
    CHECK("stale_figure_files_removed", before && rc == PLOT_ENO_GNUPLOT && left == 0,
          "returned %d; %d files of the bandwidth figure left in %s/figures", rc, left, dir);
    free(log);
}

/*
 * seed-256mb measured one size (256 MB, decimal): tables.md and tables.tex
 * instead of the copy figures, the size named as decimal, n and the
 * interval in every row.  machine-gen3's 9 sizes make figures and no table.
 */
static void test_tables(void)
{
    static const char *const files[] = {"summary.csv", "meta.yaml", NULL};
    char *log = NULL, note[512];
    const char *dir = make_folder("tables-seed", "results/reference/h200-pcie5/seed-256mb", files);
    int rc = plot(dir, 0, 1, &log);
    snprintf(note, sizeof(note),
             "note: figures as tables in %s/figures/tables.md (and .tex), their data spanning "
             "fewer than 4 sizes: headline, bandwidth, latency, speedup: 1 size\n",
             dir);
    CHECK("tables_instead_of_one_point",
          rc == PLOT_ENO_GNUPLOT && strstr(log, note) &&
              !exists(dir, "figures/data/bandwidth-vars.gp"),
          "returned %d; log:\n%s", rc, log);
    /* Without samples.csv the interval is the delta method's: that row's rsd_pct 1.136 of 20
       samples, h = t(0.975, 19) 0.01136 sqrt(21/20), t from tables, about 54.6762. */
    char want[160], iv[48];
    double h = 2.093024054408263 * 0.01136 * sqrt(21.0 / 20);
    snprintf(iv, sizeof(iv), "%.2f–%.2f", 54.6762 * exp(-h), 54.6762 * exp(h));
    snprintf(want, sizeof(want),
             "| pinned | h2d | 256 MB | 54.68 | %s | 20 | 4682 | 4658 | 8.53× (", iv);
    CHECK("tables_md_rows", file_has(path_in(dir, "figures/tables.md"), want),
          "tables.md lacks the pinned h2d row %s", want);
    CHECK("tables_md_caption_states_the_interval",
          file_has(path_in(dir, "figures/tables.md"),
                   "Intervals: 95 % prediction interval of another sample (n = 20), on the log "
                   "scale (s from summary.csv's rsd: no samples.csv).\n"),
          "tables.md's caption does not end with the interval's statement");
    CHECK("tables_tex_booktabs",
          file_has(path_in(dir, "figures/tables.tex"), "\\toprule") &&
              file_count(path_in(dir, "figures/tables.tex"), " \\\\\n") == 5,
          "tables.tex is not a booktabs table of a heading and 4 rows");
    CHECK("tables_only_captions_say_no_figure",
          file_has(path_in(dir, "figures/captions.md"),
                   "# Captions\n\nThis folder draws no figure: its sweep has too few sizes or "
                   "readings for one; its numbers are in tables.md (and tables.tex).\n") &&
              !file_has(path_in(dir, "figures/captions.md"), "Each figure"),
          "captions.md of a folder of tables only: %s", path_in(dir, "figures/captions.md"));
    free(log);

    dir = make_folder("tables-gen3", GEN3, gen3_files);
    write_text(path_in(dir, "figures/tables.md"), "stale");
    rc = plot(dir, 0, 1, &log);
    CHECK("tables_not_for_a_sweep", rc == PLOT_ENO_GNUPLOT && !exists(dir, "figures/tables.md"),
          "returned %d; tables.md is there for 9 sizes", rc);
    free(log);
    test_three_sizes();
    test_own_sizes();
    test_stale_removed();
}

/* ---- LaTeX ---- */

/*
 * With latex: NAME.tex + NAME-inc.pdf for every figure, its text LaTeX and
 * its graphics named by base name; without: the .tex files of an earlier run
 * removed.  When pdflatex is installed, a paper that inputs one compiles.
 */
static void test_latex(void)
{
    const char *name = "latex_writes_tex_and_inc_pdf";
    char *log = NULL;
    const char *dir = make_folder("latex", GEN3, gen3_files);
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = plot(dir, 1, 0, &log);
    int all = 1;
    for (size_t i = 0; i < sizeof(headline_figures) / sizeof(headline_figures[0]); i++) {
        char tex[64], inc[64];
        snprintf(tex, sizeof(tex), "figures/%s.tex", headline_figures[i]);
        snprintf(inc, sizeof(inc), "figures/%s-inc.pdf", headline_figures[i]);
        all &= figure_ok(path_in(dir, tex), "%") && figure_ok(path_in(dir, inc), "%PDF");
    }
    CHECK(name, rc == PLOT_OK && all && strstr(log, "wrote ") && strstr(log, "speedup.tex"),
          "returned %d; log:\n%s", rc, log);
    const char *tex = path_in(dir, "figures/bandwidth.tex");
    CHECK("latex_text_is_latex",
          file_has(tex, "host $\\rightarrow$ device") && file_has(tex, "10$^{9}$ B/s") &&
              !file_has(tex, "→") && file_has(tex, "]{bandwidth-inc}}"),
          "%s: text not LaTeX, or graphics not named by base name", tex);
    CHECK("latex_no_inc_tex_left", !exists(dir, "figures/bandwidth-inc.tex"),
          "bandwidth-inc.tex left behind");
    free(log);
    if (check_need("latex_compiles_in_a_paper", "pdflatex")) {
        char cmd[4096];
        /* bandwidth: its percent axis once wrote a bare %, which LaTeX reads as a comment */
        write_text(path_in(dir, "paper.tex"),
                   "\\documentclass{article}\\usepackage{graphicx,color}"
                   "\\graphicspath{{figures/}}\\begin{document}"
                   "\\begin{figure}\\footnotesize\\input{figures/speedup.tex}\\end{figure}"
                   "\\begin{figure}\\footnotesize\\input{figures/breakeven.tex}\\end{figure}"
                   "\\begin{figure}\\input{figures/bandwidth.tex}\\end{figure}"
                   "\\end{document}\n");
        snprintf(cmd, sizeof(cmd),
                 "cd '%s' && pdflatex -interaction=nonstopmode -halt-on-error paper.tex "
                 "> paper.out 2>&1",
                 dir);
        int st = system(cmd);
        CHECK("latex_compiles_in_a_paper",
              WIFEXITED(st) && WEXITSTATUS(st) == 0 && figure_ok(path_in(dir, "paper.pdf"), "%PDF"),
              "pdflatex failed; see %s/paper.log", dir);
    }
    rc = plot(dir, 0, 0, &log);
    CHECK("latex_removed_when_not_asked",
          rc == PLOT_OK && !exists(dir, "figures/bandwidth.tex") &&
              !exists(dir, "figures/bandwidth-inc.pdf"),
          "returned %d; stale LaTeX files kept", rc);
    free(log);
}

/* Without gnuplot, latex still writes both variables files, so both can be drawn later. */
static void test_latex_no_gnuplot(void)
{
    char *log = NULL;
    const char *dir = make_folder("latex-no-gnuplot", GEN3, gen3_files);
    int rc = plot(dir, 1, 1, &log);
    const char *vt = path_in(dir, "figures/data/speedup-vars-tex.gp");
    CHECK("latex_vars_without_gnuplot",
          rc == PLOT_ENO_GNUPLOT && exists(dir, "figures/data/speedup-vars.gp") &&
              file_has(vt, "y_label = 'speedup over pageable ($\\times$)'"),
          "returned %d; %s missing or not LaTeX", rc, vt);
    free(log);
}

int main(void)
{
    if (plot_test_begin("plot-headline") < 0)
        return 1;
    test_link_known();
    test_link_mps_read();
    test_link_unknown();
    test_link_without_meta();
    test_gen3_figures();
    test_gen3_data();
    test_headline_missing();
    test_headline_figure();
    test_tables();
    test_latex();
    test_latex_no_gnuplot();
    return plot_test_end("test_fig_pinning");
}
