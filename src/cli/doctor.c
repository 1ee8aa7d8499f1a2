/*
 * doctor.c - `pinsweep doctor`: each GPU measured (run/doctor.h) and
 * diagnosed (analysis/doctor.h), the readings and the ranked causes printed
 * for people, and written as JSON for tools.
 */
#include "cli/doctor.h"
#include "cli/check.h"
#include "analysis/doctor.h"
#include "base/jsonout.h"
#include "base/termsafe.h"
#include "engine/engines.h"
#include "host/sysinfo.h"
#include "results/outdir.h"
#include "run/doctor.h"
#include "run/exitcode.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* head and text on one line, control characters escaped (DMI names come from firmware). */
static void line(FILE *out, const char *head, const char *text)
{
    termsafe_fputs(head, out);
    fputc(' ', out);
    termsafe_fputs(text, out);
    fputc('\n', out);
}

/* The link as read: "PCIe 5.0 x16, MPS 256 B, MRRS 4096 B (read); Gen5 x16 during a copy". */
static void print_link(FILE *out, const struct doctor_gpu *g, const struct doctor_diagnosis *d)
{
    const struct pcie_link *l = &g->e.link;
    char name[160];
    if (!d->link_known) {
        fprintf(out, "link: no PCIe link read in sysfs (NVLink-C2C, or a machine that hides it)\n");
        return;
    }
    link_model_name(&d->model, name, sizeof(name));
    fprintf(out, "link: %s (%s%s); Gen%d x%d during a copy\n", name,
            d->model.sizes_read ? "read" : "assumed: ",
            d->model.sizes_read ? "" : (l->mps_why[0] ? l->mps_why : "not read"), l->cur_gen,
            l->cur_width);
}

/* One reading's line of the table. */
static void print_reading(FILE *out, const struct doctor_gpu *g, const struct doctor_diagnosis *d,
                          int i)
{
    const struct doctor_judged *j = &d->r[i];
    fprintf(out, "%-20s", doctor_readings[i].what);
    if (j->state == DJ_NOT_MEASURED) {
        fprintf(out, "%9s   not measured: ", "-");
        termsafe_fputs(g->e.why[i], out);
        fputc('\n', out);
        return;
    }
    fprintf(out, "%9.2f   ", g->e.gbps[i]);
    if (j->state == DJ_NOT_JUDGED) {
        fprintf(out, "%s\n", j->not_judged);
        return;
    }
    fprintf(out, "%5.1f%% of %7.2f  %4.0f%%  %s%s\n", j->share_pct, j->ceiling,
            100 * j->floor_share, j->state == DJ_OK ? "ok" : "BELOW",
            i == DR_PAGEABLE ? " (of pinned h2d)" : "");
}

/* Pinned h2d bound to each node, when the machine has two or more. */
static void print_nodes(FILE *out, const struct doctor_evidence *e)
{
    char label[64];
    for (int i = 0; e->nnodes > 1 && i < e->nnodes && i < DOCTOR_MAX_NODES; i++) {
        snprintf(label, sizeof(label), "pinned h2d, node %d", e->node[i]);
        fprintf(out, "%-20s", label);
        if (isnan(e->node_gbps[i])) {
            fprintf(out, "%9s   not measured: ", "-");
            termsafe_fputs(e->node_why[i], out);
            fputc('\n', out);
        } else {
            fprintf(out, "%9.2f%s\n", e->node_gbps[i],
                    e->node[i] == e->gpu_node ? "   the GPU's node" : "");
        }
    }
}

