/*
 * fig_bandwidth.h - the bandwidth figure: copy bandwidth against size, a panel per
 * direction, with fits and the PCIe link; and what its fits and the host
 * memcpy rows say, for its reading
 */
#ifndef PINSWEEP_FIG_BANDWIDTH_H
#define PINSWEEP_FIG_BANDWIDTH_H

#include "figures/kit/figure.h"
#include "figures/input.h"

struct fig_def;

/*
 * Describe the figure's data into data_dir and g (fig_init first); g is
 * left without panels when the results have nothing to draw.  -1 on failure.
 */
int fig_bandwidth(struct fig *g, const struct plot_input *in, const char *data_dir);

/* The most characters of one finding (fig_bandwidth_findings). */
#define FIG_FINDING_CHARS 512

/*
 * What the bandwidth figure's data say that its notes do not (they say
 * only what a dash or a point means), for its reading, into out (at most
 * max): each pageable curve drawn as two regimes, "pageable h2d sync: 11.6
 * GB/s in the host's cache (512 KiB–16 MiB), 7.1 GB/s beyond it (64 MiB–1
 * GiB)"; the reuse curves no single fit describes, with their residuals;
 * and single-thread host memcpy (host-memcpy.csv: a pageable copy's host
 * side, not drawn) per direction, its peak and its largest size.  How many.
 */
size_t fig_bandwidth_findings(const struct plot_input *in, char (*out)[FIG_FINDING_CHARS],
                              size_t max);

/* The bandwidth figure, defined once (figdef.h). */
extern const struct fig_def fig_bandwidth_def;

#endif
