/*
 * report.c - report.md and figures.pdf for results folders (see report.h).
 *
 * The report draws every folder's figures itself, from the folder's CSV
 * files, into its own figures/ (F<folder>-NAME.{png,pdf,svg}, and LaTeX with
 * --latex), so it writes nothing into the folders it reads and its figures
 * are those of the pinsweep that made it.  Each figure gets a number and a
 * caption that opens with its reading (readings.h); each table (report_tables.h)
 * a number and a caption.  figures.pdf binds the figures as pages of one
 * size with the same numbers and captions (book.h).
 */
#include "report/report.h"
#include "figures/kit/book.h"
#include "figures/fig_headline.h"
#include "figures/input.h"
#include "figures/plot.h"
#include "figures/caption.h"
#include "figures/figdef.h"
#include "figures/readings.h"
#include "report/report_fleet.h"
#include "report/report_tables.h"
#include "figures/tabled.h"
#include "figures/tables.h"
#include "figures/kit/tabular.h"
#include "results/folder.h"
#include "results/outdir.h"
#include "results/problems.h"
#include "base/fileio.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A folder of the report: its meta.yaml and label, its rows, its samples. */
struct rep_folder {
    struct folder f;
    char machine[160]; /* what the headline across machines calls its machine */
    char key[256];     /* GPU and hostname: folders that share it are one machine */
    struct plot_input in;
    struct csv_table samples;
    int have_f, have_in, have_samples;
};

/* The report being written. */
struct rep {
    const struct report_opts *o;
    const char *out_dir;
    char fig_dir[PATH_MAX];
    FILE *md, *log;
    size_t nfig, ntab;
    struct book_page *pages; /* figures.pdf: name borrowed, data_dir, pdf and caption owned */
    size_t npages;
    int no_gnuplot; /* said once */
};

/*
 * Figure number's caption, the same in report.md and figures.pdf: "Figure N.
 * LABEL, NAME. " and the figure's caption (figures/caption.h: its question,
 * reading, what it draws from data_dir's NAME-drawn.txt, and its bars);
 * malloc'd.
 */
static char *figure_caption(size_t number, const char *label, const char *name, const char *reading,
                            const char *data_dir)
{
    char *text = NULL, *caption = fig_caption(name, reading, data_dir);
    if (caption && asprintf(&text, "Figure %zu. %s, %s. %s", number, label, name, caption) < 0)
        text = NULL;
    free(caption);
    return text;
}

/* ---- tables ---- */

/* Write t into report.md, numbered, and with --latex as FIGDIR/STEM.tex beside the figures. */
static void put_table(struct rep *r, const struct tabular *t, const char *stem)
{
    tabular_md(r->md, t, ++r->ntab);
    if (!r->o->latex)
        return;
    char path[PATH_MAX + 64];
    snprintf(path, sizeof(path), "%s/%s.tex", r->fig_dir, stem);
    unlink(path);
    FILE *f = outfile_fopen_fresh(path);
    if (f) {
        tabular_tex(f, t, stem);
        if (fclose(f) == 0) {
            fprintf(r->md, "\n([LaTeX](figures/%s.tex))\n", stem);
            return;
        }
    }
    log_line(r->log, "cannot write %s: %s", path, strerror(errno));
}

/* The machine table: a column per folder, a row per fact (folder.h). */
static int machine_table(struct rep *r, const struct rep_folder *rf, size_t n)
{
    const char *head[TABULAR_MAX_COLS];
    char align[TABULAR_MAX_COLS + 1], (*text)[256] = calloc(n + 1, sizeof(*text));
    const char **cells = calloc(n + 1, sizeof(*cells));
    struct tabular t;
    int rc = 0;
    if (!text || !cells || n + 1 > TABULAR_MAX_COLS) { /* too many folders for one table */
        folder_machine_table(r->md, &rf[0].f, 0, 0);
        free(text);
        free(cells);
        return text && cells ? 0 : -1;
    }
    head[0] = "";
    for (size_t i = 0; i < n; i++)
        head[i + 1] = rf[i].f.label;
    memset(align, 'l', n + 1);
    align[n + 1] = '\0';
    tabular_init(&t, "machines", align, head, "the machines and runs of this report");
    t.nkey = 1; /* the facts' names, beside each folder when a wide table is split */
    for (size_t k = 0; k < folder_fact_count() && rc == 0; k++) {
        cells[0] = folder_fact_name(k);
        for (size_t i = 0; i < n; i++)
            cells[i + 1] = folder_fact_text(&rf[i].f, k, text[i + 1], sizeof(text[0]));
        rc = tabular_row(&t, cells);
    }
    if (rc == 0)
        put_table(r, &t, "table-machines");
    tabular_free(&t);
    free(text);
    free(cells);
    return rc;
}

