/*
 * test_style_table.c - the style table and the clutter budget, checked on
 * the gnuplot variables files pinsweep writes, drawn afresh (gnuplot
 * hidden) for the fixtures, for every committed reference folder and
 * comparison folder, for the headline across machines and for a small
 * fleet: within a panel no two curves share a dash and point (so that they
 * are told apart in grayscale), every curve's colour and point are in the
 * key and its dash in the key or the notes, a figure with error bars says
 * what they are, no key has more than 8 entries, no panel has more than six
 * distinguishable series, every drawn value lies inside its panel's y range,
 * and a band's key entry names exactly the kinds in it.  A coverage guard
 * fails when a figure type (a script of plots/) has no style check, or
 * when its check never ran.  A hand-made variables file that breaks each
 * rule shows that the checks can fail.
 */
#include "check.h"
#include "figures/fig_fleet.h"
#include "figures/fig_headline.h"
#include "figures/fig_machines.h"
#include "figures/plot.h"
#include "plot_test_util.h"

#include <dirent.h>

#define MAX_ITEMS 1100
#define MAX_KEYS 8

/* The items of "array NAME[N] = ['a', 'b']" (strings) or "= [1, 2]" (numbers) in text. */
static size_t var_array(const char *text, const char *name, char items[][256], size_t max)
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

static char block_color[MAX_ITEMS][256], block_line[MAX_ITEMS][256], block_point[MAX_ITEMS][256];
static char first[16][256], count[16][256], key_color[64][256], key_line[64][256],
    key_point[64][256];
static char note_line[64][256], note_title[64][256];

static char note_point[64][256], panel_titles[16][256];
static int var_elem_str(const char *text, const char *name, size_t i, char *out, size_t n);

/* Does a block of line kind line mark single points (a glyph) rather than draw a series? */
static int marker_line(const char *line)
{
    return !strcmp(line, "unresolved") || !strcmp(line, "never");
}

/*
 * Does legend point e explain block point b: the same, or in the compare
 * figures (machine:N/KIND, a machine's fill of a kind's shape) the same
 * kind's shape drawn by another machine (the key says each machine's fill)?
 */
static int same_point(const char *e, const char *b)
{
    const char *se = strchr(e, '/'), *sb = strchr(b, '/');
    if (!strcmp(e, b))
        return 1;
    return se && sb && !strncmp(e, "machine:", 8) && !strncmp(b, "machine:", 8) && !strcmp(se, sb);
}

/*
 * Is block b's colour and point an entry of the key (or its point one of
 * the key's or the notes' and its colour the kind its panel p is titled
 * for: small multiples of one kind each), and its line in the key or the
 * notes?  A glyph (marker_line) needs its point in the key or the notes.
 */
