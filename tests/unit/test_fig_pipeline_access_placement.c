/*
 * test_fig_pipeline_access_placement.c - unit tests of the figures of
 * fig_pipeline.c, fig_hostaccess.c and fig_placement.c (overlap,
 * host-access, placement, placement-pin), of the zero-copy style of the
 * bandwidth and latency figures and of their api notes (each api drawn
 * named once, none unnamed), from tests/fixtures/results-beyond: rows
 * of a pipeline, CPU access, NUMA and page placement and zero-copy runs on
 * the H200 in summary.csv's real column layout, a failed and some skipped
 * rows among them.  Checks the data files written for gnuplot (gnuplot
 * hidden), the notes when the rows are missing, and, where gnuplot is
 * installed, the figures themselves (SKIP without it).  Prints PASS, FAIL or
 * SKIP per check (check.h).  Run from the repository root; the gnuplot
 * scripts are read from $PINSWEEP_PLOTS, else plots/.
 */
#include "check.h"
#include "figures/plot.h"
#include "plot_test_util.h"

#define BEYOND "tests/fixtures/results-beyond"
#define SMALL "tests/fixtures/results-small"

static const char *const beyond_files[] = {"summary.csv", "meta.yaml", NULL};
static const char *const beyond_figures[] = {"overlap", "host-access", "placement",
                                             "placement-pin"};
#define NBEYOND (sizeof(beyond_figures) / sizeof(beyond_figures[0]))

/* Run plot_results_opts without LaTeX, gnuplot hidden when hide; the log in *log. */
static int plot(const char *dir, int hide, char **log)
{
    return run_plot(plot_results_opts, dir, plots_dir, 0, hide, log);
}

/*
 * A new folder tmpdir/name with the fixture's meta.yaml and out (len bytes
 * of it) as its summary.csv; NULL on failure.  Frees text and out.
 */
static const char *folder_of(const char *name, char *text, char *out, size_t len)
{
    static const char *const meta[] = {"meta.yaml", NULL};
    const char *dir = NULL;
    if (out) {
        out[len] = '\0';
        dir = make_folder_summary(name, BEYOND, meta, out);
    }
    free(text);
    free(out);
    return dir;
}

/*
 * A new folder tmpdir/name with the fixture's meta.yaml and a summary.csv of
 * its header and the lines that contain keep, with every from replaced by
 * to (NULL: none); NULL on failure.
 */
static const char *fixture_subset(const char *name, const char *keep, const char *from,
                                  const char *to)
{
    char *text = read_text(BEYOND "/summary.csv"), *out = malloc(strlen(text) * 2 + 1);
    size_t len = 0;
    for (char *line = text, *end; out && *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end)
            break;
        *end = '\0';
        if (line != text && !strstr(line, keep))
            continue;
        for (char *p = line, *hit; *p; p = hit ? hit + strlen(from) : p + strlen(p)) {
            hit = from ? strstr(p, from) : NULL;
            size_t n = hit ? (size_t)(hit - p) : strlen(p);
            memcpy(out + len, p, n);
            len += n;
            if (hit) {
                memcpy(out + len, to, strlen(to));
                len += strlen(to);
            }
        }
        out[len++] = '\n';
    }
    return folder_of(name, text, out, len);
}

/*
 * A new folder tmpdir/name with the fixture's meta.yaml and its summary.csv,
 * every copy row of a page-locked or pageable kind at 16 MiB or 256 MiB
 * (",sync,") given a twin at 4 MiB or 64 MiB, and every mapped row (a
 * zero-copy kernel or an async copy) at 1 MiB or 16 MiB one at 256 KiB or
 * 4 MiB: placements and the zero-copy curves at four sizes, enough for
 * their figures (the fixture's own two sizes make tables).  NULL on failure.
 */
static const char *fixture_four_sizes(const char *name)
{
    static const char *const from[] = {",16777216,", ",268435456,", ",1048576,", ",16777216,"};
    static const char *const to[] = {",4194304,", ",67108864,", ",262144,", ",4194304,"};
    static const char *const which[] = {",sync,", ",sync,", ",mapped,", ",mapped,"};
    char *text = read_text(BEYOND "/summary.csv"), *out = malloc(strlen(text) * 3 + 1);
    size_t len = 0;
    for (char *line = text, *end; out && (end = strchr(line, '\n')); line = end + 1) {
        size_t n = (size_t)(end - line) + 1;
        memcpy(out + len, line, n);
        len += n;
        for (size_t k = 0; k < 4; k++) {
            char *hit = strstr(line, from[k]), *is = strstr(line, which[k]);
            if (!hit || hit > end || !is || is > end ||
                (k >= 2 && strstr(line, ",sync,") && strstr(line, ",sync,") < end))
                continue;
            size_t head = (size_t)(hit - line);
            len += (size_t)sprintf(out + len, "%.*s%s%.*s", (int)head, line, to[k],
                                   (int)(n - head - strlen(from[k])), hit + strlen(from[k]));
        }
    }
    return folder_of(name, text, out, len);
}

