/*
 * load_axes.c - the values one axis takes in a sweep block or an exclude
 * rule: sizes (one, or a range by factor, step or count), enumerated values
 * and numbers, with repeats dropped and the EXPERIMENT_MAX_VALUES cap kept.
 */
#include "experiment/loader.h"
#include "base/suggest.h"
#include "base/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most values one range may yield; a bigger sweep is surely a typo. */
#define RANGE_MAX_VALUES 100000

/* The largest buffer pinsweep will try to allocate: 1 TiB. */
#define SIZE_MAX_BYTES (1ULL << 40)

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

/*
 * Append value to av, counting it against EXPERIMENT_MAX_VALUES.  Returns 0,
 * or -1 past the limit (reported once, at the axis being read) or when out
 * of memory.  Every value goes through here, so however a file repeats its
 * ranges the loader holds at most that many.
 */
int loader_add_value(struct loader *ld, struct axis_values *av, uint64_t value)
{
    if (ld->nvalues >= EXPERIMENT_MAX_VALUES) {
        if (!ld->over_values++)
            ERR(ld, ld->axis_key,
                "the experiment holds more than %d axis values once its ranges and aliases "
                "are expanded (sweep blocks and exclude rules together); use coarser ranges "
                "(a larger factor or step, a smaller count), fewer aliases of a range, or "
                "several experiment files",
                EXPERIMENT_MAX_VALUES);
        return -1;
    }
    ld->nvalues++;
    return push_value(av, value);
}

/* A value and where it was pushed, to find repeats by sorting. */
struct value_at {
    uint64_t v;
    size_t i;
};

