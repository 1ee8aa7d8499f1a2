/*
 * progress.c - done/total, current configuration and ETA on stderr.
 *
 * The ETA weighs configurations by an estimate of their cost, since a 1 GiB
 * reallocate configuration takes thousands of times longer than a 4 KiB one:
 * cost = bytes moved per sample (plus a fixed overhead) times the samples,
 * tripled for reallocate (allocation and fill dominate there).
 */
#include "run/progress.h"
#include "base/timer.h"

#include <string.h>

static double config_work(const struct config *c, int samples)
{
    double bytes = (double)config_size(c) + 256.0 * 1024;
    if (config_direction(c) == DIR_BIDIR)
        bytes *= 2;
    if (config_buffer(c) == BUFFER_REALLOCATE)
        bytes *= 3;
    return bytes * samples;
}

char *progress_format_duration(double seconds, char *buf, size_t n)
{
    long s = seconds < 0 ? 0 : (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, n, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
    else
        snprintf(buf, n, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

void progress_start(struct progress *p, enum progress_mode mode, FILE *out, const struct sweep *s,
                    int samples, const struct timer_clock *clock)
{
    memset(p, 0, sizeof(*p));
    p->mode = mode;
    p->out = out;
    p->total = s->n;
    p->samples = samples;
    p->clock = clock;
    for (size_t i = 0; i < s->n; i++)
        p->work_total += config_work(&s->configs[i], samples);
    p->t0_ms = timer_read(p->clock);
}

static void eta(const struct progress *p, char *buf, size_t n)
{
    double elapsed = (timer_read(p->clock) - p->t0_ms) / 1e3;
    if (p->work_done <= 0 || elapsed < 1.0) {
        snprintf(buf, n, "--:--");
        return;
    }
    double left = elapsed * (p->work_total - p->work_done) / p->work_done;
    progress_format_duration(left, buf, n);
}

void progress_begin(struct progress *p, const struct config *c)
{
    char desc[128], left[32], el[32];
    if (p->mode != PROGRESS_TTY)
        return;
    sweep_describe(c, desc, sizeof(desc));
    eta(p, left, sizeof(left));
    progress_format_duration((timer_read(p->clock) - p->t0_ms) / 1e3, el, sizeof(el));
    fprintf(p->out, "\r\033[K[%zu/%zu %3.0f%%] %s  elapsed %s  ETA %s", p->done + 1, p->total,
            p->work_total > 0 ? 100.0 * p->work_done / p->work_total : 0.0, desc, el, left);
    fflush(p->out);
}

void progress_end(struct progress *p, const struct config *c, const char *status)
{
    char desc[128], left[32];
    p->done++;
    p->work_done += config_work(c, p->samples);
    if (p->mode != PROGRESS_LINES)
        return;
    sweep_describe(c, desc, sizeof(desc));
    eta(p, left, sizeof(left));
    fprintf(p->out, "[%zu/%zu] %s: %s (ETA %s)\n", p->done, p->total, desc, status, left);
    fflush(p->out);
}

void progress_finish(struct progress *p)
{
    if (p->mode == PROGRESS_TTY) {
        fprintf(p->out, "\r\033[K");
        fflush(p->out);
    }
}
