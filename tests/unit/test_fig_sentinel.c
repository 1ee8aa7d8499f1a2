/*
 * test_fig_sentinel.c - unit tests of the sentinel figure (fig_sentinel.c),
 * its caption's reading and its table (sentinel_view.c), on folders made
 * from tests/fixtures/results-small (its summary.csv: 300 configurations,
 * ten sizes each from 4 KiB to 1 GiB) with a sentinel.csv and a meta.yaml
 * drift section written here: the axis (a percentage off the run's median,
 * ±5 % unless a reading needs more, never chosen by the bars), the drift
 * check's band, the caption's "Drawn:" and "Bars:" parts and the copy it
 * names, each reading off the band tied to what was measured before it (in
 * the plan's order, also when the sentinel was read twice between two
 * configurations, or from meta.yaml's drift window when the order was
 * shuffled, in rounds or in one round), a sentinel of three readings as a
 * table, a folder of CPU access alone, and (with gnuplot and pdftotext)
 * every word of the PDF on its page, for the screen and for a paper.
 * Prints PASS, FAIL or SKIP per check (check.h).  Run from the repository
 * root.
 */
#include "check.h"
#include "figures/plot.h"
#include "plot_test_util.h"

#define SMALL "tests/fixtures/results-small"
#define BEYOND "tests/fixtures/results-beyond"

#define SENTINEL_HEAD                                                                              \
    "reading,time_s,utc,round,after_config,gbps_median,gbps_min,gbps_max,rsd_pct,samples,"         \
    "change_pct,status,error\n"

/* Six readings, median 50: a −0.80 % one after 21–45, a −10.00 % one (wide bar) after 46–60. */
static const char dip_csv[] =
    SENTINEL_HEAD "1,0.000,2026-01-01T00:00:00Z,1,,50.0,49.9,50.1,0.2,3,,ok,\n"
                  "2,2.000,2026-01-01T00:00:02Z,1,20,50.1,50.0,50.2,0.2,3,0.2,ok,\n"
                  "3,4.000,2026-01-01T00:00:04Z,1,45,49.6,49.5,49.7,0.2,3,-1.0,ok,\n"
                  "4,6.000,2026-01-01T00:00:06Z,1,60,45.0,40.0,50.0,8.6,3,-9.3,ok,\n"
                  "5,8.000,2026-01-01T00:00:08Z,1,150,50.05,50.0,50.1,0.2,3,11.2,ok,\n"
                  "6,10.000,2026-01-01T00:00:10Z,1,300,50.0,49.9,50.1,0.2,3,-0.1,ok,\n";

/* The same run with the worst reading −2 % off: every reading inside ±4.5 %, one bar far out. */
static const char quiet_csv[] =
    SENTINEL_HEAD "1,0.000,2026-01-01T00:00:00Z,1,,50.0,49.9,50.1,0.2,3,,ok,\n"
                  "2,2.000,2026-01-01T00:00:02Z,1,20,50.1,50.0,50.2,0.2,3,0.2,ok,\n"
                  "3,4.000,2026-01-01T00:00:04Z,1,45,49.6,49.5,49.7,0.2,3,-1.0,ok,\n"
                  "4,6.000,2026-01-01T00:00:06Z,1,60,49.0,40.0,50.0,30,3,-1.2,ok,\n"
                  "5,8.000,2026-01-01T00:00:08Z,1,150,50.05,50.0,50.1,0.2,3,2.1,ok,\n";

/* Three readings: a table, not a figure. */
static const char few_csv[] =
    SENTINEL_HEAD "1,0.000,2026-01-01T00:00:00Z,1,,50.0,49.9,50.1,0.2,3,,ok,\n"
                  "2,2.000,2026-01-01T00:00:02Z,1,20,50.1,50.0,50.2,0.2,3,0.2,ok,\n"
                  "3,4.000,2026-01-01T00:00:04Z,1,45,49.6,49.5,49.7,0.2,3,-1.0,ok,\n";

