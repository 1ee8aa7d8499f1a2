/*
 * test_style_table.c - the style table, checked on the gnuplot variables
 * files pinsweep writes for the fixtures and for every committed reference
 * folder (and two GPUs together, tests/fixtures/gpus-two: the gpus figures,
 * and the copy figures, which draw the first GPU's rows): within a panel no two curves share a dash
 * and point (so that they are told apart in grayscale), every curve's colour and point are in the
 * key and its dash in the key or the notes, a figure with error bars says
 * what they are, and no key has more than 8 entries.  A hand-made variables
 * file that breaks each rule shows that the checks can fail.
 */
#include "check.h"
#include "figures/fig_headline.h"
#include "figures/plot.h"
#include "plot_test_util.h"

#include <dirent.h>

#define MAX_ITEMS 1100
#define MAX_KEYS 8

/* The items of "array NAME[N] = ['a', 'b']" (strings) or "= [1, 2]" (numbers) in text. */
static size_t var_array(const char *text, const char *name, char items[][96], size_t max)
{
    char head[80];
    snprintf(head, sizeof(head), "array %s[", name);
    const char *p = strstr(text, head);
    size_t n = 0;
    if (!p || !(p = strstr(p, "= [")))
        return 0;
    p += 3;
    while (*p && *p != ']' && *p != '\n' && n < max) {
        size_t k = 0;
        int quoted = *p == '\'';
        p += quoted;
        while (*p && (quoted ? !(*p == '\'' && p[1] != '\'') : (*p != ',' && *p != ']'))) {
            if (quoted && *p == '\'' && p[1] == '\'')
                p++; /* a doubled quote */
            if (k + 1 < sizeof(items[0]))
                items[n][k++] = *p;
            p++;
        }
        items[n++][k] = '\0';
        p += quoted;
        while (*p == ',' || *p == ' ')
            p++;
    }
    return n;
}

static char block_color[MAX_ITEMS][96], block_line[MAX_ITEMS][96], block_point[MAX_ITEMS][96];
static char first[16][96], count[16][96], key_color[64][96], key_line[64][96], key_point[64][96];
static char note_line[64][96], note_title[64][96];

/* Is (color, point) an entry of the key, and line in the key or the notes? */
static int in_legend(size_t nkeys, size_t nnotes, size_t b)
{
    int kind = 0, dash = 0;
    for (size_t k = 0; k < nkeys; k++) {
        kind |= !strcmp(key_color[k], block_color[b]) && !strcmp(key_point[k], block_point[b]);
        dash |= !strcmp(key_line[k], block_line[b]);
    }
    for (size_t k = 0; k < nnotes; k++)
        dash |= !strcmp(note_line[k], block_line[b]);
    return kind && dash;
}

/*
 * What is wrong with the variables file at path (figure fig) as the style
 * table sees it, into why; 0 when nothing.
 */
static int fresh_rules; /* drawn by this binary: the bars of latency, alloc-cost and
                           reuse-vs-reallocate (the committed reference folders predate them) */

