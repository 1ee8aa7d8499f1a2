/*
 * plot_test_util.h - what the plot tests (test_plot.c, test_fig_pinning.c,
 * test_fig_machines.c) share: a temporary folder for the folders they draw
 * in, made and removed by plot_test_begin and plot_test_end; fixture files
 * copied into it; reading, writing and searching files; hiding gnuplot; and
 * running a plot function with its log caught.  Each test is one binary, so
 * this is a header of static functions, included once by each.
 */
#ifndef PINSWEEP_PLOT_TEST_UTIL_H
#define PINSWEEP_PLOT_TEST_UTIL_H

#include "check.h"
#include "figures/plot.h"

#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The gnuplot scripts: $PINSWEEP_PLOTS, else the repository's plots/. */
static const char *plots_dir = "plots";

/* The test's temporary folder (plot_test_begin); it holds an empty empty-bin/. */
static char tmpdir[64];

/* dir/name in a static buffer (one of four, so several may be used at once). */
static inline const char *path_in(const char *dir, const char *name)
{
    static char bufs[4][2048];
    static int next;
    char *p = bufs[next++ % 4];
    snprintf(p, sizeof(bufs[0]), "%s/%s", dir, name);
    return p;
}

/* All of the file at path, malloc'd ("" when it cannot be read). */
static inline char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);
    if (!text)
        abort();
    while (f && !feof(f) && !ferror(f)) {
        if (len + 1 == cap && !(text = realloc(text, cap *= 2)))
            abort();
        len += fread(text + len, 1, cap - len - 1, f);
    }
    text[len] = '\0';
    if (f)
        fclose(f);
    return text;
}

/* Write text as the whole of the file at path; -1 on failure. */
static inline int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

/* Copy file from to file to, replacing every from_s by to_s on the way (NULL: none). */
static inline int copy_edit(const char *from, const char *to, const char *from_s, const char *to_s)
{
    char *text = read_text(from);
    FILE *f = fopen(to, "w");
    int rc = f && text[0] ? 0 : -1;
    for (const char *p = text, *hit; f && *p; p = hit ? hit + strlen(from_s) : p + strlen(p)) {
        hit = from_s ? strstr(p, from_s) : NULL;
        fwrite(p, 1, hit ? (size_t)(hit - p) : strlen(p), f);
        if (hit)
            fputs(to_s, f);
    }
    if (f && fclose(f) != 0)
        rc = -1;
    free(text);
    return rc;
}

/* Does the file at path contain s? */
static inline int file_has(const char *path, const char *s)
{
    char *text = read_text(path);
    int found = strstr(text, s) != NULL;
    free(text);
    return found;
}

/* How many times does the file at path contain s? */
static inline int file_count(const char *path, const char *s)
{
    char *text = read_text(path);
    int n = 0;
    for (const char *p = text; (p = strstr(p, s)); p += strlen(s))
        n++;
    free(text);
    return n;
}

/*
 * The y of the first point at x in the block of the data file at path whose
 * heading holds heading (NaN when there is no such point).
 */
static inline double block_y(const char *path, const char *heading, const char *x)
{
    char *text = read_text(path), key[64];
    const char *b = strstr(text, heading), *end = b ? strstr(b, "\n\n\n") : NULL;
    snprintf(key, sizeof(key), "\n%s ", x);
    const char *p = b ? strstr(b, key) : NULL;
    double v = p && (!end || p < end) ? strtod(p + strlen(key), NULL) : NAN;
    free(text);
    return v;
}

/* Is there a dir/name? */
static inline int exists(const char *dir, const char *name)
{
    return access(path_in(dir, name), F_OK) == 0;
}

/* Does the file at path exist, non-empty, starting with magic? */
static inline int figure_ok(const char *path, const char *magic)
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
 * The first of figures/NAME.{png,pdf,svg} of the n figures names that dir
 * lacks (missing, empty or not of its format), in a static buffer; NULL when
 * it has them all.
 */
static inline const char *missing_format(const char *dir, const char *const names[], size_t n)
{
    static const char *const ext[] = {"png", "pdf", "svg"}, *const magic[] = {"\x89PNG", "%PDF",
                                                                              "<?xml"};
    static char file[160];
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < 3; k++) {
            snprintf(file, sizeof(file), "figures/%s.%s", names[i], ext[k]);
            if (!figure_ok(path_in(dir, file), magic[k]))
                return file;
        }
    return NULL;
}

