/*
 * clockmodel.c - the fake engine's model of time: parsing its entries,
 * looking them up, and the time of a transfer on a clock (clockmodel.h).
 */
#include "engine/clockmodel.h"
#include "base/fileio.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parameters: name, default, meaning.  One table drives lookup, validation and help. */
static const struct {
    const char *name;
    double dflt;
    const char *help;
} params[] = {
    {"gbps", 25, "bandwidth of a copy (or host access, memcpy), GB/s"},
    {"t0_us", 10, "fixed cost of each copy, us"},
    {"host_us", 0, "host clock only: added to each batch's host time, us"},
    {"wait_us", 0, "round trip only: added to one copy's time, us"},
    {"bidir_share", 1, "share of a direction's bandwidth while the other runs too"},
    {"overlap", 1, "1: a pipeline over streams overlaps its stages; 0: runs them serially"},
    {"alloc_ms", 0.1, "fixed cost of a host allocation, ms"},
    {"alloc_ms_per_gib", 300, "host allocation cost per GiB, ms (registered: with its pin)"},
    {"pin_ms_per_gib", 40, "registered: the cudaHostRegister part of alloc, per GiB, ms"},
    {"free_ms", 0.05, "fixed cost of a host free, ms"},
    {"free_ms_per_gib", 90, "host free cost per GiB, ms"},
    {"noise_pct", 0, "each copy's time times 1 + noise_pct/100 * u, u uniform in [-1, 1)"},
    {"seed", 1, "seed of the noise's generator (xorshift64*)"},
    {"slow_from_ms", 0, "start of a slow window on the model's clock, ms"},
    {"slow_to_ms", 0, "its end (exclusive), ms; copies starting within take slow_factor times"},
    {"slow_factor", 1, "how much longer copies in the slow window take"},
    {"slow2_from_ms", 0, "start of a second slow window, ms (two disturbances in one run)"},
    {"slow2_to_ms", 0, "its end (exclusive), ms; copies starting within take slow2_factor times"},
    {"slow2_factor", 1, "how much longer copies in the second slow window take"},
    {"host_gbps", 0,
     "the host's bandwidth shared by every copy stream of every GPU at once, GB/s; 0: none"},
    {"sigint_at_ms", 0,
     "a test's interruption: the process sends itself SIGINT once, at a copy "
     "starting at or after this, ms; 0: never"},
    {"process_t0_us", 0,
     "the per-process effect: process P (PINSWEEP_PROCESS, 0 when unset) adds "
     "process_t0_us * frac((seed + P) * 0.618034) to t0_us; process 0 adds nothing, us"},
    {"die_process", 0,
     "a test's crash: process die_process (PINSWEEP_PROCESS), and those after it up to "
     "die_process_to, kill themselves with SIGKILL at a copy starting at or after die_at_ms; "
     "0: never"},
    {"die_process_to", 0, "the last process that dies (below die_process: die_process only)"},
    {"die_at_ms", 0, "when they die, on the model's clock, ms"},
};
#define NPARAMS (sizeof(params) / sizeof(params[0]))

const char clockmodel_param_help[] =
    "gbps 25, t0_us 10, host_us 0, wait_us 0, bidir_share 1, overlap 1, alloc_ms 0.1, "
    "alloc_ms_per_gib 300, pin_ms_per_gib 40, free_ms 0.05, free_ms_per_gib 90, noise_pct 0, "
    "seed 1, slow_from_ms 0, slow_to_ms 0, slow_factor 1, slow2_from_ms 0, slow2_to_ms 0, "
    "slow2_factor 1, host_gbps 0, sigint_at_ms 0, "
    "process_t0_us 0, die_process 0, die_process_to 0, die_at_ms 0";

/* Never 0, and different for each stream of each process (process 0's as before processes). */
static uint64_t rng_seed(const struct clockmodel *m, unsigned stream)
{
    double seed = clockmodel_get(m, NULL, 0, "seed");
    uint64_t s = (uint64_t)seed + stream + (uint64_t)m->process * CLOCKMODEL_PROCESS_STREAMS;
    return s * 0x9E3779B97F4A7C15ULL + 1;
}

/* PINSWEEP_PROCESS: the process's number, 0 when unset or not a number from 0 to 1000000. */
static int process_number(void)
{
    const char *s = getenv("PINSWEEP_PROCESS");
    char *end;
    long p = s ? strtol(s, &end, 10) : 0;
    return s && *s && !*end && p >= 0 && p <= 1000000 ? (int)p : 0;
}

