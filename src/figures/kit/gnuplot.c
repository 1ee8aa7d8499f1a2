/*
 * gnuplot.c - describing a table of figures and drawing each with its
 * gnuplot script (see gnuplot.h).  gnuplot runs through program.h: an
 * argument vector, never a shell, so paths may hold spaces and quotes.
 */
#include "figures/kit/gnuplot.h"
#include "figures/kit/drawn.h"
#include "results/outdir.h"
#include "figures/kit/gnuplot_vars.h"
#include "figures/kit/program.h"
#include "figures/kit/program.h"
#include "results/problems.h"
#include "base/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The variables files of g: plain and, with LaTeX, LaTeX; -1 after saying on log which failed. */
static int write_all_vars(const struct fig *g, const char *data_dir, const char *fig_dir,
                          unsigned draw, FILE *log)
{
    for (int tex = 0; tex <= !!(draw & FIG_DRAW_LATEX); tex++)
        if (fig_write_vars(g, data_dir, fig_dir, tex) < 0) {
            log_line(log, "%s: cannot write %s-vars%s.gp: %s", data_dir, g->name, tex ? "-tex" : "",
                     strerror(errno));
            return -1;
        }
    return 0;
}

/* PREFIX + NAME, the stem of a figure's output files, into buf. */
static const char *stem_of(const char *prefix, const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s", prefix ? prefix : "", name);
    return buf;
}

/*
 * Remove what an earlier run wrote of figure name into data_dir, when it is
 * not drawn now: NAME-drawn.txt (a caption of a figure not drawn says
 * nothing true), NAME-vars.gp, NAME-vars-tex.gp and its panels' NAME-*.dat;
 * every file "NAME-..." but those of a figure of names[0..n) whose own name
 * starts with "NAME-" (placement-pin's, beside placement's).
 */
static void remove_data(const char *name, const char *data_dir, const char *const names[], size_t n)
{
    size_t len = strlen(name);
    DIR *d = opendir(data_dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        const char *f = e->d_name;
        int other = 0;
        if (strncmp(f, name, len) != 0 || f[len] != '-')
            continue;
        for (size_t i = 0; i < n && !other; i++)
            other = names[i] && strlen(names[i]) > len && strncmp(names[i], name, len) == 0 &&
                    names[i][len] == '-' && strncmp(f, names[i], strlen(names[i])) == 0 &&
                    f[strlen(names[i])] == '-';
        char *path = other ? NULL : plot_path_join(data_dir, f);
        if (path)
            unlink(path);
        free(path);
    }
    if (d)
        closedir(d);
}

/*
 * DATA_DIR/NAME-KIND.txt holding text and a newline; when text is "" and !always, none (an
 * earlier run's removed).  -1 after saying why on log when it cannot be written.
 */
static int write_text_file(const char *name, const char *kind, const char *text, int always,
                           const char *data_dir, FILE *log)
{
    char file[160];
    snprintf(file, sizeof(file), "%s-%s.txt", name, kind);
    char *path = plot_path_join(data_dir, file);
    int rc = path ? 0 : -1;
    if (path && !text[0] && !always) {
        unlink(path);
    } else if (path) {
        FILE *f = outfile_fopen_fresh(path);
        rc = f && fprintf(f, "%s\n", text) >= 0 ? 0 : -1;
        if (f && fclose(f) != 0)
            rc = -1;
    }
    if (rc < 0)
        log_line(log, "cannot write %s: %s", path ? path : file, strerror(errno));
    free(path);
    return rc;
}

/*
 * DATA_DIR/NAME-drawn.txt: what g draws in words (fig_drawn_text), the
 * caption's "Drawn:" part, and NAME-question.txt: the question of its
 * caption when g has one of its own (g->question); a key that disagrees
 * with the drawing is a warning (fig_check_key).  -1 after saying why on
 * log when one cannot be written.
 */
static int write_drawn(const struct fig *g, const char *data_dir, FILE *log)
{
    char text[4096], why[512];
    if (write_text_file(g->name, "question", g->question, 0, data_dir, log) < 0)
        return -1;
    if (fig_check_key(g, why, sizeof(why)) < 0)
        log_line(log, "warning: figure %s: %s", g->name, why);
    fig_drawn_text(g, text, sizeof(text));
    return write_text_file(g->name, "drawn", text, 1, data_dir, log);
}