/* The findings of one state: causes numbered with their cost, others a line each. */
static void print_findings(FILE *out, const struct doctor_diagnosis *d, enum doctor_found state,
                           const char *heading)
{
    char head[256];
    int k = 0;
    for (int i = 0; i < DC_COUNT; i++) {
        const struct doctor_finding *f = &d->f[i];
        const struct doctor_cause_def *c = &doctor_causes[f->cause];
        if (f->found != state)
            continue;
        if (k++ == 0)
            fprintf(out, "%s\n", heading);
        if (state == DF_UNKNOWN || state == DF_NOT_FOUND) {
            snprintf(head, sizeof(head), "  - %s:", c->title);
            line(out, head, f->evidence);
            continue;
        }
        if (state == DF_CAUSE && !isnan(f->cost_pct))
            fprintf(out, "  %d. %s (costs %.1f%%)\n", k, c->title, f->cost_pct);
        else if (state == DF_CAUSE && f->score > 0)
            fprintf(out, "  %d. %s (cost unknown; %.1f%% under the floor left unexplained)\n", k,
                    c->title, f->score);
        else if (state == DF_CAUSE)
            fprintf(out, "  %d. %s (cost unknown; %s)\n", k, c->title,
                    d->shortfall_pct[c->scope] > 0 ? "the costed causes explain the shortfall"
                                                   : "what it acts on reaches its floor");
        else
            fprintf(out, "  - %s\n", c->title);
        line(out, "     evidence:", f->evidence);
        line(out, "     do:", c->advice);
    }
}

/* The last line for g: its verdict in words. */
static void print_verdict(FILE *out, const char *host, const struct doctor_gpu *g,
                          const struct doctor_diagnosis *d)
{
    fprintf(out, "pinsweep doctor: %s GPU %d (%s): %s", host, g->index, g->bus_id,
            doctor_verdict_word(d->verdict));
    if (d->verdict == DV_CAUSES) {
        fprintf(out, ": %d; the most likely: %s", d->ncauses, doctor_causes[d->f[0].cause].title);
    } else if (d->verdict == DV_HEALTHY) {
        fprintf(out,
                ": pinned h2d %.1f%%, d2h %.1f%%, bidir %.1f%% of the link's practical "
                "ceiling; nothing found",
                d->r[DR_H2D].share_pct, d->r[DR_D2H].share_pct, d->r[DR_BIDIR].share_pct);
    } else if (d->verdict == DV_NOT_JUDGED) {
        fprintf(out, ": no PCIe link to judge the pinned readings by; no cause found");
    } else {
        fprintf(out,
                ": a reading fell short, and none of the %d causes doctor looks for was "
                "found",
                DC_COUNT);
    }
    fprintf(out, "%s\n", d->nnotes ? " (and notes)" : "");
}

/* g and its diagnosis d for people. */
static void print_gpu(FILE *out, const char *host, const struct doctor_gpu *g,
                      const struct doctor_diagnosis *d)
{
    fprintf(out, "pinsweep doctor: %s GPU %d (%s), ", host, g->index, g->bus_id);
    termsafe_fputs(g->name, out);
    fprintf(out, ", measured in %.1f s\n", g->seconds);
    print_link(out, g, d);
    fprintf(out, "%-20s%9s   %-17s  %5s  %s\n", "reading", "GB/s", "of ceiling", "floor",
            "verdict");
    for (int i = 0; i < DR_COUNT; i++)
        print_reading(out, g, d, i);
    print_nodes(out, &g->e);
    print_findings(out, d, DF_CAUSE, "causes, most likely first:");
    print_findings(out, d, DF_NOTE, "notes (found, but what they act on reaches its floor):");
    print_findings(out, d, DF_UNKNOWN, "not known:");
    print_findings(out, d, DF_NOT_FOUND, "looked for, not found:");
    print_verdict(out, host, g, d);
}

/* A reading as JSON. */
static void json_reading(FILE *out, const struct doctor_gpu *g, const struct doctor_diagnosis *d,
                         int i)
{
    static const char *const states[] = {"ok", "below", "not measured", "not judged"};
    const struct doctor_judged *j = &d->r[i];
    fprintf(out, "{\"name\": \"%s\", \"gbps\": ", doctor_readings[i].name);
    json_number(out, g->e.gbps[i]);
    fprintf(out, ", \"ceiling\": ");
    json_number(out, j->ceiling);
    fprintf(out, ", \"share_pct\": ");
    json_number(out, j->share_pct);
    fprintf(out, ", \"floor_pct\": ");
    json_number(out, 100 * j->floor_share);
    fprintf(out, ", \"verdict\": \"%s\", \"why\": ", states[j->state]);
    json_string(out, j->state == DJ_NOT_MEASURED ? g->e.why[i]
                     : j->not_judged             ? j->not_judged
                                                 : "");
    fprintf(out, "}");
}