static int cmp_value_at(const void *a, const void *b)
{
    const struct value_at *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

/*
 * Drop later repeats of av's values, keeping the first of each and the order,
 * in O(n log n).  A repeat written as a scalar (src[i] not NULL) is an error
 * at that scalar; a range may overlap what came before.  Returns 0, or -1
 * when an error was reported or memory ran out.
 */
static int drop_repeats(struct loader *ld, enum axis_id axis, struct axis_values *av,
                        yaml_node_t **src)
{
    size_t n = av->n, k = 0;
    int rc = 0;
    struct value_at *sorted = malloc(n * sizeof(*sorted));
    unsigned char *repeat = calloc(n, 1);
    if (!sorted || !repeat) {
        free(sorted);
        free(repeat);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        sorted[i] = (struct value_at){av->v[i], i};
    qsort(sorted, n, sizeof(*sorted), cmp_value_at);
    for (size_t j = 1; j < n; j++)
        if (sorted[j].v == sorted[j - 1].v)
            repeat[sorted[j].i] = 1;
    for (size_t i = 0; i < n; i++) {
        if (!repeat[i]) {
            av->v[k++] = av->v[i];
        } else if (src[i]) {
            ERR(ld, src[i], "'%s' lists '%s' twice", schema_axes[axis].name, scalar(src[i]));
            rc = -1;
        }
    }
    av->n = k;
    free(sorted);
    free(repeat);
    return rc;
}

int loader_size_scalar(struct loader *ld, yaml_node_t *v, uint64_t *bytes)
{
    char err[320];
    const char *s = scalar(v);
    if (!s || is_empty(v)) {
        ERR(ld, v, "size needs a value such as 4KiB, not %s", node_kind(v));
        return -1;
    }
    if (loader_plain_number(ld, v, "size", "4KiB") < 0)
        return -1;
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
        const char *hint = diag_will_show(&ld->diag) ? suggest_word(key, c) : NULL;
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
    if (loader_plain_number(ld, fnode, "factor", "2") < 0)
        return -1;
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
    /* Refused before it is expanded, so a file of such ranges costs nothing each. */
    if (log((double)to / (double)from) / log(f) > RANGE_MAX_VALUES + 1.0) {
        ERR(ld, fnode, "range yields more than %d sizes; use a larger factor", RANGE_MAX_VALUES);
        return -1;
    }
    double x = (double)from;
    uint64_t last = 0;
    size_t k;
    for (k = 0; k < RANGE_MAX_VALUES; k++) {
        uint64_t b = (uint64_t)llround(x);
        if (b > to && (double)(b - to) > 1e-9 * (double)to)
            break;
        if (b > to)
            b = to;
        if (loader_add_value(ld, av, b) < 0)
            return -1;
        last = b;
        if (b == to)
            return 0;
        x *= f;
    }
    char fromb[32], lastb[32], tob[32];
    if (k < RANGE_MAX_VALUES)
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
    if (loader_size_scalar(ld, snode, &step) < 0)
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
        if (loader_add_value(ld, av, b) < 0)
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
    if (loader_plain_number(ld, cnode, "count", "81") < 0)
        return -1;
    long n = s ? strtol(s, &end, 10) : 0;
    if (!s || end == s || *end || n < 2 || n > RANGE_MAX_VALUES) {
        ERR(ld, cnode, "range count must be a whole number from 2 to %d, not '%s'",
            RANGE_MAX_VALUES, s ? s : node_kind(cnode));
        return -1;
    }
    double ratio = log((double)to / (double)from);
    for (long i = 0; i < n; i++) {
        uint64_t b = i == n - 1 ? to : (uint64_t)llround((double)from * exp(ratio * i / (n - 1)));
        if (loader_add_value(ld, av, b) < 0)
            return -1;
    }
    return 0;
}

static int parse_size_range(struct loader *ld, struct axis_values *av, yaml_node_t *v)
{
    struct range r = {0};
    int before = ld->diag.errors;
    loader_walk_mapping(ld, v, range_pair, &r);
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
    if (loader_size_scalar(ld, r.from, &from) < 0 || loader_size_scalar(ld, r.to, &to) < 0)
        return -1;
    if (from > to) {
        ERR(ld, r.to, "range never reaches its end: 'to' (%s) is smaller than 'from' (%s)",
            scalar(r.to), scalar(r.from));
        return -1;
    }
    int rc = r.count    ? expand_count(ld, av, from, to, r.count)
             : r.factor ? expand_factor(ld, av, from, to, r.factor)
                        : expand_step(ld, av, from, to, r.step);
    return rc; /* loader_parse_axis drops the values it repeats */
}

/* One value of an enumerated axis. */
static int parse_enum_item(struct loader *ld, enum axis_id axis, yaml_node_t *v, uint64_t *value)
{
    char allowed[512];
    const char *s = scalar(v);
    int idx;
    if (s && !is_empty(v) && (idx = schema_value_find(axis, s)) >= 0) {
        *value = (uint64_t)idx;
        return 0;
    }
    schema_axis_allowed(axis, allowed, sizeof(allowed));
    if (!s || is_empty(v)) {
        ERR(ld, v, "'%s' needs a value, not %s; allowed: %s", schema_axes[axis].name, node_kind(v),
            allowed);
        return -1;
    }
    const char *hint = diag_will_show(&ld->diag) ? schema_suggest_value(axis, s) : NULL;
    ERR(ld, v, "unknown %s '%s'%s%s%s; allowed: %s", schema_axes[axis].name, s,
        hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "", allowed);
    return -1;
}

/* One value of a counted, kernel or numa axis. */
static int parse_number_item(struct loader *ld, enum axis_id axis, yaml_node_t *v, uint64_t *value)
{
    char why[200];
    const char *s = scalar(v);
    if (s &&
        loader_plain_number(ld, v, schema_axes[axis].name,
                            schema_axes[axis].kind == AXIS_KIND_KERNEL ? "0.5x or 200us" : "4") < 0)
        return -1;
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
    int rc = kind == AXIS_KIND_SIZE   ? loader_size_scalar(ld, v, &value)
             : kind == AXIS_KIND_ENUM ? parse_enum_item(ld, axis, v, &value)
                                      : parse_number_item(ld, axis, v, &value);
    if (rc < 0)
        return -1;
    return loader_add_value(ld, av, value); /* a repeat is found once the axis is read */
}

/* Which item each value came from: its scalar node, or NULL for a range's values. */
struct value_src {
    yaml_node_t **node;
    size_t n, cap;
};

/* Note that values from src->n to av->n came from item (a scalar, or a range when it is not). */
static int note_src(struct value_src *src, const struct axis_values *av, yaml_node_t *item)
{
    if (av->n > src->cap) {
        size_t cap = av->n > 2 * src->cap ? av->n : 2 * src->cap;
        yaml_node_t **nn = realloc(src->node, cap * sizeof(*nn));
        if (!nn)
            return -1;
        src->node = nn;
        src->cap = cap;
    }
    for (; src->n < av->n; src->n++)
        src->node[src->n] = item->type == YAML_SCALAR_NODE ? item : NULL;
    return 0;
}

/* An axis: a scalar, a list of scalars (or ranges, for size), or a size range. */
int loader_parse_axis(struct loader *ld, enum axis_id axis, struct axis_values *av, yaml_node_t *v)
{
    struct value_src src = {0};
    av->mark = node_mark(v);
    av->given = 1;
    if (v->type != YAML_SEQUENCE_NODE) {
        int rc = parse_axis_item(ld, axis, av, v);
        if (rc == 0 && av->n > 1 && note_src(&src, av, v) == 0) /* a range may repeat itself */
            rc = drop_repeats(ld, axis, av, src.node);
        free(src.node);
        return rc;
    }
    yaml_node_item_t *it = v->data.sequence.items.start;
    if (it == v->data.sequence.items.top) {
        ERR(ld, v, "'%s' is an empty list; give at least one value", schema_axes[axis].name);
        return -1;
    }
    int rc = 0;
    for (; it < v->data.sequence.items.top && !ld->over_values; it++) {
        yaml_node_t *item = yaml_document_get_node(&ld->doc, *it);
        if (item->type == YAML_SEQUENCE_NODE) {
            ERR(ld, item, "'%s' lists may not nest", schema_axes[axis].name);
            rc = -1;
        } else if (parse_axis_item(ld, axis, av, item) < 0) {
            rc = -1;
        }
        if (note_src(&src, av, item) < 0)
            rc = -1;
    }
    if (!ld->over_values && av->n > 1 && src.n == av->n && drop_repeats(ld, axis, av, src.node) < 0)
        rc = -1;
    free(src.node);
    return rc;
}
