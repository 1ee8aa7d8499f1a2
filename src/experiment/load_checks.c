/*
 * load_checks.c - what the loader checks across keys once they are read:
 * keys given together that conflict, min_samples against max_samples, the
 * name as a results folder's, and what several GPUs cannot be combined with.
 */
#include "experiment/loader.h"

#include <stdio.h>
#include <string.h>

/* Keys of table t given together in node although the table says they conflict. */
void loader_check_conflicts(struct loader *ld, yaml_node_t *node, const struct key_table *t)
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

/* measure: (node) holds min_samples above max_samples. */
void loader_check_samples(struct loader *ld, yaml_node_t *node)
{
    const struct measure_opts *m = &ld->exp->measure;
    if (m->min_samples > m->max_samples)
        ERR(ld, node, "min_samples (%d) is more than max_samples (%d)", m->min_samples,
            m->max_samples);
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
void loader_check_name(struct loader *ld, yaml_node_t *root)
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
                return; /* reported by parse_string (load_keys.c) */
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

/* What several GPUs cannot be combined with (yet). */
void loader_check_devices(struct loader *ld)
{
    const struct experiment *e = ld->exp;
    int several = e->devices_all || e->ndevices > 1;
    if (e->gpus_together && !several && e->gpus_mark.line >= 0)
        diag_error(&ld->diag, e->gpus_mark.line, e->gpus_mark.column,
                   "'gpus: together' needs several GPUs, but 'device' names one; give a list "
                   "such as 'device: [0, 1]', or all");
}
