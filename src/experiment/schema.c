/*
 * schema.c - the tables behind schema.h: keys, axes, values, help text.
 *
 * To add an axis value or a key, add a row here; parsing, validation, hints,
 * `pinsweep help` and the reference in docs/experiment-files.md all follow from the row.  A
 * key's row also names its field in struct experiment and its default value,
 * so the loader needs nothing else (test_schema checks the default's text).
 */
#include "experiment/schema.h"
#include "experiment/experiment.h"
#include "base/suggest.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct axis_value alloc_values[] = {
    {"pageable", "malloc; the driver stages each copy through its own pinned buffer"},
    {"pinned", "cudaHostAlloc(cudaHostAllocDefault)"},
    {"mallochost", "cudaMallocHost"},
    {"portable", "cudaHostAlloc(cudaHostAllocPortable)"},
    {"write-combined", "cudaHostAlloc(cudaHostAllocWriteCombined)"},
    {"mapped", "cudaHostAlloc(cudaHostAllocMapped)"},
    {"registered", "malloc, then cudaHostRegister(cudaHostRegisterDefault)"},
    {"registered-readonly",
     "malloc, then cudaHostRegister(cudaHostRegisterReadOnly): the GPU may only read it "
     "(skipped where cudaDevAttrHostRegisterReadOnlySupported is 0)"},
    {"registered-portable", "malloc, then cudaHostRegister(cudaHostRegisterPortable)"},
    {"registered-mapped",
     "malloc, then cudaHostRegister(cudaHostRegisterMapped) (skipped where the device cannot "
     "map host memory)"},
};

static const struct axis_value direction_values[] = {
    {"h2d", "host to device"},
    {"d2h", "device to host"},
    {"bidir", "an h2d and a d2h copy at once, on two streams (needs api: async)"},
};

static const struct axis_value buffer_values[] = {
    {"reuse", "allocate once, fill, time only the copies; kept for the next configuration of the same kind, pages, NUMA node and size"},
    {"reallocate", "every sample allocates, fills, copies once and frees; each part timed"},
};

static const struct axis_value api_values[] = {
    {"sync", "cudaMemcpy on the legacy default stream"},
    {"async", "cudaMemcpyAsync on a non-blocking stream"},
    {"pipeline",
     "size bytes in `chunks` pieces, each h2d -> kernel -> d2h, round-robin over `streams` "
     "streams; timed whole and each stage alone"},
    {"zerocopy",
     "a kernel reads (h2d) or writes (d2h) the host buffer through its device pointer, 16 "
     "bytes per access; mapped and registered kinds only"},
    {"host-read", "the CPU reads the host buffer (`threads` threads)"},
    {"host-write", "the CPU writes the host buffer (`threads` threads)"},
};

static const struct axis_value cache_values[] = {
    {"warm", "the host buffer is left as the last copy left it (often in the CPU's caches)"},
    {"flushed", "before every copy the host buffer is flushed from the CPU caches (outside the "
                "timed span); each copy is then timed alone"},
};

static const struct axis_value touch_values[] = {
    {"prefaulted", "the host buffer's pages are written before timing"},
    {"first-touch", "pageable only: every copy uses freshly mapped, never-touched pages, so "
                    "page faults happen inside the copy; each copy is timed alone"},
};

static const struct axis_value pages_values[] = {
    {"default", "the allocator's pages (malloc)"},
    {"thp", "a 2 MiB-aligned mapping with madvise(MADV_HUGEPAGE): transparent huge pages"},
    {"hugetlb", "mmap(MAP_HUGETLB) from the reserved huge pages (vm.nr_hugepages); skipped "
                "when too few are free"},
};

#define VALUES(a) a, (int)(sizeof(a) / sizeof(a[0]))