int fig_write_all(fig_describe_fn describe, size_t n, const void *in, const char *fig_dir,
                  const char *data_dir, const char *prefix, unsigned draw, const char *made[],
                  FILE *log)
{
    char stem[128];
    struct fig *g = malloc(sizeof(*g));
    int rc = PLOT_EWRITE;
    if (!g) {
        log_line(log, "%s: out of memory", data_dir);
        return rc;
    }
    const char **names = calloc(n ? n : 1, sizeof(*names));
    if (!names)
        goto out;
    for (size_t i = 0; i < n; i++) {
        const char *needs = "";
        errno = 0;
        if (describe(g, i, in, data_dir, &needs) < 0) {
            log_line(log, "%s: cannot write the data of %s: %s", data_dir, g->name,
                     errno ? strerror(errno) : "too many panels or curves");
            goto out;
        }
        names[i] = g->name;
        made[i] = g->npanels > 0 ? g->name : NULL;
        snprintf(g->out_prefix, sizeof(g->out_prefix), "%s", prefix ? prefix : "");
        g->paper = (draw & FIG_DRAW_PAPER) != 0;
        if (!made[i]) {
            if (needs) /* NULL: nothing of the figure's kind, or said elsewhere; no note */
                log_line(log, "note: no %s figure: it needs %s", g->name, needs);
            fig_remove_outputs(stem_of(prefix, g->name, stem, sizeof(stem)), fig_dir);
        } else if (write_all_vars(g, data_dir, fig_dir, draw, log) < 0 ||
                   write_drawn(g, data_dir, log) < 0) {
            goto out;
        }
    }
    /* once every name is known: the data files of a figure not drawn, this run's or older */
    for (size_t i = 0; i < n; i++)
        if (!made[i])
            remove_data(names[i], data_dir, names, n);
    rc = 0;
out:
    if (rc != 0 && !names)
        log_line(log, "%s: out of memory", data_dir);
    free(names);
    free(g);
    return rc;
}

int plot_make_fig_dirs(const char *dir, char **fig_dir, char **data_dir, FILE *log)
{
    *fig_dir = plot_path_join(dir, "figures");
    *data_dir = *fig_dir ? plot_path_join(*fig_dir, "data") : NULL;
    if (*data_dir && plot_make_dir(*fig_dir) == 0 && plot_make_dir(*data_dir) == 0)
        return 0;
    log_line(log, "cannot create %s: %s", *data_dir ? *data_dir : dir, strerror(errno));
    return -1;
}

int plot_need_gnuplot(FILE *log, const char *data_dir, const char *fmt, ...)
{
    if (plot_gnuplot_available())
        return 0;
    if (log) {
        va_list ap;
        fprintf(log,
                "gnuplot is not installed (not found on PATH), so no figures were drawn; "
                "their data is in %s. To draw them: apt-get install gnuplot-nox, then ",
                data_dir);
        va_start(ap, fmt);
        vfprintf(log, fmt, ap);
        va_end(ap);
        fputc('\n', log);
        fflush(log);
    }
    return PLOT_ENO_GNUPLOT;
}

/* "name = 'value'" as a gnuplot assignment, the value quoted for gnuplot; malloc'd. */
static char *gp_assign(const char *name, const char *value)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fprintf(f, "%s = ", name);
    gnuplot_string(f, value);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/*
 * Run `gnuplot -e "plots_dir='...'; vars_file='...'[; formats='...'][;
 * book_file='...']" SCRIPT`.  Returns 0, or PLOT_ENO_GNUPLOT / PLOT_EGNUPLOT
 * after saying why on log, gnuplot's stderr included.  Warnings on a
 * successful run are passed through too.
 */
static int run_gnuplot(const char *script, const char *scripts_dir, const char *vars_file,
                       const char *formats, const char *book_file, FILE *log)
{
    char *arg[4] = {gp_assign("plots_dir", scripts_dir), gp_assign("vars_file", vars_file),
                    formats ? gp_assign("formats", formats) : NULL,
                    book_file ? gp_assign("book_file", book_file) : NULL};
    char *expr = NULL;
    int rc = PLOT_EGNUPLOT;
    if (!arg[0] || !arg[1] || (formats && !arg[2]) || (book_file && !arg[3]) ||
        asprintf(&expr, "%s; %s%s%s%s%s", arg[0], arg[1], arg[2] ? "; " : "", arg[2] ? arg[2] : "",
                 arg[3] ? "; " : "", arg[3] ? arg[3] : "") < 0) {
        expr = NULL;
        log_line(log, "cannot run gnuplot: out of memory");
        goto out;
    }
    char *argv[] = {"gnuplot", "-e", expr, (char *)script, NULL};
    rc = plot_run_program(argv, script, log);
out:
    for (int i = 0; i < 4; i++)
        free(arg[i]);
    free(expr);
    return rc;
}