/* The link as JSON: the model (null without a link), current and maximum. */
static void json_link(FILE *out, const struct doctor_gpu *g, const struct doctor_diagnosis *d)
{
    const struct pcie_link *l = &g->e.link;
    fprintf(out, "\"link\": {\"model\": ");
    if (d->link_known) {
        fprintf(out,
                "{\"generation\": %d, \"width\": %d, \"mps_bytes\": %d, \"mrrs_bytes\": %d, "
                "\"sizes\": \"%s\", \"raw_gbps\": ",
                d->model.gen, d->model.width, d->model.mps_bytes, d->model.mrrs_bytes,
                d->model.sizes_read ? "read" : "assumed");
        json_number(out, d->model.raw_gbps);
        fprintf(out, "}");
    } else {
        fprintf(out, "null");
    }
    fprintf(out, ", \"current\": {\"generation\": %d, \"width\": %d}", l->cur_gen, l->cur_width);
    fprintf(out, ", \"max\": {\"generation\": %d, \"width\": %d}}", l->max_gen, l->max_width);
}

/* Every finding as JSON, ranked: causes numbered from 1, the rest with rank null. */
static void json_findings(FILE *out, const struct doctor_diagnosis *d)
{
    fprintf(out, "\"findings\": [");
    for (int i = 0; i < DC_COUNT; i++) {
        const struct doctor_finding *f = &d->f[i];
        const struct doctor_cause_def *c = &doctor_causes[f->cause];
        fprintf(out, "%s\n    {\"rank\": ", i ? "," : "");
        if (f->found == DF_CAUSE)
            fprintf(out, "%d", i + 1);
        else
            fprintf(out, "null");
        fprintf(out, ", \"id\": \"%s\", \"title\": ", c->id);
        json_string(out, c->title);
        fprintf(out, ", \"state\": \"%s\", \"readings\": \"%s\", \"score\": ",
                doctor_found_word(f->found), c->scope == DS_PINNED ? "pinned" : "pageable");
        json_number(out, f->found == DF_CAUSE ? f->score : NAN);
        fprintf(out, ", \"cost_pct\": ");
        json_number(out, f->cost_pct);
        fprintf(out, ", \"evidence\": ");
        json_string(out, f->evidence);
        fprintf(out, ", \"do\": ");
        json_string(out, c->advice);
        fprintf(out, "}");
    }
    fprintf(out, "]");
}

/* One GPU as JSON. */
static void json_gpu(FILE *out, const struct doctor_gpu *g, const struct doctor_diagnosis *d)
{
    const struct doctor_evidence *e = &g->e;
    fprintf(out, "\n  {\"index\": %d, \"bus_id\": ", g->index);
    json_string(out, g->bus_id);
    fprintf(out, ", \"name\": ");
    json_string(out, g->name);
    fprintf(out, ", \"seconds\": ");
    json_number(out, g->seconds);
    fprintf(out, ", \"verdict\": \"%s\", ", doctor_verdict_word(d->verdict));
    json_link(out, g, d);
    fprintf(out, ",\n   \"readings\": [");
    for (int i = 0; i < DR_COUNT; i++) {
        fprintf(out, "%s", i ? ", " : "");
        json_reading(out, g, d, i);
    }
    fprintf(out, "],\n   \"gpu_node\": %d, \"nodes\": [", e->gpu_node);
    for (int i = 0; e->nnodes > 1 && i < e->nnodes && i < DOCTOR_MAX_NODES; i++) {
        fprintf(out, "%s{\"node\": %d, \"gbps\": ", i ? ", " : "", e->node[i]);
        json_number(out, e->node_gbps[i]);
        fprintf(out, ", \"why\": ");
        json_string(out, isnan(e->node_gbps[i]) ? e->node_why[i] : "");
        fprintf(out, "}");
    }
    fprintf(out, "],\n   ");
    json_findings(out, d);
    fprintf(out, "}");
}

