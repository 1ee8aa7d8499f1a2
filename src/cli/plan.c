/*
 * plan.c - printing the expanded sweep (see plan.h).
 */
#include "cli/plan.h"
#include "experiment/shard.h"
#include "experiment/rounds.h"
#include "experiment/budget.h"
#include "host/sysinfo.h"
#include "base/units.h"

#include <math.h>
#include <string.h>

/* Wide enough for the axis's name and its longest value. */
static int column_width(int axis)
{
    int w = (int)strlen(schema_axes[axis].name);
    for (int v = 0; v < schema_axes[axis].nvalues; v++)
        if ((int)strlen(schema_axes[axis].values[v].name) > w)
            w = (int)strlen(schema_axes[axis].values[v].name);
    return w < 6 ? 6 : w;
}

/*
 * The expected time line: shard_expected_s on one GPU; over a list of n GPUs
 * n times that (n + 1 with gpus: together: each alone, then together); for
 * device: all, per GPU, as the node's count is not known before the run.
 */
static void plan_print_expected(FILE *out, const struct experiment *e, const struct sweep *s)
{
    double one_s = shard_expected_s(s, &e->measure);
    int n = e->devices_all ? 1 : e->ndevices > 1 ? e->ndevices : 1;
    int passes = n > 1 ? n + (e->gpus_together != 0) : 1;
    char where[96] = "";
    if (e->devices_all)
        snprintf(where, sizeof(where), " per GPU (device: all: that for each GPU of the node%s)",
                 e->gpus_together ? ", and once more together" : "");
    else if (n > 1)
        snprintf(where, sizeof(where), " on %d GPUs", n);
    fprintf(out,
            "expected time: about %.0f s%s by a rough H200 model (what --shard balances by and "
            "pinsweep-slurm sizes --time from; not a measurement)\n",
            ceil(one_s * passes), where);
}

/*
 * The axes the plan shows: those up to touch always, the later ones (streams
 * to pages) only when some configuration sets them away from their default.
 */
static void shown_axes(const struct sweep *s, int shown[AXIS_SIZE])
{
    for (int a = 0; a < AXIS_SIZE; a++) {
        shown[a] = a <= AXIS_TOUCH;
        for (size_t i = 0; i < s->n && !shown[a]; i++)
            shown[a] = !schema_is_default(a, s->configs[i].v[a]);
    }
}

void plan_print_together(FILE *out, const struct sweep *s, uint64_t cap, int gpus)
{
    struct budget b = {.pinned_cap = cap, .ram = sysinfo_ram_bytes()};
    size_t alone_only = 0;
    char why[400];
    for (size_t i = 0; i < s->n; i++)
        alone_only +=
            budget_check(&s->configs[i], &b, why, sizeof(why)) == BUDGET_FITS &&
            budget_check_together(&s->configs[i], gpus, &b, why, sizeof(why)) != BUDGET_FITS;
    if (alone_only)
        fprintf(out,
                "together on %d GPUs: %zu configuration%s fit%s one GPU but not all at once "
                "(each GPU holds its own buffers): measured alone, together rows skipped\n",
                gpus, alone_only, alone_only == 1 ? "" : "s", alone_only == 1 ? "s" : "");
}