/* Rounds in a shuffled order: what came between readings is meta.yaml's window's. */
static const char shuffled_csv[] =
    SENTINEL_HEAD "1,0.000,2026-01-01T00:00:00Z,1,,50.0,49.9,50.1,0.2,3,,ok,\n"
                  "2,2.000,2026-01-01T00:00:02Z,1,200,50.1,50.0,50.2,0.2,3,0.2,ok,\n"
                  "3,4.000,2026-01-01T00:00:04Z,1,17,50.0,49.9,50.1,0.2,3,0.0,ok,\n"
                  "4,6.000,2026-01-01T00:00:06Z,2,3,48.0,47.9,48.1,0.2,3,-4.0,ok,\n"
                  "5,8.000,2026-01-01T00:00:08Z,2,101,50.05,50.0,50.1,0.2,3,4.3,ok,\n";

/* One round in a shuffled order (measure.order: shuffled): after_config goes back, 17 after 200. */
static const char one_round_csv[] =
    SENTINEL_HEAD "1,0.000,2026-01-01T00:00:00Z,1,,50.0,49.9,50.1,0.2,3,,ok,\n"
                  "2,2.000,2026-01-01T00:00:02Z,1,200,50.1,50.0,50.2,0.2,3,0.2,ok,\n"
                  "3,4.000,2026-01-01T00:00:04Z,1,17,50.0,49.9,50.1,0.2,3,0.0,ok,\n"
                  "4,6.000,2026-01-01T00:00:06Z,1,3,48.0,47.9,48.1,0.2,3,-4.0,ok,\n"
                  "5,8.000,2026-01-01T00:00:08Z,1,101,50.05,50.0,50.1,0.2,3,4.3,ok,\n";

/* The plan's order, the sentinel read twice with no configuration between (after 45 twice). */
static const char twice_csv[] =
    SENTINEL_HEAD "1,0.000,2026-01-01T00:00:00Z,1,,50.0,49.9,50.1,0.2,3,,ok,\n"
                  "2,2.000,2026-01-01T00:00:02Z,1,20,50.1,50.0,50.2,0.2,3,0.2,ok,\n"
                  "3,4.000,2026-01-01T00:00:04Z,1,45,50.0,49.9,50.1,0.2,3,0.0,ok,\n"
                  "4,6.000,2026-01-01T00:00:06Z,1,45,48.0,47.9,48.1,0.2,3,-4.0,ok,\n"
                  "5,8.000,2026-01-01T00:00:08Z,1,150,50.05,50.0,50.1,0.2,3,4.3,ok,\n";

/* meta.yaml's drift section but for its window's measured: one window, 4 to 8 s. */
#define DRIFT_HEAD                                                                                 \
    "drift:\n"                                                                                     \
    "  sentinel: pinned h2d reuse sync 64MiB (automatic)\n"                                        \
    "  readings: 5\n"                                                                              \
    "  target_pct: 0.5\n"                                                                          \
    "  windows: 1\n"                                                                               \
    "  window_1:\n"                                                                                \
    "    from_s: 4.000\n"                                                                          \
    "    to_s: 8.000\n"

static const char drift_meta[] = DRIFT_HEAD "    measured: 5/r2 3/r2 101/r2\n";

/* The same of the run of one round. */
static const char one_round_meta[] = DRIFT_HEAD "    measured: 5/r1 3/r1 101/r1\n";

/*
 * A new folder tmpdir/name: summary.csv from summary (a path), results-small's
 * meta.yaml with drift (a drift section) after it, and sentinel.csv holding csv;
 * NULL on failure.
 */
static const char *sentinel_folder_with(const char *name, const char *summary, const char *csv,
                                        const char *drift)
{
    static const char *const none[] = {NULL};
    const char *dir = make_folder(name, SMALL, none);
    char *meta = read_text(SMALL "/meta.yaml"), *both = malloc(strlen(meta) + strlen(drift) + 1);
    int ok = dir && both;
    if (ok) {
        sprintf(both, "%s%s", meta, drift);
        ok = write_text(path_in(dir, "meta.yaml"), both) == 0 &&
             write_text(path_in(dir, "sentinel.csv"), csv) == 0 &&
             copy_edit(summary, path_in(dir, "summary.csv"), NULL, NULL) == 0;
    }
    free(meta);
    free(both);
    return ok ? dir : NULL;
}

/* sentinel_folder_with drift_meta. */
static const char *sentinel_folder(const char *name, const char *summary, const char *csv)
{
    return sentinel_folder_with(name, summary, csv, drift_meta);
}

