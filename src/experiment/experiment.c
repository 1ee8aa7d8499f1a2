/*
 * experiment.c - loading experiment files with libyaml's document API.
 *
 * The whole file is parsed into a node tree first (so libyaml reports syntax
 * errors with their marks), then walked against the tables of schema.c.  Each
 * check reports through diag and carries on, so one pass shows every mistake.
 */
#include "experiment/experiment.h"
#include "base/fileio.h"
#include "experiment/yamlguard.h"
#include "base/termsafe.h"
#include "base/suggest.h"
#include "base/units.h"

#include <errno.h>
#include <stddef.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* The most values one range may yield; a bigger sweep is surely a typo. */
#define RANGE_MAX_VALUES 100000

/* The largest buffer pinsweep will try to allocate: 1 TiB. */
#define SIZE_MAX_BYTES (1ULL << 40)

struct loader {
    yaml_document_t doc;
    struct diag diag;
    struct experiment *exp;
};

static struct mark node_mark(const yaml_node_t *n)
{
    struct mark m = {(long)n->start_mark.line, (long)n->start_mark.column};
    return m;
}

#define ERR(ld, node, ...)                                                                         \
    diag_error(&(ld)->diag, (long)(node)->start_mark.line, (long)(node)->start_mark.column,        \
               __VA_ARGS__)

static const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static const char *node_kind(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_MAPPING_NODE:
        return "a mapping";
    case YAML_SEQUENCE_NODE:
        return "a list";
    default:
        return n->data.scalar.length ? "a scalar" : "empty";
    }
}

