/*
 * test_experiment.c - every key of measure: lands in the field its schema
 * row names, and the test names every key the schema declares.  samples and
 * the adaptive keys may not be given together, so they are set in two files.
 */
#include "check.h"
#include "experiment/experiment.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
    static const char text[] = "sweep: {size: 4KiB}\n"
                               "measure:\n"
                               "  warmup: 7\n"
                               "  min_samples: 3\n"
                               "  max_samples: 40\n"
                               "  target_rsd: 1.5%\n"
                               "  max_time: 3s\n"
                               "  min_sample_time: 5ms\n"
                               "  max_batch: 123\n"
                               "  order: shuffled\n"
                               "  seed: 42\n"
                               "  verify: true\n"
                               "  rounds: 4\n"
                               "  sentinel: 1\n"
                               "  sentinel_every: 500ms\n"
                               "  repair: 25%\n"
                               "  process_per_round: yes\n";
    static const char fixed[] = "sweep: {size: 4KiB}\n"
                                "measure:\n"
                                "  samples: 11\n";
    struct experiment e;
    FILE *sink = fopen("/dev/null", "w");
    int rc = experiment_parse("fixed.yaml", fixed, strlen(fixed), &e, sink);
    CHECK("a file setting samples loads", rc == 0, "rc %d", rc);
    if (rc == 0) {
        CHECK("samples lands in its field", e.measure.samples == 11, "samples %d",
              e.measure.samples);
        experiment_free(&e);
    }
    rc = experiment_parse("keys.yaml", text, strlen(text), &e, sink);
    CHECK("a file setting every other measure key loads", rc == 0, "rc %d", rc);
    if (rc == 0) {
        const struct measure_opts *m = &e.measure;
        CHECK("every measure key lands in its field",
              m->warmup == 7 && m->samples == 0 && m->min_samples == 3 && m->max_samples == 40 &&
                  m->target_rsd_pct == 1.5 && m->max_time_ms == 3000 && m->min_sample_ms == 5 &&
                  m->max_batch == 123 && m->shuffled == 1 && m->seed == 42 && m->seed_given &&
                  m->verify == 1 && m->rounds == 4 && m->sentinel == 1 &&
                  m->sentinel_every_ms == 500 && m->repair_pct == 25 && m->process_per_round == 1,
              "warmup %d samples %d min %d max %d rsd %g time %g sample %g batch %d order %d "
              "seed %d/%d verify %d",
              m->warmup, m->samples, m->min_samples, m->max_samples, m->target_rsd_pct,
              m->max_time_ms, m->min_sample_ms, m->max_batch, m->shuffled, m->seed, m->seed_given,
              m->verify);
        experiment_free(&e);
    }
    /* The file above names every key the schema has: a new key must be added here and there. */
    size_t named = 0;
    for (size_t i = 0; i < schema_measure_nkeys; i++) {
        char line[64];
        snprintf(line, sizeof(line), "\n  %s: ", schema_measure_keys[i].name);
        named += strstr(text, line) != NULL || strstr(fixed, line) != NULL;
    }
    CHECK("the test sets every measure key the schema declares", named == schema_measure_nkeys,
          "%zu of %zu", named, schema_measure_nkeys);
    fclose(sink);
    return check_exit();
}
