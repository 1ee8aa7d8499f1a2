/*
 * book.h - figures.pdf as a reviewer reads it: every page the same size
 * (A4 landscape, or larger when a figure needs it), each figure at the size
 * it was designed for (fonts as in its own PDF), centred, with its number
 * and caption under it.  gnuplot draws each page from the figure's
 * variables file (plots/style.gp, "A page of a book"); pdfunite or gs binds
 * them (plot_pdf_book, plot.h).
 */
#ifndef PINSWEEP_BOOK_H
#define PINSWEEP_BOOK_H

#include <stddef.h>
#include <stdio.h>

/* One page: figure name, drawn from its variables in data_dir; its PDF as drawn; its caption. */
struct book_page {
    const char *name, *data_dir, *pdf, *caption;
};

/*
 * Bind pages[0..n) into out_pdf, one page each, all of one size.  The page
 * PDFs are drawn into each page's data_dir and removed once bound.
 * Returns PLOT_OK or a PLOT_E* code (plot.h) after saying why on log.
 */
int plot_book(const struct book_page *pages, size_t n, const char *scripts_dir, const char *out_pdf,
              FILE *log);

/* The size of the first page of the PDF at path (its MediaBox), inches; -1 when not found. */
int book_pdf_size(const char *path, double *w_in, double *h_in);

/* The longest caption line, bytes. */
#define BOOK_LINE_MAX 512

/*
 * text broken at spaces into lines of at most width characters (UTF-8
 * aware; a longer word stands alone), at most max_lines of them (the rest
 * is dropped); how many.
 */
size_t book_wrap(const char *text, size_t width, char lines[][BOOK_LINE_MAX], size_t max_lines);

/*
 * Bind the n PDF files pdfs (in that order) into one PDF, out_pdf, with
 * pdfunite (poppler-utils) when it is on PATH, else ghostscript (gs).
 * Returns PLOT_OK; PLOT_EBAD_SUMMARY when n is 0 or an input is not a
 * readable file; PLOT_ENO_GNUPLOT when neither program is installed (the
 * message says what to install); PLOT_EGNUPLOT when it failed (its stderr
 * on log).  A failed run leaves no out_pdf behind.
 */
int plot_pdf_book(const char *const *pdfs, size_t n, const char *out_pdf, FILE *log);

#endif
