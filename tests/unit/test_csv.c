/*
 * test_csv.c - unit tests of csv.c: quoting, NaN cells, reading tables and
 * the messages for malformed files.  Prints PASS/FAIL per case; exits 1 on
 * any failure.  Run from the repository root (it reads tests/fixtures/).
 */
#include "csv.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
static char tmpdir[] = "/tmp/pinsweep-test-csv-XXXXXX";

static void pass(const char *name)
{
    printf("PASS %s\n", name);
}

static void fail(const char *name, const char *fmt, ...)
{
    va_list ap;
    printf("FAIL %s: ", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    failures++;
}

/* Run write(f, arg) on a memory stream and return what it wrote (malloc'd). */
static char *capture_text(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    csv_put_text(f, s);
    fclose(f);
    return buf;
}

static char *capture_double(double v, const char *fmt)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    csv_put_double(f, v, fmt);
    fclose(f);
    return buf;
}

/* Write text to a file in tmpdir; returns its path (static buffer). */
static const char *write_file(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

static const struct {
    const char *in, *out;
} quoting_cases[] = {
    {"plain", "plain"},
    {"", ""},
    {NULL, ""},
    {" spaced ", " spaced "},
    {"a,b", "\"a,b\""},
    {"say \"hi\"", "\"say \"\"hi\"\"\""},
    {"two\nlines", "\"two\nlines\""},
    {"cr\rlf", "\"cr\rlf\""},
    {"\"", "\"\"\"\""},
};

static void test_quoting(void)
{
    const char *name = "put_text_quotes_only_when_needed";
    for (size_t i = 0; i < sizeof(quoting_cases) / sizeof(quoting_cases[0]); i++) {
        char *got = capture_text(quoting_cases[i].in);
        int ok = strcmp(got, quoting_cases[i].out) == 0;
        if (!ok)
            fail(name, "case %zu: wrote [%s], want [%s]", i, got, quoting_cases[i].out);
        free(got);
        if (!ok)
            return;
    }
    pass(name);
}

static void test_doubles(void)
{
    const char *name = "put_double_nan_is_empty";
    char *nan_text = capture_double(NAN, "%.3f");
    char *one = capture_double(1.5, "%.3f");
    char *exact = capture_double(0.1, NULL);
    if (strcmp(nan_text, "") != 0)
        fail(name, "NaN wrote [%s], want empty", nan_text);
    else if (strcmp(one, "1.500") != 0)
        fail(name, "1.5 with %%.3f wrote [%s]", one);
    else if (strtod(exact, NULL) != 0.1)
        fail(name, "0.1 with the default format wrote [%s], which does not read back", exact);
    else
        pass(name);
    free(nan_text);
    free(one);
    free(exact);
}

/* Every quoting case written as a row reads back byte for byte. */
static void test_round_trip(void)
{
    const char *name = "round_trip_through_table";
    char path[512], err[256];
    size_t n = sizeof(quoting_cases) / sizeof(quoting_cases[0]);
    snprintf(path, sizeof(path), "%s/round.csv", tmpdir);
    FILE *f = fopen(path, "wb");
    fputs("id,text,value\n", f);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%zu,", i);
        csv_put_text(f, quoting_cases[i].in);
        csv_put_sep(f, 0);
        csv_put_double(f, i % 2 ? NAN : (double)i / 3, NULL);
        csv_put_eol(f);
    }
    fclose(f);
    struct csv_table t;
    if (csv_table_read(path, &t, err, sizeof(err)) < 0) {
        fail(name, "read failed: %s", err);
        return;
    }
    int text_col = csv_table_col(&t, "text"), value_col = csv_table_col(&t, "value");
    for (size_t i = 0; i < n && t.nrows == n; i++) {
        const char *want = quoting_cases[i].in ? quoting_cases[i].in : "";
        const char *value = csv_table_get(&t, i, value_col);
        if (strcmp(csv_table_get(&t, i, text_col), want) != 0) {
            fail(name, "row %zu: read [%s], wrote [%s]", i, csv_table_get(&t, i, text_col), want);
            goto out;
        }
        if (i % 2 ? value[0] != '\0' : strtod(value, NULL) != (double)i / 3) {
            fail(name, "row %zu: value [%s]", i, value);
            goto out;
        }
    }
    if (t.nrows != n)
        fail(name, "read %zu rows, wrote %zu", t.nrows, n);
    else
        pass(name);
out:
    csv_table_free(&t);
}