static int style_problems(const char *path, const char *fig, char *why, size_t n)
{
    char *text = read_text(path);
    size_t nb = var_array(text, "block_line", block_line, MAX_ITEMS);
    size_t np = var_array(text, "panel_first", first, 16);
    size_t nk = var_array(text, "key_color", key_color, 64), nn;
    int bad = 0;
    var_array(text, "block_color", block_color, MAX_ITEMS);
    var_array(text, "block_point", block_point, MAX_ITEMS);
    var_array(text, "panel_nblocks", count, 16);
    var_array(text, "key_line", key_line, 64);
    var_array(text, "key_point", key_point, 64);
    nn = var_array(text, "note_line", note_line, 64);
    var_array(text, "note_title", note_title, 64);
    why[0] = '\0';
    if (strstr(text, "nkeys = 0\n"))
        nk = 0;
    if (strstr(text, "nnotes = 0\n"))
        nn = 0;
    for (size_t p = 0; p < np && !bad; p++) {
        size_t a = strtoul(first[p], NULL, 10) - 1, m = strtoul(count[p], NULL, 10);
        for (size_t i = a; i < a + m && i < nb && !bad; i++) {
            for (size_t j = a; j < i && !bad; j++)
                if (!strcmp(block_line[i], block_line[j]) &&
                    !strcmp(block_point[i], block_point[j]))
                    bad =
                        snprintf(why, n, "panel %zu: curves %zu and %zu share dash %s and point %s",
                                 p + 1, j + 1, i + 1, block_line[i], block_point[i]);
            if (!bad && !in_legend(nk, nn, i))
                bad = snprintf(why, n, "curve %zu (%s, %s, %s) is not in the key", i + 1,
                               block_color[i], block_line[i], block_point[i]);
        }
    }
    if (!bad && nk > MAX_KEYS)
        bad = snprintf(why, n, "%zu key entries, more than %d", nk, MAX_KEYS);
    if (!bad && nb &&
        (!strcmp(fig, "bandwidth") || !strcmp(fig, "speedup") || !strcmp(fig, "breakeven") ||
         !strcmp(fig, "headline") || !strncmp(fig, "gpus-", 5) ||
         (fresh_rules && (!strcmp(fig, "latency") || !strcmp(fig, "alloc-cost") ||
                          !strcmp(fig, "reuse-vs-reallocate"))))) {
        int said = 0;
        for (size_t k = 0; k < nn; k++)
            said |= strstr(note_title[k], "bars: ") != NULL;
        if (!said)
            bad = snprintf(why, n, "error bars drawn and not explained in the notes");
    }
    free(text);
    return bad;
}

/* Check every *-vars.gp of the copy figures whose name starts with only under dir/figures/data. */
static void check_folder(const char *name, const char *dir, int must_have, const char *only)
{
    static const char *const figs[] = {"headline",       "bandwidth",    "latency",
                                       "speedup",        "breakeven",    "alloc-cost",
                                       "gpus-bandwidth", "gpus-scaling", "reuse-vs-reallocate"};
    size_t nfigs = sizeof(figs) / sizeof(figs[0]) - !fresh_rules; /* (reuse-vs-reallocate: new) */
    char check[256], why[512];
    int seen = 0;
    for (size_t i = 0; i < nfigs; i++) {
        char file[96];
        snprintf(file, sizeof(file), "figures/data/%s-vars.gp", figs[i]);
        if (!exists(dir, file) || strncmp(figs[i], only, strlen(only)) != 0)
            continue;
        seen++;
        snprintf(check, sizeof(check), "%s: %s follows the style table", name, figs[i]);
        CHECK(check, style_problems(path_in(dir, file), figs[i], why, sizeof(why)) == 0, "%s", why);
    }
    snprintf(check, sizeof(check), "%s: has figures", name);
    if (must_have)
        CHECK(check, seen > 0, "no variables file under %s/figures/data", dir);
}

/* Draw folder from (gnuplot hidden) into a copy and check its figures named only... */
static void check_drawn(const char *name, const char *from, const char *const files[],
                        const char *only)
{
    char *log = NULL;
    const char *dir = make_folder(name, from, files);
    int rc = dir ? run_plot(plot_results_opts, dir, plots_dir, 0, 1, &log) : -100;
    char check[160];
    snprintf(check, sizeof(check), "%s: drawn", name);
    CHECK(check, rc == PLOT_ENO_GNUPLOT, "returned %d; log:\n%s", rc, log ? log : "");
    free(log);
    fresh_rules = 1;
    if (dir)
        check_folder(name, dir, 1, only);
    fresh_rules = 0;
}