static const char *const formats[] = {"png", "pdf", "svg"};

/* Is fig_dir/file there and not empty?  Says so on log when not. */
static int output_ok(const char *fig_dir, const char *file, FILE *log)
{
    struct stat st;
    char *path = plot_path_join(fig_dir, file);
    int ok = path && stat(path, &st) == 0 && st.st_size > 0;
    if (!ok)
        log_line(log, "gnuplot did not write %s", path ? path : file);
    free(path);
    return ok;
}

/* Did gnuplot leave STEM.{png,pdf,svg} in fig_dir (name: the stem), none empty? */
static int check_outputs(const char *name, const char *fig_dir, FILE *log)
{
    char file[160];
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        snprintf(file, sizeof(file), "%s.%s", name, formats[i]);
        if (!output_ok(fig_dir, file, log))
            return PLOT_EGNUPLOT;
    }
    log_line(log, "wrote %s/%s.{png,pdf,svg}", fig_dir, name);
    return 0;
}

/*
 * Remove name.{png,pdf,svg} before gnuplot writes them: gnuplot follows a
 * symbolic link in their place, and a stale file would pass for a new one.
 */
static void remove_outputs(const char *name, const char *fig_dir)
{
    char file[160];
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        snprintf(file, sizeof(file), "%s.%s", name, formats[i]);
        char *path = plot_path_join(fig_dir, file);
        if (path)
            unlink(path);
        free(path);
    }
}

/*
 * Write text to path with every \includegraphics[...]{PATH} naming the
 * graphics by base name alone, so that the .tex works wherever it is put
 * (with \graphicspath or the import package pointing at its folder).
 */
static int write_tex(const char *path, const char *text, const char *base)
{
    FILE *f = outfile_fopen_fresh(path);
    if (!f)
        return -1;
    static const char mark[] = "\\includegraphics[width=";
    const char *p = text, *hit;
    while ((hit = strstr(p, mark))) {
        const char *open = strstr(hit, "]{"), *close = open ? strchr(open + 2, '}') : NULL;
        if (!close) {
            fwrite(p, 1, (size_t)(hit - p) + strlen(mark), f);
            p = hit + strlen(mark);
            continue;
        }
        fwrite(p, 1, (size_t)(open + 2 - p), f);
        fputs(base, f);
        p = close;
    }
    fputs(p, f);
    int bad = ferror(f);
    return fclose(f) != 0 || bad ? -1 : 0;
}

/*
 * The LaTeX output: gnuplot's cairolatex wrote NAME-inc.tex and the graphics
 * NAME-inc.pdf; keep the graphics, and the text as NAME.tex.
 */
static int finish_tex(const char *name, const char *fig_dir, FILE *log)
{
    char file[200], base[160];
    snprintf(base, sizeof(base), "%s-inc", name);
    snprintf(file, sizeof(file), "%s-inc.tex", name);
    char *inc = plot_path_join(fig_dir, file);
    snprintf(file, sizeof(file), "%s.tex", name);
    char *tex = plot_path_join(fig_dir, file);
    char *text = inc ? fileio_read_all(inc, NULL) : NULL;
    int rc = PLOT_EGNUPLOT;
    if (!text || !tex)
        log_line(log, "gnuplot did not write %s", inc ? inc : file);
    else if (write_tex(tex, text, base) < 0)
        log_line(log, "cannot write %s: %s", tex, strerror(errno));
    else
        rc = 0;
    if (inc)
        unlink(inc);
    snprintf(file, sizeof(file), "%s-inc.pdf", name);
    if (rc == 0 && output_ok(fig_dir, file, log))
        log_line(log, "wrote %s/%s.tex + %s-inc.pdf", fig_dir, name, name);
    else
        rc = PLOT_EGNUPLOT;
    free(inc);
    free(tex);
    free(text);
    return rc;
}

/* Remove fig_dir/NAME + sep + suffix, if it is there. */
static void remove_output(const char *fig_dir, const char *name, const char *sep,
                          const char *suffix)
{
    char file[200];
    snprintf(file, sizeof(file), "%s%s%s", name, sep, suffix);
    char *path = plot_path_join(fig_dir, file);
    if (path)
        unlink(path);
    free(path);
}

void fig_remove_tex(const char *stem, const char *fig_dir)
{
    static const char *const suffixes[] = {".tex", "-inc.pdf", "-inc.tex"};
    for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
        remove_output(fig_dir, stem, "", suffixes[i]);
}

