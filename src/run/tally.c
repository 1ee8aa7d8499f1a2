/*
 * tally.c - the tables at the end of a run (see tally.h).
 */
#include "run/tally.h"
#include "base/units.h"
#include "record/summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How many unstable configurations the end of a run names; the rest are counted. */
#define TALLY_SAY_UNSTABLE 20

int tally_init(struct run_tally *t, size_t configs)
{
    size_t cells = configs ? configs : 1;
    memset(t, 0, sizeof(*t));
    t->pipes = calloc(cells, sizeof(*t->pipes));
    t->unstable = calloc(cells, sizeof(*t->unstable));
    return t->pipes && t->unstable ? 0 : -1;
}

void tally_free(struct run_tally *t)
{
    free(t->pipes);
    free(t->unstable);
    memset(t, 0, sizeof(*t));
}

void tally_peak(struct run_tally *t, const struct result *r, const struct summary *s)
{
    if (r->status != RESULT_OK || !api_is_copy(config_api(r->config)))
        return;
    struct tally_peak *p = &t->peaks[config_alloc(r->config)][config_direction(r->config)];
    if (!isnan(s->gbps.median) && s->gbps.median > p->gbps) {
        p->gbps = s->gbps.median;
        p->size = config_size(r->config);
    }
}

void tally_row(struct run_tally *t, const struct result *r, const struct summary *s)
{
    if (r->status == RESULT_OK && config_api(r->config) == API_PIPELINE)
        t->pipes[t->npipes++] =
            (struct tally_pipe){r->config, s->pipeline_ms_median, s->serial_ms_median,
                                s->ideal_ms_median, s->overlap_median};
    if (r->status == RESULT_OK && s->rounds > 1 && record_stable(&s->agree) == 0)
        t->unstable[t->nunstable++] = r->config->index;
}

void tally_forget(struct run_tally *t, int config)
{
    size_t k = 0;
    for (size_t i = 0; i < t->nunstable; i++)
        if (t->unstable[i] != config)
            t->unstable[k++] = t->unstable[i];
    t->nunstable = k;
    k = 0;
    for (size_t i = 0; i < t->npipes; i++)
        if (t->pipes[i].c->index != config)
            t->pipes[k++] = t->pipes[i];
    t->npipes = k;
}

/* The table of peaks; with several GPUs, each cell is the best of the GPUs measured alone. */
static void print_peaks(FILE *out, const struct tally_peak peaks[ALLOC_COUNT][DIR_COUNT], int gpus)
{
    char size[32], cell[64];
    int rows = 0;
    for (int a = 0; a < ALLOC_COUNT; a++)
        for (int d = 0; d < DIR_COUNT; d++)
            rows += peaks[a][d].size != 0;
    if (!rows)
        return; /* no copies: pipelines, zero-copy and host access are in the CSV and figures */
    fprintf(out, "peak bandwidth, GB/s (median of samples%s) @ size:\n%-20s",
            gpus > 1 ? ", the best GPU alone" : "", "alloc");
    for (int d = 0; d < DIR_COUNT; d++)
        fprintf(out, "  %-18s", schema_value_name(AXIS_DIRECTION, d));
    fputc('\n', out);
    for (int a = 0; a < ALLOC_COUNT; a++) {
        int any = 0;
        for (int d = 0; d < DIR_COUNT; d++)
            any |= peaks[a][d].size != 0;
        if (!any)
            continue;
        fprintf(out, "%-20s", schema_value_name(AXIS_ALLOC, a));
        for (int d = 0; d < DIR_COUNT; d++) {
            if (peaks[a][d].size)
                snprintf(cell, sizeof(cell), "%.2f @ %s", peaks[a][d].gbps,
                         units_format_size(peaks[a][d].size, size, sizeof(size)));
            else
                snprintf(cell, sizeof(cell), "-");
            fprintf(out, "  %-18s", cell);
        }
        fputc('\n', out);
    }
}

static void print_pipelines(FILE *out, const struct tally_pipe *p, size_t n)
{
    if (!n)
        return;
    fprintf(out,
            "pipelines, ms (median): pipeline against the stages' serial sum and the "
            "longest stage:\n%-20s %-7s %7s %6s %-9s %9s %9s %9s %8s\n",
            "alloc", "kernel", "streams", "chunks", "size", "pipeline", "serial", "ideal",
            "overlap");
    for (size_t i = 0; i < n; i++) {
        char kernel[32], size[32];
        const struct config *c = p[i].c;
        fprintf(out, "%-20s %-7s %7d %6d %-9s %9.2f %9.2f %9.2f %7.2fx\n",
                schema_value_name(AXIS_ALLOC, config_alloc(c)),
                schema_value_text(AXIS_KERNEL, c->v[AXIS_KERNEL], kernel, sizeof(kernel)),
                config_count(c, AXIS_STREAMS), config_count(c, AXIS_CHUNKS),
                units_format_size(config_size(c), size, sizeof(size)), p[i].ms, p[i].serial_ms,
                p[i].ideal_ms, p[i].overlap);
    }
}

/* The configurations whose rounds disagree (stable=no): a few by number, more counted. */
static void print_unstable(FILE *out, const struct run_tally *t, const struct experiment *e)
{
    if (e->measure.rounds <= 1)
        return;
    fprintf(out,
            "rounds: %d; %zu configuration%s whose rounds disagree more than their noise allows "
            "(stable=no in summary.csv)%s",
            e->measure.rounds, t->nunstable, t->nunstable == 1 ? "" : "s",
            t->nunstable ? ":" : "");
    for (size_t k = 0; k < t->nunstable && k < TALLY_SAY_UNSTABLE; k++)
        fprintf(out, " %d", t->unstable[k]);
    if (t->nunstable > TALLY_SAY_UNSTABLE)
        fprintf(out, " and %zu more", t->nunstable - TALLY_SAY_UNSTABLE);
    fputc('\n', out);
}

void tally_print(FILE *out, const struct run_tally *t, int gpus, const struct experiment *e)
{
    print_peaks(out, t->peaks, gpus);
    print_pipelines(out, t->pipes, t->npipes);
    print_unstable(out, t, e);
}
