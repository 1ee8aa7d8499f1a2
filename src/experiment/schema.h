/*
 * schema.h - the experiment file's vocabulary, declared once.
 *
 * Every key an experiment file may hold, every sweep axis and every value an
 * enumerated axis may take lives in the tables of schema.c.  The loader
 * validates against them, the "did you mean" hints search them, `pinsweep
 * help` prints them and docs/experiment-files.md's reference is generated from them
 * (`pinsweep help --markdown`).
 */
#ifndef PINSWEEP_SCHEMA_H
#define PINSWEEP_SCHEMA_H

#include <stddef.h>
#include <stdint.h>

/* Host allocation kinds: how the host side of a copy is allocated. */
enum alloc_kind {
    ALLOC_PAGEABLE,            /* malloc */
    ALLOC_PINNED,              /* cudaHostAlloc(cudaHostAllocDefault) */
    ALLOC_MALLOCHOST,          /* cudaMallocHost */
    ALLOC_PORTABLE,            /* cudaHostAlloc(cudaHostAllocPortable) */
    ALLOC_WRITE_COMBINED,      /* cudaHostAlloc(cudaHostAllocWriteCombined) */
    ALLOC_MAPPED,              /* cudaHostAlloc(cudaHostAllocMapped) */
    ALLOC_REGISTERED,          /* malloc + cudaHostRegister */
    ALLOC_REGISTERED_READONLY, /* malloc + cudaHostRegister(cudaHostRegisterReadOnly) */
    ALLOC_REGISTERED_PORTABLE, /* malloc + cudaHostRegister(cudaHostRegisterPortable) */
    ALLOC_REGISTERED_MAPPED,   /* malloc + cudaHostRegister(cudaHostRegisterMapped) */
    ALLOC_COUNT
};

/* 1 for the kinds whose memory pinsweep allocates itself (malloc or mmap), then maybe registers. */
static inline int alloc_is_malloced(enum alloc_kind k)
{
    return k == ALLOC_PAGEABLE || k >= ALLOC_REGISTERED;
}

/* 1 for the cudaHostRegister kinds. */
static inline int alloc_is_registered(enum alloc_kind k)
{
    return k >= ALLOC_REGISTERED;
}

enum direction { DIR_H2D, DIR_D2H, DIR_BIDIR, DIR_COUNT };
enum buffer_mode { BUFFER_REUSE, BUFFER_REALLOCATE, BUFFER_COUNT };
/* What is timed: a copy call, a chunked pipeline, a kernel on mapped memory, or the CPU. */
enum copy_api {
    API_SYNC,       /* cudaMemcpy */
    API_ASYNC,      /* cudaMemcpyAsync */
    API_PIPELINE,   /* chunks of h2d -> kernel -> d2h over streams */
    API_ZEROCOPY,   /* a kernel reads or writes the host buffer through its device pointer */
    API_HOST_READ,  /* the CPU reads the host buffer */
    API_HOST_WRITE, /* the CPU writes it */
    API_COUNT
};

/* 1 for the apis that are copies (cudaMemcpy or cudaMemcpyAsync). */
static inline int api_is_copy(enum copy_api a)
{
    return a == API_SYNC || a == API_ASYNC;
}

/* 1 for the CPU-side apis. */
static inline int api_is_host(enum copy_api a)
{
    return a == API_HOST_READ || a == API_HOST_WRITE;
}
enum cache_state { CACHE_WARM, CACHE_FLUSHED, CACHE_COUNT };
enum touch_state { TOUCH_PREFAULTED, TOUCH_FIRST, TOUCH_COUNT };
enum page_kind { PAGES_DEFAULT, PAGES_THP, PAGES_HUGETLB, PAGES_COUNT };

/*
 * Codes of the numeric axes' values.  kernel: KERNEL_NONE, a multiple of the
 * chunk's copy time (KERNEL_RATIO | thousandths) or a fixed time
 * (KERNEL_TIME | nanoseconds).  numa: NUMA_ANY, NUMA_AUTO, or NUMA_NODE + n.
 * An axis that does not apply to a configuration holds AXIS_UNUSED ("-").
 */
#define KERNEL_NONE 0ULL
#define KERNEL_RATIO (1ULL << 40)
#define KERNEL_TIME (2ULL << 40)
#define KERNEL_VALUE_MASK ((1ULL << 40) - 1)
#define NUMA_ANY 0ULL
#define NUMA_AUTO 1ULL
#define NUMA_NODE 2ULL
#define AXIS_UNUSED UINT64_MAX

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
    AXIS_STREAMS,
    AXIS_CHUNKS,
    AXIS_KERNEL,
    AXIS_THREADS,
    AXIS_NUMA,
    AXIS_PAGES,
    AXIS_SIZE,
    AXIS_COUNT
};

