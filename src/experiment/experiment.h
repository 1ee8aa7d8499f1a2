/*
 * experiment.h - an experiment file, loaded and validated.
 *
 * experiment_load() reads a YAML file with libyaml, checks every key and
 * value against schema.h and reports every problem as FILE:LINE:COLUMN
 * before anything runs.  The result holds the sweep blocks as lists of axis
 * values; sweep.h turns them into configurations.  The loader is load.c and
 * the load_*.c files beside it (loader.h, internal, says which does what).
 */
#ifndef PINSWEEP_EXPERIMENT_H
#define PINSWEEP_EXPERIMENT_H

#include "experiment/diag.h"
#include "experiment/schema.h"

#include <stddef.h>
#include <stdint.h>

/* Where something was written in the file (0-based, as libyaml counts). */
struct mark {
    long line, column;
};

/* The values one axis takes in one sweep block: bytes for size, else enum indices. */
struct axis_values {
    uint64_t *v;
    size_t n;
    struct mark mark;
    int given; /* 0: the axis was not written and holds its default */
};

struct sweep_block {
    struct axis_values axes[AXIS_COUNT];
    struct mark mark;
};

/* A partial configuration to drop: each given axis matches any of its values. */
struct exclude_rule {
    struct axis_values axes[AXIS_COUNT];
    struct mark mark;
};

struct measure_opts {
    int warmup;
    int samples; /* fixed count, or 0: adaptive between min_samples and max_samples */
    int min_samples, max_samples;
    double target_rsd_pct;
    double max_time_ms;
    double min_sample_ms;
    int max_batch;
    int shuffled; /* order: shuffled */
    int seed;     /* its seed; seed_given: written in the file */
    int seed_given;
    int verify;   /* check the destination after the timed copies */
    int rounds;   /* the whole sweep measured this many times, each round in its own order */
    int sentinel; /* the drift sentinel: a configuration number, or 0: automatic */
    double sentinel_every_ms; /* how often it is read; 0: never */
    double repair_pct; /* repair rounds may take this share of the rounds' time again; 0: off */
    int process_per_round; /* each round measured in a new process (run/fresh.h) */
};

/* limits: what a run may take; max_pinned is bytes, or a share of RAM when pct > 0. */
struct limits {
    uint64_t max_pinned_bytes;
    double max_pinned_pct;
    struct mark mark;
};

/* At most this many GPUs in a device list. */
#define EXPERIMENT_MAX_DEVICES 16

struct experiment {
    char *path;        /* as given */
    char *name;        /* `name:` or the file's stem */
    char *description; /* may be "" */
    int device; /* the GPU, or the first of devices[] */
    struct mark device_mark;
    /* device: a list or all (several GPUs); ndevices 1 for a single index, 0 for all */
    int devices[EXPERIMENT_MAX_DEVICES];
    int ndevices;
    int devices_all;
    int gpus_together; /* gpus: together (else each) */
    struct mark gpus_mark;
    struct sweep_block *blocks;
    size_t nblocks;
    struct exclude_rule *excludes;
    size_t nexcludes;
    struct measure_opts measure;
    struct limits limits;
    char *text; /* the file verbatim, NUL-terminated */
    size_t text_len;
};

/*
 * Load and validate path into *exp: a regular file of at most max_bytes
 * (0: EXPERIMENT_MAX_FILE_BYTES).  Problems are reported through a diag
 * writing to out (stderr when NULL).  Returns 0, -1 when the file had errors
 * (all of them reported), or -2 when it could not be read (reported too).
 * On success the caller owns *exp and frees it with experiment_free().
 */
#define EXPERIMENT_MAX_FILE_BYTES ((size_t)1 << 20)

/*
 * The most axis values an experiment may hold once its ranges and aliases
 * are expanded, sweep blocks and exclude rules together (the defaults a
 * block fills in count too).  With YAML aliases a few bytes can repeat a
 * 100000-value range thousands of times; this bounds the loader's memory
 * and time whatever the file holds.
 */
#define EXPERIMENT_MAX_VALUES 1000000

/* A name (it names the results folder): 1 to this many letters, digits, '.', '_', '-'. */
#define EXPERIMENT_NAME_MAX 64
int experiment_load(const char *path, size_t max_bytes, struct experiment *exp, FILE *out);

/*
 * The same for text[0..len-1] (which need not be NUL-terminated), named
 * path in messages.  experiment_load() reads the file and calls this; the
 * fuzzer calls it directly.  Returns 0, -1 (errors reported) or -2 (memory).
 */
int experiment_parse(const char *path, const char *text, size_t len, struct experiment *exp,
                     FILE *out);

/* Free what experiment_load() allocated; safe on a zeroed struct. */
void experiment_free(struct experiment *exp);

#endif
