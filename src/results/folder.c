/*
 * folder.c - reading a results folder back (see folder.h).
 */
#include "results/folder.h"
#include "host/sysinfo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const col_names[FC_N] = {
    "experiment",     "alloc",   "direction",          "buffer",      "api",
    "cache",          "touch",   "size_bytes",         "gbps_median", "gbps_min",
    "gbps_max",       "rsd_pct", "us_per_copy_median", "link_gbps",   "alloc_ms_median",
    "free_ms_median", "status",  "streams",            "kernel",      "threads",
    "numa",           "pages",   "pipeline_ms_median", "serial_ms_median", "ideal_ms_median",
    "overlap_median"};

/* Columns every folder must have; cache, touch and link_gbps came later and may be absent. */
static const int required[] = {FC_ALLOC, FC_DIR, FC_BUF, FC_API, FC_SIZE, FC_GBPS, FC_STATUS};

const char *folder_cell(const struct folder *f, size_t r, int c)
{
    return csv_table_get(&f->t, r, f->col[c]);
}

/* 1 when text is empty (an older folder), "-" (does not apply) or one of the given defaults. */
static int default_or_absent(const char *text, const char *def)
{
    return !*text || strcmp(text, "-") == 0 || strcmp(text, def) == 0;
}

int folder_copy_row(const struct folder *f, size_t r)
{
    const char *api = folder_cell(f, r, FC_API);
    return strcmp(folder_cell(f, r, FC_STATUS), "ok") == 0 &&
           (strcmp(api, "sync") == 0 || strcmp(api, "async") == 0) &&
           default_or_absent(folder_cell(f, r, FC_NUMA), "any") &&
           default_or_absent(folder_cell(f, r, FC_PAGES), "default");
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
    f->dir = dir;
    f->link_gbps = NAN;
    snprintf(path, sizeof(path), "%s/summary.csv", dir);
    if (csv_table_read(path, &f->t, err, sizeof(err)) < 0) {
        fprintf(log, "pinsweep: %s\n", err);
        return -1;
    }
    for (int c = 0; c < FC_N; c++)
        f->col[c] = csv_table_col(&f->t, col_names[c]);
    for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
        if (f->col[required[i]] < 0) {
            fprintf(log, "pinsweep: %s has no column '%s'; is it a pinsweep summary.csv?\n", path,
                    col_names[required[i]]);
            return -1;
        }
    }
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

void folder_machine_table(FILE *f, const struct folder *fo, size_t nf, int mark_baseline)
{
    static const char *const rows[][2] = {
        {"GPU", "gpu.name"},
        {"NVIDIA driver", "driver.nvidia_driver"},
        {"CUDA runtime", "driver.cuda_runtime"},
        {"CPU", "host.cpu_model"},
        {"host", "host.hostname"},
        {"OS", "host.os"},
        {"run started", "run.started"},
        {"pinsweep", "pinsweep.git_revision"},
    };
    char pcie[64];
    fprintf(f, "| |");
    for (size_t i = 0; i < nf; i++)
        fprintf(f, " %s%s |", fo[i].label, i == 0 && mark_baseline ? " (baseline)" : "");
    fprintf(f, "\n|---|");
    for (size_t i = 0; i < nf; i++)
        fprintf(f, "---|");
    fprintf(f, "\n| PCIe link |");
    for (size_t i = 0; i < nf; i++) {
        folder_pcie_text(&fo[i], pcie, sizeof(pcie));
        if (isnan(fo[i].link_gbps))
            fprintf(f, " unknown |");
        else
            fprintf(f, " %s, %.2f GB/s raw per direction |", pcie, fo[i].link_gbps);
    }
    for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
        fprintf(f, "\n| %s |", rows[r][0]);
        for (size_t i = 0; i < nf; i++)
            fprintf(f, " %s |", folder_meta(&fo[i], rows[r][1]));
    }
    fprintf(f, "\n| folder |");
    for (size_t i = 0; i < nf; i++)
        fprintf(f, " `%s` |", fo[i].dir);
    fprintf(f, "\n");
}

void folder_close(struct folder *f)
{
    csv_table_free(&f->t);
    meta_doc_free(&f->m);
}