/* Points of the figures: what each curve is drawn from (fixture values). */
static const struct {
    const char *name, *file, *heading, *x;
    double y;
} points[] = {
    /* the pipeline time, its serial sum and its ideal */
    {"overlap_pipeline_pinned", "overlap-kernel-1x.dat", "color=pinned line=pipeline", "4",
     5.88253},
    {"overlap_pipeline_pageable", "overlap-kernel-none.dat", "color=pageable line=pipeline", "1",
     50.8003},
    {"overlap_serial", "overlap-kernel-1x-overlay.dat", "color=pinned line=serial", "2", 14.8673},
    {"overlap_ideal", "overlap-kernel-1x-overlay.dat", "color=pinned line=ideal", "4", 5.03395},
    /* against threads at the largest size, 64 MiB (at 4 MiB: 17.8705 and 126.478) */
    {"host_read_largest_size", "host-access-host-read.dat", "color=write-combined", "1", 6.4878},
    {"host_write_largest_size", "host-access-host-write.dat", "color=pageable", "4", 77.2182},
    /* a colour per kind, a dash per page size, a point per binding */
    {"placement_thp_auto", "placement-h2d.dat", "color=registered line=thp point=numa:auto",
     "268435456", 55.1581},
    {"placement_default_any", "placement-h2d.dat", "color=registered line=default point=numa:any",
     "16777216", 53.2117},
    {"placement_pageable_d2h", "placement-d2h.dat", "color=pageable line=thp point=numa:any",
     "268435456", 16.0213},
    {"placement_pin_thp", "placement-pin-pin.dat", "color=registered line=thp", "268435456",
     40.1531},
    {"placement_pin_default", "placement-pin-pin.dat", "color=registered line=default", "268435456",
     85.6702},
    /* a zero-copy kernel's curve: a dash and a point of its own */
    {"bandwidth_zerocopy_style", "bandwidth-h2d-async.dat",
     "color=mapped line=zerocopy point=mapped", "16777216", 49.5453},
    {"latency_zerocopy_style", "latency-h2d-async.dat", "color=mapped line=zerocopy point=mapped",
     "1048576", NAN}, /* filled in from us_per_copy_median below */
};

/* dir/figures/data/file in a static buffer (one of four, so several may be used at once). */
static const char *data_file(const char *dir, const char *file)
{
    static char bufs[4][2048];
    static int next;
    char *p = bufs[next++ % 4];
    snprintf(p, sizeof(bufs[0]), "%s/figures/data/%s", dir ? dir : "(no folder)", file);
    return p;
}

/*
 * The fixture drawn, gnuplot hidden, into a folder of its own, whose path
 * goes into dir (size n); the tests below read the data written there.
 * Checks that it was drawn without warnings and with all four figures.
 */
static void draw_fixture(char *dir, size_t n)
{
    char *log = NULL, name[96];
    const char *made = make_folder("data", BEYOND, beyond_files);
    snprintf(dir, n, "%s", made ? made : "(no folder)");
    int rc = made ? plot(dir, 1, &log) : -100;
    CHECK("beyond_data_written", rc == PLOT_ENO_GNUPLOT && !strstr(log, "warning"),
          "returned %d; log:\n%s", rc, log);
    /* Two sizes of placed buffers: tables, not lines across sizes nothing was measured at. */
    char note[1400];
    snprintf(note, sizeof(note),
             "note: figures as tables in %s/figures/tables.md (and .tex), their data spanning "
             "fewer than 4 sizes: bandwidth, latency: 3 sizes; headline, reuse-vs-reallocate, "
             "reallocate-time, alloc-cost, placement, placement-pin: 2 sizes\n",
             dir);
    CHECK("beyond_tabulates_the_few_sizes", strstr(log, note) != NULL, "log:\n%s", log);
    for (size_t i = 0; i < NBEYOND; i++) {
        int placed = strncmp(beyond_figures[i], "placement", 9) == 0;
        snprintf(name, sizeof(name), "beyond_%s_%s", placed ? "tabulates" : "draws",
                 beyond_figures[i]);
        char vars[96];
        snprintf(vars, sizeof(vars), "figures/data/%s-vars.gp", beyond_figures[i]);
        CHECK(name, placed != exists(dir, vars), "%s/%s: drawn when placed, or not", dir, vars);
    }
    free(log);
}

