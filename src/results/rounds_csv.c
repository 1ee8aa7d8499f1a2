/*
 * rounds_csv.c - rounds.csv's column table, writer and reader (see rounds_csv.h).
 */
#include "results/rounds_csv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One sample row as the table lays it out: the round's sample count besides (a round cut short
   by a kill is then seen whole or not at all). */
struct round_line {
    struct round_row r;
    double samples;
};

#define NUM(name, unit, field, fmt) COLUMN_OF_NUMBER(struct round_line, name, unit, field, fmt)

static const struct column rounds_cols[] = {
    NUM(COLUMN_CONFIG, "", r.config, "%.0f"),
    NUM("round", "", r.round, "%.0f"),
    NUM("sample", "", r.sample, "%.0f"),
    NUM("samples", "", samples, "%.0f"),
    NUM("copies", "", r.copies, "%.0f"),
    NUM("device_ms", "ms", r.device_ms, "%.17g"),
    NUM("host_ms", "ms", r.host_ms, "%.17g"),
    NUM("h2d_ms", "ms", r.h2d_ms, "%.17g"),
    NUM("d2h_ms", "ms", r.d2h_ms, "%.17g"),
    NUM(COLUMN_ALLOC_MS, "ms", r.alloc_ms, "%.17g"),
    NUM("pin_ms", "ms", r.pin_ms, "%.17g"),
    NUM("fill_ms", "ms", r.fill_ms, "%.17g"),
    NUM(COLUMN_FREE_MS, "ms", r.free_ms, "%.17g"),
    NUM("kernel_ms", "ms", r.kernel_ms, "%.17g"),
    NUM("batch", "", r.batch, "%.0f"),
    NUM("roundtrip_us", "us", r.roundtrip_us, "%.17g"),
    COLUMN_OF_TEXT(struct round_line, "stop", r.stop),
};

const struct csv_format rounds_format = {"rounds.csv", rounds_cols,
                                         sizeof(rounds_cols) / sizeof(rounds_cols[0])};

/* *o opened on first use: appended to when the file is there, else created with its header. */
static int rounds_open(struct outfile **o, const char *dir, char *err, size_t errlen)
{
    char path[4200];
    if (*o)
        return 0;
    format_path(&rounds_format, dir, path, sizeof(path));
    if (access(path, F_OK) == 0)
        *o = outfile_append(path, err, errlen);
    else if ((*o = outfile_create(path, err, errlen)))
        format_write_header((*o)->f, &rounds_format);
    return *o ? 0 : -1;
}

int rounds_write(struct outfile **o, const char *dir, const struct result *r, int round,
                 size_t first, char *err, size_t errlen)
{
    if (rounds_open(o, dir, err, errlen) < 0)
        return -1;
    off_t end = (*o)->end;
    for (size_t i = first; i < r->nsamples; i++) {
        const struct sample *s = &r->samples[i];
        struct round_line line = {{r->config->index, round, (double)(i - first + 1), s->copies,
                                   s->device_ms, s->host_ms, s->h2d_ms, s->d2h_ms, s->alloc_ms,
                                   s->pin_ms, s->fill_ms, s->free_ms, s->kernel_ms, r->batch,
                                   r->roundtrip_us, stop_reason_names[r->stop]},
                                  (double)(r->nsamples - first)};
        format_write_row((*o)->f, &rounds_format, &line);
    }
    if (outfile_sync(*o, err, errlen) == 0)
        return 0;
    outfile_truncate(*o, end);
    return -1;
}

/* The stop reason called name; STOP_CONTINUE when none is. */
static enum stop_reason stop_named(const char *name)
{
    for (int k = STOP_FIXED; k <= STOP_MAX_TIME; k++)
        if (name && strcmp(name, stop_reason_names[k]) == 0)
            return (enum stop_reason)k;
    return STOP_CONTINUE;
}

/* Take rows[0..n) (one round of config i, whole) into acc when it is acc's next round. */
static int take_round(struct result *acc, const struct config *c, const struct round_line *rows,
                      size_t n)
{
    int round = (int)rows[0].r.round;
    if (round != acc->rounds + 1 || (size_t)rows[0].samples != n)
        return 0; /* not the next round, or cut short */
    struct sample *all = realloc(acc->samples, (acc->nsamples + n) * sizeof(*all));
    if (!all)
        return -1;
    for (size_t k = 0; k < n; k++) {
        const struct round_row *r = &rows[k].r;
        all[acc->nsamples + k] = (struct sample){.copies = (int)r->copies,
                                                 .device_ms = r->device_ms,
                                                 .host_ms = r->host_ms,
                                                 .h2d_ms = r->h2d_ms,
                                                 .d2h_ms = r->d2h_ms,
                                                 .alloc_ms = r->alloc_ms,
                                                 .pin_ms = r->pin_ms,
                                                 .fill_ms = r->fill_ms,
                                                 .free_ms = r->free_ms,
                                                 .kernel_ms = r->kernel_ms,
                                                 .round = round};
    }
    acc->samples = all;
    acc->nsamples += n;
    acc->config = c;
    acc->status = RESULT_OK;
    acc->rounds = round;
    acc->batch = (int)rows[n - 1].r.batch;
    acc->roundtrip_us = rows[n - 1].r.roundtrip_us;
    acc->stop = stop_named(rows[n - 1].r.stop);
    acc->rounds_met += acc->stop == STOP_TARGET;
    acc->overlap_pct = acc->alone_gbps = NAN;
    return 1;
}

/* Does the file at path end with a newline (a kill while writing leaves a cut last line)? */
static int ends_whole(const char *path)
{
    FILE *f = fopen(path, "rb");
    int whole = 0;
    if (f && fseek(f, -1, SEEK_END) == 0)
        whole = fgetc(f) == '\n';
    if (f)
        fclose(f);
    return whole;
}

int rounds_read(const char *dir, const struct sweep *s, const unsigned char *finished,
                struct result *acc, char *err, size_t errlen)
{
    struct format_file ff;
    char path[4200];
    int restored = 0, rc = 0;
    format_path(&rounds_format, dir, path, sizeof(path));
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    if (format_open(&ff, &rounds_format, dir, err, errlen) < 0) {
        format_close(&ff);
        return -1;
    }
    size_t n = ff.t.nrows - (ff.t.nrows && !ends_whole(path));
    struct round_line *rows = malloc((n ? n : 1) * sizeof(*rows));
    if (!rows) {
        snprintf(err, errlen, "%s: out of memory", path);
        format_close(&ff);
        return -1;
    }
    for (size_t r = 0; r < n; r++)
        format_parse_row(&ff, r, &rows[r]);
    for (size_t r = 0, end; r < n && rc >= 0; r = end) {
        for (end = r + 1; end < n && rows[end].r.config == rows[r].r.config &&
                          rows[end].r.round == rows[r].r.round && rows[end].r.sample > 1;
             end++)
            ;
        for (size_t i = 0; i < s->n && rc >= 0; i++)
            if (s->configs[i].index == rows[r].r.config && !finished[i]) {
                int was = acc[i].rounds;
                rc = take_round(&acc[i], &s->configs[i], &rows[r], end - r);
                restored += was == 0 && acc[i].rounds > 0;
            }
    }
    if (rc < 0)
        snprintf(err, errlen, "%s: out of memory", path);
    free(rows);
    format_close(&ff);
    return rc < 0 ? -1 : restored;
}

void rounds_remove(const char *dir)
{
    char path[4200];
    format_path(&rounds_format, dir, path, sizeof(path));
    unlink(path);
}
