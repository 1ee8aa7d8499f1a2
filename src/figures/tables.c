/*
 * tables.c - tables instead of degenerate figures (see tables.h): the
 * copies of a sweep of fewer than PLOT_MIN_SIZES sizes as Markdown and as
 * LaTeX with booktabs (\toprule, \midrule, \bottomrule).
 */
#include "figures/tables.h"
#include "figures/figure.h"
#include "figures/place_table.h"
#include "results/outdir.h"
#include "results/problems.h"
#include "base/units.h"
#include "experiment/schema.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t plot_copy_sizes(const struct plot_input *in)
{
    size_t n = 0;
    for (size_t i = 0; i < in->nrows; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = in->rows[j].size_bytes == in->rows[i].size_bytes;
        n += !seen;
    }
    return n;
}

/* The host buffer's state, in words: warm and prefaulted unless said. */
static const char *host_state(const struct plot_row *r)
{
    if (plot_host_steady(r))
        return "warm";
    return r->cache == CACHE_FLUSHED
               ? (r->touch == TOUCH_FIRST ? "flushed, first touch" : "flushed")
               : "first touch";
}

/* One table row's cells, formatted (kind ... time per copy). */
struct table_cells {
    char size[48], bytes[32], med[32], range[48], n[16], us[32];
};

static void table_cells(const struct plot_row *r, struct table_cells *c)
{
    char words[32];
    units_format_approx((uint64_t)r->size_bytes, words, sizeof(words));
    units_format_size((uint64_t)r->size_bytes, c->size, sizeof(c->size));
    /* A decimal size (256MB) is named as such, with its binary approximation. */
    if (!strstr(c->size, "iB") && strcmp(words, c->size) != 0) {
        size_t len = strlen(c->size);
        snprintf(c->size + len, sizeof(c->size) - len, " (%s)", words);
    }
    snprintf(c->bytes, sizeof(c->bytes), "%.0f", r->size_bytes);
    snprintf(c->med, sizeof(c->med), "%.4g", r->gbps_median);
    snprintf(c->range, sizeof(c->range), "%.4g–%.4g", r->gbps_min, r->gbps_max);
    snprintf(c->n, sizeof(c->n), "%.0f", r->samples);
    if (r->us_per_copy > 0) /* four significant digits, whole microseconds from 1 ms */
        snprintf(c->us, sizeof(c->us), r->us_per_copy >= 1000 ? "%.0f" : "%.4g", r->us_per_copy);
    else
        snprintf(c->us, sizeof(c->us), "–");
}

static const char *table_title = "copies at %zu size%s: median of the samples, their min–max "
                                 "and count (n); default placement (numa any, pages default)";

static void write_md_copies(FILE *f, const struct plot_input *in, size_t nsizes)
{
    fprintf(f, "\nTable: %s, ", in->experiment);
    fprintf(f, table_title, nsizes, nsizes == 1 ? "" : "s");
    fputs(".\n\n| kind | direction | api | buffer | host buffer | size | bytes | GB/s | "
          "min–max GB/s | n | µs per copy |\n|---|---|---|---|---|---|---:|---:|---:|---:|---:|\n",
          f);
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        struct table_cells c;
        table_cells(r, &c);
        fprintf(f, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
                schema_value_name(AXIS_ALLOC, r->alloc), schema_value_name(AXIS_DIRECTION, r->dir),
                schema_value_name(AXIS_API, r->api), schema_value_name(AXIS_BUFFER, r->buffer),
                host_state(r), c.size, c.bytes, c.med, c.range, c.n, c.us);
    }
}

/* LaTeX text: the few characters of these cells that LaTeX treats specially. */
static void tex_put(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '_' || *s == '%' || *s == '&' || *s == '#')
            fprintf(f, "\\%c", *s);
        else if (strncmp(s, "–", strlen("–")) == 0) {
            fputs("--", f);
            s += strlen("–") - 1;
        } else
            fputc(*s, f);
    }
}

