/*
 * units.c - parsing and printing sizes and durations (see units.h).
 */
#include "base/units.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct unit {
    const char *name;
    uint64_t factor;
};

/* Longest names first is not needed: a unit must match the whole suffix. */
static const struct unit size_units[] = {
    {"B", 1},
    {"KiB", 1ULL << 10},
    {"MiB", 1ULL << 20},
    {"GiB", 1ULL << 30},
    {"TiB", 1ULL << 40},
    {"KB", 1000ULL},
    {"MB", 1000ULL * 1000},
    {"GB", 1000ULL * 1000 * 1000},
    {"TB", 1000ULL * 1000 * 1000 * 1000},
};
#define NSIZE_UNITS (sizeof(size_units) / sizeof(size_units[0]))

static const char size_allowed[] = "a whole number of bytes, optionally followed by "
                                   "B, KiB, MiB, GiB, TiB (powers of 2) or KB, MB, GB, TB "
                                   "(powers of 10), e.g. 4096, 4KiB, 256MB";

static int strcaseeq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

int units_parse_size(const char *text, uint64_t *bytes, char *err, size_t errlen)
{
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '-') {
        snprintf(err, errlen, "size '%s' is negative; a size is %s", text, size_allowed);
        return -1;
    }
    if (!isdigit((unsigned char)*p)) {
        snprintf(err, errlen, "'%s' is not a size; a size is %s", text, size_allowed);
        return -1;
    }
    errno = 0;
    char *end;
    unsigned long long n = strtoull(p, &end, 10);
    if (errno == ERANGE) {
        snprintf(err, errlen, "size '%s' is too large; the most is 2^64-1 bytes", text);
        return -1;
    }
    if (*end == '.') {
        snprintf(err, errlen, "size '%s' is not a whole number; a size is %s", text, size_allowed);
        return -1;
    }
    while (*end == ' ')
        end++;
    uint64_t factor = 1;
    if (*end) {
        size_t i;
        for (i = 0; i < NSIZE_UNITS; i++)
            if (strcmp(end, size_units[i].name) == 0)
                break;
        if (i == NSIZE_UNITS) {
            for (i = 0; i < NSIZE_UNITS; i++)
                if (strcaseeq(end, size_units[i].name))
                    break;
            if (i < NSIZE_UNITS)
                snprintf(err, errlen,
                         "unknown unit '%s' in size '%s' (did you mean '%s'?); "
                         "units are case-sensitive: B, KiB, MiB, GiB, TiB, KB, MB, GB, TB",
                         end, text, size_units[i].name);
            else
                snprintf(err, errlen,
                         "unknown unit '%s' in size '%s'; units are B, KiB, MiB, "
                         "GiB, TiB (powers of 2) and KB, MB, GB, TB (powers of 10)",
                         end, text);
            return -1;
        }
        factor = size_units[i].factor;
    }
    if (n != 0 && factor > UINT64_MAX / n) {
        snprintf(err, errlen, "size '%s' is too large; the most is 2^64-1 bytes", text);
        return -1;
    }
    if (n == 0) {
        snprintf(err, errlen, "size '%s' is zero; a size must be at least 1 byte", text);
        return -1;
    }
    *bytes = (uint64_t)n * factor;
    return 0;
}

static const struct {
    const char *name;
    double ms;
} time_units[] = {{"ns", 1e-6}, {"us", 1e-3}, {"ms", 1.0}, {"s", 1e3}};

int units_parse_duration(const char *text, double *ms, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || errno == ERANGE || !isfinite(v)) {
        snprintf(err, errlen,
                 "'%s' is not a duration; write a number and a unit: "
                 "ns, us, ms or s, e.g. 2ms",
                 text);
        return -1;
    }
    if (v < 0) {
        snprintf(err, errlen, "duration '%s' is negative", text);
        return -1;
    }
    while (*end == ' ')
        end++;
    for (size_t i = 0; i < sizeof(time_units) / sizeof(time_units[0]); i++) {
        if (strcmp(end, time_units[i].name) == 0) {
            *ms = v * time_units[i].ms;
            return 0;
        }
    }
    if (*end == '\0')
        snprintf(err, errlen, "duration '%s' has no unit; add ns, us, ms or s, e.g. 2ms", text);
    else
        snprintf(err, errlen, "unknown unit '%s' in duration '%s'; units are ns, us, ms, s", end,
                 text);
    return -1;
}