/* A variables file breaking each rule is caught: the checks can fail. */
static void test_checks_can_fail(void)
{
    static const struct {
        const char *name, *fig, *text, *want;
    } cases[] = {
        {"shared_dash_and_point", "latency",
         "array panel_first[1] = [1]\narray panel_nblocks[1] = [2]\n"
         "array block_color[2] = ['pinned', 'mallochost']\n"
         "array block_line[2] = ['reuse', 'reuse']\narray block_point[2] = ['sync', 'sync']\n"
         "nkeys = 2\narray key_color[2] = ['pinned', 'mallochost']\n"
         "array key_line[2] = ['reuse', 'reuse']\narray key_point[2] = ['sync', 'sync']\n"
         "nnotes = 0\narray note_line[1] = ['']\narray note_title[1] = ['']\n",
         "share dash reuse and point sync"},
        {"curve_not_in_key", "latency",
         "array panel_first[1] = [1]\narray panel_nblocks[1] = [1]\n"
         "array block_color[1] = ['pinned']\narray block_line[1] = ['pinned']\n"
         "array block_point[1] = ['pinned']\nnkeys = 1\narray key_color[1] = ['pageable']\n"
         "array key_line[1] = ['pageable']\narray key_point[1] = ['pageable']\n"
         "nnotes = 0\narray note_line[1] = ['']\narray note_title[1] = ['']\n",
         "is not in the key"},
        {"bars_unexplained", "bandwidth",
         "array panel_first[1] = [1]\narray panel_nblocks[1] = [1]\n"
         "array block_color[1] = ['pinned']\narray block_line[1] = ['pinned']\n"
         "array block_point[1] = ['pinned']\nnkeys = 1\narray key_color[1] = ['pinned']\n"
         "array key_line[1] = ['pinned']\narray key_point[1] = ['pinned']\n"
         "nnotes = 1\narray note_line[1] = ['fit']\narray note_title[1] = ['dotted: fit']\n",
         "not explained"},
    };
    char why[512], path[256];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s-vars.gp", tmpdir, cases[i].name);
        write_text(path, cases[i].text);
        int bad = style_problems(path, cases[i].fig, why, sizeof(why));
        CHECK(cases[i].name, bad && strstr(why, cases[i].want), "want '%s', got '%s'",
              cases[i].want, why);
    }
}

/*
 * The headline across machines, of the H200 and the PCIe 3.0 fixtures (gnuplot
 * hidden): a colour, dash and point per machine, all in the key, bars explained.
 */
static void check_machines(void)
{
    struct plot_input in[2] = {{0}};
    const char *key[2] = {"H200|gpu-node-07", "V100|gen3-box"}, *label[2] = {"H200", "V100"};
    const struct plot_input *pin[2] = {&in[0], &in[1]};
    struct hl_machines ms;
    char data[256], why[512];
    int made = 0, rc = -100;
    snprintf(data, sizeof(data), "%s/machines", tmpdir);
    if (plot_input_read(&in[0], "tests/fixtures/results-small", NULL) == 0 &&
        plot_input_read(&in[1], "tests/fixtures/machine-gen3", NULL) == 0) {
        fig_headline_group(&ms, pin, key, label, 2);
        hide_gnuplot(1);
        rc = fig_headline_machines_draw(&ms, data, data, "", plots_dir, 0, &made, NULL);
        hide_gnuplot(0);
    }
    CHECK("machines: described (gnuplot hidden)", rc == PLOT_ENO_GNUPLOT && made, "returned %d",
          rc);
    CHECK("machines: headline-machines follows the style table",
          style_problems(path_in(data, "headline-machines-vars.gp"), "headline", why,
                         sizeof(why)) == 0,
          "%s", why);
    plot_input_free(&in[0]);
    plot_input_free(&in[1]);
}

int main(void)
{
    static const char *const small[] = {"summary.csv",     "meta.yaml",     "fits.csv",
                                        "host-memcpy.csv", "breakeven.csv", NULL};
    static const char *const beyond[] = {"summary.csv", "meta.yaml", NULL};
    static const char *const gen3[] = {"summary.csv", "meta.yaml", "breakeven.csv", NULL};
    if (plot_test_begin("style-table") < 0)
        return 1;
    test_checks_can_fail();
    check_drawn("results-small", "tests/fixtures/results-small", small, "");
    check_drawn("results-beyond", "tests/fixtures/results-beyond", beyond, "");
    check_drawn("machine-gen3", "tests/fixtures/machine-gen3", gen3, "");
    /* two fake GPUs together: the gpus figures (the copy figures draw each GPU's curve alike) */
    check_drawn("gpus-two", "tests/fixtures/gpus-two", beyond, "");
    check_machines();
    /* The committed reference folders, as they were drawn (item 9: regenerated). */
    DIR *d = opendir("results/reference/h200-pcie5");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char dir[512], name[300];
        snprintf(dir, sizeof(dir), "results/reference/h200-pcie5/%s", e->d_name);
        if (e->d_name[0] == '.' || !exists(dir, "summary.csv"))
            continue;
        snprintf(name, sizeof(name), "reference %s", e->d_name);
        check_folder(name, dir, 0, ""); /* overlap and host-access have no copy figures */
    }
    if (d)
        closedir(d);
    return plot_test_end("test_style_table");
}
