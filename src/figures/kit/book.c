/*
 * book.c - many PDF figures bound into one PDF (see plot.h), with
 * pdfunite (poppler-utils) or else ghostscript, run like gnuplot: through
 * posix_spawnp with an argument vector, never a shell; and a book of
 * captioned pages of one size (book.h), each page drawn by gnuplot.
 */
#include "figures/kit/book.h"
#include "figures/kit/gnuplot.h"
#include "figures/kit/gnuplot_vars.h"
#include "figures/kit/program.h"
#include "results/outdir.h"
#include "results/problems.h"
#include "base/fileio.h"

#include <math.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Is every one of the n files a readable, non-empty regular file?  Says which is not. */
static int inputs_ok(const char *const *pdfs, size_t n, FILE *log)
{
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(pdfs[i], &st) != 0 || access(pdfs[i], R_OK) != 0) {
            log_line(log, "%s: %s; no PDF book made", pdfs[i], strerror(errno));
            return 0;
        }
        if (!S_ISREG(st.st_mode) || st.st_size == 0) {
            log_line(log, "%s: not a PDF file (%s); no PDF book made", pdfs[i],
                     S_ISREG(st.st_mode) ? "empty" : "not a regular file");
            return 0;
        }
    }
    return 1;
}

/*
 * The command binding pdfs into out_pdf: pdfunite IN... OUT, or gs with the
 * pdfwrite device; malloc'd (the strings are borrowed), NULL-terminated.
 */
static char **book_argv(const char *prog, const char **pdfs, size_t n, const char *out_pdf,
                        char **gs_out)
{
    int gs = strcmp(prog, "gs") == 0;
    char **argv = calloc(n + 8, sizeof(*argv));
    size_t k = 0;
    if (!argv)
        return NULL;
    argv[k++] = (char *)prog;
    if (gs) {
        if (asprintf(gs_out, "-sOutputFile=%s", out_pdf) < 0) {
            free(argv);
            return NULL;
        }
        argv[k++] = "-q";
        argv[k++] = "-dNOPAUSE";
        argv[k++] = "-dBATCH";
        argv[k++] = "-dSAFER";
        argv[k++] = "-sDEVICE=pdfwrite";
        argv[k++] = *gs_out;
    }
    for (size_t i = 0; i < n; i++)
        argv[k++] = (char *)pdfs[i];
    if (!gs)
        argv[k++] = (char *)out_pdf;
    return argv;
}

/* "./" + p when p starts with '-' (read as an option otherwise); else p.  *tmp is freed later. */
static const char *no_dash(const char *p, char **tmp)
{
    *tmp = NULL;
    if (p[0] != '-')
        return p;
    return asprintf(tmp, "./%s", p) < 0 ? p : *tmp;
}

