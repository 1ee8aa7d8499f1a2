/*
 * jsonout.c - JSON text out (see jsonout.h).
 */
#include "base/jsonout.h"

#include <math.h>

void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\u%04x", (unsigned char)*s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

void json_number(FILE *out, double v)
{
    if (isnan(v) || isinf(v))
        fprintf(out, "null");
    else
        fprintf(out, "%.6g", v);
}