static int in_legend(size_t nkeys, size_t nnotes, size_t b, size_t p)
{
    int kind = 0, dash = 0, point = 0, color = 0;
    for (size_t k = 0; k < nkeys; k++) {
        kind |= !strcmp(key_color[k], block_color[b]) && !strcmp(key_point[k], block_point[b]);
        color |= !strcmp(key_color[k], block_color[b]) && !key_point[k][0];
        dash |= !strcmp(key_line[k], block_line[b]);
        point |= same_point(key_point[k], block_point[b]);
    }
    for (size_t k = 0; k < nnotes; k++) {
        dash |= !strcmp(note_line[k], block_line[b]);
        point |= same_point(note_point[k], block_point[b]);
    }
    if (marker_line(block_line[b]))
        return point;
    kind |= point && !strcmp(panel_titles[p], block_color[b]);
    /* a colour keyed alone (a machine of the compare figures) and the point in some entry
       (a kind's shape) */
    kind |= point && color;
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
    var_array(text, "note_point", note_point, 64);
    for (size_t p = 0; p < np && p < 16; p++)
        if (!var_elem_str(text, "panel_title", p + 1, panel_titles[p], sizeof(panel_titles[0])))
            panel_titles[p][0] = '\0';
    why[0] = '\0';
    if (strstr(text, "nkeys = 0\n"))
        nk = 0;
    if (strstr(text, "nnotes = 0\n"))
        nn = 0;
    for (size_t p = 0; p < np && !bad; p++) {
        size_t a = strtoul(first[p], NULL, 10) - 1, m = strtoul(count[p], NULL, 10);
        for (size_t i = a; i < a + m && i < nb && !bad; i++) {
            for (size_t j = a; j < i && !bad && !marker_line(block_line[i]); j++)
                if (!strcmp(block_line[i], block_line[j]) &&
                    !strcmp(block_point[i], block_point[j]))
                    bad =
                        snprintf(why, n, "panel %zu: curves %zu and %zu share dash %s and point %s",
                                 p + 1, j + 1, i + 1, block_line[i], block_point[i]);
            if (!bad && !in_legend(nk, nn, i, p))
                bad = snprintf(why, n, "curve %zu (%s, %s, %s) is not in the key", i + 1,
                               block_color[i], block_line[i], block_point[i]);
        }
    }
    if (!bad && nk > MAX_KEYS)
        bad = snprintf(why, n, "%zu key entries, more than %d", nk, MAX_KEYS);
    if (!bad && nb &&
        (!strcmp(fig, "bandwidth") || !strcmp(fig, "speedup") || !strcmp(fig, "breakeven") ||
         !strcmp(fig, "headline") || !strncmp(fig, "gpus-", 5) || !strncmp(fig, "compare-", 8) ||
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

/* ---- every figure of every folder ---- */

/*
 * Every figure type (a script plots/NAME.gp draws) and whether the style
 * table's rules (dash and point, key, bars) hold for it; the series budget,
 * the y range and the bands' members are checked for every type.  checked
 * counts the variables files seen of each: the coverage guard wants one.
 */
static struct {
    const char *name;
    int style;
    int checked;
} types[] = {
    {"headline", 1},        {"bandwidth", 1},         {"latency", 1},    {"reuse-vs-reallocate", 1},
    {"reallocate-time", 0}, {"speedup", 1},           {"alloc-cost", 1}, {"breakeven", 1},
    {"overlap", 0},         {"host-access", 1},       {"placement", 0},  {"placement-pin", 0},
    {"gpus-bandwidth", 1},  {"gpus-scaling", 1},      {"sentinel", 0},   {"compare-bandwidth", 1},
    {"compare-ratio", 1},   {"headline-machines", 1}, {"fleet", 0},
};
#define NTYPES (sizeof(types) / sizeof(types[0]))

/* The most distinguishable series a panel may hold. */
#define MAX_SERIES 6

/* The index of figure type name in types[], or NTYPES. */
static size_t type_of(const char *name)
{
    size_t t = 0;
    while (t < NTYPES && strcmp(types[t].name, name) != 0)
        t++;
    return t;
}

/* The string of "NAME[i] = '...'" in text (i 1-based) into out; 0 when there is none. */
static int var_elem_str(const char *text, const char *name, size_t i, char *out, size_t n)
{
    char head[256];
    snprintf(head, sizeof(head), "%s[%zu] = '", name, i);
    const char *p = strstr(text, head);
    size_t k = 0;
    if (!p)
        return 0;
    for (p += strlen(head); *p && !(*p == '\'' && p[1] != '\''); p++) {
        if (*p == '\'')
            p++; /* a doubled quote */
        if (k + 1 < n)
            out[k++] = *p;
    }
    out[k] = '\0';
    return 1;
}

/* The number of "NAME = V" (i 0) or "NAME[i] = V" in text; NaN when there is none. */
static double var_num(const char *text, const char *name, size_t i)
{
    char head[256];
    if (i)
        snprintf(head, sizeof(head), "%s[%zu] = ", name, i);
    else
        snprintf(head, sizeof(head), "\n%s = ", name);
    const char *p = strstr(text, head);
    return p ? strtod(p + strlen(head), NULL) : NAN;
}

/* How many distinguishable series blocks [a, a + m) and a band (has_band) are: distinct styles. */
static size_t panel_series(size_t a, size_t m, size_t nb, int has_band)
{
    size_t n = has_band != 0;
    for (size_t i = a; i < a + m && i < nb; i++) {
        int seen = marker_line(block_line[i]);
        for (size_t j = a; j < i && !seen; j++)
            seen = !strcmp(block_color[i], block_color[j]) &&
                   !strcmp(block_line[i], block_line[j]) && !strcmp(block_point[i], block_point[j]);
        n += !seen;
    }
    return n;
}

/*
 * The first value of the data file at path (columns x y ...: y, and with
 * band the band's edges, columns 3 and 4) outside [lo, hi] into *bad; 0
 * when there is none.  Comment lines, blank lines and NaN are not drawn;
 * on a log axis neither is a value <= 0.
 */
static int outside_range(const char *path, double lo, double hi, int log, int band, double *bad)
{
    char *text = read_text(path);
    int found = 0;
    for (char *line = text; line && *line && !found;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        double v[4];
        int k = line[0] == '#' ? 0 : sscanf(line, "%lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3]);
        for (int c = 1; c < k && c < (band ? 4 : 2) && !found; c++) {
            double y = v[c], eps = 1e-9 * fmax(fabs(lo), fabs(hi));
            if (isnan(y) || (log && y <= 0))
                continue;
            if (y < lo - eps || y > hi + eps) {
                *bad = y;
                found = 1;
            }
        }
        line = next;
    }
    free(text);
    return found;
}

/*
 * The kinds a key entry's title names after its last ": " ("..., within
 * 2%: a, b (host → device), c") that are in panel: a kind followed by
 * panel titles in parentheses is in those panels only (NULL: any panel).
 */
static size_t title_members(const char *title, char kinds[][256], size_t max, const char *panel)
{
    const char *p = NULL;
    for (const char *q = title; (q = strstr(q, ": ")); q += 2)
        p = q + 2;
    size_t n = 0;
    while (p && *p && n < max) {
        size_t len = 0;
        int depth = 0;
        while (p[len] && !(depth == 0 && p[len] == ','))
            depth += p[len] == '(' ? 1 : p[len] == ')' ? -1 : 0, len++;
        char token[256];
        snprintf(token, sizeof(token), "%.*s", (int)len, p);
        char *paren = strstr(token, " (");
        int here = !paren || !panel || strstr(paren, panel) != NULL;
        if (paren)
            *paren = '\0';
        for (size_t e = strlen(token); e > 0 && token[e - 1] == ' '; e--)
            token[e - 1] = '\0';
        if (here)
            snprintf(kinds[n++], sizeof(kinds[0]), "%s", token);
        p += len;
        while (*p == ',' || *p == ' ')
            p++;
    }
    return n;
}

/* The kinds of the "# members: a, b, c" line of the file at path; 0 when it has none. */
static size_t file_members(const char *path, char kinds[][256], size_t max)
{
    char *text = read_text(path);
    const char *p = strstr(text, "# members: ");
    size_t n = 0;
    if (p) {
        char line[512];
        snprintf(line, sizeof(line), "%.*s", (int)strcspn(p, "\n"), p);
        n = title_members(line, kinds, max, NULL);
    }
    free(text);
    return n;
}

static int has_kind(char kinds[][256], size_t n, const char *k)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(kinds[i], k))
            return 1;
    return 0;
}

/*
 * The budget, range and band problems of the variables file at path (its
 * text), into why; 0 when none.  Each panel: at most MAX_SERIES
 * distinguishable series; every value of its curves, overlays and band
 * inside its y range; its band's members (its file's "members" line) the
 * kinds its key entry names, none of them drawn apart beside it.
 */
static int panel_problems(const char *text, char *why, size_t n)
{
    size_t nb = var_array(text, "block_line", block_line, MAX_ITEMS);
    size_t np = var_array(text, "panel_first", first, 16);
    size_t nk = strstr(text, "nkeys = 0\n") ? 0 : var_array(text, "key_color", key_color, 64);
    static char key_title[64][256], kinds[16][256], members[16][256];
    int axes = strstr(text, "panel_axes = 1") != NULL, bad = 0;
    var_array(text, "block_color", block_color, MAX_ITEMS);
    var_array(text, "block_point", block_point, MAX_ITEMS);
    var_array(text, "panel_nblocks", count, 16);
    var_array(text, "key_title", key_title, 64);
    var_array(text, "key_line", key_line, 64);
    for (size_t p = 1; p <= np && !bad; p++) {
        size_t a = strtoul(first[p - 1], NULL, 10) - 1, m = strtoul(count[p - 1], NULL, 10);
        char file[1024], band[1024] = "";
        int has_band = var_num(text, "panel_nband", p) > 0;
        int log = axes ? var_num(text, "panel_log_y", p) > 0 : var_num(text, "log_y", 0) > 0;
        double lo = var_num(text, "panel_y_min", p), hi = var_num(text, "panel_y_max", p), y;
        size_t ns = panel_series(a, m, nb, has_band);
        if (has_band)
            var_elem_str(text, "panel_band_file", p, band, sizeof(band));
        if (ns > MAX_SERIES) {
            bad = snprintf(why, n, "panel %zu: %zu distinguishable series, more than %d", p, ns,
                           MAX_SERIES);
            break;
        }
        static const char *const files[] = {"panel_file", "panel_over_file"};
        for (size_t k = 0; k < 2 && !bad; k++)
            if (var_elem_str(text, files[k], p, file, sizeof(file)) &&
                outside_range(file, lo, hi, log, 0, &y))
                bad = snprintf(why, n, "panel %zu: %s holds %g, outside its y range %g..%g", p,
                               file, y, lo, hi);
        if (!bad && has_band && outside_range(band, lo, hi, log, 1, &y))
            bad = snprintf(why, n, "panel %zu: its band reaches %g, outside its y range %g..%g", p,
                           y, lo, hi);
        if (bad || !has_band)
            continue;
        /* a band's key entry (colour page-locked, line band) names its members exactly (a kind
           in some panels' bands only followed by those panels) */
        size_t nm = file_members(band, members, 16), nt = 0;
        int same = 0;
        char title[256] = "";
        var_elem_str(text, "panel_title", p, title, sizeof(title));
        for (size_t k = 0; k < nk && !same; k++) {
            if (strcmp(key_color[k], "page-locked") != 0 || strcmp(key_line[k], "band") != 0)
                continue;
            nt = title_members(key_title[k], kinds, 16, title);
            same = nm == nt && nm > 0;
            for (size_t j = 0; j < nm && same; j++)
                same = has_kind(kinds, nt, members[j]);
        }
        if (!same)
            bad = snprintf(why, n,
                           "panel %zu: its band holds %zu kinds (%s, ...), no key entry names them",
                           p, nm, nm ? members[0] : "none");
        for (size_t i = a; i < a + m && i < nb && !bad; i++)
            if (has_kind(kinds, nt, block_color[i]) && strcmp(block_line[i], "zerocopy") != 0 &&
                strncmp(block_line[i], "flushed", 7) != 0 &&
                strcmp(block_line[i], "first-touch") != 0)
                bad = snprintf(why, n,
                               "panel %zu: %s is named in the band's key entry and drawn apart", p,
                               block_color[i]);
    }
    /* a merged line (a block of colour page-locked): its heading's members are the kinds a
       key entry names for its panel, none of them drawn apart beside it */
    for (size_t p = 1; p <= np && !bad; p++) {
        size_t a = strtoul(first[p - 1], NULL, 10) - 1, m = strtoul(count[p - 1], NULL, 10);
        char file[1024], title[256] = "";
        var_elem_str(text, "panel_title", p, title, sizeof(title));
        if (!var_elem_str(text, "panel_file", p, file, sizeof(file)))
            continue;
        char *data = read_text(file);
        for (size_t i = a; i < a + m && i < nb && !bad; i++) {
            char head[400], line[512];
            if (strcmp(block_color[i], "page-locked") != 0)
                continue;
            snprintf(head, sizeof(head), "color=page-locked line=%s point=", block_line[i]);
            const char *h = strstr(data, head), *start = h;
            while (start && start > data && start[-1] != '\n')
                start--;
            snprintf(line, sizeof(line), "%.*s", h ? (int)(h - start) : 0, h ? start : "");
            char *mem = strstr(line, "members: ");
            size_t nm = mem ? title_members(mem, members, 16, NULL) : 0, nt = 0;
            int same = 0;
            /* (lines of the same kinds share an entry: any of the key's page-locked ones) */
            for (size_t k = 0; k < nk && !same; k++) {
                if (strcmp(key_color[k], "page-locked") != 0)
                    continue;
                nt = title_members(key_title[k], kinds, 16, title);
                same = nm == nt && nm > 0;
                for (size_t j = 0; j < nm && same; j++)
                    same = has_kind(kinds, nt, members[j]);
            }
            if (!same)
                bad = snprintf(
                    why, n,
                    "panel %zu: its merged %s line holds %zu kinds, its key entry names %zu", p,
                    block_line[i], nm, nt);
            for (size_t j = a; j < a + m && j < nb && !bad; j++)
                if (!strcmp(block_line[j], block_line[i]) && has_kind(members, nm, block_color[j]))
                    bad = snprintf(why, n, "panel %zu: %s is in the merged %s line and drawn apart",
                                   p, block_color[j], block_line[i]);
        }
        free(data);
    }
    return bad;
}

/*
 * Check every *-vars.gp under dir/figures/data: its type has a style check
 * (the coverage guard), and passes it.
 */
static void check_data(const char *name, const char *data_dir, int must_have)
{
    char check[512], why[512], data[1024];
    snprintf(data, sizeof(data), "%s", data_dir); /* path_in's buffers are reused */
    DIR *d = opendir(data);
    struct dirent *e;
    int seen = 0;
    while (d && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 8 || strcmp(e->d_name + len - 8, "-vars.gp") != 0)
            continue;
        char fig[256];
        snprintf(fig, sizeof(fig), "%.*s", (int)(len - 8), e->d_name);
        size_t t = type_of(fig);
        seen++;
        snprintf(check, sizeof(check), "%s: %s has a style check", name, fig);
        CHECK(check, t < NTYPES, "no entry for figure type %s in types[]", fig);
        if (t == NTYPES)
            continue;
        types[t].checked++;
        const char *path = path_in(data, e->d_name);
        char *text = read_text(path);
        snprintf(check, sizeof(check), "%s: %s keeps its series budget, range and bands", name,
                 fig);
        CHECK(check, panel_problems(text, why, sizeof(why)) == 0, "%s", why);
        free(text);
        if (!types[t].style)
            continue;
        snprintf(check, sizeof(check), "%s: %s follows the style table", name, fig);
        CHECK(check, style_problems(path, fig, why, sizeof(why)) == 0, "%s", why);
    }
    if (d)
        closedir(d);
    snprintf(check, sizeof(check), "%s: has figures", name);
    if (must_have)
        CHECK(check, seen > 0, "no variables file under %s", data);
}

/* Draw folder from (gnuplot hidden) into a copy with draw and check its figures. */
static void check_drawn_with(plot_fn draw, const char *name, const char *from)
{
    static const char *const inputs[] = {
        "summary.csv", "meta.yaml",    "fits.csv",    "host-memcpy.csv", "breakeven.csv",
        "samples.csv", "sentinel.csv", "compare.csv", "machines.csv",    "fleet.csv"};
    char *log = NULL, dir[1024], check[160];
    int rc = -100;
    snprintf(dir, sizeof(dir), "%s/%s", tmpdir, name);
    for (char *c = dir + strlen(tmpdir) + 1; *c; c++)
        *c = *c == ' ' || *c == '/' ? '-' : *c;
    if (mkdir(dir, 0777) == 0) {
        rc = 0;
        for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]) && rc == 0; i++)
            if (exists(from, inputs[i]))
                rc = copy_edit(path_in(from, inputs[i]), path_in(dir, inputs[i]), NULL, NULL);
        rc = rc == 0 ? run_plot(draw, dir, plots_dir, 0, 1, &log) : -100;
    }
    snprintf(check, sizeof(check), "%s: drawn", name);
    CHECK(check, rc == PLOT_ENO_GNUPLOT, "returned %d; log:\n%s", rc, log ? log : "");
    free(log);
    /* a folder whose every figure is a table (tables.h: seed-256mb) may have no figure */
    check_data(name, path_in(dir, "figures/data"), !exists(dir, "figures/tables.md"));
}

