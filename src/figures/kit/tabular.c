/*
 * tabular.c - a table written as Markdown or LaTeX booktabs (see tabular.h).
 */
#include "figures/kit/tabular.h"
#include "figures/kit/tex.h"

#include <math.h>
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
    while (t->nkey + 1 < t->ncols && t->align[t->nkey] == 'l')
        t->nkey++;
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

/* \tabcolsep in the LaTeX tables: narrower than LaTeX's 6 pt, as booktabs tables often are. */
#define TEX_SEP_PT 4.0
/* The last step when no split fits: a measurement's columns closer together. */
#define TEX_SEP_NARROW_PT 2.0

/*
 * How a LaTeX table is laid out to fit TABULAR_TEX_WIDTH_PT: each column's
 * width, which columns are shown (one whose cells are all the same is said
 * once under the table instead), headings broken over lines or not, and the
 * parts: the key columns shown, then part k's run of the other columns shown
 * (other[], from part_end[k - 1], or 0, to part_end[k]).
 */
struct tex_layout {
    double cell_w[TABULAR_MAX_COLS]; /* the widest cell, pt */
    double col_w[TABULAR_MAX_COLS];  /* with its heading, on one line or broken */
    int shown[TABULAR_MAX_COLS];
    int broken;
    size_t other[TABULAR_MAX_COLS], nother;
    size_t part_end[TABULAR_MAX_COLS], nparts;
    double sep; /* \tabcolsep, pt */
};

/* Line *nlines of a broken heading: counted, its width into *widest; with out, written as LaTeX. */
static void heading_line(const char *line, double *widest, FILE *out, int *nlines)
{
    double w = plot_tex_width_pt(line);
    *widest = w > *widest ? w : *widest;
    if (out) {
        fputs(*nlines ? "\\\\" : "", out);
        tex_put(out, line);
    }
    (*nlines)++;
}

/*
 * The widest line of heading h broken greedily at spaces into lines no
 * wider than limit (a word wider than it is a line of its own; "a / b"
 * stays one word), in pt; how many lines into *nlines; with out, the lines
 * are written to it as LaTeX, "\\" between them.
 */
static double heading_lines(const char *h, double limit, FILE *out, int *nlines)
{
    char line[2 * sizeof(((struct tabular *)0)->head[0])] = "", joined[sizeof(line)];
    double widest = 0;
    *nlines = 0;
    for (const char *p = h;;) {
        size_t len = strcspn(p, " ");
        while (strncmp(p + len, " / ", 3) == 0)
            len += 3 + strcspn(p + len + 3, " ");
        snprintf(joined, sizeof(joined), "%s%s%.*s", line, line[0] ? " " : "", (int)len, p);
        if (line[0] && plot_tex_width_pt(joined) > limit) { /* the word starts the next line */
            heading_line(line, &widest, out, nlines);
            snprintf(joined, sizeof(joined), "%.*s", (int)len, p);
        }
        memcpy(line, joined, sizeof(line));
        p += len;
        if (!*p)
            break;
        p++; /* the space */
    }
    heading_line(line, &widest, out, nlines);
    return widest;
}

/* The width in pt of the key columns shown and other[from, to): their cells and seps. */
static double part_width(const struct tabular *t, const struct tex_layout *l, size_t from,
                         size_t to)
{
    double w = 0;
    for (size_t c = 0; c < t->nkey; c++)
        w += l->shown[c] ? l->col_w[c] + 2 * l->sep : 0;
    for (size_t i = from; i < to; i++)
        w += l->col_w[l->other[i]] + 2 * l->sep;
    return w;
}

/*
 * The widest part of the best split of other[from, nother) into k parts (the
 * one whose widest part is narrowest), each part's end into end[].
 */
