/*
 * test_units.c - sizes and durations, parsed and printed (units.h).
 */
#include "check.h"
#include "base/units.h"

#include <stdint.h>

static const struct {
    const char *text;
    uint64_t bytes;
} good_sizes[] = {
    {"1", 1},
    {"4096", 4096},
    {"4KiB", 4096},
    {"1MiB", 1048576},
    {"256MiB", 268435456},
    {"1GiB", 1073741824},
    {"2TiB", 2199023255552ULL},
    {"1KB", 1000},
    {"256MB", 256000000},
    {"1GB", 1000000000},
    {"7B", 7},
    {"16 KiB", 16384},
};

static const struct {
    const char *text;
    const char *error;
} bad_sizes[] = {
    {"0", "size '0' is zero; a size must be at least 1 byte"},
    {"-4KiB", "size '-4KiB' is negative; a size is a whole number of bytes, optionally followed "
              "by B, KiB, MiB, GiB, TiB (powers of 2) or KB, MB, GB, TB (powers of 10), e.g. "
              "4096, 4KiB, 256MB"},
    {"4kib", "unknown unit 'kib' in size '4kib' (did you mean 'KiB'?); units are "
             "case-sensitive: B, KiB, MiB, GiB, TiB, KB, MB, GB, TB"},
    {"4 furlongs", "unknown unit 'furlongs' in size '4 furlongs'; units are B, KiB, MiB, GiB, "
                   "TiB (powers of 2) and KB, MB, GB, TB (powers of 10)"},
    {"1.5MiB", "size '1.5MiB' is not a whole number; a size is a whole number of bytes, "
               "optionally followed by B, KiB, MiB, GiB, TiB (powers of 2) or KB, MB, GB, TB "
               "(powers of 10), e.g. 4096, 4KiB, 256MB"},
    {"99999999999GiB", "size '99999999999GiB' is too large; the most is 2^64-1 bytes"},
    {"99999999999999999999", "size '99999999999999999999' is too large; the most is 2^64-1 bytes"},
    {"big", "'big' is not a size; a size is a whole number of bytes, optionally followed by B, "
            "KiB, MiB, GiB, TiB (powers of 2) or KB, MB, GB, TB (powers of 10), e.g. 4096, "
            "4KiB, 256MB"},
};

static void test_sizes(void)
{
    char name[96], err[320];
    for (size_t i = 0; i < sizeof(good_sizes) / sizeof(good_sizes[0]); i++) {
        uint64_t b = 0;
        snprintf(name, sizeof(name), "parse size '%s'", good_sizes[i].text);
        int rc = units_parse_size(good_sizes[i].text, &b, err, sizeof(err));
        CHECK(name, rc == 0 && b == good_sizes[i].bytes, "rc %d bytes %llu err '%s'", rc,
              (unsigned long long)b, rc ? err : "");
    }
    for (size_t i = 0; i < sizeof(bad_sizes) / sizeof(bad_sizes[0]); i++) {
        uint64_t b = 0;
        snprintf(name, sizeof(name), "reject size '%s'", bad_sizes[i].text);
        err[0] = '\0';
        int rc = units_parse_size(bad_sizes[i].text, &b, err, sizeof(err));
        CHECK(name, rc == -1 && strcmp(err, bad_sizes[i].error) == 0, "rc %d, message '%s'", rc,
              err);
    }
}

static void test_format(void)
{
    static const struct {
        uint64_t bytes;
        const char *text, *short_text;
    } cases[] = {
        {4096, "4KiB", "4K"},          {1ULL << 30, "1GiB", "1G"}, {1000, "1KB", "1KB"},
        {256000000, "256MB", "256MB"}, {4097, "4097B", "4097B"},   {64000000, "64MB", "64MB"},
        {1536, "1536B", "1536B"},
    };
    char buf[32], name[64];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        snprintf(name, sizeof(name), "format %llu", (unsigned long long)cases[i].bytes);
        CHECK_STR(name, units_format_size(cases[i].bytes, buf, sizeof(buf)), cases[i].text);
        snprintf(name, sizeof(name), "format short %llu", (unsigned long long)cases[i].bytes);
        CHECK_STR(name, units_format_size_short(cases[i].bytes, buf, sizeof(buf)),
                  cases[i].short_text);
    }
    static const struct {
        uint64_t bytes;
        const char *text;
    } human[] = {
        {4096, "4 KiB"},       {1ULL << 30, "1 GiB"}, {256000000, "256 MB"}, {100, "100 B"},
        {1527898, "1.53 MB"},  {4097, "4.1 KB"},      {1536, "1.54 KB"},     {999999, "1 MB"},
        {12345678, "12.3 MB"}, {123456789, "123 MB"}, {1500000, "1.5 MB"},   {268435456, "256 MiB"},
        {99950, "100 KB"},     {1ULL << 40, "1 TiB"}, {5ULL << 40, "5 TiB"},
    };
    for (size_t i = 0; i < sizeof(human) / sizeof(human[0]); i++) {
        snprintf(name, sizeof(name), "format human %llu", (unsigned long long)human[i].bytes);
        CHECK_STR(name, units_format_human(human[i].bytes, buf, sizeof(buf)), human[i].text);
    }
    CHECK_STR("format 1536 stays exact", units_format_size(1536, buf, sizeof(buf)), "1536B");
    /* Every formatted size parses back to itself. */
    int bad = 0;
    for (uint64_t b = 1; b < (1ULL << 40); b = b * 3 + 1) {
        uint64_t back = 0;
        char err[256];
        units_format_size(b, buf, sizeof(buf));
        if (units_parse_size(buf, &back, err, sizeof(err)) < 0 || back != b)
            bad++;
    }
    CHECK("format then parse round-trips", bad == 0, "%d sizes did not", bad);
}

