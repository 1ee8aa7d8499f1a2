/*
 * tex.c - figure text as LaTeX: special characters escaped, the Unicode the
 * figures use as math (see tex.h).
 */
#include "figures/kit/tex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Unicode the figures use, as LaTeX (a text-mode font has none of them). */
static const struct {
    const char *utf8, *tex;
} tex_symbols[] = {
    {"→", "$\\rightarrow$"},
    {"←", "$\\leftarrow$"},
    {"↔", "$\\leftrightarrow$"},
    {"µ", "$\\mu$"},
    {"μ", "$\\mu$"},
    {"×", "$\\times$"},
    {"÷", "$\\div$"},
    {"—", "---"},
    {"–", "--"},
    {"⁹", "$^{9}$"},
    {"≥", "$\\geq$"},
    {"≤", "$\\leq$"},
    {"≈", "$\\approx$"},
    {"½", "$\\frac{1}{2}$"},
    {"·", "$\\cdot$"},
    {"…", "\\dots{}"},
    {"−", "$-$"},
    {"±", "$\\pm$"},
};

char *plot_tex_text(const char *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    while (*s) {
        size_t i, n = sizeof(tex_symbols) / sizeof(tex_symbols[0]);
        for (i = 0; i < n; i++)
            if (strncmp(s, tex_symbols[i].utf8, strlen(tex_symbols[i].utf8)) == 0)
                break;
        if (i < n) {
            fputs(tex_symbols[i].tex, f);
            s += strlen(tex_symbols[i].utf8);
            continue;
        }
        switch (*s) {
        case '\\':
            fputs("\\textbackslash{}", f);
            break;
        case '^':
            fputs("\\^{}", f);
            break;
        case '~':
            fputs("\\~{}", f);
            break;
        case '{':
        case '}':
        case '$':
        case '&':
        case '#':
        case '_':
        case '%':
            fputc('\\', f);
            fputc(*s, f);
            break;
        default:
            fputc(*s, f);
        }
        s++;
    }
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