/* Draw dir (gnuplot hidden when hide, for a paper when paper); the log in *log. */
static int draw(const char *dir, int hide, int paper, char **log)
{
    size_t len;
    FILE *f = open_memstream(log, &len);
    struct plot_opts o = {.paper = paper};
    if (hide)
        hide_gnuplot(1);
    int rc = plot_results_opts(dir, plots_dir, f, &o);
    if (hide)
        hide_gnuplot(0);
    fclose(f);
    return rc;
}

/* The line of the file at path that holds key (in a static buffer; "" when none), for messages. */
static const char *line_with(const char *path, const char *key)
{
    static char line[1024];
    char *text = read_text(path);
    const char *at = strstr(text, key);
    snprintf(line, sizeof(line), "%.*s", at ? (int)strcspn(at, "\n") : 0, at ? at : "");
    free(text);
    return line;
}

/* The sentinel's caption in dir's figures/captions.md (malloc'd; "" when it has none). */
static char *caption_of(const char *dir)
{
    char *text = read_text(path_in(dir, "figures/captions.md"));
    const char *at = strstr(text, "## sentinel\n\n![sentinel](sentinel.png)\n\n");
    char *out = strdup(at ? at + strlen("## sentinel\n\n![sentinel](sentinel.png)\n\n") : "");
    out[strcspn(out, "\n")] = '\0';
    free(text);
    return out;
}

/* Fix 2 and 4: the caption names the copy, ties each dip to what came before it, and has its
   "Drawn:" and "Bars:" parts. */
static void test_dip_caption(const char *dir)
{
    char *cap = caption_of(dir);
    CHECK("caption_names_the_copy_and_the_threshold",
          strstr(cap, "? The sentinel copy, pinned h2d reuse sync 64 MiB (automatic), was read 6 "
                      "times in 10.0 s, 3 samples a reading; 4 of its 6 readings lie within "
                      "0.5 % (the drift check's threshold, target_rsd) of their median, 50.00 "
                      "GB/s, and all within 45.00–50.10 GB/s, 11.33 % apart; ") != NULL,
          "caption: %s", cap);
    CHECK("caption_ties_the_dip_to_what_came_before",
          strstr(cap, "; the −10.00 % reading at 6.0 s followed configurations 46–60 (pageable "
                      "d2h sync 4 MiB–1 GiB, pageable d2h async 4 KiB–1 GiB); the −0.80 % "
                      "reading at 4.0 s followed configurations 21–45 (pageable h2d sync "
                      "reallocate 4 KiB–1 GiB, pageable h2d async reallocate 4 KiB–1 GiB, "
                      "pageable d2h sync 4 KiB–1 MiB). Drawn: ") != NULL,
          "caption: %s", cap);
    CHECK("caption_says_what_is_drawn_and_what_a_bar_is",
          strstr(cap,
                 ". Drawn: curves (readings (median of 3 samples each); the run's median "
                 "(0 % = 50.00 GB/s); the drift check's band (0.5 % either side: "
                 "target_rsd)); axis 20 % either side (5 % unless a reading lies beyond 4.5 %); "
                 "bars cut at the axis's ends. Bars: 95 % prediction interval of another sample "
                 "(n = 3) (from rsd), computed on the log scale.") != NULL,
          "caption: %s", cap);
    free(cap);
}

/* Fix 3: the axis is a percentage off the median, from the readings (not the bars), with the
   drift check's band; fix 1: a panel title that fits. */
static void test_dip_axis(const char *dir, const char *quiet)
{
    const char *vars = path_in(dir, "figures/data/sentinel-vars.gp");
    const char *data = path_in(dir, "figures/data/sentinel-time.dat");
    const char *over = path_in(dir, "figures/data/sentinel-time-overlay.dat");
    CHECK("axis_widened_for_a_reading_beyond_4.5_pct",
          file_has(vars, "panel_y_min[1] = -20; panel_y_max[1] = 20\n"), "%s",
          line_with(vars, "panel_y_min[1] ="));
    CHECK("readings_in_pct_off_the_median",
          file_has(data, "\n6.000 -10 ") && file_has(data, "\n4.000 -0.8 ") &&
              file_has(data, "\n0.000 0 "),
          "%s", line_with(data, "6.000 "));
    CHECK("band_of_the_drift_check",
          file_has(over, "color=reference line=reference") && file_has(over, " -0.5 0.5\n") &&
              file_has(over, "color= line=guide") && file_has(vars, "array panel_nover[1] = [2]"),
          "%s", line_with(over, "# index 0"));
    CHECK("panel_title_short",
          file_has(vars, "panel_title[1] = 'sentinel: pinned h2d reuse sync 64 MiB'\n"), "%s",
          line_with(vars, "panel_title[1] ="));
    const char *qvars = path_in(quiet, "figures/data/sentinel-vars.gp");
    CHECK("bars_do_not_choose_the_axis",
          file_has(qvars, "panel_y_min[1] = -5; panel_y_max[1] = 5\n") &&
              file_has(path_in(quiet, "figures/data/sentinel-drawn.txt"), "bars cut at the axis"),
          "%s", line_with(qvars, "panel_y_min[1] ="));
}

