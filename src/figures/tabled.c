/*
 * tabled.c - the figures of a folder that became tables, and the folder's
 * figures/tables.md and tables.tex (see tabled.h): Markdown, and LaTeX with
 * booktabs (through tabular.h).
 */
#include "figures/tabled.h"
#include "figures/cycle_table.h"
#include "figures/gpus_table.h"
#include "figures/kit/figure.h"
#include "figures/place_table.h"
#include "figures/sentinel_view.h"
#include "figures/tables.h"
#include "results/outdir.h"
#include "results/problems.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void plot_tabled_add(struct plot_tabled *t, const char *name, size_t sizes)
{
    if (t && t->n < PLOT_MAX_FIGURES && !plot_tabled_has(t, name)) {
        t->name[t->n] = name;
        t->sizes[t->n++] = sizes;
    }
}

int plot_tabled_has(const struct plot_tabled *t, const char *name)
{
    for (size_t i = 0; t && i < t->n; i++)
        if (strcmp(t->name[i], name) == 0)
            return 1;
    return 0;
}

char *plot_tabled_text(const struct plot_tabled *t, char *buf, size_t n)
{
    size_t len = 0, done = 0;
    buf[0] = '\0';
    /* the most sizes first: each count once, its figures in drawing order */
    for (size_t want = PLOT_MIN_SIZES; want-- > 0 && done < t->n;) {
        size_t k = 0;
        for (size_t i = 0; i < t->n && len < n; i++)
            if (t->sizes[i] == want) {
                len += (size_t)snprintf(buf + len, n - len, "%s%s",
                                        k++   ? ", "
                                        : len ? "; "
                                              : "",
                                        t->name[i]);
                done++;
            }
        if (k && len < n)
            len += (size_t)snprintf(buf + len, n - len, ": %zu size%s", want, want == 1 ? "" : "s");
    }
    return buf;
}

/* ---- the tables ---- */

/* Which figures each table stands for: it is made when any of them became a table. */
static const struct {
    const char *figures[4];
    int (*build)(const struct plot_input *in, struct tabular *t);
} table_defs[PLOT_TABLE_COUNT] = {
    [PLOT_TABLE_COPIES] = {{"headline", "bandwidth", "latency", "speedup"}, plot_copies_table},
    [PLOT_TABLE_CYCLE] = {{"reallocate-time", "alloc-cost"}, cycle_phases_table},
    [PLOT_TABLE_REUSE] = {{"reuse-vs-reallocate"}, cycle_reuse_table},
    [PLOT_TABLE_BREAKEVEN] = {{"breakeven"}, cycle_breakeven_table},
    [PLOT_TABLE_GPUS] = {{"gpus-bandwidth", "gpus-scaling"}, gpus_table_build},
    [PLOT_TABLE_PLACEMENT] = {{"placement"}, NULL},
    [PLOT_TABLE_PLACEMENT_PIN] = {{"placement-pin"}, NULL},
    [PLOT_TABLE_SENTINEL] = {{NULL}, NULL},
};

/* The drift sentinel's readings into t when they are too few for a figure; else t empty. */
static int sentinel_table(const struct plot_input *in, struct tabular *t)
{
    static const char *const none[] = {""};
    struct sentinel_view v;
    int rc = sentinel_view_read(in, &v, NULL);
    tabular_init(t, "none", "l", none, "%s", "");
    if (rc == 0 && v.n > 0 && v.n < PLOT_MIN_SIZES) {
        tabular_free(t);
        rc = sentinel_view_table(in, &v, t) < 0 ? -1 : (int)t->nrows;
    }
    sentinel_view_free(&v);
    return rc;
}

int plot_table_build(enum plot_table_id id, const struct plot_input *in,
                     const struct plot_tabled *tabled, struct tabular *t)
{
    static const char *const none[] = {""};
    int wanted = 0, rc;
    if (id == PLOT_TABLE_SENTINEL) {
        rc = sentinel_table(in, t);
        if (rc > 0)
            plot_table_mark_note(t);
        return rc;
    }
    for (size_t k = 0; k < 4 && table_defs[id].figures[k]; k++)
        wanted |= plot_tabled_has(tabled, table_defs[id].figures[k]);
    if (!wanted) {
        tabular_init(t, "none", "l", none, "%s", "");
        return 0;
    }
    if (!table_defs[id].build) { /* placement's tables decide by their own sizes */
        rc = place_table_build(in, id == PLOT_TABLE_PLACEMENT_PIN, t);
        if (rc > 0)
            plot_table_mark_note(t);
        return rc;
    }
    rc = table_defs[id].build(in, t);
    if (rc >= 0 && t->nrows)
        plot_table_mark_note(t);
    return rc < 0 ? -1 : (int)t->nrows;
}