/* A scalar with no text and no quotes: `key:` with nothing after it. */
static int is_empty(const yaml_node_t *n)
{
    return n->type == YAML_SCALAR_NODE && n->data.scalar.length == 0 &&
           n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

/*
 * Walk a mapping's pairs, reporting non-scalar and duplicate keys; calls fn
 * for each good pair.  Returns 0, or -1 when node is not a mapping.
 */
typedef void (*pair_fn)(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                        void *ctx);

static int walk_mapping(struct loader *ld, yaml_node_t *node, pair_fn fn, void *ctx)
{
    if (node->type != YAML_MAPPING_NODE)
        return -1;
    yaml_node_pair_t *p;
    for (p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
        const char *key = scalar(k);
        if (!key) {
            ERR(ld, k, "a key must be a plain word, not %s", node_kind(k));
            continue;
        }
        int dup = 0;
        for (yaml_node_pair_t *q = node->data.mapping.pairs.start; q < p; q++) {
            const char *prev = scalar(yaml_document_get_node(&ld->doc, q->key));
            if (prev && strcmp(prev, key) == 0) {
                yaml_node_t *pk = yaml_document_get_node(&ld->doc, q->key);
                ERR(ld, k, "duplicate key '%s'; it was already given at line %lu", key,
                    (unsigned long)pk->start_mark.line + 1);
                dup = 1;
                break;
            }
        }
        if (!dup)
            fn(ld, key, k, v, ctx);
    }
    return 0;
}

static void unknown_key(struct loader *ld, yaml_node_t *k, const char *where,
                        const struct key_def *keys, size_t n)
{
    char allowed[512];
    const char *hint = schema_suggest_key(keys, n, scalar(k));
    schema_keys_allowed(keys, n, allowed, sizeof(allowed));
    if (hint)
        ERR(ld, k, "unknown key '%s' in %s (did you mean '%s'?); allowed: %s", scalar(k), where,
            hint, allowed);
    else
        ERR(ld, k, "unknown key '%s' in %s; allowed: %s", scalar(k), where, allowed);
}

/*
 * The parsers of a key's value.  Each reads v as def says, checks it and
 * stores it in the field of the experiment (e, as bytes) at def->offset;
 * returns 0, or -1 after reporting what is wrong.
 */
#define FIELD(type, e, offset) ((type *)((e) + (offset)))

/* A whole number within the key's bounds, into an int. */
static int parse_int(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    const char *s = scalar(v);
    if (!s || is_empty(v)) {
        ERR(ld, v, "'%s' needs a whole number from %.0f to %.0f, not %s", def->name, def->min,
            def->max, node_kind(v));
        return -1;
    }
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

/* A percentage, into a double. */
static int parse_percent(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    const char *s = scalar(v);
    char *end = NULL;
    double x = s && !is_empty(v) ? strtod(s, &end) : NAN;
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
    const char *hint = s ? suggest_word(s, def->choices) : NULL;
    ERR(ld, v, "'%s' must be one of %s, not '%s'%s%s%s", def->name, allowed, s ? s : node_kind(v),
        hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
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

/* ---- axis values ------------------------------------------------------- */

static int push_value(struct axis_values *av, uint64_t value)
{
    /* Capacity doubles at each power of two, so a 100000-value range costs O(n). */
    if ((av->n & (av->n - 1)) == 0) {
        uint64_t *nv = realloc(av->v, (av->n ? 2 * av->n : 1) * sizeof(*nv));
        if (!nv)
            return -1;
        av->v = nv;
    }
    av->v[av->n++] = value;
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/*
 * Drop later repeats of a value, keeping the first occurrence and the order:
 * ranges are pushed without a check each (that was quadratic), then cleaned
 * here in O(n log n).
 */
static int dedupe_values(struct axis_values *av)
{
    if (av->n < 2)
        return 0;
    uint64_t *sorted = malloc(av->n * sizeof(*sorted));
    unsigned char *used = calloc(av->n, 1);
    if (!sorted || !used) {
        free(sorted);
        free(used);
        return -1;
    }
    memcpy(sorted, av->v, av->n * sizeof(*sorted));
    qsort(sorted, av->n, sizeof(*sorted), cmp_u64);
    size_t k = 0;
    for (size_t i = 0; i < av->n; i++) {
        uint64_t *hit = bsearch(&av->v[i], sorted, av->n, sizeof(*sorted), cmp_u64);
        while (hit > sorted && hit[-1] == av->v[i])
            hit--; /* the first of equal values marks them all */
        size_t at = (size_t)(hit - sorted);
        if (!used[at]) {
            used[at] = 1;
            av->v[k++] = av->v[i];
        }
    }
    av->n = k;
    free(sorted);
    free(used);
    return 0;
}

static int has_value(const struct axis_values *av, uint64_t value)
{
    for (size_t i = 0; i < av->n; i++)
        if (av->v[i] == value)
            return 1;
    return 0;
}

static int parse_size_scalar(struct loader *ld, yaml_node_t *v, uint64_t *bytes)
{
    char err[320];
    const char *s = scalar(v);
    if (!s || is_empty(v)) {
        ERR(ld, v, "size needs a value such as 4KiB, not %s", node_kind(v));
        return -1;
    }
    if (units_parse_size(s, bytes, err, sizeof(err)) < 0) {
        ERR(ld, v, "%s", err);
        return -1;
    }
    if (*bytes > SIZE_MAX_BYTES) {
        ERR(ld, v, "size '%s' is more than the 1TiB a host buffer may have here", s);
        return -1;
    }
    return 0;
}

struct range {
    yaml_node_t *from, *to, *factor, *step, *count;
};

static void range_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                       void *ctx)
{
    struct range *r = ctx;
    if (strcmp(key, "from") == 0)
        r->from = v;
    else if (strcmp(key, "to") == 0)
        r->to = v;
    else if (strcmp(key, "factor") == 0)
        r->factor = v;
    else if (strcmp(key, "step") == 0)
        r->step = v;
    else if (strcmp(key, "count") == 0)
        r->count = v;
    else {
        const char *c[] = {"from", "to", "factor", "step", "count", NULL};
        const char *hint = suggest_word(key, c);
        ERR(ld, k,
            "unknown key '%s' in a size range%s%s%s; allowed: from, to, and one of "
            "factor, step or count",
            key, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
    }
}

/* Expand a geometric range; to must be one of its values. */
static int expand_factor(struct loader *ld, struct axis_values *av, uint64_t from, uint64_t to,
                         yaml_node_t *fnode)
{
    const char *s = scalar(fnode);
    char *end = NULL;
    double f = s ? strtod(s, &end) : 0;
    if (!s || end == s || *end || !isfinite(f)) {
        ERR(ld, fnode, "range factor must be a number greater than 1, such as 2, not '%s'",
            s ? s : node_kind(fnode));
        return -1;
    }
    if (f <= 1.0) {
        ERR(ld, fnode, "range never reaches its end: factor %s must be greater than 1", s);
        return -1;
    }
    double x = (double)from;
    uint64_t last = 0;
    for (size_t k = 0; k < RANGE_MAX_VALUES; k++) {
        uint64_t b = (uint64_t)llround(x);
        if (b > to && (double)(b - to) > 1e-9 * (double)to)
            break;
        if (b > to)
            b = to;
        if (push_value(av, b) < 0)
            return -1;
        last = b;
        if (b == to)
            return 0;
        x *= f;
    }
    char fromb[32], lastb[32], tob[32];
    if (av->n < RANGE_MAX_VALUES)
        ERR(ld, fnode,
            "range never reaches its end: multiplying %s by %s reaches %s, then "
            "jumps past %s; make 'to' a value of the series or list the sizes",
            units_format_size(from, fromb, sizeof(fromb)), s,
            units_format_size(last, lastb, sizeof(lastb)), units_format_size(to, tob, sizeof(tob)));
    else
        ERR(ld, fnode, "range yields more than %d sizes; use a larger factor", RANGE_MAX_VALUES);
    return -1;
}

static int expand_step(struct loader *ld, struct axis_values *av, uint64_t from, uint64_t to,
                       yaml_node_t *snode)
{
    uint64_t step;
    if (parse_size_scalar(ld, snode, &step) < 0)
        return -1;
    if ((to - from) / step >= RANGE_MAX_VALUES) {
        ERR(ld, snode, "range yields more than %d sizes; use a larger step", RANGE_MAX_VALUES);
        return -1;
    }
    if ((to - from) % step != 0) {
        char sb[32], fb[32], tb[32];
        ERR(ld, snode,
            "range never reaches its end: steps of %s from %s skip over %s; "
            "make 'to' minus 'from' a multiple of 'step'",
            units_format_size(step, sb, sizeof(sb)), units_format_size(from, fb, sizeof(fb)),
            units_format_size(to, tb, sizeof(tb)));
        return -1;
    }
    for (uint64_t b = from;; b += step) {
        if (push_value(av, b) < 0)
            return -1;
        if (b == to)
            break;
    }
    return 0;
}

/* count sizes spaced evenly on a log scale from..to, both included, rounded to bytes. */
static int expand_count(struct loader *ld, struct axis_values *av, uint64_t from, uint64_t to,
                        yaml_node_t *cnode)
{
    const char *s = scalar(cnode);
    char *end = NULL;
    long n = s ? strtol(s, &end, 10) : 0;
    if (!s || end == s || *end || n < 2 || n > RANGE_MAX_VALUES) {
        ERR(ld, cnode, "range count must be a whole number from 2 to %d, not '%s'",
            RANGE_MAX_VALUES, s ? s : node_kind(cnode));
        return -1;
    }
    double ratio = log((double)to / (double)from);
    for (long i = 0; i < n; i++) {
        uint64_t b = i == n - 1 ? to : (uint64_t)llround((double)from * exp(ratio * i / (n - 1)));
        if (push_value(av, b) < 0)
            return -1;
    }
    return 0;
}

static int parse_size_range(struct loader *ld, struct axis_values *av, yaml_node_t *v)
{
    struct range r = {0};
    int before = ld->diag.errors;
    walk_mapping(ld, v, range_pair, &r);
    if (!r.from || !r.to)
        ERR(ld, v, "a size range needs 'from' and 'to', and 'factor' or 'step'%s",
            !r.from ? " (no 'from')" : " (no 'to')");
    int ways = !!r.factor + !!r.step + !!r.count;
    if (ways == 0)
        ERR(ld, v,
            "a size range needs 'factor' (geometric), 'step' (arithmetic) or 'count' "
            "(that many sizes, evenly spaced on a log scale)");
    if (ways > 1)
        ERR(ld, r.count ? r.count : r.step,
            "a size range takes one of 'factor', 'step' or "
            "'count', not several");
    if (ld->diag.errors > before)
        return -1;
    uint64_t from, to;
    if (parse_size_scalar(ld, r.from, &from) < 0 || parse_size_scalar(ld, r.to, &to) < 0)
        return -1;
    if (from > to) {
        ERR(ld, r.to, "range never reaches its end: 'to' (%s) is smaller than 'from' (%s)",
            scalar(r.to), scalar(r.from));
        return -1;
    }
    int rc = r.count    ? expand_count(ld, av, from, to, r.count)
             : r.factor ? expand_factor(ld, av, from, to, r.factor)
                        : expand_step(ld, av, from, to, r.step);
    return rc < 0 ? rc : dedupe_values(av);
}

/* One value of an enumerated axis. */
static int parse_enum_item(struct loader *ld, enum axis_id axis, yaml_node_t *v, uint64_t *value)
{
    char allowed[512];
    const char *s = scalar(v);
    schema_axis_allowed(axis, allowed, sizeof(allowed));
    if (!s || is_empty(v)) {
        ERR(ld, v, "'%s' needs a value, not %s; allowed: %s", schema_axes[axis].name, node_kind(v),
            allowed);
        return -1;
    }
    int idx = schema_value_find(axis, s);
    if (idx < 0) {
        const char *hint = schema_suggest_value(axis, s);
        ERR(ld, v, "unknown %s '%s'%s%s%s; allowed: %s", schema_axes[axis].name, s,
            hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "", allowed);
        return -1;
    }
    *value = (uint64_t)idx;
    return 0;
}

/* One value of a counted, kernel or numa axis. */
static int parse_number_item(struct loader *ld, enum axis_id axis, yaml_node_t *v, uint64_t *value)
{
    char why[200];
    const char *s = scalar(v);
    if (s && !is_empty(v) && schema_parse_number_value(axis, s, value, why, sizeof(why)) == 0)
        return 0;
    schema_parse_number_value(axis, "", value, why, sizeof(why));
    if (!s || is_empty(v))
        ERR(ld, v, "'%s' needs a value, not %s; allowed: %s", schema_axes[axis].name, node_kind(v),
            why);
    else
        ERR(ld, v, "'%s' must be %s, not '%s'", schema_axes[axis].name, why, s);
    return -1;
}

/* One scalar value of an axis. */
static int parse_axis_item(struct loader *ld, enum axis_id axis, struct axis_values *av,
                           yaml_node_t *v)
{
    uint64_t value;
    enum axis_kind kind = schema_axes[axis].kind;
    if (kind == AXIS_KIND_SIZE && v->type == YAML_MAPPING_NODE)
        return parse_size_range(ld, av, v);
    int rc = kind == AXIS_KIND_SIZE   ? parse_size_scalar(ld, v, &value)
             : kind == AXIS_KIND_ENUM ? parse_enum_item(ld, axis, v, &value)
                                      : parse_number_item(ld, axis, v, &value);
    if (rc < 0)
        return -1;
    if (has_value(av, value)) {
        ERR(ld, v, "'%s' lists '%s' twice", schema_axes[axis].name, scalar(v));
        return -1;
    }
    return push_value(av, value);
}

/* An axis: a scalar, a list of scalars (or ranges, for size), or a size range. */
static int parse_axis(struct loader *ld, enum axis_id axis, struct axis_values *av, yaml_node_t *v)
{
    av->mark = node_mark(v);
    av->given = 1;
    if (v->type != YAML_SEQUENCE_NODE)
        return parse_axis_item(ld, axis, av, v);
    yaml_node_item_t *it = v->data.sequence.items.start;
    if (it == v->data.sequence.items.top) {
        ERR(ld, v, "'%s' is an empty list; give at least one value", schema_axes[axis].name);
        return -1;
    }
    int rc = 0;
    for (; it < v->data.sequence.items.top; it++) {
        yaml_node_t *item = yaml_document_get_node(&ld->doc, *it);
        if (item->type == YAML_SEQUENCE_NODE) {
            ERR(ld, item, "'%s' lists may not nest", schema_axes[axis].name);
            rc = -1;
        } else if (parse_axis_item(ld, axis, av, item) < 0) {
            rc = -1;
        }
    }
    return rc;
}

static void unknown_axis(struct loader *ld, yaml_node_t *k, const char *where)
{
    const char *hint = schema_suggest_axis(scalar(k));
    char allowed[256] = "";
    for (int i = 0; i < AXIS_COUNT; i++) {
        if (i)
            strcat(allowed, ", ");
        strcat(allowed, schema_axes[i].name);
    }
    ERR(ld, k, "unknown axis '%s' in %s%s%s%s; axes: %s", scalar(k), where,
        hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "", allowed);
}

/* One axis of a sweep block or an exclude rule; where names which, for messages. */
static void axis_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                      struct axis_values *axes, const char *where)
{
    int axis = schema_axis_find(key);
    if (axis < 0) {
        unknown_axis(ld, k, where);
        return;
    }
    parse_axis(ld, (enum axis_id)axis, &axes[axis], v);
}

static void block_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                       void *ctx)
{
    axis_pair(ld, key, k, v, ctx, "the sweep");
}

/* Axes left out of a block take their default value. */
static int fill_defaults(struct loader *ld, struct sweep_block *b, yaml_node_t *node)
{
    for (int i = 0; i < AXIS_COUNT; i++) {
        if (b->axes[i].n)
            continue;
        if (b->axes[i].given)
            continue; /* written but invalid: already reported */
        if (schema_axes[i].default_value < 0) {
            ERR(ld, node, "the sweep has no '%s'; every sweep needs it: %s", schema_axes[i].name,
                schema_axes[i].help);
            return -1;
        }
        b->axes[i].mark = node_mark(node);
        if (push_value(&b->axes[i], (uint64_t)schema_axes[i].default_value) < 0)
            return -1;
    }
    return 0;
}

static int parse_block(struct loader *ld, yaml_node_t *node)
{
    struct experiment *e = ld->exp;
    if (node->type != YAML_MAPPING_NODE) {
        ERR(ld, node, "each sweep must be a mapping of axes such as 'size: 4KiB', not %s",
            node_kind(node));
        return -1;
    }
    struct sweep_block *nb = realloc(e->blocks, (e->nblocks + 1) * sizeof(*nb));
    if (!nb)
        return -1;
    e->blocks = nb;
    struct sweep_block *b = &e->blocks[e->nblocks++];
    memset(b, 0, sizeof(*b));
    b->mark = node_mark(node);
    if (node->data.mapping.pairs.start == node->data.mapping.pairs.top) {
        ERR(ld, node, "empty sweep; give at least 'size'");
        return -1;
    }
    int before = ld->diag.errors;
    walk_mapping(ld, node, block_pair, b->axes);
    if (ld->diag.errors > before)
        return -1; /* a misspelt axis would also be reported as missing: say it once */
    return fill_defaults(ld, b, node);
}

static void parse_sweep(struct loader *ld, yaml_node_t *v)
{
    if (v->type == YAML_MAPPING_NODE) {
        parse_block(ld, v);
        return;
    }
    if (v->type != YAML_SEQUENCE_NODE) {
        ERR(ld, v, "'sweep' must be a mapping of axes or a list of them, not %s%s", node_kind(v),
            is_empty(v) ? " (empty sweep)" : "");
        return;
    }
    if (v->data.sequence.items.start == v->data.sequence.items.top) {
        ERR(ld, v, "empty sweep: the list holds no mapping of axes");
        return;
    }
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++)
        parse_block(ld, yaml_document_get_node(&ld->doc, *it));
}

static void exclude_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                         void *ctx)
{
    axis_pair(ld, key, k, v, ctx, "an exclude rule");
}

static void parse_exclude(struct loader *ld, yaml_node_t *v)
{
    struct experiment *e = ld->exp;
    if (v->type != YAML_SEQUENCE_NODE) {
        ERR(ld, v,
            "'exclude' must be a list of partial configurations such as "
            "'- {alloc: pageable, api: async}', not %s",
            node_kind(v));
        return;
    }
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top;
         it++) {
        yaml_node_t *item = yaml_document_get_node(&ld->doc, *it);
        if (item->type != YAML_MAPPING_NODE ||
            item->data.mapping.pairs.start == item->data.mapping.pairs.top) {
            ERR(ld, item,
                "each exclude rule must be a mapping of axes to values, such as "
                "{alloc: pageable, api: async}");
            continue;
        }
        struct exclude_rule *nr = realloc(e->excludes, (e->nexcludes + 1) * sizeof(*nr));
        if (!nr)
            return;
        e->excludes = nr;
        struct exclude_rule *r = &e->excludes[e->nexcludes++];
        memset(r, 0, sizeof(*r));
        r->mark = node_mark(item);
        walk_mapping(ld, item, exclude_pair, r->axes);
    }
}