static double best_split(const struct tabular *t, const struct tex_layout *l, size_t from,
                         size_t k, size_t end[])
{
    if (k == 1) {
        end[0] = l->nother;
        return part_width(t, l, from, l->nother);
    }
    double best = INFINITY;
    size_t rest[TABULAR_MAX_COLS];
    for (size_t to = from + 1; to + k - 1 <= l->nother; to++) {
        unsigned char g = t->group[l->other[to - 1]];
        if (g && t->group[l->other[to]] == g) /* not within a group */
            continue;
        double here = part_width(t, l, from, to), there = best_split(t, l, to, k - 1, rest);
        double w = here > there ? here : there;
        if (w < best) {
            best = w;
            end[0] = to;
            memcpy(end + 1, rest, (k - 1) * sizeof(end[0]));
        }
    }
    return best;
}

/*
 * Is every cell of column c the same, so that a line under the table can
 * say it once?  Only in a table of two rows or more, and for a column whose
 * heading is there and no other column's ("n" of two measurements).
 */
static int column_constant(const struct tabular *t, size_t c)
{
    if (t->nrows < 2 || !t->head[c][0])
        return 0;
    for (size_t d = 0; d < t->ncols; d++)
        if (d != c && strcmp(t->head[d], t->head[c]) == 0)
            return 0;
    for (size_t r = 1; r < t->nrows; r++)
        if (strcmp(t->cells[r * t->ncols + c], t->cells[c]) != 0)
            return 0;
    return 1;
}

/* The columns shown that are not key columns, into other[]; the layout as one part. */
static void list_others(const struct tabular *t, struct tex_layout *l)
{
    l->nother = 0;
    for (size_t c = t->nkey; c < t->ncols; c++)
        if (l->shown[c])
            l->other[l->nother++] = c;
    l->nparts = 1;
    l->part_end[0] = l->nother;
}

/* The fewest parts that fit, or the split whose widest part is narrowest; returns its width. */
static double split(const struct tabular *t, struct tex_layout *l)
{
    double narrowest = INFINITY; /* of the splits tried (a split within a group is none) */
    for (size_t k = 1; k <= l->nother && narrowest > TABULAR_TEX_WIDTH_PT; k++) {
        size_t end[TABULAR_MAX_COLS];
        double w = best_split(t, l, 0, k, end);
        if (w < narrowest) {
            narrowest = w;
            l->nparts = k;
            memcpy(l->part_end, end, k * sizeof(end[0]));
        }
    }
    return narrowest;
}

/*
 * Lay t out to fit TABULAR_TEX_WIDTH_PT, each step only when the one before
 * is not enough: every column with its heading on one line; the columns
 * whose cells are all the same left to a line under the table (unless that
 * leaves no column but the key's); headings broken to their cells' width;
 * the fewest parts that fit (when none do, the split whose widest part is
 * the narrowest, and then again with the columns closer together:
 * TEX_SEP_NARROW_PT).
 */
static void tex_lay_out(const struct tabular *t, struct tex_layout *l)
{
    memset(l, 0, sizeof(*l));
    l->sep = TEX_SEP_PT;
    for (size_t c = 0; c < t->ncols; c++) {
        for (size_t r = 0; r < t->nrows; r++) {
            double w = plot_tex_width_pt(t->cells[r * t->ncols + c]);
            l->cell_w[c] = w > l->cell_w[c] ? w : l->cell_w[c];
        }
        double h = plot_tex_width_pt(t->head[c]);
        l->col_w[c] = h > l->cell_w[c] ? h : l->cell_w[c];
        l->shown[c] = 1;
    }
    list_others(t, l);
    if (part_width(t, l, 0, l->nother) <= TABULAR_TEX_WIDTH_PT)
        return;
    size_t varying = 0;
    for (size_t c = t->nkey; c < t->ncols; c++)
        varying += !column_constant(t, c);
    for (size_t c = 0; c < t->ncols && varying > 0; c++)
        l->shown[c] = !column_constant(t, c);
    list_others(t, l);
    if (part_width(t, l, 0, l->nother) <= TABULAR_TEX_WIDTH_PT)
        return;
    l->broken = 1;
    for (size_t c = 0; c < t->ncols; c++) {
        int lines;
        double h = heading_lines(t->head[c], l->cell_w[c], NULL, &lines);
        l->col_w[c] = h > l->cell_w[c] ? h : l->cell_w[c];
    }
    if (split(t, l) > TABULAR_TEX_WIDTH_PT) {
        l->sep = TEX_SEP_NARROW_PT;
        split(t, l);
    }
}

