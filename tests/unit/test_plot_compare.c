/*
 * test_plot_compare.c - unit tests of plot_compare (the compare-bandwidth
 * and compare-ratio figures, from tests/fixtures/compare-two: the H200
 * fixture against the PCIe 3.0 one), its messages for a bad compare.csv or
 * machines.csv, and plot_pdf_book with pdfunite and with ghostscript.
 * Prints PASS, FAIL or SKIP per check (check.h); SKIP where gnuplot,
 * pdfunite or gs is needed but not installed.  Run from the repository
 * root; the gnuplot scripts are read from $PINSWEEP_PLOTS, else plots/.
 */
#include "check.h"
#include "plot.h"
#include "plot_compare.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TWO "tests/fixtures/compare-two"

static const char *plots_dir = "plots";
static char tmpdir[] = "/tmp/pinsweep-test-plot-compare-XXXXXX";

/* dir/name in a static buffer (one of four, so several may be used at once). */
static const char *path_in(const char *dir, const char *name)
{
    static char bufs[4][2048];
    static int next;
    char *p = bufs[next++ % 4];
    snprintf(p, sizeof(bufs[0]), "%s/%s", dir, name);
    return p;
}

static char *read_text(const char *path)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = fopen(path, "r"), *m = open_memstream(&text, &len);
    int c;
    while (f && (c = fgetc(f)) != EOF)
        fputc(c, m);
    if (f)
        fclose(f);
    fclose(m);
    return text;
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static int file_has(const char *path, const char *s)
{
    char *text = read_text(path);
    int found = strstr(text, s) != NULL;
    free(text);
    return found;
}

static int file_count(const char *path, const char *s)
{
    char *text = read_text(path);
    int n = 0;
    for (const char *p = text; (p = strstr(p, s)); p += strlen(s))
        n++;
    free(text);
    return n;
}

static int exists(const char *dir, const char *name)
{
    return access(path_in(dir, name), F_OK) == 0;
}

static int figure_ok(const char *path, const char *magic)
{
    char head[16] = {0};
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(head, 1, sizeof(head) - 1, f);
    fclose(f);
    return n >= strlen(magic) && memcmp(head, magic, strlen(magic)) == 0;
}

/*
 * A new comparison folder tmpdir/name: compare.csv and machines.csv of the
 * fixture, or the texts given (NULL: the fixture's; "-": no such file).
 */
static const char *make_cmp(const char *name, const char *compare, const char *machines)
{
    static char dir[1024];
    snprintf(dir, sizeof(dir), "%s/%s", tmpdir, name);
    if (mkdir(dir, 0777) < 0)
        return NULL;
    const char *files[] = {"compare.csv", "machines.csv"}, *texts[] = {compare, machines};
    for (int i = 0; i < 2; i++) {
        char *text = texts[i] ? NULL : read_text(path_in(TWO, files[i]));
        const char *t = texts[i] ? texts[i] : text;
        int rc = strcmp(t, "-") == 0 ? 0 : write_text(path_in(dir, files[i]), t);
        free(text);
        if (rc < 0)
            return NULL;
    }
    return dir;
}

static void hide_path(int hide, const char *dir)
{
    static char *saved;
    if (hide && !saved) {
        saved = strdup(getenv("PATH") ? getenv("PATH") : "");
        setenv("PATH", dir, 1);
    } else if (!hide && saved) {
        setenv("PATH", saved, 1);
        free(saved);
        saved = NULL;
    }
}

/* Run plot_compare_opts; gnuplot hidden when hide; the log in *log. */
static int compare(const char *dir, int latex, int hide, char **log)
{
    size_t len;
    FILE *f = open_memstream(log, &len);
    struct plot_opts o = {.latex = latex};
    hide_path(hide, path_in(tmpdir, "empty-bin"));
    int rc = plot_compare_opts(dir, plots_dir, f, &o);
    hide_path(0, NULL);
    fclose(f);
    return rc;
}

/* ---- the figures ---- */

static void test_figures(void)
{
    const char *name = "compare_two_draws_both_figures";
    char *log = NULL;
    const char *dir = make_cmp("two", NULL, NULL);
    if (!plot_gnuplot_available()) {
        printf("SKIP %s: gnuplot not installed\n", name);
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

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

int main(void)
{
    if (getenv("PINSWEEP_PLOTS"))
        plots_dir = getenv("PINSWEEP_PLOTS");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    mkdir(path_in(tmpdir, "empty-bin"), 0777);
    test_figures();
    test_data();
    test_machine_counts();
    test_bad_input();
    test_book();
    if (nftw(tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
        fprintf(stderr, "test_plot_compare: cannot remove %s: %s\n", tmpdir, strerror(errno));
    return check_exit();
}
