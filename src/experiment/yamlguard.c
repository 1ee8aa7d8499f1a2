/*
 * yamlguard.c - one pass of libyaml's event parser over an experiment file,
 * refusing what would hang or exhaust the loader (see yamlguard.h).
 */
#include "experiment/yamlguard.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#define ANCHOR_SLOTS 2048 /* a power of two, over twice YAMLGUARD_MAX_ANCHORS */

/* An anchor and the nodes it stands for, alias expansions included. */
struct anchor {
    char *name;
    size_t nodes;
};

struct guard {
    struct diag *d;
    size_t depth;
    size_t nanchors;
    size_t *open_nodes;     /* per open collection: nodes seen inside it so far */
    char **open_anchor;     /* per open collection: its anchor, or NULL */
    struct anchor *anchors; /* ANCHOR_SLOTS slots, open addressing */
    int docs;
};

static struct anchor *anchor_slot(struct guard *g, const char *name)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 16777619u;
    for (;; h++) {
        struct anchor *a = &g->anchors[h & (ANCHOR_SLOTS - 1)];
        if (!a->name || strcmp(a->name, name) == 0)
            return a;
    }
}

static void err_at(struct guard *g, const yaml_mark_t *m, const char *msg)
{
    diag_error(g->d, (long)m->line, (long)m->column, "%s", msg);
}

/* Record an anchored node's size (a later anchor of the same name wins). */
static int anchor_set(struct guard *g, const char *name, size_t nodes, const yaml_mark_t *m)
{
    struct anchor *a = anchor_slot(g, name);
    if (!a->name) {
        if (g->nanchors == YAMLGUARD_MAX_ANCHORS) {
            diag_error(g->d, (long)m->line, (long)m->column,
                       "more than %d anchors ('&name'); an experiment file needs few", YAMLGUARD_MAX_ANCHORS);
            return -1;
        }
        if (!(a->name = strdup(name)))
            return -1;
        g->nanchors++;
    }
    a->nodes = nodes;
    return 0;
}

/* Add a finished node of `nodes` nodes to the collection it sits in. */
static int add_nodes(struct guard *g, size_t nodes, const yaml_mark_t *m)
{
    if (g->depth == 0)
        return 0;
    g->open_nodes[g->depth - 1] += nodes;
    if (g->open_nodes[g->depth - 1] > YAMLGUARD_MAX_NODES) {
        diag_error(g->d, (long)m->line, (long)m->column,
                   "the file has more than %d YAML nodes (an alias counts its anchor's nodes "
                   "each time it is used); an experiment needs far fewer: use ranges",
                   YAMLGUARD_MAX_NODES);
        return -1;
    }
    return 0;
}

/* C0 and C1 control characters and DEL; tab and newline are text. */
static int has_control(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if ((s[i] < 0x20 && s[i] != '\t' && s[i] != '\n') || s[i] == 0x7f)
            return 1;
        if (s[i] == 0xC2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F)
            return 1;
    }
    return 0;
}

static int open_collection(struct guard *g, const yaml_event_t *ev, const unsigned char *anchor)
{
    if (g->depth == YAMLGUARD_MAX_DEPTH) {
        diag_error(g->d, (long)ev->start_mark.line, (long)ev->start_mark.column,
                   "nesting deeper than %d levels; an experiment file needs at most 4",
                   YAMLGUARD_MAX_DEPTH);
        return -1;
    }
    g->open_nodes[g->depth] = 0;
    g->open_anchor[g->depth] = NULL;
    if (anchor && !(g->open_anchor[g->depth] = strdup((const char *)anchor)))
        return -1;
    g->depth++;
    return 0;
}

static int close_collection(struct guard *g, const yaml_event_t *ev)
{
    g->depth--;
    size_t nodes = 1 + g->open_nodes[g->depth];
    char *anchor = g->open_anchor[g->depth];
    g->open_anchor[g->depth] = NULL;
    int rc = anchor ? anchor_set(g, anchor, nodes, &ev->start_mark) : 0;
    free(anchor);
    return rc < 0 ? rc : add_nodes(g, nodes, &ev->start_mark);
}

