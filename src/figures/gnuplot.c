/*
 * gnuplot.c - describing a table of figures and drawing each with its
 * gnuplot script (see gnuplot.h).  gnuplot runs through program.h: an
 * argument vector, never a shell, so paths may hold spaces and quotes.
 */
#include "figures/gnuplot.h"
#include "results/outdir.h"
#include "figures/gnuplot_vars.h"
#include "figures/plot.h"
#include "figures/program.h"
#include "results/problems.h"
#include "base/fileio.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The variables files of g: plain and, with latex, LaTeX; -1 after saying on log which failed. */
static int write_all_vars(const struct fig *g, const char *data_dir, const char *fig_dir, int latex,
                          FILE *log)
{
    for (int tex = 0; tex <= latex; tex++)
        if (fig_write_vars(g, data_dir, fig_dir, tex) < 0) {
            log_line(log, "%s: cannot write %s-vars%s.gp: %s", data_dir, g->name, tex ? "-tex" : "",
                     strerror(errno));
            return -1;
        }
    return 0;
}

int fig_write_all(fig_describe_fn describe, size_t n, const void *in, const char *fig_dir,
                  const char *data_dir, int latex, const char *made[], FILE *log)
{
    struct fig *g = malloc(sizeof(*g));
    int rc = PLOT_EWRITE;
    if (!g) {
        log_line(log, "%s: out of memory", data_dir);
        return rc;
    }
    for (size_t i = 0; i < n; i++) {
        const char *needs = "";
        errno = 0;
        if (describe(g, i, in, data_dir, &needs) < 0) {
            log_line(log, "%s: cannot write the data of %s: %s", data_dir, g->name,
                     errno ? strerror(errno) : "too many panels or curves");
            goto out;
        }
        made[i] = g->npanels > 0 ? g->name : NULL;
        if (!made[i]) {
            if (needs) /* NULL: the folder has nothing of the figure's kind; no note */
                log_line(log, "note: no %s figure: it needs %s", g->name, needs);
            fig_remove_outputs(g->name, fig_dir);
        } else if (write_all_vars(g, data_dir, fig_dir, latex, log) < 0) {
            goto out;
        }
    }
    rc = 0;
out:
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
 * Run `gnuplot -e "plots_dir='...'; vars_file='...'[; formats='...']"
 * SCRIPT`.  Returns 0, or PLOT_ENO_GNUPLOT / PLOT_EGNUPLOT after saying why
 * on log, gnuplot's stderr included.  Warnings on a successful run are
 * passed through too.
 */
static int run_gnuplot(const char *script, const char *scripts_dir, const char *vars_file,
                       const char *formats, FILE *log)
{
    char *dir_arg = gp_assign("plots_dir", scripts_dir);
    char *vars_arg = gp_assign("vars_file", vars_file);
    char *fmt_arg = formats ? gp_assign("formats", formats) : NULL;
    char *expr = NULL;
    int rc = PLOT_EGNUPLOT;
    if (!dir_arg || !vars_arg || (formats && !fmt_arg) ||
        asprintf(&expr, "%s; %s%s%s", dir_arg, vars_arg, fmt_arg ? "; " : "",
                 fmt_arg ? fmt_arg : "") < 0) {
        expr = NULL;
        log_line(log, "cannot run gnuplot: out of memory");
        goto out;
    }
    char *argv[] = {"gnuplot", "-e", expr, (char *)script, NULL};
    rc = plot_run_program(argv, script, log);
out:
    free(dir_arg);
    free(vars_arg);
    free(fmt_arg);
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

/* Did gnuplot leave name.{png,pdf,svg} in fig_dir, none empty? */
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

void fig_remove_tex(const char *name, const char *fig_dir)
{
    static const char *const suffixes[] = {".tex", "-inc.pdf", "-inc.tex"};
    for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
        remove_output(fig_dir, name, "", suffixes[i]);
}

void fig_remove_outputs(const char *name, const char *fig_dir)
{
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
        remove_output(fig_dir, name, ".", formats[i]);
    fig_remove_tex(name, fig_dir);
}

int fig_draw(const char *name, const char *scripts_dir, const char *fig_dir, const char *data_dir,
             int latex, FILE *log)
{
    char file[160];
    int rc = PLOT_EGNUPLOT;
    snprintf(file, sizeof(file), "%s.gp", name);
    char *script = plot_path_join(scripts_dir, file);
    snprintf(file, sizeof(file), "%s-vars.gp", name);
    char *vars = plot_path_join(data_dir, file);
    snprintf(file, sizeof(file), "%s-vars-tex.gp", name);
    char *vars_tex = plot_path_join(data_dir, file);
    if (!script || !vars || !vars_tex)
        goto out;
    if (access(script, R_OK) != 0) {
        log_line(log, "%s: %s; set PINSWEEP_PLOTS to the folder of pinsweep's gnuplot scripts",
                 script, strerror(errno));
        goto out;
    }
    remove_outputs(name, fig_dir);
    if ((rc = run_gnuplot(script, scripts_dir, vars, NULL, log)) != 0 ||
        (rc = check_outputs(name, fig_dir, log)) != 0)
        goto out;
    if (!latex)
        fig_remove_tex(name, fig_dir);
    else if ((rc = run_gnuplot(script, scripts_dir, vars_tex, "tex", log)) == 0)
        rc = finish_tex(name, fig_dir, log);
out:
    free(script);
    free(vars);
    free(vars_tex);
    return rc;
}

int fig_render(fig_describe_fn describe, size_t n, const void *in, const char *dir,
               const char *scripts_dir, int latex, const char *how_later, FILE *log)
{
    const char **made = calloc(n ? n : 1, sizeof(*made));
    char *fig_dir = NULL, *data_dir = NULL;
    int rc = PLOT_EWRITE;
    if (!made)
        log_line(log, "%s: out of memory", dir);
    else if (plot_make_fig_dirs(dir, &fig_dir, &data_dir, log) == 0)
        rc = fig_write_all(describe, n, in, fig_dir, data_dir, latex, made, log);
    if (rc == 0)
        rc = plot_need_gnuplot(log, data_dir, "%s", how_later);
    for (size_t i = 0; i < n && rc == 0; i++)
        if (made[i])
            rc = fig_draw(made[i], scripts_dir, fig_dir, data_dir, latex, log);
    free(made);
    free(fig_dir);
    free(data_dir);
    return rc;
}