/* Every table of folder i, under its headings (tabled: its figures that became tables). */
static int folder_tables(struct rep *r, const struct rep_folder *rf, size_t i,
                         const struct plot_tabled *tabled)
{
    struct report_src src = {&rf->in, rf->have_samples ? &rf->samples : NULL, tabled};
    int copies = report_has_copies(&rf->in);
    for (size_t k = 0; k < report_table_count(); k++) {
        struct tabular t;
        struct report_table_info info;
        char stem[128];
        int rows = report_table(k, &src, &t, &info);
        if (rows < 0) {
            tabular_free(&t);
            return -1;
        }
        if ((!info.copies_only || copies) && (rows > 0 || info.none) && info.heading)
            fprintf(r->md, "\n### %s\n\n", info.heading);
        else if (rows > 0)
            fputc('\n', r->md);
        if (rows > 0) {
            snprintf(stem, sizeof(stem), "F%zu-table-%s", i + 1, t.name);
            put_table(r, &t, stem);
        } else if (info.none && (!info.copies_only || copies)) {
            fprintf(r->md, info.none, rf->f.dir);
            fputc('\n', r->md);
        }
        tabular_free(&t);
    }
    return 0;
}

/* ---- figures ---- */

/* Copy the file src to dst (replaced); -1 on failure. */
static int copy_file(const char *src, const char *dst)
{
    size_t len;
    char *data = fileio_read_all(src, &len);
    FILE *f = data ? fopen(dst, "wb") : NULL;
    int rc = f && fwrite(data, 1, len, f) == len ? 0 : -1;
    if (f && fclose(f) != 0)
        rc = -1;
    free(data);
    return rc;
}

/* Without gnuplot: the folder's own drawings of the figures made[], copied in as STEM.*. */
static void copy_drawn(const struct rep *r, const char *dir, const char *prefix,
                       const char *const made[])
{
    static const char *const exts[] = {".png", ".pdf", ".svg"};
    char src[PATH_MAX], dst[PATH_MAX + 64];
    for (size_t k = 0; k < PLOT_MAX_FIGURES; k++)
        for (size_t e = 0; made[k] && e < sizeof(exts) / sizeof(exts[0]); e++) {
            snprintf(src, sizeof(src), "%s/figures/%s%s", dir, made[k], exts[e]);
            snprintf(dst, sizeof(dst), "%s/%s%s%s", r->fig_dir, prefix, made[k], exts[e]);
            if (access(src, R_OK) == 0 && copy_file(src, dst) < 0)
                log_line(r->log, "cannot copy %s into %s: %s", src, r->fig_dir, strerror(errno));
        }
}

/* Is fig_dir/STEM.EXT there? */
static int drawn(const struct rep *r, const char *stem, const char *ext)
{
    char path[PATH_MAX + 160];
    snprintf(path, sizeof(path), "%s/%s%s", r->fig_dir, stem, ext);
    return access(path, R_OK) == 0;
}

/* A page of figures.pdf: figure stem drawn from data_dir, captioned. */
static void add_page(struct rep *r, const char *name, const char *data_dir, const char *stem,
                     const char *caption)
{
    struct book_page *grown = realloc(r->pages, (r->npages + 1) * sizeof(*grown));
    char *pdf = NULL;
    if (!grown || asprintf(&pdf, "%s/%s.pdf", r->fig_dir, stem) < 0) {
        r->pages = grown ? grown : r->pages;
        return;
    }
    r->pages = grown;
    r->pages[r->npages++] = (struct book_page){name, strdup(data_dir), pdf, strdup(caption)};
}

/*
 * One figure embedded in report.md: numbered, captioned with its reading,
 * linked to its PDF, SVG (and LaTeX); and a page of figures.pdf.
 */
