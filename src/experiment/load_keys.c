/*
 * load_keys.c - the value of a plain key (measure:, limits:, name, device),
 * read by its type in schema.h's tables into the field the table names, and
 * the value each key holds when the file leaves it out.
 */
#include "experiment/loader.h"
#include "base/suggest.h"
#include "base/units.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * The parsers of a key's value.  Each reads v as def says, checks it and
 * stores it in the field of the experiment (e, as bytes) at def->offset;
 * returns 0, or -1 after reporting what is wrong.
 */

/* A whole number within the key's bounds, into an int. */
static int parse_int(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    const char *s = scalar(v);
    if (!s || is_empty(v)) {
        ERR(ld, v, "'%s' needs a whole number from %.0f to %.0f, not %s", def->name, def->min,
            def->max, node_kind(v));
        return -1;
    }
    if (loader_plain_number(ld, v, def->name, "10") < 0)
        return -1;
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (end == s || *end || errno == ERANGE || n < def->min || n > def->max) {
        ERR(ld, v, "'%s' must be a whole number from %.0f to %.0f, not '%s'", def->name, def->min,
            def->max, s);
        return -1;
    }
    *FIELD(int, e, def->offset) = (int)n;
    return 0;
}

/* A duration, into a double of milliseconds. */
static int parse_duration(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    double *ms = FIELD(double, e, def->offset);
    char err[256];
    const char *s = scalar(v);
    if (!s || is_empty(v)) {
        ERR(ld, v, "'%s' needs a duration such as 2ms, not %s", def->name, node_kind(v));
        return -1;
    }
    if (loader_plain_number(ld, v, def->name, "2ms") < 0)
        return -1;
    if (units_parse_duration(s, ms, err, sizeof(err)) < 0) {
        ERR(ld, v, "%s: %s", def->name, err);
        return -1;
    }
    if (*ms < def->min || *ms > def->max) {
        ERR(ld, v, "'%s' must be from %gms to %gms, not '%s'", def->name, def->min, def->max, s);
        return -1;
    }
    return 0;
}

/*
 * A percentage with its '%', into a double.  A bare number is refused, as a
 * duration without its unit is: 0.005 would be a fraction (0.5%) to one
 * reader and 0.005% to another.
 */
static int parse_percent(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    const char *s = scalar(v);
    char *end = NULL;
    if (s && !is_empty(v) && loader_plain_number(ld, v, def->name, "0.5%") < 0)
        return -1;
    double x = s && !is_empty(v) ? strtod(s, &end) : NAN;
    if (end && end != s && !*end && isfinite(x) && x >= 0 && x <= def->max) {
        if (x > 0 && x < 1)
            ERR(ld, v,
                "'%s: %s' has no '%%': a bare number below 1 looks like a fraction; write %g%% "
                "(or %s%% if that is meant)",
                def->name, s, x * 100, s);
        else
            ERR(ld, v,
                "'%s: %s' has no '%%'; write %s%% (a percentage takes its sign, as a "
                "duration takes its unit)",
                def->name, s, s);
        return -1;
    }
    if (end && *end == '%')
        end++;
    if (!s || end == s || !end || *end || !isfinite(x) || x < def->min || x > def->max) {
        ERR(ld, v, "'%s' must be a percentage from %g%% to %g%%, such as 0.5%%, not '%s'",
            def->name, def->min, def->max, s ? s : node_kind(v));
        return -1;
    }
    *FIELD(double, e, def->offset) = x;
    return 0;
}