/* How an axis's values are written and stored. */
enum axis_kind {
    AXIS_KIND_ENUM,   /* one of values[]; stored as its index */
    AXIS_KIND_SIZE,   /* bytes with a unit, lists and ranges */
    AXIS_KIND_COUNT,  /* a whole number within [min, max] */
    AXIS_KIND_KERNEL, /* none, 0.5x (of the chunk's copy time), 200us */
    AXIS_KIND_NUMA,   /* any, auto, or a node number */
};

struct axis_value {
    const char *name;
    const char *help;
};

struct axis_def {
    const char *name;
    const struct axis_value *values; /* enumerated axes only */
    int nvalues;
    int64_t default_value; /* a value's code (an index for enumerated axes); -1: must be given */
    const char *help;
    enum axis_kind kind;
    uint64_t min, max; /* AXIS_KIND_COUNT's bounds */
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
    KEY_DEVICES,         /* a GPU index within [min, max], a list of them, or "all" */
    KEY_BOOL,            /* yes or no (true, false): an int, 1 or 0 */
};

/*
 * One key, as fio declares an option: how it is written and checked, where
 * its value lands and what that holds when the key is left out.  Offsets
 * are offsetof(struct experiment, ...); 0 means none (no key writes
 * exp->path, the struct's first field).
 */
struct key_def {
    const char *name;
    enum key_type type;
    double min, max;          /* bounds for KEY_INT, KEY_PERCENT and KEY_DURATION (ms) */
    const char *default_text; /* the default as help and docs/experiment-files.md show it */
    const char *help;
    const char *const *choices; /* KEY_CHOICE: NULL-terminated */
    /*
     * The field the value is parsed into: an int (KEY_INT; KEY_CHOICE's
     * index; KEY_BOOL's 1 or 0), a double (KEY_DURATION in ms, KEY_PERCENT in %), a char *
     * (KEY_STRING) or a uint64_t of bytes (KEY_SIZE_OR_PERCENT, 0 when a
     * share is given).  0 for the keys that hold a structure (KEY_SWEEP ...).
     */
    size_t offset;
    size_t offset_pct;  /* KEY_SIZE_OR_PERCENT: the share in %, a double (0 when a size is given) */
    size_t offset_mark; /* a struct mark: where the value was written ({-1, -1}: not written) */
    size_t offset_given; /* an int set to 1 when a good value was read */
    /*
     * A key of the same mapping that this one may not be given with, and
     * why, or NULL: the loader refuses the pair, naming both, rather than
     * silently ignore one of them.
     */
    const char *conflicts;
    const char *conflict_why;
    /*
     * What offset holds when the key is not written (KEY_SIZE_OR_PERCENT:
     * the share; its bytes are 0).  default_text must parse to it, or name
     * what it means ("adaptive"); tests/unit/test_schema.c checks each key.
     */
    double default_value;
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
 * Any axis's value as an experiment file writes it ("pinned", "4", "0.5x",
 * "auto", "-" for AXIS_UNUSED; sizes in bytes), into buf.  Returns buf.
 */
char *schema_value_text(enum axis_id axis, uint64_t v, char *buf, size_t n);

/*
 * Parse text as a value of a counted, kernel or numa axis into *v.  Returns
 * 0, or -1 with what is allowed in why.  (Enumerated axes and sizes have
 * their own parsers.)
 */
int schema_parse_number_value(enum axis_id axis, const char *text, uint64_t *v, char *why,
                              size_t n);

/* 1 when v is the axis's default (unused counts as default). */
int schema_is_default(enum axis_id axis, uint64_t v);

/*
 * The allowed names as one string, "a | b | c", written into buf (size n).
 * Returns buf.
 */
char *schema_axis_allowed(enum axis_id axis, char *buf, size_t n);
char *schema_keys_allowed(const struct key_def *keys, size_t nkeys, char *buf, size_t n);

/*
 * The closest to word of an axis's values, the axis names, or a key table's
 * names, or NULL (suggest_word() in base/suggest.h says what is close).
 */
const char *schema_suggest_value(enum axis_id axis, const char *word);
const char *schema_suggest_axis(const char *word);
const char *schema_suggest_key(const struct key_def *keys, size_t nkeys, const char *word);

/* Print the reference of every key and axis (markdown when md is set). */
#include <stdio.h>
void schema_print_reference(FILE *out, int md);

#endif