static void write_tex_copies(FILE *f, const struct plot_input *in, size_t nsizes)
{
    fputs("\\begin{table}\n\\centering\\footnotesize\n\\caption{", f);
    tex_put(f, in->experiment);
    fputs(", ", f);
    char title[256];
    snprintf(title, sizeof(title), table_title, nsizes, nsizes == 1 ? "" : "s");
    tex_put(f, title);
    fputs(".}\n\\begin{tabular}{lllllrrrrr}\n\\toprule\nkind & direction & api & buffer & "
          "host buffer & size & GB/s & min--max GB/s & $n$ & \\textmu s per copy \\\\\n"
          "\\midrule\n",
          f);
    for (size_t i = 0; i < in->nrows; i++) {
        const struct plot_row *r = &in->rows[i];
        const char *cells[10];
        struct table_cells c;
        table_cells(r, &c);
        cells[0] = schema_value_name(AXIS_ALLOC, r->alloc);
        cells[1] = schema_value_name(AXIS_DIRECTION, r->dir);
        cells[2] = schema_value_name(AXIS_API, r->api);
        cells[3] = schema_value_name(AXIS_BUFFER, r->buffer);
        cells[4] = host_state(r);
        cells[5] = c.size;
        cells[6] = c.med;
        cells[7] = c.range;
        cells[8] = c.n;
        cells[9] = c.us;
        for (size_t k = 0; k < 10; k++) {
            tex_put(f, cells[k]);
            fputs(k < 9 ? " & " : " \\\\\n", f);
        }
    }
    fputs("\\bottomrule\n\\end{tabular}\n\\end{table}\n", f);
}

/* tables.md: the copies' table when they have too few sizes, then the placement tables; -1 if
 * out of memory. */
static int write_md(FILE *f, const struct plot_input *in, size_t nsizes)
{
    fprintf(f, "# %s: tables\n\nA sweep of fewer than %d sizes is a table, not a figure.\n",
            in->experiment, PLOT_MIN_SIZES);
    if (in->nrows && nsizes < PLOT_MIN_SIZES)
        write_md_copies(f, in, nsizes);
    return place_tables_write(f, in, 0) < 0 ? -1 : 0;
}

/* tables.tex: the same tables in LaTeX; -1 if out of memory. */
static int write_tex(FILE *f, const struct plot_input *in, size_t nsizes)
{
    fputs("% tables.tex - written by pinsweep; needs \\usepackage{booktabs}\n", f);
    if (in->nrows && nsizes < PLOT_MIN_SIZES)
        write_tex_copies(f, in, nsizes);
    return place_tables_write(f, in, 1) < 0 ? -1 : 0;
}

/* Write fig_dir/name with write(); -1 after saying why on log. */
static int write_table(const char *fig_dir, const char *name, const struct plot_input *in,
                       size_t nsizes, int (*write)(FILE *, const struct plot_input *, size_t),
                       FILE *log)
{
    char *path = plot_path_join(fig_dir, name);
    FILE *f = path ? outfile_fopen_fresh(path) : NULL;
    int rc = f ? 0 : -1;
    if (f) {
        rc = write(f, in, nsizes) < 0 || ferror(f) ? -1 : 0;
        if (fclose(f) != 0)
            rc = -1;
    }
    if (rc < 0)
        log_line(log, "%s: cannot write: %s", path ? path : name, strerror(errno));
    else
        log_line(log, "wrote %s (too few sizes for a figure: a table)", path);
    free(path);
    return rc;
}

/* Does a placement figure of in have too few sizes, so that it is a table? */
static int place_few(const struct plot_input *in)
{
    for (int pin = 0; pin < 2; pin++) {
        size_t k = place_table_sizes(in, pin);
        if (k > 0 && k < PLOT_MIN_SIZES)
            return 1;
    }
    return 0;
}

int plot_tables_write(const struct plot_input *in, const char *fig_dir, FILE *log)
{
    static const char *const names[] = {"tables.md", "tables.tex"};
    size_t nsizes = plot_copy_sizes(in);
    if ((in->nrows == 0 || nsizes >= PLOT_MIN_SIZES) && !place_few(in)) {
        for (size_t i = 0; i < 2; i++) {
            char *path = plot_path_join(fig_dir, names[i]);
            if (path)
                unlink(path);
            free(path);
        }
        return 0;
    }
    if (write_table(fig_dir, names[0], in, nsizes, write_md, log) < 0 ||
        write_table(fig_dir, names[1], in, nsizes, write_tex, log) < 0)
        return -1;
    return 0;
}
