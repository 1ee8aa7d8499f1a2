/*
 * load_nodes.c - reading libyaml's nodes for the loader: numbers written in
 * plain decimal, a mapping's pairs with duplicate keys reported, and the
 * message for an unknown key with its "did you mean" hint.
 */
#include "experiment/loader.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
int loader_plain_number(struct loader *ld, yaml_node_t *v, const char *what, const char *example)
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

int loader_walk_mapping(struct loader *ld, yaml_node_t *node, pair_fn fn, void *ctx)
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

void loader_unknown_key(struct loader *ld, yaml_node_t *k, const char *where,
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