static void check_drawn(const char *name, const char *from)
{
    check_drawn_with(plot_results_opts, name, from);
}

/*
 * The coverage guard: every script of plots/ (but style.gp and panels.gp,
 * which the others load) is a figure type with a style check, and every
 * type's check ran on some variables file.
 */
static void check_coverage(void)
{
    char path[512], check[160];
    snprintf(path, sizeof(path), "%s", plots_dir);
    DIR *d = opendir(path);
    struct dirent *e;
    size_t scripts = 0;
    while (d && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        char fig[256];
        if (len < 4 || strcmp(e->d_name + len - 3, ".gp") != 0 || !strcmp(e->d_name, "style.gp") ||
            !strcmp(e->d_name, "panels.gp"))
            continue;
        snprintf(fig, sizeof(fig), "%.*s", (int)(len - 3), e->d_name);
        scripts++;
        snprintf(check, sizeof(check), "coverage: plots/%s has a style check", e->d_name);
        CHECK(check, type_of(fig) < NTYPES, "figure type %s is not in types[]", fig);
    }
    if (d)
        closedir(d);
    CHECK("coverage: the scripts were found", scripts >= NTYPES, "%zu scripts in %s", scripts,
          path);
    for (size_t t = 0; t < NTYPES; t++) {
        snprintf(check, sizeof(check), "coverage: %s was checked", types[t].name);
        CHECK(check, types[t].checked > 0, "no folder drew a %s figure", types[t].name);
    }
}

