/*
 * readings_beyond_copies.c - the readings of the figures beyond copies
 * against size (see readings.h): overlap (pipelines), host-access (the
 * CPU's own reads and writes) and sentinel (the link's drift over a run).
 */
#include "figures/readings.h"
#include "figures/sentinel_view.h"
#include "experiment/schema.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- pipelines, host access, placement, sentinel ---- */

void reading_overlap(struct reading *t, const struct plot_input *in)
{
    const struct plot_row *best = NULL;
    double page_lo = INFINITY, page_hi = -INFINITY;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api != API_PIPELINE || !(r->overlap > 0))
            continue;
        if (r->alloc == ALLOC_PAGEABLE) {
            page_lo = fmin(page_lo, r->overlap);
            page_hi = fmax(page_hi, r->overlap);
        } else if (!best || r->overlap > best->overlap) {
            best = r;
        }
    }
    char kernel[32], streams[32];
    if (best)
        reading_part(t,
             "the best pipeline overlaps %.2f× (%s, %s streams, kernel %s: %.3g ms against "
             "%.3g ms serial)",
             best->overlap, schema_value_name(AXIS_ALLOC, best->alloc),
             schema_value_text(AXIS_STREAMS, best->streams, streams, sizeof(streams)),
             schema_value_text(AXIS_KERNEL, best->kernel, kernel, sizeof(kernel)),
             best->pipeline_ms, best->serial_ms);
    /* the page-locked kinds beside the best: their lines lie on one another when they agree */
    double lo = INFINITY, hi = -INFINITY;
    int kinds = 0;
    for (size_t i = 0; best && i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api == API_PIPELINE && r->alloc != ALLOC_PAGEABLE && r->pipeline_ms > 0 &&
            r->kernel == best->kernel && r->streams == best->streams &&
            r->size_bytes == best->size_bytes && r->chunks == best->chunks) {
            lo = fmin(lo, r->pipeline_ms);
            hi = fmax(hi, r->pipeline_ms);
            kinds++;
        }
    }
    if (kinds > 1)
        reading_part(t, "there the %d page-locked kinds take %.3g–%.3g ms (%.1f %% apart%s)", kinds,
                     lo, hi, 100 * (hi / lo - 1),
                     hi <= lo * 1.05 ? ": their lines lie on one another" : "");
    if (page_lo <= page_hi)
        reading_part(t, "pageable stays at %.2f–%.2f× whatever the streams", page_lo, page_hi);
    /* a kernel sized to a chunk's h2d is sized to each run's own: not like for like */
    double klo[2] = {INFINITY, INFINITY}, khi[2] = {0, 0};
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        int k = r->alloc != ALLOC_PAGEABLE;
        if (r->api == API_PIPELINE && r->kernel != AXIS_UNUSED && (r->kernel & KERNEL_RATIO) &&
            r->kernel_us > 0) {
            klo[k] = fmin(klo[k], r->kernel_us);
            khi[k] = fmax(khi[k], r->kernel_us);
        }
    }
    if (khi[0] > 0 && khi[1] > 0)
        reading_part(t,
                     "a kernel of a chunk's h2d time is sized to each run's own: %.3g–%.3g µs a "
                     "chunk for pageable, %.3g–%.3g µs for the page-locked kinds, so their times "
                     "in that panel include kernels of different lengths",
                     klo[0], khi[0], klo[1], khi[1]);
}

/* With one thread at the largest size: the range of op's GB/s over the kinds. */
static void read_host_op(struct reading *t, const struct plot_input *in, int api, const char *verb)
{
    double size = -1, lo = INFINITY, hi = -INFINITY;
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nall; i++)
        if (in->all[i].api == api && in->all[i].threads == 1)
            size = fmax(size, in->all[i].size_bytes);
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api != api)
            continue;
        if (!best || r->gbps_median > best->gbps_median)
            best = r;
        if (r->threads == 1 && r->size_bytes == size) {
            lo = fmin(lo, r->gbps_median);
            hi = fmax(hi, r->gbps_median);
        }
    }
    char threads[32];
    if (lo <= hi)
        reading_part(t, "one thread %s %s–%s GB/s at %s over the kinds", verb, reading_gbps(lo), reading_gbps(hi), reading_size(size));
    if (best)
        reading_part(t, "the most is %s GB/s (%s, %s threads, %s)", reading_gbps(best->gbps_median),
             schema_value_name(AXIS_ALLOC, best->alloc),
             schema_value_text(AXIS_THREADS, best->threads, threads, sizeof(threads)),
             reading_size(best->size_bytes));
}

/* The one-thread read of kind alloc at the largest size it has one; NULL when none. */
static const struct plot_row *host_read_of(const struct plot_input *in, int alloc)
{
    const struct plot_row *best = NULL;
    for (size_t i = 0; i < in->nall; i++) {
        const struct plot_row *r = &in->all[i];
        if (r->api == API_HOST_READ && r->threads == 1 && r->alloc == alloc && r->gbps_median > 0 &&
            (!best || r->size_bytes > best->size_bytes))
            best = r;
    }
    return best;
}

/*
 * Write-combined memory is uncached for the CPU: CUDA documents its reads as slow.  Whether
 * this machine's are, against pageable (cached) memory's at the same size, one thread: a
 * write-combined read within half of pageable's is said not to be (the flag seems not to take
 * effect; a virtual machine may map the pages cached), so that a reader does not take "costs
 * nothing" for the kind's property.
 */
static void read_write_combined(struct reading *t, const struct plot_input *in)
{
    const struct plot_row *wc = host_read_of(in, ALLOC_WRITE_COMBINED),
                          *pg = host_read_of(in, ALLOC_PAGEABLE);
    if (!wc || !pg || wc->size_bytes != pg->size_bytes)
        return;
    if (wc->gbps_median >= 0.5 * pg->gbps_median)
        reading_part(t,
                     "write-combined memory reads as fast as cached memory here (%s against "
                     "pageable's %s GB/s, one thread at %s), though CUDA documents the CPU's "
                     "reads of it as slow: the flag seems not to take effect on this machine (a "
                     "virtual machine may map the pages cached), so this says nothing of the "
                     "kind elsewhere",
                     reading_gbps(wc->gbps_median), reading_gbps(pg->gbps_median),
                     reading_size(wc->size_bytes));
    else
        reading_part(t,
                     "write-combined memory reads %.1f× slower than pageable (%s against %s "
                     "GB/s, one thread at %s), as CUDA documents: it is uncached for the CPU",
                     pg->gbps_median / wc->gbps_median, reading_gbps(wc->gbps_median),
                     reading_gbps(pg->gbps_median), reading_size(wc->size_bytes));
}

void reading_host_access(struct reading *t, const struct plot_input *in)
{
    read_host_op(t, in, API_HOST_READ, "reads");
    read_write_combined(t, in);
    read_host_op(t, in, API_HOST_WRITE, "writes");
}

void reading_sentinel(struct reading *t, const struct plot_input *in)
{
    struct sentinel_view v;
    char *said = NULL;
    size_t len = 0;
    FILE *f = sentinel_view_read(in, &v, NULL) == 0 ? open_memstream(&said, &len) : NULL;
    if (f) {
        sentinel_view_say(in, &v, f);
        if (fclose(f) == 0 && said[0])
            reading_part(t, "%s", said);
    }
    free(said);
    sentinel_view_free(&v);
}
