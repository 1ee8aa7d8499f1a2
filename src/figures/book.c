/*
 * book.c - many PDF figures bound into one PDF (see plot.h), with
 * pdfunite (poppler-utils) or else ghostscript, run like gnuplot: through
 * posix_spawnp with an argument vector, never a shell.
 */
#include "figures/plot.h"
#include "figures/program.h"
#include "results/problems.h"

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