/* The same, with the placed buffers at four sizes: the placement figures are drawn. */
static void draw_four_sizes(char *dir, size_t n)
{
    char *log = NULL;
    const char *made = fixture_four_sizes("four-sizes");
    snprintf(dir, n, "%s", made ? made : "(no folder)");
    int rc = made ? plot(dir, 1, &log) : -100;
    CHECK("four_sizes_draws_placement",
          rc == PLOT_ENO_GNUPLOT && !strstr(log, "warning") &&
              !strstr(log, "note: no placement figure") &&
              !strstr(log, "note: no placement-pin figure") && !exists(dir, "figures/tables.md"),
          "returned %d; log:\n%s", rc, log);
    free(log);
}

/*
 * tables.md at the fixture's two sizes: a column per page size and binding,
 * the fixture's medians and intervals, the skipped hugetlb rows said, and that
 * the machine's one NUMA node makes numa any and auto the same memory.
 */
static void test_placement_tables(const char *dir)
{
    const char *md = path_in(dir, "figures/tables.md"), *tex = path_in(dir, "figures/tables.tex");
    CHECK("placement_table_columns",
          file_has(md, "| direction | kind | size | default / any | default / auto | thp / any | "
                       "thp / auto | hugetlb / any |\n|---|---|---|---:|---:|---:|---:|---:|\n"),
          "%s lacks the header of the copy table", md);
    CHECK("placement_table_one_numa_node",
          file_has(md, "Table: h200-beyond, copy bandwidth by page size and NUMA binding (reuse, "
                       "sync; 2 sizes): median GB/s (its 95 % interval); a column per page "
                       "size / binding. This machine has one NUMA node: numa any and auto are the "
                       "same memory.\n"),
          "%s lacks the caption", md);
    CHECK("placement_table_pin",
          file_has(md, "| kind | size | default / any | thp / any | hugetlb / any |\n") &&
              file_has(md, "| registered | 256 MiB | 85.7 | 40.2 | – |\n") &&
              file_has(md, "sync; 2 sizes): median ms, no interval: the folder has no "
                           "samples.csv; a column per page size / binding.") &&
              file_has(md, "| registered | 16 MiB | ") && file_has(md, " | skipped |\n"),
          "%s lacks the pinning table or its cells", md);
    /* too wide for a page in one: two parts, each with the columns that name a row */
    CHECK("placement_table_tex",
          file_has(tex, "\\toprule\ndirection & kind & size & default / any & default / auto "
                        "\\\\\n\\midrule\n") &&
              file_has(tex, "\\toprule\ndirection & kind & size & thp / any & thp / auto & "
                            "hugetlb / any \\\\\n\\midrule\n") &&
              file_has(tex, "\\toprule\nkind & size & default / any & thp / any & hugetlb / "
                            "any \\\\\n\\midrule\n"),
          "%s lacks the placement tables, the copies' in two parts, or the pinning table", tex);
}

/*
 * Each curve's points are the fixture's values (placement's and zero-copy's: drawn at four
 * sizes, from four).
 */
static void test_points(const char *dir, const char *four)
{
    for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); i++) {
        /* Zero-copy's latency: us_per_copy_median of the fixture's 1 MiB kernel, 48.192 us. */
        double want = isnan(points[i].y) ? 48.192 : points[i].y;
        int at_four = strncmp(points[i].name, "placement", 9) == 0 ||
                      strstr(points[i].name, "zerocopy") != NULL;
        const char *from = at_four ? four : dir;
        double got = block_y(data_file(from, points[i].file), points[i].heading, points[i].x);
        CHECK(points[i].name, fabs(got - want) <= 1e-9 * want, "%s, %s at %s: %g, want %g",
              points[i].file, points[i].heading, points[i].x, got, want);
    }
}

