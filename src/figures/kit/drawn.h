/*
 * drawn.h - what a described figure (struct fig) draws, in words and
 * checked: the caption's "Drawn:" part is written from the figure's own
 * panels, key, notes and reference lines, so it names nothing that is not
 * drawn; and a check that every key entry is drawn by some curve, overlay,
 * band or line, and that every curve is in the key.
 */
#ifndef PINSWEEP_DRAWN_H
#define PINSWEEP_DRAWN_H

#include "figures/kit/figure.h"

#include <stddef.h>

/*
 * What g draws, as a caption's clause without a final full stop, into buf
 * (n bytes, cut to fit): its panels when there are several, its curves (the
 * key's titles), its reference lines (their labels, each once), each list
 * "N panels (a; b)", "curves (a; b)", "lines (a; b)" (titles may hold
 * commas), and what its line and point kinds mean (the notes, a clause
 * each, "; " apart); a note that opens with "bars:"
 * (what the error bars are) comes last, as a sentence of its own ("...
 * Bars: 95 % prediction interval ..."), with the words the note's said
 * adds after its first clause, so that a caption ends with its interval.
 * "" when g has no panels.
 */
void fig_drawn_text(const struct fig *g, char *buf, size_t n);

/* Append printf-formatted text to buf (n bytes, *len used so far), cut when full. */
__attribute__((format(printf, 4, 5))) void fig_text_add(char *buf, size_t n, size_t *len,
                                                        const char *fmt, ...);

/*
 * Does g's key agree with its drawing?  Every key entry with a title must
 * match a block, overlay, strip block, band or reference line (its colour
 * and point where set; its line when it has no colour: an entry for a kind
 * of line), and every block and strip block must match a key entry by
 * colour and point, its line by that entry or by a note; a figure without a
 * key has one curve a panel, named by the panel's title.  0 when they
 * agree; else -1 with the first disagreement in why (n bytes).
 */
int fig_check_key(const struct fig *g, char *why, size_t n);

#endif
