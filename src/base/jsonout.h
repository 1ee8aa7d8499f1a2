/*
 * jsonout.h - JSON text out: strings escaped, numbers without NaN (null).
 * pinsweep writes its few JSON documents (check --json, fleet --json) by hand.
 */
#ifndef PINSWEEP_JSONOUT_H
#define PINSWEEP_JSONOUT_H

#include <stdio.h>

/* s as a JSON string, quotes included. */
void json_string(FILE *out, const char *s);

/* v as a JSON number, or null for NaN and infinities (JSON has neither). */
void json_number(FILE *out, double v);

#endif