/*
 * The budget, range and band checks can fail: a panel of seven curves; a
 * value above its panel's range; a band whose key entry names a kind it
 * lacks; a kind in a merged line drawn apart beside it; a figure type
 * with no style check.  DATA and BAND stand for the files written here.
 */
static void test_panel_checks_can_fail(void)
{
    static const char head[] =
        "log_y = 0\nnpanels = 1\narray panel_title[1]\npanel_title[1] = 'host → device'\n"
        "panel_file[1] = 'DATA'\npanel_nband[1] = NBAND; panel_band_file[1] = 'BAND'\n"
        "panel_y_min[1] = 0; panel_y_max[1] = 70\narray panel_first[1] = [1]\n";
    static const struct {
        const char *name, *vars, *data, *band, *want;
    } cases[] = {
        {"seven_series",
         "array panel_nblocks[1] = [7]\narray block_color[7] = ['pageable', 'pinned', "
         "'mallochost', 'portable', 'write-combined', 'mapped', 'registered']\n"
         "array block_line[7] = ['a', 'b', 'c', 'd', 'e', 'f', 'g']\n"
         "array block_point[7] = ['a', 'b', 'c', 'd', 'e', 'f', 'g']\nnkeys = 0\n",
         "4096 1\n", NULL, "7 distinguishable series, more than 6"},
        {"clipped",
         "array panel_nblocks[1] = [1]\narray block_color[1] = ['host']\n"
         "array block_line[1] = ['ceiling']\narray block_point[1] = ['']\nnkeys = 0\n",
         "4096 30\n8192 114\n", NULL, "holds 114, outside its y range 0..70"},
        {"band_names_a_kind_it_lacks",
         "array panel_nblocks[1] = [1]\narray block_color[1] = ['pageable']\n"
         "array block_line[1] = ['pageable']\narray block_point[1] = ['pageable']\nnkeys = 2\n"
         "array key_color[2] = ['pageable', 'page-locked']\narray key_line[2] = ['pageable', "
         "'band']\narray key_title[2] = ['pageable', '4 page-locked kinds within 5%: pinned, "
         "mapped, registered, portable']\n",
         "4096 1\n", "# members: pinned, mapped, registered\n4096 2 1.9 2.1\n",
         "its band holds 3 kinds (pinned, ...), no key entry names them"},
        {"member_drawn_apart",
         "array panel_nblocks[1] = [1]\narray block_color[1] = ['portable']\n"
         "array block_line[1] = ['reuse']\narray block_point[1] = ['portable']\nnkeys = 1\n"
         "array key_color[1] = ['page-locked']\narray key_line[1] = ['band']\n"
         "array key_title[1] = ['4 page-locked kinds within 5%: pinned, mapped, registered, "
         "portable']\n",
         "4096 1\n", "# members: pinned, mapped, registered, portable\n4096 2 1.9 2.1\n",
         "portable is named in the band's key entry and drawn apart"},
    };
    char why[512], data[256], band[256];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(data, sizeof(data), "%s/%s.dat", tmpdir, cases[i].name);
        snprintf(band, sizeof(band), "%s/%s-band.dat", tmpdir, cases[i].name);
        write_text(data, cases[i].data);
        if (cases[i].band)
            write_text(band, cases[i].band);
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        for (const char *p = head; *p; p++)
            if (!strncmp(p, "DATA", 4))
                fputs(data, f), p += 3;
            else if (!strncmp(p, "BAND", 4))
                fputs(band, f), p += 3;
            else if (!strncmp(p, "NBAND", 5))
                fputs(cases[i].band ? "1" : "0", f), p += 4;
            else
                fputc(*p, f);
        fputs(cases[i].vars, f);
        fclose(f);
        int bad = panel_problems(text, why, sizeof(why));
        CHECK(cases[i].name, bad && strstr(why, cases[i].want), "want '%s', got '%s'",
              cases[i].want, bad ? why : "nothing wrong");
        free(text);
    }
    CHECK("coverage: a figure type without a style check is caught", type_of("no-such") == NTYPES,
          "type_of found one");
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
    test_panel_checks_can_fail();
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
    char data[256];
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
    check_data("machines", data, 1);
    plot_input_free(&in[0]);
    plot_input_free(&in[1]);
}

