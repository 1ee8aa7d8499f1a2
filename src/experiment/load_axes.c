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

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

/* The most values one range may yield; a bigger sweep is surely a typo. */
#define RANGE_MAX_VALUES 100000

/* The largest buffer pinsweep will try to allocate: 1 TiB. */
#define SIZE_MAX_BYTES (1ULL << 40)

struct loader {
    yaml_document_t doc;
    struct diag diag;
    struct experiment *exp;
    size_t nvalues;        /* axis values held so far, against EXPERIMENT_MAX_VALUES */
    int over_values;       /* the limit was passed (and reported) */
    yaml_node_t *axis_key; /* the axis being read, where passing the limit is reported */
    size_t blocks_cap, excludes_cap;
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
 * Why the number s starts with is written in a notation pinsweep does not
 * take, or NULL when it is plain decimal digits (an optional '-', a fraction
 * and a unit may follow).  strtol and strtod would read hexadecimal, inf,
 * nan, exponents, a '+' and leading spaces, and YAML readers differ on 010
 * (octal 8 in YAML 1.1): each could silently mean what the user did not.
 */
static const char *odd_notation(const char *s)
{
    const char *p = s;
    if (*p == ' ' || *p == '\t')
        return "a space before the number";
    if (*p == '+')
        return "a '+' sign";
    if (*p == '-')
        p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        return "hexadecimal";
    if (p[0] == '0' && p[1] && strchr("oObB", p[1]))
        return "an octal or binary prefix";
    if (p[0] == '0' && isdigit((unsigned char)p[1]))
        return "a leading zero: 010 is octal 8 to some YAML readers";
    if (strncasecmp(p + (*p == '.'), "inf", 3) == 0 || strncasecmp(p + (*p == '.'), "nan", 3) == 0)
        return "not a finite number";
    const char *digits = p;
    while (isdigit((unsigned char)*p) || *p == '.')
        p++;
    if (p > digits && (*p == 'e' || *p == 'E') &&
        (isdigit((unsigned char)p[1]) ||
         ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2]))))
        return "exponent notation";
    return NULL;
}

/* 0 when v's number is plain decimal; else -1 after saying so (what: the key, example: a good
 * value). */
static int plain_number(struct loader *ld, yaml_node_t *v, const char *what, const char *example)
{
    const char *s = scalar(v), *why = s ? odd_notation(s) : NULL;
    if (!why)
        return 0;
    ERR(ld, v, "'%s' must be plain decimal digits, such as %s, not '%s' (%s)", what, example, s,
        why);
    return -1;
}

/*
 * For each pair of a mapping, the index of the first earlier pair with the
 * same key, or -1; keys are sorted, so a mapping of many keys costs n log n.
 * The caller frees the array; NULL when out of memory.
 */
struct key_at {
    const char *key;
    size_t i;
};

