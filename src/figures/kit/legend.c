/*
 * legend.c - laying out legends and notes (see legend.h).
 */
#include "figures/kit/legend.h"
#include "experiment/schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct fig_style fig_key_blank = {"-", "", "", " "};

int legend_grid(struct fig_legend *L, const struct fig_style *cells, size_t nrows, size_t ncols)
{
    if (L->n + nrows * ncols > FIG_MAX_KEYS)
        return -1;
    for (size_t c = 0; c < ncols; c++)
        for (size_t r = 0; r < nrows; r++)
            L->e[L->n++] = cells[r * ncols + c];
    L->cols = ncols;
    return 0;
}

int legend_groups(struct fig_legend *L, const struct fig_style *const groups[],
                  const size_t counts[], size_t ngroups, size_t ncols)
{
    size_t nrows = 0, row = 0;
    for (size_t i = 0; i < ngroups; i++)
        nrows += (counts[i] + ncols - 1) / ncols;
    if (nrows == 0)
        return 0;
    struct fig_style *cells = calloc(nrows * ncols, sizeof(*cells));
    if (!cells)
        return -1;
    for (size_t i = 0; i < nrows * ncols; i++)
        cells[i] = fig_key_blank;
    for (size_t i = 0; i < ngroups; i++) {
        memcpy(cells + row * ncols, groups[i], counts[i] * sizeof(*cells));
        row += (counts[i] + ncols - 1) / ncols;
    }
    int rc = legend_grid(L, cells, nrows, ncols);
    free(cells);
    return rc;
}

int legend_flow(struct fig_legend *L, const struct fig_style *entries, size_t n, size_t max_cols)
{
    const struct fig_style *groups[] = {entries};
    size_t counts[] = {n};
    return n ? legend_groups(L, groups, counts, 1, n < max_cols ? n : max_cols) : 0;
}

size_t plot_alloc_entries(const int seen[], const char *line, struct fig_style *out)
{
    size_t n = 0;
    for (int a = 0; a < ALLOC_COUNT; a++)
        if (seen[a]) {
            const char *kind = schema_value_name(AXIS_ALLOC, a);
            out[n] = (struct fig_style){kind, line ? line : kind, kind};
            snprintf(out[n].title, sizeof(out[0].title), "%s", out[n].color);
            n++;
        }
    return n;
}