void fig_remove_outputs(const char *stem, const char *fig_dir)
{
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
        remove_output(fig_dir, stem, ".", formats[i]);
    fig_remove_tex(stem, fig_dir);
}

/* scripts_dir/NAME.gp and data_dir/NAME-vars.gp, malloc'd; -1 after saying why on log. */
static int script_paths(const char *name, const char *scripts_dir, const char *data_dir,
                        const char *vars_suffix, char **script, char **vars, FILE *log)
{
    char file[160];
    snprintf(file, sizeof(file), "%s.gp", name);
    *script = plot_path_join(scripts_dir, file);
    snprintf(file, sizeof(file), "%s-vars%s.gp", name, vars_suffix);
    *vars = plot_path_join(data_dir, file);
    if (!*script || !*vars)
        return -1;
    if (access(*script, R_OK) != 0) {
        log_line(log, "%s: %s; set PINSWEEP_PLOTS to the folder of pinsweep's gnuplot scripts",
                 *script, strerror(errno));
        return -1;
    }
    return 0;
}

int fig_draw(const char *name, const char *prefix, const char *scripts_dir, const char *fig_dir,
             const char *data_dir, unsigned draw, FILE *log)
{
    char *script = NULL, *vars = NULL, *vars_tex = NULL, file[160], stem[128];
    int rc = PLOT_EGNUPLOT;
    stem_of(prefix, name, stem, sizeof(stem));
    snprintf(file, sizeof(file), "%s-vars-tex.gp", name);
    if (script_paths(name, scripts_dir, data_dir, "", &script, &vars, log) < 0 ||
        !(vars_tex = plot_path_join(data_dir, file)))
        goto out;
    remove_outputs(stem, fig_dir);
    if ((rc = run_gnuplot(script, scripts_dir, vars, NULL, NULL, log)) != 0 ||
        (rc = check_outputs(stem, fig_dir, log)) != 0)
        goto out;
    if (!(draw & FIG_DRAW_LATEX))
        fig_remove_tex(stem, fig_dir);
    else if ((rc = run_gnuplot(script, scripts_dir, vars_tex, "tex", NULL, log)) == 0)
        rc = finish_tex(stem, fig_dir, log);
out:
    free(script);
    free(vars);
    free(vars_tex);
    return rc;
}

int fig_draw_page(const char *name, const char *scripts_dir, const char *data_dir,
                  const char *book_file, const char *book_out, FILE *log)
{
    char *script = NULL, *vars = NULL;
    struct stat st;
    int rc = PLOT_EGNUPLOT;
    unlink(book_out);
    if (script_paths(name, scripts_dir, data_dir, "", &script, &vars, log) == 0 &&
        (rc = run_gnuplot(script, scripts_dir, vars, "pdf", book_file, log)) == 0 &&
        (stat(book_out, &st) != 0 || st.st_size == 0)) {
        log_line(log, "gnuplot did not write %s", book_out);
        rc = PLOT_EGNUPLOT;
    }
    free(script);
    free(vars);
    return rc;
}

int fig_render_into(fig_describe_fn describe, size_t n, const void *in, const char *fig_dir,
                    const char *data_dir, const char *prefix, const char *scripts_dir,
                    unsigned draw, const char *how_later, const char *made[], FILE *log)
{
    int rc = PLOT_EWRITE;
    if (plot_make_dir(fig_dir) < 0 || plot_make_dir(data_dir) < 0)
        log_line(log, "cannot create %s: %s", data_dir, strerror(errno));
    else
        rc = fig_write_all(describe, n, in, fig_dir, data_dir, prefix, draw, made, log);
    if (rc == 0)
        rc = plot_need_gnuplot(log, data_dir, "%s", how_later);
    for (size_t i = 0; i < n && rc == 0; i++)
        if (made[i])
            rc = fig_draw(made[i], prefix, scripts_dir, fig_dir, data_dir, draw, log);
    return rc;
}

int fig_render(fig_describe_fn describe, size_t n, const void *in, const char *dir,
               const char *scripts_dir, unsigned draw, const char *how_later, FILE *log)
{
    const char **made = calloc(n ? n : 1, sizeof(*made));
    char *fig_dir = NULL, *data_dir = NULL;
    int rc = PLOT_EWRITE;
    if (!made)
        log_line(log, "%s: out of memory", dir);
    else if (plot_make_fig_dirs(dir, &fig_dir, &data_dir, log) == 0)
        rc = fig_render_into(describe, n, in, fig_dir, data_dir, "", scripts_dir, draw, how_later,
                             made, log);
    free(made);
    free(fig_dir);
    free(data_dir);
    return rc;
}