static int cmp_key_at(const void *a, const void *b)
{
    const struct key_at *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

static long *earlier_keys(struct loader *ld, yaml_node_t *node)
{
    size_t n = (size_t)(node->data.mapping.pairs.top - node->data.mapping.pairs.start), m = 0;
    long *first = malloc((n ? n : 1) * sizeof(*first));
    struct key_at *sorted = malloc((n ? n : 1) * sizeof(*sorted));
    if (!first || !sorted) {
        free(first);
        free(sorted);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const char *key =
            scalar(yaml_document_get_node(&ld->doc, node->data.mapping.pairs.start[i].key));
        first[i] = -1;
        if (key)
            sorted[m++] = (struct key_at){key, i};
    }
    qsort(sorted, m, sizeof(*sorted), cmp_key_at);
    for (size_t j = 1, head = 0; j < m; j++) {
        if (strcmp(sorted[j].key, sorted[head].key) == 0)
            first[sorted[j].i] = (long)sorted[head].i;
        else
            head = j;
    }
    free(sorted);
    return first;
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
    long *first = earlier_keys(ld, node);
    if (!first) {
        ERR(ld, node, "out of memory reading this mapping");
        return 0;
    }
    yaml_node_pair_t *start = node->data.mapping.pairs.start, *p;
    for (p = start; p < node->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
        const char *key = scalar(k);
        long dup = first[p - start];
        if (!key) {
            ERR(ld, k, "a key must be a plain word, not %s", node_kind(k));
        } else if (dup >= 0) {
            yaml_node_t *pk = yaml_document_get_node(&ld->doc, start[dup].key);
            ERR(ld, k, "duplicate key '%s'; it was already given at line %lu", key,
                (unsigned long)pk->start_mark.line + 1);
        } else {
            fn(ld, key, k, v, ctx);
        }
    }
    free(first);
    return 0;
}

static void unknown_key(struct loader *ld, yaml_node_t *k, const char *where,
                        const struct key_def *keys, size_t n)
{
    char allowed[512];
    if (!diag_will_show(&ld->diag)) {
        ERR(ld, k, "unknown key"); /* counted, not shown: spare the hint */
        return;
    }
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
    if (plain_number(ld, v, def->name, "10") < 0)
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
    if (plain_number(ld, v, def->name, "2ms") < 0)
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
    if (s && !is_empty(v) && plain_number(ld, v, def->name, "0.5%") < 0)
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

/*
 * Append value to av, counting it against EXPERIMENT_MAX_VALUES.  Returns 0,
 * or -1 past the limit (reported once, at the axis being read) or when out
 * of memory.  Every value goes through here, so however a file repeats its
 * ranges the loader holds at most that many.
 */
static int add_value(struct loader *ld, struct axis_values *av, uint64_t value)
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

static int parse_size_scalar(struct loader *ld, yaml_node_t *v, uint64_t *bytes)
{
    char err[320];
    const char *s = scalar(v);
    if (!s || is_empty(v)) {
        ERR(ld, v, "size needs a value such as 4KiB, not %s", node_kind(v));
        return -1;
    }
    if (plain_number(ld, v, "size", "4KiB") < 0)
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
    if (plain_number(ld, fnode, "factor", "2") < 0)
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
        if (add_value(ld, av, b) < 0)
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
        if (add_value(ld, av, b) < 0)
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
    if (plain_number(ld, cnode, "count", "81") < 0)
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
        if (add_value(ld, av, b) < 0)
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
    return rc; /* parse_axis drops the values it repeats */
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
    if (s && plain_number(ld, v, schema_axes[axis].name,
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
    int rc = kind == AXIS_KIND_SIZE   ? parse_size_scalar(ld, v, &value)
             : kind == AXIS_KIND_ENUM ? parse_enum_item(ld, axis, v, &value)
                                      : parse_number_item(ld, axis, v, &value);
    if (rc < 0)
        return -1;
    return add_value(ld, av, value); /* a repeat is found once the axis is read */
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
static int parse_axis(struct loader *ld, enum axis_id axis, struct axis_values *av, yaml_node_t *v)
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

static void unknown_axis(struct loader *ld, yaml_node_t *k, const char *where)
{
    const char *hint = diag_will_show(&ld->diag) ? schema_suggest_axis(scalar(k)) : NULL;
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
    ld->axis_key = k;
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
        ld->axis_key = node;
        if (add_value(ld, &b->axes[i], (uint64_t)schema_axes[i].default_value) < 0)
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
    if (e->nblocks == ld->blocks_cap) { /* doubling: a file of many blocks costs O(n) */
        size_t cap = ld->blocks_cap ? 2 * ld->blocks_cap : 4;
        struct sweep_block *nb = realloc(e->blocks, cap * sizeof(*nb));
        if (!nb)
            return -1;
        e->blocks = nb;
        ld->blocks_cap = cap;
    }
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
        if (e->nexcludes == ld->excludes_cap) {
            size_t cap = ld->excludes_cap ? 2 * ld->excludes_cap : 4;
            struct exclude_rule *nr = realloc(e->excludes, cap * sizeof(*nr));
            if (!nr)
                return;
            e->excludes = nr;
            ld->excludes_cap = cap;
        }
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
    if (!s || len == 0) { /* `key:` and `key: ""` alike */
        ERR(ld, v, "'%s' needs a size such as 16GiB or a share of RAM such as 50%%, not %s",
            def->name, s ? "an empty value" : node_kind(v));
        return -1;
    }
    if (plain_number(ld, v, def->name, "16GiB or 50%") < 0)
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
    if (parse_size_scalar(ld, v, bytes) < 0)
        return -1;
    *pct = 0;
    return 0;
}

/* One GPU index of device's list into devices[]; a repeat is an error. */
static int parse_device_item(struct loader *ld, const struct key_def *def, yaml_node_t *v,
                             char *e)
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
    [KEY_DEVICES] = parse_devices,
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
    case KEY_DEVICES:
        exp->devices[0] = (int)def->default_value;
        exp->ndevices = 1;
        /* fall through */
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

/* Keys of table t given together in node although the table says they conflict. */
static void check_conflicts(struct loader *ld, yaml_node_t *node, const struct key_table *t)
{
    yaml_node_t *given[32] = {0}; /* each key's node, by its row in the table */
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
        const struct key_def *def = scalar(k) ? schema_key_find(t->keys, t->n, scalar(k)) : NULL;
        if (def && (size_t)(def - t->keys) < 32 && !given[def - t->keys])
            given[def - t->keys] = k;
    }
    for (size_t i = 0; i < t->n && i < 32; i++) {
        const struct key_def *other =
            t->keys[i].conflicts ? schema_key_find(t->keys, t->n, t->keys[i].conflicts) : NULL;
        yaml_node_t *k = given[i], *ok = other ? given[other - t->keys] : NULL;
        if (k && ok)
            ERR(ld, k, "'%s' cannot be given with '%s' (line %lu): %s; remove one of them",
                t->keys[i].name, other->name, (unsigned long)ok->start_mark.line + 1,
                t->keys[i].conflict_why);
    }
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
        else
            check_conflicts(ld, v, &measure);
        if (v->type == YAML_MAPPING_NODE && e->measure.min_samples > e->measure.max_samples)
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

#define NAME_RULE "1 to 64 letters, digits, '.', '_' and '-', not starting with '.' or '-'"

/*
 * What is wrong with n as the name of a results folder, into why, and the
 * offset of the character at fault into *at; 0 when nothing is.  A name is
 * NAME_RULE (EXPERIMENT_NAME_MAX): no '/', space or control character can
 * reach a path, and neither '..' nor an option can be spelt.
 */
static int name_problem(const char *n, size_t *at, char *why, size_t len)
{
    size_t good = strspn(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-");
    unsigned char c = (unsigned char)n[good];
    *at = 0;
    if (!n[0])
        snprintf(why, len, "is empty");
    else if (strlen(n) > EXPERIMENT_NAME_MAX)
        snprintf(why, len, "is %zu characters long", strlen(n));
    else if (c == ' ')
        snprintf(why, len, "holds a space (character %zu)", (*at = good) + 1);
    else if (c > ' ' && c < 0x7f)
        snprintf(why, len, "holds '%c' (character %zu)", c, (*at = good) + 1);
    else if (c)
        snprintf(why, len,
                 "holds a character other than a letter, digit, '.', '_' or '-' "
                 "(character %zu)",
                 (*at = good) + 1);
    else if (n[0] == '.' || n[0] == '-')
        snprintf(why, len, "starts with '%c'", n[0]);
    else
        return 0;
    return -1;
}

/* The name must be usable as a folder name. */
static void check_name(struct loader *ld, yaml_node_t *root)
{
    const char *n = ld->exp->name;
    char why[128];
    size_t at;
    if (name_problem(n, &at, why, sizeof(why)) == 0)
        return;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&ld->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(&ld->doc, p->value);
        if (scalar(k) && strcmp(scalar(k), "name") == 0) {
            if (v->type != YAML_SCALAR_NODE)
                return; /* reported by parse_string */
            /* The caret goes under the bad character where the value is written as it is. */
            int verbatim = v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
                           v->end_mark.line == v->start_mark.line;
            diag_error(&ld->diag, (long)v->start_mark.line,
                       (long)v->start_mark.column + (verbatim ? (long)at : 0),
                       "'name' %s; it names the results folder, so it must be " NAME_RULE, why);
            return;
        }
    }
    diag_error(&ld->diag, -1, -1,
               "the file's stem, which names the results folder when there is no 'name:', "
               "%s; add a 'name:' of " NAME_RULE,
               why);
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
    if (!(*text = fileio_read_input(path, max_bytes ? max_bytes : EXPERIMENT_MAX_FILE_BYTES, len,
                                    why, sizeof(why)))) {
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

/* What several GPUs cannot be combined with (yet). */
static void check_devices(struct loader *ld)
{
    const struct experiment *e = ld->exp;
    int several = e->devices_all || e->ndevices > 1;
    if (e->gpus_together && !several && e->gpus_mark.line >= 0)
        diag_error(&ld->diag, e->gpus_mark.line, e->gpus_mark.column,
                   "'gpus: together' needs several GPUs, but 'device' names one; give a list "
                   "such as 'device: [0, 1]', or all");
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
    check_devices(ld);
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