/* Heading c as LaTeX: as it is, or broken over lines in a tabular of its own, bottom-aligned. */
static void tex_heading(FILE *f, const struct tabular *t, const struct tex_layout *l, size_t c)
{
    int lines = 1;
    if (l->broken)
        heading_lines(t->head[c], l->cell_w[c], NULL, &lines);
    if (lines < 2) {
        tex_put(f, t->head[c]);
        return;
    }
    fprintf(f, "\\begin{tabular}[b]{@{}%c@{}}", t->align[c] == 'r' ? 'r' : 'l');
    heading_lines(t->head[c], l->cell_w[c], f, &lines);
    fputs("\\end{tabular}", f);
}

/* Part k of the layout: a booktabs tabular of the key columns shown and the part's others. */
static void tex_part(FILE *f, const struct tabular *t, const struct tex_layout *l, size_t k)
{
    size_t cols[TABULAR_MAX_COLS], n = 0;
    for (size_t c = 0; c < t->nkey; c++)
        if (l->shown[c])
            cols[n++] = c;
    for (size_t i = k ? l->part_end[k - 1] : 0; i < l->part_end[k]; i++)
        cols[n++] = l->other[i];
    fputs("\\begin{tabular}{", f);
    for (size_t i = 0; i < n; i++)
        fputc(t->align[cols[i]], f);
    fputs("}\n\\toprule\n", f);
    for (size_t i = 0; i < n; i++) {
        tex_heading(f, t, l, cols[i]);
        fputs(i + 1 < n ? " & " : " \\\\\n\\midrule\n", f);
    }
    for (size_t r = 0; r < t->nrows; r++)
        for (size_t i = 0; i < n; i++) {
            tex_put(f, t->cells[r * t->ncols + cols[i]]);
            fputs(i + 1 < n ? " & " : " \\\\\n", f);
        }
    fputs("\\bottomrule\n\\end{tabular}\n", f);
}

/* The columns not shown, under the table: "The same in every row: api sync and size 256 MiB." */
static void tex_constants(FILE *f, const struct tabular *t, const struct tex_layout *l)
{
    size_t hidden = 0, said = 0;
    for (size_t c = 0; c < t->ncols; c++)
        hidden += !l->shown[c];
    if (!hidden)
        return;
    fputs("\n\\smallskip\nThe same in every row: ", f);
    for (size_t c = 0; c < t->ncols; c++) {
        if (l->shown[c])
            continue;
        said++;
        tex_put(f, t->head[c]);
        fputc(' ', f);
        tex_put(f, t->cells[c]);
        fputs(said == hidden ? ".\n" : said + 1 == hidden ? " and " : ", ", f);
    }
}

void tabular_tex(FILE *f, const struct tabular *t, const char *label)
{
    struct tex_layout l;
    tex_lay_out(t, &l);
    fprintf(f,
            "%% tab:%s - written by pinsweep; needs \\usepackage{booktabs}\n"
            "\\begin{table}\n\\centering\\footnotesize\n\\setlength{\\tabcolsep}{%gpt}\n"
            "\\caption{",
            label ? label : t->name, l.sep);
    tex_put(f, t->caption);
    fprintf(f, ".}\n\\label{tab:%s}\n", label ? label : t->name);
    for (size_t k = 0; k < l.nparts; k++) {
        if (k)
            fputs("\n\\medskip\n", f);
        tex_part(f, t, &l, k);
    }
    tex_constants(f, t, &l);
    fputs("\\end{table}\n", f);
}
