/*
 * test_tabular.c - a table as LaTeX made to fit \textwidth of the article
 * class (tabular.h): the width model against LaTeX's own (when pdflatex is
 * installed: CHECK_NEED), and the layout's steps, each taken only when the
 * one before is not enough: headings on one line, the columns of one value
 * said once under the table, headings broken, then parts that repeat the
 * key columns and keep a measurement's columns together.  Prints PASS, FAIL
 * or SKIP per check (check.h).
 */
#include "check.h"
#include "figures/kit/tabular.h"
#include "figures/kit/tex.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* Text a table's cells hold, as wide as LaTeX makes them: the model must not fall short. */
static const char *const measured[] = {
    "write-combined",  "registered-portable", "±141.65 %", "6.9× (6.6–7.5)",
    "512 KiB–16 MiB",  "µs per copy",         "n½",        "17 in 3 rounds",
    "55.05–55.31",     "Gen5 x16, 63.02 GB/s raw per direction",
    "default / any",   "pinned ÷ pageable",   "poor: not one t0 + n/B",
    "a. b: c",         "B. c",                "pobj f) 'o' II",
};

/* tabular_tex of t into a string (malloc'd), with label. */
static char *tex_of(const struct tabular *t, const char *label)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    tabular_tex(f, t, label);
    fclose(f);
    return text;
}