const struct axis_def schema_axes[AXIS_COUNT] = {
    [AXIS_ALLOC] = {"alloc", VALUES(alloc_values), ALLOC_PINNED, "host allocation kind"},
    [AXIS_DIRECTION] = {"direction", VALUES(direction_values), DIR_H2D, "copy direction"},
    [AXIS_BUFFER] = {"buffer", VALUES(buffer_values), BUFFER_REUSE, "host buffer lifetime"},
    [AXIS_API] = {"api", VALUES(api_values), API_SYNC,
                  "what is timed: a copy call, a pipeline, a kernel on host memory, or the CPU"},
    [AXIS_CACHE] = {"cache", VALUES(cache_values), CACHE_WARM, "host cache state at each copy"},
    [AXIS_TOUCH] = {"touch", VALUES(touch_values), TOUCH_PREFAULTED,
                    "whether the host pages exist before the copy"},
    [AXIS_STREAMS] = {"streams", NULL, 0, 1,
                      "pipeline: streams the chunks are spread over, round-robin (1 to 64)",
                      AXIS_KIND_COUNT, 1, 64},
    [AXIS_CHUNKS] = {"chunks", NULL, 0, 8,
                     "pipeline: pieces the size is cut into (1 to 4096; each at least 1 byte)",
                     AXIS_KIND_COUNT, 1, 4096},
    [AXIS_KERNEL] = {"kernel", NULL, 0, KERNEL_RATIO | 1000,
                     "pipeline: how long the kernel on each chunk runs: a multiple of the "
                     "chunk's h2d copy time (0.5x, 2x), a time (200us, 1ms), or none",
                     AXIS_KIND_KERNEL},
    [AXIS_THREADS] = {"threads", NULL, 0, 1, "host-read, host-write: CPU threads (1 to 1024)",
                      AXIS_KIND_COUNT, 1, 1024},
    [AXIS_NUMA] = {"numa", NULL, 0, NUMA_ANY,
                   "where the host buffer and the measuring thread live: any (no binding), "
                   "auto (the GPU's own node, from sysfs), or a node number",
                   AXIS_KIND_NUMA},
    [AXIS_PAGES] = {"pages", VALUES(pages_values), PAGES_DEFAULT,
                    "page size of pageable and registered buffers"},
    [AXIS_SIZE] = {"size", NULL, 0, -1,
                   "bytes per copy (pipeline: in all): 4096, 4KiB, 1MB; a list [4KiB, 1MiB]; "
                   "or a range {from: 4KiB, to: 1GiB, factor: 2}, {from: 1MiB, to: 64MiB, "
                   "step: 1MiB} or {from: 1KB, to: 64MB, count: 81} (log-spaced)",
                   AXIS_KIND_SIZE},
};

static const char *const gpus_choices[] = {"each", "together", NULL};

/* Where a key's value lands in struct experiment. */
#define AT(field) offsetof(struct experiment, field)

const struct key_def schema_top_keys[] = {
    {"name", KEY_STRING, 0, 0, "the file's stem", "names the results folder and the CSV rows",
     .offset = AT(name)},
    {"description", KEY_STRING, 0, 0, "empty", "free text, copied into meta.yaml",
     .offset = AT(description)},
    {"device", KEY_DEVICES, 0, 1024, "0",
     "CUDA device index of the GPU to measure; a list of them ([0, 1]) or all: several GPUs, "
     "measured as gpus says",
     .offset = AT(device), .offset_mark = AT(device_mark), .default_value = 0},
    {"gpus", KEY_CHOICE, 0, 0, "each",
     "with several devices: each: one GPU after another, a row per GPU; together: every "
     "configuration on each GPU alone, then on all at once (a thread per GPU, started at a "
     "barrier before every sample): a row per GPU alone and together, and an aggregate row",
     gpus_choices, .offset = AT(gpus_together), .offset_mark = AT(gpus_mark),
     .default_value = 0 /* each */},
    {"sweep", KEY_SWEEP, 0, 0, "(required)",
     "a mapping of axes, or a list of such mappings expanded one after another"},
    {"exclude", KEY_EXCLUDE, 0, 0, "none", "a list of partial configurations to drop"},
    {"measure", KEY_MEASURE, 0, 0, "see below", "how each configuration is sampled"},
    {"limits", KEY_LIMITS, 0, 0, "see below", "what a run may take from the machine"},
};
const size_t schema_top_nkeys = sizeof(schema_top_keys) / sizeof(schema_top_keys[0]);

