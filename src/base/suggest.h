/*
 * suggest.h - "did you mean ...?": the closest of a list of words to a typo.
 *
 * Shared by the experiment loader (keys, axes, values) and the command line
 * (commands), so every hint follows the same rule.
 */
#ifndef PINSWEEP_SUGGEST_H
#define PINSWEEP_SUGGEST_H

/*
 * The candidate closest to word by edit distance (transpositions count as
 * one edit), or NULL when none is close enough to be a plausible typo: a
 * third of the word may be wrong, and at least one letter.  A candidate that
 * differs only in case always wins.  candidates is NULL-terminated; the
 * result points into it.
 */
const char *suggest_word(const char *word, const char *const *candidates);

#endif
