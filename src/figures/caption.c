/*
 * caption.c - a figure's caption from its definition, its reading and its
 * drawing (see caption.h).
 */
#include "figures/caption.h"
#include "figures/figdef.h"
#include "figures/kit/figure.h"
#include "base/fileio.h"
#include "results/outdir.h"
#include "results/problems.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *fig_question(const char *name)
{
    const struct fig_def *def = plot_figure_def(name);
    if (def)
        return def->question;
    /* the figures drawn across folders (compare, report, fleet) */
    if (strcmp(name, "headline-machines") == 0)
        return "How do these machines compare, pinned against pageable, in each direction, and "
               "in the time of a small copy?";
    if (strcmp(name, "fleet") == 0)
        return "Which nodes of the fleet read outside the fleet's own band?";
    if (strcmp(name, "compare-bandwidth") == 0)
        return "How fast does each machine copy, by kind and size?";
    if (strcmp(name, "compare-ratio") == 0)
        return "How much faster or slower than the baseline is each machine, by size?";
    return "";
}

/*
 * data_dir/NAME-KIND.txt (KIND: drawn, question) without its newline or
 * final full stop, malloc'd; "" when none.
 */
static char *drawn_file(const char *data_dir, const char *name, const char *kind)
{
    char *path = NULL, *text = NULL;
    size_t len = 0;
    if (data_dir && asprintf(&path, "%s/%s-%s.txt", data_dir, name, kind) >= 0 &&
        (text = fileio_read_all(path, &len))) {
        while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '.'))
            text[--len] = '\0';
        free(path);
        return text;
    }
    free(path);
    free(text);
    return strdup("");
}

/* data_dir/NAME-drawn.txt, the caption's "Drawn:" part (drawn_file). */
static char *drawn_text(const char *data_dir, const char *name)
{
    return drawn_file(data_dir, name, "drawn");
}

char *fig_caption(const char *name, const char *reading, const char *data_dir)
{
    char *text = NULL, *said = strdup(reading ? reading : ""), *what = drawn_text(data_dir, name);
    /* the figure's own question, when it depends on what it draws (its '?' kept) */
    char *own = drawn_file(data_dir, name, "question");
    const char *question = own && own[0] ? own : fig_question(name);
    if (!said || !what || !own) {
        free(said);
        free(what);
        free(own);
        return NULL;
    }
    if (strncmp(said, "cuda", 4) != 0) /* a sentence, unless it opens with a CUDA call */
        said[0] = (char)toupper((unsigned char)said[0]);
    size_t qlen = strlen(question);
    const char *after_head = said[0] ? "." : qlen && question[qlen - 1] == '?' ? "" : ".";
    if (asprintf(&text, "%s%s%s%s%s%s%s", question, question[0] && said[0] ? " " : "", said,
                 question[0] || said[0] ? after_head : "",
                 what[0] ? (question[0] || said[0] ? " Drawn: " : "Drawn: ") : "", what,
                 what[0] ? "." : "") < 0)
        text = NULL;
    free(said);
    free(what);
    free(own);
    return text;
}

int fig_captions_write(const struct plot_input *in, const char *fig_dir, const char *data_dir,
                       FILE *log)
{
    char *path = plot_path_join(fig_dir, "captions.md");
    FILE *f = path ? outfile_fopen_fresh(path) : NULL;
    int rc = f ? 0 : -1;
    size_t drawn_n = 0;
    for (size_t i = 0; i < plot_nfigures; i++) {
        char *drawn = NULL;
        struct stat st;
        if (asprintf(&drawn, "%s/%s-drawn.txt", data_dir, plot_figures[i]->name) >= 0)
            drawn_n += stat(drawn, &st) == 0;
        free(drawn);
    }
    if (f && drawn_n)
        fprintf(f, "# Captions\n\nEach figure of this folder with its caption, as `pinsweep "
                   "report` prints it.\n");
    else if (f) /* a folder of tables only says so */
        fprintf(f, "# Captions\n\nThis folder draws no figure: its sweep has too few sizes or "
                   "readings for one; its numbers are in tables.md (and tables.tex).\n");
    for (size_t i = 0; f && i < plot_nfigures; i++) {
        const struct fig_def *def = plot_figures[i];
        char *drawn = NULL;
        struct stat st;
        if (asprintf(&drawn, "%s/%s-drawn.txt", data_dir, def->name) < 0) {
            rc = -1;
            break;
        }
        int made = stat(drawn, &st) == 0;
        free(drawn);
        if (!made)
            continue;
        char *reading = plot_reading(in, def->read);
        char *caption = fig_caption(def->name, reading, data_dir);
        if (!caption || fprintf(f, "\n## %s\n\n![%s](%s.png)\n\n%s\n", def->name, def->name,
                                def->name, caption) < 0)
            rc = -1;
        free(reading);
        free(caption);
    }
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc < 0)
        log_line(log, "cannot write %s: %s", path ? path : "captions.md", strerror(errno));
    free(path);
    return rc;
}