/* A fleet of three nodes, one slow at 1 MiB: fleet.csv as `pinsweep fleet` writes it. */
static void check_fleet(void)
{
    static const char head[] = "node,dir,alloc,direction,buffer,api,cache,touch,size_bytes,"
                               "gbps_median,fleet_median,fleet_spread,band_low,band_high,z,outlier,"
                               "link_below_max\n";
    char dir[256], row[256], *text = NULL, check[64];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    static const char *const nodes[] = {"node-a", "node-b", "node-c"};
    fputs(head, f);
    for (int k = 0; k < 3; k++)
        for (int e = 12; e <= 24; e += 4) {
            double g =
                50.0 * (1 - exp(-(double)(1 << (e - 12)) / 16)) * (k == 2 && e == 20 ? 0.8 : 1);
            snprintf(
                row, sizeof(row),
                "%s,results/%s,pinned,h2d,reuse,sync,warm,prefaulted,%d,%.6g,%.6g,0.5,%.6g,%.6g,"
                "%.3g,%s,no\n",
                nodes[k], nodes[k], 1 << e, g, g / (k == 2 && e == 20 ? 0.8 : 1), g - 2, g + 2,
                k == 2 && e == 20 ? -20.0 : 0.0, k == 2 && e == 20 ? "yes" : "no");
            fputs(row, f);
        }
    fclose(f);
    snprintf(dir, sizeof(dir), "%s/fleet", tmpdir);
    int rc = mkdir(dir, 0777) == 0 && write_text(path_in(dir, "fleet.csv"), text) == 0 ? 0 : -1;
    free(text);
    char *log = NULL;
    rc = rc == 0 ? run_plot(plot_fleet, dir, plots_dir, 0, 1, &log) : -100;
    snprintf(check, sizeof(check), "fleet: drawn");
    CHECK(check, rc == PLOT_ENO_GNUPLOT, "returned %d; log:\n%s", rc, log ? log : "");
    free(log);
    check_data("fleet", path_in(dir, "figures/data"), 1);
}

