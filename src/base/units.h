/*
 * units.h - sizes and durations as people write them, and back.
 *
 * Sizes: a whole number of bytes with an optional unit, KiB/MiB/GiB/TiB
 * (powers of 2) or KB/MB/GB/TB (powers of 10) or B, spelt exactly so.
 * Durations: a number with a unit, ns/us/ms/s.
 */
#ifndef PINSWEEP_UNITS_H
#define PINSWEEP_UNITS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Parse text as a size in bytes into *bytes.  Returns 0, or -1 with a
 * message saying what is wrong and what is allowed written into err.
 */
int units_parse_size(const char *text, uint64_t *bytes, char *err, size_t errlen);

/* Parse text as a duration into *ms (milliseconds).  Same contract. */
int units_parse_duration(const char *text, double *ms, char *err, size_t errlen);

/*
 * Write bytes the shortest exact way: 4KiB, 1GiB, 1MB, 1000B... 4097B.
 * Returns buf.
 */
char *units_format_size(uint64_t bytes, char *buf, size_t n);

/*
 * For tables and captions: the exact form with a space when it is short
 * ("4 KiB", "1 GiB", "256 MB", "100 B"), else three significant digits in
 * decimal units ("1.53 MB" for 1527898, "4.1 KB" for 4097).  Returns buf.
 */
char *units_format_human(uint64_t bytes, char *buf, size_t n);

/*
 * A size that is a real number (n½ = t0 B, a product of fitted values) as
 * units_format_human writes bytes rounded to whole ones, never through an
 * unsigned conversion that wraps: "–" for NaN, infinities and negative
 * values; "< 1 B" below 1; at or above 10^15 (past units_format_human's
 * three digits of TB) whole TB up to 10^18 ("1000 TB"), then "%.2e TB"
 * ("1.84e+07 TB").  Returns buf.
 */
char *units_format_human_bytes(double bytes, char *buf, size_t n);

/* Approximate, for people: "62.9 GiB", "512 MiB", "4 KiB", "100 B". Returns buf. */
char *units_format_approx(uint64_t bytes, char *buf, size_t n);

/* Axis-label style: 4K, 1M, 1G (binary), falling back to units_format_size. */
char *units_format_size_short(uint64_t bytes, char *buf, size_t n);

/* Axis-label style in decimal units: "1 KB", "256 MB", "1.5 GB", "500 B".  Returns buf. */
char *units_format_size_decimal(uint64_t bytes, char *buf, size_t n);

/*
 * Is bytes a round size in base 10 (at least 1000, with at most three
 * significant digits: 1KB, 1500B, 256MB) or in base 2 (m x 2^k with
 * k >= 10 and m < 1024: 4KiB, 3MiB)?  1 or 0; a size can be both (128000
 * is 128KB and 125KiB) or neither (1148, 4097).
 */
int units_size_round(uint64_t bytes, int base);

#endif
