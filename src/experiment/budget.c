/*
 * budget.c - footprints and caps (see budget.h).
 */
#include "experiment/budget.h"
#include "base/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int budget_host_buffers(const struct config *c)
{
    return config_direction(c) == DIR_BIDIR || config_api(c) == API_PIPELINE ? 2 : 1;
}

int budget_device_buffers(const struct config *c)
{
    return api_is_host(config_api(c)) ? 0 : config_direction(c) == DIR_BIDIR ? 2 : 1;
}

uint64_t budget_host_bytes(const struct config *c)
{
    return config_size(c) * (uint64_t)budget_host_buffers(c);
}

uint64_t budget_pinned_bytes(const struct config *c)
{
    return config_alloc(c) == ALLOC_PAGEABLE ? 0 : budget_host_bytes(c);
}

uint64_t budget_device_bytes(const struct config *c)
{
    return config_size(c) * (uint64_t)budget_device_buffers(c);
}

int budget_cap(const struct limits *l, const char *cli_text, uint64_t ram_bytes, uint64_t *cap,
               char *err, size_t errlen)
{
    double pct = l->max_pinned_pct;
    uint64_t bytes = l->max_pinned_bytes;
    if (cli_text) {
        size_t len = strlen(cli_text);
        if (len == 0 || len == strspn(cli_text, "0123456789.")) {
            /* A bare 50 would be 50 bytes, surely meant as 50%: refused, as in the file. */
            snprintf(err, errlen,
                     "--max-pinned takes a size with its unit such as 16GiB or a share of RAM "
                     "such as 25%%, not %s%s%s",
                     len ? "'" : "an empty value", cli_text, len ? "' (no unit)" : "");
            return -1;
        }
        if (cli_text[len - 1] == '%') {
            char *end;
            pct = strtod(cli_text, &end);
            if (end != cli_text + len - 1 || !(pct > 0) || pct > 100) {
                snprintf(err, errlen,
                         "--max-pinned takes a size such as 16GiB or a share of "
                         "RAM above 0%% and at most 100%%, not '%s'",
                         cli_text);
                return -1;
            }
        } else {
            char why[320];
            if (units_parse_size(cli_text, &bytes, why, sizeof(why)) < 0) {
                snprintf(err, errlen, "--max-pinned: %s", why);
                return -1;
            }
            pct = 0;
        }
    }
    *cap = pct > 0 ? (uint64_t)((double)ram_bytes * pct / 100.0) : bytes;
    return 0;
}

/*
 * Whether host memory of `pinned` page-locked and `host` bytes, held by who ("holds" or
 * "together, the N GPUs hold"), fits b's cap and RAM; when not, why.
 */
static enum budget_verdict host_fits(const struct config *c, uint64_t pinned, uint64_t host,
                                     const struct budget *b, const char *who, char *why, size_t n)
{
    char x[32], y[32];
    if (pinned > b->pinned_cap) {
        snprintf(why, n,
                 "%s %s of page-locked memory%s, more than the cap of %s; raise "
                 "limits.max_pinned or --max-pinned to measure it",
                 who, units_format_approx(pinned, x, sizeof(x)),
                 strstr(who, "GPUs") ? " at once" : "",
                 units_format_approx(b->pinned_cap, y, sizeof(y)));
        return BUDGET_OVER_PINNED_CAP;
    }
    if (b->ram && config_alloc(c) == ALLOC_PAGEABLE && host > b->ram) {
        snprintf(why, n,
                 "%s %s of pageable memory%s, more than the machine's %s of RAM; filling it "
                 "would swap or wake the OOM killer",
                 who, units_format_approx(host, x, sizeof(x)),
                 strstr(who, "GPUs") ? " at once" : "", units_format_approx(b->ram, y, sizeof(y)));
        return BUDGET_OVER_RAM;
    }
    return BUDGET_FITS;
}

enum budget_verdict budget_check(const struct config *c, const struct budget *b, char *why,
                                 size_t n)
{
    char x[32], y[32];
    uint64_t dev = budget_device_bytes(c);
    enum budget_verdict v =
        host_fits(c, budget_pinned_bytes(c), budget_host_bytes(c), b, "holds", why, n);
    if (v != BUDGET_FITS)
        return v;
    if (b->gpu_free && dev > b->gpu_free) {
        snprintf(why, n, "needs %s of device memory, more than the %s free on the GPU",
                 units_format_approx(dev, x, sizeof(x)),
                 units_format_approx(b->gpu_free, y, sizeof(y)));
        return BUDGET_OVER_GPU_FREE;
    }
    return BUDGET_FITS;
}

uint64_t budget_together_host_bytes(const struct config *c, int gpus)
{
    uint64_t each = budget_host_bytes(c), size = config_size(c);
    if (config_alloc(c) != ALLOC_PORTABLE || config_direction(c) == DIR_D2H)
        return each * (uint64_t)gpus;
    /* the one shared source, and each GPU's own destination for bidir */
    return size + (each - size) * (uint64_t)gpus;
}

uint64_t budget_together_pinned_bytes(const struct config *c, int gpus)
{
    return config_alloc(c) == ALLOC_PAGEABLE ? 0 : budget_together_host_bytes(c, gpus);
}

enum budget_verdict budget_check_together(const struct config *c, int gpus, const struct budget *b,
                                          char *why, size_t n)
{
    char who[64];
    snprintf(who, sizeof(who), "together, the %d GPUs hold", gpus);
    return host_fits(c, budget_together_pinned_bytes(c, gpus), budget_together_host_bytes(c, gpus),
                     b, who, why, n);
}
