/*
 * load.c - loading experiment files with libyaml's document API.
 *
 * The whole file is parsed into a node tree first (so libyaml reports syntax
 * errors with their marks), then walked against the tables of schema.c.  Each
 * check reports through diag and carries on, so one pass shows every mistake.
 * This file holds the entry points and the document's top level (its keys,
 * sweep blocks and exclude rules); loader.h names the files doing the rest.
 */
#include "experiment/loader.h"
#include "base/fileio.h"
#include "experiment/yamlguard.h"
#include "base/termsafe.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
    loader_parse_axis(ld, (enum axis_id)axis, &axes[axis], v);
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
        if (loader_add_value(ld, &b->axes[i], (uint64_t)schema_axes[i].default_value) < 0)
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
    loader_walk_mapping(ld, node, block_pair, b->axes);
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
        loader_walk_mapping(ld, item, exclude_pair, r->axes);
    }
}

/* A key of measure: or limits: (ctx: its key_table). */
static void table_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v,
                       void *ctx)
{
    const struct key_table *t = ctx;
    const struct key_def *def = schema_key_find(t->keys, t->n, key);
    if (!def)
        loader_unknown_key(ld, k, t->where, t->keys, t->n);
    else
        loader_store_key(ld, def, v);
}

static void top_pair(struct loader *ld, const char *key, yaml_node_t *k, yaml_node_t *v, void *ctx)
{
    struct key_table measure = {schema_measure_keys, schema_measure_nkeys, "measure"};
    struct key_table limits = {schema_limits_keys, schema_limits_nkeys, "limits"};
    int *seen_sweep = ctx;
    const struct key_def *def = schema_key_find(schema_top_keys, schema_top_nkeys, key);
    if (!def) {
        loader_unknown_key(ld, k, "the experiment", schema_top_keys, schema_top_nkeys);
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
        if (loader_walk_mapping(ld, v, table_pair, &measure) < 0)
            ERR(ld, v, "'measure' must be a mapping such as '{warmup: 2, samples: 10}', not %s",
                node_kind(v));
        else
            loader_check_conflicts(ld, v, &measure);
        if (v->type == YAML_MAPPING_NODE)
            loader_check_samples(ld, v);
        break;
    case KEY_LIMITS:
        if (loader_walk_mapping(ld, v, table_pair, &limits) < 0)
            ERR(ld, v, "'limits' must be a mapping such as '{max_pinned: 16GiB}', not %s",
                node_kind(v));
        break;
    default:
        loader_store_key(ld, def, v);
        break;
    }
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
        loader_store_default(e, &schema_top_keys[i]);
    for (size_t i = 0; i < schema_measure_nkeys; i++)
        loader_store_default(e, &schema_measure_keys[i]);
    for (size_t i = 0; i < schema_limits_nkeys; i++)
        loader_store_default(e, &schema_limits_keys[i]);
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
    if (loader_walk_mapping(ld, root, top_pair, &seen_sweep) < 0) {
        ERR(ld, root, "an experiment file must be a mapping of keys such as 'sweep:', not %s",
            node_kind(root));
        return;
    }
    if (!seen_sweep && ld->diag.errors == before)
        ERR(ld, root, "the experiment has no 'sweep'; add one such as 'sweep: {size: 1MiB}'");
    loader_check_name(ld, root);
    loader_check_devices(ld);
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
