/*
 * test_drawn.c - a described figure's drawing in words (fig_drawn_text) and
 * its key checked against its curves (fig_check_key), on figures built by
 * hand: each way a key and a drawing can disagree, and the exact clause.
 */
#include "figures/kit/drawn.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>

/* The data files the blocks are headed in: not looked at here. */
static FILE *sink;

/* A two-panel figure: pinned and pageable curves in each, a link line, a note on bars. */
static struct fig *two_panels(void)
{
    struct fig *g = calloc(1, sizeof(*g));
    fig_init(g, "t", 0);
    const struct fig_style pinned = {"pinned", "reuse", "pinned", ""},
                           pageable = {"pageable", "reuse", "pageable", ""};
    for (int p = 0; p < 2; p++) {
        fig_panel(g, p ? "d2h" : "h2d", p ? "device → host" : "host → device");
        fig_block(g, sink, &pinned, "x");
        fig_block(g, sink, &pageable, "x");
        fig_hline(g, 63.0, "link", "link", "right-above", "PCIe raw: 63.02 GB/s");
    }
    struct fig_style k1 = pinned, k2 = pageable, note = {"-", "", "", ""};
    snprintf(k1.title, sizeof(k1.title), "pinned");
    snprintf(k2.title, sizeof(k2.title), "pageable");
    snprintf(note.title, sizeof(note.title), "bars: 95 %% interval");
    g->key.e[g->key.n++] = k1;
    g->key.e[g->key.n++] = k2;
    g->notes.e[g->notes.n++] = note;
    return g;
}