/* Round sizes in base 10 and base 2, and decimal axis labels. */
static void test_round(void)
{
    static const struct {
        uint64_t bytes;
        int decimal, binary;
        const char *label;
    } cases[] = {
        {1000, 1, 0, "1 KB"},
        {256000000, 1, 0, "256 MB"},
        {64000000, 1, 0, "64 MB"},
        {1500, 1, 0, "1.5 KB"},
        {4096, 0, 1, "4.096 KB"},
        {1ULL << 28, 0, 1, "268.4 MB"},
        {3ULL << 20, 0, 1, "3.146 MB"},
        {128000, 1, 1, "128 KB"},
        {1024000, 0, 1, "1.024 MB"},
        {1148, 0, 0, "1.148 KB"},
        {4097, 0, 0, "4.097 KB"},
        {500, 0, 0, "500 B"},
        {999000, 1, 0, "999 KB"},
        {1000000000000ULL, 1, 0, "1 TB"},
        {0, 0, 0, "0 B"},
    };
    char buf[32], name[80];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint64_t b = cases[i].bytes;
        snprintf(name, sizeof(name), "round %llu: decimal %d, binary %d", (unsigned long long)b,
                 cases[i].decimal, cases[i].binary);
        CHECK(name,
              units_size_round(b, 10) == cases[i].decimal &&
                  units_size_round(b, 2) == cases[i].binary,
              "decimal %d, binary %d", units_size_round(b, 10), units_size_round(b, 2));
        snprintf(name, sizeof(name), "decimal label %llu", (unsigned long long)b);
        CHECK_STR(name, units_format_size_decimal(b, buf, sizeof(buf)), cases[i].label);
    }
}

static void test_durations(void)
{
    double ms = -1;
    char err[256];
    CHECK("duration 2ms", units_parse_duration("2ms", &ms, err, sizeof(err)) == 0 && ms == 2.0,
          "ms %g", ms);
    CHECK("duration 500us",
          units_parse_duration("500us", &ms, err, sizeof(err)) == 0 && fabs(ms - 0.5) < 1e-12,
          "ms %g", ms);
    CHECK("duration 1s", units_parse_duration("1s", &ms, err, sizeof(err)) == 0 && ms == 1000.0,
          "ms %g", ms);
    int rc = units_parse_duration("5", &ms, err, sizeof(err));
    CHECK("duration without unit",
          rc == -1 && strcmp(err, "duration '5' has no unit; add ns, "
                                  "us, ms or s, e.g. 2ms") == 0,
          "rc %d '%s'", rc, err);
    rc = units_parse_duration("5min", &ms, err, sizeof(err));
    CHECK("duration bad unit",
          rc == -1 && strcmp(err, "unknown unit 'min' in duration '5min'; "
                                  "units are ns, us, ms, s") == 0,
          "rc %d '%s'", rc, err);
}

/*
 * n½ = t0 B is a real number, and a negative t0 made one negative: the report wrote
 * llround(-t0 B) through an unsigned conversion, "18446744 TB".  Every real size is written
 * right, and none wraps.
 */
static void test_real_sizes(void)
{
    static const struct {
        double bytes;
        const char *text;
    } real[] = {
        {-5.04e-6 * 11.91e9, "–"}, /* the reviewer's t0 -5.04 µs at 11.91 GB/s */
        {-1e-300, "–"},            /* any negative, however small */
        {NAN, "–"},
        {INFINITY, "–"},
        {0, "< 1 B"},
        {0.4, "< 1 B"},
        {0.999, "< 1 B"},
        {1, "1 B"},
        {71234.6, "71.2 KB"}, /* rounded to whole bytes, then as units_format_human */
        {382464.4, "382 KB"},
        {4096.2, "4 KiB"},
        {999.9e12, "1000 TB"}, /* the largest units_format_human is given */
        {1e15, "1000 TB"},
        {18446744073709551615.0, "1.84e+07 TB"}, /* 2^64: past any uint64_t */
        {1e30, "1.00e+18 TB"},
    };
    char buf[48], name[64];
    for (size_t i = 0; i < sizeof(real) / sizeof(real[0]); i++) {
        snprintf(name, sizeof(name), "format human bytes %g", real[i].bytes);
        CHECK_STR(name, units_format_human_bytes(real[i].bytes, buf, sizeof(buf)), real[i].text);
    }
}

int main(void)
{
    test_sizes();
    test_format();
    test_real_sizes();
    test_round();
    test_durations();
    return check_exit();
}