/* CRLF ends, a blank line, a quoted line break and no final newline. */
static void test_read_table(void)
{
    const char *name = "read_table";
    char err[256];
    const char *path = write_file("table.csv", "size_bytes,status,error\r\n"
                                               "4096,ok,\r\n"
                                               "\r\n"
                                               "8192,error,\"two\nlines, quoted\"\r\n"
                                               "16384,ok,last");
    struct csv_table t;
    if (csv_table_read(path, &t, err, sizeof(err)) < 0) {
        fail(name, "read failed: %s", err);
        return;
    }
    int st = csv_table_col(&t, "status");
    if (t.ncols != 3 || t.nrows != 3)
        fail(name, "%zu columns, %zu rows; want 3, 3", t.ncols, t.nrows);
    else if (st != 1 || csv_table_col(&t, "nope") != -1)
        fail(name, "csv_table_col: status at %d, nope at %d", st, csv_table_col(&t, "nope"));
    else if (strcmp(csv_table_get(&t, 1, 2), "two\nlines, quoted") != 0)
        fail(name, "quoted cell read as [%s]", csv_table_get(&t, 1, 2));
    else if (strcmp(csv_table_get(&t, 2, 2), "last") != 0 || strcmp(csv_table_get(&t, 0, 2), ""))
        fail(name, "cells [%s] [%s]", csv_table_get(&t, 2, 2), csv_table_get(&t, 0, 2));
    else if (strcmp(csv_table_get(&t, 0, -1), "") || strcmp(csv_table_get(&t, 3, 0), ""))
        fail(name, "out-of-range cells are not empty");
    else if (t.lines[0] != 2 || t.lines[1] != 4 || t.lines[2] != 6)
        fail(name, "row lines %zu %zu %zu; want 2 4 6", t.lines[0], t.lines[1], t.lines[2]);
    else
        pass(name);
    csv_table_free(&t);
}

static void test_read_fixture(void)
{
    const char *name = "read_fixture_summary";
    const char *path = "tests/fixtures/results-small/summary.csv";
    char err[256];
    struct csv_table t;
    if (csv_table_read(path, &t, err, sizeof(err)) < 0) {
        fail(name, "%s", err);
        return;
    }
    int st = csv_table_col(&t, "status"), er = csv_table_col(&t, "error");
    size_t nerr = 0;
    const char *text = "";
    for (size_t i = 0; i < t.nrows; i++)
        if (strcmp(csv_table_get(&t, i, st), "error") == 0) {
            nerr++;
            text = csv_table_get(&t, i, er);
        }
    if (t.ncols != 27 || csv_table_col(&t, "experiment") != 0)
        fail(name, "%zu columns; want 27 with experiment first", t.ncols);
    else if (nerr != 1 || !strchr(text, ',') || !strchr(text, '"'))
        fail(name, "%zu error rows, text [%s]; want 1 holding a comma and a quote", nerr, text);
    else
        pass(name);
    csv_table_free(&t);
}

static const struct {
    const char *name, *text, *want; /* want: the message after "PATH" */
} error_cases[] = {
    {"ragged_row", "a,b,c\n1,2,3\n\n4,5\n6,7,8\n", ":4: row has 2 fields but the header has 3"},
    {"ragged_after_multiline", "a,b\n\"x\ny\",1\n2,3,4\n",
     ":4: row has 3 fields but the header has 2"},
    {"ragged_many", "a,b\n1\n2\n3,4\n5\n",
     ":2: row has 1 field but the header has 2 "
     "(and 2 more rows like it)"},
    {"empty_file", "", ": the file is empty; expected a header row"},
    {"bad_quote", "a,b\n1,2\n3,x\"y\"\n", ":3:4: malformed CSV: a field holding a comma"},
    {"text_after_quote", "a,b\n1,\"ab\"c\n", ":2:7: malformed CSV"},
    {"unclosed_quote", "a,b\n1,\"open\n", ":2: a quoted field is not closed before the end"},
};

static void test_errors(void)
{
    for (size_t i = 0; i < sizeof(error_cases) / sizeof(error_cases[0]); i++) {
        char name[64], err[512], want[512];
        snprintf(name, sizeof(name), "error_%s", error_cases[i].name);
        const char *path = write_file("bad.csv", error_cases[i].text);
        snprintf(want, sizeof(want), "%s%s", path, error_cases[i].want);
        struct csv_table t;
        int rc = csv_table_read(path, &t, err, sizeof(err));
        if (rc != -1)
            fail(name, "returned %d, want -1", rc);
        else if (strncmp(err, want, strlen(want)) != 0)
            fail(name, "message [%s], want it to start [%s]", err, want);
        else if (t.nrows != 0 || t.cells || t.header)
            fail(name, "table not left empty");
        else
            pass(name);
        csv_table_free(&t);
    }
}

static void test_missing_file(void)
{
    const char *name = "error_missing_file";
    char err[256];
    struct csv_table t;
    int rc = csv_table_read("tests/fixtures/no-such-dir/summary.csv", &t, err, sizeof(err));
    if (rc != -1 || strcmp(err, "tests/fixtures/no-such-dir/summary.csv: "
                                "No such file or directory") != 0)
        fail(name, "rc %d, message [%s]", rc, err);
    else
        pass(name);
}

int main(void)
{
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_quoting();
    test_doubles();
    test_round_trip();
    test_read_table();
    test_read_fixture();
    test_errors();
    test_missing_file();
    char path[512];
    const char *names[] = {"round.csv", "table.csv", "bad.csv"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof(path), "%s/%s", tmpdir, names[i]);
        unlink(path);
    }
    rmdir(tmpdir);
    return failures ? 1 : 0;
}
