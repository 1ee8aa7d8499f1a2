/*
 * folder.c - reading a results folder back (see folder.h).
 */
#include "results/folder.h"
#include "experiment/schema.h"
#include "host/sysinfo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int folder_default(const struct summary_row *r, int a)
{
    uint64_t v = r->axis[a];
    return v == AXIS_EMPTY || v == AXIS_UNUSED || v == (uint64_t)schema_axes[a].default_value;
}

int folder_copy_row(const struct summary_row *r)
{
    uint64_t api = r->axis[AXIS_API];
    return summary_ok(r) && (api == API_SYNC || api == API_ASYNC) && folder_default(r, AXIS_NUMA) &&
           folder_default(r, AXIS_PAGES);
}

/* The meta value at path, or "unknown". */
const char *folder_meta(const struct folder *f, const char *path)
{
    const char *v = meta_get(&f->m, path);
    return v && *v ? v : "unknown";
}

static double folder_link(const struct folder *f)
{
    const char *g = meta_get(&f->m, "gpu.pcie.current.generation");
    const char *w = meta_get(&f->m, "gpu.pcie.current.width");
    if (!g || !w)
        return NAN;
    return sysinfo_link_gbps(atoi(g), atoi(w));
}

char *folder_default_label(const char *dir, char *buf, size_t n)
{
    char path[4200], err[512];
    struct meta_doc m;
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_read(path, &m, err, sizeof(err)) < 0) {
        snprintf(buf, n, "%s", dir);
        return buf;
    }
    const char *gpu = meta_get(&m, "gpu.name"), *gen = meta_get(&m, "gpu.pcie.current.generation");
    const char *width = meta_get(&m, "gpu.pcie.current.width"),
               *host = meta_get(&m, "host.hostname");
    if (gpu && strncmp(gpu, "NVIDIA ", 7) == 0)
        gpu += 7;
    if (gen && width)
        snprintf(buf, n, "%s Gen%sx%s %s", gpu ? gpu : "GPU?", gen, width, host ? host : "");
    else
        snprintf(buf, n, "%s PCIe-unknown %s", gpu ? gpu : "GPU?", host ? host : "");
    meta_doc_free(&m);
    return buf;
}

int folder_open(struct folder *f, const char *dir, const char *label, FILE *log)
{
    char path[4200], err[600];
    const char *missing[8];
    f->dir = dir;
    f->link_gbps = NAN;
    if (summary_read(&f->s, dir, err, sizeof(err)) < 0) {
        fprintf(log, "pinsweep: %s\n", err);
        return -1;
    }
    if (summary_missing(&f->s, 1, missing, 8)) {
        fprintf(log, "pinsweep: %s has no column '%s'; is it a pinsweep %s?\n", f->s.ff.path,
                missing[0], summary_format.file);
        return -1;
    }
    if (samples_read(&f->samples, dir, err, sizeof(err)) < 0)
        fprintf(log, "pinsweep: warning: %s; its intervals are from summary.csv's rsd\n", err);
    snprintf(path, sizeof(path), "%s/meta.yaml", dir);
    if (meta_read(path, &f->m, err, sizeof(err)) < 0)
        fprintf(log, "pinsweep: warning: %s; this folder's machine is unknown\n", err);
    f->link_gbps = folder_link(f);
    if (label)
        snprintf(f->label, sizeof(f->label), "%s", label);
    else
        folder_default_label(dir, f->label, sizeof(f->label));
    return 0;
}

char *folder_pcie_text(const struct folder *f, char *buf, size_t n)
{
    const char *g = meta_get(&f->m, "gpu.pcie.current.generation");
    const char *w = meta_get(&f->m, "gpu.pcie.current.width");
    if (g && w && !isnan(f->link_gbps))
        snprintf(buf, n, "Gen%s x%s", g, w);
    else
        snprintf(buf, n, "unknown");
    return buf;
}

/* The rows of the machine table after the PCIe link: a name and meta.yaml's path. */
static const char *const facts[][2] = {
    {"PCIe link", ""},
    {"GPU", "gpu.name"},
    {"NVIDIA driver", "driver.nvidia_driver"},
    {"CUDA runtime", "driver.cuda_runtime"},
    {"CPU", "host.cpu_model"},
    {"host", "host.hostname"},
    {"OS", "host.os"},
    {"run started", "run.started"},
    {"pinsweep", "pinsweep.git_revision"},
    {"folder", ""},
};

size_t folder_fact_count(void)
{
    return sizeof(facts) / sizeof(facts[0]);
}

const char *folder_fact_name(size_t i)
{
    return facts[i][0];
}

const char *folder_fact_text(const struct folder *f, size_t i, char *buf, size_t n)
{
    char pcie[64];
    if (i == 0 && isnan(f->link_gbps))
        snprintf(buf, n, "unknown");
    else if (i == 0)
        snprintf(buf, n, "%s, %.2f GB/s raw per direction", folder_pcie_text(f, pcie, sizeof(pcie)),
                 f->link_gbps);
    else if (i + 1 == folder_fact_count())
        snprintf(buf, n, "%s", f->dir);
    else
        snprintf(buf, n, "%s", folder_meta(f, facts[i][1]));
    return buf;
}

void folder_machine_table(FILE *f, const struct folder *fo, size_t nf, int mark_baseline)
{
    char text[512];
    fprintf(f, "| |");
    for (size_t i = 0; i < nf; i++)
        fprintf(f, " %s%s |", fo[i].label, i == 0 && mark_baseline ? " (baseline)" : "");
    fprintf(f, "\n|---|");
    for (size_t i = 0; i < nf; i++)
        fprintf(f, "---|");
    for (size_t r = 0; r < folder_fact_count(); r++) {
        int code = r + 1 == folder_fact_count();
        fprintf(f, "\n| %s |", facts[r][0]);
        for (size_t i = 0; i < nf; i++)
            fprintf(f, code ? " `%s` |" : " %s |", folder_fact_text(&fo[i], r, text, sizeof(text)));
    }
    fprintf(f, "\n");
}

void folder_close(struct folder *f)
{
    summary_close(&f->s);
    samples_close(&f->samples);
    meta_doc_free(&f->m);
}
