/*
 * meta_doc.h - a results folder's meta.yaml read back, as its scalars by
 * dotted path; what figures, analysis and report read (meta.h writes it).
 */
#ifndef PINSWEEP_META_DOC_H
#define PINSWEEP_META_DOC_H

#include <stddef.h>

/* A meta.yaml read back: its scalars by dotted path ("gpu.pcie.current.width"). */
struct meta_doc {
    char **keys, **values;
    size_t n;
};

/*
 * Read path into d.  Returns 0, or -1 with a message naming the file (and
 * line and column for a YAML error) in err.  Free d with meta_doc_free().
 */
int meta_read(const char *path, struct meta_doc *d, char *err, size_t errlen);

/* The scalar at a dotted path, or NULL when there is none. */
const char *meta_get(const struct meta_doc *d, const char *dotted);

void meta_doc_free(struct meta_doc *d);

#endif