/* A size or a percentage: "16GiB" into a uint64_t, or "25%" into the double at offset_pct. */
static int parse_size_or_pct(struct loader *ld, const struct key_def *def, yaml_node_t *v, char *e)
{
    uint64_t *bytes = FIELD(uint64_t, e, def->offset);
    double *pct = FIELD(double, e, def->offset_pct);
    const char *s = scalar(v);
    size_t len = s ? strlen(s) : 0;
    if (!s || is_empty(v)) {
        ERR(ld, v, "'%s' needs a size such as 16GiB or a share of RAM such as 50%%, not %s",
            def->name, node_kind(v));
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
    if (parse_size_scalar(ld, v, bytes) < 0)
        return -1;
    *pct = 0;
    return 0;
}

/* The parser of each type of key; the keys that hold a structure have none here. */
static int (*const parsers[])(struct loader *ld, const struct key_def *def, yaml_node_t *v,
                              char *e) = {
    [KEY_STRING] = parse_string,     [KEY_INT] = parse_int,
    [KEY_DURATION] = parse_duration, [KEY_PERCENT] = parse_percent,
    [KEY_CHOICE] = parse_choice,     [KEY_SIZE_OR_PERCENT] = parse_size_or_pct,
};

/* Parse v by def's type into the fields def names (schema.h); errors are reported. */
static void store_key(struct loader *ld, const struct key_def *def, yaml_node_t *v)
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
static void store_default(struct experiment *exp, const struct key_def *def)
{
    char *e = (char *)exp;
    if (def->offset_mark)
        *FIELD(struct mark, e, def->offset_mark) = (struct mark){-1, -1};
    switch (def->type) {
    case KEY_INT:
    case KEY_CHOICE:
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

/* A mapping of plain keys (measure:, limits:): which table, and its name for messages. */
struct key_table {
    const struct key_def *keys;
    size_t n;
    const char *where;
};

static void table_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                       void *ctx)
{
    const struct key_table *t = ctx;
    const struct key_def *def = schema_key_find(t->keys, t->n, key);
    if (!def)
        unknown_key(ld, k, t->where, t->keys, t->n);
    else
        store_key(ld, def, v);
}

static void top_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v, void *ctx)
{
    struct key_table measure = {schema_measure_keys, schema_measure_nkeys, "measure"};
    struct key_table limits = {schema_limits_keys, schema_limits_nkeys, "limits"};
    int *seen_sweep = ctx;
    struct experiment *e = ld->exp;
    const struct key_def *def = schema_key_find(schema_top_keys, schema_top_nkeys, key);
    if (!def) {
        unknown_key(ld, k, "the experiment", schema_top_keys, schema_top_nkeys);
        return;
    }
    switch (def->type) {
    case KEY_SWEEP:
        *seen_sweep = 1;
        parse_sweep(ld, v);
        break;
    case KEY_EXCLUDE:
        parse_exclude(ld, v);
        break;
    case KEY_MEASURE:
        if (walk_mapping(ld, v, table_pair, &measure) < 0)
            ERR(ld, v, "'measure' must be a mapping such as '{warmup: 2, samples: 10}', not %s",
                node_kind(v));
        else if (e->measure.min_samples > e->measure.max_samples)
            ERR(ld, v, "min_samples (%d) is more than max_samples (%d)", e->measure.min_samples,
                e->measure.max_samples);
        break;
    case KEY_LIMITS:
        if (walk_mapping(ld, v, table_pair, &limits) < 0)
            ERR(ld, v, "'limits' must be a mapping such as '{max_pinned: 16GiB}', not %s",
                node_kind(v));
        break;
    default:
        store_key(ld, def, v);
        break;
    }
}

/* The name must be usable as a folder name. */
static void check_name(struct loader *ld, yaml_node_t *root)
{
    const char *n = ld->exp->name;
    int bad = n[0] == '\0' || n[0] == '.';
    for (const char *p = n; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '-' || *p == '_' || *p == '.'))
            bad = 1;
    if (!bad)
        return;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
        if (scalar(k) && strcmp(scalar(k), "name") == 0) {
            ERR(ld, yaml_document_get_node(&ld->doc, p->value),
                "'name' names a folder: use letters, digits, '-', '_' and '.', not '%s'", n);
            return;
        }
    }
    diag_error(&ld->diag, -1, -1,
               "the file's stem '%s' cannot name a folder; add a 'name:' "
               "of letters, digits, '-', '_' and '.'",
               n);
}

