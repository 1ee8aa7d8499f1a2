/*
 * loader.h - what the files of the experiment loader share; internal to
 * experiment/ (the rest of the program includes experiment.h).
 *
 * The loader turns a libyaml node tree into a struct experiment:
 *   load.c         experiment_load/parse/free, the top-level keys, sweep
 *                  blocks and exclude rules
 *   load_axes.c    the values of one axis: sizes, size ranges, enumerated
 *                  and numbered values, repeats, the EXPERIMENT_MAX_VALUES cap
 *   load_keys.c    the value of a plain key (measure:, limits:, name, device)
 *                  by its type in schema.h, and every key's default
 *   load_checks.c  what is checked across keys: conflicting keys,
 *                  min_samples against max_samples, the name, several GPUs
 *   load_nodes.c   reading nodes: plain decimal numbers, walking a mapping
 *                  with duplicate keys reported, unknown keys
 * Every function reports what is wrong through ld->diag and carries on.
 */
#ifndef PINSWEEP_LOADER_H
#define PINSWEEP_LOADER_H

#include "experiment/experiment.h"

#include <yaml.h>

struct loader {
    yaml_document_t doc;
    struct diag diag;
    struct experiment *exp;
    size_t nvalues;        /* axis values held so far, against EXPERIMENT_MAX_VALUES */
    int over_values;       /* the limit was passed (and reported) */
    yaml_node_t *axis_key; /* the axis being read, where passing the limit is reported */
    size_t blocks_cap, excludes_cap;
};

static inline struct mark node_mark(const yaml_node_t *n)
{
    struct mark m = {(long)n->start_mark.line, (long)n->start_mark.column};
    return m;
}

#define ERR(ld, node, ...)                                                                         \
    diag_error(&(ld)->diag, (long)(node)->start_mark.line, (long)(node)->start_mark.column,        \
               __VA_ARGS__)

/* The field of the experiment (e, as bytes) at a key's offset (schema.h's key_def). */
#define FIELD(type, e, offset) ((type *)((e) + (offset)))

static inline const char *scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static inline const char *node_kind(const yaml_node_t *n)
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
static inline int is_empty(const yaml_node_t *n)
{
    return n->type == YAML_SCALAR_NODE && n->data.scalar.length == 0 &&
           n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
}

/* A mapping of plain keys (measure:, limits:): which table, and its name for messages. */
struct key_table {
    const struct key_def *keys;
    size_t n;
    const char *where;
};

/* ---- load_nodes.c ------------------------------------------------------- */

/* 0 when v's number is plain decimal; else -1 after saying so (what: the key, example: a good
 * value). */
int loader_plain_number(struct loader *ld, yaml_node_t *v, const char *what, const char *example);

/*
 * Walk a mapping's pairs, reporting non-scalar and duplicate keys; calls fn
 * for each good pair.  Returns 0, or -1 when node is not a mapping.
 */
typedef void (*pair_fn)(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                        void *ctx);
int loader_walk_mapping(struct loader *ld, yaml_node_t *node, pair_fn fn, void *ctx);

/* Report k, a key none of keys[0..n-1] (where: the mapping, for the message), with a hint. */
void loader_unknown_key(struct loader *ld, yaml_node_t *k, const char *where,
                        const struct key_def *keys, size_t n);

/* ---- load_axes.c -------------------------------------------------------- */

/* A size such as 4KiB into *bytes (at most 1TiB); 0, or -1 after reporting v. */
int loader_size_scalar(struct loader *ld, yaml_node_t *v, uint64_t *bytes);

/*
 * Append value to av, counting it against EXPERIMENT_MAX_VALUES.  Returns 0,
 * or -1 past the limit (reported once, at ld->axis_key) or when out of memory.
 */
int loader_add_value(struct loader *ld, struct axis_values *av, uint64_t value);

/*
 * Read v, an axis's value (a scalar, a list of scalars, or a size range, alone
 * or in the list), into av, marking it given; repeats are dropped, and an error
 * when written twice as scalars.  Returns 0, or -1 after reporting.
 */
int loader_parse_axis(struct loader *ld, enum axis_id axis, struct axis_values *av, yaml_node_t *v);

/* ---- load_keys.c -------------------------------------------------------- */

/* Parse v by def's type into the fields def names (schema.h); errors are reported. */
void loader_store_key(struct loader *ld, const struct key_def *def, yaml_node_t *v);

/* The value a key holds when the file leaves it out (schema.h's default_value). */
void loader_store_default(struct experiment *exp, const struct key_def *def);

/* ---- load_checks.c ------------------------------------------------------ */

/* Keys of table t given together in node although the table says they conflict. */
void loader_check_conflicts(struct loader *ld, yaml_node_t *node, const struct key_table *t);

/* measure: (node) holds min_samples above max_samples. */
void loader_check_samples(struct loader *ld, yaml_node_t *node);

/* The name (or the file's stem) must be usable as a folder name; root: the document's mapping. */
void loader_check_name(struct loader *ld, yaml_node_t *root);

/* What several GPUs cannot be combined with (yet). */
void loader_check_devices(struct loader *ld);

#endif