/*
 * results-beyond with every sync copy row at 16 MiB and 256 MiB given a
 * twin at 4 MiB and 64 MiB: placements at four sizes, enough for the
 * placement figures (its own two sizes make tables).
 */
static void check_four_sizes(void)
{
    static const char *const from[] = {",16777216,", ",268435456,"}, *const to[] = {",4194304,",
                                                                                    ",67108864,"};
    char *text = read_text("tests/fixtures/results-beyond/summary.csv"), dir[256];
    char *out = malloc(strlen(text) * 3 + 1);
    size_t len = 0;
    for (char *line = text, *end; out && (end = strchr(line, '\n')); line = end + 1) {
        size_t n = (size_t)(end - line) + 1;
        memcpy(out + len, line, n);
        len += n;
        for (size_t k = 0; k < 2; k++) {
            char *hit = strstr(line, from[k]), *sync = strstr(line, ",sync,");
            if (!hit || hit > end || !sync || sync > end)
                continue;
            size_t head = (size_t)(hit - line);
            len += (size_t)sprintf(out + len, "%.*s%s%.*s", (int)head, line, to[k],
                                   (int)(n - head - strlen(from[k])), hit + strlen(from[k]));
        }
    }
    snprintf(dir, sizeof(dir), "%s/four-sizes-from", tmpdir);
    mkdir(dir, 0777);
    if (out) {
        out[len] = '\0';
        write_text(path_in(dir, "summary.csv"), out);
    }
    copy_edit("tests/fixtures/results-beyond/meta.yaml", path_in(dir, "meta.yaml"), NULL, NULL);
    free(text);
    free(out);
    check_drawn("results-beyond at four sizes", dir);
}