static char *file_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char *s = strdup(base);
    if (!s)
        return NULL;
    char *dot = strrchr(s, '.');
    if (dot && (strcmp(dot, ".yaml") == 0 || strcmp(dot, ".yml") == 0))
        *dot = '\0';
    return s;
}

static int read_file(const char *path, size_t max_bytes, char **text, size_t *len, FILE *out)
{
    char why[256];
    if (!(*text = fileio_read_input(path, max_bytes ? max_bytes : EXPERIMENT_MAX_FILE_BYTES, len, why,
                                    sizeof(why)))) {
        termsafe_fputs(path, out);
        fprintf(out, ": cannot read the experiment file: %s%s\n", why,
                errno == EFBIG ? " (--max-file-size raises it)" : "");
        return -1;
    }
    return 0;
}

/* Every key's default, from the schema's tables. */
static void set_defaults(struct experiment *e)
{
    for (size_t i = 0; i < schema_top_nkeys; i++)
        store_default(e, &schema_top_keys[i]);
    for (size_t i = 0; i < schema_measure_nkeys; i++)
        store_default(e, &schema_measure_keys[i]);
    for (size_t i = 0; i < schema_limits_nkeys; i++)
        store_default(e, &schema_limits_keys[i]);
}

static void check_root(struct loader *ld, yaml_node_t *root)
{
    int seen_sweep = 0, before = ld->diag.errors;
    if (!root || is_empty(root)) {
        diag_error(&ld->diag, 0, 0,
                   "the file is empty; an experiment needs at least "
                   "'sweep:' with a 'size'");
        return;
    }
    if (walk_mapping(ld, root, top_pair, &seen_sweep) < 0) {
        ERR(ld, root, "an experiment file must be a mapping of keys such as 'sweep:', not %s",
            node_kind(root));
        return;
    }
    if (!seen_sweep && ld->diag.errors == before)
        ERR(ld, root, "the experiment has no 'sweep'; add one such as 'sweep: {size: 1MiB}'");
    check_name(ld, root);
}