void plan_print(FILE *out, const struct experiment *e, const struct sweep *s, uint64_t cap,
                const char *cap_text)
{
    size_t over = 0, over_ram = 0;
    char size[32];
    struct budget b = {.pinned_cap = cap, .ram = sysinfo_ram_bytes()}; /* GPU unknown here */
    if (e->devices_all || e->ndevices > 1) {
        fprintf(out, "experiment %s (%s), devices ", e->name, e->path);
        if (e->devices_all)
            fprintf(out, "all");
        for (int i = 0; i < e->ndevices; i++)
            fprintf(out, "%s%d", i ? ", " : "", e->devices[i]);
        fprintf(out, ", gpus %s\n",
                e->gpus_together ? "together (each alone, then all at once: a row per GPU alone "
                                   "and together, and an aggregate)"
                                 : "each (one after another, a row per GPU)");
    } else {
        fprintf(out, "experiment %s (%s), device %d\n", e->name, e->path, e->device);
    }
    int shown[AXIS_SIZE];
    shown_axes(s, shown);
    fprintf(out, "%6s", "config");
    for (int a = 0; a < AXIS_SIZE; a++)
        if (shown[a])
            fprintf(out, "  %-*s", column_width(a), schema_axes[a].name);
    fprintf(out, "  %-12s %-9s %s\n", "size", "pinned", "device");
    for (size_t i = 0; i < s->n; i++) {
        const struct config *c = &s->configs[i];
        fprintf(out, "%6d", c->index);
        for (int a = 0; a < AXIS_SIZE; a++) {
            char text[32];
            if (shown[a])
                fprintf(out, "  %-*s", column_width(a),
                        schema_value_text(a, c->v[a], text, sizeof(text)));
        }
        fprintf(out, "  %-12s", units_format_size(config_size(c), size, sizeof(size)));
        uint64_t pinned = budget_pinned_bytes(c);
        fprintf(out, " %-9s", pinned ? units_format_size(pinned, size, sizeof(size)) : "-");
        uint64_t dev = budget_device_bytes(c);
        fprintf(out, " %s", dev ? units_format_size(dev, size, sizeof(size)) : "-");
        char why[400];
        enum budget_verdict v = budget_check(c, &b, why, sizeof(why));
        if (v == BUDGET_OVER_PINNED_CAP) {
            fprintf(out, "  SKIP: over the pinned cap");
            over++;
        } else if (v == BUDGET_OVER_RAM) {
            fprintf(out, "  SKIP: pageable, larger than the RAM");
            over_ram++;
        }
        fputc('\n', out);
    }
    fprintf(out, "%zu configuration%s", s->n, s->n == 1 ? "" : "s");
    if (s->excluded || s->not_applicable || s->duplicates)
        fprintf(out, " (dropped: %zu excluded, %zu not applicable, %zu repeated)", s->excluded,
                s->not_applicable, s->duplicates);
    fprintf(out, "\n");
    for (int i = 0; i < SWEEP_NA_RULES; i++)
        if (s->na_counts[i])
            fprintf(out, "not applicable (%zu): %s\n", s->na_counts[i], sweep_na_rules[i].why);
    fprintf(out, "pinned cap: %s", cap_text);
    if (over)
        fprintf(out, "; %zu configuration%s over it will be skipped\n", over, over == 1 ? "" : "s");
    else
        fprintf(out, "; every configuration fits\n");
    if (over_ram)
        fprintf(out, "RAM: %s; %zu pageable configuration%s larger will be skipped\n",
                units_format_approx(b.ram, size, sizeof(size)), over_ram, over_ram == 1 ? "" : "s");
    if (e->gpus_together && !e->devices_all && e->ndevices > 1)
        plan_print_together(out, s, cap, e->ndevices);
    const struct measure_opts *m = &e->measure;
    if (m->shuffled && m->seed_given)
        fprintf(out, "order: shuffled with seed %d (listed in run order)\n", m->seed);
    else if (m->shuffled)
        fprintf(out, "order: shuffled with a seed chosen when the run starts (listed in plan "
                     "order; give measure.seed to fix it)\n");
    if (m->rounds > 1) {
        struct measure_opts r;
        rounds_round_opts(m, &r);
        fprintf(out,
                "rounds: %d, each in its own shuffled order (%s); the budget below is shared: "
                "a round takes %d to %d samples within %.3gs\n",
                m->rounds, m->seed_given ? "from measure.seed" : "seed chosen when the run starts",
                r.samples ? r.samples : r.min_samples, r.samples ? r.samples : r.max_samples,
                r.max_time_ms / 1e3);
        if (m->process_per_round)
            fprintf(out, "rounds: each measured in a new process with its own CUDA context "
                         "(process_per_round: yes), then merged\n");
    } else if (m->process_per_round) {
        fprintf(out, "process_per_round: yes changes nothing with one round\n");
    }
    if (m->samples > 0)
        fprintf(out, "each: %d warm-up and %d timed samples", m->warmup, m->samples);
    else
        fprintf(out,
                "each: %d warm-up, then %d to %d samples until their rsd is <= %g%% "
                "(at most %gs)",
                m->warmup, m->min_samples, m->max_samples, m->target_rsd_pct, m->max_time_ms / 1e3);
    fprintf(out, "; reuse batches copies so a sample lasts >= %gms (at most %d copies)\n",
            m->min_sample_ms, m->max_batch);
    plan_print_expected(out, e, s);
}