/* Fix 5: three readings are a table, and the figure's note says where it is. */
static void test_few(const char *dir, const char *log, int rc)
{
    const char *md = path_in(dir, "figures/tables.md");
    CHECK("few_readings_no_figure",
          rc == PLOT_ENO_GNUPLOT && !exists(dir, "figures/data/sentinel-vars.gp") &&
              strstr(log, "note: no sentinel figure: it needs at least 4 readings (this run has "
                          "3: see figures/tables.md)\n"),
          "rc %d, log:\n%s", rc, log);
    CHECK("few_readings_a_table",
          file_has(md, "Table: h200-small, the drift sentinel: 3 readings, fewer than 4, a table, "
                       "not a figure. The sentinel copy, pinned h2d reuse sync 64 MiB "
                       "(automatic), was read 3 times in 4.0 s") &&
              file_has(md, "Intervals: 95 % prediction interval of another sample (n = 3) (from rsd).") &&
              file_has(md, "| 3 | 4.0 | 49.60 | 49.11–50.10 | −0.80 % | 21–45 |\n") &&
              file_has(md, "| 1 | 0.0 | 50.00 | 49.51–50.50 | +0.00 % | – |\n"),
          "%s", read_text(md));
}

/* Fix 4 when the rounds were shuffled: the reading names meta.yaml's window around it. */
static void test_shuffled(const char *dir)
{
    char *cap = caption_of(dir);
    CHECK("shuffled_rounds_name_the_drift_window",
          strstr(cap, "; the −4.00 % reading at 6.0 s (round 2) fell in meta.yaml's drift "
                      "window 4.0–8.0 s, in which 3 configurations of round 2 (pageable h2d sync "
                      "64 KiB–1 MiB, pinned h2d sync 4 KiB) were measured. Drawn: ") != NULL,
          "caption: %s", cap);
    free(cap);
}

/*
 * Measured in the plan's order or not: one round whose order is shuffled
 * names meta.yaml's window as the rounds do; a reading after the same
 * configuration as the one before is still the plan's order, and says so.
 */
static void test_order(void)
{
    static const struct {
        const char *name, *csv, *meta, *want;
    } cases[] = {
        {"one_round_shuffled_names_the_drift_window", one_round_csv, one_round_meta,
         "; the −4.00 % reading at 6.0 s (round 1) fell in meta.yaml's drift window 4.0–8.0 s, "
         "in which 3 configurations of round 1 (pageable h2d sync 64 KiB–1 MiB, pinned h2d sync 4 "
         "KiB) were measured. Drawn: "},
        {"plan_order_read_twice_follows_no_configuration", twice_csv, drift_meta,
         "; the −4.00 % reading at 6.0 s followed no configuration since the reading before. "
         "Drawn: "},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        const char *dir =
            sentinel_folder_with(cases[k].name, SMALL "/summary.csv", cases[k].csv, cases[k].meta);
        char *log = NULL;
        int rc = dir ? draw(dir, 1, 0, &log) : -100;
        char *cap = dir ? caption_of(dir) : strdup("");
        CHECK(cases[k].name, rc == PLOT_ENO_GNUPLOT && strstr(cap, cases[k].want),
              "rc %d, caption: %s", rc, cap);
        free(cap);
        free(log);
    }
}