static void put_figure(struct rep *r, const char *label, const char *name, const char *stem,
                       const char *reading, const char *data_dir, const char *drawn_dir)
{
    char *caption = figure_caption(++r->nfig, label, name, reading, drawn_dir);
    fprintf(r->md, "![Figure %zu: %s, %s](figures/%s.png)\n\n", r->nfig, label, name, stem);
    fprintf(r->md, "*%s* ([PDF](figures/%s.pdf), [SVG](figures/%s.svg)", caption ? caption : "",
            stem, stem);
    if (r->o->latex && drawn(r, stem, ".tex"))
        fprintf(r->md, ", [LaTeX](figures/%s.tex)", stem);
    fputs(")\n\n", r->md);
    if (caption && data_dir && drawn(r, stem, ".pdf"))
        add_page(r, name, data_dir, stem, caption);
    free(caption);
}

/* Folder i's figures as drawn into the report's figures/: which, and which became tables. */
struct drawn_figures {
    const char *made[PLOT_MAX_FIGURES];
    struct plot_tabled tabled;
    char data_dir[PATH_MAX + 32];
    int rc;
};

/* Draw folder i's figures into the report's figures/ (before its tables: they name the tabled). */
static void draw_figures(struct rep *r, struct rep_folder *rf, size_t i, struct drawn_figures *d)
{
    char prefix[32];
    struct plot_opts po = {.latex = r->o->latex, .paper = r->o->paper};
    snprintf(prefix, sizeof(prefix), "F%zu-", i + 1);
    snprintf(d->data_dir, sizeof(d->data_dir), "%s/data/F%zu", r->fig_dir, i + 1);
    d->tabled = (struct plot_tabled){0};
    d->rc = plot_input_draw(&rf->in, r->fig_dir, d->data_dir, prefix, r->o->scripts_dir, &po,
                            d->made, &d->tabled, r->log);
    if (d->rc == PLOT_ENO_GNUPLOT) {
        r->no_gnuplot = 1;
        copy_drawn(r, rf->f.dir, prefix, d->made);
    }
}

/* Folder i's figures, drawn by draw_figures, embedded. */
static void embed_figures(struct rep *r, struct rep_folder *rf, size_t i,
                          const struct drawn_figures *d)
{
    char stem[128], which[512];
    size_t shown = 0;
    if (d->tabled.n) /* why a figure the folder has data for is a table above instead */
        fprintf(r->md,
                "Tables above instead of figures whose data span fewer than %d sizes (lines "
                "across sizes nothing was measured at): %s.\n\n",
                PLOT_MIN_SIZES, plot_tabled_text(&d->tabled, which, sizeof(which)));
    for (size_t k = 0; k < PLOT_MAX_FIGURES; k++) {
        snprintf(stem, sizeof(stem), "F%zu-%s", i + 1, d->made[k] ? d->made[k] : "");
        if (!d->made[k] || !drawn(r, stem, ".png"))
            continue;
        const struct fig_def *def = plot_figure_def(d->made[k]);
        char *reading = plot_reading(&rf->in, def ? def->read : NULL);
        put_figure(r, rf->f.label, d->made[k], stem, reading, d->rc == PLOT_OK ? d->data_dir : NULL,
                   d->data_dir);
        free(reading);
        shown++;
    }
    if (shown == 0 && !d->tabled.n)
        fprintf(r->md, "No figures: %s\n\n",
                r->no_gnuplot ? "gnuplot is not installed here (apt-get install gnuplot-nox)"
                              : "this folder has nothing the figures draw");
}