static const char *const order_choices[] = {"listed", "shuffled", NULL};
static const char *const bool_choices[] = {"false", "true", NULL};

/*
 * samples turns adaptive sampling off, so the keys that shape it would be
 * ignored: refused (not warned about), since a run would quietly do other
 * than the file says, and the fix is to delete one line.
 */
#define ADAPTIVE                                                                                   \
    .conflicts = "samples",                                                                        \
    .conflict_why = "'samples' fixes the number of samples, and min_samples, max_samples, "        \
                    "target_rsd and max_time shape adaptive sampling, which it turns off"

const struct key_def schema_measure_keys[] = {
    {"warmup", KEY_INT, 0, 1000, "2", "untimed batches (reuse) or cycles (reallocate) first",
     .offset = AT(measure.warmup), .default_value = 2},
    {"samples", KEY_INT, 1, 100000, "adaptive",
     "a fixed number of timed samples; without it sampling is adaptive (the next four keys)",
     .offset = AT(measure.samples), .default_value = 0 /* adaptive */},
    {"min_samples", KEY_INT, 2, 100000, "5", "adaptive: at least this many samples",
     .offset = AT(measure.min_samples), .default_value = 5, ADAPTIVE},
    {"max_samples", KEY_INT, 2, 100000, "30", "adaptive: at most this many samples",
     .offset = AT(measure.max_samples), .default_value = 30, ADAPTIVE},
    {"target_rsd", KEY_PERCENT, 0, 100, "0.5%",
     "adaptive: stop once the samples' relative standard deviation is at most this",
     .offset = AT(measure.target_rsd_pct), .default_value = 0.5, ADAPTIVE},
    {"max_time", KEY_DURATION, 0, 3600000, "1s",
     "adaptive: stop sampling a configuration after this long (once it has 3 samples)",
     .offset = AT(measure.max_time_ms), .default_value = 1000.0, ADAPTIVE},
    {"min_sample_time", KEY_DURATION, 0, 10000, "2ms",
     "reuse: copies are batched so one sample lasts at least this long",
     .offset = AT(measure.min_sample_ms), .default_value = 2.0},
    {"max_batch", KEY_INT, 1, 1000000, "10000", "upper bound on copies per sample",
     .offset = AT(measure.max_batch), .default_value = 10000},
    {"order", KEY_CHOICE, 0, 0, "listed",
     "listed: configurations run in plan order; shuffled: in a seeded random order, so slow "
     "drift does not masquerade as a size effect",
     order_choices, .offset = AT(measure.shuffled), .default_value = 0 /* listed */},
    {"seed", KEY_INT, 0, 2147483647, "from the clock",
     "shuffled: the seed (recorded in meta.yaml; give it to repeat an order)",
     .offset = AT(measure.seed), .offset_given = AT(measure.seed_given),
     .default_value = 0 /* unused until the clock gives one */},
    {"verify", KEY_CHOICE, 0, 0, "false",
     "true: fill the source with a pattern and check the destination after the timed copies "
     "(reused buffers, zero-copy kernels and pipelines, outside every timed span); a mismatch "
     "makes the row status=corrupt",
     bool_choices, .offset = AT(measure.verify), .default_value = 0 /* false */},
    {"rounds", KEY_INT, 1, 1000, "1",
     "measure the whole sweep this many times, each round in a fresh shuffled order (from "
     "seed); each round samples within max_time / rounds and max_samples / rounds; summary.csv "
     "gives the median of the rounds' medians and their spread",
     .offset = AT(measure.rounds), .default_value = 1},
    {"sentinel", KEY_INT, 0, 100000, "auto",
     "the drift sentinel: a configuration number from plan, or auto (pinned h2d sync 64 MiB)",
     .offset = AT(measure.sentinel), .default_value = 0 /* auto */},
    {"sentinel_every", KEY_DURATION, 0, 3600000, "2s",
     "read the sentinel briefly at this interval through the run (sentinel.csv); 0s turns it off",
     .offset = AT(measure.sentinel_every_ms), .default_value = 2000.0},
    {"repair", KEY_PERCENT, 0, 1000, "50%",
     "after the last round, measure again what was measured while the sentinel was off, by "
     "more than its round's samples scatter (a repair round, kept only when the sentinel reads "
     "quiet before and after it), within this share of the rounds' time again; summary.csv's "
     "repaired says which rows; 0% turns it off",
     .offset = AT(measure.repair_pct), .default_value = 50.0},
    {"process_per_round", KEY_BOOL, 0, 0, "no",
     "yes: measure each round in a new process with its own CUDA context (the run schedules "
     "the rounds and merges them), so the rounds, and the interval summary.csv gives, sample "
     "what is fixed per process (the small-copy latency); one GPU only",
     .offset = AT(measure.process_per_round), .default_value = 0 /* no */},
};
const size_t schema_measure_nkeys = sizeof(schema_measure_keys) / sizeof(schema_measure_keys[0]);

