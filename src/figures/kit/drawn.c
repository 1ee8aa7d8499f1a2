/*
 * drawn.c - a described figure's drawing in words, and its key checked
 * against its curves (see drawn.h).
 */
#include "figures/kit/drawn.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void fig_text_add(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
    va_list ap;
    if (*len + 1 >= n)
        return;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *len, n - *len, fmt, ap);
    va_end(ap);
    *len = w < 0 ? *len : *len + (size_t)w >= n ? n - 1 : *len + (size_t)w;
}

/* Is s unset ("" or NULL): any value matches it? */
static int unset(const char *s)
{
    return !s || !s[0];
}

static int same(const char *a, const char *b)
{
    return a && b && strcmp(a, b) == 0;
}

/* A legend entry that says something: titled (a "-" colour: text without a sample). */
static int titled(const struct fig_style *e)
{
    return strspn(e->title, " ") < strlen(e->title);
}

/* A legend entry drawn with a sample of a line or point: titled and visible. */
static int shown(const struct fig_style *e)
{
    return titled(e) && !same(e->color, "-");
}

/* Does entry e describe style s: each of e's colour, line and point that is set equal to s's? */
static int describes(const struct fig_style *e, const struct fig_style *s)
{
    return (unset(e->color) || same(e->color, s->color)) &&
           (unset(e->line) || same(e->line, s->line)) &&
           (unset(e->point) || same(e->point, s->point));
}

/*
 * Does a note say what the error bars are ("bars: ...", or of some lines,
 * "bars of a merged line: ...")?  It ends the text, a sentence of its own.
 */
static int bars_note(const struct fig_style *e)
{
    return strncmp(e->title, "bars:", 5) == 0 || strncmp(e->title, "Bars:", 5) == 0 ||
           strncmp(e->title, "bars of ", 8) == 0;
}

/*
 * The entries of a legend (the bars' notes left out): with a lead, one
 * clause "LEAD (a; b; c)", its items ";"-apart inside the parentheses, so
 * that an item with commas of its own reads as one; without, a clause each.
 */
static void add_entries(char *buf, size_t n, size_t *len, const struct fig_legend *l,
                        const char *lead, int *clauses)
{
    int first = 1;
    for (size_t i = 0; i < l->n; i++) {
        if (!titled(&l->e[i]) || bars_note(&l->e[i]))
            continue;
        if (first || !lead[0])
            fig_text_add(buf, n, len, "%s%s%s", *clauses ? "; " : "", lead, lead[0] ? " (" : "");
        else
            fig_text_add(buf, n, len, "; ");
        fig_text_add(buf, n, len, "%s", l->e[i].title);
        *clauses += first || !lead[0];
        first = 0;
    }
    if (!first && lead[0])
        fig_text_add(buf, n, len, ")");
}

/*
 * Note e, a bars note, as the caption's last sentence: its title with a
 * capital, and its said words after its first clause (up to its first "; ").
 */
static void add_bars(char *buf, size_t n, size_t *len, const struct fig_style *e)
{
    const char *rest = e->said ? strstr(e->title, "; ") : NULL;
    int first = (int)(rest ? (size_t)(rest - e->title) : strlen(e->title));
    fig_text_add(buf, n, len, "%sB%.*s%s%s", *len ? ". " : "", first - 1, e->title + 1,
                 e->said ? e->said : "", e->title + first);
}

void fig_drawn_text(const struct fig *g, char *buf, size_t n)
{
    size_t len = 0;
    int clauses = 0;
    buf[0] = '\0';
    if (g->npanels == 0)
        return;
    if (g->npanels > 1) {
        fig_text_add(buf, n, &len, "%zu panels (", g->npanels);
        for (size_t p = 0; p < g->npanels; p++)
            fig_text_add(buf, n, &len, "%s%s", p ? "; " : "", g->panel_title[p]);
        fig_text_add(buf, n, &len, ")");
        clauses++;
    }
    add_entries(buf, n, &len, &g->key, "curves", &clauses);
    int first = 1;
    for (size_t h = 0; h < g->nhlines; h++) {
        const struct fig_hline *l = &g->hline[h];
        int again = 0;
        for (size_t k = 0; k < h && !again; k++)
            again = strcmp(g->hline[k].label, l->label) == 0;
        if (again || !l->label[0])
            continue;
        fig_text_add(buf, n, &len, "%s%s", first ? (clauses ? "; lines (" : "lines (") : "; ",
                     l->label);
        first = 0;
    }
    if (!first)
        fig_text_add(buf, n, &len, ")");
    clauses += !first;
    add_entries(buf, n, &len, &g->notes, "", &clauses);
    /* what the bars are: the last sentence, "Bars: ..." */
    const struct fig_legend *l[2] = {&g->key, &g->notes};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < l[k]->n; i++)
            if (titled(&l[k]->e[i]) && bars_note(&l[k]->e[i]))
                add_bars(buf, n, &len, &l[k]->e[i]);
}

/*
 * Does g tell something apart by point alone: an entry of a point without a
 * colour (placement's NUMA bindings)?  A kind's entry then shows its point
 * only as a sample.
 */