/* The node's verdict: causes, else unexplained, else not judged, else healthy, of any GPU. */
static enum doctor_verdict node_verdict(const struct doctor_diagnosis *d, size_t n)
{
    static const enum doctor_verdict worst_first[] = {DV_CAUSES, DV_UNEXPLAINED, DV_NOT_JUDGED};
    for (size_t w = 0; w < sizeof(worst_first) / sizeof(worst_first[0]); w++)
        for (size_t k = 0; k < n; k++)
            if (d[k].verdict == worst_first[w])
                return worst_first[w];
    return DV_HEALTHY;
}

static int write_json(FILE *out, const char *host, const struct doctor_gpu *g,
                      const struct doctor_diagnosis *d, size_t n)
{
    fprintf(out, "{\"host\": ");
    json_string(out, host);
    fprintf(out, ", \"verdict\": \"%s\", \"gpus\": [", doctor_verdict_word(node_verdict(d, n)));
    for (size_t k = 0; k < n; k++) {
        fprintf(out, "%s", k ? "," : "");
        json_gpu(out, &g[k], &d[k]);
    }
    fprintf(out, "\n]}\n");
    return ferror(out) ? -1 : 0;
}

/* The JSON to path ("-": stdout), through path.tmp, renamed; 0 or -1 (said on stderr). */
static int json_file(const char *path, const char *host, const struct doctor_gpu *g,
                     const struct doctor_diagnosis *d, size_t n)
{
    char err[1024];
    if (strcmp(path, "-") == 0)
        return write_json(stdout, host, g, d, n);
    struct outfile *o = outfile_replace(path, err, sizeof(err));
    if (!o) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return -1;
    }
    write_json(o->f, host, g, d, n);
    if (outfile_close(o, err, sizeof(err)) < 0) {
        fprintf(stderr, "pinsweep: %s\n", err);
        return -1;
    }
    return 0;
}

int doctor_node(const struct doctor_opts *o)
{
    const struct gpu_ops *ops;
    struct doctor_gpu *g = NULL;
    struct doctor_diagnosis *d = NULL;
    struct host_info h;
    size_t n = 0;
    char err[1024];
    int code = EXIT_USAGE, bad_device, lock = -1;
    FILE *text = o->json_path && strcmp(o->json_path, "-") == 0 ? stderr : stdout;
    if (!(ops = engine_find(o->engine, err, sizeof(err)))) {
        fprintf(stderr, "pinsweep: PINSWEEP_ENGINE=%s\n", err);
        goto out;
    }
    if ((lock = check_lock_take("doctor")) == -2) {
        code = EXIT_BUSY;
        goto out;
    }
    code = EXIT_SYSTEM;
    if (doctor_measure(ops, o->device, &g, &n, &bad_device, err, sizeof(err)) < 0) {
        if (bad_device >= 0)
            fprintf(stderr, "pinsweep: doctor: GPU %d: %s\n", bad_device, err);
        else
            fprintf(stderr, "pinsweep: doctor: out of memory, or its configurations could not "
                            "be set up\n");
        goto out;
    }
    if (!(d = calloc(n, sizeof(*d))))
        goto out;
    sysinfo_host(&h);
    for (size_t k = 0; k < n; k++) {
        doctor_diagnose(&g[k].e, &d[k]);
        if (k)
            fputc('\n', text);
        print_gpu(text, h.hostname, &g[k], &d[k]);
    }
    if (o->json_path && json_file(o->json_path, h.hostname, g, d, n) < 0)
        goto out;
    enum doctor_verdict v = node_verdict(d, n);
    code = v == DV_CAUSES || v == DV_UNEXPLAINED ? 1 : EXIT_ALL_OK;
out:
    if (lock >= 0)
        close(lock);
    free(g);
    free(d);
    return code;
}
