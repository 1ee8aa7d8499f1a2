/*
 * shellquote.h - words joined into one line a POSIX shell reads back as
 * the same words: for meta.yaml's command line and the `--resume` command
 * a stopped run prints, which a user pastes as it is.
 */
#ifndef PINSWEEP_SHELLQUOTE_H
#define PINSWEEP_SHELLQUOTE_H

/*
 * argv[0..argc) joined with single spaces; a word of letters, digits and
 * -_./=:,+@ as it is, any other (or an empty one) in single quotes, a quote
 * in it as '\''.  Returns a malloc'd string the caller frees, or NULL when
 * out of memory.
 */
char *shell_join(int argc, const char *const *argv);

#endif
