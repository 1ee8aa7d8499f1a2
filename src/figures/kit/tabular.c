/*
 * tabular.c - a table written as Markdown or LaTeX booktabs (see tabular.h).
 */
#include "figures/kit/tabular.h"
#include "figures/kit/tex.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void tabular_init(struct tabular *t, const char *name, const char *align, const char *const head[],
                  const char *caption_fmt, ...)
{
    va_list ap;
    memset(t, 0, sizeof(*t));
    snprintf(t->name, sizeof(t->name), "%s", name);
    t->ncols = strlen(align) < TABULAR_MAX_COLS ? strlen(align) : TABULAR_MAX_COLS;
    memcpy(t->align, align, t->ncols);
    for (size_t c = 0; c < t->ncols; c++)
        snprintf(t->head[c], sizeof(t->head[c]), "%s", head[c]);
    va_start(ap, caption_fmt);
    vsnprintf(t->caption, sizeof(t->caption), caption_fmt, ap);
    va_end(ap);
}

int tabular_row(struct tabular *t, const char *const cells[])
{
    if ((t->nrows + 1) * t->ncols > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 16 * t->ncols;
        char **grown = realloc(t->cells, cap * sizeof(*grown));
        if (!grown)
            return -1;
        t->cells = grown;
        t->cap = cap;
    }
    for (size_t c = 0; c < t->ncols; c++) {
        char *copy = strdup(cells[c] ? cells[c] : "");
        if (!copy) {
            while (c--)
                free(t->cells[t->nrows * t->ncols + c]);
            return -1;
        }
        t->cells[t->nrows * t->ncols + c] = copy;
    }
    t->nrows++;
    return 0;
}

void tabular_free(struct tabular *t)
{
    for (size_t i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
    t->cells = NULL;
    t->nrows = t->cap = 0;
}

/* A Markdown cell: '|' escaped, so a cell cannot split the row. */
static void md_cell(FILE *f, const char *s)
{
    fputc(' ', f);
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputs(" |", f);
}

void tabular_md(FILE *f, const struct tabular *t, size_t number)
{
    if (number)
        fprintf(f, "*Table %zu. %s.*\n\n|", number, t->caption);
    else
        fprintf(f, "Table: %s.\n\n|", t->caption);
    for (size_t c = 0; c < t->ncols; c++)
        md_cell(f, t->head[c]);
    fputs("\n|", f);
    for (size_t c = 0; c < t->ncols; c++)
        fputs(t->align[c] == 'r' ? "---:|" : "---|", f);
    fputc('\n', f);
    for (size_t r = 0; r < t->nrows; r++) {
        fputc('|', f);
        for (size_t c = 0; c < t->ncols; c++)
            md_cell(f, t->cells[r * t->ncols + c]);
        fputc('\n', f);
    }
}

/* s as LaTeX text (or as it is, should memory run out). */
static void tex_put(FILE *f, const char *s)
{
    char *tex = plot_tex_text(s);
    fputs(tex ? tex : s, f);
    free(tex);
}

void tabular_tex(FILE *f, const struct tabular *t, const char *label)
{
    fprintf(f,
            "%% %s.tex - written by pinsweep; needs \\usepackage{booktabs}\n"
            "\\begin{table}\n\\centering\\footnotesize\n\\caption{",
            label ? label : t->name);
    tex_put(f, t->caption);
    fprintf(f, ".}\n\\label{tab:%s}\n\\begin{tabular}{%s}\n\\toprule\n", label ? label : t->name,
            t->align);
    for (size_t c = 0; c < t->ncols; c++) {
        tex_put(f, t->head[c]);
        fputs(c + 1 < t->ncols ? " & " : " \\\\\n\\midrule\n", f);
    }
    for (size_t r = 0; r < t->nrows; r++)
        for (size_t c = 0; c < t->ncols; c++) {
            tex_put(f, t->cells[r * t->ncols + c]);
            fputs(c + 1 < t->ncols ? " & " : " \\\\\n", f);
        }
    fputs("\\bottomrule\n\\end{tabular}\n\\end{table}\n", f);
}
