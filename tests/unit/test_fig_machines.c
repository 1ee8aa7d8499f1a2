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

/* What is drawn: colours by machine, dashes by alloc kind, links, ratios (gnuplot hidden). */
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
              file_has(h2d, "color=machine:1 line=pinned point=pinned") &&
              file_has(h2d, "color=machine:2 line=pageable point=pageable"),
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
          file_has(bv, "'H200 Gen5x16 gpu-node-07 — baseline'") &&
              file_has(bv, "'Tesla V100-PCIE-16GB Gen3x16 gen3-box'") &&
              file_has(bv, "'thin: PCIe link, raw rate'"),
          "legend of %s", bv);
    const char *rh = path_in(dir, "figures/data/compare-ratio-h2d.dat");
    char *text = read_text(rh);
    const char *b = strstr(text, "color=machine:2 line=pinned"), *p = b ? strstr(b, "\n4096 ") : 0;
    double r = p ? strtod(p + 6, NULL) : NAN;
    CHECK("compare_ratio_from_compare_csv",
          !strstr(text, "machine:1") && fabs(r - 0.6958) < 1e-9 &&
              file_has(path_in(dir, "figures/data/compare-ratio-vars.gp"), "hline_y[1] = 1;"),
          "pinned h2d 4 KiB ratio %g (want compare.csv's 0.6958), or the baseline drawn", r);
    free(text);
    free(log);
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
        printf("SKIP pdf_book_*: gnuplot not installed, so no PDF figures to bind\n");
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
            printf("SKIP %s: %s not installed\n", name, progs[i]);
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
    test_machine_counts();
    test_bad_input();
    test_book();
    return plot_test_end("test_fig_machines");
}
