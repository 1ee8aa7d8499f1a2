/*
 * plan.c - printing the expanded sweep (see plan.h).
 */
#include "plan.h"
#include "units.h"

void plan_print(FILE *out, const struct experiment *e, const struct sweep *s)
{
    char size[32];
    fprintf(out, "experiment %s (%s), device %d\n", e->name, e->path, e->device);
    fprintf(out, "%6s  %-15s %-9s  %-10s  %-5s  %s\n", "config", "alloc", "direction", "buffer",
            "api", "size");
    for (size_t i = 0; i < s->n; i++) {
        const struct config *c = &s->configs[i];
        fprintf(out, "%6d  %-15s %-9s  %-10s  %-5s  %s\n", c->index,
                schema_value_name(AXIS_ALLOC, (int)c->v[AXIS_ALLOC]),
                schema_value_name(AXIS_DIRECTION, (int)c->v[AXIS_DIRECTION]),
                schema_value_name(AXIS_BUFFER, (int)c->v[AXIS_BUFFER]),
                schema_value_name(AXIS_API, (int)c->v[AXIS_API]),
                units_format_size(config_size(c), size, sizeof(size)));
    }
    fprintf(out, "%zu configuration%s", s->n, s->n == 1 ? "" : "s");
    if (s->excluded || s->not_applicable || s->duplicates)
        fprintf(out, " (dropped: %zu excluded, %zu not applicable, %zu repeated)", s->excluded,
                s->not_applicable, s->duplicates);
    fprintf(out, "\n");
    if (s->not_applicable)
        fprintf(out, "not applicable: bidir with api sync (cudaMemcpy cannot overlap two "
                     "directions; use api: async)\n");
    const struct measure_opts *m = &e->measure;
    if (m->samples > 0)
        fprintf(out, "each: %d warm-up and %d timed samples", m->warmup, m->samples);
    else
        fprintf(out, "each: %d warm-up, then %d to %d samples until their rsd is <= %g%% "
                     "(at most %gs)", m->warmup, m->min_samples, m->max_samples,
                m->target_rsd_pct, m->max_time_ms / 1e3);
    fprintf(out, "; reuse batches copies so a sample lasts >= %gms (at most %d copies)\n",
            m->min_sample_ms, m->max_batch);
}