int main(void)
{
    char why[512] = "", text[1024];
    sink = fopen("/dev/null", "w");
    struct fig *g = two_panels();
    CHECK("a key that matches the drawing passes", fig_check_key(g, why, sizeof(why)) == 0, "%s",
          why);
    fig_drawn_text(g, text, sizeof(text));
    CHECK_STR("the clause names panels, curves, lines (once) and notes", text,
              "2 panels (host → device; device → host); curves (pinned; pageable); lines (PCIe "
              "raw: 63.02 GB/s). Bars: 95 % interval");
    /* A bars note's said words: in the caption after its first clause, not in its legend. */
    struct fig_style *bars = &g->notes.e[g->notes.n - 1];
    snprintf(bars->title, sizeof(bars->title), "bars: 95 %% interval; 1 ends at the raw rate");
    bars->said = ", computed on the log scale";
    fig_drawn_text(g, text, sizeof(text));
    CHECK_STR("a bars note's said words follow its first clause in the caption", text,
              "2 panels (host → device; device → host); curves (pinned; pageable); lines (PCIe "
              "raw: 63.02 GB/s). Bars: 95 % interval, computed on the log scale; 1 ends at the "
              "raw rate");
    snprintf(bars->title, sizeof(bars->title), "bars: 95 %% interval");
    fig_drawn_text(g, text, sizeof(text));
    CHECK_STR("a bars note of one clause ends with its said words", text,
              "2 panels (host → device; device → host); curves (pinned; pageable); lines (PCIe "
              "raw: 63.02 GB/s). Bars: 95 % interval, computed on the log scale");
    bars->said = NULL;

    /* Titles with commas (full-sweep's "bidirectional (sum), cudaMemcpyAsync" read as two
       panels): each list's items ";"-apart in parentheses, each note a clause of its own. */
    struct fig *c = calloc(1, sizeof(*c));
    const struct fig_style pin = {"pinned", "reuse", "pinned", ""};
    fig_init(c, "c", 0);
    fig_panel(c, "h2d", "host → device, sync");
    fig_block(c, sink, &pin, "x");
    fig_hline(c, 63.0, "", "link", "left-below", "PCIe raw rate 63.02 GB/s");
    fig_panel(c, "bidir", "bidirectional (sum), cudaMemcpyAsync");
    fig_block(c, sink, &pin, "x");
    fig_hline(c, 126.0, "", "link", "left-below", "PCIe raw rate, both ways: 126.03 GB/s");
    struct fig_style kp = pin, n1 = {"-", "", "", ""}, n2 = {"-", "", "", ""};
    snprintf(kp.title, sizeof(kp.title), "6 kinds within 2 %%: pinned, mapped");
    snprintf(n1.title, sizeof(n1.title), "x: a note, with a comma");
    snprintf(n2.title, sizeof(n2.title), "y: another");
    c->key.e[c->key.n++] = kp;
    c->notes.e[c->notes.n++] = n1;
    c->notes.e[c->notes.n++] = n2;
    /* A glyph in the strip above a panel is checked as a curve is: its point explained by a
       note, which its glyph draws (no block of the plot does). */
    struct fig_style never = {"pinned", "never", "never", ""};
    struct fig_style row = {"pinned", "", "pinned", "pinned"};
    CHECK("a strip row is added once", fig_strip_row(c, &row) == 1 && fig_strip_row(c, &row) == 1,
          "%zu rows", c->nstrip_rows);
    fig_strip_block(c, sink, &never, "x");
    CHECK("a strip glyph no note explains fails", fig_check_key(c, why, sizeof(why)) < 0, "passed");
    CHECK_STR("and says which", why,
              "strip glyph (pinned/never/never) of panel 2 is in no key entry");
    struct fig_style nv = {"", "never", "never", "never pays off"};
    c->notes.e[c->notes.n++] = nv;
    CHECK("its note explains it, drawn by the glyph alone", fig_check_key(c, why, sizeof(why)) == 0,
          "%s", why);
    c->notes.n--;
    fig_drawn_text(c, text, sizeof(text));
    CHECK_STR("titles with commas: ;-apart items, a clause a note", text,
              "2 panels (host → device, sync; bidirectional (sum), cudaMemcpyAsync); curves (6 "
              "kinds within 2 %: pinned, mapped); lines (PCIe raw rate 63.02 GB/s; PCIe raw rate, "
              "both ways: 126.03 GB/s); x: a note, with a comma; y: another");
    free(c);

    /* A key entry of a kind drawn nowhere: the band-member bug of the bandwidth figure. */
    struct fig_style ghost = {"mapped", "reuse", "mapped", "mapped"};
    g->key.e[g->key.n++] = ghost;
    CHECK("a key entry drawn by no curve fails", fig_check_key(g, why, sizeof(why)) < 0, "passed");
    CHECK_STR("and says which", why,
              "key entry 'mapped' (mapped/reuse/mapped) is drawn by no curve or line");
    g->key.n--;

    /* A curve whose dash no key or note explains: reallocate drawn under a reuse key. */
    struct fig_style dashed = {"pinned", "reallocate", "pinned", ""};
    fig_block(g, sink, &dashed, "x");
    CHECK("a curve of a line no entry explains fails", fig_check_key(g, why, sizeof(why)) < 0,
          "passed");
    CHECK_STR("and names the curve", why, "curve 5 (pinned/reallocate/pinned) is in no key entry");
    struct fig_style explain = {"", "reallocate", "", "dashed: reallocate"};
    g->notes.e[g->notes.n++] = explain;
    CHECK("a note for its line explains it", fig_check_key(g, why, sizeof(why)) == 0, "%s", why);

    /* Without a key, one curve a panel is named by the panel; two are not. */
    struct fig *h = calloc(1, sizeof(*h));
    const struct fig_style one = {"pinned", "reuse", "sync", ""};
    fig_init(h, "s", 0);
    fig_panel(h, "all", "readings");
    fig_block(h, sink, &one, "x");
    CHECK("one curve without a key passes", fig_check_key(h, why, sizeof(why)) == 0, "%s", why);
    fig_block(h, sink, &one, "x");
    CHECK("two curves without a key fail", fig_check_key(h, why, sizeof(why)) < 0, "passed");
    CHECK_STR("and say where", why, "panel 1 has 2 curves and the figure no key");
    fig_drawn_text(h, text, sizeof(text));
    CHECK_STR("one panel, no key: nothing to name", text, "");
    free(g);
    free(h);
    fclose(sink);
    return check_exit();
}