/* The overlap figure: a panel per kernel, references for two kinds, the factor, the tics. */
static void test_overlap(const char *dir)
{
    const char *one = data_file(dir, "overlap-kernel-1x.dat");
    CHECK("overlap_a_curve_per_kind", file_count(one, "# index") == 2, "%d blocks in %s",
          file_count(one, "# index"), one);
    /* Bars: the fixture has no samples.csv, so s = rsd_pct / 100 (interval.h's delta method);
       4 streams: rsd 1.113 %, 15 samples, h = t(0.975, 14) 2.144787 * 0.01113 * sqrt(1 + 1/15)
       = 0.024654, 5.88253 e^-h = 5.73927, e^h = 6.02936; 2 streams: rsd 0.464 %, 5 samples,
       h = 2.776445 * 0.00464 * sqrt(1.2) = 0.014112: 7.89197 and 8.11789 */
    CHECK("overlap_factor_at_the_most_streams",
          file_has(one, "\n4 5.88253 5.73927 6.02936 \"2.5×\"\n") &&
              file_has(one, "\n2 8.00413 7.89197 8.11789 \"\"\n"),
          "%s lacks the label 2.5× at 4 streams, or labels others, or its bars differ", one);
    CHECK("overlap_failed_row_not_drawn",
          !file_has(data_file(dir, "overlap-kernel-none.dat"), "\n8 "),
          "the failed 8-stream row was drawn");
    const char *ov = data_file(dir, "overlap-kernel-none-overlay.dat");
    CHECK("overlap_references_of_two_kinds",
          file_count(ov, "line=serial") == 2 && file_count(ov, "line=ideal") == 2 &&
              file_has(ov, "color=pageable line=serial"),
          "%s: %d serial and %d ideal blocks", ov, file_count(ov, "line=serial"),
          file_count(ov, "line=ideal"));
    const char *vars = data_file(dir, "overlap-vars.gp");
    CHECK("overlap_streams_tics", file_has(vars, "x_tics = '(\"1\" 1, \"2\" 2, \"4\" 4)'\n"),
          "%s lacks the streams as tics", vars);
    CHECK("overlap_title_says_size_and_chunks",
          file_has(vars, "fig_detail = '256 MiB in 32 chunks'") &&
              file_has(vars, "panel_title[1] = 'no kernel'") &&
              file_has(vars, "panel_title[2] = 'kernel 1× a chunk''s h2d'"),
          "%s: detail or panel titles", vars);
}

/* host-access against threads; the sizes not drawn named in the notes. */
static void test_host_access(const char *dir)
{
    char *log = NULL;
    const char *rd = data_file(dir, "host-access-host-read.dat");
    const char *vars = data_file(dir, "host-access-vars.gp");
    CHECK("host_access_a_panel_per_api_a_curve_per_kind",
          file_count(rd, "# index") == 2 && file_has(vars, "npanels = 2\n") &&
              file_has(vars, "'CPU reads, 64 MiB buffer'"),
          "%s: panels, or %s: blocks", vars, rd);
    CHECK("host_access_threads_on_x",
          file_has(vars, "x_label = 'CPU threads'") &&
              file_has(vars, "x_tics = '(\"1\" 1, \"4\" 4)'"),
          "%s: x axis", vars);
    CHECK("host_access_names_other_sizes", file_has(vars, "'also measured, in summary.csv: 4 MiB'"),
          "%s: notes", vars);

    /* One thread count: against size instead. */
    const char *one = fixture_subset("host-one-thread", ",-,-,-,1,any,", NULL, NULL);
    int rc = one ? plot(one, 1, &log) : -100;
    vars = data_file(one, "host-access-vars.gp");
    CHECK("host_access_one_thread_count_by_size",
          rc == PLOT_ENO_GNUPLOT && file_has(vars, "x_tics = ''\n") &&
              file_has(vars, "x_label = 'buffer size (bytes, 1K = 1024)'") &&
              file_has(data_file(one, "host-access-host-read.dat"), "\n4194304 "),
          "returned %d; %s; log:\n%s", rc, vars, log);
    free(log);
}

