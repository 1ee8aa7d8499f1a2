/*
 * test_plot.c - unit tests of plot.c: figures from the fixture results, and
 * the return code and message for each way it can fail.  Prints PASS, FAIL
 * or SKIP per case (SKIP when gnuplot is not installed); exits 1 on any
 * failure.  Run from the repository root; the gnuplot scripts are read from
 * $PINSWEEP_PLOTS, else plots/.
 */
#include "plot.h"

#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIXTURE "tests/fixtures/results-small"

static int failures;
static const char *plots_dir = "plots";
static char tmpdir[] = "/tmp/pinsweep-test-plot-XXXXXX";

static void pass(const char *name)
{
    printf("PASS %s\n", name);
}

static void skip_no_gnuplot(const char *name)
{
    printf("SKIP %s: gnuplot not installed\n", name);
}

static void fail(const char *name, const char *fmt, ...)
{
    va_list ap;
    printf("FAIL %s: ", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    failures++;
}

/* dir/name in a static buffer (one of two, so two may be used at once). */
static const char *path_in(const char *dir, const char *name)
{
    static char bufs[2][2048];
    static int next;
    char *p = bufs[next++ % 2];
    snprintf(p, sizeof(bufs[0]), "%s/%s", dir, name);
    return p;
}

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

/* A new folder under tmpdir holding the fixture's files (summary lines with drop left out). */
static const char *make_results(const char *name, const char *drop)
{
    static char dir[1024];
    snprintf(dir, sizeof(dir), "%s/%s", tmpdir, name);
    if (mkdir(dir, 0777) < 0 ||
        copy_file(FIXTURE "/summary.csv", path_in(dir, "summary.csv"), drop) < 0 ||
        copy_file(FIXTURE "/meta.yaml", path_in(dir, "meta.yaml"), NULL) < 0)
        return NULL;
    return dir;
}

/* A new folder under tmpdir with summary.csv holding text. */
static const char *make_summary(const char *name, const char *text)
{
    static char dir[1024];
    snprintf(dir, sizeof(dir), "%s/%s", tmpdir, name);
    FILE *f = mkdir(dir, 0777) == 0 ? fopen(path_in(dir, "summary.csv"), "w") : NULL;
    if (!f)
        return NULL;
    fputs(text, f);
    fclose(f);
    return dir;
}

/* Run plot_results; its log is returned in *log (malloc'd). */
static int plot(const char *dir, const char *scripts, char **log)
{
    size_t len;
    FILE *f = open_memstream(log, &len);
    int rc = plot_results(dir, scripts, f);
    fclose(f);
    return rc;
}

/* Does dir/figures/name exist, non-empty, starting with magic? */
static int figure_ok(const char *dir, const char *name, const char *magic)
{
    char path[1024], head[16] = {0};
    snprintf(path, sizeof(path), "%s/figures/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(head, 1, sizeof(head) - 1, f);
    fclose(f);
    return n >= strlen(magic) && memcmp(head, magic, strlen(magic)) == 0;
}

static int exists(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

static const struct {
    const char *file, *magic;
} expected_figures[] = {
    {"bandwidth.png", "\x89PNG"},        {"bandwidth.pdf", "%PDF"},
    {"bandwidth.svg", "<?xml"},          {"reuse-vs-reallocate.png", "\x89PNG"},
    {"reuse-vs-reallocate.pdf", "%PDF"}, {"reuse-vs-reallocate.svg", "<?xml"},
    {"reallocate-time.png", "\x89PNG"},
};

static void test_fixture(const char *name, const char *subdir)
{
    char *log = NULL;
    const char *dir = make_results(subdir, NULL);
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    size_t i = 0, n = sizeof(expected_figures) / sizeof(expected_figures[0]);
    while (rc == 0 && i < n && figure_ok(dir, expected_figures[i].file, expected_figures[i].magic))
        i++;
    if (rc != 0)
        fail(name, "returned %d; log:\n%s", rc, log ? log : "");
    else if (i < n)
        fail(name, "%s/figures/%s missing, empty or not a %s file", dir, expected_figures[i].file,
             expected_figures[i].file + strcspn(expected_figures[i].file, ".") + 1);
    else if (!exists(dir, "figures/data/bandwidth-h2d.dat"))
        fail(name, "no figures/data/bandwidth-h2d.dat");
    else
        pass(name);
    free(log);
}

/* With reuse rows only there is nothing to compare: no reuse-vs-reallocate figure. */
static void test_reuse_only(void)
{
    const char *name = "reuse_only_draws_no_comparison";
    char *log = NULL;
    const char *dir = make_results("reuse-only", ",reallocate,");
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    if (rc != 0)
        fail(name, "returned %d; log:\n%s", rc, log ? log : "");
    else if (!figure_ok(dir, "bandwidth.png", "\x89PNG"))
        fail(name, "no bandwidth.png");
    else if (exists(dir, "figures/reuse-vs-reallocate.png"))
        fail(name, "reuse-vs-reallocate.png drawn without reallocate rows");
    else if (!strstr(log, "note: no reuse-vs-reallocate figure"))
        fail(name, "no note in the log:\n%s", log);
    else
        pass(name);
    free(log);
}

/* Without gnuplot on PATH: -2, the data files still written, and how to draw later. */
static void test_no_gnuplot(void)
{
    const char *name = "no_gnuplot_on_path";
    char *log = NULL, *saved = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    const char *dir = make_results("no-gnuplot", NULL);
    setenv("PATH", path_in(tmpdir, "empty-bin"), 1);
    int available = plot_gnuplot_available();
    int rc = dir ? plot(dir, plots_dir, &log) : -100;
    if (saved)
        setenv("PATH", saved, 1);
    free(saved);
    if (available)
        fail(name, "plot_gnuplot_available() is 1 with an empty PATH");
    else if (rc != PLOT_ENO_GNUPLOT)
        fail(name, "returned %d, want %d; log:\n%s", rc, PLOT_ENO_GNUPLOT, log ? log : "");
    else if (!strstr(log, "gnuplot is not installed") ||
             !strstr(log, "apt-get install gnuplot-nox") || !strstr(log, "pinsweep plot "))
        fail(name, "the message does not say how to draw later:\n%s", log);
    else if (strchr(log, '\n') != log + strlen(log) - 1)
        fail(name, "the message is not one line:\n%s", log);
    else if (!exists(dir, "figures/data/bandwidth-vars.gp") ||
             !exists(dir, "figures/data/bandwidth-h2d.dat"))
        fail(name, "the data files were not written");
    else
        pass(name);
    free(log);
}

/* A broken script: -3 and gnuplot's own complaint passed through. */
static void test_gnuplot_fails(void)
{
    const char *name = "gnuplot_error_passed_through";
    char *log = NULL, scripts[1024];
    snprintf(scripts, sizeof(scripts), "%s/broken-plots", tmpdir);
    const char *dir = make_results("broken", NULL);
    FILE *f = mkdir(scripts, 0777) == 0 ? fopen(path_in(scripts, "bandwidth.gp"), "w") : NULL;
    if (f) {
        fputs("plot no_such_function(x)\n", f);
        fclose(f);
    }
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    int rc = dir && f ? plot(dir, scripts, &log) : -100;
    if (rc != PLOT_EGNUPLOT)
        fail(name, "returned %d, want %d; log:\n%s", rc, PLOT_EGNUPLOT, log ? log : "");
    else if (!strstr(log, "gnuplot failed on") || !strstr(log, "no_such_function"))
        fail(name, "gnuplot's stderr not in the log:\n%s", log);
    else
        pass(name);
    free(log);
}

/* Problems with summary.csv: -1 and a message naming the file (PATH is the summary's path). */
static const struct {
    const char *name, *csv, *want; /* want: after "PATH", or the whole line for "!" */
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
    {"missing_column",
     "alloc,direction,buffer,api,size_bytes,status\n"
     "pinned,h2d,reuse,sync,4096,ok\n",
     ": no column 'gbps_median' in the header"},
    {"no_ok_rows",
     "alloc,direction,buffer,api,size_bytes,gbps_median,status,error\n"
     "pinned,h2d,reuse,sync,4096,,error,\"cudaHostAlloc: out of memory, twice\"\n",
     ": no row has status ok (of 1 row); nothing to draw"},
    {"empty_file", "", ": the file is empty; expected a header row"},
};

static void check_bad(const char *name, const char *dir, const char *want)
{
    char *log = NULL;
    char expect[2048];
    snprintf(expect, sizeof(expect), "%s/summary.csv%s", dir, want);
    int rc = plot(dir, plots_dir, &log);
    if (rc != PLOT_EBAD_SUMMARY)
        fail(name, "returned %d, want %d; log:\n%s", rc, PLOT_EBAD_SUMMARY, log);
    else if (strncmp(log, expect, strlen(expect)) != 0)
        fail(name, "message [%s], want it to start [%s]", log, expect);
    else if (exists(dir, "figures"))
        fail(name, "figures/ made for a bad summary");
    else
        pass(name);
    free(log);
}

static void test_bad_summaries(void)
{
    for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
        char name[80];
        snprintf(name, sizeof(name), "bad_summary_%s", bad_cases[i].name);
        const char *dir = make_summary(bad_cases[i].name, bad_cases[i].csv);
        if (!dir)
            fail(name, "cannot make %s/%s", tmpdir, bad_cases[i].name);
        else
            check_bad(name, dir, bad_cases[i].want);
    }
    check_bad("bad_summary_ragged_fixture", "tests/fixtures/results-bad",
              ":6: row has 12 fields but the header has 27");
    check_bad("missing_results_dir", "tests/fixtures/no-such-results",
              ": No such file or directory");
}

/* Remove tmpdir and all in it. */
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
    test_fixture("fixture_draws_all_figures", "results");
    test_fixture("path_with_space_and_quote", "results dir 'q'");
    test_reuse_only();
    test_no_gnuplot();
    test_gnuplot_fails();
    test_bad_summaries();
    if (nftw(tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
        fprintf(stderr, "test_plot: cannot remove %s: %s\n", tmpdir, strerror(errno));
    return failures ? 1 : 0;
}