/* Folders from two or more machines: the headline across them, first. */
static int across_machines(struct rep *r, const struct rep_folder *rf, size_t n)
{
    const struct plot_input **in = calloc(n, sizeof(*in));
    const char **key = calloc(n, sizeof(*key)), **label = calloc(n, sizeof(*label));
    struct hl_machines *ms = malloc(sizeof(*ms));
    char data_dir[PATH_MAX + 32];
    int rc = -1, made = 0;
    if (!in || !key || !label || !ms)
        goto out;
    for (size_t i = 0; i < n; i++) {
        in[i] = &rf[i].in;
        key[i] = rf[i].key;
        label[i] = rf[i].machine;
    }
    fig_headline_group(ms, in, key, label, n);
    rc = 0;
    if (ms->n < 2)
        goto out;
    fprintf(r->md, "\n## Across machines\n\n");
    snprintf(data_dir, sizeof(data_dir), "%s/data/machines", r->fig_dir);
    struct plot_opts po = {.latex = r->o->latex, .paper = r->o->paper};
    int drew = fig_headline_machines_draw(ms, r->fig_dir, data_dir, "", r->o->scripts_dir,
                                          plot_draw_flags(&po), &made, r->log);
    r->no_gnuplot |= drew == PLOT_ENO_GNUPLOT;
    if (made && drawn(r, "headline-machines", ".png")) {
        char *reading = plot_reading_machines(ms);
        put_figure(r, "every machine", "headline-machines", "headline-machines", reading,
                   drew == PLOT_OK ? data_dir : NULL, data_dir);
        free(reading);
    } else {
        fprintf(r->md, "No figure across the %zu machines: %s.\n", ms->n,
                !made ? "none has pinned or pageable copies with a reused buffer"
                      : "gnuplot is not installed here");
    }
out:
    free(in);
    free(key);
    free(label);
    free(ms);
    return rc;
}

/* Folders of one experiment and GPU from three or more hosts: each node against the fleet. */
static int fleet_section(struct rep *r, const struct rep_folder *rf, size_t n)
{
    struct folder *f = calloc(n, sizeof(*f));
    struct tabular t;
    struct plot_opts po = {.latex = r->o->latex, .paper = r->o->paper};
    char *reading = NULL, data_dir[PATH_MAX + 16];
    int drew, rc = 0;
    if (!f)
        return -1;
    for (size_t i = 0; i < n; i++)
        f[i] = rf[i].f; /* shallow: report_fleet reads them */
    if (!report_is_fleet(f, n))
        goto out;
    fprintf(r->md,
            "\n## Fleet\n\nThe %zu folders are one experiment on one GPU model from %zu "
            "hosts: each node against the fleet itself, with no threshold set by hand "
            "(`pinsweep fleet`; fleet.csv has every reading).\n\n",
            n, n);
    if (report_fleet(f, n, r->out_dir, r->o->scripts_dir, &po, r->log, &t, &reading, &drew) < 0) {
        fprintf(r->md, "No fleet table: the folders could not be compared (see the log).\n");
        tabular_free(&t);
        goto out;
    }
    put_table(r, &t, "table-fleet");
    tabular_free(&t);
    fputs("\n", r->md);
    r->no_gnuplot |= drew == PLOT_ENO_GNUPLOT;
    snprintf(data_dir, sizeof(data_dir), "%s/data", r->fig_dir);
    if (drawn(r, "fleet", ".png"))
        put_figure(r, "every node", "fleet", "fleet", reading, drew == PLOT_OK ? data_dir : NULL,
                   data_dir);
    else
        fprintf(r->md, "No fleet figure: %s.\n",
                drew == PLOT_ENO_GNUPLOT ? "gnuplot is not installed here"
                                         : "the nodes share no reuse sync copies to draw");
out:
    free(reading);
    free(f);
    return rc;
}

/* ---- the report ---- */

static void folder_section(struct rep *r, struct rep_folder *rf, size_t i)
{
    fprintf(r->md, "\n## %s\n\nFolder `%s`, experiment `%s`, run %s.\n", rf->f.label, rf->f.dir,
            folder_meta(&rf->f, "experiment.name"), folder_meta(&rf->f, "run.started"));
    struct drawn_figures *d = malloc(sizeof(*d));
    if (!d) {
        log_line(r->log, "%s: out of memory", r->out_dir);
        return;
    }
    draw_figures(r, rf, i, d);
    if (folder_tables(r, rf, i, &d->tabled) < 0)
        log_line(r->log, "%s: out of memory", r->out_dir);
    fprintf(r->md, "\n### Figures\n\n");
    embed_figures(r, rf, i, d);
    free(d);
}

/* figures.pdf: every figure a page of one size, numbered and captioned as in report.md. */
static void write_book(struct rep *r)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/figures.pdf", r->out_dir);
    unlink(path);
    if (r->no_gnuplot)
        log_line(r->log,
                 "pinsweep: no %s: its pages are drawn with gnuplot, which is not installed", path);
    else if (r->npages == 0)
        log_line(r->log, "pinsweep: no figures, so no %s", path);
    else if (plot_book(r->pages, r->npages, r->o->scripts_dir, path, r->log) == PLOT_OK)
        log_line(r->log, "pinsweep: %zu figures in %s, one a page", r->npages, path);
}

