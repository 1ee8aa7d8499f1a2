/*
 * curves.c - what the copy figures share (see curves.h): the style table
 * of a curve, its panel, and rows of a curve by size.
 */
#include "figures/curves.h"
#include "analysis/breakeven.h"
#include "experiment/schema.h"
#include "base/units.h"

#include <math.h>
#include <string.h>

/*
 * The kind of line of a curve when a figure tells curves of one alloc kind
 * apart by dash (plots/style.gp gives each a dash): its buffer mode, or for
 * a host buffer not in its steady state (flushed from the caches, pages
 * touched for the first time) that state; a zero-copy kernel's curve has a
 * dash of its own, so that it is not taken for the copy engine's.
 */
const char *curve_line_kind(const struct plot_row *r)
{
    int flushed = r->cache == CACHE_FLUSHED, first = r->touch == TOUCH_FIRST;
    if (flushed || first)
        return flushed && first ? "flushed+first-touch" : flushed ? "flushed" : "first-touch";
    if (r->api == API_ZEROCOPY)
        return "zerocopy";
    return schema_value_name(AXIS_BUFFER, r->buffer);
}

/* The style table: an alloc kind's colour and point in every figure; line says the variant. */
void curve_style(struct fig_style *s, const struct plot_row *r)
{
    s->color = schema_value_name(AXIS_ALLOC, r->alloc);
    s->line = curve_line_kind(r);
    s->point = s->color;
    s->title[0] = '\0';
}

/* The panel group of an api: sync alone; async with the zero-copy kernels it is compared with. */
int curve_api_group(int api)
{
    return api == API_SYNC ? 0 : 1;
}

/* Is curve c in the panel of direction dir and api group grp? */
int curve_in_panel(const struct plot_input *in, const struct plot_curve *c, int dir, int grp)
{
    const struct plot_row *r = &in->rows[c->first];
    return r->dir == dir && curve_api_group(r->api) == grp;
}

const struct plot_row *curve_row(const struct plot_input *in, const struct plot_curve *c, size_t i)
{
    return &in->rows[c->first + i];
}

/* The row of curve c at size bytes, or NULL. */
const struct plot_row *curve_row_at(const struct plot_input *in, const struct plot_curve *c,
                                     double size)
{
    for (size_t i = 0; i < c->n; i++)
        if (in->rows[c->first + i].size_bytes == size)
            return &in->rows[c->first + i];
    return NULL;
}

/* The one api drawn, "sync" or "async" (a title's detail), or "" when both were. */
const char *curve_one_api(const int seen_api[API_COUNT])
{
    if (seen_api[API_SYNC] && !seen_api[API_ASYNC])
        return "sync";
    if (seen_api[API_ASYNC] && !seen_api[API_SYNC])
        return "async";
    return "";
}

/* The panel of direction dir and api, titled with the api when the figure has both. */
int curve_api_panel(struct fig *g, const struct plot_input *in, int dir, int api,
                      const char *columns, const char *data_dir, FILE **f)
{
    char tag[48], title[96];
    int both = 0;
    for (size_t c = 0; c < in->ncurves; c++)
        both |= in->rows[in->curves[c].first].api != api &&
                api_is_copy(in->rows[in->curves[c].first].api);
    /* The sync panel keeps the direction's name. */
    snprintf(tag, sizeof(tag), "%s%s%s", schema_value_name(AXIS_DIRECTION, dir),
             both && api != API_SYNC ? "-" : "",
             both && api != API_SYNC ? schema_value_name(AXIS_API, api) : "");
    snprintf(title, sizeof(title), "%s%s%s", plot_dir_titles[dir], both ? ", " : "",
             both ? schema_value_name(AXIS_API, api) : "");
    if (fig_panel(g, tag, title) < 0 || !(*f = fig_panel_create(g, data_dir, "", columns)))
        return -1;
    return 0;
}

/*
 * The GB/s intervals break-even row b stands on: pageable's and b's kind's
 * reused copies at b's size, direction and api; NULL where not measured.
 */