const struct key_def schema_limits_keys[] = {
    {"max_pinned", KEY_SIZE_OR_PERCENT, 0, 100, "50%",
     "the most page-locked host memory one configuration may hold at once: a size (16GiB) or "
     "a share of physical RAM (25%); configurations over it are skipped, since memory the OS "
     "cannot swap can stall the machine",
     .offset = AT(limits.max_pinned_bytes), .offset_pct = AT(limits.max_pinned_pct),
     .offset_mark = AT(limits.mark), .default_value = 50.0 /* % of RAM */},
};
const size_t schema_limits_nkeys = sizeof(schema_limits_keys) / sizeof(schema_limits_keys[0]);

int schema_axis_find(const char *name)
{
    for (int i = 0; i < AXIS_COUNT; i++)
        if (strcmp(schema_axes[i].name, name) == 0)
            return i;
    return -1;
}

const struct key_def *schema_key_find(const struct key_def *keys, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(keys[i].name, name) == 0)
            return &keys[i];
    return NULL;
}

int schema_value_find(enum axis_id axis, const char *name)
{
    const struct axis_def *a = &schema_axes[axis];
    for (int i = 0; i < a->nvalues; i++)
        if (strcmp(a->values[i].name, name) == 0)
            return i;
    return -1;
}

const char *schema_value_name(enum axis_id axis, int v)
{
    const struct axis_def *a = &schema_axes[axis];
    if (v < 0 || v >= a->nvalues)
        return "?";
    return a->values[v].name;
}

char *schema_value_text(enum axis_id axis, uint64_t v, char *buf, size_t n)
{
    const struct axis_def *a = &schema_axes[axis];
    uint64_t x = v & KERNEL_VALUE_MASK;
    if (v == AXIS_UNUSED)
        snprintf(buf, n, "-");
    else if (a->kind == AXIS_KIND_ENUM)
        snprintf(buf, n, "%s", schema_value_name(axis, (int)v));
    else if (a->kind == AXIS_KIND_KERNEL && v == KERNEL_NONE)
        snprintf(buf, n, "none");
    else if (a->kind == AXIS_KIND_KERNEL && (v & KERNEL_RATIO))
        snprintf(buf, n, "%gx", (double)x / 1000.0);
    else if (a->kind == AXIS_KIND_KERNEL)
        snprintf(buf, n, x % 1000000 ? "%gus" : "%gms", x % 1000000 ? x / 1e3 : x / 1e6);
    else if (a->kind == AXIS_KIND_NUMA && v < NUMA_NODE)
        snprintf(buf, n, v == NUMA_AUTO ? "auto" : "any");
    else if (a->kind == AXIS_KIND_NUMA)
        snprintf(buf, n, "%llu", (unsigned long long)(v - NUMA_NODE));
    else
        snprintf(buf, n, "%llu", (unsigned long long)v);
    return buf;
}