/* Open folder input as rf: meta.yaml, summary.csv as the figures read it, samples.csv. */
static int open_folder(struct rep_folder *rf, const struct compare_input *input, FILE *log)
{
    char err[256], *path = NULL;
    if (folder_open(&rf->f, input->dir, input->label, log) < 0)
        return -1;
    rf->have_f = 1;
    if (plot_input_read(&rf->in, input->dir, log) < 0)
        return -1;
    rf->have_in = 1;
    if (asprintf(&path, "%s/samples.csv", input->dir) >= 0 && access(path, R_OK) == 0)
        rf->have_samples = csv_table_read(path, &rf->samples, err, sizeof(err)) == 0;
    free(path);
    snprintf(rf->machine, sizeof(rf->machine), "%s", rf->f.label);
    snprintf(rf->key, sizeof(rf->key), "%.120s|%.120s", folder_meta(&rf->f, "gpu.name"),
             folder_meta(&rf->f, "host.hostname"));
    if (!input->label) { /* a report often holds several experiments of one machine */
        char machine[sizeof(rf->f.label)];
        snprintf(machine, sizeof(machine), "%s", rf->f.label);
        snprintf(rf->f.label, sizeof(rf->f.label), "%.60s on %.90s",
                 folder_meta(&rf->f, "experiment.name"), machine);
    }
    return 0;
}

static void close_folder(struct rep_folder *rf)
{
    if (rf->have_samples)
        csv_table_free(&rf->samples);
    if (rf->have_in)
        plot_input_free(&rf->in);
    if (rf->have_f)
        folder_close(&rf->f);
}

/* report.md, section by section. */
static int write_md(struct rep *r, struct rep_folder *rf, size_t n)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/report.md", r->out_dir);
    if (!(r->md = fopen(path, "w"))) {
        log_line(r->log, "cannot write %s: %s", path, strerror(errno));
        return -2;
    }
    fprintf(r->md, "# pinsweep report\n\nGB/s = 10^9 bytes/s. Link shares are of the PCIe "
                   "link's raw rate per direction. Sizes: KiB, MiB, GiB are powers of 2; KB, MB, "
                   "GB powers of 10.\n\n## Machines\n\n");
    int rc = machine_table(r, rf, n);
    if (rc == 0)
        rc = across_machines(r, rf, n);
    if (rc == 0)
        rc = fleet_section(r, rf, n);
    for (size_t i = 0; i < n && rc == 0; i++)
        folder_section(r, &rf[i], i);
    if (fclose(r->md) != 0 || rc < 0) {
        log_line(r->log, "cannot write %s: %s", path, strerror(errno));
        return -2;
    }
    log_line(r->log, "pinsweep: report in %s", path);
    return 0;
}

int report_run(const struct compare_input *inputs, size_t n, const char *out_dir,
               const struct report_opts *o, FILE *log)
{
    struct rep_folder *rf = calloc(n ? n : 1, sizeof(*rf));
    struct rep r = {.o = o, .out_dir = out_dir, .log = log};
    char data[PATH_MAX + 16];
    int rc = -1;
    if (!rf)
        return -2;
    for (size_t i = 0; i < n; i++)
        if (open_folder(&rf[i], &inputs[i], log) < 0)
            goto out;
    snprintf(r.fig_dir, sizeof(r.fig_dir), "%s/figures", out_dir);
    snprintf(data, sizeof(data), "%s/data", r.fig_dir);
    if ((mkdir(out_dir, 0777) < 0 && errno != EEXIST) ||
        (mkdir(r.fig_dir, 0777) < 0 && errno != EEXIST) ||
        (mkdir(data, 0777) < 0 && errno != EEXIST)) {
        log_line(log, "cannot create %s: %s", r.fig_dir, strerror(errno));
        rc = -2;
        goto out;
    }
    rc = write_md(&r, rf, n);
    if (rc == 0)
        write_book(&r);
out:
    for (size_t i = 0; i < n; i++)
        close_folder(&rf[i]);
    for (size_t p = 0; p < r.npages; p++) {
        free((char *)r.pages[p].data_dir);
        free((char *)r.pages[p].pdf);
        free((char *)r.pages[p].caption);
    }
    free(r.pages);
    free(rf);
    return rc;
}