int plot_pdf_book(const char *const *pdfs, size_t n, const char *out_pdf, FILE *log)
{
    const char *prog = plot_program_available("pdfunite") ? "pdfunite"
                       : plot_program_available("gs")     ? "gs"
                                                          : NULL;
    char **names = NULL, *out_tmp = NULL, *gs_out = NULL, **argv = NULL;
    int rc = PLOT_EBAD_SUMMARY;
    if (n == 0) {
        log_line(log, "%s: no PDF files given; no PDF book made", out_pdf);
        return rc;
    }
    if (!inputs_ok(pdfs, n, log))
        return rc;
    if (!prog) {
        log_line(log,
                 "cannot make %s: neither pdfunite nor gs is installed (not found on PATH); "
                 "apt-get install poppler-utils (or ghostscript)",
                 out_pdf);
        return PLOT_ENO_GNUPLOT;
    }
    rc = PLOT_EGNUPLOT;
    names = calloc(n, sizeof(*names));
    const char **in = calloc(n, sizeof(*in));
    if (names && in) {
        for (size_t i = 0; i < n; i++)
            in[i] = no_dash(pdfs[i], &names[i]);
        argv = book_argv(prog, in, n, no_dash(out_pdf, &out_tmp), &gs_out);
    }
    if (!argv)
        log_line(log, "cannot make %s: out of memory", out_pdf);
    else if ((rc = plot_run_program(argv, out_pdf, log)) == 0) {
        struct stat st;
        if (stat(out_pdf, &st) != 0 || st.st_size == 0) {
            log_line(log, "%s did not write %s", prog, out_pdf);
            rc = PLOT_EGNUPLOT;
        }
    }
    if (rc != 0)
        unlink(out_pdf);
    for (size_t i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
    free(in);
    free(argv);
    free(out_tmp);
    free(gs_out);
    return rc;
}

/* ---- a book of captioned pages ---- */

#define BOOK_MIN_W 11.69 /* A4 landscape, inches */
#define BOOK_MIN_H 8.27
#define BOOK_MARGIN 0.5 /* left and right of the widest figure */
#define BOOK_TOP 0.45   /* above the figure, at least */
#define BOOK_BOTTOM 0.45
#define BOOK_GAP 0.22    /* between the figure and its caption */
#define BOOK_LINE 0.15   /* a caption line at 9 pt */
#define BOOK_CHAR 0.048  /* an average character at 9 pt (measured 0.042), generously */
#define BOOK_CAP_MIN 5.5 /* a caption is at least this wide, however narrow its figure */
#define BOOK_CAP_MAX 8.0 /* and at most this: longer lines are hard to read */
#define BOOK_MAX_LINES 40

int book_pdf_size(const char *path, double *w_in, double *h_in)
{
    size_t len = 0;
    char *data = fileio_read_all(path, &len);
    const char *box = data ? memmem(data, len, "/MediaBox", 9) : NULL;
    double x0, y0, x1, y1;
    int rc = -1;
    if (box && (size_t)(box - data) + 96 < len &&
        sscanf(box + 9, " [ %lf %lf %lf %lf", &x0, &y0, &x1, &y1) == 4 && x1 > x0 && y1 > y0) {
        *w_in = (x1 - x0) / 72;
        *h_in = (y1 - y0) / 72;
        rc = 0;
    }
    free(data);
    return rc;
}

size_t book_wrap(const char *text, size_t width, char lines[][BOOK_LINE_MAX], size_t max_lines)
{
    size_t n = 0, len = 0, chars = 0;
    const char *p = text;
    lines[0][0] = '\0';
    while (*p && n < max_lines) {
        while (*p == ' ')
            p++;
        size_t wlen = strcspn(p, " "), wchars = 0;
        for (size_t i = 0; i < wlen; i++)
            wchars += ((unsigned char)p[i] & 0xC0) != 0x80;
        if (wlen == 0)
            break;
        if (chars && (chars + 1 + wchars > width || len + 1 + wlen >= BOOK_LINE_MAX)) {
            if (++n == max_lines)
                break;
            len = chars = 0;
            lines[n][0] = '\0';
        }
        if (len + (len ? 1 : 0) + wlen < BOOK_LINE_MAX) {
            len += (size_t)snprintf(lines[n] + len, BOOK_LINE_MAX - len, "%s%.*s", len ? " " : "",
                                    (int)wlen, p);
            chars += (chars ? 1 : 0) + wchars;
        }
        p += wlen;
    }
    return n < max_lines && lines[n][0] ? n + 1 : n;
}

/* A page's caption width: its figure's, within BOOK_CAP_MIN..BOOK_CAP_MAX and the margins. */
static double caption_w(double fig_w, double book_w)
{
    double w = fmin(fmax(fig_w, BOOK_CAP_MIN), BOOK_CAP_MAX);
    return w < book_w - 2 * BOOK_MARGIN ? w : book_w - 2 * BOOK_MARGIN;
}

/* The variables file of one page (plots/style.gp, "A page of a book"); -1 when not written. */
static int write_page_vars(const char *path, const char *out, double book_w, double book_h,
                           double top, double cap_w, char lines[][BOOK_LINE_MAX], size_t nlines)
{
    FILE *f = outfile_fopen_fresh(path);
    if (!f)
        return -1;
    fprintf(f,
            "# a page of pinsweep report's figures.pdf (plots/style.gp: A page of a book)\n"
            "book_w = %.4f\nbook_h = %.4f\nbook_top = %.4f\nbook_gap = %.4f\n"
            "book_line = %.4f\nbook_cap_x = %.4f\nbook_out = ",
            book_w, book_h, top, BOOK_GAP, BOOK_LINE, (book_w - cap_w) / 2);
    gnuplot_string(f, out);
    fprintf(f, "\nbook_lines = %zu\narray book_caption[%zu]\n", nlines, nlines ? nlines : 1);
    for (size_t k = 0; k < nlines; k++) {
        fprintf(f, "book_caption[%zu] = ", k + 1);
        gnuplot_string(f, lines[k]);
        fputc('\n', f);
    }
    int bad = ferror(f);
    return fclose(f) != 0 || bad ? -1 : 0;
}

/* The page size of the book: A4 landscape, or more where a figure and its caption need it. */
static int book_size(const struct book_page *pages, size_t n, double *w, double *h,
                     double (*size)[2], FILE *log)
{
    static char lines[BOOK_MAX_LINES][BOOK_LINE_MAX];
    *w = BOOK_MIN_W;
    *h = BOOK_MIN_H;
    for (size_t i = 0; i < n; i++) {
        if (book_pdf_size(pages[i].pdf, &size[i][0], &size[i][1]) < 0) {
            log_line(log, "%s: no page size found; no PDF book made", pages[i].pdf);
            return -1;
        }
        *w = fmax(*w, size[i][0] + 2 * BOOK_MARGIN);
    }
    for (size_t i = 0; i < n; i++) {
        size_t k = book_wrap(pages[i].caption, (size_t)(caption_w(size[i][0], *w) / BOOK_CHAR),
                             lines, BOOK_MAX_LINES);
        *h = fmax(*h, BOOK_TOP + size[i][1] + BOOK_GAP + k * BOOK_LINE + BOOK_BOTTOM);
    }
    return 0;
}

/* Draw page i into its data folder as NAME-page.pdf (*out, malloc'd). */
static int draw_page(const struct book_page *pg, const double size[2], double book_w, double book_h,
                     const char *scripts_dir, char **out, FILE *log)
{
    static char lines[BOOK_MAX_LINES][BOOK_LINE_MAX];
    char file[160], *vars;
    double cap_w = caption_w(size[0], book_w);
    size_t k = book_wrap(pg->caption, (size_t)(cap_w / BOOK_CHAR), lines, BOOK_MAX_LINES);
    int rc = PLOT_EWRITE;
    snprintf(file, sizeof(file), "%s-page.pdf", pg->name);
    *out = plot_path_join(pg->data_dir, file);
    snprintf(file, sizeof(file), "%s-book.gp", pg->name);
    vars = plot_path_join(pg->data_dir, file);
    if (*out && vars) {
        unlink(vars);
        /* the figure and its caption in the middle of the page */
        double top = (book_h - (size[1] + BOOK_GAP + k * BOOK_LINE)) / 2;
        if (write_page_vars(vars, *out, book_w, book_h, top > BOOK_TOP ? top : BOOK_TOP, cap_w,
                            lines, k) < 0)
            log_line(log, "cannot write %s: %s", vars, strerror(errno));
        else
            rc = fig_draw_page(pg->name, scripts_dir, pg->data_dir, vars, *out, log);
    }
    if (vars)
        unlink(vars);
    free(vars);
    return rc;
}

int plot_book(const struct book_page *pages, size_t n, const char *scripts_dir, const char *out_pdf,
              FILE *log)
{
    double w, h, (*size)[2] = calloc(n ? n : 1, sizeof(*size));
    char **outs = calloc(n ? n : 1, sizeof(*outs));
    int rc = PLOT_EBAD_SUMMARY;
    if (!size || !outs)
        rc = PLOT_EWRITE;
    else if (n == 0)
        log_line(log, "%s: no figures; no PDF book made", out_pdf);
    else if (book_size(pages, n, &w, &h, size, log) == 0) {
        rc = plot_need_gnuplot(log, pages[0].data_dir, "pinsweep report again");
        for (size_t i = 0; i < n && rc == 0; i++)
            rc = draw_page(&pages[i], size[i], w, h, scripts_dir, &outs[i], log);
        if (rc == 0)
            rc = plot_pdf_book((const char *const *)outs, n, out_pdf, log);
    }
    for (size_t i = 0; outs && i < n; i++) {
        if (outs[i])
            unlink(outs[i]);
        free(outs[i]);
    }
    free(outs);
    free(size);
    return rc;
}