static int points_apart(const struct fig *g)
{
    const struct fig_legend *l[2] = {&g->key, &g->notes};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < l[k]->n; i++)
            if (titled(&l[k]->e[i]) && unset(l[k]->e[i].color) && !unset(l[k]->e[i].point))
                return 1;
    return 0;
}

/*
 * Is key entry e drawn: by a block, an overlay, a band or a reference line
 * of g?  An entry of a colour names a kind drawn in it, whatever the dash of
 * its sample (the figure's other entries say what dashes mean); an entry
 * without one names a kind of line.
 */
static int entry_drawn(const struct fig *g, const struct fig_style *entry)
{
    struct fig_style kind = *entry, *e = &kind;
    if (!unset(kind.color)) {
        kind.line = "";
        if (points_apart(g))
            kind.point = "";
    }
    for (size_t b = 0; b < g->nblocks; b++)
        if (describes(e, &g->block[b]))
            return 1;
    for (size_t b = 0; b < g->nover; b++)
        if (describes(e, &g->over[b]))
            return 1;
    for (size_t b = 0; b < g->nstrip; b++)
        if (describes(e, &g->strip[b]))
            return 1;
    for (size_t p = 0; p < g->npanels; p++)
        if (!unset(g->band[p].color) && describes(e, &g->band[p]))
            return 1;
    for (size_t h = 0; h < g->nhlines; h++) {
        struct fig_style s = {g->hline[h].color, g->hline[h].line, "", ""};
        if (describes(e, &s))
            return 1;
    }
    return 0;
}

/* Is some titled entry of g's key or notes of this colour, line or point (NULL: any)? */
static int said(const struct fig *g, const char *color, const char *line, const char *point)
{
    const struct fig_legend *l[2] = {&g->key, &g->notes};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < l[k]->n; i++) {
            const struct fig_style *e = &l[k]->e[i];
            if (titled(e) && (!color || same(e->color, color)) && (!line || same(e->line, line)) &&
                (!point || same(e->point, point)))
                return 1;
        }
    return 0;
}

/*
 * Is block b (in panel p) explained, each of its colour, line and point: by
 * an entry that shows it, or its colour by the panel's title (a panel per
 * kind), its line and point by its kind's entry when that sets them alike
 * or leaves them unset?
 */
static int block_keyed(const struct fig *g, const struct fig_style *s, size_t p)
{
    int color = said(g, s->color, NULL, NULL) || same(g->panel_title[p], s->color);
    int line = unset(s->line) || said(g, NULL, s->line, NULL) || said(g, s->color, "", NULL);
    int point = unset(s->point) || said(g, NULL, NULL, s->point) || said(g, s->color, NULL, "") ||
                points_apart(g);
    return color && line && point;
}

int fig_check_key(const struct fig *g, char *why, size_t n)
{
    const struct fig_legend *l[2] = {&g->key, &g->notes};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < l[k]->n; i++) {
            const struct fig_style *e = &l[k]->e[i];
            /* A note of text alone (no colour, line or point) explains no curve. */
            if (!shown(e) || (unset(e->color) && unset(e->line) && unset(e->point)))
                continue;
            if (!entry_drawn(g, e)) {
                snprintf(why, n, "%s entry '%s' (%s/%s/%s) is drawn by no curve or line",
                         k ? "note" : "key", e->title, e->color ? e->color : "",
                         e->line ? e->line : "", e->point ? e->point : "");
                return -1;
            }
        }
    int keyed = 0;
    for (size_t i = 0; i < g->key.n; i++)
        keyed |= shown(&g->key.e[i]);
    for (size_t p = 0; p < g->npanels && !keyed; p++)
        if (g->panel_nblocks[p] >
            1) { /* without a key, a panel's one curve is named by its title */
            snprintf(why, n, "panel %zu has %zu curves and the figure no key", p + 1,
                     g->panel_nblocks[p]);
            return -1;
        }
    for (size_t p = 0; p < g->npanels && keyed; p++)
        for (size_t k = 0; k < g->panel_nblocks[p]; k++) {
            size_t b = g->panel_first[p] - 1 + k; /* panel_first counts from 1, as gnuplot does */
            const struct fig_style *c = &g->block[b];
            if (block_keyed(g, c, p))
                continue;
            snprintf(why, n, "curve %zu (%s/%s/%s) is in no key entry", b + 1,
                     c->color ? c->color : "", c->line ? c->line : "", c->point ? c->point : "");
            return -1;
        }
    for (size_t p = 0; p < g->npanels && keyed; p++)
        for (size_t k = 0; k < g->panel_nstrip[p]; k++) {
            const struct fig_style *c = &g->strip[g->panel_strip_first[p] - 1 + k];
            if (block_keyed(g, c, p))
                continue;
            snprintf(why, n, "strip glyph (%s/%s/%s) of panel %zu is in no key entry",
                     c->color ? c->color : "", c->line ? c->line : "", c->point ? c->point : "",
                     p + 1);
            return -1;
        }
    return 0;
}