/* Fix 6: in a folder of CPU access alone the caption says what the sentinel guards. */
static void test_cpu_only(void)
{
    char *text = read_text(BEYOND "/summary.csv"), *out = malloc(strlen(text) + 1);
    size_t len = 0;
    for (char *line = text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end)
            break;
        *end = '\0';
        if (line == text || strstr(line, ",host-read,") || strstr(line, ",host-write,"))
            len += (size_t)sprintf(out + len, "%s\n", line);
    }
    const char *summary = path_in(tmpdir, "cpu-summary.csv");
    write_text(summary, out);
    free(text);
    free(out);
    const char *dir = sentinel_folder("cpu", summary, dip_csv);
    char *log = NULL;
    int rc = dir ? draw(dir, 1, 0, &log) : -100;
    char *cap = dir ? caption_of(dir) : strdup("");
    CHECK("cpu_only_caption_says_the_sentinel_guards_the_link",
          rc == PLOT_ENO_GNUPLOT &&
              strstr(cap, "; every configuration of this folder is the CPU's own access to host "
                          "memory, which crosses no link: the sentinel tells whether the link "
                          "stayed the same, not whether what was measured did. Drawn: "),
          "rc %d, caption: %s", rc, cap);
    free(cap);
    free(log);
}

/* Fix 1: every word of the PDF lies on its page (pdftotext -bbox), for the screen and a paper. */
static void test_words_on_page(const char *dir)
{
    static const char *const modes[] = {"words_on_page", "words_on_page_paper"};
    for (int paper = 0; paper < 2; paper++) {
        char *log = NULL, cmd[2048], line[512];
        if (!check_need(modes[paper], "gnuplot") || !check_need(modes[paper], "pdftotext"))
            return;
        int rc = draw(dir, 0, paper, &log);
        snprintf(cmd, sizeof(cmd), "pdftotext -bbox '%s' -", path_in(dir, "figures/sentinel.pdf"));
        FILE *p = popen(cmd, "r");
        double width = 0;
        int words = 0, off = 0;
        char first_off[512] = "";
        while (p && fgets(line, sizeof(line), p)) {
            const char *w = strstr(line, "<page width=\""), *x0 = strstr(line, "xMin=\""),
                       *x1 = strstr(line, "xMax=\"");
            if (w)
                width = strtod(w + 13, NULL);
            if (strstr(line, "<word ") && x0 && x1) {
                words++;
                if (strtod(x0 + 6, NULL) < 0 || strtod(x1 + 6, NULL) > width) {
                    if (!off++)
                        snprintf(first_off, sizeof(first_off), "%s", line);
                }
            }
        }
        if (p)
            pclose(p);
        CHECK(modes[paper], rc == PLOT_OK && words > 20 && off == 0 && width > 0,
              "rc %d, %d words, %d off the %g pt page (first: %s); log:\n%s", rc, words, off, width,
              first_off, log);
        free(log);
    }
}

int main(void)
{
    if (plot_test_begin("sentinel") < 0)
        return 1;
    char *log = NULL, dir[1024], quiet[1024], few[1024], shuffled[1024];
    const char *d = sentinel_folder("dip", SMALL "/summary.csv", dip_csv);
    snprintf(dir, sizeof(dir), "%s", d ? d : "");
    d = sentinel_folder("quiet", SMALL "/summary.csv", quiet_csv);
    snprintf(quiet, sizeof(quiet), "%s", d ? d : "");
    d = sentinel_folder("few", SMALL "/summary.csv", few_csv);
    snprintf(few, sizeof(few), "%s", d ? d : "");
    d = sentinel_folder("shuffled", SMALL "/summary.csv", shuffled_csv);
    snprintf(shuffled, sizeof(shuffled), "%s", d ? d : "");
    int rc = draw(dir, 1, 0, &log);
    CHECK("drawn", rc == PLOT_ENO_GNUPLOT && exists(dir, "figures/data/sentinel-vars.gp"),
          "rc %d, log:\n%s", rc, log);
    free(log);
    draw(quiet, 1, 0, &log);
    free(log);
    draw(shuffled, 1, 0, &log);
    free(log);
    test_dip_caption(dir);
    test_dip_axis(dir, quiet);
    test_shuffled(shuffled);
    test_order();
    rc = draw(few, 1, 0, &log);
    test_few(few, log, rc);
    free(log);
    test_cpu_only();
    test_words_on_page(dir);
    return plot_test_end("test_fig_sentinel");
}