/* placement and placement-pin: the default beside the others, the holes said. */
static void test_placement(const char *dir)
{
    const char *h2d = data_file(dir, "placement-h2d.dat");
    CHECK("placement_each_page_size_and_binding",
          file_count(h2d, "# index") == 4 &&
              file_count(data_file(dir, "placement-d2h.dat"), "# index") == 2,
          "%d blocks in %s", file_count(h2d, "# index"), h2d);
    CHECK("placement_only_copies", !file_has(h2d, "color=mapped") && !file_has(h2d, "pipeline"),
          "%s holds rows of other apis or kinds", h2d);
    const char *vars = data_file(dir, "placement-vars.gp");
    CHECK("placement_says_bindings_are_alike",
          file_has(vars, "fig_detail = 'reuse, sync; one NUMA node, so numa any and auto are the "
                         "same memory'") &&
              file_has(vars, "'numa auto: the GPU''s node'") &&
              file_has(vars, "'thp: transparent huge pages'"),
          "%s: detail or notes", vars);
    CHECK("placement_says_what_was_skipped",
          /* the fixture's skipped hugetlb rows and their twins at the sizes added */
          file_has(vars, "'4 configurations skipped or failed: see summary.csv'") &&
              file_has(data_file(dir, "placement-pin-vars.gp"),
                       "'2 configurations skipped or failed: see summary.csv'"),
          "the skipped hugetlb rows are not counted");
    /* Where the machine has two nodes, the title says where the pages were instead. */
    char *log = NULL;
    const char *two = make_folder("two-nodes", dir, (const char *const[]){"summary.csv", NULL});
    int rc = two ? copy_edit(path_in(dir, "meta.yaml"), path_in(two, "meta.yaml"),
                             "  numa_nodes: 1\n", "  numa_nodes: 2\n")
                 : -1;
    rc = rc == 0 ? plot(two, 1, &log) : -100;
    CHECK("placement_two_nodes_says_where_the_pages_were",
          rc == PLOT_ENO_GNUPLOT &&
              file_has(data_file(two, "placement-vars.gp"),
                       "fig_detail = 'reuse, sync; NUMA node 0 held every buffer'"),
          "returned %d; log:\n%s", rc, log);
    free(log);
    /* The point tells bindings apart where there are several, else it is the kind's own. */
    CHECK("placement_point_is_the_binding_or_the_kind",
          file_has(data_file(dir, "placement-h2d.dat"),
                   "color=registered line=thp point=numa:auto") &&
              file_has(data_file(dir, "placement-pin-pin.dat"),
                       "color=registered line=thp point=registered") &&
              !file_has(data_file(dir, "placement-pin-pin.dat"), "point=numa:"),
          "placement-h2d.dat or placement-pin-pin.dat: points");
    CHECK("placement_pin_a_curve_per_page_size",
          file_count(data_file(dir, "placement-pin-pin.dat"), "# index") == 2,
          "placement-pin-pin.dat: blocks");
    /* The copy figures keep to the default placement: of registered h2d, reuse (the bandwidth
       figure leaves reallocate cycles to reuse-vs-reallocate). */
    /* The sync panel (registered) and the async one (mapped, copies and zero-copy). */
    const char *bw = data_file(dir, "bandwidth-h2d.dat");
    const char *bwa = data_file(dir, "bandwidth-h2d-async.dat");
    CHECK("bandwidth_default_placement_only",
          file_count(bw, "# index") == 1 && file_count(bw, "color=registered") == 1 &&
              !file_has(bw, "line=reallocate") && file_count(bw, "\n268435456 ") == 1 &&
              file_count(bwa, "# index") == 2 &&
              !file_has(data_file(dir, "bandwidth-vars.gp"), "pipeline"),
          "%s: %d blocks; %s: %d", bw, file_count(bw, "# index"), bwa, file_count(bwa, "# index"));
}

/* The zero-copy kernel's dash and point are explained; no api without a title. */
static void test_zerocopy_legends(const char *dir)
{
    const char *bw = data_file(dir, "bandwidth-vars.gp"), *lat = data_file(dir, "latency-vars.gp");
    CHECK("bandwidth_zerocopy_note", file_has(bw, "'zerocopy: a kernel accesses the host buffer'"),
          "%s lacks the note", bw);
    /* The apis have panels of their own: the notes name only the zero-copy kernel's dash. */
    CHECK("latency_zerocopy_note",
          file_has(lat, "'zerocopy: a kernel on the host buffer'") && !file_has(lat, "(null)") &&
              file_count(lat, "cudaMemcpy") == 0 &&
              file_has(lat, "panel_title[2] = 'host → device, async'"),
          "%s: the notes name apis, or not zero-copy, or the panels are not split by api", lat);
}

/* A folder of copies: no note about pipelines or CPU access it never had, and a stale figure
 * removed. */
