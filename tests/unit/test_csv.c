/*
 * test_csv.c - unit tests of csv.c: quoting, NaN cells, reading tables and
 * the messages for malformed files.  Prints PASS/FAIL per check (check.h);
 * exits 1 on any failure.  Run from the repository root (it reads
 * tests/fixtures/).
 */
#include "check.h"
#include "results/csv.h"
#include "results/problems.h"
#include "results/hostmemcpy_csv.h"
#include "results/summary_csv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/pinsweep-test-csv-XXXXXX";

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
    for (size_t i = 0; i < sizeof(quoting_cases) / sizeof(quoting_cases[0]); i++) {
        char name[64], *got = capture_text(quoting_cases[i].in);
        snprintf(name, sizeof(name), "put_text_quotes_only_when_needed[%zu]", i);
        CHECK_STR(name, got, quoting_cases[i].out);
        free(got);
    }
}

static void test_doubles(void)
{
    char *nan_text = capture_double(NAN, "%.3f");
    char *one = capture_double(1.5, "%.3f");
    char *exact = capture_double(0.1, NULL);
    CHECK_STR("put_double_nan_is_empty", nan_text, "");
    CHECK_STR("put_double_uses_the_format", one, "1.500");
    CHECK("put_double_default_reads_back", strtod(exact, NULL) == 0.1,
          "0.1 with the default format wrote [%s], which does not read back", exact);
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
    int rc = csv_table_read(path, &t, err, sizeof(err));
    CHECK(name, rc == 0 && t.nrows == n, "read: %s; %zu rows, wrote %zu", rc ? err : "ok", t.nrows,
          n);
    int text_col = csv_table_col(&t, "text"), value_col = csv_table_col(&t, "value");
    for (size_t i = 0; i < n && t.nrows == n; i++) {
        const char *want = quoting_cases[i].in ? quoting_cases[i].in : "";
        const char *value = csv_table_get(&t, i, value_col);
        char row[64];
        snprintf(row, sizeof(row), "%s[%zu]", name, i);
        CHECK_STR(row, csv_table_get(&t, i, text_col), want);
        CHECK(row, i % 2 ? value[0] == '\0' : strtod(value, NULL) == (double)i / 3, "value [%s]",
              value);
    }
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
    int rc = csv_table_read(path, &t, err, sizeof(err));
    CHECK(name, rc == 0 && t.ncols == 3 && t.nrows == 3,
          "read: %s; %zu columns, %zu rows; want 3, 3", rc ? err : "ok", t.ncols, t.nrows);
    if (rc < 0 || t.nrows != 3) {
        csv_table_free(&t);
        return;
    }
    int st = csv_table_col(&t, "status");
    CHECK("read_table_columns_by_name", st == 1 && csv_table_col(&t, "nope") == -1,
          "status at %d, nope at %d", st, csv_table_col(&t, "nope"));
    CHECK_STR("read_table_quoted_line_break", csv_table_get(&t, 1, 2), "two\nlines, quoted");
    CHECK_STR("read_table_no_final_newline", csv_table_get(&t, 2, 2), "last");
    CHECK_STR("read_table_empty_cell", csv_table_get(&t, 0, 2), "");
    CHECK("read_table_out_of_range_is_empty",
          !strcmp(csv_table_get(&t, 0, -1), "") && !strcmp(csv_table_get(&t, 3, 0), ""),
          "out-of-range cells are not empty");
    CHECK("read_table_row_lines", t.lines[0] == 2 && t.lines[1] == 4 && t.lines[2] == 6,
          "row lines %zu %zu %zu; want 2 4 6", t.lines[0], t.lines[1], t.lines[2]);
    csv_table_free(&t);
}

static void test_read_fixture(void)
{
    const char *name = "read_fixture_summary";
    const char *path = "tests/fixtures/results-small/summary.csv";
    char err[256];
    struct csv_table t;
    if (csv_table_read(path, &t, err, sizeof(err)) < 0) {
        CHECK(name, 0, "%s", err);
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
    CHECK(name, t.ncols == 36 && csv_table_col(&t, "experiment") == 0,
          "%zu columns; want 36 with experiment first", t.ncols);
    CHECK("read_fixture_quoted_error", nerr == 1 && strchr(text, ',') && strchr(text, '"'),
          "%zu error rows, text [%s]; want 1 holding a comma and a quote", nerr, text);
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
        CHECK(name, rc == -1 && strncmp(err, want, strlen(want)) == 0,
              "returned %d, message [%s], want -1 and a message starting [%s]", rc,
              rc == -1 ? err : "", want);
        snprintf(name, sizeof(name), "error_%s_leaves_table_empty", error_cases[i].name);
        CHECK(name, t.nrows == 0 && !t.cells && !t.header, "table not left empty");
        csv_table_free(&t);
    }
}

static void test_missing_file(void)
{
    const char *name = "error_missing_file";
    char err[256];
    struct csv_table t;
    int rc = csv_table_read("tests/fixtures/no-such-dir/summary.csv", &t, err, sizeof(err));
    CHECK(name,
          rc == -1 && strcmp(err, "tests/fixtures/no-such-dir/summary.csv: "
                                  "No such file or directory") == 0,
          "rc %d, message [%s]", rc, rc == -1 ? err : "");
}

/* summary.csv's reader: a missing file is an error naming it, and the reader can be closed
   after it failed; a row's problems come named axes first, then the numeric ones, whatever
   the order of the columns. */
