/*
 * coincide.h - series that coincide, as drawn: the merged lines' key
 * entries and their blocks in a panel's data file.  Which series coincide
 * and the merged lines' numbers are analysis/coincide.h's.
 */
#ifndef PINSWEEP_COINCIDE_H
#define PINSWEEP_COINCIDE_H

#include "analysis/coincide.h"
#include "figures/kit/figure.h"

#include <stddef.h>
#include <stdio.h>

/*
 * What a merged line drawn by coincide_block with bars is, for a figure's
 * notes (the caption's "Bars" sentences, kit/drawn.h): its value the median
 * of its members' values at each size, its bar from the lowest to the
 * highest end of their bars (of a series without bars, such as a round
 * trip, from its value).
 */
#define COINCIDE_BARS_NOTE                                                                         \
    "bars of a merged line: its members' lowest to highest bar end (or value, without bars); "     \
    "the line: their median"

/*
 * The key entries of the merged lines, drawn as style (its line the
 * series' when they give one): one per scope, titled "N page-locked kinds
 * within X%: a, b (host → device), c" (X the largest spread of the scope's
 * merged lines, with " (Y% from 1M)" when from > 0 and the spread from
 * there is smaller; a kind in some of them only, where it alone was
 * measured, followed by their panels' titles); scopes whose lines gather
 * the same kinds share one entry (the first's dash; the notes tell the
 * dashes apart).  At most max into out; how many.
 */
size_t coincide_keys(const struct co_series *s, size_t n, const struct fig_style *style,
                     double from, struct fig_style *out, size_t max);

/*
 * Group g's merged line as a block of the current panel in f, drawn as s:
 * its heading names the members; each point "x median" and, with bars, the
 * lowest of the members' lo and the highest of their hi
 * (coincide_bar_ends); g's range widened to hold them (bars 2: to hold the
 * median only, the axis of a bandwidth, never chosen by its bars; bars 3:
 * no bars, written as bars of no length, "x m m m", for a panel whose
 * other blocks have bars).  -1 on failure; 0 when g has no merged line, 1
 * when written.
 */
int coincide_block(struct fig *g, FILE *f, const struct co_series *s, size_t n, int group,
                   const struct fig_style *style, int bars);

#endif
