/*
 * test_schema.c - the schema's defaults agree with themselves: for every key,
 * the default that help and the README show (default_text) parses, through
 * the loader, to the value the loader stores when the key is left out
 * (default_value).  A few defaults are words rather than values ("adaptive");
 * the table below says what each must mean.
 */
#include "check.h"
#include "experiment/experiment.h"

#include <stdio.h>
#include <string.h>

static FILE *sink;

/* Defaults that name what happens rather than a value, and the check of each. */
static int stem_is_name(const struct experiment *e)
{
    return strcmp(e->name, "defaults") == 0;
}
static int description_empty(const struct experiment *e)
{
    return strcmp(e->description, "") == 0;
}
static int samples_adaptive(const struct experiment *e)
{
    return e->measure.samples == 0;
}
static int seed_not_given(const struct experiment *e)
{
    return !e->measure.seed_given;
}

static int sentinel_auto(const struct experiment *e)
{
    return e->measure.sentinel == 0;
}

static const struct {
    const char *key, *text;
    int (*holds)(const struct experiment *e);
} words[] = {
    {"name", "the file's stem", stem_is_name}, {"description", "empty", description_empty},
    {"samples", "adaptive", samples_adaptive}, {"seed", "from the clock", seed_not_given},
    {"sentinel", "auto", sentinel_auto},
};

/* Keys that hold a structure rather than a value (no offset), and what help says of them. */
static const struct {
    const char *key, *text;
} structures[] = {
    {"sweep", "(required)"},
    {"exclude", "none"},
    {"measure", "see below"},
    {"limits", "see below"},
};

/* Bytes the value of a key takes at its offset. */
static size_t value_size(const struct key_def *def)
{
    switch (def->type) {
    case KEY_INT:
    case KEY_CHOICE:
    case KEY_BOOL:
        return sizeof(int);
    case KEY_DURATION:
    case KEY_PERCENT:
        return sizeof(double);
    case KEY_SIZE_OR_PERCENT:
        return sizeof(uint64_t);
    default:
        return 0;
    }
}

static int load(const char *text, struct experiment *e)
{
    return experiment_parse("defaults.yaml", text, strlen(text), e, sink);
}

/* The key written with its default text gives the same fields as the key left out. */
static void check_parses(const struct key_def *def, const char *section, const struct experiment *d)
{
    char text[256], name[128];
    struct experiment e;
    snprintf(name, sizeof(name), "%s%s%s: default '%s' parses to the default value", section,
             *section ? "." : "", def->name, def->default_text);
    if (*section)
        snprintf(text, sizeof(text), "sweep: {size: 4KiB}\n%s: {%s: %s}\n", section, def->name,
                 def->default_text);
    else
        snprintf(text, sizeof(text), "sweep: {size: 4KiB}\n%s: %s\n", def->name, def->default_text);
    if (load(text, &e) != 0) {
        CHECK(name, 0, "'%s' does not load", def->default_text);
        return;
    }
    const char *got = (const char *)&e, *want = (const char *)d;
    int same = memcmp(got + def->offset, want + def->offset, value_size(def)) == 0;
    if (def->offset_pct)
        same &= memcmp(got + def->offset_pct, want + def->offset_pct, sizeof(double)) == 0;
    CHECK(name, same, "the loaded field differs from default_value %g", def->default_value);
    experiment_free(&e);
}

/* The index of key in words[], or -1. */
static int find_word(const char *key)
{
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (strcmp(words[i].key, key) == 0)
            return (int)i;
    return -1;
}

static void check_word(const struct key_def *def, int w, const struct experiment *d)
{
    char name[128];
    snprintf(name, sizeof(name), "%s: default '%s' holds when the key is left out", def->name,
             def->default_text);
    CHECK(name, strcmp(words[w].text, def->default_text) == 0 && words[w].holds(d),
          "help says '%s'; the test knows '%s'", def->default_text, words[w].text);
}

static void check_structure(const struct key_def *def)
{
    char name[128];
    int known = 0;
    snprintf(name, sizeof(name), "%s: holds a structure; help says '%s'", def->name,
             def->default_text);
    for (size_t j = 0; j < sizeof(structures) / sizeof(structures[0]); j++)
        known |= strcmp(structures[j].key, def->name) == 0 &&
                 strcmp(structures[j].text, def->default_text) == 0;
    CHECK(name, known, "a key without a field that the test does not know");
}

static void check_table(const struct key_def *keys, size_t n, const char *section,
                        const struct experiment *d)
{
    for (size_t i = 0; i < n; i++) {
        int w = find_word(keys[i].name);
        if (w >= 0)
            check_word(&keys[i], w, d);
        else if (keys[i].offset)
            check_parses(&keys[i], section, d);
        else
            check_structure(&keys[i]);
    }
}

int main(void)
{
    struct experiment d;
    sink = fopen("/dev/null", "w");
    int rc = load("sweep: {size: 4KiB}\n", &d);
    CHECK("a file with only a sweep loads", rc == 0, "rc %d", rc);
    if (rc == 0) {
        check_table(schema_top_keys, schema_top_nkeys, "", &d);
        check_table(schema_measure_keys, schema_measure_nkeys, "measure", &d);
        check_table(schema_limits_keys, schema_limits_nkeys, "limits", &d);
        CHECK("a key left out has no mark", d.limits.mark.line == -1 && d.device_mark.line == -1,
              "limits %ld device %ld", d.limits.mark.line, d.device_mark.line);
        experiment_free(&d);
    }
    fclose(sink);
    return check_exit();
}