/* A whole number within [lo, hi] from all of text. */
static int parse_whole(const char *text, uint64_t lo, uint64_t hi, uint64_t *v)
{
    char *end;
    if (!text[0] || text[0] == '-' || text[0] == '+' || text[0] == ' ')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(text, &end, 10);
    if (errno || *end || x < lo || x > hi)
        return -1;
    *v = x;
    return 0;
}

/* kernel: none, 0.5x, 200us, 1.5ms, 2s. */
static int parse_kernel(const char *text, uint64_t *v)
{
    char *end;
    if (strcmp(text, "none") == 0) {
        *v = KERNEL_NONE;
        return 0;
    }
    if (!text[0] || !strchr("0123456789.", text[0]))
        return -1;
    double x = strtod(text, &end);
    if (end == text || !(x > 0))
        return -1;
    double scale = strcmp(end, "x") == 0    ? 1e3
                   : strcmp(end, "ns") == 0 ? 1
                   : strcmp(end, "us") == 0 ? 1e3
                   : strcmp(end, "ms") == 0 ? 1e6
                   : strcmp(end, "s") == 0  ? 1e9
                                            : 0;
    double code = x * scale;
    if (!scale || code < 1 || code > 1e12 || (end[0] == 'x' && x > 1000))
        return -1;
    *v = (end[0] == 'x' ? KERNEL_RATIO : KERNEL_TIME) | (uint64_t)llround(code);
    return 0;
}

int schema_parse_number_value(enum axis_id axis, const char *text, uint64_t *v, char *why, size_t n)
{
    const struct axis_def *a = &schema_axes[axis];
    if (a->kind == AXIS_KIND_COUNT) {
        if (parse_whole(text, a->min, a->max, v) == 0)
            return 0;
        snprintf(why, n, "a whole number from %llu to %llu", (unsigned long long)a->min,
                 (unsigned long long)a->max);
    } else if (a->kind == AXIS_KIND_KERNEL) {
        if (parse_kernel(text, v) == 0)
            return 0;
        snprintf(why, n,
                 "none, a multiple of the chunk's copy time up to 1000x (0.5x, 2x), or "
                 "a time from 1ns to 1000s (200us, 1.5ms)");
    } else if (a->kind == AXIS_KIND_NUMA) {
        uint64_t node;
        if (strcmp(text, "any") == 0 || strcmp(text, "auto") == 0) {
            *v = text[1] == 'n' ? NUMA_ANY : NUMA_AUTO;
            return 0;
        }
        if (parse_whole(text, 0, 1023, &node) == 0) {
            *v = NUMA_NODE + node;
            return 0;
        }
        snprintf(why, n, "any, auto or a node number from 0 to 1023");
    } else {
        snprintf(why, n, "not a numeric axis");
    }
    return -1;
}

int schema_is_default(enum axis_id axis, uint64_t v)
{
    return v == AXIS_UNUSED || (int64_t)v == schema_axes[axis].default_value;
}

/* Append "sep name" pieces into buf without overflowing it. */
static void join_append(char *buf, size_t n, const char *sep, const char *name)
{
    size_t len = strlen(buf);
    if (len > 0 && len < n)
        len += (size_t)snprintf(buf + len, n - len, "%s", sep);
    if (len < n)
        snprintf(buf + len, n - len, "%s", name);
}

char *schema_axis_allowed(enum axis_id axis, char *buf, size_t n)
{
    buf[0] = '\0';
    for (int i = 0; i < schema_axes[axis].nvalues; i++)
        join_append(buf, n, " | ", schema_axes[axis].values[i].name);
    return buf;
}