/*
 * The kit's rules for points (plots/style.gp), asked of gnuplot itself: a
 * round trip's point is its kind's in the other fill; a dense curve's
 * points are drawn at an interval (71 points on a 1.95 in panel: every
 * 4th, at least 0.10 in apart; 19 there: every one), a sparse one's and a glyph's every one; the
 * curves of a panel start at different points, but one with a run shorter
 * than its interval at its first.
 */
static void test_marks_and_fill(void)
{
    static const char script[] =
        "set print '-'\nfmt = 'pdf'\npanel_w_in = 1.95\n"
        "array block_npoints[5] = [71, 13, 71, 71, 71]\n"
        "array block_minrun[5] = [71, 13, 1, 71, 2]\n"
        "array block_line[5] = ['pipelined', 'roundtrip', 'never', 'roundtrip', 'roundtrip']\n"
        "array panel_nblocks[1] = [5]\nblk(p, j) = j\n"
        "print sprintf('%d %d %d %d %d', pt_of('pinned', 'pipelined'), pt_of('pinned', "
        "'roundtrip'), pt_of('pageable', 'roundtrip'), pt_of('registered-mapped', "
        "'zerocopy-roundtrip'), pt_of('page-locked', 'roundtrip'))\n"
        "print sprintf('%d %d %d %d %d', marks_every(1), marks_every(2), marks_every(3), "
        "marks_every(4), marks_every(5))\n"
        "print sprintf('%d %d %d %d %d', marks_start(1, 1), marks_start(1, 2), marks_start(1, 3), "
        "marks_start(1, 4), marks_start(1, 5))\n";
    /* pinned filled circle 7, open 6; pageable open square 4, filled 5; registered-mapped open
       pentagon 14, filled 15; page-locked filled square 5, open 4 */
    static const char want[] = "7 6 5 15 4\n4 1 1 4 4\n0 0 0 2 0\n";
    const char *name = "style.gp: round trips in the other fill, dense curves' points spaced";
    if (!plot_gnuplot_available()) {
        skip_no_gnuplot(name);
        return;
    }
    char path[512], cmd[1200], got[512] = "";
    snprintf(path, sizeof(path), "%s/marks.gp", tmpdir);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fprintf(f, "load '%s/style.gp'\n%s", plots_dir, script);
    fclose(f);
    write_text(path, text);
    free(text);
    snprintf(cmd, sizeof(cmd), "LC_ALL=C.UTF-8 gnuplot '%s' 2>&1", path); /* as kit/program.c */
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(got, 1, sizeof(got) - 1, p) : 0;
    got[n] = '\0';
    if (p)
        pclose(p);
    CHECK(name, strcmp(got, want) == 0, "gnuplot printed:\n%s\nwant:\n%s", got, want);
    /* every script that draws a panel's curves draws their points through curve_marks */
    static const char *const scripts[] = {"latency.gp", "bandwidth.gp", "headline.gp", "panels.gp",
                                          "reuse-vs-reallocate.gp"};
    for (size_t k = 0; k < sizeof(scripts) / sizeof(scripts[0]); k++) {
        char *t = read_text(path_in(plots_dir, scripts[k])), check[128];
        snprintf(check, sizeof(check), "%s: the curves' points drawn apart, spaced (curve_marks)",
                 scripts[k]);
        CHECK(check,
              (strstr(t, "curve_marks") || strstr(t, "curves_drawn(")) &&
                  !strstr(t, "pt point_pt(block_point"),
              "plots/%s draws its curves' points with their lines", scripts[k]);
        free(t);
    }
}

