/*
 * meta.h - meta.yaml: everything needed to reproduce a results folder, as
 * a run writes it.  Reading it back is meta_doc.h's (included here for a
 * run that resumes); readers include meta_doc.h alone, as this header
 * needs the engine's and the host's types.
 *
 * Written with libyaml's emitter when a run starts (status: running) and
 * again when it ends, each time to a temporary file renamed over the old one
 * (outdir.h), so the file on disk is always whole and a symbolic link in
 * its place is replaced, never followed.  When the disk is too full for the
 * temporary file, the old meta.yaml is rewritten in the blocks it holds,
 * if the new text fits in them: a run that fails for want of space still
 * says why.
 */
#ifndef PINSWEEP_META_H
#define PINSWEEP_META_H

#include "experiment/experiment.h"
#include "engine/gpu.h"
#include "engine/nvml.h"
#include "host/sysinfo.h"
#include "host/hoststate.h"
#include "host/topology.h"
#include "record/drift.h"
#include "record/result.h"
#include "results/meta_doc.h"

#include <stddef.h>
#include <time.h>

/* One GPU of the run, as meta.yaml's topology section describes it. */
struct meta_gpu {
    const struct gpu_info *info;
    const struct pcie_link *link;
    int numa_node; /* -1 unknown */
    struct pcie_path path;
    struct nvml_nvlink nvlink;
};

/*
 * The batch job a run is part of, as the environment says (meta.yaml's job:
 * section, each key only when its variable is set): the Slurm job, the
 * array job and task a shard ran as, and the GPUs the job was given.
 */
enum meta_job_key {
    META_JOB_SLURM_JOB_ID,
    META_JOB_SLURM_ARRAY_JOB_ID,
    META_JOB_SLURM_ARRAY_TASK_ID,
    META_JOB_CUDA_VISIBLE_DEVICES,
    META_JOB_KEYS
};
/* Each key's environment variable (SLURM_JOB_ID, ...) and its name under job: (slurm_job_id, ...).
 */
extern const char *const meta_job_env[META_JOB_KEYS], *const meta_job_names[META_JOB_KEYS];

struct meta {
    const struct experiment *exp;
    const struct gpu_info *gpu; /* NULL before the GPU was opened */
    const struct host_info *host;
    const struct pcie_link *link;
    const char *engine;       /* "cuda" or "fake" */
    const char *command_line; /* as typed, shell-quoted */
    const char *status;       /* running, complete, interrupted, failed */
    const char *reason;       /* why it failed ("cannot write PATH: why"), or NULL */
    time_t started, finished; /* finished: 0 while running */
    const char *started_text; /* a resumed run: when the first part started (meta_iso_time) */
    time_t resumed;           /* a resumed run: when this part started, else 0 */
    size_t configs, ok, failed, skipped;
    size_t host_buffers_reused; /* reused host buffers handed on instead of allocated again */
    /* Where the run's time went, ms, host clock (written once the run ends): measuring
       configurations, of which each phase; reading the sentinel; writing rows. */
    double measuring_ms, phase_ms[RUN_PHASE_COUNT], sentinel_ms, writing_ms;
    const char *nvml_unavailable;         /* the reason, or NULL when NVML answered */
    struct nvml_state gpu_start, gpu_end; /* gpu_end.valid is 0 until the run ends */
    struct cpu_times cpu_start, cpu_end;  /* the host's CPU load over the run */
    int gpu_numa_node;                    /* from sysfs; -1 unknown */
    const struct meta_gpu *topology;      /* every GPU of the run; NULL: not read */
    int ngpus;
    int numa_nodes; /* the host's NUMA nodes */
    /* The drift watch (run/sentinel.h): what it read, NULL when off; the analysis at the end
       (NULL while running) and every configuration's span in each round, to name those measured
       in an off window. */
    const char *drift_sentinel;
    const struct drift *drift;
    const struct drift_span *drift_spans;
    const struct drift_repair *repair; /* NULL: no repair was judged */
    size_t drift_nspans;
    struct host_state host_start, host_end; /* .valid 0: not read */
    int shard_index, shard_count;           /* run --shard I/N; 0: the whole sweep */
    const char *job[META_JOB_KEYS];         /* by enum meta_job_key; NULL: not set */
};

/* m->job from the environment (meta_job_env): each variable's value, NULL where unset. */
void meta_job_from_env(struct meta *m);

/* Write m to path.  Returns 0, or -1 with "cannot write PATH: why" in err (errno kept). */
int meta_write(const char *path, const struct meta *m, char *err, size_t errlen);

/* "2026-11-29T14:36:01Z" into buf (UTC). Returns buf. */
char *meta_iso_time(time_t t, char *buf, size_t n);

#endif
