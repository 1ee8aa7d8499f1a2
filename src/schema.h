/*
 * schema.h - the experiment file's vocabulary, declared once.
 *
 * Every key an experiment file may hold, every sweep axis and every value an
 * enumerated axis may take lives in the tables of schema.c.  The loader
 * validates against them, the "did you mean" hints search them, `pinsweep
 * help` prints them and the README's reference is generated from them
 * (`pinsweep help --markdown`).
 */
#ifndef PINSWEEP_SCHEMA_H
#define PINSWEEP_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

/* Host allocation kinds: how the host side of a copy is allocated. */
enum alloc_kind {
    ALLOC_PAGEABLE,       /* malloc */
    ALLOC_PINNED,         /* cudaHostAlloc(cudaHostAllocDefault) */
    ALLOC_MALLOCHOST,     /* cudaMallocHost */
    ALLOC_PORTABLE,       /* cudaHostAlloc(cudaHostAllocPortable) */
    ALLOC_WRITE_COMBINED, /* cudaHostAlloc(cudaHostAllocWriteCombined) */
    ALLOC_MAPPED,         /* cudaHostAlloc(cudaHostAllocMapped) */
    ALLOC_REGISTERED,     /* malloc + cudaHostRegister */
    ALLOC_COUNT
};

enum direction { DIR_H2D, DIR_D2H, DIR_BIDIR, DIR_COUNT };
enum buffer_mode { BUFFER_REUSE, BUFFER_REALLOCATE, BUFFER_COUNT };
enum copy_api { API_SYNC, API_ASYNC, API_COUNT };
enum cache_state { CACHE_WARM, CACHE_FLUSHED, CACHE_COUNT };
enum touch_state { TOUCH_PREFAULTED, TOUCH_FIRST, TOUCH_COUNT };

/*
 * The sweep axes, in the order configurations nest (the last varies
 * fastest) and their columns appear in the CSVs.  size must stay last.
 */
enum axis_id {
    AXIS_ALLOC,
    AXIS_DIRECTION,
    AXIS_BUFFER,
    AXIS_API,
    AXIS_CACHE,
    AXIS_TOUCH,
    AXIS_SIZE,
    AXIS_COUNT
};

struct axis_value {
    const char *name;
    const char *help;
};

struct axis_def {
    const char *name;
    const struct axis_value *values; /* NULL for the size axis */
    int nvalues;
    int default_value; /* index into values; -1: the axis must be given */
    const char *help;
};

extern const struct axis_def schema_axes[AXIS_COUNT];

/* Types of a plain (non-axis) key's value. */
enum key_type {
    KEY_STRING,          /* any scalar */
    KEY_INT,             /* a whole number within [min, max] */
    KEY_DURATION,        /* a time with a unit: 500us, 2ms, 1s; stored in ms */
    KEY_PERCENT,         /* a number, optionally followed by %: 0.5% */
    KEY_CHOICE,          /* one of choices[] */
    KEY_SWEEP,           /* the sweep: a mapping of axes or a list of them */
    KEY_EXCLUDE,         /* a list of partial configurations */
    KEY_MEASURE,         /* the measure mapping (schema_measure_keys) */
    KEY_LIMITS,          /* the limits mapping (schema_limits_keys) */
    KEY_SIZE_OR_PERCENT, /* a size (16GiB) or a share of something (50%) */
};

struct key_def {
    const char *name;
    enum key_type type;
    double min, max; /* bounds for KEY_INT and KEY_DURATION (ms) */
    const char *default_text;
    const char *help;
    const char *const *choices; /* KEY_CHOICE: NULL-terminated */
};

/* Top-level keys of an experiment file, and the keys of its `measure:`. */
extern const struct key_def schema_top_keys[];
extern const size_t schema_top_nkeys;
extern const struct key_def schema_measure_keys[];
extern const size_t schema_measure_nkeys;
extern const struct key_def schema_limits_keys[];
extern const size_t schema_limits_nkeys;

/* Index of the axis or key called name, or -1. */
int schema_axis_find(const char *name);
const struct key_def *schema_key_find(const struct key_def *keys, size_t n, const char *name);

/* Index of value name on an enumerated axis, or -1. */
int schema_value_find(enum axis_id axis, const char *name);

/* The name of value v of an enumerated axis ("?" when out of range). */
const char *schema_value_name(enum axis_id axis, int v);

/*
 * The allowed names as one string, "a | b | c", written into buf (size n).
 * Returns buf.
 */
char *schema_axis_allowed(enum axis_id axis, char *buf, size_t n);
char *schema_keys_allowed(const struct key_def *keys, size_t nkeys, char *buf, size_t n);

/*
 * The candidate closest to word by edit distance, or NULL when none is close
 * enough to be a plausible typo.  Candidates are read from a NULL-terminated
 * array of strings.
 */
const char *schema_suggest(const char *word, const char *const *candidates);

/* The same, over an axis's values, the axis names, or a key table. */
const char *schema_suggest_value(enum axis_id axis, const char *word);
const char *schema_suggest_axis(const char *word);
const char *schema_suggest_key(const struct key_def *keys, size_t nkeys, const char *word);

/* Print the reference of every key and axis (markdown when md is set). */
#include <stdio.h>
void schema_print_reference(FILE *out, int md);

#endif