static void copies_of(const struct plot_input *in, const struct breakeven_row *b,
                      const struct interval **pageable, const struct interval **kind)
{
    const struct plot_curve *pc =
        plot_find_curve(in, (int)b->dir, ALLOC_PAGEABLE, BUFFER_REUSE, (int)b->api, NULL);
    const struct plot_curve *kc =
        plot_find_curve(in, (int)b->dir, (int)b->alloc, BUFFER_REUSE, (int)b->api, NULL);
    const struct plot_row *p = pc ? curve_row_at(in, pc, b->size_bytes) : NULL;
    const struct plot_row *k = kc ? curve_row_at(in, kc, b->size_bytes) : NULL;
    *pageable = p ? &p->iv[IV_GBPS] : NULL;
    *kind = k ? &k->iv[IV_GBPS] : NULL;
}

double curve_breakeven_interval(const struct plot_input *in, const struct breakeven_row *b,
                                double *lo, double *hi)
{
    const struct interval *p, *k;
    copies_of(in, b, &p, &k);
    return breakeven_interval(b, p, k, lo, hi);
}

int curve_breakeven_status(const struct plot_input *in, const struct breakeven_row *b)
{
    const struct interval *p, *k;
    copies_of(in, b, &p, &k);
    return breakeven_status(b, p, k);
}

/* Append "A" or "A–B" (sizes a, b) to buf, after ", " unless it is the first. */
static void add_run(double a, double b, int first, char *buf, size_t n, size_t *len)
{
    char x[32], y[32];
    units_format_human((uint64_t)a, x, sizeof(x));
    units_format_human((uint64_t)b, y, sizeof(y));
    if (*len + 1 >= n)
        return;
    int w = snprintf(buf + *len, n - *len, "%s%s%s%s", first ? "" : ", ", x, a != b ? "–" : "",
                     a != b ? y : "");
    *len = w < 0 ? *len : *len + (size_t)w >= n ? n - 1 : *len + (size_t)w;
}

size_t curve_breakeven_sizes(const struct plot_input *in, int alloc, int dir, int api, int st,
                             char *buf, size_t n, size_t *len)
{
    const struct breakeven_row *start = NULL, *prev = NULL;
    size_t count = 0, runs = 0;
    for (size_t i = 0; i <= in->nbreakeven; i++) {
        const struct breakeven_row *b = i < in->nbreakeven ? &in->breakeven[i] : NULL;
        if (b &&
            !(b->alloc == (uint64_t)alloc && b->dir == (uint64_t)dir && b->api == (uint64_t)api))
            continue;
        if (b && curve_breakeven_status(in, b) == st) {
            start = start ? start : b;
            prev = b;
            count++;
            continue;
        }
        if (start) /* a run ends: at a size of another status, or after the last */
            add_run(start->size_bytes, prev->size_bytes, runs++ == 0, buf, n, len);
        start = NULL;
    }
    return count;
}

void curve_pen_start(struct curve_pen *p, const struct plot_input *in, const struct plot_row *r)
{
    *p = (struct curve_pen){in, r, NAN, 0};
}

/* Was a copy like the pen's curve (its direction, buffer mode, api, device) measured in (a, b)? */
static int measured_between(const struct curve_pen *p, double a, double b)
{
    const struct plot_row *c = p->like;
    for (size_t i = 0; c && i < p->in->nrows; i++) {
        const struct plot_row *r = &p->in->rows[i];
        if (r->size_bytes > a && r->size_bytes < b && r->dir == c->dir && r->buffer == c->buffer &&
            r->api == c->api && strcmp(r->device ? r->device : "", c->device ? c->device : "") == 0)
            return 1;
    }
    return 0;
}

void curve_pen_at(struct curve_pen *p, FILE *f, double x)
{
    if (!isnan(p->last) && (p->broken || measured_between(p, fmin(p->last, x), fmax(p->last, x))))
        fputc('\n', f); /* one blank line: gnuplot breaks the line there */
    p->last = x;
    p->broken = 0;
}

void curve_pen_skip(struct curve_pen *p)
{
    p->broken = 1;
}