/* One of def->choices, into an int: its position. */
static int parse_choice(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    const char *s = scalar(v);
    char allowed[256] = "";
    for (int i = 0; def->choices[i]; i++) {
        if (s && strcmp(s, def->choices[i]) == 0) {
            *FIELD(int, e, def->offset) = i;
            return 0;
        }
        snprintf(allowed + strlen(allowed), sizeof(allowed) - strlen(allowed), "%s%s",
                 i ? " | " : "", def->choices[i]);
    }
    const char *hint = s && diag_will_show(&ld->diag) ? suggest_word(s, def->choices) : NULL;
    ERR(ld, v, "'%s' must be one of %s, not '%s'%s%s%s", def->name, allowed, s ? s : node_kind(v),
        hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
    return -1;
}

/* yes or no (true, false; YAML's booleans), into an int: 1 or 0. */
static int parse_bool(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    static const char *const words[] = {"no", "yes", "false", "true", NULL};
    const char *s = scalar(v);
    for (int i = 0; s && words[i]; i++)
        if (strcmp(s, words[i]) == 0) {
            *FIELD(int, e, def->offset) = i % 2;
            return 0;
        }
    const char *hint = s && diag_will_show(&ld->diag) ? suggest_word(s, words) : NULL;
    ERR(ld, v, "'%s' must be yes or no (or true, false), not '%s'%s%s%s", def->name,
        s ? s : node_kind(v), hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
    return -1;
}

/* Text, into a char * (a copy; the old text is freed). */
static int parse_string(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    char **slot = FIELD(char *, e, def->offset);
    const char *s = scalar(v);
    char *copy;
    if (!s) {
        ERR(ld, v, "'%s' must be text, not %s", def->name, node_kind(v));
        return -1;
    }
    if (!(copy = strdup(s)))
        return -1;
    free(*slot);
    *slot = copy;
    return 0;
}

/* A size or a percentage: "16GiB" into a uint64_t, or "25%" into the double at offset_pct. */
static int parse_size_or_pct(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    uint64_t *bytes = FIELD(uint64_t, e, def->offset);
    double *pct = FIELD(double, e, def->offset_pct);
    const char *s = scalar(v);
    size_t len = s ? strlen(s) : 0;
    if (!s || len == 0) { /* `key:` and `key: ""` alike */
        ERR(ld, v, "'%s' needs a size such as 16GiB or a share of RAM such as 50%%, not %s",
            def->name, s ? "an empty value" : node_kind(v));
        return -1;
    }
    if (loader_plain_number(ld, v, def->name, "16GiB or 50%") < 0)
        return -1;
    if (len == strspn(s, "0123456789.")) {
        ERR(ld, v,
            "'%s: %s' has no unit: write %s%% for a share of RAM, or a size with its unit "
            "such as %sGiB",
            def->name, s, s, s);
        return -1;
    }
    if (s[len - 1] == '%') {
        char *end;
        double x = strtod(s, &end);
        if (end != s + len - 1 || !(x > 0) || x > 100) {
            ERR(ld, v, "'%s' must be a share of RAM above 0%% and at most 100%%, not '%s'",
                def->name, s);
            return -1;
        }
        *pct = x;
        *bytes = 0;
        return 0;
    }
    if (loader_size_scalar(ld, v, bytes) < 0)
        return -1;
    *pct = 0;
    return 0;
}

/* One GPU index of device's list into devices[]; a repeat is an error. */
static int parse_device_item(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    struct experiment *x = (struct experiment *)e;
    if (parse_int(ld, def, v, e) < 0)
        return -1;
    for (int i = 0; i < x->ndevices; i++)
        if (x->devices[i] == x->device) {
            ERR(ld, v, "device %d is listed twice; list each GPU once", x->device);
            return -1;
        }
    if (x->ndevices == EXPERIMENT_MAX_DEVICES) {
        ERR(ld, v, "'device' lists more than %d GPUs", EXPERIMENT_MAX_DEVICES);
        return -1;
    }
    x->devices[x->ndevices++] = x->device;
    return 0;
}

/* device: a GPU index, a list of them ([0, 1]) or all. */
static int parse_devices(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    struct experiment *x = (struct experiment *)e;
    x->ndevices = 0;
    if (v->type == YAML_SCALAR_NODE && scalar(v) && strcmp(scalar(v), "all") == 0) {
        x->devices_all = 1;
        return 0;
    }
    if (v->type == YAML_MAPPING_NODE) {
        ERR(ld, v, "'device' needs a GPU index such as 0, a list such as [0, 1], or all, not %s",
            node_kind(v));
        return -1;
    }
    if (v->type != YAML_SEQUENCE_NODE)
        return parse_device_item(ld, def, v, e);
    if (v->data.sequence.items.start == v->data.sequence.items.top) {
        ERR(ld, v, "'device' lists no GPU; give an index such as 0, a list such as [0, 1], or all");
        return -1;
    }
    int rc = 0, first = -1;
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top;
         it++) {
        yaml_node_t *item = yaml_document_get_node(&ld->doc, *it);
        if (item && parse_device_item(ld, def, item, e) < 0)
            rc = -1;
        else if (first < 0)
            first = x->device;
    }
    x->device = first < 0 ? 0 : first;
    return rc;
}

/* The parser of each type of key; the keys that hold a structure have none here. */
static int (*const parsers[])(struct loader *ld, const struct key_def *def, yaml_node_t *v,
                              char *e) = {
    [KEY_STRING] = parse_string,     [KEY_INT] = parse_int,
    [KEY_DURATION] = parse_duration, [KEY_PERCENT] = parse_percent,
    [KEY_CHOICE] = parse_choice,     [KEY_SIZE_OR_PERCENT] = parse_size_or_pct,
    [KEY_DEVICES] = parse_devices,   [KEY_BOOL] = parse_bool,
};

/* Parse v by def's type into the fields def names (schema.h); errors are reported. */
void loader_store_key(struct loader *ld, const struct key_def *def, yaml_node_t *v)
{
    char *e = (char *)ld->exp;
    int rc = -1;
    if (def->offset_mark)
        *FIELD(struct mark, e, def->offset_mark) = node_mark(v);
    if ((size_t)def->type < sizeof(parsers) / sizeof(parsers[0]) && parsers[def->type])
        rc = parsers[def->type](ld, def, v, e);
    if (rc == 0 && def->offset_given)
        *FIELD(int, e, def->offset_given) = 1;
}

/* The value a key holds when the file leaves it out (schema.h's default_value). */
void loader_store_default(struct experiment *exp, const struct key_def *def)
{
    char *e = (char *)exp;
    if (def->offset_mark)
        *FIELD(struct mark, e, def->offset_mark) = (struct mark){-1, -1};
    switch (def->type) {
    case KEY_DEVICES:
        exp->devices[0] = (int)def->default_value;
        exp->ndevices = 1;
        /* fall through */
    case KEY_INT:
    case KEY_CHOICE:
    case KEY_BOOL:
        *FIELD(int, e, def->offset) = (int)def->default_value;
        break;
    case KEY_DURATION:
    case KEY_PERCENT:
        *FIELD(double, e, def->offset) = def->default_value;
        break;
    case KEY_SIZE_OR_PERCENT:
        *FIELD(uint64_t, e, def->offset) = 0;
        *FIELD(double, e, def->offset_pct) = def->default_value;
        break;
    default:
        break; /* strings are set in experiment_parse (the stem, ""); structures start empty */
    }
}