static int on_scalar(struct guard *g, const yaml_event_t *ev)
{
    const yaml_mark_t *m = &ev->start_mark;
    if (ev->data.scalar.tag) {
        err_at(g, m, "YAML tags ('!name', '!!type') are not taken; write the value without one");
        return 0; /* keep looking: every problem is reported */
    }
    if (has_control(ev->data.scalar.value, ev->data.scalar.length))
        err_at(g, m, "a control character (such as a \"\\0\" escape) in a key or value; "
                     "experiment files hold printable text");
    if (ev->data.scalar.anchor && anchor_set(g, (const char *)ev->data.scalar.anchor, 1, m) < 0)
        return -1;
    return add_nodes(g, 1, m);
}

static int on_alias(struct guard *g, const yaml_event_t *ev)
{
    struct anchor *a = anchor_slot(g, (const char *)ev->data.alias.anchor);
    /* An unknown alias is libyaml's to report when it loads the document. */
    return add_nodes(g, a->name ? a->nodes : 1, &ev->start_mark);
}

static int on_event(struct guard *g, const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_DOCUMENT_START_EVENT:
        if (++g->docs > 1) {
            err_at(g, &ev->start_mark, "a second YAML document; an experiment file holds one");
            return -1;
        }
        return 0;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
        const unsigned char *tag = ev->type == YAML_MAPPING_START_EVENT ? ev->data.mapping_start.tag
                                                                        : ev->data.sequence_start.tag;
        const unsigned char *anchor = ev->type == YAML_MAPPING_START_EVENT
                                          ? ev->data.mapping_start.anchor
                                          : ev->data.sequence_start.anchor;
        if (tag)
            err_at(g, &ev->start_mark, "YAML tags ('!name', '!!type') are not taken; write the value without one");
        return open_collection(g, ev, anchor);
    }
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        return close_collection(g, ev);
    case YAML_SCALAR_EVENT:
        return on_scalar(g, ev);
    case YAML_ALIAS_EVENT:
        return on_alias(g, ev);
    default:
        return 0;
    }
}

void yamlguard_syntax_error(struct diag *d, const struct yaml_parser_s *p)
{
    const yaml_mark_t *m = &p->problem_mark;
    const char *problem = p->problem ? p->problem : "cannot parse the file";
    if (p->error == YAML_READER_ERROR)
        diag_error(d, 0, 0, "not a YAML text file: %s at byte %lu", problem,
                   (unsigned long)p->problem_offset);
    else if (p->context)
        diag_error(d, (long)m->line, (long)m->column, "YAML syntax error: %s %s that starts at line %lu",
                   problem, p->context, (unsigned long)p->context_mark.line + 1);
    else
        diag_error(d, (long)m->line, (long)m->column, "YAML syntax error: %s", problem);
}

static void guard_free(struct guard *g)
{
    for (size_t i = 0; i < g->depth; i++)
        free(g->open_anchor[i]);
    for (size_t i = 0; g->anchors && i < ANCHOR_SLOTS; i++)
        free(g->anchors[i].name);
    free(g->anchors);
    free(g->open_nodes);
    free(g->open_anchor);
}

int yamlguard_check(struct diag *d, const char *text, size_t len)
{
    struct guard g = {.d = d};
    yaml_parser_t parser;
    int before = d->errors, rc = -1, done = 0;
    g.anchors = calloc(ANCHOR_SLOTS, sizeof(*g.anchors));
    g.open_nodes = calloc(YAMLGUARD_MAX_DEPTH, sizeof(*g.open_nodes));
    g.open_anchor = calloc(YAMLGUARD_MAX_DEPTH, sizeof(*g.open_anchor));
    if (!g.anchors || !g.open_nodes || !g.open_anchor || !yaml_parser_initialize(&parser)) {
        diag_error(d, -1, -1, "out of memory checking the file");
        guard_free(&g);
        return -1;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    while (!done) {
        yaml_event_t ev;
        if (!yaml_parser_parse(&parser, &ev)) {
            yamlguard_syntax_error(d, &parser);
            break;
        }
        done = ev.type == YAML_STREAM_END_EVENT || on_event(&g, &ev) < 0;
        yaml_event_delete(&ev);
    }
    if (d->errors == before)
        rc = 0;
    yaml_parser_delete(&parser);
    guard_free(&g);
    return rc;
}