/*
 * A new folder tmpdir/name (in a static buffer, reused by the next call)
 * with the files of fixture folder from (a NULL-terminated list, which may
 * be empty), each copied unchanged; NULL on failure.
 */
static inline const char *make_folder(const char *name, const char *from, const char *const files[])
{
    static char dir[1024];
    snprintf(dir, sizeof(dir), "%s/%s", tmpdir, name);
    if (mkdir(dir, 0777) < 0)
        return NULL;
    for (size_t i = 0; files[i]; i++)
        if (copy_edit(path_in(from, files[i]), path_in(dir, files[i]), NULL, NULL) < 0)
            return NULL;
    return dir;
}

/* make_folder, then summary.csv holding csv written into it; NULL on failure. */
static inline const char *make_folder_summary(const char *name, const char *from,
                                              const char *const files[], const char *csv)
{
    const char *dir = make_folder(name, from, files);
    if (!dir || write_text(path_in(dir, "summary.csv"), csv) < 0)
        return NULL;
    return dir;
}

/* Point PATH at dir (hide = 1), so that what is not in dir cannot be run, or restore it (0). */
static inline void hide_path(int hide, const char *dir)
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

/* Hide gnuplot (hide = 1) by pointing PATH at an empty folder, or show it again (0). */
static inline void hide_gnuplot(int hide)
{
    hide_path(hide, hide ? path_in(tmpdir, "empty-bin") : NULL);
}

/* A function that draws the figures of a folder: plot_results_opts, plot_compare_opts. */
typedef int (*plot_fn)(const char *dir, const char *scripts_dir, FILE *log,
                       const struct plot_opts *o);

/*
 * Run draw on dir with the scripts in scripts_dir, LaTeX output when latex,
 * gnuplot hidden when hide (else PATH as it is); its log is returned in
 * *log (malloc'd).
 */
static inline int run_plot(plot_fn draw, const char *dir, const char *scripts_dir, int latex,
                           int hide, char **log)
{
    size_t len;
    FILE *f = open_memstream(log, &len);
    struct plot_opts o = {.latex = latex};
    if (hide)
        hide_gnuplot(1);
    int rc = draw(dir, scripts_dir, f, &o);
    if (hide)
        hide_gnuplot(0);
    fclose(f);
    return rc;
}

/*
 * How many lines of log are notes about a figure other than those of
 * what pinsweep measures besides copies (overlap, host-access, placement,
 * placement-pin), which a folder of copies alone has no data for.
 */
static inline int copy_notes(const char *log)
{
    static const char *const beyond[] = {"overlap", "host-access", "placement", "placement-pin"};
    int n = 0;
    for (const char *line = log; line && *line;
         line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
        int theirs = 0;
        char want[64];
        if (strncmp(line, "note: ", 6) != 0)
            continue;
        for (size_t i = 0; i < sizeof(beyond) / sizeof(beyond[0]); i++) {
            snprintf(want, sizeof(want), "note: no %s figure: ", beyond[i]);
            theirs |= strncmp(line, want, strlen(want)) == 0;
        }
        n += !theirs;
    }
    return n;
}

static inline void skip_no_gnuplot(const char *name)
{
    check_skip(name, "gnuplot not installed");
}

/* Make the temporary folder /tmp/pinsweep-test-NAME-XXXXXX; -1 on failure. */
static inline int plot_test_begin(const char *name)
{
    if (getenv("PINSWEEP_PLOTS"))
        plots_dir = getenv("PINSWEEP_PLOTS");
    snprintf(tmpdir, sizeof(tmpdir), "/tmp/pinsweep-test-%s-XXXXXX", name);
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return -1;
    }
    mkdir(path_in(tmpdir, "empty-bin"), 0777);
    return 0;
}

static inline int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Remove the temporary folder and all in it; what main returns (check_exit).  test: for messages.
 */
static inline int plot_test_end(const char *test)
{
    if (nftw(tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
        fprintf(stderr, "%s: cannot remove %s: %s\n", test, tmpdir, strerror(errno));
    return check_exit();
}

#endif
