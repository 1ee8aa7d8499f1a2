/*
 * doctor.h - `pinsweep doctor`: measures each GPU's link and ranks the
 * likely causes of what falls short, each with its evidence and what to do.
 */
#ifndef PINSWEEP_CLI_DOCTOR_H
#define PINSWEEP_CLI_DOCTOR_H

/* What doctor was asked to do. */
struct doctor_opts {
    const char *engine;    /* its name (PINSWEEP_ENGINE); NULL or "": cuda */
    int device;            /* -1: every GPU the engine shows */
    const char *json_path; /* --json FILE, or NULL ("-": stdout, the text then on stderr) */
};

/*
 * Measure each GPU (run/doctor.h), diagnose it (analysis/doctor.h) and
 * print the readings and the causes, ranked, on stdout.  Returns 0 when no
 * cause was found and every reading judged reached its floor (healthy, or
 * nothing to judge the pinned readings by), 1 when causes were found or a
 * reading fell short unexplained, 3 with no usable GPU or a file not
 * written.
 */
int doctor_node(const struct doctor_opts *o);

#endif