char *schema_keys_allowed(const struct key_def *keys, size_t nkeys, char *buf, size_t n)
{
    buf[0] = '\0';
    for (size_t i = 0; i < nkeys; i++)
        join_append(buf, n, ", ", keys[i].name);
    return buf;
}

#define MAX_CANDIDATES 64

const char *schema_suggest_value(enum axis_id axis, const char *word)
{
    const char *c[MAX_CANDIDATES + 1];
    int n = 0;
    for (int i = 0; i < schema_axes[axis].nvalues && n < MAX_CANDIDATES; i++)
        c[n++] = schema_axes[axis].values[i].name;
    c[n] = NULL;
    return suggest_word(word, c);
}

const char *schema_suggest_axis(const char *word)
{
    const char *c[AXIS_COUNT + 1];
    for (int i = 0; i < AXIS_COUNT; i++)
        c[i] = schema_axes[i].name;
    c[AXIS_COUNT] = NULL;
    return suggest_word(word, c);
}

const char *schema_suggest_key(const struct key_def *keys, size_t nkeys, const char *word)
{
    const char *c[MAX_CANDIDATES + 1];
    size_t n = 0;
    for (; n < nkeys && n < MAX_CANDIDATES; n++)
        c[n] = keys[n].name;
    c[n] = NULL;
    return suggest_word(word, c);
}

/* How help writes a default: "(default: 2ms)", but "(required)" and "(see below)" as they are. */
static void print_default(FILE *out, const char *def)
{
    if (def[0] == '(')
        fprintf(out, " %s\n", def);
    else if (strcmp(def, "see below") == 0)
        fprintf(out, " (%s)\n", def);
    else
        fprintf(out, " (default: %s)\n", def);
}

static void print_keys(FILE *out, int md, const char *title, const struct key_def *keys, size_t n)
{
    if (md) {
        fprintf(out, "\n%s\n\n| key | default | meaning |\n|---|---|---|\n", title);
        for (size_t i = 0; i < n; i++)
            fprintf(out, "| `%s` | %s | %s |\n", keys[i].name, keys[i].default_text, keys[i].help);
        return;
    }
    fprintf(out, "\n%s\n", title);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "  %-16s %s", keys[i].name, keys[i].help);
        print_default(out, keys[i].default_text);
    }
}

static void print_axis(FILE *out, int md, const struct axis_def *a)
{
    char text[32];
    const char *def = a->default_value < 0
                          ? "(required)"
                          : schema_value_text((enum axis_id)(a - schema_axes),
                                              (uint64_t)a->default_value, text, sizeof(text));
    if (!md) {
        fprintf(out, "  %-16s %s", a->name, a->help);
        print_default(out, def);
        for (int v = 0; v < a->nvalues; v++)
            fprintf(out, "    %-20s %s\n", a->values[v].name, a->values[v].help);
        return;
    }
    fprintf(out, "| `%s` | %s | %s", a->name, def, a->help);
    for (int v = 0; v < a->nvalues; v++)
        fprintf(out, "%s`%s`: %s", v ? "<br>" : ":<br>", a->values[v].name, a->values[v].help);
    fprintf(out, " |\n");
}

void schema_print_reference(FILE *out, int md)
{
    print_keys(out, md, md ? "Top-level keys:" : "Top-level keys:", schema_top_keys,
               schema_top_nkeys);
    if (md)
        fprintf(out, "\nSweep axes (each a scalar or a list; `size` also a range):\n\n"
                     "| axis | default | meaning and values |\n|---|---|---|\n");
    else
        fprintf(out, "\nSweep axes (each a scalar or a list; size also a range):\n");
    for (int i = 0; i < AXIS_COUNT; i++)
        print_axis(out, md, &schema_axes[i]);
    print_keys(out, md, "Keys of measure:", schema_measure_keys, schema_measure_nkeys);
    print_keys(out, md, "Keys of limits:", schema_limits_keys, schema_limits_nkeys);
}