static void test_missing(void)
{
    static const char *const files[] = {"summary.csv",     "meta.yaml",     "fits.csv",
                                        "host-memcpy.csv", "breakeven.csv", NULL};
    char *log = NULL, note[96];
    const char *dir = make_folder("copies-only", SMALL, files);
    mkdir(path_in(dir, "figures"), 0777);
    write_text(path_in(dir, "figures/overlap.png"), "stale");
    int rc = dir ? plot(dir, 1, &log) : -100;
    int none = 1;
    for (size_t i = 0; i < NBEYOND; i++) {
        snprintf(note, sizeof(note), "note: no %s figure", beyond_figures[i]);
        none &= strstr(log, note) == NULL;
    }
    CHECK("copies_only_no_beyond_notes", rc == PLOT_ENO_GNUPLOT && none && copy_notes(log) == 0,
          "returned %d; log:\n%s", rc, log);
    CHECK("copies_only_no_data",
          !exists(dir, "figures/data/overlap-vars.gp") &&
              !exists(dir, "figures/data/placement-vars.gp"),
          "data files written for figures without rows");
    CHECK("copies_only_stale_removed", !exists(dir, "figures/overlap.png"),
          "overlap.png of an earlier run is still there");
    /* Both copy apis: a panel each, named in its title, and no api without a name. */
    const char *sp = data_file(dir, "speedup-vars.gp"), *lat = data_file(dir, "latency-vars.gp");
    CHECK("copies_only_api_panels",
          file_has(sp, "'host → device, sync'") && file_has(sp, "'host → device, async'") &&
              file_has(lat, "'host → device, sync'") && file_has(lat, "'host → device, async'") &&
              !file_has(sp, "(null)") && !file_has(lat, "(null)") &&
              !file_has(data_file(dir, "breakeven-vars.gp"), "(null)"),
          "%s or %s: panels per api", sp, lat);
    free(log);

    /* Pipelines alone: their figure, and no notes for the copy figures (not an error). */
    dir = fixture_subset("pipelines-only", ",pipeline,", NULL, NULL);
    rc = dir ? plot(dir, 1, &log) : -100;
    CHECK("pipelines_only_draws_overlap",
          rc == PLOT_ENO_GNUPLOT && exists(dir, "figures/data/overlap-vars.gp") &&
              !strstr(log, "note: no bandwidth figure") &&
              !strstr(log, "note: no speedup figure") &&
              !exists(dir, "figures/data/bandwidth-vars.gp"),
          "returned %d; log:\n%s", rc, log);
    free(log);
}

/* A bad cell of a numeric axis is an error naming the line, as any other. */
static void test_bad_axis_cell(void)
{
    char *log = NULL, want[1200];
    const char *dir = fixture_subset("bad-streams", ",-,-,1,32,none,", ",pipeline,-,-,1,32,none,",
                                     ",pipeline,-,-,many,32,none,");
    int rc = dir ? plot(dir, 1, &log) : -100;
    snprintf(want, sizeof(want), "%s:2: streams 'many' is not a whole number from 1 to 64",
             path_in(dir, "summary.csv"));
    CHECK("bad_streams_cell", rc == PLOT_EBAD_SUMMARY && strstr(log, want),
          "returned %d; want [%s] in the log:\n%s", rc, want, log);
    free(log);
}

/* With gnuplot: every format of the figures of this file. */
static void test_figures(void)
{
    const char *name = "beyond_figures_drawn";
    char *log = NULL;
    const char *dir = fixture_four_sizes("figures");
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? plot(dir, 0, &log) : -100;
    const char *missing = dir ? missing_format(dir, beyond_figures, NBEYOND) : "all";
    CHECK(name, rc == PLOT_OK && !missing, "returned %d, %s missing or empty; log:\n%s", rc,
          missing ? missing : "no figure", log);
    free(log);
}

int main(void)
{
    char dir[1024], four[1024];
    if (plot_test_begin("plot-beyond") < 0)
        return 1;
    draw_fixture(dir, sizeof(dir));
    draw_four_sizes(four, sizeof(four));
    test_points(dir, four);
    test_overlap(dir);
    test_host_access(dir);
    test_placement_tables(dir);
    test_placement(four);
    test_zerocopy_legends(four);
    test_missing();
    test_bad_axis_cell();
    test_figures();
    return plot_test_end("test_fig_pipeline_access_placement");
}