int main(void)
{
    if (plot_test_begin("style-table") < 0)
        return 1;
    test_checks_can_fail();
    test_marks_and_fill();
    check_drawn("results-small", "tests/fixtures/results-small");
    check_drawn("results-beyond", "tests/fixtures/results-beyond");
    check_four_sizes(); /* the placement figures */
    check_drawn("machine-gen3", "tests/fixtures/machine-gen3");
    /* two fake GPUs together: the gpus figures (the copy figures draw each GPU's curve alike) */
    check_drawn("gpus-two", "tests/fixtures/gpus-two");
    check_drawn_with(plot_compare_opts, "compare-two", "tests/fixtures/compare-two");
    check_machines();
    check_fleet();
    /* The committed reference folders, drawn afresh by this binary from their CSV files. */
    DIR *d = opendir("results/reference/h200-pcie5");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char dir[512], name[300];
        snprintf(dir, sizeof(dir), "results/reference/h200-pcie5/%s", e->d_name);
        snprintf(name, sizeof(name), "reference %s", e->d_name);
        if (e->d_name[0] != '.' && exists(dir, "summary.csv"))
            check_drawn(name, dir);
        else if (e->d_name[0] != '.' && exists(dir, "compare.csv"))
            check_drawn_with(plot_compare_opts, name, dir);
    }
    if (d)
        closedir(d);
    check_coverage();
    return plot_test_end("test_style_table");
}