int experiment_load(const char *path, size_t max_bytes, struct experiment *exp, FILE *out)
{
    char *text;
    size_t len;
    if (!out)
        out = stderr;
    if (read_file(path, max_bytes, &text, &len, out) < 0) {
        memset(exp, 0, sizeof(*exp));
        return -2;
    }
    int rc = experiment_parse(path, text, len, exp, out);
    free(text);
    return rc;
}

int experiment_parse(const char *path, const char *text, size_t len, struct experiment *exp,
                     FILE *out)
{
    struct loader ld = {.exp = exp};
    yaml_parser_t parser;
    int rc = -1;

    if (!out)
        out = stderr;
    memset(exp, 0, sizeof(*exp));
    set_defaults(exp);
    exp->text = malloc(len + 1);
    if (!exp->text)
        return -2;
    memcpy(exp->text, text, len);
    exp->text[len] = '\0';
    exp->text_len = len;
    exp->path = strdup(path);
    exp->name = file_stem(path);
    exp->description = strdup("");
    diag_init(&ld.diag, path, exp->text, exp->text_len, out);
    if (!exp->path || !exp->name || !exp->description)
        goto out_free;

    /* Whatever the file holds, the guard's one pass ends quickly; only then is it composed. */
    if (yamlguard_check(&ld.diag, exp->text, exp->text_len) < 0)
        goto out_free;
    if (!yaml_parser_initialize(&parser))
        goto out_free;
    yaml_parser_set_input_string(&parser, (const unsigned char *)exp->text, exp->text_len);
    if (!yaml_parser_load(&parser, &ld.doc)) {
        yamlguard_syntax_error(&ld.diag, &parser);
        yaml_parser_delete(&parser);
        goto out_free;
    }
    check_root(&ld, yaml_document_get_root_node(&ld.doc));
    yaml_document_delete(&ld.doc);
    yaml_parser_delete(&parser);
    rc = ld.diag.errors ? -1 : 0;
out_free:
    diag_flush(&ld.diag);
    if (rc < 0)
        experiment_free(exp);
    return rc;
}

static void free_axes(struct axis_values *axes)
{
    for (int i = 0; i < AXIS_COUNT; i++)
        free(axes[i].v);
}

void experiment_free(struct experiment *exp)
{
    for (size_t i = 0; i < exp->nblocks; i++)
        free_axes(exp->blocks[i].axes);
    for (size_t i = 0; i < exp->nexcludes; i++)
        free_axes(exp->excludes[i].axes);
    free(exp->blocks);
    free(exp->excludes);
    free(exp->path);
    free(exp->name);
    free(exp->description);
    free(exp->text);
    memset(exp, 0, sizeof(*exp));
}