static void test_summary_reader(void)
{
    char err[512], dir[512], want[1024], *log = NULL;
    size_t len = 0;
    struct summary_file s;
    snprintf(dir, sizeof(dir), "%s/no-such-results", tmpdir);
    int rc = summary_read(&s, dir, err, sizeof(err));
    snprintf(want, sizeof(want), "%s/summary.csv: No such file or directory", dir);
    CHECK("summary_read of a missing folder", rc == -1 && strcmp(err, want) == 0,
          "rc %d, message [%s]", rc, rc == -1 ? err : "");
    summary_close(&s);
    CHECK("closed after a failed read", s.rows == NULL && s.nrows == 0, "rows %p", (void *)s.rows);
    snprintf(dir, sizeof(dir), "%s/sum", tmpdir);
    mkdir(dir, 0700);
    write_file("sum/summary.csv",
               "streams,alloc,direction,buffer,api,size_bytes,gbps_median,status\n"
               "many,pinnned,h2d,reuse,sync,4096,1.5,ok\n");
    if (summary_read(&s, dir, err, sizeof(err)) < 0) {
        CHECK("summary_read of a two-problem row", 0, "%s", err);
        return;
    }
    struct summary_row row;
    struct problems p = {.path = "summary.csv", .prefix = "", .suffix = "", .where = ""};
    p.log = open_memstream(&log, &len);
    rc = summary_check_row(&s, 0, &row, &p);
    fclose(p.log);
    CHECK_STR("named axes' problems first, then the numeric ones'", log,
              "summary.csv:2: alloc 'pinnned' is not one of pageable | pinned | mallochost | "
              "portable | write-combined | mapped | registered | registered-readonly | "
              "registered-portable | registered-mapped\n"
              "summary.csv:2: streams 'many' is not a whole number from 1 to 64\n");
    CHECK("two problems counted", rc == 2 && p.n == 2, "rc %d, n %d", rc, p.n);
    free(log);
    summary_close(&s);
    /* The columns every reader needs that a file lacks, in order, status first or last. */
    write_file("sum/summary.csv", "alloc,buffer,api,size_bytes\npinned,reuse,sync,4096\n");
    if (summary_read(&s, dir, err, sizeof(err)) == 0) {
        const char *missing[8];
        size_t n = summary_missing(&s, 0, missing, 8);
        CHECK("missing columns, status first",
              n == 3 && strcmp(missing[0], "status") == 0 && strcmp(missing[1], "direction") == 0 &&
                  strcmp(missing[2], "gbps_median") == 0,
              "%zu: %s %s %s", n, n > 0 ? missing[0] : "", n > 1 ? missing[1] : "",
              n > 2 ? missing[2] : "");
        n = summary_missing(&s, 1, missing, 8);
        CHECK("missing columns, status last",
              n == 3 && strcmp(missing[0], "direction") == 0 &&
                  strcmp(missing[1], "gbps_median") == 0 && strcmp(missing[2], "status") == 0,
              "%zu: %s %s %s", n, n > 0 ? missing[0] : "", n > 1 ? missing[1] : "",
              n > 2 ? missing[2] : "");
        summary_close(&s);
    } else {
        CHECK("summary_read of a file lacking columns", 0, "%s", err);
    }
    unlink(write_file("sum/summary.csv", ""));
    rmdir(dir);
}

/*
 * host-memcpy.csv read back: sorted by size (an older file has no direction column, and
 * every row is both ways), staging_bytes NaN when empty; a GB/s that is not positive
 * makes the file unusable, named on the log.
 */
static void test_hostmemcpy_reader(void)
{
    char dir[512], *log = NULL;
    size_t n = 0, len = 0;
    snprintf(dir, sizeof(dir), "%s/mc", tmpdir);
    mkdir(dir, 0700);
    write_file("mc/host-memcpy.csv", "size_bytes,gbps_median,samples,staging_bytes\n"
                                     "2097152,9.5,3,\n1048576,11,3,\n4194304,8,3,\n");
    FILE *f = open_memstream(&log, &len);
    struct hostmemcpy_row *m = hostmemcpy_read(dir, &n, f);
    fclose(f);
    CHECK("an older file: three rows, both ways, by size",
          m && n == 3 && m[0].dir == AXIS_EMPTY && m[0].size_bytes == 1048576 &&
              m[1].size_bytes == 2097152 && m[2].size_bytes == 4194304 && m[0].gbps == 11,
          "n %zu: %g %g %g", n, m ? m[0].size_bytes : 0, m && n > 1 ? m[1].size_bytes : 0,
          m && n > 2 ? m[2].size_bytes : 0);
    CHECK("an empty staging_bytes is NaN, and no warning", m && isnan(m[0].staging_bytes) && len == 0,
          "log [%s]", log ? log : "");
    free(m);
    free(log);
    log = NULL;
    write_file("mc/host-memcpy.csv", "size_bytes,gbps_median,samples,staging_bytes\n"
                                     "1048576,0,3,\n");
    f = open_memstream(&log, &len);
    m = hostmemcpy_read(dir, &n, f);
    fclose(f);
    CHECK("a GB/s of 0 makes the file unusable, named on the log",
          !m && log && strstr(log, "gbps_median '0' is not a positive number"), "log [%s]",
          log ? log : "");
    free(m);
    free(log);
    unlink(write_file("mc/host-memcpy.csv", ""));
    rmdir(dir);
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
    test_summary_reader();
    test_hostmemcpy_reader();
    char path[512];
    const char *names[] = {"round.csv", "table.csv", "bad.csv"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof(path), "%s/%s", tmpdir, names[i]);
        unlink(path);
    }
    rmdir(tmpdir);
    return check_exit();
}
