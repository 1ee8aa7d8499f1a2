/*
 * options.h - the command line's commands and options, declared once.
 *
 * One table of options (options.c) and one of commands (main.c, beside their
 * handlers): each command names the options it takes.  From them come the
 * parsing (an option a command does not take is an error), `pinsweep help`,
 * `pinsweep CMD --help` and the "did you mean" hint for a mistyped command.
 */
#ifndef PINSWEEP_OPTIONS_H
#define PINSWEEP_OPTIONS_H

#include "run/progress.h"

#include <stddef.h>
#include <stdio.h>

/* The options, in the order `pinsweep help` lists them. */
enum option_id {
    OPT_OUTPUT,
    OPT_DEVICE,
    OPT_NO_PLOT,
    OPT_PROGRESS,
    OPT_MAX_CONFIGS,
    OPT_RESUME,
    OPT_MAX_PINNED,
    OPT_MAX_FILE_SIZE,
    OPT_LABEL,
    OPT_LATEX,
    OPT_PAPER,
    OPT_MARKDOWN,
    OPT_SHARD,
    OPT_DIFFERENT_MACHINES,
    OPT_EXPECT,
    OPT_JSON,
    OPT_PROM,
    OPT_COUNT
};

/* A command's set of options: OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_LATEX). */
#define OPT_BIT(id) (1u << (id))

struct option_def {
    const char *name;       /* the long name, without "--" */
    char short_name;        /* 'o' for -o, or 0 */
    const char *value_name; /* what it takes, "DIR"; NULL for a flag */
    const char *help;       /* '\n' between lines, which usage indents */
};

extern const struct option_def options_table[OPT_COUNT];

/* What the options said, for the command's handler. */
struct cli {
    const char *out_dir;
    int device; /* -1: as the experiment says */
    int plot;
    enum progress_mode progress;
    size_t max_configs;
    int markdown;
    int choose_seed;        /* run: pick a seed for order: shuffled when the file gives none */
    int latex;              /* plot, run, compare: cairolatex figures too */
    int paper;              /* plot, compare, report: figures for a paper (--latex implies it) */
    const char *max_pinned; /* plan, run: --max-pinned, overriding limits.max_pinned */
    size_t max_file_bytes;  /* plan, run: the largest experiment file read */
    const char *resume_dir; /* run: --resume DIR */
    const char *labels[64]; /* compare, report: --label NAME=DIR, as given */
    int nlabels;
    int shard_index, shard_count; /* plan, run: --shard I/N; 0: the whole sweep */
    int different_machines;       /* merge: shards of different machines are the point */
    const char *expects[16];      /* check: --expect SRC, as given */
    int nexpects;
    const char *json_path; /* check, fleet: --json FILE */
    const char *prom_path; /* check: --prom FILE */
    int argc;              /* the whole command line, for meta.yaml */
    char **argv;
};

struct command {
    const char *name;
    const char *args;    /* its operands as usage writes them ("DIR DIR..."), "" for none */
    const char *summary; /* what it does; '\n' between lines */
    unsigned options;    /* OPT_BIT()s of the options it takes */
    /* Do it with the operands argv[0..argc-1]; returns an exit code (run.h). */
    int (*handler)(int argc, char **argv, struct cli *c);
};

/* options_parse()'s answer when -h or --help was given. */
#define OPTIONS_HELP (-2)

/*
 * Parse argv[1..argc-1] (argv[0] is the command's name) into c, taking only
 * the options cmd takes; operands may come before, among or after them.
 * Returns the index in argv of the first operand, OPTIONS_HELP, or -1 after
 * printing the usage error.
 */
int options_parse(const struct command *cmd, int argc, char **argv, struct cli *c);

/* The command called name in cmds[0..n-1], or NULL. */
const struct command *options_find_command(const struct command *cmds, size_t n, const char *name);

/*
 * Report an unknown command on stderr, with "did you mean" when one is
 * close, the commands there are, and where to read more.
 */
void options_unknown_command(const struct command *cmds, size_t n, const char *name);

/*
 * Report a usage error on stderr: "pinsweep: " fmt (with arg), then where
 * to read the usage.
 */
void options_usage_error(const char *fmt, const char *arg);

/* The overall usage: commands, options and exit codes. */
void options_print_usage(FILE *out, const struct command *cmds, size_t n);

/* One command's usage: its synopsis, what it does and only its options. */
void options_print_command(FILE *out, const struct command *cmd);

#endif
