/*
 * yamlguard.h - what an experiment file's YAML may hold, checked before the
 * document is built.
 *
 * libyaml's composer follows anchors through a linear list and recursion
 * follows nesting, so a hostile file could hang or exhaust the loader before
 * any of pinsweep's own checks ran.  The guard walks the file once with the
 * event parser, which keeps no document, and refuses:
 *   - nesting deeper than YAMLGUARD_MAX_DEPTH;
 *   - more than YAMLGUARD_MAX_ANCHORS anchors, and aliases that would bring
 *     the document past YAMLGUARD_MAX_NODES nodes once expanded;
 *   - tags (`!custom`, `!!seq`): an experiment file has no types to name;
 *   - control characters in a key or value (a "\0" escape would cut it short);
 *   - a second document, or anything after the first (`---`, junk after `...`);
 *   - syntax errors anywhere in the file, reported as the loader would.
 * Every problem found is reported through the diag, with its line and column.
 */
#ifndef PINSWEEP_YAMLGUARD_H
#define PINSWEEP_YAMLGUARD_H

#include <stddef.h>

#include "experiment/diag.h"

#define YAMLGUARD_MAX_DEPTH 32
#define YAMLGUARD_MAX_ANCHORS 1000
#define YAMLGUARD_MAX_NODES 100000

/* Check text[0..len-1]; 0 when it may be loaded, -1 when d got errors. */
int yamlguard_check(struct diag *d, const char *text, size_t len);

struct yaml_parser_s;
/* Report the parser's error (syntax, or not a text file) through d. */
void yamlguard_syntax_error(struct diag *d, const struct yaml_parser_s *p);

#endif