/* How many times needle is in hay. */
static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; hay && (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* A table of nrows rows, ncols columns aligned by align, cell (r, c) from cell(). */
static void make(struct tabular *t, const char *align, const char *const head[], size_t nrows,
                 const char *(*cell)(size_t r, size_t c, char *buf))
{
    tabular_init(t, "t", align, head, "a table");
    for (size_t r = 0; r < nrows; r++) {
        char buf[TABULAR_MAX_COLS][64];
        const char *cells[TABULAR_MAX_COLS];
        for (size_t c = 0; c < t->ncols; c++)
            cells[c] = cell(r, c, buf[c]);
        tabular_row(t, cells);
    }
}

/* Peaks-like rows: a kind and a direction that vary, an api that does not, numbers. */
static const char *peaks_cell(size_t r, size_t c, char *buf)
{
    static const char *const kinds[] = {"pageable", "pinned", "write-combined", "registered"};
    if (c == 0)
        return kinds[r % 4];
    if (c == 1)
        return r % 2 ? "d2h" : "h2d";
    if (c == 2)
        return "sync";
    snprintf(buf, 64, c % 2 ? "%zu.%02zu–%zu.%02zu" : "%zu in 3 rounds", 50 + r, c, 51 + r, c);
    return buf;
}

/* zerocopy's copy table (2026-12-02): a measurement of five columns, too wide at 4 pt a gap. */
static const char *copy_cell(size_t r, size_t c, char *buf)
{
    static const char *const cells[] = {"registered-readonly", "h2d", "default", "54.5%zu",
                                        "55.2%zu–55.47", "4%zu in 3 rounds", "async", "256 MiB"};
    if (c == 0)
        return r % 2 ? "registered-portable" : "registered-readonly";
    if (c == 1)
        return r % 2 ? "d2h" : "h2d";
    if (c == 2)
        return r % 2 ? "thp" : "default";
    if (c == 6)
        return r % 2 ? "sync" : "async";
    if (c == 7)
        return r % 2 ? "16 MiB" : "256 MiB";
    snprintf(buf, 64, cells[c], r);
    return buf;
}

/* Every cell differs: nothing can be said once. */
static const char *distinct_cell(size_t r, size_t c, char *buf)
{
    snprintf(buf, 64, c < 2 ? "kind-%zu-%zu" : "%zu.%02zu–%zu.%02zu GB/s", r, c, r + 50, c);
    return buf;
}

static void test_widths(void)
{
    CHECK_NEAR("width: a digit is half an em at 8 pt", plot_tex_width_pt("0"), 4.26, 1e-9);
    CHECK_NEAR("width: µ and ± as LaTeX sets them", plot_tex_width_pt("±µ"), 6.62 + 5.12, 1e-9);
    CHECK_NEAR("width: an unknown character counts as an arrow", plot_tex_width_pt("✓"), 8.5,
               1e-9);
    CHECK_NEAR("width: the extra space after a sentence's end, not after an initial",
               plot_tex_width_pt("a. b") - plot_tex_width_pt("A. b"), 4.26 - 6.37 + 0.95, 1e-9);
    CHECK_NEAR("width: a kern that widens a pair", plot_tex_width_pt("po"), 4.73 + 4.26 + 0.24,
               1e-9);
    if (!check_need("width: the model against LaTeX's widths", "pdflatex"))
        return;
    /* Each text in an \hbox, its \wd written to the log; the model at most 1 % above it. */
    char dir[] = "/tmp/pinsweep-test-tabular-XXXXXX", path[128], cmd[512];
    if (!mkdtemp(dir))
        return;
    snprintf(path, sizeof(path), "%s/w.tex", dir);
    FILE *f = fopen(path, "w");
    size_t n = sizeof(measured) / sizeof(measured[0]);
    fputs("\\documentclass{article}\\begin{document}\\footnotesize\n", f);
    for (size_t i = 0; i < n; i++) {
        char *tex = plot_tex_text(measured[i]);
        fprintf(f, "\\setbox0\\hbox{%s}\\typeout{W%zu \\the\\wd0}\n", tex, i);
        free(tex);
    }
    fputs("\\end{document}\n", f);
    fclose(f);
    snprintf(cmd, sizeof(cmd),
             "cd %s && pdflatex -interaction=nonstopmode w.tex > /dev/null 2>&1; "
             "grep '^W[0-9]' w.log | tr -d 'Wpt' > widths",
             dir);
    int st = system(cmd), bad = 0, seen = 0;
    snprintf(path, sizeof(path), "%s/widths", dir);
    f = fopen(path, "r");
    size_t i;
    double w;
    while (f && fscanf(f, "%zu %lf", &i, &w) == 2 && i < n) {
        double model = plot_tex_width_pt(measured[i]);
        seen++;
        if (model < w - 0.005 || model > w * 1.01 + 0.1) {
            printf("    '%s': LaTeX %.2f pt, the model %.2f\n", measured[i], w, model);
            bad++;
        }
    }
    if (f)
        fclose(f);
    CHECK("width: the model against LaTeX's widths", WIFEXITED(st) && seen == (int)n && !bad,
          "%d of %zu measured, %d off (above)", seen, n, bad);
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    if (system(cmd) != 0)
        printf("    cannot remove %s\n", dir);
}

static void test_layouts(void)
{
    struct tabular t;
    char *tex;
    static const char *const head3[] = {"kind", "direction", "GB/s"};
    make(&t, "llr", head3, 3, distinct_cell);
    tex = tex_of(&t, "narrow");
    CHECK("layout: a narrow table is one tabular, its headings on one line",
          count(tex, "\\begin{tabular}{") == 1 && !strstr(tex, "[b]") &&
              !strstr(tex, "The same in every row") &&
              strstr(tex, "\\toprule\nkind & direction & GB/s \\\\\n\\midrule\n") &&
              strstr(tex, "\\label{tab:narrow}\n"),
          "%s", tex);
    CHECK("layout: the key columns are the leading left-aligned ones", t.nkey == 2, "%zu",
          t.nkey);
    free(tex);
    tabular_free(&t);

    /* kind direction api, then six long number columns: api is said once, then parts */
    static const char *const head9[] = {"kind", "direction", "api", "peak GB/s", "n",
                                        "min GB/s", "rounds", "max GB/s", "more rounds"};
    make(&t, "lllrrrrrr", head9, 8, peaks_cell);
    tex = tex_of(&t, "wide");
    CHECK("layout: a column of one value is said once under the table",
          strstr(tex, "\nThe same in every row: api sync.\n") && !strstr(tex, "& sync &") &&
              !strstr(tex, "& api &"),
          "%s", tex);
    int parts = count(tex, "\\begin{tabular}{");
    CHECK("layout: a table still too wide is split, each part with the key columns",
          parts >= 2 && count(tex, "\\toprule\nkind & direction & ") == parts &&
              count(tex, "\\bottomrule") == parts && count(tex, "\\label{") == 1 &&
              count(tex, "\\caption{") == 1,
          "%d parts:\n%s", parts, tex);
    CHECK("layout: every row is in every part",
          count(tex, "write-combined & ") == 2 * parts && count(tex, " \\\\\n") == 9 * parts, "%s",
          tex);
    free(tex);

    /* the same, with the last four columns one measurement: they stay together */
    for (size_t c = 5; c < 9; c++)
        t.group[c] = 1;
    tex = tex_of(&t, "grouped");
    const char *last = tex ? strstr(tex, "\\medskip") : NULL;
    CHECK("layout: a measurement's columns stay in one part",
          last && count(last, "min GB/s") == 1 && count(last, "more rounds") == 1 &&
              count(tex, "min GB/s") == 1,
          "%s", tex);
    free(tex);
    tabular_free(&t);

    /* one measurement too wide to split at 4 pt a gap: its columns closer together, in one part */
    static const char *const head_copy[] = {"kind", "direction", "pages", "copy peak GB/s",
                                            "95 % interval GB/s", "n", "api", "at"};
    make(&t, "lllrrrlr", head_copy, 4, copy_cell);
    for (size_t c = 3; c < 8; c++)
        t.group[c] = 1;
    tex = tex_of(&t, "copy");
    CHECK("layout: a measurement that no split fits gets its columns 2 pt apart, in one part",
          tex && strstr(tex, "\\setlength{\\tabcolsep}{2pt}") &&
              count(tex, "\\begin{tabular}{") == 1,
          "%s", tex);
    free(tex);
    tabular_free(&t);
    make(&t, "llr", head3, 3, distinct_cell);
    tex = tex_of(&t, "narrow-again");
    CHECK("layout: a table that fits keeps 4 pt", tex && strstr(tex, "\\setlength{\\tabcolsep}{4pt}"),
          "%s", tex);
    free(tex);
    tabular_free(&t);

    /* one row: no column is one value of many */
    make(&t, "lllrrrrrr", head9, 1, peaks_cell);
    tex = tex_of(&t, "one-row");
    CHECK("layout: a table of one row says nothing once", !strstr(tex, "The same in every row"),
          "%s", tex);
    free(tex);
    tabular_free(&t);

    /* all left-aligned: the key is all but the last column, unless set */
    static const char *const head_l[] = {"", "folder a", "folder b", "folder c"};
    make(&t, "llll", head_l, 4, distinct_cell);
    CHECK("layout: a table of text columns keeps one column out of its key", t.nkey == 3, "%zu",
          t.nkey);
    tabular_free(&t);
}

/* distinct_cell, but a digit in the columns of placement's page sizes (3 and 4): narrower than "thp". */
static const char *narrow_cell(size_t r, size_t c, char *buf)
{
    if (c != 3 && c != 4)
        return distinct_cell(r, c, buf);
    snprintf(buf, 64, "%zu", r);
    return buf;
}

/* Headings wider than their cells break over lines, at spaces but not around " / ". */
static void test_headings(void)
{
    struct tabular t;
    static const char *const head[] = {"kind", "direction", "the samples' min–max GB/s",
                                       "thp / any", "hugetlb / any", "n", "a long heading here",
                                       "another long heading", "and a third one"};
    make(&t, "llrrrrrrr", head, 3, narrow_cell);
    char *tex = tex_of(&t, "headings");
    /* cells of 0.02–50.02 GB/s: its first two words, then the rest, no wider */
    CHECK("headings: broken over lines when the table is too wide, bottom-aligned",
          tex && strstr(tex, " & \\begin{tabular}[b]{@{}r@{}}the samples'\\\\min--max GB/s"
                             "\\end{tabular} & "),
          "%s", tex ? tex : "");
    CHECK("headings: \"a / b\" is never broken",
          tex && strstr(tex, " & thp / any & ") && strstr(tex, " & hugetlb / any & "), "%s",
          tex ? tex : "");
    free(tex);
    tabular_free(&t);
}

int main(void)
{
    test_widths();
    test_layouts();
    test_headings();
    return check_exit();
}
