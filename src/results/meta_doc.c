/*
 * meta_doc.c - reading meta.yaml back with libyaml's document API, as
 * scalars by dotted path (meta_doc.h).
 */
#include "results/meta_doc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

static int doc_add(struct meta_doc *d, const char *key, const char *value)
{
    char **k = realloc(d->keys, (d->n + 1) * sizeof(*k));
    if (k)
        d->keys = k;
    char **v = realloc(d->values, (d->n + 1) * sizeof(*v));
    if (v)
        d->values = v;
    if (!k || !v)
        return -1;
    d->keys[d->n] = strdup(key);
    d->values[d->n] = strdup(value);
    if (!d->keys[d->n] || !d->values[d->n])
        return -1;
    d->n++;
    return 0;
}

/* Walk a mapping, recording each scalar under its dotted path. */
static int doc_walk(yaml_document_t *doc, yaml_node_t *node, const char *prefix, struct meta_doc *d)
{
    if (node->type == YAML_SCALAR_NODE)
        return doc_add(d, prefix, (const char *)node->data.scalar.value);
    if (node->type != YAML_MAPPING_NODE)
        return 0; /* lists are not used in meta.yaml */
    for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        yaml_node_t *v = yaml_document_get_node(doc, p->value);
        char path[512];
        if (!k || k->type != YAML_SCALAR_NODE || !v)
            continue;
        snprintf(path, sizeof(path), "%s%s%s", prefix, *prefix ? "." : "",
                 (const char *)k->data.scalar.value);
        if (doc_walk(doc, v, path, d) < 0)
            return -1;
    }
    return 0;
}

int meta_read(const char *path, struct meta_doc *d, char *err, size_t errlen)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    int rc = -1;
    memset(d, 0, sizeof(*d));
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    if (!yaml_parser_initialize(&parser)) {
        fclose(f);
        snprintf(err, errlen, "%s: cannot start the YAML parser", path);
        return -1;
    }
    yaml_parser_set_input_file(&parser, f);
    if (!yaml_parser_load(&parser, &doc)) {
        snprintf(err, errlen, "%s:%lu:%lu: not valid YAML: %s", path,
                 (unsigned long)parser.problem_mark.line + 1,
                 (unsigned long)parser.problem_mark.column + 1,
                 parser.problem ? parser.problem : "parse error");
        goto out;
    }
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (!root || root->type != YAML_MAPPING_NODE)
        snprintf(err, errlen, "%s: not a pinsweep meta.yaml (no mapping at the top)", path);
    else if (doc_walk(&doc, root, "", d) < 0)
        snprintf(err, errlen, "%s: out of memory", path);
    else
        rc = 0;
    yaml_document_delete(&doc);
out:
    yaml_parser_delete(&parser);
    fclose(f);
    if (rc < 0)
        meta_doc_free(d);
    return rc;
}

const char *meta_get(const struct meta_doc *d, const char *dotted)
{
    for (size_t i = 0; i < d->n; i++)
        if (strcmp(d->keys[i], dotted) == 0)
            return d->values[i];
    return NULL;
}

void meta_doc_free(struct meta_doc *d)
{
    for (size_t i = 0; i < d->n; i++) {
        free(d->keys[i]);
        free(d->values[i]);
    }
    free(d->keys);
    free(d->values);
    memset(d, 0, sizeof(*d));
}