/* ---- tables.md and tables.tex ---- */

static void write_md(FILE *f, const struct plot_input *in, const struct plot_tabled *tabled,
                     const struct tabular t[PLOT_TABLE_COUNT])
{
    char which[512];
    fprintf(f,
            "# %s: tables\n\nA figure is drawn only when the data it draws span at least %d "
            "sizes; a sweep of fewer is a table, not lines across sizes nothing was measured "
            "at%s.",
            in->experiment, PLOT_MIN_SIZES,
            t[PLOT_TABLE_SENTINEL].nrows ? "; so is a drift sentinel of fewer readings" : "");
    if (tabled && tabled->n)
        fprintf(f, " These figures are tables here: %s.",
                plot_tabled_text(tabled, which, sizeof(which)));
    fputc('\n', f);
    for (size_t i = 0; i < PLOT_TABLE_COUNT; i++)
        if (t[i].nrows) {
            fputc('\n', f);
            tabular_md(f, &t[i], 0);
        }
}

/*
 * The \label of table t of the folder: tab:EXPERIMENT-NAME, so that the
 * tables.tex of two folders differ in one paper (characters other than
 * letters, digits, '.', '_' and '-' made '-').
 */
static void table_label(const struct plot_input *in, const struct tabular *t, char *buf, size_t n)
{
    snprintf(buf, n, "%s-%s", in->experiment[0] ? in->experiment : "results", t->name);
    for (char *p = buf; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._-", *p))
            *p = '-';
}

static void write_tex(FILE *f, const struct plot_input *in, const struct plot_tabled *tabled,
                      const struct tabular t[PLOT_TABLE_COUNT])
{
    char label[sizeof(in->experiment) + sizeof(t[0].name) + 2];
    (void)tabled;
    for (size_t i = 0; i < PLOT_TABLE_COUNT; i++)
        if (t[i].nrows) {
            table_label(in, &t[i], label, sizeof(label));
            tabular_tex(f, &t[i], label);
        }
}

typedef void (*table_writer)(FILE *, const struct plot_input *, const struct plot_tabled *,
                             const struct tabular *);

/* Write fig_dir/name with write(); -1 after saying why on log. */
static int write_file(const char *fig_dir, const char *name, const struct plot_input *in,
                      const struct plot_tabled *tabled, const struct tabular t[PLOT_TABLE_COUNT],
                      table_writer write, FILE *log)
{
    char *path = plot_path_join(fig_dir, name);
    FILE *f = path ? outfile_fopen_fresh(path) : NULL;
    int rc = f ? 0 : -1;
    if (f) {
        write(f, in, tabled, t);
        rc = ferror(f) ? -1 : 0;
        if (fclose(f) != 0)
            rc = -1;
    }
    if (rc < 0)
        log_line(log, "%s: cannot write: %s", path ? path : name, strerror(errno));
    free(path);
    return rc;
}

/* Remove fig_dir/tables.md and tables.tex, left by an earlier run. */
static void remove_tables(const char *fig_dir)
{
    static const char *const names[] = {"tables.md", "tables.tex"};
    for (size_t i = 0; i < 2; i++) {
        char *path = plot_path_join(fig_dir, names[i]);
        if (path)
            unlink(path);
        free(path);
    }
}

int plot_tables_write(const struct plot_input *in, const struct plot_tabled *tabled,
                      const char *fig_dir, FILE *log)
{
    struct tabular t[PLOT_TABLE_COUNT];
    int n = 0, rc = 0;
    for (size_t i = 0; i < PLOT_TABLE_COUNT; i++) {
        int k = plot_table_build((enum plot_table_id)i, in, tabled, &t[i]);
        rc = k < 0 ? -1 : rc;
        n += k > 0;
    }
    if (rc < 0)
        log_line(log, "%s: out of memory", fig_dir);
    else if (n == 0)
        remove_tables(fig_dir);
    else if (write_file(fig_dir, "tables.md", in, tabled, t, write_md, log) < 0 ||
             write_file(fig_dir, "tables.tex", in, tabled, t, write_tex, log) < 0)
        rc = -1;
    if (rc == 0 && tabled && tabled->n) { /* one line: which figures, and why */
        char which[512];
        log_line(log,
                 "note: %s %s/tables.md (and .tex), their data spanning fewer than %d sizes: %s",
                 n ? "figures as tables in" : "no figures and nothing to tabulate in", fig_dir,
                 PLOT_MIN_SIZES, plot_tabled_text(tabled, which, sizeof(which)));
    }
    for (size_t i = 0; i < PLOT_TABLE_COUNT; i++)
        tabular_free(&t[i]);
    return rc;
}
