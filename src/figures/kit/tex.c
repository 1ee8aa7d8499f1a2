/*
 * tex.c - figure text as LaTeX: special characters escaped, the Unicode the
 * figures use as math; and its width on the page (see tex.h).
 */
#include "figures/kit/tex.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Unicode the figures use, as LaTeX (a text-mode font has none of them), and
 * its width in points at 8 pt (measured as below).
 */
static const struct {
    const char *utf8, *tex;
    double width_pt;
} tex_symbols[] = {
    {"→", "$\\rightarrow$", 8.50},
    {"←", "$\\leftarrow$", 8.50},
    {"↔", "$\\leftrightarrow$", 8.50},
    {"µ", "$\\mu$", 5.12},
    {"μ", "$\\mu$", 5.12},
    {"×", "$\\times$", 6.62},
    {"÷", "$\\div$", 6.62},
    {"—", "---", 8.50},
    {"–", "--", 4.25},
    {"⁹", "$^{9}$", 4.17},
    {"≥", "$\\geq$", 6.62},
    {"≤", "$\\leq$", 6.62},
    {"≈", "$\\approx$", 6.62},
    {"½", "$\\frac{1}{2}$", 6.07},
    {"·", "$\\cdot$", 2.37},
    {"…", "\\dots{}", 11.34},
    {"−", "$-$", 6.62},
    {"±", "$\\pm$", 6.62},
};

/*
 * The width in points of each printable ASCII character (from ' ') at 8 pt,
 * as plot_tex_text writes it (% as \%): the \wd of an \hbox of each in
 * \footnotesize of \documentclass{article} (cmr8, OT1), rounded up.
 */
static const double ascii_width_pt[95] = {
    2.84, 2.37, 4.26, 7.09, 4.25, 7.09, 6.62, 2.37, 3.31, 3.31, /*  !"#$%&'() */
    4.26, 6.62, 2.37, 2.84, 2.37, 4.26, 4.26, 4.26, 4.26, 4.26, /* *+,-./0123 */
    4.26, 4.26, 4.26, 4.26, 4.26, 4.26, 2.37, 2.37, 2.37, 6.62, /* 456789:;<= */
    4.02, 4.02, 6.62, 6.37, 6.02, 6.14, 6.49, 5.79, 5.55, 6.67, /* >?@ABCDEFG */
    6.37, 3.07, 4.37, 6.61, 5.31, 7.79, 6.37, 6.62, 5.79, 6.62, /* HIJKLMNOPQ */
    6.26, 4.73, 6.14, 6.37, 6.37, 8.73, 6.37, 6.37, 5.20, 2.37, /* RSTUVWXYZ[ */
    4.26, 2.37, 4.26, 3.07, 2.37, 4.26, 4.73, 3.78, 4.73, 3.78, /* \]^_`abcde */
    2.60, 4.26, 4.73, 2.37, 2.60, 4.49, 2.37, 7.09, 4.73, 4.26, /* fghijklmno */
    4.73, 4.49, 3.32, 3.36, 3.31, 4.73, 4.49, 6.14, 4.49, 4.49, /* pqrstuvwxy */
    3.78, 4.26, 8.51, 4.26, 4.26,                               /* z{|}~ */
};

/* LaTeX's extra space after a sentence's end (".", ":", "?", "!" after a lower-case letter). */
#define EXTRA_SPACE_PT 0.95

/*
 * What Computer Modern adds between characters a and b, in pt at 8 pt: the
 * kerns of cmr8.tfm that widen a pair (tftopl lists them), rounded up; the
 * others narrow it, and are left out.
 */
static double kern_pt(char a, char b)
{
    if (a && strchr("bop", a) && b && strchr("cdeoq", b))
        return 0.24;
    if (b == 'j' && a && strchr("abgop", a))
        return a == 'g' ? 0.24 : 0.48;
    if (a == 'f' && b && strchr("!')?]", b))
        return 0.64;
    if (a == '\'' && (b == '!' || b == '?'))
        return 0.95;
    return a == 'I' && b == 'I' ? 0.24 : 0;
}

double plot_tex_width_pt(const char *s)
{
    double w = 0;
    for (const char *start = s; *s;) {
        unsigned char c = (unsigned char)*s;
        if (c >= ' ' && c <= '~') {
            w += ascii_width_pt[c - ' '];
            if (c == ' ' && s - start >= 2 && strchr(".:?!", s[-1]) && !isupper((unsigned char)s[-2]))
                w += EXTRA_SPACE_PT;
            w += kern_pt(*s, s[1]);
            s++;
            continue;
        }
        size_t i, n = sizeof(tex_symbols) / sizeof(tex_symbols[0]);
        for (i = 0; i < n; i++)
            if (strncmp(s, tex_symbols[i].utf8, strlen(tex_symbols[i].utf8)) == 0)
                break;
        if (i < n) {
            w += tex_symbols[i].width_pt;
            s += strlen(tex_symbols[i].utf8);
            continue;
        }
        w += 8.50; /* unknown: as wide as an arrow; skip the rest of its UTF-8 bytes */
        for (s++; ((unsigned char)*s & 0xC0) == 0x80; s++)
            ;
    }
    return w;
}

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