/* bytes in the largest unit of a family (base 1024 or 1000) that divides it exactly. */
static void format_exact(uint64_t bytes, uint64_t base, const char *const *units, char *buf,
                         size_t n)
{
    int i = 0;
    uint64_t v = bytes;
    while (i < 4 && v >= base && v % base == 0) {
        v /= base;
        i++;
    }
    snprintf(buf, n, "%llu%s", (unsigned long long)v, units[i]);
}

/* The units of each family, each 1024 (bin) or 1000 (dec) times the last. */
static const char *const bin[] = {"B", "KiB", "MiB", "GiB", "TiB"};
static const char *const dec[] = {"B", "KB", "MB", "GB", "TB"};

char *units_format_size(uint64_t bytes, char *buf, size_t n)
{
    char b[32], d[32];
    format_exact(bytes, 1024, bin, b, sizeof(b));
    format_exact(bytes, 1000, dec, d, sizeof(d));
    /* The shorter is the one a person wrote; binary wins a tie (4KiB, not 4096B). */
    snprintf(buf, n, "%s", strlen(d) < strlen(b) ? d : b);
    return buf;
}

char *units_format_size_short(uint64_t bytes, char *buf, size_t n)
{
    /* The exact form with binary units shortened: 4KiB -> 4K, 1GiB -> 1G; 64MB stays. */
    units_format_size(bytes, buf, n);
    char *iB = strstr(buf, "iB");
    if (iB)
        *iB = '\0';
    return buf;
}

/* bytes in the largest of 5 units (B, then each base times the last) it fills; which one. */
static int scale_bytes(uint64_t bytes, double base, double *v)
{
    int i = 0;
    *v = (double)bytes;
    while (i < 4 && *v >= base) {
        *v /= base;
        i++;
    }
    return i;
}

char *units_format_size_decimal(uint64_t bytes, char *buf, size_t n)
{
    double v;
    int i = scale_bytes(bytes, 1000, &v);
    snprintf(buf, n, "%.4g %s", v, dec[i]);
    return buf;
}

int units_size_round(uint64_t bytes, int base)
{
    uint64_t b = base == 10 ? 10 : 2, limit = base == 10 ? 1000 : 1024, m = bytes;
    int k = 0;
    if (bytes < limit)
        return 0;
    while (m % b == 0) {
        m /= b;
        k++;
    }
    return m < limit && (base == 10 || k >= 10);
}

char *units_format_human(uint64_t bytes, char *buf, size_t n)
{
    char exact[32];
    units_format_size(bytes, exact, sizeof(exact));
    size_t digits = strspn(exact, "0123456789");
    if (digits <= 3) { /* "4 KiB", "256 MB", "100 B" */
        snprintf(buf, n, "%.*s %s", (int)digits, exact, exact + digits);
        return buf;
    }
    /* Three significant digits in decimal units, trailing zeros dropped: 1.53 MB, 4.1 KB. */
    double v;
    int i = scale_bytes(bytes, 1000, &v);
    if (i < 4 && v >= 999.5) { /* 999.7 KB rounds to 1 MB */
        v /= 1000;
        i++;
    }
    char num[32];
    snprintf(num, sizeof(num), "%.*f", v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2, v);
    if (strchr(num, '.')) {
        size_t len = strlen(num);
        while (num[len - 1] == '0')
            num[--len] = '\0';
        if (num[len - 1] == '.')
            num[--len] = '\0';
    }
    snprintf(buf, n, "%s %s", num, dec[i]);
    return buf;
}

char *units_format_human_bytes(double bytes, char *buf, size_t n)
{
    if (!(bytes >= 0) || isinf(bytes))
        snprintf(buf, n, "–");
    else if (bytes < 1)
        snprintf(buf, n, "< 1 B");
    else if (bytes >= 1e15) /* past units_format_human's three digits of TB; never a wrap */
        snprintf(buf, n, bytes < 1e18 ? "%.0f TB" : "%.2e TB", bytes / 1e12);
    else
        units_format_human((uint64_t)llround(bytes), buf, n);
    return buf;
}

char *units_format_approx(uint64_t bytes, char *buf, size_t n)
{
    double v;
    int i = scale_bytes(bytes, 1024, &v);
    if (i == 0 || v == (double)(uint64_t)v)
        snprintf(buf, n, "%.0f %s", v, bin[i]);
    else
        snprintf(buf, n, "%.1f %s", v, bin[i]);
    return buf;
}