static int param_index(const char *name)
{
    for (size_t i = 0; i < NPARAMS; i++)
        if (strcmp(params[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* One KEY=VALUE entry into m; -1 with the reason. */
static int parse_entry(struct clockmodel *m, const char *tok, int (*known)(const char *), char *err,
                       size_t err_len)
{
    char key[256];
    const char *eq = strchr(tok, '=');
    char *end;
    struct clockmodel_entry e = {0};
    if (!eq || eq == tok || (size_t)(eq - tok) >= sizeof(key)) {
        snprintf(err, err_len, "'%s' is not KEY=VALUE", tok);
        return -1;
    }
    memcpy(key, tok, (size_t)(eq - tok));
    key[eq - tok] = '\0';
    errno = 0;
    e.value = strtod(eq + 1, &end);
    if (end == eq + 1 || *end || errno || !isfinite(e.value) || e.value < 0) {
        snprintf(err, err_len, "%s: '%s' is not a number >= 0", key, eq + 1);
        return -1;
    }
    char *last = strrchr(key, '.'), *name = last ? last + 1 : key;
    int p = param_index(name);
    if (p < 0) {
        snprintf(err, err_len, "%s: no parameter '%s'; parameters: %s", key, name,
                 clockmodel_param_help);
        return -1;
    }
    e.param = (size_t)p;
    if (last) {
        *last = '\0';
        for (char *q = strtok(key, "."); q; q = strtok(NULL, ".")) {
            if (e.nquals == CLOCKMODEL_MAX_QUALS || strlen(q) >= CLOCKMODEL_NAME_LEN ||
                (known && !known(q))) {
                snprintf(err, err_len, "%s: '%s' is not an alloc kind, direction or api", tok, q);
                return -1;
            }
            strcpy(e.quals[e.nquals++], q);
        }
    }
    if ((strcmp(name, "gbps") == 0 || strcmp(name, "slow_factor") == 0 ||
         strcmp(name, "slow2_factor") == 0) &&
        e.value <= 0) {
        snprintf(err, err_len, "%s: must be above 0", tok);
        return -1;
    }
    if (m->n == CLOCKMODEL_MAX_ENTRIES) {
        snprintf(err, err_len, "more than %d entries", CLOCKMODEL_MAX_ENTRIES);
        return -1;
    }
    m->e[m->n++] = e;
    return 0;
}

/* Every entry of spec (comments dropped) into m. */
static int parse_spec(struct clockmodel *m, const char *spec, int (*known)(const char *), char *err,
                      size_t err_len)
{
    char *copy = strdup(spec), *save = NULL;
    int rc = 0;
    if (!copy) {
        snprintf(err, err_len, "out of memory");
        return -1;
    }
    for (char *p = copy; *p; p++) /* comments to the end of the line */
        if (*p == '#')
            while (*p && *p != '\n')
                *p++ = ' ';
    for (char *tok = strtok_r(copy, " \t\r\n;,", &save); tok && rc == 0;
         tok = strtok_r(NULL, " \t\r\n;,", &save))
        rc = parse_entry(m, tok, known, err, err_len);
    free(copy);
    return rc;
}

int clockmodel_load(struct clockmodel *m, const char *spec, int (*known)(const char *qual),
                    char *err, size_t err_len)
{
    m->n = 0;
    m->process = process_number();
    if (parse_spec(m, spec, known, err, err_len) < 0) {
        m->n = 0;
        return -1;
    }
    return 1;
}

int clockmodel_load_env(struct clockmodel *m, int (*known)(const char *qual), char *err,
                        size_t err_len)
{
    const char *file = getenv("PINSWEEP_FAKE_MODEL_FILE"), *spec = getenv("PINSWEEP_FAKE_MODEL");
    char why[256];
    m->n = 0;
    m->process = process_number();
    if (!file && !spec)
        return 0;
    if (file) {
        char *text = fileio_read_all(file, NULL);
        if (!text) {
            snprintf(err, err_len, "PINSWEEP_FAKE_MODEL_FILE: %s: %s", file, strerror(errno));
            return -1;
        }
        int rc = parse_spec(m, text, known, why, sizeof(why));
        free(text);
        if (rc < 0) {
            snprintf(err, err_len, "PINSWEEP_FAKE_MODEL_FILE: %s: %s", file, why);
            m->n = 0;
            return -1;
        }
    }
    if (spec && parse_spec(m, spec, known, why, sizeof(why)) < 0) {
        snprintf(err, err_len, "PINSWEEP_FAKE_MODEL: %s", why);
        m->n = 0;
        return -1;
    }
    return 1;
}

void clockmodel_clock_start(const struct clockmodel *m, struct clockmodel_clock *c, double now_ms,
                            unsigned stream, int gpus)
{
    *c = (struct clockmodel_clock){
        .now_ms = now_ms, .rng = rng_seed(m, stream), .gpus = gpus > 1 ? gpus : 1};
}

void clockmodel_advance_ms(struct clockmodel_clock *c, double ms)
{
    if (ms > 0)
        c->now_ms += ms;
}

void clockmodel_catch_up(struct clockmodel_clock *c, double now_ms)
{
    if (now_ms > c->now_ms)
        c->now_ms = now_ms;
}

/* 1 when every qualifier of e is among quals. */
static int applies(const struct clockmodel_entry *e, const char *const *quals, int nquals)
{
    for (int i = 0; i < e->nquals; i++) {
        int found = 0;
        for (int k = 0; k < nquals && !found; k++)
            found = quals[k] && strcmp(e->quals[i], quals[k]) == 0;
        if (!found)
            return 0;
    }
    return 1;
}

double clockmodel_get(const struct clockmodel *m, const char *const *quals, int nquals,
                      const char *param)
{
    int p = param_index(param), best = -1;
    if (p < 0)
        return NAN;
    for (int i = 0; i < m->n; i++)
        if (m->e[i].param == (size_t)p && applies(&m->e[i], quals, nquals) &&
            (best < 0 || m->e[i].nquals >= m->e[best].nquals))
            best = i;
    return best < 0 ? params[p].dflt : m->e[best].value;
}

double clockmodel_process_t0_us(const struct clockmodel *m, const char *const *quals, int nquals)
{
    if (m->process == 0)
        return 0;
    double seed = clockmodel_get(m, NULL, 0, "seed"), x = (seed + m->process) * 0.618034;
    return clockmodel_get(m, quals, nquals, "process_t0_us") * (x - floor(x));
}

/* Uniform in [-1, 1) from xorshift64*. */
static double noise_unit(uint64_t *rng)
{
    *rng ^= *rng >> 12;
    *rng ^= *rng << 25;
    *rng ^= *rng >> 27;
    uint64_t x = *rng * 0x2545F4914F6CDD1DULL;
    return (double)(x >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

double clockmodel_transfer_ms(const struct clockmodel *m, struct clockmodel_clock *c,
                              const char *const *quals, int nquals, double bytes)
{
    return clockmodel_transfer_at_ms(m, c, quals, nquals, bytes,
                                     clockmodel_get(m, quals, nquals, "gbps"));
}

/* The factor of the slow window now_ms lies in (the first when both hold it), else 1. */
static double slow_factor_at(const struct clockmodel *m, const char *const *quals, int nquals,
                             double now_ms)
{
    static const char *const slow[][3] = {{"slow_from_ms", "slow_to_ms", "slow_factor"},
                                          {"slow2_from_ms", "slow2_to_ms", "slow2_factor"}};
    for (size_t k = 0; k < 2; k++)
        if (now_ms >= clockmodel_get(m, quals, nquals, slow[k][0]) &&
            now_ms < clockmodel_get(m, quals, nquals, slow[k][1]))
            return clockmodel_get(m, quals, nquals, slow[k][2]);
    return 1;
}

double clockmodel_transfer_at_ms(const struct clockmodel *m, struct clockmodel_clock *c,
                                 const char *const *quals, int nquals, double bytes, double gbps)
{
    double now_ms = c->now_ms;
    double ms =
        (clockmodel_get(m, quals, nquals, "t0_us") + clockmodel_process_t0_us(m, quals, nquals)) /
            1e3 +
        bytes / (gbps * 1e6);
    double sigint_at = clockmodel_get(m, quals, nquals, "sigint_at_ms");
    static int interrupted; /* once per process */
    if (sigint_at > 0 && now_ms >= sigint_at && !interrupted) {
        interrupted = 1;
        raise(SIGINT);
    }
    double dies = clockmodel_get(m, quals, nquals, "die_process");
    double last = fmax(dies, clockmodel_get(m, quals, nquals, "die_process_to"));
    if (dies > 0 && m->process >= (int)dies && m->process <= (int)last &&
        now_ms >= clockmodel_get(m, quals, nquals, "die_at_ms"))
        raise(SIGKILL);
    double noise = clockmodel_get(m, quals, nquals, "noise_pct");
    if (noise > 0)
        ms *= 1.0 + noise / 100.0 * noise_unit(&c->rng);
    return ms * slow_factor_at(m, quals, nquals, now_ms);
}
