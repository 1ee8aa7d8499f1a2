/*
 * engines.h - the engines by name: the one list of them (cuda, fake) and the
 * lookup that refuses an engine whose table leaves a hook empty, as fio
 * checks an ioengine's ops version when it loads it, so that a missing hook
 * is a clear message at the start and not a crash mid-run.
 */
#ifndef PINSWEEP_ENGINES_H
#define PINSWEEP_ENGINES_H

#include "engine/gpu.h"

#include <stddef.h>

/* The engines a run can use, NULL-terminated; the first is the default. */
extern const struct gpu_ops *const engine_list[];

/*
 * The engine called name in engine_list (NULL or "": the first, cuda).
 * NULL with why in err when none is called so ("'warp' is not an engine;
 * allowed: cuda, fake") or when its table leaves a hook empty; each message
 * begins with the quoted name, so a caller can put where the name came from
 * in front of it (PINSWEEP_ENGINE=).
 */
const struct gpu_ops *engine_find(const char *name, char *err, size_t errlen);

/* engine_find over list (NULL-terminated) instead of engine_list: for the tests. */
const struct gpu_ops *engine_find_in(const struct gpu_ops *const *list, const char *name, char *err,
                                     size_t errlen);

/* The name of the first hook ops leaves NULL ("open", "copy", ...), or NULL when every one is
 * filled. */
const char *engine_missing_hook(const struct gpu_ops *ops);

#endif
