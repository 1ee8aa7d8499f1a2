/*
 * engines.c - the engines by name, each checked whole (see engines.h).
 */
#include "engine/engines.h"

#include <stdio.h>
#include <string.h>

const struct gpu_ops *const engine_list[] = {&gpu_cuda_ops, &gpu_fake_ops, NULL};

const char *engine_missing_hook(const struct gpu_ops *ops)
{
    /* Every member of struct gpu_ops (engine/gpu.h), in its order. */
    const struct {
        const char *name;
        int filled;
    } hooks[] = {
        {"name", ops->name != NULL},           {"open", ops->open != NULL},
        {"close", ops->close != NULL},         {"host_alloc", ops->host_alloc != NULL},
        {"host_free", ops->host_free != NULL}, {"dev_alloc", ops->dev_alloc != NULL},
        {"dev_free", ops->dev_free != NULL},   {"copy", ops->copy != NULL},
        {"roundtrip", ops->roundtrip != NULL}, {"pipeline", ops->pipeline != NULL},
        {"error", ops->error != NULL},         {"at_once", ops->at_once != NULL},
    };
    /* A hook added to struct gpu_ops without a line above stops the build here. */
    _Static_assert(sizeof(struct gpu_ops) == sizeof(hooks) / sizeof(hooks[0]) * sizeof(void *),
                   "every member of struct gpu_ops must be listed in engine_missing_hook");
    for (size_t i = 0; i < sizeof(hooks) / sizeof(hooks[0]); i++)
        if (!hooks[i].filled)
            return hooks[i].name;
    return NULL;
}

/* "cuda, fake": the names in list, for the message of an unknown one. */
static void list_names(const struct gpu_ops *const *list, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; list[i] && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "",
                                list[i]->name ? list[i]->name : "(unnamed)");
}

const struct gpu_ops *engine_find_in(const struct gpu_ops *const *list, const char *name, char *err,
                                     size_t errlen)
{
    const struct gpu_ops *ops = NULL;
    char names[256];
    if (!name || !*name)
        ops = list[0];
    for (size_t i = 0; !ops && list[i]; i++)
        if (list[i]->name && strcmp(list[i]->name, name) == 0)
            ops = list[i];
    if (!ops) {
        list_names(list, names, sizeof(names));
        snprintf(err, errlen, "'%s' is not an engine; allowed: %s", name ? name : "", names);
        return NULL;
    }
    const char *missing = engine_missing_hook(ops);
    if (missing) {
        snprintf(err, errlen,
                 "'%s' is an engine whose %s hook is empty: every hook of struct gpu_ops "
                 "(engine/gpu.h) must be filled",
                 ops->name ? ops->name : "(unnamed)", missing);
        return NULL;
    }
    return ops;
}

const struct gpu_ops *engine_find(const char *name, char *err, size_t errlen)
{
    return engine_find_in(engine_list, name, err, errlen);
}
