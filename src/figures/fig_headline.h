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

#include "figures/figure.h"
#include "figures/input.h"

/*
 * Describe the headline figure of in into g (fig_init first) and its data
 * files into data_dir; g is left without panels when the folder has no
 * reuse copies of pinned or pageable memory.  -1 (errno set) on failure.
 */
int fig_headline(struct fig *g, const struct plot_input *in, const char *data_dir);

#endif
