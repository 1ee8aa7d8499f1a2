/*
 * fig_headline.h - the headline figure: on one page, what a reader of a
 * paper or a lab notebook wants first of a machine.  Pinned against
 * pageable copy bandwidth in each direction and both at once, the time of
 * a small copy, what a pinned buffer costs to allocate and free per GiB,
 * and after how many copies it pays off, each with the interval its
 * samples allow.  Panels the folder has no data for are left out and named
 * in a note.
 */
#ifndef PINSWEEP_FIG_HEADLINE_H
#define PINSWEEP_FIG_HEADLINE_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

#include <stdio.h>

/*
 * Describe the headline figure of in into g (fig_init first) and its data
 * files into data_dir; g is left without panels when the folder has no
 * reuse copies of pinned or pageable memory.  -1 (errno set) on failure.
 */
int fig_headline(struct fig *g, const struct plot_input *in, const char *data_dir);



/* ---- the headline across machines ---- */

#define HL_MAX_MACHINES 8 /* the machine styles of plots/style.gp */
#define HL_MAX_FOLDERS 32 /* folders of one machine */

/* A machine: the folders measured on it, and what the legend calls it. */
struct hl_machine {
    const struct plot_input *in[HL_MAX_FOLDERS];
    size_t nin;
    char label[96];
    char key[256]; /* GPU and hostname: folders that share it are one machine */
};

struct hl_machines {
    struct hl_machine m[HL_MAX_MACHINES];
    size_t n;
    size_t left_out; /* machines past HL_MAX_MACHINES, not drawn */
};

/*
 * Group the n folders in[i] into machines by key[i] (their GPU and
 * hostname): the first folder of a machine names it (label[i]).  Folders
 * past HL_MAX_FOLDERS of a machine, and machines past HL_MAX_MACHINES, are
 * left out (counted in left_out).
 */
void fig_headline_group(struct hl_machines *ms, const struct plot_input *const in[],
                        const char *const key[], const char *const label[], size_t n);

/*
 * The curve of machine m for kind alloc, direction dir and api (a reused,
 * warm, prefaulted buffer): of its folders, the one whose curve has the
 * most sizes (the first of equals); NULL when none has it.  *in gets that
 * folder.
 */
const struct plot_curve *fig_machine_curve(const struct hl_machine *m, int alloc, int dir, int api,
                                           const struct plot_input **in);

/* The api of the headline across machines: sync when any machine has it (plot_headline_api). */
int fig_machines_api(const struct hl_machines *ms);

/*
 * The headline across machines (figure headline-machines, drawn by
 * plots/headline-machines.gp): pinned and pageable copy bandwidth, h2d and
 * d2h, and the time of a small pinned copy h2d and d2h, a panel each, every
 * machine its own colour, dash and point (plots/style.gp's machine:N), each
 * point with its spread (the rounds' where measured in rounds), each
 * machine's PCIe link as a thin line in its colour.  Describes g (fig_init
 * first) and writes its data files into data_dir; g is left without panels
 * when no machine has pinned or pageable reuse copies.  -1 (errno set) on
 * failure.
 */
int fig_headline_machines(struct fig *g, const struct hl_machines *ms, const char *data_dir);

/*
 * Describe and draw the headline across machines into fig_dir as
 * PREFIX + headline-machines.{png,pdf,svg} (as draw, FIG_DRAW_* bits, says), its data
 * in data_dir.  Returns PLOT_OK (plot.h), PLOT_ENO_GNUPLOT after a line on
 * log, or another PLOT_E* code; *made is set when it had anything to draw.
 */
int fig_headline_machines_draw(const struct hl_machines *ms, const char *fig_dir,
                               const char *data_dir, const char *prefix, const char *scripts_dir,
                               unsigned draw, int *made, FILE *log);

/*
 * The reading of the headline across machines (fig_headline_machines):
 * for each machine, pinned and pageable h2d and d2h bandwidth as
 * plot_reading says them, and the time of its smallest pinned copy each
 * way; malloc'd as plot_reading.
 */
char *plot_reading_machines(const struct hl_machines *ms);

/* The headline figure, defined once (figdef.h). */
extern const struct fig_def fig_headline_def;

#endif
